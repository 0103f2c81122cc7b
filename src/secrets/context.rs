//! Where a generic credential-shaped value sits: in a documented example
//! (an OpenAPI `example:` block, a fenced block under an "Examples"
//! heading), where a vendor's reference prints sample responses. Such a
//! value is not certain to be a credential, so its finding is a warning;
//! a value in a vendor's own token format stays certain wherever it is.

use super::formats::{Form, PATTERNS};

/// Keys whose value is an example (OpenAPI, JSON Schema, AsyncAPI).
const EXAMPLE_KEYS: &[&str] = &["example", "examples", "x-example", "x-examples"];

/// Words of a heading over a section of examples.
const EXAMPLE_HEADINGS: &[&str] = &["example", "sample", "示例", "样例", "範例", "サンプル"];

/// How far back the enclosing block or heading is looked for, in lines:
/// the scan stays linear in the text however many values a file holds.
const LOOKBACK: usize = 400;

/// Whether `kind` is a generic form (a `name = value` assignment, a
/// password in a URL or command): one a vendor's format does not vouch for.
pub fn is_generic(kind: &str) -> bool {
    PATTERNS
        .iter()
        .find(|p| p.kind == kind)
        .is_some_and(|p| matches!(p.form, Form::Assignment | Form::Password))
}

/// Where the value at `offset` is a documented example, said for the
/// reader: "an `example:` block", "a fenced block under `## Examples`".
pub fn documented_example(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[..line_start];
    let indent = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let mut least = indent(&text[line_start..line_end]);
    let mut fences = 0usize;
    let mut yaml_open = true;
    for line in before.lines().rev().take(LOOKBACK) {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fences += 1;
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        // An enclosing YAML key: each line less indented than all below it.
        if yaml_open && indent(line) < least {
            least = indent(line);
            let key = trimmed.trim_start_matches("- ");
            let key = key
                .split(':')
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches(['"', '\'']);
            if EXAMPLE_KEYS.contains(&key.to_ascii_lowercase().as_str()) {
                return Some(format!("an `{key}:` block"));
            }
            if least == 0 {
                yaml_open = false;
            }
        }
        // The nearest heading, for a value inside a fenced block (an odd
        // number of fence lines between them).
        if let Some(heading) = trimmed.strip_prefix('#') {
            if indent(line) == 0 {
                let words = heading.trim_start_matches('#').trim();
                let lower = words.to_lowercase();
                if fences % 2 == 1 && EXAMPLE_HEADINGS.iter().any(|w| lower.contains(w)) {
                    return Some(format!("a fenced block under `{}`", line.trim()));
                }
                return None;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, needle: &str) -> Option<String> {
        documented_example(text, text.find(needle).unwrap())
    }

    #[test]
    fn an_openapi_example_block() {
        let yaml = "components:\n  schemas:\n    Token:\n      properties:\n        access_token:\n          type: string\n      example:\n        access_token: VALUE\n";
        assert_eq!(at(yaml, "VALUE").as_deref(), Some("an `example:` block"));
        let named = "examples:\n  OAuthToken:\n    value:\n      access_token: VALUE\n";
        assert_eq!(at(named, "VALUE").as_deref(), Some("an `examples:` block"));
        // A sibling key's example says nothing of this value.
        let sibling = "example:\n  a: b\nconfig:\n  token: VALUE\n";
        assert_eq!(at(sibling, "VALUE"), None);
    }

    #[test]
    fn a_fenced_block_under_an_examples_heading() {
        let md = "# Create token\n\n## Examples\n\nResponse:\n\n```json\n{\n  \"accessToken\": \"VALUE\"\n}\n```\n";
        assert_eq!(
            at(md, "VALUE").as_deref(),
            Some("a fenced block under `## Examples`")
        );
        let zh = "## 示例\n\n```json\n{\"Token\": \"VALUE\"}\n```\n";
        assert!(at(zh, "VALUE").is_some());
        // Prose under the heading, or a block under another heading: no.
        assert_eq!(at("## Examples\n\nSet token: VALUE\n", "VALUE"), None);
        let other = "## Examples\n\n```\nx\n```\n\n## Setup\n\n```\ntoken: VALUE\n```\n";
        assert_eq!(at(other, "VALUE"), None);
    }

    #[test]
    fn only_generic_forms() {
        assert!(is_generic("password assignment"));
        assert!(is_generic("password in URL"));
        assert!(!is_generic("Hugging Face token"));
        assert!(!is_generic("no such kind"));
    }
}

//! Where a generic credential-shaped value sits: in a documented example
//! (an OpenAPI `example:` block, a fenced block under an "Examples"
//! heading), where a vendor's reference prints sample responses, or in a
//! document's code block of data or code (a JSON response, a config file,
//! a test), where a guide shows what such a file holds. Such a value is not
//! certain to be a credential, so its finding is a warning; a value in a
//! vendor's own token format stays certain wherever it is, and so does a
//! value in a shell block, a command the reader runs with it.

use super::formats::{Form, PATTERNS};

/// Keys whose value is an example (OpenAPI, JSON Schema, AsyncAPI).
const EXAMPLE_KEYS: &[&str] = &["example", "examples", "x-example", "x-examples"];

/// Words of a heading over a section of examples.
const EXAMPLE_HEADINGS: &[&str] = &["example", "sample", "示例", "样例", "範例", "サンプル"];

/// Languages of a code block that is a command to run (or the environment
/// it runs in): a value there is set up for use, not shown as a sample.
const COMMAND_LANGUAGES: &[&str] = &[
    "sh",
    "bash",
    "shell",
    "zsh",
    "fish",
    "ksh",
    "console",
    "terminal",
    "shell-session",
    "powershell",
    "pwsh",
    "ps",
    "ps1",
    "cmd",
    "bat",
    "batch",
    "env",
    "dotenv",
];

/// What a text is, for where its examples are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    /// A document beside the skill's entry file (a Markdown reference or
    /// guide): its code blocks of data or code are samples.
    Document,
    /// Anything else: a skill's `SKILL.md`, which the agent follows, a
    /// script, a config file or a profile.
    Other,
}

/// Whether `kind` is a generic form (a `name = value` assignment, a
/// password in a URL or command, an `Authorization:` header's value): one
/// no vendor's format or name vouches for.
pub fn is_generic(kind: &str) -> bool {
    PATTERNS.iter().find(|p| p.kind == kind).is_some_and(|p| {
        matches!(p.form, Form::Assignment | Form::Password)
            || (p.form == Form::Keyed && p.names.is_empty())
    })
}

/// The documented examples of a text, found in one pass over its lines:
/// the lines inside a YAML key of `EXAMPLE_KEYS`, under a Markdown
/// heading of `EXAMPLE_HEADINGS` the lines of fenced blocks and the
/// quoted-key lines of a listing (`"accessToken": "…"`), and in a
/// [`Text::Document`] the lines of a fenced block whose language is named
/// and not one of a command (`json`, `toml`, `ts`; not `bash`).
#[derive(Debug, Default)]
pub struct Examples {
    /// Line ranges (byte offsets), in order, each with the index of where
    /// it is in `places`.
    lines: Vec<(std::ops::Range<usize>, usize)>,
    places: Vec<String>,
}

impl Examples {
    pub fn of(text: &str, kind: Text) -> Examples {
        let indent = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
        let mut lines = Vec::new();
        let mut places: Vec<String> = Vec::new();
        // Open YAML example keys: (indent, index of the place). Each place
        // is written once, when its key or heading opens.
        let mut keys: Vec<(usize, usize)> = Vec::new();
        // Open Markdown headings: (level, the place if it is over examples).
        let mut headings: Vec<(usize, Option<usize>)> = Vec::new();
        let mut fenced = false;
        // Inside a document's fenced block of data or code: where it is
        // in `places`, written once per file.
        let mut sample_block: Option<usize> = None;
        let mut sample_place: Option<usize> = None;
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            let range = at..at + line.len();
            at += line.len();
            let line = line.trim_end_matches(['\n', '\r']);
            let trimmed = line.trim_start_matches([' ', '\t']);
            if trimmed.is_empty() {
                continue;
            }
            let fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
            let level = trimmed.bytes().take_while(|b| *b == b'#').count();
            if !fenced && indent(line) == 0 && (1..=6).contains(&level) {
                // Judged once, as it opens: each line below asks the open
                // headings (at most six) only whether they are examples.
                let lower = line.to_lowercase();
                let example = EXAMPLE_HEADINGS.iter().any(|w| lower.contains(w));
                headings.retain(|(l, _)| *l < level);
                let place = example.then(|| {
                    places.push(format!("an example under `{}`", line.trim()));
                    places.len() - 1
                });
                headings.push((level, place));
            }
            let i = indent(line);
            keys.retain(|(k, _)| *k < i);
            let example_heading = headings.iter().rev().find_map(|(_, h)| *h);
            if let Some((_, key)) = keys.last() {
                lines.push((range, *key));
            } else if let Some(heading) = example_heading {
                if (fenced && !fence) || (trimmed.starts_with('"') && trimmed.contains("\":")) {
                    lines.push((range, heading));
                }
            } else if let (Some(place), false) = (sample_block, fence) {
                lines.push((range, place));
            }
            if fence {
                fenced = !fenced;
                sample_block = None;
                if fenced && kind == Text::Document {
                    let language = trimmed
                        .trim_start_matches(['`', '~'])
                        .split(|c: char| c.is_whitespace() || c == '{' || c == ',')
                        .next()
                        .unwrap_or("")
                        .to_ascii_lowercase();
                    if !language.is_empty() && !COMMAND_LANGUAGES.contains(&language.as_str()) {
                        let place = *sample_place.get_or_insert_with(|| {
                            places.push("a code block of a document".to_string());
                            places.len() - 1
                        });
                        sample_block = Some(place);
                    }
                }
            }
            let key = trimmed.trim_start_matches("- ");
            if let Some((key, rest)) = key.split_once(':') {
                let key = key.trim().trim_matches(['"', '\'']);
                if rest.trim().is_empty()
                    && EXAMPLE_KEYS.contains(&key.to_ascii_lowercase().as_str())
                {
                    places.push(format!("an `{key}:` block"));
                    keys.push((i, places.len() - 1));
                }
            }
        }
        Examples { lines, places }
    }

    /// Where the value at `offset` is a documented example, said for the
    /// reader ("an `example:` block", "an example under `## Examples`").
    pub fn place(&self, offset: usize) -> Option<&str> {
        let i = self.lines.partition_point(|(r, _)| r.end <= offset);
        self.lines
            .get(i)
            .filter(|(r, _)| r.start <= offset)
            .map(|(_, i)| self.places[*i].as_str())
    }
}

/// [`Examples::place`] for one value.
#[cfg(test)]
fn documented_example(text: &str, offset: usize) -> Option<String> {
    Examples::of(text, Text::Other)
        .place(offset)
        .map(str::to_string)
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
        // Far below the key, past many entries.
        let far = format!(
            "examples:\n{}  Last:\n    value:\n      token: VALUE\n",
            "  Entry:\n    value:\n      a: b\n".repeat(500)
        );
        assert!(at(&far, "VALUE").is_some());
        // A sibling key's example says nothing of this value.
        let sibling = "example:\n  a: b\nconfig:\n  token: VALUE\n";
        assert_eq!(at(sibling, "VALUE"), None);
    }

    #[test]
    fn a_fenced_block_under_an_examples_heading() {
        let md = "# Create token\n\n## Examples\n\nResponse:\n\n```json\n{\n  \"accessToken\": \"VALUE\"\n}\n```\n";
        assert_eq!(
            at(md, "VALUE").as_deref(),
            Some("an example under `## Examples`")
        );
        let zh = "## 示例\n\n```json\n{\"Token\": \"VALUE\"}\n```\n";
        assert!(at(zh, "VALUE").is_some());
        // Prose under the heading, or a block under another heading: no.
        assert_eq!(at("## Examples\n\nSet token: VALUE\n", "VALUE"), None);
        // A listing in a list item, under a sub-heading of the examples.
        let listed = "## Examples\n\n### Get the shop\n\n  ```json\n  {\n    \"accessToken\": \"VALUE\"\n  }\n  ```\n";
        assert_eq!(
            at(listed, "VALUE").as_deref(),
            Some("an example under `## Examples`")
        );
        let other = "## Examples\n\n```\nx\n```\n\n## Setup\n\n```\ntoken: VALUE\n```\n";
        assert_eq!(at(other, "VALUE"), None);
    }

    #[test]
    fn a_documents_code_block_of_data_or_code() {
        let doc = |text: &str| {
            Examples::of(text, Text::Document)
                .place(text.find("VALUE").unwrap())
                .map(str::to_string)
        };
        // A config file, a test, a response: samples, under any heading.
        let toml = "## Authentication\n\nTokens are kept in `credentials.toml`:\n\n```toml\n[registries.my]\ntoken = \"VALUE\"\n```\n";
        assert_eq!(doc(toml).as_deref(), Some("a code block of a document"));
        assert!(doc("```ts\nconst plainPassword = 'VALUE';\n```\n").is_some());
        assert!(
            doc("  ```json {title=\"response\"}\n  {\"password\": \"VALUE\"}\n  ```\n").is_some()
        );
        // A command to run, or a block without a language: set up for use.
        assert_eq!(
            doc("## Setup\n\n```bash\nexport SHOP_PASSWORD=VALUE\n```\n"),
            None
        );
        assert_eq!(doc("```PowerShell\n$env:TOKEN = \"VALUE\"\n```\n"), None);
        assert_eq!(doc("```\ntoken: VALUE\n```\n"), None);
        // Prose, and the text after a block has closed.
        assert_eq!(doc("```json\n{}\n```\n\ntoken: VALUE\n"), None);
        // The same blocks in a skill's entry file or a script: not samples.
        let other = Examples::of(toml, Text::Other);
        assert_eq!(other.place(toml.find("VALUE").unwrap()), None);
    }

    #[test]
    fn only_generic_forms() {
        assert!(is_generic("credential assignment"));
        assert!(is_generic("password in URL"));
        assert!(is_generic("HTTP authorization header"));
        assert!(!is_generic("Hugging Face token"));
        assert!(!is_generic("no such kind"));
    }
}

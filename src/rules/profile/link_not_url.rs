//! `profile/link-not-url`.

use super::context::{quote, EntryLabel, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::{non_empty_str, EntryKind};

declare_rule! {
    /// evidence of kind `link` whose ref is not an http(s) URL
    ///
    /// ## What it does
    /// Checks that evidence of kind `link` has a ref that is an http:// or https:// URL.
    ///
    /// ## Why
    /// A link is something a reviewer can open; other record identifiers belong to kinds `artifact`, `test` or `log`.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"kind": "link", "ref": "reviews/41"}
    /// ```
    /// Good:
    /// ```json
    /// {"kind": "link", "ref": "https://example.org/reviews/41"}
    /// ```
    ///
    /// ## Fix
    /// Use a full URL, or change the kind.
    pub static RULE = "profile/link-not-url", Warning;
}

/// The `ref` of each evidence object of kind `link`.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for kind in EntryKind::ALL {
            for entry in kind.entries(cx.root) {
                for e in entry.evidence() {
                    if e.get("kind").and_then(|k| k.value.as_str()) != Some("link") {
                        continue;
                    }
                    let Some(r) = e.get("ref") else {
                        continue;
                    };
                    let Some(reference) = non_empty_str(&r.value) else {
                        continue;
                    };
                    if !is_http_url(reference) {
                        let label = EntryLabel::of(&entry);
                        let d = cx
                            .diag(&RULE, format!("{label}: evidence of kind `link` should be an http(s) URL, found {}", quote(reference)))
                            .at(r.value.span)
                            .label("not an http(s) URL")
                            .help("use a full URL, or the kind `artifact`, `test` or `log` for other identifiers");
                        out.push(d);
                    }
                }
            }
        }
    }
}

fn is_http_url(s: &str) -> bool {
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"));
    matches!(rest, Some(r) if r.split(['/', '?', '#']).next().is_some_and(|host| !host.is_empty() && !host.contains(char::is_whitespace)))
        && !s.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;

    #[test]
    fn a_link_without_a_scheme() {
        let text = OK.replace("https://x.org/1", "x.org/1");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "tool `browser`: evidence of kind `link` should be an http(s) URL, found `x.org/1`"
        );
        assert_eq!(span_text(&text, &ds[0]), "\"x.org/1\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn urls() {
        assert!(is_http_url("https://x.org/1"));
        assert!(is_http_url("http://x.org?q"));
        assert!(!is_http_url("https:///path"));
        assert!(!is_http_url("https://x.org/a b"));
        assert_eq!(run(OK), vec![]);
    }
}

//! `profile/invalid-json`.

use super::context::ProfileRule;
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::json::Value;
use crate::model::profile::{self, ParseFailure};
use crate::source::SourceFile;

declare_rule! {
    /// not valid JSON (span at the parser's position)
    ///
    /// ## What it does
    /// Parses the file as strict JSON (RFC 8259): no comments, no trailing commas, no single quotes, no NaN or Infinity, UTF-8 without a byte-order mark. The finding points at the exact position where parsing stopped.
    ///
    /// ## Why
    /// A profile that does not parse cannot be routed from at all, and lenient parsers disagree on what non-standard JSON means.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"agent_id": "a", "version": "1",}
    /// ```
    /// Good:
    /// ```json
    /// {"agent_id": "a", "version": "1"}
    /// ```
    ///
    /// ## Fix
    /// Fix the syntax at the position shown.
    pub static RULE = "profile/invalid-json", Error;
}

/// The other rules need a tree, so this rule is not a check on one: the
/// engine parses each profile with [`parse`], which reports this rule's
/// finding when there is no tree.
pub struct Check;

impl ProfileRule for Check {}

/// Parses a profile source. Returns the tree (if it parsed) and the
/// `invalid-json` finding (if not).
pub fn parse(source: &SourceFile, bad_utf8: Option<usize>) -> (Option<Value>, Option<Diagnostic>) {
    match profile::parse(&source.text, bad_utf8) {
        Ok(v) => (Some(v), None),
        Err(failure) => (None, Some(finding(source, failure))),
    }
}

fn finding(source: &SourceFile, failure: ParseFailure) -> Diagnostic {
    match failure {
        // The text holds U+FFFD (three bytes) where the bad byte was.
        ParseFailure::BadUtf8(offset) => {
            Diagnostic::new(&RULE, &source.path, "the file is not valid UTF-8")
                .at(source.char_span_at(offset))
                .label("invalid byte here")
                .help("profiles must be UTF-8 encoded JSON")
        }
        ParseFailure::Empty => Diagnostic::new(&RULE, &source.path, "the file is empty")
            .help("a profile is a JSON object; see `caplint explain profile/missing-field`"),
        ParseFailure::Json(e) => Diagnostic::new(
            &RULE,
            &source.path,
            format!("invalid JSON: {}", e.message),
        )
        .at(source.char_span_at(e.offset))
        .label(e.message.clone())
        .maybe_help(e.help),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, run, source, span_text, OK};
    use super::*;

    #[test]
    fn invalid_json_points_at_position() {
        let text = "{\"a\": 1,}";
        let ds = run(text);
        assert_eq!(ds.len(), 1);
        let d = &ds[0];
        assert_eq!(d.rule, &RULE);
        assert_eq!(span_text(text, d), ",");
        assert!(d.message.starts_with("invalid JSON: "), "{}", d.message);
        insta::assert_snapshot!(human(text, ds));
    }

    #[test]
    fn empty_and_bad_utf8_files() {
        let ds = run("");
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].rule, &RULE);
        assert_eq!(ds[0].message, "the file is empty");
        assert_eq!(ds[0].span, None);
        let (value, d) = parse(&source("{\u{FFFD}}"), Some(1));
        assert!(value.is_none());
        let d = d.unwrap();
        assert_eq!(d.message, "the file is not valid UTF-8");
        assert_eq!(d.span.unwrap().offset, 1);
        assert_eq!(d.span.unwrap().length, 3);
    }

    #[test]
    fn a_good_profile_parses() {
        let (value, d) = parse(&source(OK), None);
        assert!(value.is_some());
        assert!(d.is_none());
        assert_eq!(run(OK), vec![]);
    }
}

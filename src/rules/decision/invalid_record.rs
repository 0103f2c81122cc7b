//! `decision/invalid-record`.

use super::context::{DecisionCx, DecisionRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::decision::{self, Record};
use crate::source::SourceFile;

declare_rule! {
    /// a `*.decision.json` is not valid JSON or lacks a field of a decision record (span)
    ///
    /// ## What it does
    /// Reads each routing decision record (the `decisions` globs, `**/*.decision.json` by default) as strict JSON and checks that it has every field `caplint match --record` writes: `decision`, `task`, `requirements` (`path`, `blob`), `as_of`, `assigned` (`agent_id`, `version`, `path`, `blob`, `stale`, `rows`), `compared`, `exceptions`, `excess_access` and `limits`, each of the right type.
    ///
    /// ## Why
    /// A decision recorded without a profile version cannot be audited later, because the profile will have changed. The other `decision/*` rules need every field to prove the record still matches what the profile claimed.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"decision": "routing", "task": "Route refunds", "assigned": {"agent_id": "support-agent-01"}}
    /// ```
    /// Good:
    /// ```json
    /// {"decision": "routing", "task": "Route refunds",
    ///  "requirements": {"path": "routing/refunds.requirements.json", "blob": "5d1c…"},
    ///  "as_of": "2026-10-15",
    ///  "assigned": {"agent_id": "support-agent-01", "version": "3", "path": "agents/support.profile.json",
    ///               "blob": "9a0e…", "stale": false, "rows": []},
    ///  "compared": [], "exceptions": [], "excess_access": [], "limits": []}
    /// ```
    ///
    /// ## Fix
    /// Write records with `caplint match REQUIREMENTS --record FILE --assign AGENT_ID`, never by hand.
    pub static RULE = "decision/invalid-record", Error;
}

/// Parses a record's text; the finding points at the parser's position or
/// at the value (or the object) that is wrong. Called by the engine before
/// the other rules run.
pub fn parse(source: &SourceFile) -> Result<Record, Box<Diagnostic>> {
    let root = crate::json::parse(&source.text).map_err(|e| {
        Box::new(Diagnostic::new(&RULE, &source.path, format!("not valid JSON: {}", e.message))
            .at(source.char_span_at(e.offset))
            .label("here")
            .maybe_help(e.help.clone()))
    })?;
    decision::parse(&root).map_err(|(span, message)| {
        Box::new(
            Diagnostic::new(&RULE, &source.path, message)
                .at(span)
                .label("here")
                .help("write decision records with `caplint match REQUIREMENTS --record FILE --assign AGENT_ID`"),
        )
    })
}

/// The rule has no phase of its own: the engine calls [`parse`].
pub struct Check;

impl DecisionRule for Check {
    fn record(&self, _cx: &DecisionCx<'_>, _out: &mut Vec<Diagnostic>) {}
}

#[cfg(test)]
mod tests {
    use super::super::tests::{audit, human, RECORD};
    use super::*;

    #[test]
    fn a_missing_field_and_bad_json() {
        let text = RECORD.replace("\"task\": \"Route refund tickets\",", "");
        let ds = audit(&text, None);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].rule, &RULE);
        assert_eq!(ds[0].message, "the record has no `task`");
        assert_eq!(ds[0].span.unwrap().offset, 0);
        insta::assert_snapshot!(human(&text, ds));
        let ds = audit("{\"decision\": ", None);
        assert!(ds[0].message.starts_with("not valid JSON"), "{}", ds[0].message);
    }

    #[test]
    fn a_complete_record_parses() {
        assert!(parse(&SourceFile::new("d.decision.json", RECORD)).is_ok());
    }
}

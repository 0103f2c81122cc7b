//! `history/decision-changed`.

use super::context::{DecisionChange, DecisionChangeKind, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// a committed decision record was edited or deleted (a decision is final: record a new one instead)
    ///
    /// ## What it does
    /// Compares each routing decision record (`decisions` globs) with the base: a record the base holds that the head side changes or removes is reported.
    ///
    /// ## Why
    /// A decision record is the audit trail of who was assigned what on which claims. Editing it after the fact rewrites history; deleting it loses the trail the capability-profile document asks to keep.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// decisions/refunds.decision.json edited after it was committed
    /// ```
    /// Good:
    /// ```text
    /// decisions/refunds-2026-11.decision.json added beside it
    /// ```
    ///
    /// ## Fix
    /// Restore the committed record (`git checkout BASE -- PATH`) and record the new decision in a new file with `caplint match --record`.
    pub static RULE = "history/decision-changed", Error;
}

/// An edited or deleted record.
pub struct Check;

impl HistoryRule for Check {
    fn decision(&self, d: &DecisionChange<'_>, out: &mut Vec<Diagnostic>) {
        let verb = match d.kind {
            DecisionChangeKind::Edited => "was edited",
            DecisionChangeKind::Deleted => "was deleted",
            DecisionChangeKind::AddedWithMovedRequirements { .. } => return,
        };
        out.push(
            Diagnostic::new(&RULE, d.path, format!("the committed decision record {verb}: a decision is final"))
                .help("restore the committed record and record the new decision in a new file with `caplint match --record`"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    #[test]
    fn edits_and_deletions_but_not_additions() {
        let mut out = Vec::new();
        for kind in [DecisionChangeKind::Edited, DecisionChangeKind::Deleted] {
            Check.decision(&DecisionChange { path: "d.decision.json", kind }, &mut out);
        }
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].message, "the committed decision record was edited: a decision is final");
        assert_eq!(out[1].message, "the committed decision record was deleted: a decision is final");
        let added = DecisionChangeKind::AddedWithMovedRequirements { requirements: "r.json", span: Span::new(0, 1) };
        Check.decision(&DecisionChange { path: "d.decision.json", kind: added }, &mut out);
        assert_eq!(out.len(), 2);
        insta::assert_snapshot!(crate::render::human::plain(Vec::new(), out));
    }
}

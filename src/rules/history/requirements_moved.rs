//! `history/requirements-moved`.

use super::context::{DecisionChange, DecisionChangeKind, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// the requirements a decision names changed in the same commit that added the decision (the bar was fitted to the profile seen)
    ///
    /// ## What it does
    /// For each decision record new on the head side, checks whether the requirements file it names changed against the base in the same change.
    ///
    /// ## Why
    /// The capability-profile document says to write the requirements before reading any profile, so that the bar is not fitted to the first profile seen. Lowering the bar in the commit that records who passed it is the pattern that rule exists to stop. It is a warning: a reviewer decides.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// one commit: routing/refunds.requirements.json lowers crm to read, and decisions/refunds.decision.json assigns an agent with read access
    /// ```
    /// Good:
    /// ```text
    /// the requirements committed first (reviewed on their own), the decision in a later commit
    /// ```
    ///
    /// ## Fix
    /// Commit and review the requirements change on its own, then record the decision.
    pub static RULE = "history/requirements-moved", Warning;
}

/// A new record whose requirements moved in the same change.
pub struct Check;

impl HistoryRule for Check {
    fn decision(&self, d: &DecisionChange<'_>, out: &mut Vec<Diagnostic>) {
        let DecisionChangeKind::AddedWithMovedRequirements { requirements, span } = d.kind else {
            return;
        };
        out.push(
            Diagnostic::new(
                &RULE,
                d.path,
                format!("the requirements `{requirements}` changed in the same change that records this decision"),
            )
            .at(span)
            .label("changed with the decision")
            .help("commit and review the requirements on their own first, so that the bar is not fitted to the profile seen"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{SourceFile, Span};

    #[test]
    fn an_added_record_whose_requirements_moved() {
        let text = r#"{"requirements": {"path": "r.json"}}"#;
        let span = Span::new(text.find("\"r.json\"").unwrap(), 8);
        let mut out = Vec::new();
        let kind = DecisionChangeKind::AddedWithMovedRequirements { requirements: "r.json", span };
        Check.decision(&DecisionChange { path: "d.decision.json", kind }, &mut out);
        Check.decision(&DecisionChange { path: "d.decision.json", kind: DecisionChangeKind::Edited }, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "the requirements `r.json` changed in the same change that records this decision");
        insta::assert_snapshot!(crate::render::human::plain([SourceFile::new("d.decision.json", text)], out));
    }
}

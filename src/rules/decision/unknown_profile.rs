//! `decision/unknown-profile`.

use super::context::{DecisionCx, DecisionRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// the record names an `agent_id` and `version` that no revision of the repository holds
    ///
    /// ## What it does
    /// Looks for the assigned profile at the recorded `agent_id` and `version`: the blob the record names, then the file at the recorded path in the working tree, the index and every commit reachable from `HEAD`. Fires when none of them holds that `agent_id` at that `version`.
    ///
    /// ## Why
    /// A decision must be traceable to the claims it was made on. A record whose profile version exists nowhere cannot be audited: it was edited by hand, or made from a profile that was never committed and has changed since.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "assigned": {"agent_id": "support-agent-01", "version": "7", …}   (the profile never had version 7)
    /// ```
    /// Good:
    /// ```json
    /// "assigned": {"agent_id": "support-agent-01", "version": "3", …}   (version 3 is in the history)
    /// ```
    ///
    /// ## Fix
    /// Commit the profile before recording a decision on it, and record the decision again with `caplint match --record`.
    pub static RULE = "decision/unknown-profile", Error;
}

/// Fires when the engine found no revision of the assigned profile.
pub struct Check;

impl DecisionRule for Check {
    fn record(&self, cx: &DecisionCx<'_>, out: &mut Vec<Diagnostic>) {
        if cx.audit.profile_found {
            return;
        }
        let r = cx.record;
        out.push(
            cx.diag(
                &RULE,
                format!(
                    "no revision of the repository holds `{}` at version {}",
                    r.agent_id.value, r.version.value
                ),
            )
            .at(r.version.span)
            .label("no such version")
            .help(format!(
                "the blob, the working tree, the index and every commit reachable from HEAD were searched at `{}`; record the decision again with `caplint match --record` on a committed profile",
                r.profile.path.value
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{audit, human, rules, PROFILE, RECORD};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_version_no_revision_holds() {
        let ds = audit(RECORD, None);
        let d = ds.iter().find(|d| d.rule == &RULE).unwrap();
        assert_eq!(d.message, "no revision of the repository holds `support-agent-01` at version 3");
        assert_eq!(&RECORD[d.span.unwrap().range()], "\"3\"");
        insta::assert_snapshot!(human(RECORD, vec![d.clone()]));
    }

    #[test]
    fn a_found_profile_passes() {
        assert_eq!(rules(RECORD, Some(PROFILE)), Vec::<&Rule>::new());
    }
}

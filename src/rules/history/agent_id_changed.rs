//! `history/agent-id-changed`.

use super::context::{diag, field, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// `agent_id` changed
    ///
    /// ## What it does
    /// Reports an `agent_id` different from the base revision's for the same profile file.
    ///
    /// ## Why
    /// `agent_id` is stable across versions; decisions recorded against the old id would point at nothing.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "agent_id": "research-agent-07"
    /// +  "agent_id": "research-agent-08"
    /// ```
    /// Good:
    /// ```diff
    ///    "agent_id": "research-agent-07"  (unchanged; version raised)
    /// ```
    ///
    /// ## Fix
    /// Keep the old id. A different agent gets a new file, and the old profile is retired.
    pub static RULE = "history/agent-id-changed", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let (Some((old, _)), Some((new, span))) = (field(p.base, "agent_id"), field(p.head, "agent_id"))
        else {
            return;
        };
        if old != new {
            out.push(
                diag(&RULE, p.path, Some(span), format!("`agent_id` changed from `{old}` to `{new}`"))
                    .label(format!("was `{old}`"))
                    .help(format!("keep `{old}`: an agent_id names one agent across versions and recorded decisions point at it; a different agent gets its own profile file, and this one is retired with `retired_at`")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn a_changed_agent_id_is_reported_at_the_new_id() {
        let head = BASE.replace("\"a\"", "\"b\"");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "`agent_id` changed from `a` to `b`");
        assert_eq!(&head[out[0].span.unwrap().range()], "\"b\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn the_same_agent_id_passes() {
        let head = BASE.replace("proficient", "advanced");
        assert!(changed(&Check, "a.profile.json", BASE, &head, None).is_empty());
    }
}

//! `history/profile-deleted`.

use super::context::{diag, field, DeletedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// a profile at the base is gone and no file carries its `agent_id`; help: set `retired_at` instead
    ///
    /// ## What it does
    /// Reports a profile present at the base whose `agent_id` no file carries any more. A profile moved to another path keeps its `agent_id`, so a rename is not a deletion. The finding is at the old path, without a span.
    ///
    /// ## Why
    /// Past routing decisions used the profile; deleting it removes the record they need for audit.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// git rm agents/research.profile.json
    /// ```
    /// Good:
    /// ```text
    /// "retired_at": "2026-11-20"
    /// ```
    ///
    /// ## Fix
    /// Restore the file and set `retired_at`.
    pub static RULE = "history/profile-deleted", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn deleted_profile(&self, p: &DeletedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let id = field(p.base, "agent_id").map(|(s, _)| s);
        let retired = field(p.base, "retired_at").map(|(s, _)| s);
        let who = id.map_or_else(String::new, |i| format!(" (agent_id `{i}`)"));
        let help = match retired {
            Some(r) => format!("restore the file: it was retired on {r} and is kept for the audit of past decisions"),
            None => format!("restore the file and set `\"retired_at\": \"{}\"` instead: past routing decisions that used this profile need it for audit", p.retire_on),
        };
        out.push(
            diag(
                &RULE,
                p.path,
                None,
                format!("profile deleted{who}: no file carries its agent_id any more"),
            )
            .help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Date;
    use crate::rules::history::context::testing::{parse, BASE};

    fn deleted(base: &str) -> Vec<Diagnostic> {
        let value = parse(base);
        let mut out = Vec::new();
        Check.deleted_profile(
            &DeletedProfile {
                path: "agents/a.profile.json",
                base: &value,
                retire_on: Date::parse_ymd("2026-10-15").unwrap(),
            },
            &mut out,
        );
        out
    }

    #[test]
    fn a_deleted_profile_is_reported_without_a_span() {
        let out = deleted(BASE);
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(
            d.message,
            "profile deleted (agent_id `a`): no file carries its agent_id any more"
        );
        assert!(d.span.is_none());
        assert!(d
            .help
            .as_deref()
            .unwrap()
            .contains("\"retired_at\": \"2026-10-15\""));
        insta::assert_snapshot!(crate::render::human::plain([], out));
    }

    #[test]
    fn a_retired_profile_is_named_as_retired() {
        let retired = BASE.replace("\"limits\"", "\"retired_at\": \"2026-10-05\", \"limits\"");
        let out = deleted(&retired);
        assert!(out[0]
            .help
            .as_deref()
            .unwrap()
            .starts_with("restore the file: it was retired on 2026-10-05"));
    }

    #[test]
    fn other_changes_pass() {
        let head = BASE.replace("proficient", "advanced");
        let out =
            crate::rules::history::context::testing::changed(&Check, "a", BASE, &head, None);
        assert!(out.is_empty());
    }
}

//! `history/retired-profile-changed`.

use super::context::{diag, field, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// claims of a profile with `retired_at` changed, or `retired_at` was removed
    ///
    /// ## What it does
    /// A retired profile is frozen: its claims may not change and `retired_at` may not be removed.
    ///
    /// ## Why
    /// Retired profiles are kept for audit; changing them rewrites what past decisions relied on.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// retired profile gains a skill
    /// ```
    /// Good:
    /// ```diff
    /// retired profile unchanged; a new profile file for new claims
    /// ```
    ///
    /// ## Fix
    /// Revert the change; write a new profile for an agent that takes work again.
    pub static RULE = "history/retired-profile-changed", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some((retired, _)) = field(p.base, "retired_at") else {
            return;
        };
        match field(p.head, "retired_at") {
            None => {
                let span = field(p.head, "version")
                    .or(field(p.head, "agent_id"))
                    .map(|(_, s)| s);
                out.push(
                    diag(&RULE, p.path, span, format!("`retired_at` ({retired}) was removed: a retired profile stays retired"))
                        .label("retired_at removed from this profile")
                        .help("restore `retired_at`; for an agent that takes work again, write a new profile file"),
                );
            }
            Some((_, span)) if p.claims_changed() => out.push(
                diag(&RULE, p.path, Some(span), format!("claims of a profile retired on {retired} changed: {}", p.summary))
                    .label("retired here")
                    .help("a retired profile is kept unchanged for audit; revert the change, and put new claims in a new profile file"),
            ),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    fn retired() -> String {
        BASE.replace("\"limits\"", "\"retired_at\": \"2026-10-05\", \"limits\"")
    }

    #[test]
    fn removing_retired_at_is_reported_at_the_version() {
        let head = BASE.replace("\"3\"", "\"4\"").replace("2026-10-01", "2026-10-09");
        let out = changed(&Check, "a.profile.json", &retired(), &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "`retired_at` (2026-10-05) was removed: a retired profile stays retired"
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "\"4\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn changing_the_claims_of_a_retired_profile_is_reported() {
        let head = retired().replace("No mail.", "No mail at all.");
        let out = changed(&Check, "a", &retired(), &head, None);
        assert_eq!(out.len(), 1);
        assert!(out[0]
            .message
            .starts_with("claims of a profile retired on 2026-10-05 changed: limit added"));
        assert_eq!(&head[out[0].span.unwrap().range()], "\"2026-10-05\"");
    }

    #[test]
    fn a_retired_profile_left_alone_or_a_live_one_passes() {
        let reformatted = retired().replace(", ", ",\n ");
        assert!(changed(&Check, "a", &retired(), &reformatted, None).is_empty());
        let head = BASE.replace("proficient", "advanced");
        assert!(changed(&Check, "a", BASE, &head, None).is_empty());
    }
}

//! `history/declared-at-not-moved`.

use super::context::{diag, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// claims changed and `declared_at` still names the old check date
    ///
    /// ## What it does
    /// Warns when claims changed but `declared_at` did not move.
    ///
    /// ## Why
    /// Changed claims were checked on some date, and it was not the old one.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// claims changed, "declared_at": "2026-10-01" kept
    /// ```
    /// Good:
    /// ```diff
    /// claims changed, "declared_at": "2026-11-20"
    /// ```
    ///
    /// ## Fix
    /// Set `declared_at` to the date the new claims were checked.
    pub static RULE = "history/declared-at-not-moved", Warning;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some(((old, od, _), (_, nd, span))) = p.declared() else {
            return;
        };
        if nd == od && p.claims_changed() {
            out.push(
                diag(
                    &RULE,
                    p.path,
                    Some(span),
                    format!("claims changed but `declared_at` still says {old}: {}", p.summary),
                )
                .label("the old check date")
                .help("set `declared_at` to the date the new claims were checked"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn a_claim_change_under_the_old_date_is_reported() {
        let head = BASE.replace("proficient", "advanced").replace("\"3\"", "\"4\"");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "claims changed but `declared_at` still says 2026-10-01: skill web-search: level proficient → advanced"
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "\"2026-10-01\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn a_new_date_or_unchanged_claims_pass() {
        let head = BASE
            .replace("proficient", "advanced")
            .replace("2026-10-01", "2026-10-02");
        assert!(changed(&Check, "a", BASE, &head, None).is_empty());
        assert!(changed(&Check, "a", BASE, BASE, None).is_empty());
    }
}

//! `history/declared-at-without-version`.

use super::context::{diag, field, raise_help, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use std::cmp::Ordering;

declare_rule! {
    /// `declared_at` moved and `version` did not rise (a date carried forward with no recheck)
    ///
    /// ## What it does
    /// Reports a `declared_at` moved later while `version` stayed the same (moving it earlier is `history/declared-at-backwards`).
    ///
    /// ## Why
    /// A recheck raises the version. Moving the date alone makes an old profile look fresh: a false claim about freshness.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "declared_at": "2026-10-01"
    /// +  "declared_at": "2026-11-20"   (version unchanged)
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "3", "declared_at": "2026-10-01"
    /// +  "version": "4", "declared_at": "2026-11-20"
    /// ```
    ///
    /// ## Fix
    /// Raise `version` with the recheck, or restore the old date.
    pub static RULE = "history/declared-at-without-version", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some(((old, od, _), (new, nd, span))) = p.declared() else {
            return;
        };
        if nd > od && p.version_order() == Some(Ordering::Equal) {
            let v = field(p.head, "version").map_or("", |(v, _)| v);
            out.push(
                diag(&RULE, p.path, Some(span), format!("`declared_at` moved from {old} to {new} but `version` stayed \"{v}\""))
                    .label("moved without a new version")
                    .help(format!("a recheck raises the version: {}; if the claims were not rechecked, restore {old}", raise_help(v, ""))),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn a_new_date_under_the_same_version_is_reported() {
        let head = BASE.replace("2026-10-01", "2026-12-01");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "`declared_at` moved from 2026-10-01 to 2026-12-01 but `version` stayed \"3\""
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "\"2026-12-01\"");
        assert!(out[0].help.as_deref().unwrap().contains("(e.g. to \"4\")"));
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn a_new_date_with_a_new_version_passes() {
        let head = BASE
            .replace("2026-10-01", "2026-12-01")
            .replace("\"3\"", "\"4\"");
        assert!(changed(&Check, "a", BASE, &head, None).is_empty());
    }
}

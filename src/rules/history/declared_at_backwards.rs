//! `history/declared-at-backwards`.

use super::context::{diag, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// `declared_at` moved earlier
    ///
    /// ## What it does
    /// Reports a `declared_at` earlier than the base revision's.
    ///
    /// ## Why
    /// The check date only moves forward; an earlier date rewrites when claims were checked.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "declared_at": "2026-10-01"
    /// +  "declared_at": "2026-09-01"
    /// ```
    /// Good:
    /// ```diff
    /// -  "declared_at": "2026-10-01"
    /// +  "declared_at": "2026-11-01"
    /// ```
    ///
    /// ## Fix
    /// Restore the date, or set the date of a real recheck.
    pub static RULE = "history/declared-at-backwards", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some(((old, od, _), (new, nd, span))) = p.declared() else {
            return;
        };
        if nd < od {
            out.push(
                diag(&RULE, p.path, Some(span), format!("`declared_at` moved back from {old} to {new}"))
                    .label(format!("was {old}"))
                    .help(format!("the check date only moves forward: restore {old}, or set the date of a real recheck")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn an_earlier_date_is_reported() {
        let head = BASE
            .replace("2026-10-01", "2026-09-01")
            .replace("\"3\"", "\"4\"");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "`declared_at` moved back from 2026-10-01 to 2026-09-01");
        assert_eq!(&head[out[0].span.unwrap().range()], "\"2026-09-01\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn a_later_or_unparsable_date_passes() {
        let later = BASE.replace("2026-10-01", "2026-11-01");
        assert!(changed(&Check, "a", BASE, &later, None).is_empty());
        let odd = BASE.replace("2026-10-01", "last week");
        assert!(changed(&Check, "a", BASE, &odd, None).is_empty());
    }
}

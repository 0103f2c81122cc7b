//! `profile/declared-in-future`.

use super::context::{ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::declared_age;

declare_rule! {
    /// `declared_at` is after the as-of date
    ///
    /// ## What it does
    /// Compares `declared_at` with the as-of date (`--as-of`, today by default).
    ///
    /// ## Why
    /// `declared_at` is the date the claims were checked; a check cannot happen in the future. A future date hides staleness for months.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "declared_at": "2099-01-01"
    /// ```
    /// Good:
    /// ```json
    /// "declared_at": "2026-10-01"
    /// ```
    ///
    /// ## Fix
    /// Set `declared_at` to the date the claims were actually rechecked.
    pub static RULE = "profile/declared-in-future", Error;
}

/// `declared_at`, when it is a real date, against the as-of date.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let as_of = cx.as_of;
        let Some((declared, age, span)) = declared_age(cx.root, as_of) else {
            return;
        };
        if age < 0 {
            let d = cx
                .diag(&RULE, format!("`declared_at` {declared} is after the as-of date {as_of}"))
                .at(span)
                .label(format!("{} days in the future", -age))
                .help("declared_at is the date the claims were checked; set it to the real recheck date");
            out.push(d);
        }
    }
}

/// The finding of `caplint history` for a commit that set `declared_at`
/// to a date after its own: the claims cannot have been checked then yet.
pub fn after_commit(
    path: &str,
    declared: crate::date::Date,
    span: Option<crate::source::Span>,
    commit_date: crate::date::Date,
) -> Option<Diagnostic> {
    if declared <= commit_date {
        return None;
    }
    let mut d = Diagnostic::new(
        &RULE,
        path,
        format!("`declared_at` {declared} is later than the commit that set it ({commit_date}): the claims cannot have been checked on that date yet"),
    )
    .label("after the commit date")
    .help("declared_at is the date the claims were checked; set it to the real recheck date");
    d.span = span;
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run};
    use super::super::tests::OK;
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_date_after_the_as_of_date() {
        let text = OK.replace("2026-10-01", "2026-10-16");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "`declared_at` 2026-10-16 is after the as-of date 2026-10-15"
        );
        assert_eq!(ds[0].label.as_deref(), Some("1 days in the future"));
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn the_as_of_date_itself_is_not_in_the_future() {
        assert_eq!(rules(&OK.replace("2026-10-01", "2026-10-15")), Vec::<&Rule>::new());
    }

    #[test]
    fn history_reports_a_date_after_the_commit_that_set_it() {
        let day = |t: &str| crate::date::Date::parse_ymd(t).unwrap();
        let span = Some(crate::source::Span::new(40, 12));
        let d = after_commit("a.profile.json", day("2026-10-03"), span, day("2026-10-02")).unwrap();
        assert_eq!(
            d.message,
            "`declared_at` 2026-10-03 is later than the commit that set it (2026-10-02): the claims cannot have been checked on that date yet"
        );
        assert_eq!((d.span, d.rule), (span, &RULE));
        assert!(after_commit("a.profile.json", day("2026-10-02"), span, day("2026-10-02")).is_none());
    }
}

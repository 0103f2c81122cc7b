//! `profile/declared-in-future`.

use super::context::{ProfileCx, ProfileRule};
use crate::date::Date;
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::declared_at;

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
        let Some((text, span)) = declared_at(cx.root) else {
            return;
        };
        let Some(declared) = Date::parse_ymd(text) else {
            return;
        };
        let as_of = cx.as_of;
        let age = as_of.days_since(declared);
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
}

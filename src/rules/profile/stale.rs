//! `profile/stale`.

use super::context::{ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::{declared_age, is_retired};

declare_rule! {
    /// age in days is over `freshness_days` (90) and the profile is not retired
    ///
    /// ## What it does
    /// Computes the age (as-of date minus `declared_at`) and warns when it is over `freshness_days` (90 by default). Retired profiles are not checked.
    ///
    /// ## Why
    /// Claims that have not been rechecked within the freshness limit should be treated as unverified before routing work from them.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "declared_at": "2025-01-01"   (checked as of 2026-10-15)
    /// ```
    /// Good:
    /// ```json
    /// "declared_at": "2026-10-01"   (checked as of 2026-10-15)
    /// ```
    ///
    /// ## Fix
    /// Recheck every claim, then raise `version` and set `declared_at` to the recheck date; or set `retired_at` if the agent no longer takes work.
    pub static RULE = "profile/stale", Warning;
}

/// `declared_at`, when it is a real date, against the as-of date and the
/// configured `freshness_days`; a retired profile is never stale.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let as_of = cx.as_of;
        let Some((declared, age, span)) = declared_age(cx.root, as_of) else {
            return;
        };
        let limit = cx.freshness_days;
        if age >= 0 && age > limit && !is_retired(cx.root) {
            let d = cx
                .diag(&RULE, format!("profile is stale: declared {age} days before {as_of}, over the {limit}-day limit"))
                .at(span)
                .label(format!("age {age} days"))
                .help(match declared.add_days(limit) {
                    Some(due) => format!("recheck the claims, raise `version` and set `declared_at` to the recheck date (due {due})"),
                    None => "recheck the claims, raise `version` and set `declared_at` to the recheck date".to_string(),
                });
            out.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, OK};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_profile_past_the_freshness_limit() {
        let text = OK.replace("2026-10-01", "2026-07-16");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "profile is stale: declared 91 days before 2026-10-15, over the 90-day limit"
        );
        assert!(ds[0].help.as_deref().unwrap().ends_with("(due 2026-10-14)"));
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn dates() {
        assert_eq!(rules(&OK.replace("2026-10-01", "2026-07-17")), Vec::<&Rule>::new());
        let retired = OK.replace(
            "2026-10-01\",",
            "2025-01-01\", \"retired_at\": \"2025-06-01\",",
        );
        assert_eq!(rules(&retired), Vec::<&Rule>::new());
    }
}

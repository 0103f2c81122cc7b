//! `decision/stale-unstated`.

use super::context::{DecisionCx, DecisionRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// the assigned profile was stale on the record's `as_of` date and the record does not say `"stale": true`
    ///
    /// ## What it does
    /// Computes the assigned profile's age on the record's `as_of` date (from the `declared_at` of the recorded revision) and fires when it is over the freshness limit (the requirements' `freshness_days`, else the configuration's) while `assigned.stale` is `false`.
    ///
    /// ## Why
    /// A stale profile's claims are unverified until a recheck. Routing from one is a decision the reviewer owns, and the capability-profile document says the decision record must state that the profile was stale.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "as_of": "2026-10-15", "assigned": {…, "stale": false}   (declared_at 2026-01-02)
    /// ```
    /// Good:
    /// ```json
    /// "as_of": "2026-10-15", "assigned": {…, "stale": true}
    /// ```
    ///
    /// ## Fix
    /// Recheck the profile before routing from it, or record the decision again with `caplint match --record`, which states the stale state.
    pub static RULE = "decision/stale-unstated", Error;
}

/// The recorded stale state against the profile's age on `as_of`.
pub struct Check;

impl DecisionRule for Check {
    fn record(&self, cx: &DecisionCx<'_>, out: &mut Vec<Diagnostic>) {
        let Some(table) = cx.audit.recomputed else {
            return;
        };
        if table.stale && !cx.record.stale.value {
            let age = table.age_days.unwrap_or_default();
            out.push(
                cx.diag(
                    &RULE,
                    format!(
                        "the profile was {age} days old on {}, past its freshness limit, and the record says it was not stale",
                        cx.record.as_of.value
                    ),
                )
                .at(cx.record.stale.span)
                .label("stale: true")
                .help("a decision made on a stale profile must say so: set `\"stale\": true` by recording it again with `caplint match --record`"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{audit, human, rules, PROFILE, RECORD};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_stale_profile_recorded_as_fresh() {
        let old = PROFILE.replace("2026-10-01", "2026-01-02");
        let ds: Vec<_> = audit(RECORD, Some(&old)).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 1);
        assert_eq!(
            ds[0].message,
            "the profile was 286 days old on 2026-10-15, past its freshness limit, and the record says it was not stale"
        );
        insta::assert_snapshot!(human(RECORD, ds));
        let stated = RECORD.replace("\"stale\": false", "\"stale\": true");
        assert!(audit(&stated, Some(&old)).iter().all(|d| d.rule != &RULE));
    }

    #[test]
    fn a_fresh_profile_passes() {
        assert_eq!(rules(RECORD, Some(PROFILE)), Vec::<&Rule>::new());
    }
}

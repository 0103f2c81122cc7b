//! `decision/silent-exception`.

use super::context::{DecisionCx, DecisionRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::matching::Verdict;

declare_rule! {
    /// the assigned candidate has a `missing` or `below bar` row, or a ruling-out limit, with no exception for it, or an exception without a reason
    ///
    /// ## What it does
    /// Checks that every requirement the assigned profile does not meet (a row `missing` or `below bar`, or one of its limits containing a `rule_out_limits` phrase) has an entry in `exceptions` naming it (`skill:NAME`, `tool:NAME`, `limit:PHRASE`) with a non-empty reason.
    ///
    /// ## Why
    /// Missing and below bar mean the profile does not support assigning that part of the work. The capability-profile document allows an explicit exception with its reason; silent exceptions are not allowed.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "rows": [{"kind": "tool", "name": "crm", …, "verdict": "below bar"}], "exceptions": []
    /// ```
    /// Good:
    /// ```json
    /// "exceptions": [{"requirement": "tool:crm", "reason": "writes go through a person"}]
    /// ```
    ///
    /// ## Fix
    /// Record the decision again with `--exception 'tool:crm: the reason'` for each unmet requirement, or assign a profile that meets it.
    pub static RULE = "decision/silent-exception", Error;
}

/// Every unmet requirement of the assigned profile needs a stated exception.
pub struct Check;

impl DecisionRule for Check {
    fn record(&self, cx: &DecisionCx<'_>, out: &mut Vec<Diagnostic>) {
        let r = cx.record;
        // The table built again when it could be; else the recorded one.
        let unmet: Vec<(String, crate::source::Span)> = match cx.audit.recomputed {
            Some(table) => table
                .unmet()
                .into_iter()
                .map(|key| {
                    let span = r
                        .rows
                        .iter()
                        .find(|x| x.requirement() == key)
                        .map_or(r.rows_span, |x| x.span);
                    (key, span)
                })
                .collect(),
            None => r
                .rows
                .iter()
                .filter(|x| Verdict::parse(&x.verdict) != Some(Verdict::Met))
                .map(|x| (x.requirement(), x.span))
                .collect(),
        };
        for (key, span) in unmet {
            if r.exception(&key).is_none() {
                let what = if key.starts_with("limit:") {
                    "a limit of the profile rules it out"
                } else {
                    "the profile does not meet it"
                };
                out.push(
                    cx.diag(&RULE, format!("`{key}` is not met ({what}) and the record states no exception for it"))
                        .at(if key.starts_with("limit:") { r.exceptions_span } else { span })
                        .label("no exception")
                        .help(format!("record the decision again with `--exception '{key}: <reason>'`, or assign a profile that meets it")),
                );
            }
        }
        for e in &r.exceptions {
            if e.reason.value.trim().is_empty() {
                out.push(
                    cx.diag(&RULE, format!("the exception for `{}` gives no reason", e.requirement.value))
                        .at(e.reason.span)
                        .label("empty reason")
                        .help("silent exceptions are not allowed: say why the work may be assigned anyway"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{audit, human, rules, PROFILE, RECORD};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn an_unmet_row_without_an_exception() {
        let text = RECORD.replace(r#"{"requirement": "tool:crm", "reason": "writes go through a person"}"#, "");
        let ds: Vec<_> = audit(&text, Some(PROFILE)).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "`tool:crm` is not met (the profile does not meet it) and the record states no exception for it");
        insta::assert_snapshot!(human(&text, ds));
        // Judged on the recorded rows when the profile is not found.
        let ds: Vec<_> = audit(&text, None).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 1);
    }

    #[test]
    fn an_empty_reason_and_a_ruling_out_limit() {
        let text = RECORD.replace("writes go through a person", " ");
        let ds: Vec<_> = audit(&text, Some(PROFILE)).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds[0].message, "the exception for `tool:crm` gives no reason");
        let limited = PROFILE.replace("Refunds over 500 EUR go to a person.", "We do no refunds.");
        let ds: Vec<_> = audit(RECORD, Some(&limited)).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 1);
        assert!(ds[0].message.starts_with("`limit:no refunds` is not met"), "{}", ds[0].message);
    }

    #[test]
    fn stated_exceptions_pass() {
        assert_eq!(rules(RECORD, Some(PROFILE)), Vec::<&Rule>::new());
    }
}

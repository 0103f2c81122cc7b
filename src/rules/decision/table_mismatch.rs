//! `decision/table-mismatch`.

use super::context::{DecisionCx, DecisionRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::decision::RecordedRow;
use crate::model::matching::Row;

declare_rule! {
    /// a recorded match-table row differs from what that version of the profile claimed, judged against the recorded requirements
    ///
    /// ## What it does
    /// Reads the profile and the requirements at the revisions the record names (their blob ids, so a decision made on version 1 still verifies after the profile moved to version 3), builds the match table again as of the record's `as_of`, and compares it row by row with the recorded one: the level or access found, the evidence count and the verdict. Also fires when the recorded requirements cannot be read at the named revision.
    ///
    /// ## Why
    /// The record is what a later reviewer trusts. A row that says `met` where the profile claimed less, or a requirements file that no longer exists as recorded, means the decision cannot be shown to rest on checked claims.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"kind": "tool", "name": "crm", "required": "write", "found": "write", "evidence": 1, "verdict": "met"}
    /// (version 3 of the profile claims `crm` with `read` access)
    /// ```
    /// Good:
    /// ```json
    /// {"kind": "tool", "name": "crm", "required": "write", "found": "read", "evidence": 1, "verdict": "below bar"}
    /// ```
    ///
    /// ## Fix
    /// Never edit a record by hand: run `caplint match --record` again and, for a row that is not met, state an `--exception` with its reason.
    pub static RULE = "decision/table-mismatch", Error;
}

fn describe(found: Option<&str>, evidence: usize, verdict: &str) -> String {
    match found {
        None => format!("no claim ({verdict})"),
        Some(f) => format!("{f} with {evidence} evidence ({verdict})"),
    }
}

fn same(recorded: &RecordedRow, row: &Row) -> bool {
    recorded.required == row.required
        && recorded.found.as_deref() == row.found.as_deref()
        && recorded.evidence == row.evidence
        && recorded.verdict == row.verdict.as_str()
}

/// Compares the recorded rows with the table built again.
pub struct Check;

impl DecisionRule for Check {
    fn record(&self, cx: &DecisionCx<'_>, out: &mut Vec<Diagnostic>) {
        let r = cx.record;
        let req_span = r.requirements.blob.as_ref().map_or(r.requirements.path.span, |b| b.span);
        if let Err(why) = cx.audit.requirements {
            out.push(
                cx.diag(&RULE, format!("the recorded requirements `{}` cannot be read: {why}", r.requirements.path.value))
                    .at(req_span)
                    .label("not found")
                    .help("the match table cannot be verified without the requirements it was built from; commit requirements before recording a decision"),
            );
            return;
        }
        let Some(table) = cx.audit.recomputed else {
            return;
        };
        let version = &r.version.value;
        for row in &table.rows {
            let key = row.requirement();
            match r.rows.iter().find(|x| x.requirement() == key) {
                None => out.push(
                    cx.diag(&RULE, format!("the recorded table has no row for `{key}`, which the requirements name"))
                        .at(r.rows_span)
                        .label("row missing")
                        .help(format!(
                            "version {version} of the profile shows {} for `{key}`",
                            describe(row.found.as_deref(), row.evidence, row.verdict.as_str())
                        )),
                ),
                Some(recorded) if !same(recorded, row) => out.push(
                    cx.diag(
                        &RULE,
                        format!(
                            "row `{key}` records {}, but version {version} of the profile claims {}",
                            describe(recorded.found.as_deref(), recorded.evidence, &recorded.verdict),
                            describe(row.found.as_deref(), row.evidence, row.verdict.as_str())
                        ),
                    )
                    .at(recorded.span)
                    .label("differs from the profile")
                    .help("record the decision again with `caplint match --record`; a row that is not met needs an `--exception` with its reason"),
                ),
                Some(_) => {}
            }
        }
        for recorded in &r.rows {
            let key = recorded.requirement();
            if !table.rows.iter().any(|row| row.requirement() == key) {
                out.push(
                    cx.diag(&RULE, format!("row `{key}` is not a requirement of `{}`", r.requirements.path.value))
                        .at(recorded.span)
                        .label("not required")
                        .help("the table holds one row per requirement, as the requirements file lists them"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{audit, audit_with, human, rules, PROFILE, RECORD, REQ};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_row_that_claims_more_than_the_profile() {
        let text = RECORD.replace(
            r#""found": "read", "evidence": 1, "verdict": "below bar""#,
            r#""found": "write", "evidence": 1, "verdict": "met""#,
        );
        let ds: Vec<_> = audit(&text, Some(PROFILE)).into_iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ds.len(), 1);
        assert_eq!(
            ds[0].message,
            "row `tool:crm` records write with 1 evidence (met), but version 3 of the profile claims read with 1 evidence (below bar)"
        );
        assert!(text[ds[0].span.unwrap().range()].starts_with("{\"kind\": \"tool\""));
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn missing_and_extra_rows_and_unreadable_requirements() {
        let text = RECORD.replace(r#""kind": "skill", "name": "refund-policy""#, r#""kind": "skill", "name": "refunds""#);
        let ds: Vec<String> = audit(&text, Some(PROFILE)).into_iter().filter(|d| d.rule == &RULE).map(|d| d.message).collect();
        assert_eq!(ds.len(), 2, "{ds:?}");
        let ds = audit_with(&[&Check], RECORD, Some(PROFILE), "{\"tsak\": 1}");
        assert!(ds[0].message.contains("cannot be read"), "{}", ds[0].message);
        let _ = REQ;
    }

    #[test]
    fn the_same_table_passes() {
        assert_eq!(rules(RECORD, Some(PROFILE)), Vec::<&Rule>::new());
    }
}

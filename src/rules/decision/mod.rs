//! `decision/*` rules: one file per rule, listed once below. Each audits a
//! routing decision record (`*.decision.json`, SPEC §8) against the
//! revisions of the profile and the requirements it names (see
//! [`context`]); the engine that finds those revisions is
//! `crate::lint::decisions`.

pub mod context;

use crate::diagnostic::rule_family;

rule_family! {
    check: context::DecisionRule;
    invalid_record,
    unknown_profile,
    table_mismatch,
    silent_exception,
    stale_unstated,
}

/// What the rules' tests share: a record audited as the engine audits it.
#[cfg(test)]
mod tests {
    use super::context::{Audit, DecisionCx};
    use crate::diagnostic::{Diagnostic, Rule};
    use crate::model::matching::{candidate, Bar};
    use crate::model::requirements;
    use crate::source::SourceFile;

    pub const REQ: &str = r#"{"task": "Route refund tickets", "decision": "routing",
 "skills": [{"name": "refund-policy", "min_level": "proficient"}],
 "tools": [{"name": "crm", "access": "write"}],
 "rule_out_limits": ["no refunds"]}"#;

    pub const PROFILE: &str = r#"{"agent_id": "support-agent-01", "version": "3", "declared_at": "2026-10-01",
 "skills": [{"name": "refund-policy", "level": "advanced", "evidence": [{"kind": "test", "ref": "t"}]}],
 "tools": [{"name": "crm", "access": "read", "evidence": [{"kind": "log", "ref": "c"}]}],
 "limits": ["Refunds over 500 EUR go to a person."]}"#;

    /// A record that passes every rule against [`PROFILE`] and [`REQ`].
    pub const RECORD: &str = r#"{"decision": "routing", "task": "Route refund tickets",
 "requirements": {"path": "r.requirements.json", "blob": null},
 "as_of": "2026-10-15",
 "assigned": {"agent_id": "support-agent-01", "version": "3", "path": "a.profile.json", "blob": null,
   "stale": false,
   "rows": [{"kind": "skill", "name": "refund-policy", "required": "proficient", "found": "advanced", "evidence": 1, "verdict": "met"},
            {"kind": "tool", "name": "crm", "required": "write", "found": "read", "evidence": 1, "verdict": "below bar"}]},
 "compared": [],
 "exceptions": [{"requirement": "tool:crm", "reason": "writes go through a person"}],
 "excess_access": [], "limits": ["Refunds over 500 EUR go to a person."]}"#;

    /// `record` audited against `profile` (`None`: no revision holds it)
    /// and `req`, by `checks`.
    pub fn audit_with(
        checks: &[&(dyn super::context::DecisionRule + Sync)],
        record: &str,
        profile: Option<&str>,
        req: &str,
    ) -> Vec<Diagnostic> {
        let source = SourceFile::new("d.decision.json", record);
        let (parsed, mut out) = match super::invalid_record::parse(&source) {
            Ok(r) => (r, Vec::new()),
            Err(d) => return vec![*d],
        };
        let requirements = requirements::parse(&SourceFile::new("r.requirements.json", req))
            .map_err(|e| e.message);
        let root = profile.map(|p| crate::json::parse(p).unwrap());
        let recomputed = match (&requirements, &root) {
            (Ok(req), Some(root)) => {
                let bar = Bar::new(req, parsed.as_of.value, 90, 1);
                Some(candidate(req, bar, "a.profile.json", Some(root), 0))
            }
            _ => None,
        };
        let audit = Audit {
            profile_found: root.is_some(),
            requirements: requirements.as_ref().map_err(String::as_str),
            recomputed: recomputed.as_ref(),
        };
        let cx = DecisionCx {
            source: &source,
            record: &parsed,
            audit: &audit,
        };
        for check in checks {
            check.record(&cx, &mut out);
        }
        out
    }

    pub fn audit(record: &str, profile: Option<&str>) -> Vec<Diagnostic> {
        audit_with(super::CHECKS, record, profile, REQ)
    }

    pub fn rules(record: &str, profile: Option<&str>) -> Vec<&'static Rule> {
        let mut r: Vec<_> = audit(record, profile).into_iter().map(|d| d.rule).collect();
        r.sort();
        r
    }

    pub fn human(record: &str, diagnostics: Vec<Diagnostic>) -> String {
        crate::render::human::plain([SourceFile::new("d.decision.json", record)], diagnostics)
    }

    #[test]
    fn the_sample_record_passes_every_rule() {
        assert_eq!(rules(RECORD, Some(PROFILE)), Vec::<&Rule>::new());
    }
}

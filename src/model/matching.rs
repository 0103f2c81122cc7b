//! The match table of a routing decision (SPEC §8; the capability-profile
//! document's workflow step 9): one row per requirement with the claim
//! found, its evidence and a verdict, the access a candidate has beyond what
//! the work needs, the limits that rule it out, and the order in which
//! candidates compare on the same fields (never on their number of skills).
//! Pure: a parsed profile and parsed requirements in, the table out.

use crate::date::Date;
use crate::json::Value;
use crate::model::profile::{self, EntryKind};
use crate::model::requirements::{access_rank, level_rank, Requirements};
use serde_json::json;

/// A row's verdict. `Missing` and `BelowBar` weigh the same: the profile
/// does not support assigning that part of the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Met,
    Missing,
    BelowBar,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Met => "met",
            Verdict::Missing => "missing",
            Verdict::BelowBar => "below bar",
        }
    }

    pub fn parse(text: &str) -> Option<Verdict> {
        [Verdict::Met, Verdict::Missing, Verdict::BelowBar]
            .into_iter()
            .find(|v| v.as_str() == text)
    }
}

/// How fit a candidate is to take the whole of the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// Every row met, no ruling-out limit, the profile valid.
    Met,
    /// Some row missing or below bar.
    Partial,
    /// A limit rules it out.
    RuledOut,
    /// The profile has lint errors: it is not fit to route from.
    Invalid,
}

impl Fit {
    pub fn as_str(self) -> &'static str {
        match self {
            Fit::Met => "met",
            Fit::Partial => "partial",
            Fit::RuledOut => "ruled-out",
            Fit::Invalid => "invalid",
        }
    }
}

/// One requirement against one profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// `skill` or `tool`.
    pub kind: &'static str,
    pub name: String,
    /// The minimum level or the access required.
    pub required: String,
    /// The level or access the profile claims (`None`: no such entry).
    pub found: Option<String>,
    /// Well-formed evidence entries of the claim.
    pub evidence: usize,
    pub verdict: Verdict,
}

impl Row {
    /// How decision records and exceptions name the requirement
    /// (`skill:NAME`, `tool:NAME`).
    pub fn requirement(&self) -> String {
        format!("{}:{}", self.kind, self.name)
    }

    pub fn to_json(&self) -> serde_json::Value {
        json!({"kind": self.kind, "name": self.name, "required": self.required,
               "found": self.found, "evidence": self.evidence, "verdict": self.verdict.as_str()})
    }
}

/// A tool with `write` or `execute` access that no requirement needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excess {
    pub tool: String,
    pub access: String,
}

/// One candidate profile judged against the requirements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub agent_id: Option<String>,
    pub version: Option<String>,
    pub path: String,
    pub declared_at: Option<String>,
    /// As-of date minus `declared_at` (`None` when it is no date).
    pub age_days: Option<i64>,
    pub stale: bool,
    pub retired: bool,
    pub fit: Fit,
    pub rows: Vec<Row>,
    pub excess_access: Vec<Excess>,
    /// The requirements' ruling-out phrases that one of its limits contains.
    pub ruled_out_by: Vec<String>,
    pub limits: Vec<String>,
    /// Lint errors in the profile (`fit` is `invalid` when there are any).
    pub errors: usize,
}

/// The values a table is built with: the requirements' own
/// `freshness_days` and `min_evidence` when they set them, else the
/// configuration's.
#[derive(Debug, Clone, Copy)]
pub struct Bar {
    pub as_of: Date,
    pub freshness_days: i64,
    pub min_evidence: usize,
}

impl Bar {
    pub fn new(req: &Requirements, as_of: Date, freshness_days: i64, min_evidence: usize) -> Bar {
        Bar {
            as_of,
            freshness_days: req.freshness_days.unwrap_or(freshness_days),
            min_evidence: req.min_evidence.unwrap_or(min_evidence),
        }
    }
}

/// The first entry of `kind` named `name`.
fn find<'v>(root: &'v Value, kind: EntryKind, name: &str) -> Option<profile::Entry<'v>> {
    kind.entries(root)
        .find(|e| e.name().is_some_and(|(n, _)| n == name))
}

fn attr_text(e: &profile::Entry<'_>) -> Option<String> {
    e.value
        .get(e.kind.attr())
        .and_then(|m| m.value.as_str())
        .map(str::to_string)
}

fn str_field(root: &Value, key: &str) -> Option<String> {
    root.get(key)
        .and_then(|m| m.value.as_str())
        .map(str::to_string)
}

/// The match table of one profile (`root`, parsed; `None` when it is not
/// JSON at all) at `path`, with `errors` lint errors.
pub fn candidate(
    req: &Requirements,
    bar: Bar,
    path: &str,
    root: Option<&Value>,
    errors: usize,
) -> Candidate {
    let empty = Value {
        kind: crate::json::Kind::Object(Vec::new()),
        span: crate::source::Span::new(0, 0),
    };
    let root = root.unwrap_or(&empty);
    let mut rows = Vec::new();
    for need in &req.skills {
        let (found, evidence, verdict) = match find(root, EntryKind::Skill, &need.name) {
            None => (None, 0, Verdict::Missing),
            Some(e) => {
                let found = attr_text(&e);
                let evidence = e.usable_evidence();
                let high_enough = found
                    .as_deref()
                    .and_then(level_rank)
                    .zip(level_rank(&need.min_level))
                    .is_some_and(|(f, r)| f >= r);
                let met = high_enough && evidence >= bar.min_evidence;
                (
                    found,
                    evidence,
                    if met { Verdict::Met } else { Verdict::BelowBar },
                )
            }
        };
        rows.push(Row {
            kind: "skill",
            name: need.name.clone(),
            required: need.min_level.clone(),
            found,
            evidence,
            verdict,
        });
    }
    for need in &req.tools {
        let (found, evidence, verdict) = match find(root, EntryKind::Tool, &need.name) {
            None => (None, 0, Verdict::Missing),
            Some(e) => {
                let found = attr_text(&e);
                let evidence = e.usable_evidence();
                let required = access_rank(&need.access).unwrap_or(0);
                let high_enough = found
                    .as_deref()
                    .and_then(access_rank)
                    .is_some_and(|f| f >= required);
                // `none` needs no evidence, in a profile as in a requirement.
                let enough = required == 0 || evidence >= bar.min_evidence;
                let met = high_enough && enough;
                (
                    found,
                    evidence,
                    if met { Verdict::Met } else { Verdict::BelowBar },
                )
            }
        };
        rows.push(Row {
            kind: "tool",
            name: need.name.clone(),
            required: need.access.clone(),
            found,
            evidence,
            verdict,
        });
    }
    let mut excess_access = Vec::new();
    for e in EntryKind::Tool.entries(root) {
        let (Some((name, _)), Some(access)) = (e.name(), e.attr()) else {
            continue;
        };
        let rank = access_rank(access).unwrap_or(0);
        if rank < access_rank("write").unwrap_or(2) {
            continue;
        }
        let needed = req
            .tools
            .iter()
            .filter(|t| t.name == name)
            .filter_map(|t| access_rank(&t.access))
            .max();
        if needed.is_none_or(|n| n < rank) && !excess_access.iter().any(|x: &Excess| x.tool == name)
        {
            excess_access.push(Excess {
                tool: name.to_string(),
                access: access.to_string(),
            });
        }
    }
    let limits: Vec<String> = profile::limits(root)
        .map(|(_, items)| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let ruled_out_by: Vec<String> = req
        .rule_out_limits
        .iter()
        .filter(|phrase| {
            let p = phrase.to_lowercase();
            limits.iter().any(|l| l.to_lowercase().contains(&p))
        })
        .cloned()
        .collect();
    let age_days = profile::declared_age(root, bar.as_of).map(|(_, age, _)| age);
    let retired = profile::is_retired(root);
    let stale = age_days.is_some_and(|a| a > bar.freshness_days) && !retired;
    let fit = if errors > 0 {
        Fit::Invalid
    } else if !ruled_out_by.is_empty() {
        Fit::RuledOut
    } else if rows.iter().all(|r| r.verdict == Verdict::Met) {
        Fit::Met
    } else {
        Fit::Partial
    };
    Candidate {
        agent_id: profile::agent_id(root).map(|(id, _)| id.to_string()),
        version: str_field(root, "version"),
        path: path.to_string(),
        declared_at: str_field(root, "declared_at"),
        age_days,
        stale,
        retired,
        fit,
        rows,
        excess_access,
        ruled_out_by,
        limits,
        errors,
    }
}

impl Candidate {
    /// How the ranking and the tables name the candidate: its `agent_id`,
    /// or its path when it has none.
    pub fn label(&self) -> &str {
        self.agent_id.as_deref().unwrap_or(&self.path)
    }

    /// Evidence on the required claims, all rows together.
    pub fn required_evidence(&self) -> usize {
        self.rows.iter().map(|r| r.evidence).sum()
    }

    /// The rows and limits that keep it from taking the whole of the work,
    /// by requirement name (`skill:NAME`, `tool:NAME`, `limit:PHRASE`).
    pub fn unmet(&self) -> Vec<String> {
        self.rows
            .iter()
            .filter(|r| r.verdict != Verdict::Met)
            .map(Row::requirement)
            .chain(self.ruled_out_by.iter().map(|p| format!("limit:{p}")))
            .collect()
    }

    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "agent_id": self.agent_id, "version": self.version, "path": self.path,
            "age_days": self.age_days, "stale": self.stale, "fit": self.fit.as_str(),
            "rows": self.rows.iter().map(Row::to_json).collect::<Vec<_>>(),
            "excess_access": self.excess_access.iter()
                .map(|x| json!({"tool": x.tool, "access": x.access})).collect::<Vec<_>>(),
            "ruled_out_by": self.ruled_out_by, "limits": self.limits,
        })
    }
}

/// The candidates' order (indices into `candidates`): `met` before
/// `partial` before `ruled-out` before `invalid`; then, per required skill
/// in the order written, the higher level (a missing skill lowest); then
/// more evidence on the required claims; then the fresher profile; then by
/// name, so that the order is stable. Never by the number of skills.
pub fn ranking(candidates: &[Candidate]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&candidates[a], &candidates[b]);
        let levels = |c: &Candidate| -> Vec<i64> {
            c.rows
                .iter()
                .filter(|r| r.kind == "skill")
                .map(|r| {
                    r.found
                        .as_deref()
                        .and_then(level_rank)
                        .map_or(-1, |l| l as i64)
                })
                .collect()
        };
        x.fit
            .cmp(&y.fit)
            .then_with(|| levels(y).cmp(&levels(x)))
            .then_with(|| y.required_evidence().cmp(&x.required_evidence()))
            .then_with(|| {
                x.age_days
                    .unwrap_or(i64::MAX)
                    .cmp(&y.age_days.unwrap_or(i64::MAX))
            })
            .then_with(|| x.label().cmp(y.label()))
            .then_with(|| x.path.cmp(&y.path))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::requirements;
    use crate::source::SourceFile;

    const REQ: &str = r#"{"task": "Route refund tickets", "decision": "routing",
      "skills": [{"name": "refund-policy", "min_level": "proficient"}],
      "tools": [{"name": "crm", "access": "write"}],
      "rule_out_limits": ["no refunds"]}"#;

    fn profile(skill_level: &str, crm: &str, extra_tool: &str, limits: &str) -> String {
        format!(
            r#"{{"agent_id": "a", "version": "3", "declared_at": "2026-10-01",
              "skills": [{{"name": "refund-policy", "level": "{skill_level}",
                          "evidence": [{{"kind": "test", "ref": "t1"}}, {{"kind": "log", "ref": "l1"}}]}},
                         {{"name": "other", "level": "advanced", "evidence": [{{"kind": "log", "ref": "x"}}]}}],
              "tools": [{{"name": "crm", "access": "{crm}", "evidence": [{{"kind": "log", "ref": "c"}}]}}{extra_tool}],
              "limits": [{limits}]}}"#
        )
    }

    fn judge(text: &str, errors: usize) -> Candidate {
        let req = requirements::parse(&SourceFile::new("r.json", REQ)).unwrap();
        let root = crate::json::parse(text).unwrap();
        let bar = Bar::new(&req, Date::parse_ymd("2026-10-15").unwrap(), 90, 1);
        candidate(&req, bar, "a.profile.json", Some(&root), errors)
    }

    #[test]
    fn rows_verdicts_and_fit() {
        let c = judge(
            &profile(
                "advanced",
                "write",
                "",
                "\"Refunds over 500 EUR go to a person.\"",
            ),
            0,
        );
        assert_eq!(c.fit, Fit::Met);
        assert_eq!(c.age_days, Some(14));
        assert!(!c.stale);
        assert_eq!(c.rows[0].found.as_deref(), Some("advanced"));
        assert_eq!(c.rows[0].evidence, 2);
        assert_eq!(c.rows[1].verdict, Verdict::Met);
        assert_eq!(
            c.to_json()["rows"][1],
            json!({"kind": "tool", "name": "crm", "required": "write", "found": "write", "evidence": 1, "verdict": "met"})
        );

        let c = judge(&profile("basic", "read", "", "\"x\""), 0);
        assert_eq!(c.fit, Fit::Partial);
        assert_eq!(c.rows[0].verdict, Verdict::BelowBar);
        assert_eq!(c.rows[1].verdict, Verdict::BelowBar);
        assert_eq!(c.unmet(), ["skill:refund-policy", "tool:crm"]);

        let c = judge(
            &profile("advanced", "write", "", "\"We handle NO REFUNDS at all\""),
            0,
        );
        assert_eq!(c.fit, Fit::RuledOut);
        assert_eq!(c.ruled_out_by, ["no refunds"]);
        assert_eq!(
            judge(&profile("advanced", "write", "", "\"x\""), 2).fit,
            Fit::Invalid
        );
    }

    #[test]
    fn a_missing_claim_and_excess_access() {
        let text = profile(
            "advanced",
            "execute",
            r#", {"name": "shell", "access": "execute", "evidence": [{"kind": "log", "ref": "s"}]},
                 {"name": "wiki", "access": "read", "evidence": [{"kind": "log", "ref": "w"}]}"#,
            "\"x\"",
        )
        .replace("\"refund-policy\"", "\"refunds\"");
        let c = judge(&text, 0);
        assert_eq!(c.rows[0].verdict, Verdict::Missing);
        assert_eq!(c.rows[0].found, None);
        // crm needs write, has execute: excess; shell is needed by nothing.
        let excess: Vec<_> = c
            .excess_access
            .iter()
            .map(|x| (x.tool.as_str(), x.access.as_str()))
            .collect();
        assert_eq!(excess, [("crm", "execute"), ("shell", "execute")]);
    }

    #[test]
    fn stale_profiles_keep_their_rows() {
        let c = judge(
            &profile("advanced", "write", "", "\"x\"").replace("2026-10-01", "2026-01-01"),
            0,
        );
        assert!(c.stale);
        assert_eq!(c.fit, Fit::Met);
    }

    #[test]
    fn ranking_compares_the_same_fields_never_the_skill_count() {
        let strong = judge(&profile("advanced", "write", "", "\"x\""), 0);
        // More skills, a lower level on the required one.
        let many = {
            let t = profile("proficient", "write", "", "\"x\"").replace("\"a\"", "\"b\"").replace(
                r#"{"name": "other""#,
                r#"{"name": "s1", "level": "advanced", "evidence": [{"kind": "log", "ref": "1"}]},
                   {"name": "s2", "level": "advanced", "evidence": [{"kind": "log", "ref": "2"}]},
                   {"name": "other""#,
            );
            judge(&t, 0)
        };
        let partial = judge(
            &profile("advanced", "read", "", "\"x\"").replace("\"a\"", "\"c\""),
            0,
        );
        let invalid = judge(
            &profile("advanced", "write", "", "\"x\"").replace("\"a\"", "\"d\""),
            1,
        );
        let cands = vec![invalid, partial, many, strong];
        let order: Vec<&str> = ranking(&cands)
            .into_iter()
            .map(|i| cands[i].label())
            .collect();
        assert_eq!(order, ["a", "b", "c", "d"]);
    }
}

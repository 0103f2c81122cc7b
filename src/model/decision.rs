//! Decision records (`*.decision.json`, SPEC §8): what `caplint match
//! --record` writes and `caplint check` audits. The record names the
//! requirements and the assigned profile by path and git blob id, so that
//! the exact revisions can be read again however far the profile has moved
//! since. Parsed with spans, so that every audit finding points at the value
//! it is about.

use crate::date::Date;
use crate::json::{Kind, Member, Value};
use crate::model::matching::{Candidate, Verdict};
use crate::source::Span;
use serde_json::json;

/// The top-level keys of a record, all required.
pub const KEYS: &[&str] = &[
    "decision",
    "task",
    "requirements",
    "as_of",
    "assigned",
    "compared",
    "exceptions",
    "excess_access",
    "limits",
];

/// The keys of `assigned`, all required.
pub const ASSIGNED_KEYS: &[&str] = &["agent_id", "version", "path", "blob", "stale", "rows"];

/// A text with the span of its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// A file named by path and blob id (`blob` is `None` outside git).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revision {
    pub path: Spanned<String>,
    pub blob: Option<Spanned<String>>,
}

/// One recorded row of the match table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedRow {
    pub kind: String,
    pub name: String,
    pub required: String,
    pub found: Option<String>,
    pub evidence: usize,
    pub verdict: String,
    /// The row object.
    pub span: Span,
}

impl RecordedRow {
    pub fn requirement(&self) -> String {
        format!("{}:{}", self.kind, self.name)
    }
}

/// One stated exception.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    pub requirement: Spanned<String>,
    pub reason: Spanned<String>,
}

/// A parsed decision record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub decision: String,
    pub task: String,
    pub requirements: Revision,
    pub as_of: Spanned<Date>,
    pub agent_id: Spanned<String>,
    pub version: Spanned<String>,
    pub profile: Revision,
    pub stale: Spanned<bool>,
    pub rows: Vec<RecordedRow>,
    /// The `rows` list.
    pub rows_span: Span,
    pub exceptions: Vec<Exception>,
    /// The `exceptions` list.
    pub exceptions_span: Span,
}

impl Record {
    /// The exception stated for a requirement, if any.
    pub fn exception(&self, requirement: &str) -> Option<&Exception> {
        self.exceptions
            .iter()
            .find(|e| e.requirement.value == requirement)
    }
}

/// Why a record cannot be read: where, and what.
pub type Invalid = (Span, String);

fn member<'v>(obj: &'v Value, key: &str, what: &str) -> Result<&'v Member, Invalid> {
    obj.get(key)
        .ok_or_else(|| (obj.open_span(), format!("{what} has no `{key}`")))
}

fn text(m: &Member) -> Result<Spanned<String>, Invalid> {
    match m.value.as_str() {
        Some(s) if !s.trim().is_empty() => Ok(Spanned {
            value: s.to_string(),
            span: m.value.span,
        }),
        _ => Err((
            m.value.span,
            format!(
                "`{}` must be a non-empty string, found {}",
                m.key,
                m.value.type_name()
            ),
        )),
    }
}

fn list(m: &Member) -> Result<&[Value], Invalid> {
    m.value.as_array().ok_or_else(|| {
        (
            m.value.span,
            format!("`{}` must be a list, found {}", m.key, m.value.type_name()),
        )
    })
}

fn object(m: &Member) -> Result<&Value, Invalid> {
    match m.value.kind {
        Kind::Object(_) => Ok(&m.value),
        _ => Err((
            m.value.span,
            format!(
                "`{}` must be an object, found {}",
                m.key,
                m.value.type_name()
            ),
        )),
    }
}

/// A `{path, blob}` object; `blob` is a hex id or null.
fn revision(m: &Member) -> Result<Revision, Invalid> {
    let obj = object(m)?;
    let what = format!("`{}`", m.key);
    let path = text(member(obj, "path", &what)?)?;
    let blob_m = member(obj, "blob", &what)?;
    let blob = match &blob_m.value.kind {
        Kind::Null => None,
        Kind::String(s) if s.len() >= 4 && s.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Some(Spanned {
                value: s.to_ascii_lowercase(),
                span: blob_m.value.span,
            })
        }
        _ => {
            return Err((
                blob_m.value.span,
                "`blob` must be a git blob id (hexadecimal) or null".into(),
            ))
        }
    };
    Ok(Revision { path, blob })
}

fn row(v: &Value) -> Result<RecordedRow, Invalid> {
    if v.as_object().is_none() {
        return Err((
            v.span,
            format!("a row must be an object, found {}", v.type_name()),
        ));
    }
    let field = |k: &str| member(v, k, "a row");
    let kind = text(field("kind")?)?;
    if kind.value != "skill" && kind.value != "tool" {
        return Err((kind.span, "a row's `kind` must be `skill` or `tool`".into()));
    }
    let found_m = field("found")?;
    let found = match &found_m.value.kind {
        Kind::Null => None,
        Kind::String(s) => Some(s.clone()),
        _ => {
            return Err((
                found_m.value.span,
                "`found` must be a string or null".into(),
            ))
        }
    };
    let evidence_m = field("evidence")?;
    let evidence = match &evidence_m.value.kind {
        Kind::Number(n) => n.parse::<usize>().ok(),
        _ => None,
    }
    .ok_or_else(|| {
        (
            evidence_m.value.span,
            "`evidence` must be a whole number".to_string(),
        )
    })?;
    let verdict = text(field("verdict")?)?;
    if Verdict::parse(&verdict.value).is_none() {
        return Err((
            verdict.span,
            "`verdict` must be `met`, `missing` or `below bar`".into(),
        ));
    }
    Ok(RecordedRow {
        kind: kind.value,
        name: text(field("name")?)?.value,
        required: text(field("required")?)?.value,
        found,
        evidence,
        verdict: verdict.value,
        span: v.span,
    })
}

/// Reads a record's tree; the error points at the value (or the object
/// that lacks a key).
pub fn parse(root: &Value) -> Result<Record, Invalid> {
    let Some(members) = root.as_object() else {
        return Err((
            root.open_span(),
            format!(
                "a decision record must be an object, found {}",
                root.type_name()
            ),
        ));
    };
    let mut seen: Vec<&str> = Vec::new();
    for m in members {
        if seen.contains(&&*m.key) {
            return Err((m.key_span, format!("`{}` is set twice", m.key)));
        }
        seen.push(&m.key);
    }
    let top = |k: &str| member(root, k, "the record");
    let decision = text(top("decision")?)?.value;
    let task = text(top("task")?)?.value;
    let requirements = revision(top("requirements")?)?;
    let as_of_m = text(top("as_of")?)?;
    let as_of = Date::parse_ymd(&as_of_m.value).ok_or_else(|| {
        (
            as_of_m.span,
            "`as_of` must be a date in YYYY-MM-DD form".to_string(),
        )
    })?;
    let assigned_m = top("assigned")?;
    let assigned = object(assigned_m)?;
    let field = |k: &str| member(assigned, k, "`assigned`");
    let agent_id = text(field("agent_id")?)?;
    let version = text(field("version")?)?;
    let profile = revision(assigned_m)?;
    let stale_m = field("stale")?;
    let stale = match stale_m.value.kind {
        Kind::Bool(b) => Spanned {
            value: b,
            span: stale_m.value.span,
        },
        _ => return Err((stale_m.value.span, "`stale` must be true or false".into())),
    };
    let rows_m = field("rows")?;
    let rows = list(rows_m)?
        .iter()
        .map(row)
        .collect::<Result<Vec<_>, _>>()?;
    let compared = top("compared")?;
    list(compared)?;
    let exceptions_m = top("exceptions")?;
    let mut exceptions = Vec::new();
    for e in list(exceptions_m)? {
        if e.as_object().is_none() {
            return Err((
                e.span,
                "an exception must be an object with `requirement` and `reason`".into(),
            ));
        }
        let requirement = text(member(e, "requirement", "an exception")?)?;
        let reason_m = member(e, "reason", "an exception")?;
        let reason = match reason_m.value.as_str() {
            Some(s) => Spanned {
                value: s.to_string(),
                span: reason_m.value.span,
            },
            None => return Err((reason_m.value.span, "`reason` must be a string".into())),
        };
        exceptions.push(Exception {
            requirement,
            reason,
        });
    }
    list(top("excess_access")?)?;
    list(top("limits")?)?;
    Ok(Record {
        decision,
        task,
        requirements,
        as_of: Spanned {
            value: as_of,
            span: as_of_m.span,
        },
        agent_id,
        version,
        profile,
        stale,
        rows,
        rows_span: rows_m.value.span,
        exceptions,
        exceptions_span: exceptions_m.value.span,
    })
}

/// What `caplint match --record` writes.
pub struct NewRecord<'a> {
    pub decision: &'a str,
    pub task: &'a str,
    pub requirements_path: &'a str,
    pub requirements_blob: Option<String>,
    pub as_of: Date,
    pub assigned: &'a Candidate,
    pub assigned_blob: Option<String>,
    pub compared: Vec<&'a Candidate>,
    /// (requirement, reason).
    pub exceptions: &'a [(String, String)],
}

impl NewRecord<'_> {
    pub fn to_json(&self) -> serde_json::Value {
        let a = self.assigned;
        json!({
            "decision": self.decision,
            "task": self.task,
            "requirements": {"path": self.requirements_path, "blob": self.requirements_blob},
            "as_of": self.as_of.to_string(),
            "assigned": {
                "agent_id": a.agent_id, "version": a.version, "path": a.path,
                "blob": self.assigned_blob, "stale": a.stale,
                "rows": a.rows.iter().map(|r| r.to_json()).collect::<Vec<_>>(),
            },
            "compared": self.compared.iter()
                .map(|c| json!({"agent_id": c.agent_id, "version": c.version, "fit": c.fit.as_str()}))
                .collect::<Vec<_>>(),
            "exceptions": self.exceptions.iter()
                .map(|(r, why)| json!({"requirement": r, "reason": why})).collect::<Vec<_>>(),
            "excess_access": a.excess_access.iter()
                .map(|x| json!({"tool": x.tool, "access": x.access, "guard": null})).collect::<Vec<_>>(),
            "limits": a.limits,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub const RECORD: &str = r#"{"decision": "routing", "task": "Route refund tickets",
 "requirements": {"path": "routing/refunds.requirements.json", "blob": "0123abcd"},
 "as_of": "2026-10-15",
 "assigned": {"agent_id": "support-agent-01", "version": "3",
              "path": "agents/support.profile.json", "blob": null,
              "stale": false, "rows": [{"kind": "tool", "name": "crm", "required": "write",
                                        "found": "read", "evidence": 1, "verdict": "below bar"}]},
 "compared": [],
 "exceptions": [{"requirement": "tool:crm", "reason": "writes go through a person"}],
 "excess_access": [], "limits": []}"#;

    #[test]
    fn a_record_reads_with_its_spans() {
        let v = crate::json::parse(RECORD).unwrap();
        let r = parse(&v).unwrap();
        assert_eq!(r.agent_id.value, "support-agent-01");
        assert_eq!(&RECORD[r.version.span.range()], "\"3\"");
        assert_eq!(r.requirements.blob.as_ref().unwrap().value, "0123abcd");
        assert_eq!(r.profile.blob, None);
        assert_eq!(r.rows[0].requirement(), "tool:crm");
        assert!(r.exception("tool:crm").is_some());
    }

    #[test]
    fn a_missing_or_mistyped_field_points_at_its_object_or_value() {
        let text = RECORD.replace("\"as_of\": \"2026-10-15\",", "");
        let (span, msg) = parse(&crate::json::parse(&text).unwrap()).unwrap_err();
        assert_eq!(msg, "the record has no `as_of`");
        assert_eq!(span.offset, 0);
        let text = RECORD.replace("\"stale\": false", "\"stale\": \"no\"");
        let (span, msg) = parse(&crate::json::parse(&text).unwrap()).unwrap_err();
        assert_eq!(msg, "`stale` must be true or false");
        assert_eq!(&text[span.range()], "\"no\"");
        let text = RECORD.replace("\"below bar\"", "\"fine\"");
        assert!(parse(&crate::json::parse(&text).unwrap()).is_err());
    }
}

//! The claims of a profile — skills (name → level, evidence), tools (name →
//! access, evidence) and limits — as sets, and the difference between two
//! claim sets (its text is in [`text`], its JSON in
//! `crate::render::claims_json`). Order, formatting, key order, whitespace, `notes`
//! and unknown fields are not claims, so they never show up as changes.

pub mod text;

use crate::json::{Kind, Value};
use crate::source::Span;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Evidence entries as a set of (kind, ref). An evidence `date` is not part
/// of the claim.
pub type Evidence = BTreeSet<(String, String)>;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SkillClaim {
    pub level: String,
    pub evidence: Evidence,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolClaim {
    pub access: String,
    pub evidence: Evidence,
    /// Where the access value is (for `history/access-widened`); not a claim.
    pub access_span: Option<Span>,
}

#[derive(Debug, Clone, Default)]
pub struct Claims {
    pub skills: BTreeMap<String, SkillClaim>,
    pub tools: BTreeMap<String, ToolClaim>,
    pub limits: BTreeSet<String>,
}

/// A value as canonical text: strings as themselves (trimmed), anything else
/// as compact JSON with object keys sorted, so formatting never matters.
fn canon(v: &Value) -> String {
    match &v.kind {
        Kind::String(s) => s.trim().to_string(),
        _ => {
            let mut out = String::new();
            canon_json(v, &mut out);
            out
        }
    }
}

fn canon_json(v: &Value, out: &mut String) {
    match &v.kind {
        Kind::Null => out.push_str("null"),
        Kind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Kind::Number(n) => out.push_str(n),
        Kind::String(s) => out.push_str(&serde_json::Value::String(s.clone()).to_string()),
        Kind::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canon_json(item, out);
            }
            out.push(']');
        }
        Kind::Object(members) => {
            let mut sorted: BTreeMap<&str, &Value> = BTreeMap::new();
            for m in members {
                sorted.insert(&m.key, &m.value);
            }
            out.push('{');
            for (i, (k, v)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::Value::String(k.to_string()).to_string());
                out.push(':');
                canon_json(v, out);
            }
            out.push('}');
        }
    }
}

fn evidence_of(entry: &Value) -> Evidence {
    let mut set = Evidence::new();
    let Some(items) = entry.get("evidence").and_then(|m| m.value.as_array()) else {
        return set;
    };
    for item in items {
        match (item.as_object(), item.get("kind"), item.get("ref")) {
            (Some(_), kind, reference) => {
                let kind = kind.map_or_else(String::new, |m| canon(&m.value));
                let reference = reference.map_or_else(String::new, |m| canon(&m.value));
                set.insert((kind, reference));
            }
            _ => {
                set.insert((String::new(), canon(item)));
            }
        }
    }
    set
}

fn entry_name(entry: &Value) -> Option<String> {
    entry
        .get("name")
        .and_then(|m| m.value.as_str())
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

impl Claims {
    /// Extracts the claims of a parsed profile. Entries the file rules reject
    /// (no name, not an object) carry no claim; values of the wrong type are
    /// kept as canonical JSON text so that changing them still counts.
    pub fn of(root: &Value) -> Claims {
        let mut claims = Claims::default();
        let list = |key: &str| root.get(key).and_then(|m| m.value.as_array());
        for entry in list("skills").unwrap_or_default() {
            let Some(name) = entry_name(entry) else {
                continue;
            };
            let level = entry
                .get("level")
                .map_or_else(String::new, |m| canon(&m.value));
            claims.skills.insert(
                name,
                SkillClaim {
                    level,
                    evidence: evidence_of(entry),
                },
            );
        }
        for entry in list("tools").unwrap_or_default() {
            let Some(name) = entry_name(entry) else {
                continue;
            };
            let access = entry.get("access");
            claims.tools.insert(
                name,
                ToolClaim {
                    access: access.map_or_else(String::new, |m| canon(&m.value)),
                    access_span: access.map(|m| m.value.span),
                    evidence: evidence_of(entry),
                },
            );
        }
        for item in list("limits").unwrap_or_default() {
            let text = canon(item);
            if !text.is_empty() {
                claims.limits.insert(text);
            }
        }
        claims
    }
}

/// The rank of a skill level, lowest first.
pub fn level_rank(level: &str) -> Option<u8> {
    super::profile::LEVELS
        .iter()
        .position(|l| *l == level)
        .map(|p| p as u8)
}

/// The rank of a tool access value, lowest first.
pub fn access_rank(access: &str) -> Option<u8> {
    super::profile::ACCESSES
        .iter()
        .position(|a| *a == access)
        .map(|p| p as u8)
}

/// What a piece of evidence is attached to.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Subject {
    Skill(String),
    Tool(String),
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Skill(n) => write!(f, "skill {n}"),
            Subject::Tool(n) => write!(f, "tool {n}"),
        }
    }
}

/// One claim change between two revisions of a profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    SkillAdded {
        name: String,
        level: String,
    },
    SkillRemoved {
        name: String,
        level: String,
    },
    Level {
        name: String,
        from: String,
        to: String,
    },
    ToolAdded {
        name: String,
        access: String,
    },
    ToolRemoved {
        name: String,
        access: String,
    },
    Access {
        name: String,
        from: String,
        to: String,
    },
    EvidenceAdded {
        on: Subject,
        kind: String,
        reference: String,
    },
    EvidenceRemoved {
        on: Subject,
        kind: String,
        reference: String,
    },
    LimitAdded(String),
    LimitRemoved(String),
}

/// Raised, lowered, or moved between values that have no order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Raised,
    Lowered,
    Changed,
}

fn direction(from: Option<u8>, to: Option<u8>) -> Direction {
    match (from, to) {
        (Some(a), Some(b)) if b > a => Direction::Raised,
        (Some(a), Some(b)) if b < a => Direction::Lowered,
        _ => Direction::Changed,
    }
}

impl Change {
    /// Every text the change quotes (for masking secrets before output).
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        match self {
            Change::SkillAdded { name, level } | Change::SkillRemoved { name, level } => {
                vec![name, level]
            }
            Change::ToolAdded { name, access } | Change::ToolRemoved { name, access } => {
                vec![name, access]
            }
            Change::Level { name, from, to } | Change::Access { name, from, to } => {
                vec![name, from, to]
            }
            Change::EvidenceAdded {
                on,
                kind,
                reference,
            }
            | Change::EvidenceRemoved {
                on,
                kind,
                reference,
            } => {
                let (Subject::Skill(n) | Subject::Tool(n)) = on;
                vec![n, kind, reference]
            }
            Change::LimitAdded(s) | Change::LimitRemoved(s) => vec![s],
        }
    }

    /// A stable machine name for JSON output.
    pub fn kind(&self) -> &'static str {
        match self {
            Change::SkillAdded { .. } => "skill-added",
            Change::SkillRemoved { .. } => "skill-removed",
            Change::Level { .. } => match self.direction() {
                Direction::Raised => "level-raised",
                Direction::Lowered => "level-lowered",
                Direction::Changed => "level-changed",
            },
            Change::ToolAdded { .. } => "tool-added",
            Change::ToolRemoved { .. } => "tool-removed",
            Change::Access { .. } => match self.direction() {
                Direction::Raised => "access-raised",
                Direction::Lowered => "access-lowered",
                Direction::Changed => "access-changed",
            },
            Change::EvidenceAdded { .. } => "evidence-added",
            Change::EvidenceRemoved { .. } => "evidence-removed",
            Change::LimitAdded(_) => "limit-added",
            Change::LimitRemoved(_) => "limit-removed",
        }
    }

    pub fn direction(&self) -> Direction {
        match self {
            Change::Level { from, to, .. } => direction(level_rank(from), level_rank(to)),
            Change::Access { from, to, .. } => direction(access_rank(from), access_rank(to)),
            _ => Direction::Changed,
        }
    }

    /// A claim lowered or withdrawn, or a limit newly admitted: what an
    /// honest recheck produces from time to time.
    pub fn is_downgrade(&self) -> bool {
        match self {
            Change::SkillRemoved { .. } | Change::LimitAdded(_) => true,
            Change::ToolRemoved { access, .. } => access_rank(access) != Some(0),
            Change::Level { .. } | Change::Access { .. } => self.direction() == Direction::Lowered,
            _ => false,
        }
    }

    /// Access rose, or a new tool arrived with write or execute access.
    pub fn widens_access(&self) -> bool {
        match self {
            Change::Access { .. } => self.direction() == Direction::Raised,
            Change::ToolAdded { access, .. } => access_rank(access).is_some_and(|r| r >= 2),
            _ => false,
        }
    }

    /// The skill or tool the change is about, if any.
    pub fn subject(&self) -> Option<Subject> {
        match self {
            Change::SkillAdded { name, .. }
            | Change::SkillRemoved { name, .. }
            | Change::Level { name, .. } => Some(Subject::Skill(name.clone())),
            Change::ToolAdded { name, .. }
            | Change::ToolRemoved { name, .. }
            | Change::Access { name, .. } => Some(Subject::Tool(name.clone())),
            Change::EvidenceAdded { on, .. } | Change::EvidenceRemoved { on, .. } => {
                Some(on.clone())
            }
            Change::LimitAdded(_) | Change::LimitRemoved(_) => None,
        }
    }
}

fn evidence_changes(on: Subject, old: &Evidence, new: &Evidence, out: &mut Vec<Change>) {
    for (kind, reference) in new.difference(old) {
        out.push(Change::EvidenceAdded {
            on: on.clone(),
            kind: kind.clone(),
            reference: reference.clone(),
        });
    }
    for (kind, reference) in old.difference(new) {
        out.push(Change::EvidenceRemoved {
            on: on.clone(),
            kind: kind.clone(),
            reference: reference.clone(),
        });
    }
}

/// Every claim change from `old` to `new`, in a stable order: skills, tools,
/// limits.
pub fn diff(old: &Claims, new: &Claims) -> Vec<Change> {
    let mut out = Vec::new();
    let names: BTreeSet<&String> = old.skills.keys().chain(new.skills.keys()).collect();
    for name in names {
        match (old.skills.get(name), new.skills.get(name)) {
            (None, Some(n)) => out.push(Change::SkillAdded {
                name: name.clone(),
                level: n.level.clone(),
            }),
            (Some(o), None) => out.push(Change::SkillRemoved {
                name: name.clone(),
                level: o.level.clone(),
            }),
            (Some(o), Some(n)) => {
                if o.level != n.level {
                    out.push(Change::Level {
                        name: name.clone(),
                        from: o.level.clone(),
                        to: n.level.clone(),
                    });
                }
                evidence_changes(
                    Subject::Skill(name.clone()),
                    &o.evidence,
                    &n.evidence,
                    &mut out,
                );
            }
            (None, None) => {}
        }
    }
    let names: BTreeSet<&String> = old.tools.keys().chain(new.tools.keys()).collect();
    for name in names {
        match (old.tools.get(name), new.tools.get(name)) {
            (None, Some(n)) => out.push(Change::ToolAdded {
                name: name.clone(),
                access: n.access.clone(),
            }),
            (Some(o), None) => out.push(Change::ToolRemoved {
                name: name.clone(),
                access: o.access.clone(),
            }),
            (Some(o), Some(n)) => {
                if o.access != n.access {
                    out.push(Change::Access {
                        name: name.clone(),
                        from: o.access.clone(),
                        to: n.access.clone(),
                    });
                }
                evidence_changes(
                    Subject::Tool(name.clone()),
                    &o.evidence,
                    &n.evidence,
                    &mut out,
                );
            }
            (None, None) => {}
        }
    }
    for l in new.limits.difference(&old.limits) {
        out.push(Change::LimitAdded(l.clone()));
    }
    for l in old.limits.difference(&new.limits) {
        out.push(Change::LimitRemoved(l.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(text: &str) -> Claims {
        Claims::of(&crate::json::parse(text).unwrap())
    }

    const BASE: &str = r#"{
      "skills": [
        {"name": "web-search", "level": "proficient", "evidence": [{"kind": "log", "ref": "run-1"}]},
        {"name": "data-cleaning", "level": "advanced", "evidence": [{"kind": "test", "ref": "t-1"}, {"kind": "artifact", "ref": "a-1"}]}
      ],
      "tools": [{"name": "browser", "access": "read", "evidence": [{"kind": "log", "ref": "b-1"}]}],
      "limits": ["No access to private mailboxes.", "Python only."],
      "notes": "x"
    }"#;

    #[test]
    fn order_formatting_and_notes_are_not_changes() {
        let shuffled = r#"{"notes": "something else", "extra": 1,
          "limits": ["Python only.", "  No access to private mailboxes. "],
          "tools": [{"evidence": [{"ref": "b-1", "kind": "log", "date": "2026-01-01"}], "access": "read", "name": "browser"}],
          "skills": [
            {"name": "data-cleaning", "evidence": [{"kind": "artifact", "ref": "a-1"}, {"kind": "test", "ref": "t-1"}], "level": "advanced"},
            {"level": "proficient", "name": "web-search", "evidence": [{"kind": "log", "ref": "run-1"}]}
          ]}"#;
        assert_eq!(diff(&claims(BASE), &claims(shuffled)), vec![]);
    }

    #[test]
    fn lists_every_kind_of_change() {
        let head = r#"{
          "skills": [
            {"name": "web-search", "level": "advanced", "evidence": [{"kind": "log", "ref": "run-1"}, {"kind": "test", "ref": "hard-1"}]},
            {"name": "code-review", "level": "basic", "evidence": [{"kind": "log", "ref": "cr-1"}]}
          ],
          "tools": [
            {"name": "browser", "access": "write", "evidence": [{"kind": "log", "ref": "b-1"}]},
            {"name": "shell", "access": "execute", "evidence": [{"kind": "test", "ref": "sh-1"}]}
          ],
          "limits": ["Python only.", "Files up to 10 MB."]
        }"#;
        let changes = diff(&claims(BASE), &claims(head));
        let text: Vec<String> = changes.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            vec![
                "skill code-review added (basic)",
                "skill data-cleaning removed (was advanced)",
                "skill web-search: level proficient → advanced",
                "evidence added to skill web-search: test hard-1",
                "tool browser: access read → write",
                "tool shell added (execute)",
                "limit added: \"Files up to 10 MB.\"",
                "limit removed: \"No access to private mailboxes.\"",
            ]
        );
        let widening: Vec<_> = changes.iter().filter(|c| c.widens_access()).collect();
        assert_eq!(widening.len(), 2);
        let downgrades: Vec<String> = changes
            .iter()
            .filter(|c| c.is_downgrade())
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            downgrades,
            vec![
                "skill data-cleaning removed (was advanced)",
                "limit added: \"Files up to 10 MB.\""
            ]
        );
        assert_eq!(changes[2].kind(), "level-raised");
        assert_eq!(changes[4].kind(), "access-raised");
    }

    #[test]
    fn lowered_levels_and_access_are_downgrades() {
        let head = BASE
            .replace("\"proficient\"", "\"basic\"")
            .replace("\"read\"", "\"none\"");
        let changes = diff(&claims(BASE), &claims(&head));
        assert!(changes.iter().all(Change::is_downgrade), "{changes:?}");
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0].kind(), "level-lowered");
        assert_eq!(changes[1].kind(), "access-lowered");
    }

    #[test]
    fn wrong_types_still_count_as_claims() {
        let a = claims(r#"{"skills": [{"name": "x", "level": ["basic"]}], "limits": [3]}"#);
        let b = claims(r#"{"skills": [{"name": "x", "level": ["advanced"]}], "limits": [4]}"#);
        let changes = diff(&a, &b);
        assert_eq!(changes.len(), 3, "{changes:?}");
        assert_eq!(changes[0].direction(), Direction::Changed);
    }
}

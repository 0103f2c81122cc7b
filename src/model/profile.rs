//! The capability profile format (`*.profile.json`): its keys and allowed
//! values, the strict JSON parse, and typed views of a parsed profile (its
//! skill and tool entries, their evidence) that the `profile/*` rules and the
//! history review share. Knows nothing of rules or findings.

use crate::date::Date;
use crate::json::{self, Member, Value};
use crate::source::Span;

pub const LEVELS: &[&str] = &["basic", "proficient", "advanced"];
pub const ACCESSES: &[&str] = &["none", "read", "write", "execute"];
pub const KINDS: &[&str] = &["link", "artifact", "test", "log"];
pub const REQUIRED: &[&str] = &[
    "agent_id",
    "version",
    "declared_at",
    "skills",
    "tools",
    "limits",
];
pub const TOP_LEVEL_KEYS: &[&str] = &[
    "agent_id",
    "version",
    "declared_at",
    "skills",
    "tools",
    "limits",
    "notes",
    "retired_at",
    "$schema",
];
pub const SKILL_KEYS: &[&str] = &["name", "level", "evidence"];
pub const TOOL_KEYS: &[&str] = &["name", "access", "evidence"];
pub const EVIDENCE_KEYS: &[&str] = &["kind", "ref", "date"];

/// Parses a profile's text as strict JSON. The format's keys (those of the
/// most numerous objects first) are borrowed instead of allocated.
pub fn parse_json(text: &str) -> Result<Value, json::Error> {
    static KEYS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        let mut all: Vec<&'static str> = Vec::new();
        for list in [EVIDENCE_KEYS, SKILL_KEYS, TOOL_KEYS, TOP_LEVEL_KEYS] {
            for &k in list {
                if !all.contains(&k) {
                    all.push(k);
                }
            }
        }
        all
    });
    json::parse_with_keys(text, keys)
}

/// Why a profile's text gave no JSON tree.
#[derive(Debug, Clone)]
pub enum ParseFailure {
    /// The file is not UTF-8: the byte offset of the first bad byte (the
    /// text holds U+FFFD there).
    BadUtf8(usize),
    /// Nothing but white space.
    Empty,
    /// Not strict JSON.
    Json(json::Error),
}

/// Parses a profile's text; `bad_utf8` is the offset of the first byte that
/// was not UTF-8, if any.
pub fn parse(text: &str, bad_utf8: Option<usize>) -> Result<Value, ParseFailure> {
    if let Some(offset) = bad_utf8 {
        return Err(ParseFailure::BadUtf8(offset));
    }
    if text.trim().is_empty() {
        return Err(ParseFailure::Empty);
    }
    parse_json(text).map_err(ParseFailure::Json)
}

/// A string value that is not blank.
pub fn non_empty_str(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| !s.trim().is_empty())
}

/// The `agent_id` of a parsed profile with its span, if it is a usable string.
pub fn agent_id(root: &Value) -> Option<(&str, Span)> {
    let m = root.get("agent_id")?;
    non_empty_str(&m.value).map(|s| (s, m.value.span))
}

/// The `declared_at` string of a profile with its span, if it is a string.
pub fn declared_at(root: &Value) -> Option<(&str, Span)> {
    let m = root.get("declared_at")?;
    m.value.as_str().map(|s| (s, m.value.span))
}

/// `declared_at` as a date, with the span of its value, when it is one
/// (a value that is not is `profile/invalid-date`'s); and its age in days
/// on `as_of` (negative when it is after).
pub fn declared_age(root: &Value, as_of: Date) -> Option<(Date, i64, Span)> {
    let (text, span) = declared_at(root)?;
    let declared = Date::parse_ymd(text)?;
    Some((declared, as_of.days_since(declared), span))
}

/// Whether the profile says it is retired (`retired_at` is a string).
pub fn is_retired(root: &Value) -> bool {
    root.get("retired_at")
        .is_some_and(|m| m.value.as_str().is_some())
}

/// The `limits` member and its items, when `limits` is a list.
pub fn limits(root: &Value) -> Option<(&Member, &[Value])> {
    let m = root.get("limits")?;
    m.value.as_array().map(|items| (m, items))
}

/// The two lists of claims a profile makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Skill,
    Tool,
}

impl EntryKind {
    /// Both kinds, in the order a profile is checked.
    pub const ALL: [EntryKind; 2] = [EntryKind::Skill, EntryKind::Tool];

    /// What messages call one entry.
    pub fn noun(self) -> &'static str {
        match self {
            EntryKind::Skill => "skill",
            EntryKind::Tool => "tool",
        }
    }

    /// The top-level key of the list.
    pub fn list(self) -> &'static str {
        match self {
            EntryKind::Skill => "skills",
            EntryKind::Tool => "tools",
        }
    }

    /// The key of the entry's enumerated attribute.
    pub fn attr(self) -> &'static str {
        match self {
            EntryKind::Skill => "level",
            EntryKind::Tool => "access",
        }
    }

    /// The values the attribute allows.
    pub fn allowed(self) -> &'static [&'static str] {
        match self {
            EntryKind::Skill => LEVELS,
            EntryKind::Tool => ACCESSES,
        }
    }

    /// The keys an entry may have.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            EntryKind::Skill => SKILL_KEYS,
            EntryKind::Tool => TOOL_KEYS,
        }
    }

    /// The list's member and items, when the list is a JSON list.
    pub fn items(self, root: &Value) -> Option<(&Member, &[Value])> {
        let m = root.get(self.list())?;
        m.value.as_array().map(|items| (m, items))
    }

    /// The list's entries that are objects, in order.
    pub fn entries(self, root: &Value) -> impl Iterator<Item = Entry<'_>> {
        self.items(root)
            .map_or(&[][..], |(_, items)| items)
            .iter()
            .filter(|v| v.as_object().is_some())
            .map(move |value| Entry { kind: self, value })
    }
}

/// One skill or tool entry that is a JSON object.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'v> {
    pub kind: EntryKind,
    pub value: &'v Value,
}

impl<'v> Entry<'v> {
    pub fn members(&self) -> &'v [Member] {
        self.value.as_object().unwrap_or_default()
    }

    /// The entry's `name` with its span, if it is a non-empty string.
    pub fn name(&self) -> Option<(&'v str, Span)> {
        let m = self.value.get("name")?;
        non_empty_str(&m.value).map(|n| (n, m.value.span))
    }

    /// The `level` or `access`, if it is one of the allowed values.
    pub fn attr(&self) -> Option<&'v str> {
        let v = self.value.get(self.kind.attr())?.value.as_str()?;
        self.kind.allowed().contains(&v).then_some(v)
    }

    /// Whether the claim needs evidence: every skill, and a tool whose
    /// access is valid and not `none`.
    pub fn needs_evidence(&self) -> bool {
        match self.kind {
            EntryKind::Skill => true,
            EntryKind::Tool => self.attr().is_some_and(|a| a != "none"),
        }
    }

    /// The `evidence` member, if any.
    pub fn evidence_member(&self) -> Option<&'v Member> {
        self.value.get("evidence")
    }

    /// The evidence entries that are objects, when `evidence` is a list.
    pub fn evidence(&self) -> impl Iterator<Item = &'v Value> {
        self.evidence_member()
            .and_then(|m| m.value.as_array())
            .unwrap_or_default()
            .iter()
            .filter(|e| e.as_object().is_some())
    }

    /// How many evidence entries are well formed (see [`usable_evidence`]).
    pub fn usable_evidence(&self) -> usize {
        self.evidence().filter(|e| usable_evidence(e)).count()
    }
}

/// Whether an evidence object is well formed: a known `kind`, a non-empty
/// `ref`, and no `date` or a real YYYY-MM-DD one.
pub fn usable_evidence(e: &Value) -> bool {
    let kind = e
        .get("kind")
        .and_then(|k| k.value.as_str())
        .is_some_and(|k| KINDS.contains(&k));
    let reference = e
        .get("ref")
        .is_some_and(|r| non_empty_str(&r.value).is_some());
    let date = match e.get("date") {
        None => true,
        Some(d) => d.value.as_str().and_then(Date::parse_ymd).is_some(),
    };
    kind && reference && date
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_tells_the_three_failures_apart() {
        assert!(matches!(
            parse("{}", Some(3)),
            Err(ParseFailure::BadUtf8(3))
        ));
        assert!(matches!(parse(" \n", None), Err(ParseFailure::Empty)));
        match parse("{\"a\": 1,}", None) {
            Err(ParseFailure::Json(e)) => assert_eq!(e.offset, 7),
            other => panic!("{other:?}"),
        }
        assert!(parse("{\"a\": 1}", None).is_ok());
    }

    #[test]
    fn entries_and_their_evidence() {
        let v = parse_json(
            r#"{"agent_id": " ", "skills": ["x", {"name": "a", "level": "basic",
                 "evidence": [{"kind": "log", "ref": "r"}, {"kind": "log", "ref": ""},
                              {"kind": "log", "ref": "r", "date": "2026-02-30"}, 3]}],
                "tools": [{"name": "b", "access": "none"}, {"access": "reed"}]}"#,
        )
        .unwrap();
        assert_eq!(agent_id(&v), None);
        let skills: Vec<_> = EntryKind::Skill.entries(&v).collect();
        assert_eq!(skills.len(), 1);
        assert_eq!(skills[0].name().map(|(n, _)| n), Some("a"));
        assert_eq!(skills[0].attr(), Some("basic"));
        assert_eq!(skills[0].evidence().count(), 3);
        assert_eq!(skills[0].usable_evidence(), 1);
        assert!(skills[0].needs_evidence());
        let tools: Vec<_> = EntryKind::Tool.entries(&v).collect();
        assert!(!tools[0].needs_evidence());
        assert_eq!(tools[1].name(), None);
        assert!(!tools[1].needs_evidence());
    }
}

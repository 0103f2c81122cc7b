//! The text of claim changes: one line per change, and a summary line for
//! the history rules' messages. A quoted limit has its secrets masked
//! before it is cut short.

use super::{Change, Subject};
use std::collections::BTreeMap;
use std::fmt;

fn show(s: &str) -> String {
    if s.is_empty() {
        "(none)".into()
    } else {
        s.to_string()
    }
}

/// A limit for a message: secrets masked first, then cut to 80 characters.
fn show_limit(s: &str) -> String {
    let s = crate::redact::mask_value(s);
    let s = s.as_ref();
    let mut t: String = s.chars().take(80).collect();
    if s.chars().count() > 80 {
        t.push('…');
    }
    format!("\"{t}\"")
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arrow = |f: &mut fmt::Formatter<'_>, what: &str, from: &str, to: &str| {
            write!(f, "{what} {} → {}", show(from), show(to))
        };
        match self {
            Change::SkillAdded { name, level } => write!(f, "skill {name} added ({})", show(level)),
            Change::SkillRemoved { name, level } => {
                write!(f, "skill {name} removed (was {})", show(level))
            }
            Change::Level { name, from, to } => arrow(f, &format!("skill {name}: level"), from, to),
            Change::ToolAdded { name, access } => {
                write!(f, "tool {name} added ({})", show(access))
            }
            Change::ToolRemoved { name, access } => {
                write!(f, "tool {name} removed (was {})", show(access))
            }
            Change::Access { name, from, to } => {
                arrow(f, &format!("tool {name}: access"), from, to)
            }
            Change::EvidenceAdded {
                on,
                kind,
                reference,
            } => write!(f, "evidence added to {on}: {} {reference}", show(kind)),
            Change::EvidenceRemoved {
                on,
                kind,
                reference,
            } => write!(f, "evidence removed from {on}: {} {reference}", show(kind)),
            Change::LimitAdded(l) => write!(f, "limit added: {}", show_limit(l)),
            Change::LimitRemoved(l) => write!(f, "limit removed: {}", show_limit(l)),
        }
    }
}

/// The changes as one line for a message: `a; b; c; and 4 more`. Evidence
/// changes on the same skill or tool are folded together.
pub fn summarize(changes: &[Change], max: usize) -> String {
    let mut parts: Vec<String> = Vec::new();
    // (subject, removed?) → count: additions first, per skill or tool.
    let mut folded: BTreeMap<(Subject, bool), usize> = BTreeMap::new();
    for c in changes {
        match c {
            Change::EvidenceAdded { on, .. } => {
                *folded.entry((on.clone(), false)).or_default() += 1
            }
            Change::EvidenceRemoved { on, .. } => {
                *folded.entry((on.clone(), true)).or_default() += 1
            }
            _ => parts.push(c.to_string()),
        }
    }
    for ((on, removed), n) in folded {
        let added = !removed;
        let what = if n == 1 {
            "evidence".to_string()
        } else {
            format!("{n} evidence entries")
        };
        parts.push(if added {
            format!("{what} added to {on}")
        } else {
            format!("{what} removed from {on}")
        });
    }
    if parts.len() > max {
        let rest = parts.len() - max;
        parts.truncate(max);
        parts.push(format!("and {rest} more"));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::claims::{diff, Claims};

    fn claims(text: &str) -> Claims {
        Claims::of(&crate::json::parse(text).unwrap())
    }

    #[test]
    fn summary_folds_evidence_and_truncates() {
        let base = r#"{"skills": [{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "run-1"}]}]}"#;
        let head = base.replace(
            r#"{"kind": "log", "ref": "run-1"}"#,
            r#"{"kind": "log", "ref": "run-2"}, {"kind": "log", "ref": "run-3"}"#,
        );
        let changes = diff(&claims(base), &claims(&head));
        assert_eq!(changes.len(), 3);
        assert_eq!(
            summarize(&changes, 5),
            "2 evidence entries added to skill web-search; evidence removed from skill web-search"
        );
        assert_eq!(
            summarize(&changes, 1),
            "2 evidence entries added to skill web-search; and 1 more"
        );
    }

    #[test]
    fn long_limits_are_cut_and_empty_values_shown() {
        let long = "x".repeat(100);
        let c = Change::LimitAdded(long);
        assert_eq!(
            c.to_string(),
            format!("limit added: \"{}…\"", "x".repeat(80))
        );
        let c = Change::Level {
            name: "a".into(),
            from: String::new(),
            to: "basic".into(),
        };
        assert_eq!(c.to_string(), "skill a: level (none) → basic");
    }
}

//! What every `profile/*` rule is given, and the helpers several of them
//! share: the check trait, the context of one parsed profile, the message
//! formatting of values and entries, and the first-occurrence table the
//! duplicate checks use.
//!
//! The engine parses a profile (see `invalid_json::parse`), then calls
//! [`ProfileRule::file`] of every rule in `CHECKS` on the tree, and once all
//! profiles are read, [`ProfileRule::repository`] with each profile's
//! `agent_id`.

use crate::date::Date;
use crate::diagnostic::{did_you_mean, Diagnostic, Rule};
use crate::json::{Kind, Member, Value};
use crate::model::profile::Entry;
use crate::source::{SourceFile, Span};
use foldhash::HashMap;

/// The check of one `profile/*` rule. A rule implements the methods it
/// needs; the others find nothing. Each rule walks the parts of the tree it
/// checks through the views of [`crate::model::profile`] (entries, their
/// evidence); the order in which rules find does not matter, as the report
/// sorts its findings.
pub trait ProfileRule {
    /// Checks one profile that parsed as JSON.
    fn file(&self, _cx: &ProfileCx<'_>, _out: &mut Vec<Diagnostic>) {}

    /// Checks what the profiles of the repository declare together.
    fn repository(&self, _profiles: &[ProfileId<'_>], _out: &mut Vec<Diagnostic>) {}
}

/// One parsed profile, with the settings of the run the rules read (the
/// engine takes them from `config::Settings`; the rules do not depend on
/// the configuration's module).
pub struct ProfileCx<'a> {
    pub source: &'a SourceFile,
    pub root: &'a Value,
    /// The date freshness is judged on (`--as-of`, or today).
    pub as_of: Date,
    /// The configuration's `freshness_days`.
    pub freshness_days: i64,
    /// The configuration's `min_evidence`.
    pub min_evidence: usize,
}

impl<'a> ProfileCx<'a> {
    /// A finding of `rule` in this profile.
    pub fn diag(&self, rule: &'static Rule, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(rule, &self.source.path, message)
    }

    /// The top-level members, when the profile is an object (if it is not,
    /// `profile/not-an-object` says so and the field rules find nothing).
    pub fn members(&self) -> Option<&'a [Member]> {
        self.root.as_object()
    }
}

/// A profile's usable `agent_id`, where it is declared.
#[derive(Debug, Clone, Copy)]
pub struct ProfileId<'a> {
    pub path: &'a str,
    pub agent_id: &'a str,
    pub span: Span,
}

/// An entry as messages name it (skill `web-search`, this tool): written
/// only when a message needs it, not for every entry of every profile.
pub struct EntryLabel<'a> {
    noun: &'static str,
    name: Option<&'a str>,
}

impl<'a> EntryLabel<'a> {
    pub fn of(entry: &Entry<'a>) -> Self {
        EntryLabel {
            noun: entry.kind.noun(),
            name: entry.name().map(|(n, _)| n),
        }
    }
}

impl std::fmt::Display for EntryLabel<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name {
            Some(n) => write!(f, "{} {}", self.noun, quote(n)),
            None => write!(f, "this {}", self.noun),
        }
    }
}

/// A value for a message, in back-ticks: secrets masked first, then cut to
/// 80 characters (cut first, a secret would keep its head).
pub fn quote(s: &str) -> String {
    let s = crate::redact::mask_value(s);
    let s = s.as_ref();
    let mut q = String::from("`");
    for c in s.chars().take(80) {
        if c.is_control() {
            q.extend(c.escape_default());
        } else {
            q.push(c);
        }
    }
    if s.chars().count() > 80 {
        q.push('…');
    }
    q.push('`');
    q
}

/// A short description of a JSON value for messages.
pub fn show(v: &Value) -> String {
    match &v.kind {
        Kind::String(s) => format!("\"{}\"", quote(s).trim_matches('`')),
        Kind::Number(n) => n.clone(),
        Kind::Bool(b) => b.to_string(),
        Kind::Null => "null".into(),
        Kind::Array(_) => "a list".into(),
        Kind::Object(_) => "an object".into(),
    }
}

/// `profile/invalid-level` and `profile/invalid-access`: the entry's
/// `level` or `access` is missing or not one of its allowed values.
pub fn check_attr(
    cx: &ProfileCx<'_>,
    rule: &'static Rule,
    entry: &Entry<'_>,
) -> Option<Diagnostic> {
    let key = entry.kind.attr();
    let allowed = entry.kind.allowed();
    let item = entry.value;
    let label = EntryLabel::of(entry);
    let Some(m) = item.get(key) else {
        return Some(
            cx.diag(rule, format!("{label} has no `{key}`"))
                .at(item.open_span())
                .label(format!("no `{key}` in this entry"))
                .help(format!("add \"{key}\": one of {}", allowed.join(", "))),
        );
    };
    match m.value.as_str() {
        Some(v) if allowed.contains(&v) => None,
        other => {
            let help = other
                .and_then(|v| did_you_mean(v, allowed.iter().copied()))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| format!("use one of: {}", allowed.join(", ")));
            Some(
                cx.diag(
                    rule,
                    format!(
                        "{label}: `{key}` {} is not one of {}",
                        show(&m.value),
                        allowed.join(", ")
                    ),
                )
                .at(m.value.span)
                .label(format!("invalid {key}"))
                .help(help),
            )
        }
    }
}

/// The first occurrence of each key of an object or name of a list: a short
/// list searched in place (no hashing or allocation for the few keys a
/// profile's objects have), and a hash map once it grows, so an object with
/// a hundred thousand keys costs no more than reading it.
pub struct FirstSeen<'a, V> {
    few: Vec<(&'a str, V)>,
    many: HashMap<&'a str, V>,
}

impl<V> Default for FirstSeen<'_, V> {
    fn default() -> Self {
        Self {
            few: Vec::new(),
            many: HashMap::default(),
        }
    }
}

impl<'a, V: Copy> FirstSeen<'a, V> {
    /// Above this many keys, a hash map.
    const FEW: usize = 16;

    pub fn clear(&mut self) {
        self.few.clear();
        self.many.clear();
    }

    /// The value first recorded for `key`, or `None` after recording `value`.
    pub fn first(&mut self, key: &'a str, value: V) -> Option<V> {
        if self.many.is_empty() {
            if let Some((_, v)) = self.few.iter().find(|(k, _)| *k == key) {
                return Some(*v);
            }
            if self.few.len() < Self::FEW {
                self.few.push((key, value));
                return None;
            }
            self.many.extend(self.few.drain(..));
        }
        match self.many.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(value);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_seen_finds_repeats_below_and_above_the_hash_map_threshold() {
        let keys: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
        let mut seen = FirstSeen::default();
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(seen.first(k, i), None, "{k} is new");
        }
        // Every key, whether recorded in the short list or the map, answers
        // with the value it was first recorded with.
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(seen.first(k, 1000 + i), Some(i), "{k} was seen");
        }
        seen.clear();
        assert_eq!(seen.first("k3", 7), None);
        assert_eq!(seen.first("k3", 8), Some(7));
    }

    #[test]
    fn quote_masks_escapes_and_cuts() {
        assert_eq!(quote("a\nb"), "`a\\nb`");
        let long = "x".repeat(100);
        assert_eq!(quote(&long), format!("`{}…`", "x".repeat(80)));
    }
}

//! `profile/*`: single-file and cross-file checks of capability profiles.

#[allow(unused_imports)]
use super::*;
use crate::config::Settings;
use crate::date::Date;
use crate::diagnostic::{did_you_mean, Diagnostic};
use crate::json::{self, Kind, Member, Value};
use crate::source::{SourceFile, Span};
use foldhash::HashMap;

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
const SKILL_KEYS: &[&str] = &["name", "level", "evidence"];
const TOOL_KEYS: &[&str] = &["name", "access", "evidence"];
const EVIDENCE_KEYS: &[&str] = &["kind", "ref", "date"];
/// Parses a profile's text as strict JSON. The format's keys (those of the
/// most numerous objects first) are borrowed instead of allocated.
pub fn parse_json(text: &str) -> Result<json::Value, json::Error> {
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

/// A parsed profile: the JSON tree, or the parse failure already reported.
#[derive(Debug, Clone)]
pub struct ParsedProfile {
    pub value: Option<Value>,
}

/// Parses a profile source. Returns the tree (if it parsed) and the
/// `invalid-json` finding (if not).
pub fn parse(source: &SourceFile, bad_utf8: Option<usize>) -> (Option<Value>, Option<Diagnostic>) {
    if let Some(offset) = bad_utf8 {
        // The text holds U+FFFD (three bytes) where the bad byte was.
        let d = Diagnostic::new(INVALID_JSON, &source.path, "the file is not valid UTF-8")
            .at(source.char_span_at(offset))
            .label("invalid byte here")
            .help("profiles must be UTF-8 encoded JSON");
        return (None, Some(d));
    }
    if source.text.trim().is_empty() {
        return (
            None,
            Some(
                Diagnostic::new(INVALID_JSON, &source.path, "the file is empty").help(
                    "a profile is a JSON object; see `caplint explain profile/missing-field`",
                ),
            ),
        );
    }
    match parse_json(&source.text) {
        Ok(v) => (Some(v), None),
        Err(e) => {
            let d = Diagnostic::new(
                INVALID_JSON,
                &source.path,
                format!("invalid JSON: {}", e.message),
            )
            .at(source.char_span_at(e.offset))
            .label(e.message.clone())
            .maybe_help(e.help);
            (None, Some(d))
        }
    }
}

/// Every single-file profile rule on a parsed tree.
pub fn check(source: &SourceFile, root: &Value, settings: &Settings) -> Vec<Diagnostic> {
    let mut c = Checker {
        source,
        settings,
        out: Vec::new(),
    };
    c.duplicate_keys(root);
    c.top(root);
    c.out
}

struct Checker<'a> {
    source: &'a SourceFile,
    settings: &'a Settings,
    out: Vec<Diagnostic>,
}

/// An entry as messages name it (skill `web-search`, this tool): written
/// only when a message needs it, not for every entry of every profile.
struct EntryLabel<'a> {
    noun: &'static str,
    name: Option<&'a str>,
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
fn quote(s: &str) -> String {
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
fn show(v: &Value) -> String {
    match &v.kind {
        Kind::String(s) => format!("\"{}\"", quote(s).trim_matches('`')),
        Kind::Number(n) => n.clone(),
        Kind::Bool(b) => b.to_string(),
        Kind::Null => "null".into(),
        Kind::Array(_) => "a list".into(),
        Kind::Object(_) => "an object".into(),
    }
}

fn non_empty_str(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| !s.trim().is_empty())
}

/// The first occurrence of each key of an object or name of a list: a short
/// list searched in place (no hashing or allocation for the few keys a
/// profile's objects have), and a hash map once it grows, so an object with
/// a hundred thousand keys costs no more than reading it.
struct FirstSeen<'a, V> {
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

    fn clear(&mut self) {
        self.few.clear();
        self.many.clear();
    }

    /// The value first recorded for `key`, or `None` after recording `value`.
    fn first(&mut self, key: &'a str, value: V) -> Option<V> {
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

impl Checker<'_> {
    fn push(&mut self, d: Diagnostic) {
        self.out.push(d);
    }

    fn diag(&self, rule: &'static Rule, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(rule, &self.source.path, message)
    }

    fn duplicate_keys(&mut self, root: &Value) {
        let mut stack = vec![root];
        let mut first_of = FirstSeen::default();
        while let Some(v) = stack.pop() {
            match &v.kind {
                Kind::Object(members) => {
                    first_of.clear();
                    for m in members {
                        if let Some(first) = first_of.first(m.key.as_ref(), m) {
                            let d = self
                                .diag(
                                    DUPLICATE_KEY,
                                    format!(
                                        "key {} appears more than once in this object",
                                        quote(&m.key)
                                    ),
                                )
                                .at(m.key_span)
                                .label("repeated here")
                                .with_label(first.key_span, "first defined here")
                                .help("readers disagree on which value wins; keep one entry");
                            self.push(d);
                        }
                        stack.push(&m.value);
                    }
                }
                Kind::Array(items) => stack.extend(items.iter()),
                _ => {}
            }
        }
    }

    fn top(&mut self, root: &Value) {
        let Some(members) = root.as_object() else {
            let d = self
                .diag(NOT_AN_OBJECT, format!("a profile must be a JSON object, found {}", root.type_name()))
                .at(root.open_span())
                .label("expected `{`")
                .help("a profile is one object with agent_id, version, declared_at, skills, tools and limits");
            self.push(d);
            return;
        };
        let brace = root.open_span();
        for key in REQUIRED {
            if root.get(key).is_none() {
                let misspelt = members.iter().find(|m| {
                    !TOP_LEVEL_KEYS.contains(&m.key.as_ref())
                        && did_you_mean(&m.key, [*key]).is_some()
                });
                let help = match misspelt {
                    Some(m) => format!("found {} — did you mean `{key}`?", quote(&m.key)),
                    None => format!("add `\"{key}\"` to the profile"),
                };
                let d = self
                    .diag(MISSING_FIELD, format!("missing required field `{key}`"))
                    .at(brace)
                    .label(format!("`{key}` missing from this object"))
                    .help(help);
                self.push(d);
            }
        }
        for m in members {
            if !TOP_LEVEL_KEYS.contains(&m.key.as_ref()) {
                self.unknown_field(m, TOP_LEVEL_KEYS, "profile");
            }
        }
        for key in ["agent_id", "version", "declared_at"] {
            if let Some(m) = root.get(key) {
                self.non_empty_string_field(m);
            }
        }
        for key in ["notes", "retired_at"] {
            if let Some(m) = root.get(key) {
                if m.value.as_str().is_none()
                    && !(key == "notes" && matches!(m.value.kind, Kind::Null))
                {
                    let d = self
                        .diag(
                            FIELD_TYPE,
                            format!("`{key}` must be a string, found {}", m.value.type_name()),
                        )
                        .at(m.value.span)
                        .label("expected a string");
                    self.push(d);
                }
            }
        }
        let retired = root
            .get("retired_at")
            .and_then(|m| m.value.as_str())
            .map(|s| (s, root.get("retired_at").map(|m| m.value.span)));
        if let Some((text, Some(span))) = retired {
            self.date_value(text, span, "retired_at");
        }
        if let Some(m) = root.get("declared_at") {
            if let Some(text) = m.value.as_str() {
                if let Some(date) = self.date_value(text, m.value.span, "declared_at") {
                    self.freshness(date, m.value.span, retired.is_some());
                }
            }
        }
        if let Some(m) = root.get("skills") {
            if let Some(items) = self.list_field(m) {
                self.entries(items, EntryKind::Skill);
            }
        }
        if let Some(m) = root.get("tools") {
            if let Some(items) = self.list_field(m) {
                self.entries(items, EntryKind::Tool);
            }
        }
        if let Some(m) = root.get("limits") {
            if let Some(items) = self.list_field(m) {
                if items.is_empty() {
                    let d = self
                        .diag(EMPTY_LIMITS, "`limits` is empty: no limits declared")
                        .at(m.value.span)
                        .label("empty list")
                        .help("every agent has limits; write the one or two that exist, as testable statements");
                    self.push(d);
                }
                for item in items {
                    if non_empty_str(item).is_none() {
                        let what = if item.as_str().is_some() {
                            "an empty string".to_string()
                        } else {
                            item.type_name().to_string()
                        };
                        let d = self
                            .diag(
                                INVALID_LIMIT,
                                format!("a limit must be a non-empty string, found {what}"),
                            )
                            .at(item.span)
                            .label("not a limit statement")
                            .help("write each limit as a short plain sentence");
                        self.push(d);
                    }
                }
            }
        }
    }

    fn unknown_field(&mut self, m: &Member, known: &[&str], what: &str) {
        let meant = did_you_mean(&m.key, known.iter().copied());
        let help = match meant {
            Some(k) => format!("did you mean `{k}`?"),
            None => format!(
                "known {what} keys: {}",
                known
                    .iter()
                    .filter(|k| !k.starts_with('$'))
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let d = self
            .diag(
                UNKNOWN_FIELD,
                format!("unknown {what} key {}", quote(&m.key)),
            )
            .at(m.key_span)
            .label("not part of the profile format")
            .help(help);
        // Renaming a key changes what the profile says: an unsafe fix.
        let fix = meant.map(|k| {
            crate::diagnostic::Fix::replace(
                crate::diagnostic::Applicability::Unsafe,
                format!("rename the key {} to `{k}`", quote(&m.key)),
                d.path.clone(),
                m.key_span.offset..m.key_span.offset + m.key_span.length,
                format!("\"{k}\""),
            )
        });
        let d = d.maybe_fix(fix);
        self.push(d);
    }

    fn non_empty_string_field(&mut self, m: &Member) {
        let key = m.key.as_ref();
        match &m.value.kind {
            Kind::String(s) if !s.trim().is_empty() => {}
            Kind::String(_) => {
                let d = self
                    .diag(FIELD_TYPE, format!("`{key}` is empty"))
                    .at(m.value.span)
                    .label("empty string");
                self.push(d);
            }
            Kind::Number(n) if key == "version" => {
                let d = self
                    .diag(FIELD_TYPE, format!("`version` must be a string, found the number {n}"))
                    .at(m.value.span)
                    .label("a number")
                    .help(format!("quote it: \"version\": \"{n}\" — as a number, 1.10 reads as 1.1 and versions stop comparing"));
                self.push(d);
            }
            _ => {
                let d = self
                    .diag(
                        FIELD_TYPE,
                        format!("`{key}` must be a string, found {}", m.value.type_name()),
                    )
                    .at(m.value.span)
                    .label("expected a string");
                self.push(d);
            }
        }
    }

    fn list_field<'v>(&mut self, m: &'v Member) -> Option<&'v [Value]> {
        match m.value.as_array() {
            Some(items) => Some(items),
            None => {
                let d = self
                    .diag(
                        FIELD_TYPE,
                        format!("`{}` must be a list, found {}", m.key, m.value.type_name()),
                    )
                    .at(m.value.span)
                    .label("expected a list");
                self.push(d);
                None
            }
        }
    }

    fn date_value(&mut self, text: &str, span: Span, field: &str) -> Option<Date> {
        let date = Date::parse_ymd(text);
        if date.is_none() {
            let help = if text.trim() != text {
                "remove the surrounding spaces".to_string()
            } else {
                "dates are written YYYY-MM-DD, zero padded, e.g. 2026-10-01".to_string()
            };
            let d = self
                .diag(
                    INVALID_DATE,
                    format!(
                        "`{field}` is not a real date in YYYY-MM-DD form: {}",
                        quote(text)
                    ),
                )
                .at(span)
                .label("not YYYY-MM-DD")
                .help(help);
            self.push(d);
        }
        date
    }

    fn freshness(&mut self, declared: Date, span: Span, retired: bool) {
        let as_of = self.settings.as_of;
        let age = as_of.days_since(declared);
        if age < 0 {
            let d = self
                .diag(DECLARED_IN_FUTURE, format!("`declared_at` {declared} is after the as-of date {as_of}"))
                .at(span)
                .label(format!("{} days in the future", -age))
                .help("declared_at is the date the claims were checked; set it to the real recheck date");
            self.push(d);
        } else if age > self.settings.config.freshness_days && !retired {
            let limit = self.settings.config.freshness_days;
            let d = self
                .diag(STALE, format!("profile is stale: declared {age} days before {as_of}, over the {limit}-day limit"))
                .at(span)
                .label(format!("age {age} days"))
                .help(match declared.add_days(limit) {
                    Some(due) => format!("recheck the claims, raise `version` and set `declared_at` to the recheck date (due {due})"),
                    None => "recheck the claims, raise `version` and set `declared_at` to the recheck date".to_string(),
                });
            self.push(d);
        }
    }

    fn entries(&mut self, items: &[Value], kind: EntryKind) {
        let list = kind.list();
        let mut names = FirstSeen::default();
        for item in items {
            let Some(members) = item.as_object() else {
                let d = self
                    .diag(
                        INVALID_ENTRY,
                        format!(
                            "a {} entry must be an object, found {}",
                            kind.noun(),
                            item.type_name()
                        ),
                    )
                    .at(item.span)
                    .label("expected an object")
                    .help(format!(
                        "write it as {{\"name\": …, \"{}\": …, \"evidence\": [...]}}",
                        kind.attr()
                    ));
                self.push(d);
                continue;
            };
            for m in members {
                if !kind.keys().contains(&m.key.as_ref()) {
                    self.unknown_field(m, kind.keys(), kind.noun());
                }
            }
            let name = match item.get("name") {
                Some(m) => match non_empty_str(&m.value) {
                    Some(n) => Some((n, m.value.span)),
                    None => {
                        let d = self
                            .diag(
                                INVALID_ENTRY,
                                format!(
                                    "a {} entry's `name` must be a non-empty string, found {}",
                                    kind.noun(),
                                    show(&m.value)
                                ),
                            )
                            .at(m.value.span)
                            .label("no usable name");
                        self.push(d);
                        None
                    }
                },
                None => {
                    let d = self
                        .diag(
                            INVALID_ENTRY,
                            format!("a {} entry has no `name`", kind.noun()),
                        )
                        .at(item.open_span())
                        .label("no `name` in this entry")
                        .help("add \"name\"");
                    self.push(d);
                    None
                }
            };
            let label = EntryLabel {
                noun: kind.noun(),
                name: name.map(|(n, _)| n),
            };
            if let Some((n, span)) = name {
                if let Some(first) = names.first(n, span) {
                    let d = self
                        .diag(
                            DUPLICATE_NAME,
                            format!("{} is listed twice in `{list}`", label),
                        )
                        .at(span)
                        .label("second entry")
                        .with_label(first, "first entry")
                        .help("routing reads one entry per name; keep one");
                    self.push(d);
                }
                if kind == EntryKind::Skill {
                    self.skill_name_style(n, span);
                }
            }
            let needs_evidence = match kind {
                EntryKind::Skill => {
                    self.enum_field(item, "level", LEVELS, INVALID_LEVEL, &label);
                    true
                }
                EntryKind::Tool => {
                    matches!(self.enum_field(item, "access", ACCESSES, INVALID_ACCESS, &label), Some(a) if a != "none")
                }
            };
            let good = self.evidence(item, &label);
            if needs_evidence && good < self.settings.config.min_evidence {
                let min = self.settings.config.min_evidence;
                let (span, lbl) = match item.get("evidence") {
                    Some(m) => (
                        m.value.span,
                        format!(
                            "{good} usable evidence entr{}",
                            if good == 1 { "y" } else { "ies" }
                        ),
                    ),
                    None => (item.open_span(), "no `evidence`".to_string()),
                };
                let d = self
                    .diag(MISSING_EVIDENCE, format!("{label} has {good} evidence entr{}; at least {min} required", if good == 1 { "y" } else { "ies" }))
                    .at(span)
                    .label(lbl)
                    .help("gather evidence with a small check task, or drop the claim or lower it to what the evidence shows");
                self.push(d);
            }
        }
    }

    /// Checks `level`/`access`; returns the value when it is valid.
    fn enum_field<'v>(
        &mut self,
        item: &'v Value,
        key: &str,
        allowed: &[&'static str],
        rule: &'static Rule,
        label: &EntryLabel<'_>,
    ) -> Option<&'v str> {
        let Some(m) = item.get(key) else {
            let d = self
                .diag(rule, format!("{label} has no `{key}`"))
                .at(item.open_span())
                .label(format!("no `{key}` in this entry"))
                .help(format!("add \"{key}\": one of {}", allowed.join(", ")));
            self.push(d);
            return None;
        };
        match m.value.as_str() {
            Some(v) if allowed.contains(&v) => Some(v),
            other => {
                let help = other
                    .and_then(|v| did_you_mean(v, allowed.iter().copied()))
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| format!("use one of: {}", allowed.join(", ")));
                let d = self
                    .diag(
                        rule,
                        format!(
                            "{label}: `{key}` {} is not one of {}",
                            show(&m.value),
                            allowed.join(", ")
                        ),
                    )
                    .at(m.value.span)
                    .label(format!("invalid {key}"))
                    .help(help);
                self.push(d);
                None
            }
        }
    }

    /// Checks the evidence list; returns the number of well-formed entries.
    fn evidence(&mut self, item: &Value, label: &EntryLabel<'_>) -> usize {
        let Some(m) = item.get("evidence") else {
            return 0;
        };
        let Some(entries) = m.value.as_array() else {
            let d = self
                .diag(
                    INVALID_EVIDENCE,
                    format!(
                        "{label}: `evidence` must be a list, found {}",
                        m.value.type_name()
                    ),
                )
                .at(m.value.span)
                .label("expected a list of evidence objects");
            self.push(d);
            return 0;
        };
        let mut good = 0;
        for e in entries {
            if e.as_object().is_none() {
                let d = self
                    .diag(
                        INVALID_EVIDENCE,
                        format!(
                            "{label}: an evidence entry must be an object, found {}",
                            e.type_name()
                        ),
                    )
                    .at(e.span)
                    .label("expected {\"kind\": …, \"ref\": …}")
                    .help("write it as {\"kind\": \"log\", \"ref\": \"run-2026-09-28\"}");
                self.push(d);
                continue;
            }
            for m in e.as_object().unwrap_or_default() {
                if !EVIDENCE_KEYS.contains(&m.key.as_ref()) {
                    self.unknown_field(m, EVIDENCE_KEYS, "evidence");
                }
            }
            let mut ok = true;
            let kind = match e.get("kind") {
                None => {
                    let d = self
                        .diag(
                            INVALID_EVIDENCE,
                            format!("{label}: evidence entry has no `kind`"),
                        )
                        .at(e.open_span())
                        .label("no `kind`")
                        .help(format!("add \"kind\": one of {}", KINDS.join(", ")));
                    self.push(d);
                    ok = false;
                    None
                }
                Some(k) => match k.value.as_str() {
                    Some(v) if KINDS.contains(&v) => Some(v),
                    other => {
                        let help = other
                            .and_then(|v| did_you_mean(v, KINDS.iter().copied()))
                            .map(|s| format!("did you mean `{s}`?"))
                            .unwrap_or_else(|| format!("use one of: {}", KINDS.join(", ")));
                        let d = self
                            .diag(
                                INVALID_EVIDENCE,
                                format!(
                                    "{label}: evidence kind {} is not one of {}",
                                    show(&k.value),
                                    KINDS.join(", ")
                                ),
                            )
                            .at(k.value.span)
                            .label("invalid kind")
                            .help(help);
                        self.push(d);
                        ok = false;
                        None
                    }
                },
            };
            match e.get("ref") {
                None => {
                    let d = self
                        .diag(
                            INVALID_EVIDENCE,
                            format!("{label}: evidence entry has no `ref`"),
                        )
                        .at(e.open_span())
                        .label("no `ref`")
                        .help("add \"ref\": the record a reviewer can find");
                    self.push(d);
                    ok = false;
                }
                Some(r) => {
                    match non_empty_str(&r.value) {
                        None => {
                            let d = self.diag(INVALID_EVIDENCE, format!("{label}: evidence `ref` must be a non-empty string, found {}", show(&r.value))).at(r.value.span).label("empty ref").help("name the record: a URL, artifact id, test id or log id");
                            self.push(d);
                            ok = false;
                        }
                        Some(reference) => {
                            if kind == Some("link") && !is_http_url(reference) {
                                let d = self
                                .diag(LINK_NOT_URL, format!("{label}: evidence of kind `link` should be an http(s) URL, found {}", quote(reference)))
                                .at(r.value.span)
                                .label("not an http(s) URL")
                                .help("use a full URL, or the kind `artifact`, `test` or `log` for other identifiers");
                                self.push(d);
                            }
                        }
                    }
                }
            }
            if let Some(dm) = e.get("date") {
                match dm.value.as_str() {
                    Some(text) => {
                        if self.date_value(text, dm.value.span, "date").is_none() {
                            ok = false;
                        }
                    }
                    None => {
                        let d = self.diag(INVALID_DATE, format!("{label}: evidence `date` must be a YYYY-MM-DD string, found {}", dm.value.type_name())).at(dm.value.span).label("not a date");
                        self.push(d);
                        ok = false;
                    }
                }
            }
            if ok {
                good += 1;
            }
        }
        good
    }

    fn skill_name_style(&mut self, name: &str, span: Span) {
        let words: Vec<&str> = name.split('-').collect();
        let combined = words.iter().any(|w| matches!(*w, "and" | "plus" | "&"))
            || name.contains(['&', '+', '/']);
        if combined {
            let d = self
                .diag(
                    COMBINED_SKILL,
                    format!("skill {} joins two skills", quote(name)),
                )
                .at(span)
                .label("one name should cover one skill")
                .help("split it into one entry per skill, each with its own level and evidence");
            self.push(d);
        }
        let styled = !name.is_empty()
            && name.chars().count() <= 32
            && words.len() <= 4
            && words.iter().all(|w| {
                !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
        if !styled && !combined {
            let suggestion: String = name
                .trim()
                .to_lowercase()
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            let help = if suggestion.is_empty() || suggestion == name {
                "use a short lower-case hyphenated name such as `web-search` (at most 32 characters, 4 words)".to_string()
            } else {
                format!("use a short lower-case hyphenated name such as `{suggestion}`")
            };
            let d = self
                .diag(
                    SKILL_NAME_STYLE,
                    format!(
                        "skill name {} is not short, lower case and hyphenated",
                        quote(name)
                    ),
                )
                .at(span)
                .label("not in name style")
                .help(help);
            self.push(d);
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryKind {
    Skill,
    Tool,
}

impl EntryKind {
    fn noun(self) -> &'static str {
        match self {
            EntryKind::Skill => "skill",
            EntryKind::Tool => "tool",
        }
    }
    fn list(self) -> &'static str {
        match self {
            EntryKind::Skill => "skills",
            EntryKind::Tool => "tools",
        }
    }
    fn attr(self) -> &'static str {
        match self {
            EntryKind::Skill => "level",
            EntryKind::Tool => "access",
        }
    }
    fn keys(self) -> &'static [&'static str] {
        match self {
            EntryKind::Skill => SKILL_KEYS,
            EntryKind::Tool => TOOL_KEYS,
        }
    }
}

fn is_http_url(s: &str) -> bool {
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"));
    matches!(rest, Some(r) if r.split(['/', '?', '#']).next().is_some_and(|host| !host.is_empty() && !host.contains(char::is_whitespace)))
        && !s.contains(char::is_whitespace)
}

/// The `agent_id` of a parsed profile with its span, if it is a usable string.
pub fn agent_id(root: &Value) -> Option<(&str, Span)> {
    let m = root.get("agent_id")?;
    non_empty_str(&m.value).map(|s| (s, m.value.span))
}

/// How many other files a `duplicate-agent-id` finding names.
const MAX_OTHERS_SHOWN: usize = 5;

/// `profile/duplicate-agent-id` across files: one finding in each file that
/// shares an id, labelled with the other file's location.
pub fn duplicate_agent_ids<'a>(
    profiles: impl IntoIterator<Item = (&'a str, &'a str, Span)>,
) -> Vec<Diagnostic> {
    let mut by_id: std::collections::BTreeMap<&str, Vec<(&str, Span)>> = Default::default();
    for (path, id, span) in profiles {
        by_id.entry(id).or_default().push((path, span));
    }
    let mut out = Vec::new();
    for (id, files) in by_id {
        if files.len() < 2 {
            continue;
        }
        for (i, (path, span)) in files.iter().enumerate() {
            // Name (and label) a few of the other files, not all of them: with
            // thousands of copies, listing every one in every finding would
            // grow as the square of their number.
            let others = files
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, other)| *other);
            let shown: Vec<(&str, Span)> = others.clone().take(MAX_OTHERS_SHOWN).collect();
            let mut names: Vec<&str> = shown.iter().map(|(p, _)| *p).collect();
            let more = files.len() - 1 - shown.len();
            let more_text = format!("{more} more files");
            if more > 0 {
                names.push(&more_text);
            }
            let mut d = Diagnostic::new(DUPLICATE_AGENT_ID, *path, format!("agent_id {} is also declared by {}", quote(id), names.join(", ")))
                .at(*span)
                .label("declared here")
                .help("an agent_id names one agent across versions; give each agent its own id and keep one file per agent");
            for (p, s) in shown {
                d = d.with_label_in(p, s, "also declared here");
            }
            out.push(d);
        }
    }
    out
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

    fn run(text: &str) -> Vec<Diagnostic> {
        let source = SourceFile::new("a.profile.json", text);
        let settings = Settings::defaults(".", Date::parse_ymd("2026-10-15").unwrap());
        let (value, err) = parse(&source, None);
        match value {
            Some(v) => check(&source, &v, &settings),
            None => err.into_iter().collect(),
        }
    }

    fn rules(text: &str) -> Vec<&'static Rule> {
        let mut r: Vec<_> = run(text).into_iter().map(|d| d.rule).collect();
        r.sort();
        r
    }

    fn span_text<'a>(text: &'a str, d: &Diagnostic) -> &'a str {
        &text[d.span.unwrap().range()]
    }

    const OK: &str = r#"{"agent_id": "a", "version": "1", "declared_at": "2026-10-01",
      "skills": [{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "r1"}]}],
      "tools": [{"name": "browser", "access": "read", "evidence": [{"kind": "link", "ref": "https://x.org/1"}]},
                {"name": "mail", "access": "none"}],
      "limits": ["x"]}"#;

    #[test]
    fn good_profile_is_clean() {
        assert_eq!(run(OK), vec![]);
    }

    #[test]
    fn invalid_json_points_at_position() {
        let text = "{\"a\": 1,}";
        let d = &run(text)[0];
        assert_eq!(d.rule, INVALID_JSON);
        assert_eq!(span_text(text, d), ",");
        assert_eq!(rules(""), vec![INVALID_JSON]);
    }

    #[test]
    fn missing_fields_point_at_brace() {
        let text = "  {\"agent_id\": \"a\"}";
        let ds = run(text);
        assert_eq!(ds.iter().filter(|d| d.rule == MISSING_FIELD).count(), 5);
        assert!(ds.iter().all(|d| span_text(text, d) == "{"));
    }

    #[test]
    fn version_number_gets_quote_help() {
        let text = OK.replace("\"version\": \"1\"", "\"version\": 3");
        let d = run(&text)
            .into_iter()
            .find(|d| d.rule == FIELD_TYPE)
            .unwrap();
        assert_eq!(span_text(&text, &d), "3");
        assert!(d.help.unwrap().contains("\"version\": \"3\""));
    }

    #[test]
    fn dates() {
        assert_eq!(
            rules(&OK.replace("2026-10-01", "2026-10-1")),
            vec![INVALID_DATE]
        );
        assert_eq!(
            rules(&OK.replace("2026-10-01", "2026-10-16")),
            vec![DECLARED_IN_FUTURE]
        );
        assert_eq!(
            rules(&OK.replace("2026-10-01", "2026-07-17")),
            Vec::<&Rule>::new()
        );
        assert_eq!(rules(&OK.replace("2026-10-01", "2026-07-16")), vec![STALE]);
        let retired = OK.replace(
            "2026-10-01\",",
            "2025-01-01\", \"retired_at\": \"2025-06-01\",",
        );
        assert_eq!(rules(&retired), Vec::<&Rule>::new());
    }

    #[test]
    fn levels_access_and_evidence() {
        let text = OK.replace("\"basic\"", "\"advance\"");
        let d = run(&text)
            .into_iter()
            .find(|d| d.rule == INVALID_LEVEL)
            .unwrap();
        assert_eq!(d.help.as_deref(), Some("did you mean `advanced`?"));
        assert_eq!(span_text(&text, &d), "\"advance\"");
        assert_eq!(
            rules(&OK.replace("\"read\"", "\"reed\"")),
            vec![INVALID_ACCESS]
        );
        assert_eq!(
            rules(&OK.replace("[{\"kind\": \"log\", \"ref\": \"r1\"}]", "[]")),
            vec![MISSING_EVIDENCE]
        );
        assert_eq!(
            rules(&OK.replace("\"kind\": \"log\"", "\"kind\": \"video\"")),
            vec![INVALID_EVIDENCE, MISSING_EVIDENCE]
        );
        assert_eq!(
            rules(&OK.replace("\"ref\": \"r1\"", "\"ref\": \"  \"")),
            vec![INVALID_EVIDENCE, MISSING_EVIDENCE]
        );
        assert_eq!(
            rules(&OK.replace("https://x.org/1", "x.org/1")),
            vec![LINK_NOT_URL]
        );
        // access none needs no evidence; unknown access skips the evidence check
        assert_eq!(rules(&OK.replace("\"access\": \"read\", \"evidence\": [{\"kind\": \"link\", \"ref\": \"https://x.org/1\"}]", "\"access\": \"none\"")), Vec::<&Rule>::new());
    }

    #[test]
    fn entries_names_and_style() {
        assert_eq!(
            rules(&OK.replace("\"name\": \"web-search\"", "\"name\": \"Web Search\"")),
            vec![SKILL_NAME_STYLE]
        );
        assert_eq!(
            rules(&OK.replace(
                "\"name\": \"web-search\"",
                "\"name\": \"research-and-writing\""
            )),
            vec![COMBINED_SKILL]
        );
        assert_eq!(
            rules(&OK.replace("\"name\": \"mail\"", "\"name\": \"browser\"")),
            vec![DUPLICATE_NAME]
        );
        assert_eq!(
            rules(&OK.replace("\"name\": \"mail\"", "\"name\": \"\"")),
            vec![INVALID_ENTRY]
        );
        assert_eq!(
            rules(&OK.replace("\"limits\": [\"x\"]", "\"limits\": [\"x\", 3, \"\"]")),
            vec![INVALID_LIMIT, INVALID_LIMIT]
        );
        assert_eq!(
            rules(&OK.replace("\"limits\": [\"x\"]", "\"limits\": []")),
            vec![EMPTY_LIMITS]
        );
        assert_eq!(
            rules(&OK.replace("\"skills\": [", "\"skills\": [\"x\", ")),
            vec![INVALID_ENTRY]
        );
    }

    #[test]
    fn unknown_and_duplicate_keys() {
        let text = OK.replace("\"declared_at\"", "\"declared-at\"");
        let ds = run(&text);
        let unknown = ds.iter().find(|d| d.rule == UNKNOWN_FIELD).unwrap();
        assert_eq!(span_text(&text, unknown), "\"declared-at\"");
        assert_eq!(unknown.help.as_deref(), Some("did you mean `declared_at`?"));
        let missing = ds.iter().find(|d| d.rule == MISSING_FIELD).unwrap();
        assert!(missing
            .help
            .as_deref()
            .unwrap()
            .contains("did you mean `declared_at`"));
        let text = OK.replace(
            "\"version\": \"1\",",
            "\"version\": \"1\", \"version\": \"2\",",
        );
        assert_eq!(rules(&text), vec![DUPLICATE_KEY]);
        assert_eq!(rules("[1]"), vec![NOT_AN_OBJECT]);
    }

    #[test]
    fn duplicate_agent_ids_label_both_files() {
        let a = json::parse(OK).unwrap();
        let b = json::parse(OK).unwrap();
        let (ida, spa) = agent_id(&a).unwrap();
        let (idb, spb) = agent_id(&b).unwrap();
        let ds = duplicate_agent_ids([("a.profile.json", ida, spa), ("b.profile.json", idb, spb)]);
        assert_eq!(ds.len(), 2);
        assert_eq!(ds[0].labels[0].path.as_deref(), Some("b.profile.json"));
        assert_eq!(ds[1].labels[0].path.as_deref(), Some("a.profile.json"));
    }
    #[test]
    fn many_keys_and_names_stay_linear() {
        // 50k distinct keys and 20k skills: the quadratic duplicate checks
        // took minutes here; a linear pass takes seconds even unoptimized.
        let mut text = String::from("{");
        for i in 0..50_000 {
            text.push_str(&format!("\"k{i}\": 0, "));
        }
        text.push_str("\"skills\": [");
        for i in 0..20_000 {
            text.push_str(&format!(
                "{}{{\"name\": \"s{i}\"}}",
                if i > 0 { ", " } else { "" }
            ));
        }
        text.push_str("], \"k7\": 1, \"tools\": [], \"tools\": []}");
        let start = std::time::Instant::now();
        let ds = run(&text);
        let limit = if cfg!(debug_assertions) { 90 } else { 10 };
        assert!(start.elapsed() < std::time::Duration::from_secs(limit));
        let dups: Vec<_> = ds.iter().filter(|d| d.rule == DUPLICATE_KEY).collect();
        assert_eq!(dups.len(), 2);
        assert_eq!(span_text(&text, dups[0]), "\"k7\"");
        let first = dups[0].labels[0].span;
        assert_eq!(first.offset, text.find("\"k7\"").unwrap());
        assert!(first.offset < dups[0].span.unwrap().offset);
    }

    #[test]
    fn duplicate_names_keep_the_first_entry_as_label() {
        let text = r#"{"skills": [{"name": "a"}, {"name": "b"}, {"name": "a"}, {"name": "a"}]}"#;
        let ds: Vec<_> = run(text)
            .into_iter()
            .filter(|d| d.rule == DUPLICATE_NAME)
            .collect();
        assert_eq!(ds.len(), 2);
        for d in &ds {
            assert_eq!(d.labels[0].span.offset, text.find("\"a\"").unwrap());
        }
    }

    #[test]
    fn thousands_of_duplicate_agent_ids_name_a_few_others() {
        let v = json::parse(OK).unwrap();
        let paths: Vec<String> = (0..5000).map(|i| format!("p{i}.profile.json")).collect();
        let (id, span) = agent_id(&v).unwrap();
        let ds = duplicate_agent_ids(paths.iter().map(|p| (p.as_str(), id, span)));
        assert_eq!(ds.len(), 5000);
        for d in &ds {
            assert_eq!(d.labels.len(), MAX_OTHERS_SHOWN);
            assert!(d.message.ends_with("4994 more files"), "{}", d.message);
        }
    }
}

//! `caplint report`: the reference checker's summary, byte for byte.
//!
//! The reference is `profile_check.py` from the capability-profile skill (a
//! copy lives in `tests/reference/`). For any profile on which it finishes,
//! [`run`] returns the same stdout and exit code, emulating Python 3.11's
//! `json.load` ([`pyjson`]), `repr` ([`pyrepr`]) and the checker's logic.
//!
//! Deliberate differences, which the differential test accounts for:
//!
//! 1. Dates (`declared_at` and `--as-of`) must be strict zero-padded
//!    `YYYY-MM-DD` ([`Date::parse_ymd`]). The reference splits on `-` and calls
//!    `int()` on each part, so it also takes `2026-1-5`, ` 2026-01-05`,
//!    `+2026-01-05` or `2026-01-0_5`; caplint treats those as not a date
//!    (`declared_at: missing or not YYYY-MM-DD`, or `error: --as-of must be
//!    YYYY-MM-DD` with exit 2).
//! 2. A list or object used as a skill `level`, a tool `access` or an evidence
//!    `kind` crashes the reference (`TypeError: unhashable type` in its set
//!    lookup). caplint treats it like any other value outside the allowed set
//!    and reports it with its Python repr: `skill X: bad level ['a', 1]`,
//!    `tool X: bad access {'k': None}`, `skill X: bad evidence kind []`.
//! 3. Where the reference crashes with a traceback for other reasons, caplint
//!    prints `error: cannot read profile: REASON` and exits 2. These are: a
//!    file that is not valid UTF-8 (`'utf-8' codec can't decode ...`), arrays
//!    and objects nested more than [`pyjson::MAX_DEPTH`] deep (`maximum
//!    recursion depth exceeded ...`), an integer of more than 4300 digits, and
//!    a report that would print a lone surrogate (from a `\ud800`-style escape
//!    in a name, `agent_id`, `version` or `declared_at`), which caplint
//!    cannot write as UTF-8 (`'utf-8' codec can't encode character '\ud800':
//!    surrogates not allowed`). Under a C locale Python's stdout would write
//!    `\udc80`-`\udcff` as raw bytes instead; caplint's output is always UTF-8.

pub mod pyjson;
pub mod pyrepr;
mod unicode_tables;

use crate::model::profile::{ACCESSES, KINDS, LEVELS};
use std::io::Read;
use std::path::Path;

pub use crate::date::Date;
use pyjson::{PyStr, Value};
use pyrepr::{repr, str_repr};

/// Output of `caplint report`: exactly what the reference prints on stdout,
/// and its exit code (0 pass, 1 fail, 2 unreadable/usage).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportOutcome {
    /// Everything printed on stdout, each line ending in `\n`.
    pub stdout: String,
    /// 0: no errors; 1: at least one error; 2: bad usage or unreadable profile.
    pub exit_code: u8,
}

/// Runs the reference checker's `main()`.
///
/// `path`: the profile file (None with `make_fixture`). `as_of`: the raw
/// `--as-of` text (None, or empty as in the reference, means `today`).
/// `today`: the date to use when `as_of` is absent (the caller passes
/// today's date, which keeps this function pure). With `make_fixture` the
/// built-in worked example is checked instead of `path`.
pub fn run(
    path: Option<&Path>,
    as_of: Option<&str>,
    make_fixture: bool,
    today: Date,
) -> ReportOutcome {
    let as_of = match as_of {
        Some(text) if !text.is_empty() => match Date::parse_ymd(text) {
            Some(date) => date,
            None => return usage_error("error: --as-of must be YYYY-MM-DD"),
        },
        _ => today,
    };
    let profile = if make_fixture {
        match pyjson::loads(&FIXTURE.chars().collect::<Vec<_>>()) {
            Ok(v) => v,
            Err(e) => return usage_error(&format!("error: cannot read profile: {e}")),
        }
    } else {
        match path.filter(|p| !p.as_os_str().is_empty()) {
            Some(path) => match load(path) {
                Ok(v) => v,
                Err(reason) => {
                    return usage_error(&format!("error: cannot read profile: {reason}"))
                }
            },
            None => return usage_error("error: give a profile path or --make-fixture"),
        }
    };
    outcome(&profile, as_of)
}

/// [`run`] on a profile's bytes instead of a file: what the reference prints
/// for a file holding exactly these bytes (for fuzzing and embedding).
pub fn run_bytes(bytes: &[u8], as_of: Date) -> ReportOutcome {
    match pyjson::load_bytes(bytes) {
        Ok(profile) => outcome(&profile, as_of),
        Err(reason) => usage_error(&format!("error: cannot read profile: {reason}")),
    }
}

/// Checks a loaded profile and prints its summary.
fn outcome(profile: &Value, as_of: Date) -> ReportOutcome {
    let checked = check_profile(profile, as_of);
    let mut out = Out::default();
    print_report(&checked, &mut out);
    match out.bad {
        Some(c) => usage_error(&format!(
            "error: cannot read profile: 'utf-8' codec can't encode character {}: surrogates not allowed",
            str_repr(&PyStr(vec![c]))
        )),
        None => ReportOutcome {
            stdout: out.text,
            exit_code: if checked.errors.is_empty() { 0 } else { 1 },
        },
    }
}

fn usage_error(line: &str) -> ReportOutcome {
    ReportOutcome {
        stdout: format!("{line}\n"),
        exit_code: 2,
    }
}

/// The reference's `FIXTURE`, as JSON.
const FIXTURE: &str = r#"{
  "agent_id": "research-agent-07",
  "version": "3",
  "declared_at": "2026-10-01",
  "skills": [
    {"name": "web-search", "level": "proficient",
     "evidence": [{"kind": "log", "ref": "run-2026-09-28-search"}]},
    {"name": "data-cleaning", "level": "advanced",
     "evidence": [{"kind": "artifact", "ref": "clean-report-v2"},
                  {"kind": "test", "ref": "clean-suite-14"}]},
    {"name": "report-writing", "level": "basic", "evidence": []},
    {"name": "code-review", "level": "proficient",
     "evidence": [{"kind": "link", "ref": "https://example.org/reviews/41"}]}
  ],
  "tools": [
    {"name": "browser", "access": "read",
     "evidence": [{"kind": "log", "ref": "browser-check-09"}]},
    {"name": "python", "access": "execute",
     "evidence": [{"kind": "test", "ref": "python-smoke-03"}]},
    {"name": "payment-api", "access": "write", "evidence": []}
  ],
  "limits": [
    "No access to private mailboxes.",
    "Code review covers Python only."
  ]
}"#;

/// `open(path, "r", encoding="utf-8")` and `json.load`, with the text of the
/// exception on failure (`OSError` as `[Errno N] strerror: 'path'`).
fn load(path: &Path) -> Result<Value, String> {
    // A FIFO or a socket would block the open (or the read) for ever: refuse
    // it before opening, as every other command does.
    #[cfg(unix)]
    if let Ok(meta) = std::fs::metadata(path) {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() || kind.is_socket() {
            return Err(format!(
                "{} is not a regular file (a FIFO or a socket)",
                str_repr(&path_str(path))
            ));
        }
    }
    let file = std::fs::File::open(path).map_err(|e| os_error(&e, Some(path)))?;
    // Python's open() refuses a directory after opening it.
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(os_error(
            &std::io::Error::from_raw_os_error(EISDIR),
            Some(path),
        ));
    }
    // A device such as /dev/zero never ends: read at most MAX_PROFILE_BYTES.
    let mut bytes = Vec::new();
    file.take(MAX_PROFILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| os_error(&e, None))?;
    if bytes.len() as u64 > MAX_PROFILE_BYTES {
        return Err(format!(
            "the file is larger than {} MiB",
            MAX_PROFILE_BYTES >> 20
        ));
    }
    // What the summary quotes from the file is masked on its way out.
    crate::redact::learn_bytes(&bytes);
    pyjson::load_bytes(&bytes).map_err(|e| e.to_string())
}

/// The largest profile `caplint report` reads (the reference has no limit).
pub const MAX_PROFILE_BYTES: u64 = 128 << 20;

const EISDIR: i32 = 21;

/// `str(OSError)`: `[Errno N] message: 'filename'`.
fn os_error(e: &std::io::Error, path: Option<&Path>) -> String {
    let Some(code) = e.raw_os_error() else {
        return e.to_string();
    };
    let text = e.to_string();
    let message = text
        .strip_suffix(&format!(" (os error {code})"))
        .unwrap_or(&text);
    match path {
        Some(p) => format!("[Errno {code}] {message}: {}", str_repr(&path_str(p))),
        None => format!("[Errno {code}] {message}"),
    }
}

/// The path as Python sees a command-line argument (`surrogateescape`).
fn path_str(path: &Path) -> PyStr {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        PyStr::from_bytes_surrogateescape(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        PyStr::from_text(&path.to_string_lossy())
    }
}

const STALE_DAYS: i64 = 90;

/// Messages hold Python strings (names may carry lone surrogates).
type Msg = Vec<Piece>;

/// Part of an output line: plain text, or a profile string printed as is.
#[derive(Clone)]
enum Piece {
    Text(String),
    Py(PyStr),
}

fn text(s: impl Into<String>) -> Piece {
    Piece::Text(s.into())
}

struct Checked {
    errors: Vec<Msg>,
    warnings: Vec<Msg>,
    /// `None` when the profile is not an object (the reference's empty stats).
    stats: Option<Stats>,
}

struct Stats {
    agent_id: PyStr,
    version: PyStr,
    declared_at: PyStr,
    age_days: i64,
    stale: &'static str,
    skills: usize,
    skill_names: Vec<PyStr>,
    level_counts: [usize; 3],
    skills_without: Vec<PyStr>,
    tools: usize,
    tool_names: Vec<PyStr>,
    access_counts: [usize; 4],
    tools_without: Vec<PyStr>,
    limits: usize,
    evidence_total: usize,
}

/// Python's `isinstance(x, str) and x.strip()`: a non-blank string.
fn non_blank(v: Option<&Value>) -> Option<&PyStr> {
    v.and_then(Value::as_str).filter(|s| !s.is_blank())
}

/// `value in SET` for a set of strings. Any non-string (including the lists
/// and objects that crash the reference) is simply not in the set.
fn member(v: Option<&Value>, set: &[&str]) -> Option<usize> {
    let s = v?.as_str()?;
    set.iter().position(|w| s.eq_str(w))
}

/// `repr(entry.get(key))`.
fn repr_opt(v: Option<&Value>) -> String {
    v.map_or_else(|| "None".to_owned(), repr)
}

/// `check_evidence`: returns the number of good entries.
fn check_evidence(evidence: Option<&Value>, label: &[Piece], errors: &mut Vec<Msg>) -> usize {
    let with = |rest: String| -> Msg {
        let mut m: Msg = label.to_vec();
        m.push(text(rest));
        m
    };
    let items = match evidence {
        Some(Value::List(items)) if !items.is_empty() => items,
        _ => {
            errors.push(with(": no evidence".into()));
            return 0;
        }
    };
    let mut good = 0;
    for entry in items {
        if !matches!(entry, Value::Dict(_)) {
            errors.push(with(": evidence entry is not an object".into()));
            continue;
        }
        let kind = entry.get("kind");
        if member(kind, KINDS).is_none() {
            errors.push(with(format!(": bad evidence kind {}", repr_opt(kind))));
            continue;
        }
        if non_blank(entry.get("ref")).is_none() {
            errors.push(with(": evidence ref is empty".into()));
            continue;
        }
        good += 1;
    }
    good
}

/// Names that occur more than once, sorted, each once.
fn duplicates(names: &[PyStr]) -> Vec<PyStr> {
    let mut sorted = names.to_vec();
    sorted.sort();
    let mut dups: Vec<PyStr> = Vec::new();
    for pair in sorted.windows(2) {
        if pair[0] == pair[1] && dups.last() != Some(&pair[0]) {
            dups.push(pair[0].clone());
        }
    }
    dups
}

fn sorted(mut v: Vec<PyStr>) -> Vec<PyStr> {
    v.sort();
    v
}

/// `check_profile`.
fn check_profile(profile: &Value, as_of: Date) -> Checked {
    let mut errors: Vec<Msg> = Vec::new();
    let mut warnings: Vec<Msg> = Vec::new();
    if !matches!(profile, Value::Dict(_)) {
        return Checked {
            errors: vec![vec![text("profile is not a JSON object")]],
            warnings,
            stats: None,
        };
    }
    let dash = || PyStr::from_text("-");
    let agent_id = match non_blank(profile.get("agent_id")) {
        Some(s) => s.clone(),
        None => {
            errors.push(vec![text("agent_id: missing or empty")]);
            dash()
        }
    };
    let version = match non_blank(profile.get("version")) {
        Some(s) => s.clone(),
        None => {
            errors.push(vec![text("version: missing or empty")]);
            dash()
        }
    };
    let declared_raw = profile.get("declared_at").and_then(Value::as_str);
    let declared = declared_raw
        .and_then(PyStr::to_string_checked)
        .and_then(|s| Date::parse_ymd(&s));
    let (age_days, stale) = match declared {
        None => {
            errors.push(vec![text("declared_at: missing or not YYYY-MM-DD")]);
            (-1, "unknown")
        }
        Some(declared) => {
            let age = as_of.days_since(declared);
            if age < 0 {
                errors.push(vec![text("declared_at: date is after as_of")]);
                (age, "unknown")
            } else if age > STALE_DAYS {
                warnings.push(vec![text(format!(
                    "profile is stale: age {age} days over limit {STALE_DAYS}"
                ))]);
                (age, "yes")
            } else {
                (age, "no")
            }
        }
    };
    let list = |key: &str, errors: &mut Vec<Msg>| -> Option<&[Value]> {
        match profile.get(key) {
            Some(Value::List(items)) => Some(items.as_slice()),
            _ => {
                errors.push(vec![text(format!("{key}: missing or not a list"))]);
                None
            }
        }
    };
    let skills = list("skills", &mut errors).unwrap_or(&[]);
    let tools = list("tools", &mut errors).unwrap_or(&[]);
    let limits = match list("limits", &mut errors) {
        Some(items) => {
            if items.is_empty() {
                warnings.push(vec![text("limits: empty list, no limits declared")]);
            }
            items.len()
        }
        None => 0,
    };

    let mut skill_names = Vec::new();
    let mut skills_without = Vec::new();
    let mut evidence_total = 0;
    let mut level_counts = [0usize; 3];
    for entry in skills {
        if !matches!(entry, Value::Dict(_)) {
            errors.push(vec![text("skills: entry is not an object")]);
            continue;
        }
        let Some(name) = non_blank(entry.get("name")) else {
            errors.push(vec![text("skills: entry with missing name")]);
            continue;
        };
        skill_names.push(name.clone());
        let level = entry.get("level");
        match member(level, LEVELS) {
            Some(i) => level_counts[i] += 1,
            None => errors.push(vec![
                text("skill "),
                Piece::Py(name.clone()),
                text(format!(": bad level {}", repr_opt(level))),
            ]),
        }
        let before = errors.len();
        let label = [text("skill "), Piece::Py(name.clone())];
        evidence_total += check_evidence(entry.get("evidence"), &label, &mut errors);
        if errors.len() > before {
            skills_without.push(name.clone());
        }
    }
    let dup_skills = duplicates(&skill_names);

    let mut tool_names = Vec::new();
    let mut tools_without = Vec::new();
    let mut access_counts = [0usize; 4];
    for entry in tools {
        if !matches!(entry, Value::Dict(_)) {
            errors.push(vec![text("tools: entry is not an object")]);
            continue;
        }
        let Some(name) = non_blank(entry.get("name")) else {
            errors.push(vec![text("tools: entry with missing name")]);
            continue;
        };
        tool_names.push(name.clone());
        let access = entry.get("access");
        let Some(i) = member(access, ACCESSES) else {
            errors.push(vec![
                text("tool "),
                Piece::Py(name.clone()),
                text(format!(": bad access {}", repr_opt(access))),
            ]);
            continue;
        };
        access_counts[i] += 1;
        if ACCESSES[i] == "none" {
            continue;
        }
        let before = errors.len();
        let label = [text("tool "), Piece::Py(name.clone())];
        evidence_total += check_evidence(entry.get("evidence"), &label, &mut errors);
        if errors.len() > before {
            tools_without.push(name.clone());
        }
    }
    let dup_tools = duplicates(&tool_names);
    for n in dup_skills {
        errors.push(vec![text("skills: duplicate name "), Piece::Py(n)]);
    }
    for n in dup_tools {
        errors.push(vec![text("tools: duplicate name "), Piece::Py(n)]);
    }

    let stats = Stats {
        agent_id,
        version,
        declared_at: declared_raw.cloned().unwrap_or_else(dash),
        age_days,
        stale,
        skills: skills.len(),
        skill_names: sorted(skill_names),
        level_counts,
        skills_without: sorted(skills_without),
        tools: tools.len(),
        tool_names: sorted(tool_names),
        access_counts,
        tools_without: sorted(tools_without),
        limits,
        evidence_total,
    };
    Checked {
        errors,
        warnings,
        stats: Some(stats),
    }
}

/// Collects stdout, remembering the first lone surrogate (which Python's
/// strict UTF-8 stdout could not print).
#[derive(Default)]
struct Out {
    text: String,
    bad: Option<u32>,
}

impl Out {
    fn str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    fn py(&mut self, s: &PyStr) {
        for &c in &s.0 {
            match char::from_u32(c) {
                Some(ch) => self.text.push(ch),
                None => {
                    self.bad.get_or_insert(c);
                }
            }
        }
    }

    fn pieces(&mut self, msg: &[Piece]) {
        for p in msg {
            match p {
                Piece::Text(t) => self.str(t),
                Piece::Py(s) => self.py(s),
            }
        }
    }

    /// `', '.join(names) if names else '-'`.
    fn names(&mut self, names: &[PyStr]) {
        if names.is_empty() {
            self.str("-");
        }
        for (i, n) in names.iter().enumerate() {
            if i > 0 {
                self.str(", ");
            }
            self.py(n);
        }
    }
}

/// `print_report`.
fn print_report(checked: &Checked, out: &mut Out) {
    let dash = PyStr::from_text("-");
    let st = checked.stats.as_ref();
    out.str("agent_id: ");
    out.py(st.map_or(&dash, |s| &s.agent_id));
    out.str("\nversion: ");
    out.py(st.map_or(&dash, |s| &s.version));
    out.str("\ndeclared_at: ");
    out.py(st.map_or(&dash, |s| &s.declared_at));
    out.str(&format!(
        "\nage_days: {}\nstale: {}\n",
        st.map_or(-1, |s| s.age_days),
        st.map_or("unknown", |s| s.stale)
    ));
    out.str(&format!("skills: {}: ", st.map_or(0, |s| s.skills)));
    out.names(st.map_or(&[], |s| &s.skill_names));
    let lc = st.map_or([0; 3], |s| s.level_counts);
    out.str(&format!(
        "\nlevels: basic {}, proficient {}, advanced {}\n",
        lc[0], lc[1], lc[2]
    ));
    let sw = st.map_or(&[][..], |s| &s.skills_without);
    out.str(&format!("skills_without_evidence: {}: ", sw.len()));
    out.names(sw);
    out.str(&format!("\ntools: {}: ", st.map_or(0, |s| s.tools)));
    out.names(st.map_or(&[], |s| &s.tool_names));
    let ac = st.map_or([0; 4], |s| s.access_counts);
    out.str(&format!(
        "\naccess: none {}, read {}, write {}, execute {}\n",
        ac[0], ac[1], ac[2], ac[3]
    ));
    let tw = st.map_or(&[][..], |s| &s.tools_without);
    out.str(&format!("tools_without_evidence: {}: ", tw.len()));
    out.names(tw);
    out.str(&format!(
        "\nlimits: {}\nevidence_entries: {}\nerrors: {}\n",
        st.map_or(0, |s| s.limits),
        st.map_or(0, |s| s.evidence_total),
        checked.errors.len()
    ));
    for e in &checked.errors {
        out.str("  error: ");
        out.pieces(e);
        out.str("\n");
    }
    out.str(&format!("warnings: {}\n", checked.warnings.len()));
    for w in &checked.warnings {
        out.str("  warning: ");
        out.pieces(w);
        out.str("\n");
    }
    let verdict = if checked.errors.is_empty() {
        "PASS"
    } else {
        "FAIL"
    };
    out.str(&format!("verdict: {verdict}\n"));
}

#[cfg(test)]
mod tests;

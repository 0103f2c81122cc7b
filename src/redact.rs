//! Redaction: the one gate between what a run read and what it prints.
//!
//! Every text a run reads — files of the working tree, blobs of the index
//! and of every revision (base, target tip, each commit of `history`) — is
//! scanned for secrets, and each secret found is remembered for the rest of
//! the process ([`learn`], [`remember`]). Values are masked where messages
//! quote them, before they are cut short ([`mask_value`] first, truncate after),
//! snippets come from a copy of the source masked to the same length
//! ([`source_text`]), and every string bound for stdout, stderr or the
//! GitHub step summary passes [`mask`] once more.
//!
//! A text is masked wherever it holds any [`WINDOW`]-character piece of a
//! known secret (letters compared without ASCII case), or a whole secret
//! shorter than that: a secret cut short by truncation, quoted in part or
//! lower-cased in a suggestion is masked too. The forms a secret takes once
//! escaped for JSON, Markdown tables, Python literals and GitHub workflow
//! commands are known as well. Secrets shorter than [`MIN_CHARS`] characters
//! are masked only where they were found (by span), never by value.
//!
//! One Aho-Corasick automaton holds every piece, so masking is one linear
//! pass over each text; with no secret known, it costs one atomic load.

use crate::secrets;
use crate::source::SourceFile;
use aho_corasick::{AhoCorasick, MatchKind};
use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// The length, in characters, of the pieces of a secret that are masked
/// wherever they appear.
pub const WINDOW: usize = 8;

/// Secrets shorter than this (in characters) are masked only by span: as
/// values they would mask ordinary words.
pub const MIN_CHARS: usize = 4;

/// What a masked run of text becomes in messages and outputs.
pub const MASK: &str = "****";

/// A set of secrets, ready to mask texts.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    /// One automaton, or several (the run-wide registry adds secrets as it
    /// reads texts, in batches merged as they grow; see [`current`]).
    automata: Vec<AhoCorasick>,
}

impl Redactor {
    /// A redactor for `secrets` (values as found in the texts).
    pub fn new<I, S>(secrets: I) -> Redactor
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut needles: HashSet<String> = HashSet::new();
        for secret in secrets {
            for form in forms(secret.as_ref()) {
                pieces(&form, &mut needles);
            }
        }
        if needles.is_empty() {
            return Redactor::default();
        }
        let mut needles: Vec<String> = needles.into_iter().collect();
        needles.sort_unstable();
        let automata = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .ascii_case_insensitive(true)
            .build(&needles)
            .ok()
            .into_iter()
            .collect();
        Redactor { automata }
    }

    pub fn is_empty(&self) -> bool {
        self.automata.is_empty()
    }

    /// The byte ranges of `text` to mask: merged, on character boundaries,
    /// and widened over any escape sequence they cut (so that a masked JSON
    /// string stays valid JSON).
    pub fn ranges(&self, text: &str) -> Vec<Range<usize>> {
        let mut found: Vec<Range<usize>> = Vec::new();
        for automaton in &self.automata {
            for m in automaton.find_overlapping_iter(text) {
                found.push(widen(text, m.start()..m.end()));
            }
        }
        if found.is_empty() {
            return found;
        }
        found.sort_unstable_by_key(|r| r.start);
        let mut out: Vec<Range<usize>> = Vec::with_capacity(found.len());
        for r in found {
            match out.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => out.push(r),
            }
        }
        out
    }

    /// `text` with every run of secret bytes replaced by [`MASK`].
    pub fn mask<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let ranges = self.ranges(text);
        if ranges.is_empty() {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for r in ranges {
            out.push_str(&text[at..r.start]);
            out.push_str(MASK);
            at = r.end;
        }
        out.push_str(&text[at..]);
        Cow::Owned(out)
    }

    /// Masks `text` in place (see [`Redactor::mask`]).
    pub fn mask_in_place(&self, text: &mut String) {
        if let Cow::Owned(masked) = self.mask(text) {
            *text = masked;
        }
    }

    /// `text` with every secret byte replaced by `*` (line breaks kept):
    /// same length and lines, so that spans still line up.
    pub fn mask_same_length(&self, text: String) -> String {
        let ranges = self.ranges(&text);
        if ranges.is_empty() {
            return text;
        }
        let mut bytes = text.into_bytes();
        for r in ranges {
            for b in &mut bytes[r] {
                if *b != b'\n' && *b != b'\r' {
                    *b = b'*';
                }
            }
        }
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// The forms a secret takes in the outputs: as it is, and escaped for JSON
/// strings (also with `/` escaped), Markdown table cells (`caplint diff` and
/// the GitHub step summary), Python string literals (`caplint report`) and
/// GitHub workflow commands.
fn forms(secret: &str) -> Vec<String> {
    let mut out = vec![secret.to_string()];
    let mut add = |form: String| {
        if !out.contains(&form) {
            out.push(form);
        }
    };
    let json = serde_json::Value::String(secret.to_string()).to_string();
    let json = json[1..json.len() - 1].to_string();
    add(json.replace('/', "\\/"));
    add(json);
    add(secret
        .replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " "));
    add(secret.replace('\\', "\\\\").replace('\'', "\\'"));
    // The GitHub step summary's table cells (`render::github`).
    let mut cell = String::with_capacity(secret.len());
    for c in secret.chars() {
        match c {
            '&' => cell.push_str("&amp;"),
            '<' => cell.push_str("&lt;"),
            '>' => cell.push_str("&gt;"),
            '|' => cell.push_str("&#124;"),
            '\\' => cell.push_str("&#92;"),
            '`' => cell.push_str("&#96;"),
            '*' | '_' | '[' | ']' | '#' | '~' | '!' => {
                cell.push('\\');
                cell.push(c);
            }
            '\n' | '\r' => cell.push(' '),
            _ => cell.push(c),
        }
    }
    add(cell);
    let data = secret
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    add(data.replace(':', "%3A").replace(',', "%2C"));
    add(data);
    out
}

/// The tool's own words, printed in every run whatever it read: the rule
/// ids and the generic kinds of secret its messages name (set once at
/// start by [`keep_words`]). A piece of a secret that is
/// part of one (`Security` of `MyP@ss+SecurityToken`) discloses nothing and
/// is not masked, so no secret masks a rule id in JSON or SARIF.
static WORDS: OnceLock<Vec<String>> = OnceLock::new();

/// Sets the tool's own words (the rule ids, whose pieces are never
/// masked); later calls change nothing.
pub fn keep_words<I, S>(words: I)
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let _ = WORDS.set(
        words
            .into_iter()
            .map(|w| w.as_ref().to_ascii_lowercase())
            .collect(),
    );
}

/// Whether `piece` is part of one of the tool's own words.
fn is_own_word(piece: &str) -> bool {
    WORDS.get().is_some_and(|words| {
        let piece = piece.to_ascii_lowercase();
        words.iter().any(|w| w.contains(&piece))
    })
}

/// Adds the pieces of one form of a secret: every window of [`WINDOW`]
/// characters, or the whole form when it is shorter.
fn pieces(form: &str, needles: &mut HashSet<String>) {
    let starts: Vec<usize> = form.char_indices().map(|(i, _)| i).collect();
    let chars = starts.len();
    if chars < MIN_CHARS || form.trim().is_empty() {
        return;
    }
    if chars <= WINDOW {
        needles.insert(form.to_string());
        return;
    }
    // A piece that is mostly white space (`1\n      ` of a key's line
    // break) would mask the layout of any output, a JSON document's
    // included: each piece holds at least MIN_CHARS other characters, and
    // a secret with no such piece is masked whole.
    let significant =
        |piece: &str| piece.chars().filter(|c| !c.is_whitespace()).count() >= MIN_CHARS;
    let mut any = false;
    for i in 0..=chars - WINDOW {
        let end = starts.get(i + WINDOW).copied().unwrap_or(form.len());
        let piece = &form[starts[i]..end];
        if significant(piece) && !is_own_word(piece) {
            needles.insert(piece.to_string());
            any = true;
        }
    }
    if !any {
        needles.insert(form.to_string());
    }
}

/// Widens a range to whole escape sequences: a range that starts just after
/// an escaping backslash takes it in, and one that ends inside a sequence
/// (`\"`, `\\`, `\uXXXX`) runs to its end.
fn widen(text: &str, mut r: Range<usize>) -> Range<usize> {
    let bytes = text.as_bytes();
    let run = bytes[..r.start]
        .iter()
        .rev()
        .take_while(|&&b| b == b'\\')
        .count();
    if run % 2 == 1 {
        r.start -= 1;
    }
    let mut i = r.start;
    while i < r.end {
        if bytes[i] == b'\\' {
            i += match bytes.get(i + 1) {
                Some(b'u') => 6,
                Some(_) => 2,
                None => 1,
            };
        } else {
            i += 1;
        }
    }
    let mut end = i.min(bytes.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    r.start..end
}

/// The pieces of a found secret worth remembering: a private key block
/// without its `-----BEGIN … KEY-----` and `-----END … KEY-----` lines,
/// which are no secret (and would mask the words "private key").
fn secret_parts(value: &str) -> Vec<&str> {
    if !value.starts_with("-----BEGIN ") {
        return vec![value];
    }
    let mut parts = Vec::new();
    let mut rest = value;
    while let Some(open) = rest.find("-----") {
        parts.push(&rest[..open]);
        let after = &rest[open + 5..];
        match after.find("-----") {
            Some(close) => rest = &after[close + 5..],
            None => {
                rest = "";
                break;
            }
        }
    }
    parts.push(rest);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// The secrets this process has read.
#[derive(Default)]
struct Registry {
    secrets: Vec<String>,
    seen: HashSet<String>,
    /// Automata for consecutive runs of `secrets`, each at least twice the
    /// size of the next: a secret is compiled again only when its batch
    /// merges with one about as large, so a run that finds secrets in
    /// thousands of files builds in O(n log n), not once per file.
    levels: Vec<(usize, Option<AhoCorasick>)>,
    /// How many of `secrets` the levels hold.
    covered: usize,
    /// The levels as one redactor, while no secret was added.
    snapshot: Option<Arc<Redactor>>,
}

impl Registry {
    fn redactor(&mut self) -> Option<Arc<Redactor>> {
        if self.covered < self.secrets.len() {
            let mut start = self.covered;
            let end = self.secrets.len();
            self.covered = end;
            while let Some(&(len, _)) = self.levels.last() {
                if len > 2 * (end - start) {
                    break;
                }
                self.levels.pop();
                start -= len;
            }
            let built = Redactor::new(&self.secrets[start..end]);
            self.levels
                .push((end - start, built.automata.into_iter().next()));
            self.snapshot = Some(Arc::new(Redactor {
                automata: self.levels.iter().filter_map(|(_, a)| a.clone()).collect(),
            }));
        }
        self.snapshot.clone()
    }
}

static KNOWN: AtomicBool = AtomicBool::new(false);

fn registry() -> &'static Mutex<Registry> {
    static CELL: OnceLock<Mutex<Registry>> = OnceLock::new();
    CELL.get_or_init(|| Mutex::new(Registry::default()))
}

fn locked() -> std::sync::MutexGuard<'static, Registry> {
    registry()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Remembers one secret value (as found in a text) for the rest of the run.
pub fn remember(value: &str) {
    let parts = secret_parts(value);
    if parts.is_empty() {
        return;
    }
    let mut reg = locked();
    for part in parts {
        if !reg.seen.contains(part) {
            reg.seen.insert(part.to_string());
            reg.secrets.push(part.to_string());
            KNOWN.store(true, Ordering::Release);
        }
    }
}

/// Scans a text the run read and remembers every secret in it.
pub fn learn(text: &str) {
    for m in secrets::scan(text) {
        if let Some(value) = text.get(m.range) {
            remember(value);
        }
    }
    learn_decoded(text);
}

/// Remembers the secrets that show only once a literal's escapes are
/// decoded (`"ghp\u005f…"`): both the decoded value, which the parsers
/// hand to every message, and the raw bytes.
pub fn learn_decoded(text: &str) {
    for m in secrets::scan_decoded(text) {
        remember(&m.value);
        if let Some(raw) = text.get(m.range) {
            remember(raw);
        }
    }
}

/// [`learn`] for bytes (a blob), read as UTF-8 with invalid bytes replaced.
pub fn learn_bytes(bytes: &[u8]) {
    learn(&String::from_utf8_lossy(bytes));
}

/// Remembers the secrets already found in a source (by its scan).
pub fn learn_source(source: &SourceFile) {
    for value in source.secret_values() {
        remember(value);
    }
}

/// Every secret known so far.
pub fn known() -> Vec<String> {
    if !KNOWN.load(Ordering::Acquire) {
        return Vec::new();
    }
    locked().secrets.clone()
}

/// The redactor for every secret known so far; `None` while there is none.
pub fn current() -> Option<Arc<Redactor>> {
    if !KNOWN.load(Ordering::Acquire) {
        return None;
    }
    locked().redactor()
}

/// A value about to be quoted in a message, and perhaps cut short: every
/// secret the patterns find in the value itself becomes [`MASK`] before it
/// can be cut (a secret cut first would keep its head). Secrets the run
/// found elsewhere (a `"password": …` whose key gives it away, a value from
/// another file) are masked, whole or in part, when the report is finished.
/// Depends on the value alone, so messages are the same from run to run.
pub fn mask_value(value: &str) -> Cow<'_, str> {
    let found = secrets::scan(value);
    if found.is_empty() {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut at = 0;
    for m in found {
        out.push_str(&value[at..m.range.start]);
        out.push_str(MASK);
        at = m.range.end;
    }
    out.push_str(&value[at..]);
    Cow::Owned(out)
}

/// `text` with every known secret masked (see [`Redactor::mask`]).
pub fn mask(text: &str) -> Cow<'_, str> {
    match current() {
        Some(r) => match r.mask(text) {
            Cow::Borrowed(_) => Cow::Borrowed(text),
            Cow::Owned(s) => Cow::Owned(s),
        },
        None => Cow::Borrowed(text),
    }
}

/// Masks a string in place with every known secret.
pub fn mask_in_place(text: &mut String) {
    if let Some(r) = current() {
        r.mask_in_place(text);
    }
}

/// The text of a source for a snippet: its secrets (by span) replaced by
/// `*`, and any known secret from another text as well, at the same length
/// so that spans still line up.
pub fn source_text(source: &SourceFile) -> String {
    let text = source.redacted_text();
    match current() {
        Some(r) => r.mask_same_length(text),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "ghp_Q7wE9rT2yU4iO6pA8sD0fG1hJ3kL5zX7cV9b";

    #[test]
    fn masks_a_secret_and_any_piece_of_it() {
        let r = Redactor::new([TOKEN]);
        assert_eq!(r.mask(&format!("a {TOKEN} b")), "a **** b");
        // Cut short by truncation, or only its middle.
        assert_eq!(r.mask(&format!("`{}…`", &TOKEN[..27])), "`****…`");
        assert_eq!(r.mask(&format!("x{}y", &TOKEN[10..19])), "x****y");
        // Lower-cased in a suggestion.
        assert_eq!(r.mask(&TOKEN.to_ascii_lowercase()), "****");
        // Fewer than WINDOW characters of it are not a piece.
        assert_eq!(r.mask(&TOKEN[..7]), &TOKEN[..7]);
        assert_eq!(r.mask("nothing here"), "nothing here");
        assert!(matches!(r.mask("nothing here"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_quoted_value_is_masked_before_it_is_cut() {
        let value = format!("see {TOKEN} and https://ops:Pw9xQ2mZ7@logs.example.com/1");
        assert_eq!(
            mask_value(&value),
            "see **** and https://ops:****@logs.example.com/1"
        );
        assert!(matches!(mask_value("plain words"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_keys_line_breaks_do_not_mask_the_layout_of_an_output() {
        let key = "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8h+3hY0J8dC4a4b4e8c9f0e1d1\n        c3b4a5d6e7f8g9h0i1j2k3l4m5n6o7p8q9r0s1t2u3v4w5x6y7z8A9B0C1D2E3";
        let r = Redactor::new([key]);
        let json = "{\n  \"span\": {\n    \"line\": 3,\n    \"column\": 1\n      },\n  \"x\": 2\n}";
        assert_eq!(r.mask(json), json);
        // Each line of the key is masked; the white space between stays.
        let text = format!("a {key} b");
        let masked = r.mask(&text);
        let inner = masked
            .strip_prefix("a ")
            .unwrap()
            .strip_suffix(" b")
            .unwrap();
        assert!(
            inner.chars().all(|c| c == '*' || c.is_whitespace()),
            "{masked}"
        );
        assert_eq!(r.mask("c3b4a5d6e7f8"), "****");
        // A secret with no piece of enough characters is masked whole.
        let sparse = "a       b       c       d";
        let r = Redactor::new([sparse]);
        assert_eq!(r.mask(&format!("x {sparse} y")), "x **** y");
        assert_eq!(r.mask("a       b"), "a       b");
    }

    #[test]
    fn short_secrets_are_masked_whole_and_tiny_ones_not_by_value() {
        let r = Redactor::new(["pw42x", "ab"]);
        assert_eq!(r.mask("a pw42x b ab"), "a **** b ab");
    }

    #[test]
    fn escaped_forms_are_masked_and_json_stays_valid() {
        let secret = r#"p"a\ss/w0rd%:,|'x"#;
        let r = Redactor::new([secret]);
        let json = serde_json::json!({ "m": format!("v {secret} w") }).to_string();
        let masked = r.mask(&json);
        let back: serde_json::Value = serde_json::from_str(&masked).unwrap();
        assert_eq!(back["m"], "v **** w");
        // A piece that starts right after an escaping backslash.
        let cut = serde_json::json!({ "m": &secret[1..] }).to_string();
        let back: serde_json::Value = serde_json::from_str(&r.mask(&cut)).unwrap();
        assert_eq!(back["m"], "****");
        let gh = crate::render::github::escape_property(secret);
        assert_eq!(r.mask(&gh), "****");
        let md = secret.replace('\\', "\\\\").replace('|', "\\|");
        assert_eq!(r.mask(&md), "****");
        let t = Redactor::new(["ghp_Ab1_Cd2*Ef3<Gh4"]);
        assert_eq!(t.mask("x ghp\\_Ab1\\_Cd2\\*Ef3&lt;Gh4 y"), "x **** y");
    }

    #[test]
    fn same_length_masking_keeps_spans_and_lines() {
        let r = Redactor::new(["line1secret\nline2secret"]);
        let text = "k: line1secret\nline2secret end".to_string();
        let masked = r.mask_same_length(text.clone());
        assert_eq!(masked.len(), text.len());
        assert_eq!(masked, "k: ***********\n*********** end");
    }

    #[test]
    fn private_key_armour_is_not_remembered() {
        let block =
            "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7x\n-----END RSA PRIVATE KEY-----";
        assert_eq!(secret_parts(block), vec!["MIIEpAIBAAKCAQEA7x"]);
        let open = "-----BEGIN PRIVATE KEY----- Zm9vYmFyYmF6";
        assert_eq!(secret_parts(open), vec!["Zm9vYmFyYmF6"]);
        let r = Redactor::new(secret_parts(block));
        assert_eq!(
            r.mask("private key in committed text"),
            "private key in committed text"
        );
        assert_eq!(r.mask("MIIEpAIBAAKCAQEA7x"), "****");
    }

    #[test]
    fn the_registry_keeps_every_batch_as_it_merges_them() {
        let mut reg = Registry::default();
        let secrets: Vec<String> = (0..300).map(|i| format!("tok{i:05}Zq")).collect();
        for (i, s) in secrets.iter().enumerate() {
            reg.secrets.push(s.clone());
            // A secret too short to mask by value, now and then.
            if i % 7 == 0 {
                reg.secrets.push("ab".into());
            }
            let r = reg.redactor().unwrap();
            assert!(r.automata.len() <= 10, "{} levels", r.automata.len());
        }
        let r = reg.redactor().unwrap();
        for s in &secrets {
            assert_eq!(r.mask(&format!("x {s} y")), "x **** y");
        }
        let total: usize = reg.levels.iter().map(|(n, _)| n).sum();
        assert_eq!(total, reg.secrets.len());
    }

    #[test]
    fn thousands_of_secrets_mask_in_one_pass() {
        let secrets: Vec<String> = (0..5000).map(|i| format!("AKIA{i:016}")).collect();
        let r = Redactor::new(&secrets);
        let text: String = secrets.iter().map(|s| format!("key {s}\n")).collect();
        let start = std::time::Instant::now();
        let masked = r.mask(&text);
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(masked.matches("key ****\n").count(), 5000);
    }
}

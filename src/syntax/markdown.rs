//! Finding the file names a skill's text mentions, without judging them:
//! Markdown links and images, reference definitions, `href`/`src`
//! attributes, path-shaped words in prose and back-ticks, and words in fenced
//! code, frontmatter and non-Markdown files. The reference graph
//! (`crate::model::skill::references`) decides which of them must exist.

pub use crate::syntax::markdown_words::{code, python_imports, Ref, RefKind};

use crate::source::Span;
use crate::syntax::markdown_words::{code_words, words};
use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

/// Whether `s` starts with a URL scheme (`https:`, `mailto:`, `data:`).
pub fn has_scheme(s: &str) -> bool {
    // A byte loop: most words are short and have no colon.
    let Some(colon) = s.bytes().position(|b| b == b':') else {
        return false;
    };
    let scheme = &s[..colon];
    scheme.len() >= 2
        && scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'))
}

/// A fence line's marker character and length: three or more back-ticks or
/// tildes after any indentation (fences inside list items are indented).
pub(crate) fn fence_open(line: &str) -> Option<(char, usize)> {
    let t = line.trim_start();
    let c = t.chars().next()?;
    if c != '`' && c != '~' {
        return None;
    }
    let n = t.chars().take_while(|&x| x == c).count();
    if n < 3 {
        return None;
    }
    if c == '`' && t[n..].contains('`') {
        return None;
    }
    Some((c, n))
}

/// Whether a fence's info string says it holds Markdown (`markdown`,
/// `md`, `mdx`): a sample of a document, such as another skill's text.
fn shows_markdown(line: &str, (c, n): (char, usize)) -> bool {
    let info = line.trim_start()[n * c.len_utf8()..].trim_start();
    let lang = info
        .split(|ch: char| ch.is_whitespace() || ch == '{' || ch == ',')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(lang.as_str(), "markdown" | "md" | "mdx")
}

/// Whether `line`, inside a Markdown sample fenced by `n` of `c`, opens a
/// fence of the sample's own (```` ```bash ```` in a ```` ```markdown ````
/// block): as many marks or more, and an info string. CommonMark reads it
/// as text and lets the next bare fence close the sample; its author
/// meant that fence to close the inner one.
fn nested_open(line: &str, c: char, n: usize) -> bool {
    fence_open(line).is_some_and(|(c2, n2)| {
        c2 == c && n2 >= n && !line.trim()[n2 * c.len_utf8()..].trim().is_empty()
    })
}

/// Whether the sample that `rest` follows, fenced by `f`, closes once its
/// nested fences are paired.
fn nested_closes(rest: &str, (c, n): (char, usize)) -> bool {
    let mut depth = 0usize;
    for line in rest.lines() {
        if nested_open(line, c, n) {
            depth += 1;
        } else if fence_close(line, c, n) {
            if depth == 0 {
                return true;
            }
            depth -= 1;
        }
    }
    false
}

/// Whether `line` closes a fence opened by `n` of `c`: only that
/// character, at least as many, and no info string.
pub(crate) fn fence_close(line: &str, c: char, n: usize) -> bool {
    let t = line.trim();
    t.len() >= n && t.chars().all(|x| x == c)
}

/// Decodes `%XX` escapes; invalid escapes are kept as written.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
            out.push(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// Scans Markdown `text[range]`.
pub fn markdown(text: &str, range: Range<usize>) -> Vec<Ref> {
    let mut out = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    // The open fence shows a Markdown document (```` ```markdown ````).
    let mut sample = false;
    let mut pos = range.start;
    let end = range.end.min(text.len());
    let mut examples = ExampleContext::default();
    let mut scratch = Scratch::default();
    let mut markers = MarkerScan::new(text, end);
    // Fences nested in a Markdown sample, as its author wrote them: how
    // many are open, and whether pairing them still closes the sample.
    let mut nested = 0usize;
    let mut nesting = true;
    while pos < end {
        let line_end = memchr::memchr(b'\n', &text.as_bytes()[pos..end]).map_or(end, |i| pos + i);
        let line = text[pos..line_end].trim_end_matches('\r');
        let start = pos;
        pos = (line_end + 1).min(end.max(line_end + 1));
        if let Some((c, n)) = fence {
            if sample && nesting && nested_open(line, c, n) {
                nested += 1;
                code_words(line, start, false, &mut out);
            } else if fence_close(line, c, n) && nested > 0 {
                nested -= 1;
            } else if fence_close(line, c, n) {
                fence = None;
            } else {
                let first = out.len();
                code_words(line, start, false, &mut out);
                if sample {
                    // A sample document's placeholder path
                    // (`{baseDir}/scripts/x.py` in a skill shown as an
                    // example) is that document's as much as this skill's.
                    for r in &mut out[first..] {
                        if r.text.starts_with(['{', '$']) {
                            r.kind = RefKind::Sample;
                        }
                    }
                }
            }
            continue;
        }
        if let Some(f) = fence_open(line) {
            fence = Some(f);
            sample = shows_markdown(line, f);
            nested = 0;
            // Pairing the fences inside a sample must close it before the
            // end; else it closes as CommonMark says, here and (so that no
            // line is scanned twice) for the rest of the text.
            nesting = nesting && (!sample || nested_closes(&text[pos..end], f));
            continue;
        }
        if let Some(r) = definition(line, start) {
            out.push(r);
            continue;
        }
        let first = out.len();
        let example = examples.line(line, || markers.in_line(start, start + line.len()));
        prose_line(line, start, &mut out, &mut scratch);
        if example {
            for r in &mut out[first..] {
                if r.kind == RefKind::Prose {
                    r.kind = RefKind::Example;
                }
            }
        }
    }
    out
}

/// Tracks whether prose lines are part of an example: a marker word in the
/// paragraph so far, in the current list item, or in the paragraph (ending
/// with `:`) that introduces the list.
#[derive(Default)]
struct ExampleContext {
    /// At the start of a paragraph (after a blank line or heading).
    fresh: bool,
    started: bool,
    in_list: bool,
    paragraph: bool,
    item: bool,
    lead: bool,
    /// The previous paragraph had a marker and ended with `:`.
    previous_introduces: bool,
    last_colon: bool,
}

impl ExampleContext {
    /// Feeds one prose line; returns whether it is in an example.
    /// `may_mark` is `may_have_example_marker(line)`.
    fn line(&mut self, line: &str, may_mark: impl FnOnce() -> bool) -> bool {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            if self.started {
                self.previous_introduces = self.paragraph_or_item() && self.last_colon;
            }
            if t.starts_with('#') {
                self.previous_introduces = false;
                self.lead = false;
            }
            self.fresh = true;
            self.started = false;
            return false;
        }
        let item = is_list_item(t);
        if !self.started {
            self.started = true;
            self.paragraph = false;
            self.item = false;
            if item {
                if !self.in_list {
                    self.lead = self.previous_introduces;
                }
                self.in_list = true;
            } else {
                self.in_list = false;
                self.lead = false;
            }
        }
        self.fresh = false;
        if item {
            self.item = false;
        }
        let marker = may_mark() && example_marker(line);
        if self.in_list {
            self.item |= marker;
        }
        self.paragraph |= marker;
        self.last_colon = t.ends_with(':');
        if self.in_list {
            self.item || self.lead
        } else {
            self.paragraph
        }
    }

    fn paragraph_or_item(&self) -> bool {
        self.paragraph || self.item
    }
}

fn is_list_item(t: &str) -> bool {
    if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") {
        return true;
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && (t[digits..].starts_with(". ") || t[digits..].starts_with(") "))
}

/// `Example:`, `e.g.`, `for example`, `an example`, `for instance`,
/// `such as`, or a guide's `GOOD:` / `BAD:` as prose words (not inside code spans or path names such as
/// `examples/a.md`; a bare `example patterns` is not a marker).
#[cfg(test)]
fn has_example_marker(line: &str) -> bool {
    may_have_example_marker(line) && example_marker(line)
}

/// `has_example_marker` for a line that passed `may_have_example_marker`.
fn example_marker(line: &str) -> bool {
    let mut prose = String::with_capacity(line.len());
    let mut last = 0;
    let mut code = Vec::new();
    code_spans(line, &mut code);
    for (whole, _) in code {
        prose.push_str(&line[last..whole.start]);
        prose.push(' ');
        last = whole.end;
    }
    prose.push_str(&line[last..]);
    let words: Vec<String> = prose
        .split_whitespace()
        .map(|w| {
            w.replace(['*', '_'], "")
                .trim_matches(|c: char| !c.is_alphanumeric() && !matches!(c, '.' | '/' | ':'))
                .to_lowercase()
        })
        .collect();
    let bare = |w: &str| w.trim_end_matches([':', '.', ',', ';']).to_string();
    words.iter().any(|w| {
        matches!(
            w.as_str(),
            "example:" | "examples:" | "e.g." | "e.g.," | "e.g.:" | "eg."
                // A guide's marked samples (`✅ GOOD: …`, `❌ BAD: …`).
                | "good:" | "bad:"
        ) || bare(w) == "e.g"
    }) || words.windows(2).any(|p| {
        matches!(
            (p[0].as_str(), bare(&p[1]).as_str()),
            ("for", "example") | ("an", "example") | ("for", "instance") | ("such", "as")
        )
    })
}

/// A cheap test that `has_example_marker` can only pass: every marker word,
/// with `*` and `_` removed and lower-cased, holds one of these substrings.
/// (Lower-casing maps no non-ASCII letter to an ASCII one in them.)
const MARKER_NEEDLES: [&str; 7] = ["example", "e.g", "eg.", "instance", "such", "good:", "bad:"];

/// Whether the line holds a `MARKER_NEEDLES` substring once `*` and `_` are
/// removed and ASCII letters lower-cased.
#[cfg(test)]
fn may_have_example_marker(line: &str) -> bool {
    MarkerScan::new(line, line.len()).in_line(0, line.len())
}

/// `may_have_example_marker` for each line of a text, from one search per
/// marker found rather than one per line: a lazy DFA for the needles, ASCII
/// case-blind, with `[*_]*` between their letters (no needle holds a line
/// end, so a match lies within one line).
struct MarkerScan<'a> {
    text: &'a str,
    end: usize,
    /// The end of the earliest match at or after the last search's start
    /// (`Some(None)`: none up to `end`); `None` before any search.
    found: Option<Option<usize>>,
}

impl<'a> MarkerScan<'a> {
    fn new(text: &'a str, end: usize) -> Self {
        MarkerScan {
            text,
            end,
            found: None,
        }
    }

    /// Whether `text[start..end]`, a line, holds a match. Lines are asked
    /// in order.
    fn in_line(&mut self, start: usize, end: usize) -> bool {
        match self.found {
            // A match that ends after the line start begins in this line
            // or a later one; the earliest ends in this line if any does.
            Some(Some(m)) if m > start => return m <= end,
            Some(None) => return false,
            _ => {}
        }
        match self.search(start) {
            Ok(m) => {
                self.found = Some(m);
                m.is_some_and(|m| m <= end)
            }
            // A search that gives up (it cannot here: the cache holds every
            // state) counts as a possible marker, so the exact test runs.
            Err(()) => {
                self.found = None;
                true
            }
        }
    }

    /// The end of the earliest match in `text[from..end]`.
    fn search(&self, from: usize) -> Result<Option<usize>, ()> {
        static NEEDLES: OnceLock<crate::prefilter::CaseBlindWords> = OnceLock::new();
        NEEDLES
            .get_or_init(|| crate::prefilter::CaseBlindWords::new(&MARKER_NEEDLES, "[*_]*"))
            .earliest_end(self.text, from..self.end)
            .map_err(|_| ())
    }
}

/// `[label]: destination` (not a `[^footnote]:`).
fn definition(line: &str, start: usize) -> Option<Ref> {
    // A `[` after at most three spaces, as the pattern starts.
    let bytes = line.as_bytes();
    match bytes.iter().take(4).position(|&b| b != b' ') {
        Some(i) if bytes[i] == b'[' => {}
        _ => return None,
    }
    if !line.contains("]:") {
        return None;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^ {0,3}\[([^\]\^][^\]]*)\]:[ \t]*(<[^>\n]*>|\S+)").expect("definition regex")
    });
    let caps = re.captures(line)?;
    let dest = caps.get(2)?;
    link_ref(line, start, dest.range())
}

/// Whether a destination starts with a domain reserved for examples
/// (RFC 2606: `example.com`, `example.org`, `example.net` and their
/// subdomains) written without its scheme (`example.com/cdn-cgi/x.png` in
/// a sample's `<img src>`): an address in a sample, no file of the folder.
fn names_example_host(raw: &str) -> bool {
    let host = raw.split('/').next().unwrap_or(raw).to_ascii_lowercase();
    ["example.com", "example.org", "example.net"]
        .iter()
        .any(|d| host == *d || host.strip_suffix(d).is_some_and(|sub| sub.ends_with('.')))
}

/// A link destination at `line[range]` (possibly in `<…>`), as a reference.
fn link_ref(line: &str, start: usize, range: Range<usize>) -> Option<Ref> {
    let mut r = range;
    if line[r.clone()].starts_with('<') && line[r.clone()].ends_with('>') && r.len() >= 2 {
        r = r.start + 1..r.end - 1;
    }
    let raw = &line[r.clone()];
    // A destination in back-ticks (``![x](`/assets/x.png?v=4`)``, a page
    // converted from a site) names no file: the back-ticks are its text.
    if raw.is_empty()
        || raw.starts_with('#')
        || raw.starts_with("//")
        || raw.starts_with('`')
        || has_scheme(raw)
        || names_example_host(raw)
    {
        return None;
    }
    let cut = raw.find(['#', '?']).unwrap_or(raw.len());
    let path = &raw[..cut];
    if path.is_empty() {
        return None;
    }
    Some(Ref {
        span: Span::new(start + r.start, cut),
        text: percent_decode(path),
        kind: RefKind::Link,
    })
}

/// Inline code spans of one line into `out`: (whole span incl. back-ticks,
/// content).
fn code_spans(line: &str, out: &mut Vec<(Range<usize>, Range<usize>)>) {
    out.clear();
    let bytes = line.as_bytes();
    let run_at = |i: usize| bytes[i..].iter().take_while(|&&b| b == b'`').count();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'`', &bytes[i..]) {
        i += k;
        let run = run_at(i);
        let mut j = i + run;
        let mut closed = None;
        while let Some(k) = memchr::memchr(b'`', &bytes[j..]) {
            j += k;
            let r2 = run_at(j);
            if r2 == run {
                closed = Some(j);
                break;
            }
            j += r2;
        }
        match closed {
            Some(j) => {
                out.push((i..j + run, i + run..j));
                i = j + run;
            }
            None => i += run,
        }
    }
}

/// Links `[text](dest)` / `![alt](dest)` outside code spans into `out`:
/// (whole link range, destination range).
fn links(
    line: &str,
    code: &[(Range<usize>, Range<usize>)],
    out: &mut Vec<(Range<usize>, Range<usize>)>,
) {
    out.clear();
    let in_code = |i: usize| code.iter().any(|(r, _)| r.contains(&i));
    let bytes = line.as_bytes();
    let mut search = 0;
    // Each `](`, found by its `]`.
    while let Some(found) = memchr::memchr(b']', &bytes[search..]) {
        let close = search + found;
        if bytes.get(close + 1) != Some(&b'(') {
            search = close + 1;
            continue;
        }
        search = close + 2;
        if in_code(close) {
            continue;
        }
        // The matching `[`.
        let mut depth = 0usize;
        let mut open = None;
        for k in (0..close).rev() {
            match bytes[k] {
                b']' if !in_code(k) => depth += 1,
                b'[' if !in_code(k) => {
                    if depth == 0 {
                        open = Some(k);
                        break;
                    }
                    depth -= 1;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let open = if open > 0 && bytes[open - 1] == b'!' {
            open - 1
        } else {
            open
        };
        // The destination.
        let mut k = close + 2;
        while k < bytes.len() && (bytes[k] == b' ' || bytes[k] == b'\t') {
            k += 1;
        }
        let dest_start = k;
        let dest_end;
        if k < bytes.len() && bytes[k] == b'<' {
            match line[k..].find('>') {
                Some(e) => {
                    dest_end = k + e + 1;
                    k = dest_end;
                }
                None => continue,
            }
        } else {
            let mut parens = 0usize;
            while k < bytes.len() {
                match bytes[k] {
                    b' ' | b'\t' => break,
                    b'(' => parens += 1,
                    b')' if parens == 0 => break,
                    b')' => parens -= 1,
                    _ => {}
                }
                k += 1;
            }
            dest_end = k;
        }
        while k < bytes.len() && (bytes[k] == b' ' || bytes[k] == b'\t') {
            k += 1;
        }
        if k < bytes.len() && matches!(bytes[k], b'"' | b'\'' | b'(') {
            let closing = if bytes[k] == b'(' {
                ')'
            } else {
                bytes[k] as char
            };
            match line[k + 1..].find(closing) {
                Some(e) => k = k + 1 + e + 1,
                None => continue,
            }
            while k < bytes.len() && (bytes[k] == b' ' || bytes[k] == b'\t') {
                k += 1;
            }
        }
        if k < bytes.len() && bytes[k] == b')' {
            out.push((open..k + 1, dest_start..dest_end));
            search = k + 1;
        }
    }
}

/// `href="…"` and `src="…"` in inline HTML.
fn html_attrs(line: &str) -> Vec<Range<usize>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r#"(?i)<[a-z][^>]*?\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')"#)
            .expect("attribute regex")
    });
    re.captures_iter(line)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)).map(|m| m.range()))
        .collect()
}

/// Buffers that `markdown` reuses for every line.
#[derive(Default)]
struct Scratch {
    code: Vec<(Range<usize>, Range<usize>)>,
    links: Vec<(Range<usize>, Range<usize>)>,
    taken: Vec<Range<usize>>,
}

fn prose_line(line: &str, start: usize, out: &mut Vec<Ref>, scratch: &mut Scratch) {
    let Scratch { code, links, taken } = scratch;
    let bytes = line.as_bytes();
    // Each scanner runs only when the byte it starts from is in the line.
    code_spans(line, code);
    if memchr::memchr(b']', bytes).is_some() {
        self::links(line, code, links);
    } else {
        links.clear();
    }
    let has_tag = memchr::memchr(b'<', bytes).is_some();
    taken.clear();
    taken.extend(code.iter().map(|(r, _)| r.clone()));
    for (whole, dest) in links.iter() {
        taken.push(whole.clone());
        if let Some(r) = link_ref(line, start, dest.clone()) {
            out.push(r);
        }
    }
    if has_tag {
        for attr in html_attrs(line) {
            // `<img src="logo.png">` in back-ticks shows markup, it links
            // nothing.
            if code.iter().any(|(whole, _)| whole.contains(&attr.start)) {
                continue;
            }
            if let Some(r) = link_ref(line, start, attr) {
                out.push(r);
            }
        }
        // Inline HTML tags are not prose.
        static TAG: OnceLock<Regex> = OnceLock::new();
        let tag = TAG.get_or_init(|| Regex::new(r"</?[A-Za-z][^<>]*>").expect("tag regex"));
        taken.extend(tag.find_iter(line).map(|m| m.range()));
    }
    for (_, content) in code.iter() {
        let first = out.len();
        words(line, content.clone(), start, out);
        // A link's back-ticked label (`[`../x/README.md`](x/README.md)`):
        // the destination is the reference; the label still names a file.
        if links
            .iter()
            .any(|(whole, _)| whole.contains(&content.start))
        {
            for r in &mut out[first..] {
                r.kind = RefKind::Code;
            }
        }
        let name = &line[content.clone()];
        if name.len() >= 2
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && name.bytes().any(|b| b.is_ascii_alphabetic())
        {
            out.push(Ref {
                span: Span::new(start + content.start, content.len()),
                text: name.to_string(),
                kind: RefKind::Name,
            });
        }
    }
    // Words outside code spans, links and tags: the gaps between the taken
    // ranges, in one pass over them sorted by start (code spans alone come
    // sorted and apart).
    if !links.is_empty() || has_tag {
        taken.sort_unstable_by_key(|r| (r.start, r.end));
    }
    let mut segment_start = 0;
    for r in taken.iter().filter(|r| !r.is_empty()) {
        if r.start >= segment_start {
            if segment_start < r.start {
                words(line, segment_start..r.start, start, out);
            }
            segment_start = r.end;
        } else if r.end > segment_start && r.contains(&segment_start) {
            segment_start = r.end;
        }
    }
    if segment_start < line.len() {
        words(line, segment_start..line.len(), start, out);
    }
}

mod fences;
pub use fences::{in_ranges, misnested_sample_prose};

#[cfg(test)]
mod tests;

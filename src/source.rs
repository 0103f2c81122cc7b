//! Source files: text read once, a line index for byte ↔ line/column mapping,
//! and the secret ranges that every renderer must mask.

use std::ops::Range;

/// A byte range into a [`SourceFile`]'s text.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Span {
    pub offset: usize,
    pub length: usize,
}

impl Span {
    pub const fn new(offset: usize, length: usize) -> Span {
        Span { offset, length }
    }

    pub fn from_range(range: Range<usize>) -> Span {
        Span {
            offset: range.start,
            length: range.end.saturating_sub(range.start),
        }
    }

    pub fn end(&self) -> usize {
        self.offset + self.length
    }

    pub fn range(&self) -> Range<usize> {
        self.offset..self.end()
    }
}

/// One file, read once. `path` is relative to the repository root with `/`
/// separators; `text` is the file's content (invalid UTF-8 is replaced, and
/// the loader reports where it started).
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
    /// Computed on first use: most files are never rendered.
    lines: std::sync::OnceLock<crate::lines::LineIndex>,
    /// Every [`CHAR_MARK`] bytes: a byte offset on a character boundary and
    /// the number of characters before it, so that a column is counted from
    /// the nearest mark and not from the start of a (possibly huge) line.
    /// Computed on first use.
    char_marks: std::sync::OnceLock<Vec<(usize, usize)>>,
    secrets: Vec<Range<usize>>,
}

const CHAR_MARK: usize = 4096;

fn char_marks(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut marks = vec![(0, 0)];
    let (mut last, mut chars) = (0, 0);
    let mut pos = CHAR_MARK;
    while pos < bytes.len() {
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        // Characters are the bytes that are not UTF-8 continuation bytes.
        chars += bytes[last..pos]
            .iter()
            .filter(|b| (**b & 0xC0) != 0x80)
            .count();
        marks.push((pos, chars));
        last = pos;
        pos += CHAR_MARK;
    }
    marks
}

impl SourceFile {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
            lines: std::sync::OnceLock::new(),
            char_marks: std::sync::OnceLock::new(),
            secrets: Vec::new(),
        }
    }

    /// Decodes bytes as UTF-8. On invalid UTF-8 returns the lossy text and the
    /// byte offset of the first invalid sequence (identical in both encodings).
    pub fn from_bytes(path: impl Into<String>, bytes: Vec<u8>) -> (SourceFile, Option<usize>) {
        match String::from_utf8(bytes) {
            Ok(text) => (SourceFile::new(path, text), None),
            Err(err) => {
                let bad = err.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
                (SourceFile::new(path, text), Some(bad))
            }
        }
    }

    /// 1-based line and 1-based column counted in characters.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.clamp(offset);
        let lines = self.lines();
        let line = lines.line_of(offset);
        let start = lines.start(line);
        let column = self.chars_before(offset) - self.chars_before(start) + 1;
        (line + 1, column)
    }

    /// The text's line index ([`crate::lines`]), made on first use.
    pub fn lines(&self) -> &crate::lines::LineIndex {
        self.lines
            .get_or_init(|| crate::lines::LineIndex::new(&self.text))
    }

    /// How many characters precede `offset` (clamped onto a character
    /// boundary), counted from the nearest mark.
    pub fn chars_before(&self, offset: usize) -> usize {
        let offset = self.clamp(offset);
        let marks = self.char_marks.get_or_init(|| char_marks(&self.text));
        let i = match marks.binary_search_by_key(&offset, |m| m.0) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let (mark, chars) = marks[i];
        chars + self.text[mark..offset].chars().count()
    }

    /// Clamps an offset into the text and back onto a character boundary.
    pub fn clamp(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// A span made safe for this text: inside it and on character boundaries.
    pub fn clamp_span(&self, span: Span) -> Span {
        let start = self.clamp(span.offset);
        let end = self.clamp(span.end().max(start));
        Span::new(start, end - start)
    }

    /// The span of the one character at `offset` (clamped into the text and
    /// onto a boundary); empty at the end of the text.
    pub fn char_span_at(&self, offset: usize) -> Span {
        let offset = self.clamp(offset);
        let len = self.text[offset..].chars().next().map_or(0, char::len_utf8);
        Span::new(offset, len)
    }

    pub fn slice(&self, span: Span) -> &str {
        let span = self.clamp_span(span);
        &self.text[span.range()]
    }

    /// Records a byte range that holds a secret; renderers mask it.
    pub fn add_secret(&mut self, range: Range<usize>) {
        self.secrets.push(range);
    }

    pub fn secrets(&self) -> &[Range<usize>] {
        &self.secrets
    }

    /// The secret values themselves, for scrubbing messages (never printed).
    pub fn secret_values(&self) -> impl Iterator<Item = &str> {
        self.secrets
            .iter()
            .filter_map(|r| self.text.get(r.clone()))
            .filter(|s| !s.is_empty())
    }

    /// The text with every secret byte replaced by `*`: same length, so spans
    /// still line up. Multi-byte characters become several `*`.
    pub fn redacted_text(&self) -> String {
        if self.secrets.is_empty() {
            return self.text.clone();
        }
        let mut bytes = self.text.clone().into_bytes();
        for range in &self.secrets {
            let end = range.end.min(bytes.len());
            for b in &mut bytes[range.start.min(end)..end] {
                // Keep line breaks so that the line structure does not change.
                if *b != b'\n' && *b != b'\r' {
                    *b = b'*';
                }
            }
        }
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// Converts a path to the `/`-separated form used in every output.
/// `path` relative to `base`, `/`-separated (`""` for `base` itself), or
/// `None` when it is not below `base`. On Unix the prefix is compared as
/// bytes: a walk's paths all start with its root, and comparing them part by
/// part was most of the cost of listing a large tree.
pub fn rel_path(base: &std::path::Path, path: &std::path::Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let b = base.as_os_str().as_bytes();
        let p = path.as_os_str().as_bytes();
        let b = if b.len() > 1 {
            b.strip_suffix(b"/").unwrap_or(b)
        } else {
            b
        };
        if let Some(rest) = p.strip_prefix(b) {
            let rest = match rest.first() {
                None => rest,
                Some(b'/') => &rest[1..],
                Some(_) if b.ends_with(b"/") => rest,
                Some(_) => return None,
            };
            let rel = slash_path(std::path::Path::new(std::ffi::OsStr::from_bytes(rest)));
            if rel.contains('\u{FFFD}') && std::str::from_utf8(rest).is_err() {
                remember_raw(&rel, rest);
            }
            return Some(rel);
        }
    }
    path.strip_prefix(base).ok().map(slash_path)
}

/// Raw names of repository paths that are not UTF-8, by their lossy form
/// (the form every output and comparison uses): such a file is opened by
/// its real name. Two names that differ only in their invalid bytes share a
/// lossy form; the last one seen is the one opened.
fn raw_names() -> &'static std::sync::RwLock<std::collections::HashMap<String, Vec<u8>>> {
    static RAW: std::sync::OnceLock<std::sync::RwLock<std::collections::HashMap<String, Vec<u8>>>> =
        std::sync::OnceLock::new();
    RAW.get_or_init(Default::default)
}

/// Records `raw`, a `/`-separated repository path that is not UTF-8, as the
/// name to open `lossy` by.
pub fn remember_raw(lossy: &str, raw: &[u8]) {
    if let Ok(mut map) = raw_names().write() {
        map.insert(lossy.to_string(), raw.to_vec());
    }
}

/// The path to open the repository-relative `rel` by, relative to the root:
/// its real bytes when it was seen with a name that is not UTF-8.
pub fn raw_rel(rel: &str) -> std::path::PathBuf {
    if rel.contains('\u{FFFD}') {
        if let Some(raw) = raw_names().read().ok().and_then(|m| m.get(rel).cloned()) {
            #[cfg(unix)]
            {
                use std::os::unix::ffi::OsStringExt;
                return std::ffi::OsString::from_vec(raw).into();
            }
        }
    }
    std::path::PathBuf::from(rel)
}

pub fn slash_path(path: &std::path::Path) -> String {
    // A clean Unix path (what a walk yields) is already in this form; only
    // `.` parts, doubled or trailing slashes and invalid UTF-8 need the
    // general path below.
    #[cfg(unix)]
    if let Some(s) = path.to_str() {
        let clean = !s.contains("//")
            && !s.ends_with('/')
            && !s.ends_with("/.")
            && s != "."
            && !s.starts_with("./")
            && !s.contains("/./");
        if clean {
            return s.to_string();
        }
    }
    let mut out = String::new();
    for (i, comp) in path.components().enumerate() {
        if i > 0 && !out.ends_with('/') {
            out.push('/');
        }
        out.push_str(&comp.as_os_str().to_string_lossy());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slash_paths_are_normalized() {
        use std::path::Path;
        for (path, want) in [
            ("a/b.md", "a/b.md"),
            ("", ""),
            ("a//b/", "a/b"),
            ("./a/./b", "./a/b"),
            ("a/.", "a"),
            ("/abs/x", "/abs/x"),
        ] {
            assert_eq!(slash_path(Path::new(path)), want, "{path}");
        }
    }

    #[test]
    fn relative_paths() {
        use std::path::Path;
        let rel = |b: &str, p: &str| rel_path(Path::new(b), Path::new(p));
        assert_eq!(rel("/r", "/r/a/b.md").as_deref(), Some("a/b.md"));
        assert_eq!(rel("/r/", "/r/a").as_deref(), Some("a"));
        assert_eq!(rel("/r", "/r").as_deref(), Some(""));
        assert_eq!(rel("/r", "/rx/a"), None);
        assert_eq!(rel("/", "/etc/x").as_deref(), Some("etc/x"));
        assert_eq!(rel("/r", "/r/a//b/").as_deref(), Some("a/b"));
        assert_eq!(rel("/r", "/other"), None);
    }

    #[test]
    fn line_col_counts_characters() {
        let src = SourceFile::new("a", "ab\nçé x\n");
        assert_eq!(src.line_col(0), (1, 1));
        assert_eq!(src.line_col(3), (2, 1));
        // "çé " is 5 bytes; x is the 4th character of line 2.
        assert_eq!(src.line_col(8), (2, 4));
        assert_eq!(src.line_col(100), (3, 1));
    }

    #[test]
    fn columns_on_long_lines_are_counted_from_marks() {
        // Many findings on one long (minified) line each asked for a count of
        // the characters from the start of the line: quadratic in all.
        let mut text = String::from("x\n");
        for i in 0..50_000 {
            text.push_str(if i % 7 == 0 { "é😀a" } else { "ab" });
        }
        text.push_str("\nlast");
        let src = SourceFile::new("a", text.clone());
        let start = std::time::Instant::now();
        let (mut line, mut col) = (1, 1);
        for (offset, c) in text.char_indices() {
            assert_eq!(src.line_col(offset), (line, col), "offset {offset}");
            if c == '\n' {
                (line, col) = (line + 1, 1);
            } else {
                col += 1;
            }
        }
        assert_eq!(src.line_col(text.len()), (line, col));
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
    }

    #[test]
    fn clamp_respects_char_boundaries() {
        let src = SourceFile::new("a", "é");
        assert_eq!(src.clamp(1), 0);
        assert_eq!(src.clamp_span(Span::new(1, 5)), Span::new(0, 2));
    }

    #[test]
    fn redaction_keeps_length_and_lines() {
        let mut src = SourceFile::new("a", "key: sécret\nnext");
        src.add_secret(5..12);
        let red = src.redacted_text();
        assert_eq!(red.len(), src.text.len());
        assert_eq!(red, "key: *******\nnext");
        assert_eq!(src.secret_values().collect::<Vec<_>>(), vec!["sécret"]);
    }

    #[test]
    fn char_span_at_covers_one_whole_character() {
        let src = SourceFile::new("a", "aé\u{fffd}");
        assert_eq!(src.char_span_at(0), Span::new(0, 1));
        assert_eq!(src.char_span_at(1), Span::new(1, 2));
        assert_eq!(src.char_span_at(2), Span::new(1, 2));
        assert_eq!(src.char_span_at(3), Span::new(3, 3));
        assert_eq!(src.char_span_at(6), Span::new(6, 0));
        assert_eq!(src.char_span_at(99), Span::new(6, 0));
    }

    #[test]
    fn invalid_utf8_reports_first_bad_byte() {
        let (src, bad) = SourceFile::from_bytes("a", b"ok\xff\xfe".to_vec());
        assert_eq!(bad, Some(2));
        assert!(src.text.starts_with("ok"));
    }
}

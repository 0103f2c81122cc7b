//! The protocol's side of the language server: positions from caplint's
//! one line index ([`crate::lines`]) in the encoding the client asked for,
//! `file:` URIs, and where rules are documented.

use lsp_types as lsp;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Where each rule is documented.
pub fn rule_doc_url(rule: &str) -> String {
    let anchor: String = rule
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    format!(
        "{}/blob/main/docs/rules.md#{anchor}",
        crate::render::sarif::information_uri()
    )
}

/// How positions count columns: UTF-16 code units (the LSP default) or bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf16,
    Utf8,
}

/// The LSP position of a byte offset in `text` (a line index made for the
/// one position; an open buffer keeps its own).
pub fn position(text: &str, offset: usize, enc: Encoding) -> lsp::Position {
    LineIndex::new(text).position(text, offset, enc)
}

/// The LSP range of a byte range in `text`.
pub fn range(text: &str, start: usize, end: usize, enc: Encoding) -> lsp::Range {
    lsp::Range::new(position(text, start, enc), position(text, end, enc))
}

/// A `file:` URI's path (the `url` crate's reading: percent-decoded,
/// `file://localhost/` and Windows drive letters understood).
pub fn uri_to_path(uri: &str) -> Option<PathBuf> {
    url::Url::parse(uri).ok()?.to_file_path().ok()
}

/// A `file:` URI for an absolute path.
pub fn path_to_uri(path: &Path) -> Option<lsp::Uri> {
    let url = url::Url::from_file_path(path).ok()?;
    lsp::Uri::from_str(url.as_str()).ok()
}

/// Positions from caplint's one line index ([`crate::lines`]): a position is
/// a binary search and, on an ASCII line, a subtraction (not a count from
/// the start of the text for every finding).
pub use crate::lines::LineIndex;

/// LSP positions of byte offsets.
pub trait Positions {
    /// The LSP position of `offset` in `text` (the text this index was made
    /// of).
    fn position(&self, text: &str, offset: usize, enc: Encoding) -> lsp::Position;
}

impl Positions for LineIndex {
    fn position(&self, text: &str, offset: usize, enc: Encoding) -> lsp::Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.start(line);
        let col = match enc {
            Encoding::Utf16 if !self.is_ascii(line) => text[start..offset].encode_utf16().count(),
            _ => offset - start,
        };
        lsp::Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }
}

/// An open buffer: its URI, its text, and its line index.
pub(super) struct Doc {
    pub(super) uri: lsp::Uri,
    pub(super) text: String,
    /// Where the lines of `text` start, made on first use.
    lines: std::cell::OnceCell<LineIndex>,
}

impl Doc {
    pub(super) fn new(uri: lsp::Uri, text: String) -> Doc {
        Doc {
            uri,
            text,
            lines: std::cell::OnceCell::new(),
        }
    }

    pub(super) fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(&self.text))
    }

    /// The range of a finding's span (the start of the text without one).
    pub(super) fn span_range(
        &self,
        span: Option<crate::source::Span>,
        enc: Encoding,
    ) -> lsp::Range {
        match span {
            Some(s) => self.range(s.offset, s.offset + s.length, enc),
            None => lsp::Range::default(),
        }
    }

    pub(super) fn range(&self, start: usize, end: usize, enc: Encoding) -> lsp::Range {
        let lines = self.lines();
        lsp::Range::new(
            lines.position(&self.text, start, enc),
            lines.position(&self.text, end, enc),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_or_bytes() {
        let text = "a\nzé😀x\n";
        let x = text.find('x').unwrap();
        assert_eq!(position(text, x, Encoding::Utf16), lsp::Position::new(1, 4));
        assert_eq!(position(text, x, Encoding::Utf8), lsp::Position::new(1, 7));
        assert_eq!(position(text, 0, Encoding::Utf16), lsp::Position::new(0, 0));
        // Past the end, or inside a character: clamped.
        assert_eq!(
            position(text, 999, Encoding::Utf16),
            lsp::Position::new(2, 0)
        );
        assert_eq!(position(text, 4, Encoding::Utf8), lsp::Position::new(1, 1));
    }

    #[test]
    fn the_line_index_gives_the_positions_counted_from_the_start() {
        let text = "a\nzé😀x\n\nplain line\r\nlast é";
        let index = LineIndex::new(text);
        for enc in [Encoding::Utf16, Encoding::Utf8] {
            for offset in 0..=text.len() + 3 {
                assert_eq!(
                    index.position(text, offset, enc),
                    position(text, offset, enc),
                    "{offset} {enc:?}"
                );
            }
        }
        // Linear: many findings on a large text cost a search each.
        let big = "{\"k\": \"v\"},\n".repeat(50_000);
        let index = LineIndex::new(&big);
        let t = std::time::Instant::now();
        for i in (0..big.len()).step_by(13) {
            index.position(&big, i, Encoding::Utf16);
        }
        assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
    }

    #[test]
    fn uris_round_trip() {
        let p = Path::new("/tmp/a b/é#.profile.json");
        let uri = path_to_uri(p).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A9%23.profile.json");
        assert_eq!(uri_to_path(uri.as_str()).unwrap(), p);
    }
}

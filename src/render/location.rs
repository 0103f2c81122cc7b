//! Where a finding is, in the terms machine formats use: 1-based lines and
//! columns counted in characters, and character offsets. Shared by the
//! GitHub and SARIF renderers.

use crate::diagnostic::Report;
use crate::source::Span;

/// A text region of one file. Columns and offsets count Unicode scalar
/// values; `end_column` is the column just after the last character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub start_line: usize,
    pub start_column: usize,
    pub end_line: usize,
    pub end_column: usize,
    /// 0-based offset of the first character, in characters.
    pub char_offset: usize,
    pub char_length: usize,
}

impl Region {
    /// The region of `span` in the file at `path`, or `None` when the report
    /// does not hold that file's text (then only the file can be named).
    pub fn of(report: &Report, path: &str, span: Span) -> Option<Region> {
        Region::in_source(report.sources.get(path)?, span)
    }

    /// The region of a diagnostic's own span, in the text it points into
    /// (the file as of its commit for `caplint history` findings).
    pub fn of_diagnostic(report: &Report, d: &crate::diagnostic::Diagnostic) -> Option<Region> {
        Region::in_source(report.source_of(d)?, d.span?)
    }

    pub fn in_source(source: &crate::source::SourceFile, span: Span) -> Option<Region> {
        let mut span = source.clamp_span(span);
        // A span that ends with a line break ends on its own line.
        let text = source.slice(span);
        let trimmed = text.trim_end_matches(['\n', '\r']);
        if !trimmed.is_empty() {
            span.length = trimmed.len();
        }
        let (start_line, start_column) = source.line_col(span.offset);
        let (end_line, end_column) = source.line_col(span.end());
        // Counted from the source's character marks, not from the start of
        // the text for every finding.
        let char_offset = source.chars_before(span.offset);
        let char_length = source.chars_before(span.end()) - char_offset;
        Some(Region {
            start_line,
            start_column,
            end_line,
            end_column,
            char_offset,
            char_length,
        })
    }
}

/// The text of a finding's message as machine formats show it: the message,
/// then the commit a `caplint history` finding belongs to.
pub fn message_with_commit(d: &crate::diagnostic::Diagnostic) -> String {
    match &d.commit {
        Some(c) => format!(
            "{} (in commit {} {} {})",
            d.message, c.short_id, c.date, c.subject
        ),
        None => d.message.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn report(text: &str) -> Report {
        let mut r = Report::default();
        r.add_source(SourceFile::new("a.json", text));
        r
    }

    #[test]
    fn character_offsets_are_counted_from_marks_in_linear_time() {
        // Many findings in a large text with non-ASCII characters: each
        // region agrees with a count from the start, and all of them cost
        // a search each, not a pass over the text.
        let text = "é [x](missing/p.md) ".repeat(60_000);
        let source = SourceFile::new("a.md", text.clone());
        for offset in [0, 1, 2, 3, 4096, 4097, 123_457, text.len() - 3] {
            let offset = source.clamp(offset);
            let r = Region::in_source(&source, Span::new(offset, 3)).unwrap();
            assert_eq!(r.char_offset, text[..offset].chars().count());
            let end = source.clamp(offset + 3);
            assert_eq!(r.char_length, text[offset..end].chars().count());
        }
        let t = std::time::Instant::now();
        for offset in (0..text.len()).step_by(23) {
            let _ = Region::in_source(&source, Span::new(offset, 2));
        }
        assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
    }

    #[test]
    fn counts_characters_and_trims_line_breaks() {
        let r = report("{\n  \"né\": 1\n}\n");
        // `"né": 1` then the line break.
        let region = Region::of(&r, "a.json", Span::new(4, 9)).unwrap();
        assert_eq!(
            region,
            Region {
                start_line: 2,
                start_column: 3,
                end_line: 2,
                end_column: 10,
                char_offset: 4,
                char_length: 7,
            }
        );
    }

    #[test]
    fn missing_source_has_no_region() {
        assert_eq!(Region::of(&report(""), "b.json", Span::new(0, 1)), None);
    }

    #[test]
    fn multi_line_and_empty_spans() {
        let r = report("ab\ncd\n");
        let region = Region::of(&r, "a.json", Span::new(1, 3)).unwrap();
        assert_eq!((region.start_line, region.start_column), (1, 2));
        assert_eq!((region.end_line, region.end_column), (2, 2));
        let empty = Region::of(&r, "a.json", Span::new(3, 0)).unwrap();
        assert_eq!(
            (empty.start_line, empty.end_column, empty.char_length),
            (2, 1, 0)
        );
    }
}

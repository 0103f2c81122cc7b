//! The one line index of caplint: where each line of a text starts, with
//! `\n`, `\r\n` and a lone `\r` each ending a line (as editors, the Language
//! Server Protocol and miette count them). Every renderer, the language
//! server and [`crate::source::SourceFile::line_col`] use it, so a finding
//! is on the same line in every format.

/// The start of each line of a text, and whether each line is ASCII (a
/// column is then a subtraction, not a count of characters).
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
    ascii: Vec<bool>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut ascii = Vec::new();
        let mut line_ascii = true;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            match b {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    i += 2;
                    starts.push(i);
                    ascii.push(line_ascii);
                    line_ascii = true;
                    continue;
                }
                b'\r' | b'\n' => {
                    starts.push(i + 1);
                    ascii.push(line_ascii);
                    line_ascii = true;
                }
                _ => line_ascii &= b.is_ascii(),
            }
            i += 1;
        }
        ascii.push(line_ascii);
        LineIndex { starts, ascii }
    }

    /// How many lines the text has (a text ending in a line break has an
    /// empty last line).
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The 0-based line that holds the byte `offset` (a line break belongs
    /// to the line it ends).
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// Where the 0-based `line` starts.
    pub fn start(&self, line: usize) -> usize {
        self.starts[line.min(self.starts.len() - 1)]
    }

    /// Where the content of `line` ends in `text` (the text this index was
    /// made of), before its line break.
    pub fn end(&self, text: &str, line: usize) -> usize {
        let next = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let start = self.start(line);
        start + text[start..next].trim_end_matches(['\r', '\n']).len()
    }

    /// Whether the 0-based `line` holds only ASCII.
    pub fn is_ascii(&self, line: usize) -> bool {
        self.ascii.get(line).copied().unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lf_crlf_and_lone_cr_each_end_a_line() {
        let text = "a\nb\r\nc\rd";
        let lines = LineIndex::new(text);
        assert_eq!(lines.len(), 4);
        assert_eq!(
            (0..4).map(|l| lines.start(l)).collect::<Vec<_>>(),
            [0, 2, 5, 7]
        );
        assert_eq!(lines.line_of(0), 0);
        assert_eq!(lines.line_of(1), 0, "the break belongs to its line");
        assert_eq!(lines.line_of(3), 1);
        assert_eq!(lines.line_of(4), 1, "`\\r\\n` is one break");
        assert_eq!(lines.line_of(7), 3);
        assert_eq!(lines.line_of(99), 3);
        assert_eq!(&text[lines.start(1)..lines.end(text, 1)], "b");
        assert_eq!(&text[lines.start(2)..lines.end(text, 2)], "c");
        assert_eq!(&text[lines.start(3)..lines.end(text, 3)], "d");
    }

    #[test]
    fn lines_remember_whether_they_are_ascii() {
        let lines = LineIndex::new("ab\ré\nc");
        assert!(lines.is_ascii(0));
        assert!(!lines.is_ascii(1));
        assert!(lines.is_ascii(2));
        let empty = LineIndex::new("");
        assert_eq!(empty.len(), 1);
        assert_eq!(empty.end("", 0), 0);
    }
}

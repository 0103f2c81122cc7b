//! Splitting `SKILL.md` into frontmatter and body, on whole `---` lines.
//! CRLF is accepted; a leading UTF-8 BOM is skipped (and reported by the
//! skill rules); a `---` inside a value never splits.

use std::ops::Range;

/// Where the parts of a `SKILL.md` are, as byte ranges into the full text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// Length of a leading BOM (0 or 3).
    pub bom: usize,
    /// The opening `---` line (without its line break).
    pub open: Range<usize>,
    /// The YAML between the fences.
    pub yaml: Range<usize>,
    /// The closing `---` line (without its line break).
    pub close: Range<usize>,
    /// Everything after the closing fence's line break.
    pub body: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// The first line is not `---`.
    NoOpening,
    /// No closing `---` line; carries the opening fence's range.
    NoClosing(Range<usize>),
}

/// Lines of `text` from `start` as (content range without line break, next line start).
fn lines(text: &str, start: usize) -> impl Iterator<Item = (Range<usize>, usize)> + '_ {
    let mut pos = start;
    std::iter::from_fn(move || {
        if pos >= text.len() {
            return None;
        }
        let rest = &text[pos..];
        let (content_len, next) = match rest.find('\n') {
            Some(i) => (
                if rest[..i].ends_with('\r') { i - 1 } else { i },
                pos + i + 1,
            ),
            None => (rest.len(), text.len()),
        };
        let line = pos..pos + content_len;
        pos = next;
        Some((line, next))
    })
}

fn is_fence(line: &str) -> bool {
    line.trim_end_matches([' ', '\t']) == "---"
}

pub fn split(text: &str) -> Result<Split, SplitError> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut it = lines(text, bom);
    let (open, _) = match it.next() {
        Some((line, next)) if is_fence(&text[line.clone()]) => (line, next),
        _ => return Err(SplitError::NoOpening),
    };
    let yaml_start = open.end
        + text[open.end..]
            .find('\n')
            .map_or(text.len() - open.end, |i| i + 1);
    for (line, next) in it {
        if is_fence(&text[line.clone()]) {
            return Ok(Split {
                bom,
                yaml: yaml_start.min(line.start)..line.start,
                close: line.clone(),
                body: next.min(text.len())..text.len(),
                open,
            });
        }
    }
    Err(SplitError::NoClosing(open))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_whole_lines() {
        let text = "---\nname: a\ndescription: x --- y\n---\nbody\n";
        let s = split(text).unwrap();
        assert_eq!(&text[s.yaml.clone()], "name: a\ndescription: x --- y\n");
        assert_eq!(&text[s.body.clone()], "body\n");
        assert_eq!(&text[s.close.clone()], "---");
    }

    #[test]
    fn accepts_crlf_and_bom() {
        let text = "\u{feff}---\r\nname: a\r\n---\r\nbody";
        let s = split(text).unwrap();
        assert_eq!(s.bom, 3);
        assert_eq!(&text[s.yaml.clone()], "name: a\r\n");
        assert_eq!(&text[s.body.clone()], "body");
    }

    #[test]
    fn reports_missing_fences() {
        assert_eq!(split("name: a\n"), Err(SplitError::NoOpening));
        assert_eq!(split("----\nname: a\n----\n"), Err(SplitError::NoOpening));
        assert_eq!(split("---\nname: a\n"), Err(SplitError::NoClosing(0..3)));
        let s = split("---\n---\n").unwrap();
        assert_eq!(s.yaml, 4..4);
        assert_eq!(split("---").unwrap_err(), SplitError::NoClosing(0..3));
    }
}

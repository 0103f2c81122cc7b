//! The line around a reference, for every reading of the words near it.

/// How far a reading of a reference's line looks to either side of it, in
/// bytes: a line of many references (a minified page, a paragraph of a
/// thousand links) then costs each of them the same.
pub const LINE_REACH: usize = 512;

/// The line of `text` around the byte offset `at` (clamped to the text):
/// its start and end, without the line break, at most [`LINE_REACH`]
/// bytes to either side of `at`. The one place that finds a reference's
/// line, for every reading of the words around it.
pub fn line_around(text: &str, at: usize) -> std::ops::Range<usize> {
    let at = at.min(text.len());
    let mut low = at.saturating_sub(LINE_REACH);
    while !text.is_char_boundary(low) {
        low += 1;
    }
    let mut high = (at + LINE_REACH).min(text.len());
    while !text.is_char_boundary(high) {
        high -= 1;
    }
    let start = text[low..at].rfind('\n').map_or(low, |i| low + i + 1);
    let end = text[at..high].find('\n').map_or(high, |i| at + i);
    start..end
}

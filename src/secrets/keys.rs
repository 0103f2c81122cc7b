//! Private key blocks: `BEGIN` and `END` lines paired in one pass, counted
//! only with a key body between them.

use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

/// Private key blocks: each `BEGIN … PRIVATE KEY` line paired with the first
/// `END` line after it (and before the next `BEGIN`), counted only with a
/// key body between. A `BEGIN` with no `END` counts when a key body follows
/// it. Every byte is looked at a bounded number of times.
pub(super) fn private_keys(text: &str) -> Vec<Range<usize>> {
    static MARKS: OnceLock<(Regex, Regex)> = OnceLock::new();
    if memchr::memmem::find(text.as_bytes(), b"-----BEGIN").is_none() {
        return Vec::new();
    }
    let (begin, end) = MARKS.get_or_init(|| {
        (
            Regex::new(r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----").unwrap(),
            Regex::new(r"-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----").unwrap(),
        )
    });
    let begins: Vec<_> = begin.find_iter(text).map(|m| m.range()).collect();
    let ends: Vec<_> = end.find_iter(text).map(|m| m.range()).collect();
    let mut out = Vec::new();
    let mut e = 0;
    for (i, b) in begins.iter().enumerate() {
        let limit = begins.get(i + 1).map_or(text.len(), |n| n.start);
        while e < ends.len() && ends[e].start < b.end {
            e += 1;
        }
        let closed = ends.get(e).filter(|x| x.end <= limit);
        let body_end = match closed {
            Some(x) => x.start,
            None => key_body_extent(text, b.end, limit),
        };
        if is_key_body(&text[b.end..body_end]) {
            out.push(b.start..closed.map_or(body_end, |x| x.end));
        }
    }
    out
}

/// Where the key body after an unterminated `BEGIN` line ends: after the
/// last of the lines of base64 that follow it (lines end at a line break or
/// at an escaped one, `\n` in a JSON string); header lines (`Proc-Type:`)
/// may come first. Each byte is looked at once.
fn key_body_extent(text: &str, from: usize, limit: usize) -> usize {
    let bytes = &text.as_bytes()[..limit];
    let mut i = from;
    let mut last = from;
    while i < limit {
        let mut end = i;
        while end < limit
            && bytes[end] != b'\n'
            && !(bytes[end] == b'\\' && matches!(bytes.get(end + 1), Some(b'n' | b'r')))
        {
            end += 1;
        }
        let line = text[i..end].trim_matches(|c: char| c.is_whitespace() || c == '\\');
        if line.is_empty() || (line.contains(':') && last == from) {
            // A blank or a header line.
        } else if line
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        {
            last = i + text[i..end]
                .trim_end_matches(|c: char| c.is_whitespace() || c == '\\')
                .len();
        } else {
            break;
        }
        i = if end < limit && bytes[end] == b'\\' {
            end + 2
        } else {
            end + 1
        };
    }
    last
}

/// A key body: lines of base64 (headers such as `Proc-Type:` aside), at
/// least 64 characters of it, not a template (`MIIE...`) or a run of one
/// character.
fn is_key_body(body: &str) -> bool {
    let mut chars = 0usize;
    let mut counts = [0u32; 256];
    for line in body.split(['\n', '\r']).flat_map(|l| l.split("\\n")) {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\\');
        let line = line
            .strip_suffix("\\r")
            .unwrap_or(line)
            .trim_matches(|c: char| c.is_whitespace() || c == '\\');
        if line.is_empty() || line.contains(':') {
            continue;
        }
        if !line
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        {
            return false;
        }
        chars += line.len();
        for b in line.bytes() {
            counts[b as usize] += 1;
        }
    }
    let distinct = counts.iter().filter(|&&c| c > 0).count();
    // A planted test key says what it is in its body (`…testkeymaterial
    // notrealdonotuse…`). Words of seven letters or more: a real key's
    // base64 holds one by chance about once in twenty million keys.
    let lower = body.to_ascii_lowercase();
    let planted = [
        "notreal", "donotuse", "planted", "testkey", "fakekey", "example",
    ]
    .iter()
    .any(|w| lower.contains(w));
    chars >= 64 && distinct >= 16 && !planted
}

#[cfg(test)]
mod tests {
    use crate::secrets::fixtures::*;
    use crate::secrets::scan;

    #[test]
    fn unterminated_private_keys_are_linear_and_need_a_body() {
        let s = &mut 3u64;
        // One unterminated BEGIN every 2 KB: each is looked at up to the next.
        let filler = "word ".repeat(400);
        let text = format!("-----BEGIN PRIVATE KEY-----{filler}\n").repeat(1024);
        let start = std::time::Instant::now();
        assert!(scan(&text).is_empty());
        // Debug builds are slow; this bounds a quadratic scan, not speed.
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        // With a body and no END: found, up to the end of the body.
        let body = rnd(s, B64, 128);
        let text = format!("-----BEGIN EC PRIVATE KEY-----\n{body}\nmore text");
        let m = scan(&text);
        assert_eq!(m.len(), 1);
        assert_eq!(
            &text[m[0].range.clone()],
            format!("-----BEGIN EC PRIVATE KEY-----\n{body}")
        );
    }
}

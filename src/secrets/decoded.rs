//! Secrets written with escapes: `"ghp\u005f…"` in JSON, `"ghp\x5f…"` in
//! YAML. The parsers decode these, so the value a message quotes is the
//! decoded one, while a scan of the raw bytes sees no token. Every
//! double-quoted literal that holds a backslash is decoded here (JSON's and
//! YAML's escapes alike), the decoded literals are scanned in one pass, and
//! each match is mapped back to the raw bytes it came from.
//!
//! Linear in the text: each byte is read once, the decoded literals are
//! joined with a NUL (which no pattern crosses) and scanned once, and a
//! match is placed by a binary search over the escapes' offsets.

use super::scan::{scan, SecretMatch};

/// A secret found only once escapes were decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedMatch {
    /// The raw bytes of the text that decode to the secret.
    pub range: std::ops::Range<usize>,
    pub kind: &'static str,
    /// The secret as the parsers read it.
    pub value: String,
}

/// The decoded double-quoted literals of `text` that hold an escape,
/// joined by NUL, with (decoded offset, raw offset) marks at the start of
/// each literal and after each escape.
struct Decoded {
    text: String,
    marks: Vec<(usize, usize)>,
}

impl Decoded {
    fn raw(&self, at: usize) -> usize {
        let i = self.marks.partition_point(|m| m.0 <= at);
        let (dec, raw) = self.marks[i.saturating_sub(1)];
        raw + (at - dec)
    }
}

fn hex(bytes: &[u8]) -> Option<u32> {
    let s = std::str::from_utf8(bytes).ok()?;
    if s.len() != bytes.len() || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(s, 16).ok()
}

/// One escape at `b[i]` (`\`): the character and the raw length, or `None`
/// for a backslash that escapes nothing known.
fn escape(b: &[u8], i: usize) -> Option<(char, usize)> {
    let c = *b.get(i + 1)?;
    let simple = match c {
        b'"' => Some('"'),
        b'\\' => Some('\\'),
        b'/' => Some('/'),
        b'b' => Some('\u{8}'),
        b'f' => Some('\u{c}'),
        b'n' => Some('\n'),
        b'r' => Some('\r'),
        b't' => Some('\t'),
        b'0' => Some('\0'),
        b'a' => Some('\u{7}'),
        b'v' => Some('\u{b}'),
        b'e' => Some('\u{1b}'),
        b' ' => Some(' '),
        b'_' => Some('\u{a0}'),
        b'N' => Some('\u{85}'),
        b'L' => Some('\u{2028}'),
        b'P' => Some('\u{2029}'),
        _ => None,
    };
    if let Some(ch) = simple {
        return Some((ch, 2));
    }
    let digits = match c {
        b'x' => 2,
        b'u' => 4,
        b'U' => 8,
        _ => return None,
    };
    let code = hex(b.get(i + 2..i + 2 + digits)?)?;
    if c == b'u' && (0xD800..0xDC00).contains(&code) {
        // A surrogate pair: `\uD83D\uDE00`.
        if b.get(i + 6) == Some(&b'\\') && b.get(i + 7) == Some(&b'u') {
            if let Some(low) = b.get(i + 8..i + 12).and_then(hex) {
                if (0xDC00..0xE000).contains(&low) {
                    let cp = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    return char::from_u32(cp).map(|ch| (ch, 12));
                }
            }
        }
        return Some(('\u{fffd}', 6));
    }
    Some((char::from_u32(code).unwrap_or('\u{fffd}'), 2 + digits))
}

fn decode(text: &str) -> Decoded {
    let b = text.as_bytes();
    let mut out = Decoded {
        text: String::new(),
        marks: Vec::new(),
    };
    let mut i = 0;
    while let Some(q) = memchr::memchr(b'"', &b[i..]) {
        let start = i + q + 1;
        // The literal ends at the next unescaped quote or at the line's end
        // (JSON strings hold no line break; YAML's rarely do).
        let mut j = start;
        let mut escaped = false;
        while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
            if b[j] == b'\\' {
                escaped = true;
                j += 1;
            }
            j += 1;
        }
        let end = j.min(b.len());
        if escaped {
            if !out.text.is_empty() {
                out.text.push('\0');
            }
            out.marks.push((out.text.len(), start));
            let mut k = start;
            let mut run = start;
            while k < end {
                if b[k] == b'\\' {
                    if let Some((ch, len)) = escape(b, k) {
                        out.text.push_str(&text[run..k]);
                        out.text.push(ch);
                        k += len;
                        run = k;
                        out.marks.push((out.text.len(), k));
                        continue;
                    }
                    k += 1;
                }
                k += 1;
            }
            let run_end = end.max(run);
            out.text.push_str(&text[run..run_end.min(text.len())]);
        }
        i = if end < b.len() && b[end] == b'"' {
            end + 1
        } else {
            end
        };
        if i >= b.len() {
            break;
        }
    }
    out
}

/// Every secret that shows only once the escapes of a double-quoted
/// literal are decoded (one the raw bytes hold as well is [`scan`]'s).
pub fn scan_decoded(text: &str) -> Vec<DecodedMatch> {
    if memchr::memchr(b'\\', text.as_bytes()).is_none() {
        return Vec::new();
    }
    let d = decode(text);
    if d.text.is_empty() {
        return Vec::new();
    }
    let raw_found = scan(text);
    let mut out = Vec::new();
    for SecretMatch { range, kind } in scan(&d.text) {
        let start = d.raw(range.start);
        let end = d.raw(range.end).max(start);
        let end = end.min(text.len());
        // A secret the raw scan already covers needs nothing more.
        if raw_found
            .iter()
            .any(|m| m.range.start <= start && end <= m.range.end)
        {
            continue;
        }
        out.push(DecodedMatch {
            range: start..end,
            kind,
            value: d.text[range].to_string(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::fixtures::*;

    fn token() -> String {
        let s = &mut 0x1234_5678_9abc_def1u64;
        format!("ghp_{}", rnd(s, ALNUM, 36))
    }

    #[test]
    fn escaped_tokens_are_found_and_placed_on_their_raw_bytes() {
        let t = token();
        for (escaped, after) in [
            (t.replacen('_', "\\u005f", 1), "\""),
            (t.replacen('_', "\\x5f", 1), "\""),
            (t.replacen('_', "\\U0000005f", 1), "\""),
            (t.replacen('g', "\\u0067", 1), "\", \"x\": \"y\\n\""),
            (t.replace('p', "\\u0070"), "\""),
        ] {
            let text = format!("{{\"notes\": \"see {escaped}{after}}}");
            let found = scan_decoded(&text);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
            assert_eq!(found[0].value, t);
            assert_eq!(found[0].kind, "GitHub token");
            assert_eq!(&text[found[0].range.clone()], escaped, "{text}");
        }
    }

    #[test]
    fn plain_text_and_raw_secrets_are_left_to_the_raw_scan() {
        let t = token();
        assert!(scan_decoded(&format!("\"{t}\"")).is_empty());
        // After an escaped line end the raw bytes read `…\nghp_…`, a word
        // the raw scan rejects: decoded, it is a token on its own line.
        let text = format!("\"a\\n{t}\"");
        let found = scan_decoded(&text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(&text[found[0].range.clone()], t);
        assert!(scan_decoded("\"ghp\\u005fxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"").is_empty());
        assert!(scan_decoded("no quotes \\u0041 here").is_empty());
        // An unterminated literal and a stray backslash at the end.
        assert!(scan_decoded("\"abc\\").is_empty());
        assert!(scan_decoded("\"\\u12").is_empty());
    }

    #[test]
    fn linear_on_many_escaped_literals() {
        let line = "\"a\\u0041b\" ".repeat(200_000);
        let t = std::time::Instant::now();
        assert!(scan_decoded(&line).is_empty());
        assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
    }
}

//! Files too large to be read whole, scanned in pieces that overlap.

use super::scan::{scan, SecretMatch};

/// How much of a large file is scanned at once, and how far consecutive
/// pieces overlap (more than the longest secret the patterns match, private
/// key blocks included).
const CHUNK: usize = 4 << 20;
const OVERLAP: usize = 64 << 10;

/// Scans a file too large to be read whole, piece by piece, in memory
/// bounded by `CHUNK`: the secrets found, as byte offsets in the file.
/// A piece that is not UTF-8 text is scanned up to its first bad byte.
pub fn scan_reader(mut reader: impl std::io::Read) -> std::io::Result<Vec<SecretMatch>> {
    let mut out: Vec<SecretMatch> = Vec::new();
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + OVERLAP);
    // File offset of buf[0].
    let mut base = 0usize;
    let mut eof = false;
    while !eof {
        let want = CHUNK + OVERLAP;
        while buf.len() < want {
            let old = buf.len();
            buf.resize(want, 0);
            match reader.read(&mut buf[old..]) {
                Ok(0) => {
                    buf.truncate(old);
                    eof = true;
                    break;
                }
                Ok(n) => buf.truncate(old + n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => buf.truncate(old),
                Err(e) => return Err(e),
            }
        }
        // A piece may start inside a character that the last one split.
        let skip = buf
            .iter()
            .take(3)
            .take_while(|&&b| (0x80..0xc0).contains(&b))
            .count();
        let text = match std::str::from_utf8(&buf[skip..]) {
            Ok(t) => t,
            Err(e) => std::str::from_utf8(&buf[skip..skip + e.valid_up_to()]).unwrap_or_default(),
        };
        let origin = base + skip;
        // Secrets that start in the overlap are found again in the next piece.
        let keep = if eof { usize::MAX } else { CHUNK - skip };
        for m in scan(text) {
            let start = origin + m.range.start;
            if m.range.start < keep && out.last().is_none_or(|l| l.range.end <= start) {
                out.push(SecretMatch {
                    range: start..origin + m.range.end,
                    kind: m.kind,
                });
            }
        }
        if eof {
            break;
        }
        buf.drain(..CHUNK);
        base += CHUNK;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::fixtures::*;

    #[test]
    fn large_files_are_scanned_in_pieces() {
        let s = &mut 5u64;
        let key = format!("AKIA{}", rnd(s, UPPER, 16));
        // A secret across the first piece boundary, one in the overlap, one
        // at the end, and a multi-byte character split by a boundary.
        let mut text = "é".repeat(CHUNK / 2 - 5);
        text.push_str(&format!(" {key} "));
        while text.len() < CHUNK + OVERLAP / 2 {
            text.push_str("ab ");
        }
        text.push_str(&format!(" {key} "));
        text.push_str(&"x ".repeat(CHUNK / 2));
        text.push_str(&format!(" {key}"));
        let found = scan_reader(text.as_bytes()).unwrap();
        let whole = scan(&text);
        assert_eq!(found, whole);
        assert_eq!(found.len(), 3);
    }
}

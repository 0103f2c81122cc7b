//! Tokens that carry their own checksum: one whose checksum does not match
//! was never issued by its vendor (a documentation sample, a value typed by
//! hand), whatever its form.

/// The vendor whose checksum `value` fails, for a `kind` of token that
/// carries one; `None` when the checksum matches or the kind has none.
///
/// GitHub's tokens since 2021 (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) end
/// in the CRC32 of their 30 random characters, written in six base62
/// digits (`0-9A-Za-z`).
pub fn fails_checksum(kind: &str, value: &str) -> Option<&'static str> {
    if kind != "GitHub token" {
        return None;
    }
    let body = value.get(4..).filter(|b| b.len() == 36 && b.is_ascii())?;
    let (random, check) = body.split_at(30);
    let mut n: u64 = 0;
    for c in check.bytes() {
        let digit = match c {
            b'0'..=b'9' => c - b'0',
            b'A'..=b'Z' => c - b'A' + 10,
            b'a'..=b'z' => c - b'a' + 36,
            _ => return None,
        };
        n = n * 62 + u64::from(digit);
    }
    (n != u64::from(crc32fast::hash(random.as_bytes()))).then_some("GitHub")
}

/// A GitHub token GitHub could have issued: `prefix` (`ghp_`), the 30
/// characters `random`, and their checksum. For tests and fixtures that
/// need a token whose form says it is real.
pub fn github_token(prefix: &str, random: &str) -> String {
    assert_eq!(random.len(), 30);
    let mut n = u64::from(crc32fast::hash(random.as_bytes()));
    let mut digits = [b'0'; 6];
    for d in digits.iter_mut().rev() {
        let v = (n % 62) as u8;
        *d = match v {
            0..=9 => b'0' + v,
            10..=35 => b'A' + v - 10,
            _ => b'a' + v - 36,
        };
        n /= 62;
    }
    format!("{prefix}{random}{}", String::from_utf8_lossy(&digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_github_issued_passes_and_a_sample_fails() {
        let real = github_token("ghp_", "q7Wm2Rk9Tz4Lx8Vb3Nc6Hd1Jf5Gs0P");
        assert_eq!(fails_checksum("GitHub token", &real), None);
        // GitHub's own documentation sample (split so that this file holds
        // no token-shaped string).
        let sample = concat!("gho_", "16C7e42F292c6912E7710c", "838347Ae178B4a");
        assert_eq!(fails_checksum("GitHub token", sample), Some("GitHub"));
        // Other kinds, and tokens of another length, are not judged.
        assert_eq!(fails_checksum("npm token", sample), None);
        assert_eq!(fails_checksum("GitHub token", &format!("{real}x")), None);
    }
}

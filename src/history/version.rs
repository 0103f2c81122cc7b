//! Version ordering (SPEC §2): two digit strings compare as non-negative
//! integers of any length, two SemVer strings by SemVer 2.0 precedence, and
//! anything else cannot be compared.

use std::cmp::Ordering;

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Compares digit strings as integers without parsing them into a fixed
/// width: strip leading zeros, then the longer is larger, then byte order.
fn compare_digits(a: &str, b: &str) -> Ordering {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// `a` compared with `b`, or `None` when the two cannot be ordered.
pub fn compare(a: &str, b: &str) -> Option<Ordering> {
    if is_digits(a) && is_digits(b) {
        return Some(compare_digits(a, b));
    }
    let va = semver::Version::parse(a).ok()?;
    let vb = semver::Version::parse(b).ok()?;
    // Precedence ignores build metadata (SemVer 2.0 §10–11).
    Some(va.cmp_precedence(&vb))
}

/// Which scheme a version follows, for messages.
pub fn scheme(v: &str) -> &'static str {
    if is_digits(v) {
        "an integer"
    } else if semver::Version::parse(v).is_ok() {
        "SemVer"
    } else {
        "neither an integer nor SemVer"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ordering::*;

    #[test]
    fn integers_of_any_length() {
        assert_eq!(compare("3", "4"), Some(Less));
        assert_eq!(compare("10", "9"), Some(Greater));
        assert_eq!(compare("007", "7"), Some(Equal));
        assert_eq!(compare("0", "000"), Some(Equal));
        let huge = "123456789012345678901234567890123456789012345678901234567890";
        let bigger = "123456789012345678901234567890123456789012345678901234567891";
        assert_eq!(compare(huge, bigger), Some(Less));
        assert_eq!(compare(bigger, huge), Some(Greater));
        assert_eq!(compare(&format!("1{huge}"), bigger), Some(Greater));
    }

    #[test]
    fn semver_precedence() {
        assert_eq!(compare("1.2.0", "1.10.0"), Some(Less));
        assert_eq!(compare("1.0.0-alpha", "1.0.0"), Some(Less));
        assert_eq!(compare("1.0.0-alpha.2", "1.0.0-alpha.10"), Some(Less));
        assert_eq!(compare("1.0.0+build.1", "1.0.0+build.2"), Some(Equal));
        assert_eq!(compare("2.0.0", "1.9.9"), Some(Greater));
    }

    #[test]
    fn mixed_or_other_schemes_do_not_compare() {
        assert_eq!(compare("3", "1.0.0"), None);
        assert_eq!(compare("1.0", "1.1"), None);
        assert_eq!(compare("v1", "v2"), None);
        assert_eq!(compare("", "1"), None);
        assert_eq!(compare("-1", "1"), None);
        assert_eq!(compare("１", "2"), None);
        assert_eq!(scheme("12"), "an integer");
        assert_eq!(scheme("1.2.3"), "SemVer");
        assert_eq!(scheme("v4-beta"), "neither an integer nor SemVer");
    }
}

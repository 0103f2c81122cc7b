//! Version ordering (SPEC §2): two digit strings compare as non-negative
//! integers of any length, two SemVer strings by SemVer 2.0 precedence, and
//! anything else cannot be compared. Also the next version above one or
//! several, for help texts and fixes.

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

/// A version one step above `v`, for help texts.
pub fn next_version(v: &str) -> Option<String> {
    if is_digits(v) {
        let mut digits: Vec<u8> = v.trim_start_matches('0').bytes().collect();
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
        return String::from_utf8(digits).ok();
    }
    let mut s = semver::Version::parse(v).ok()?;
    if s.pre.is_empty() {
        s.minor += 1;
        s.patch = 0;
    }
    s.pre = semver::Prerelease::EMPTY;
    s.build = semver::BuildMetadata::EMPTY;
    Some(s.to_string())
}

/// The next patch version of a SemVer string (`1.2.3` → `1.2.4`; a
/// pre-release `1.3.0-rc.1` → `1.3.0`): what a plugin's version fix writes.
pub fn next_patch(v: &str) -> Option<String> {
    let mut s = semver::Version::parse(v).ok()?;
    if s.pre.is_empty() {
        s.patch += 1;
    }
    s.pre = semver::Prerelease::EMPTY;
    s.build = semver::BuildMetadata::EMPTY;
    Some(s.to_string())
}

/// The next free version above every one of `versions` (the base's, the
/// target tip's): `None` when they cannot all be ordered.
pub fn next_free_version(versions: &[Option<&str>]) -> Option<String> {
    let mut top: Option<&str> = None;
    for v in versions.iter().flatten() {
        top = match top {
            None => Some(v),
            Some(t) => match compare(v, t)? {
                Ordering::Greater => Some(v),
                _ => Some(t),
            },
        };
    }
    next_version(top?)
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

    #[test]
    fn next_versions() {
        assert_eq!(next_version("3").as_deref(), Some("4"));
        assert_eq!(next_version("099").as_deref(), Some("100"));
        assert_eq!(next_version("0").as_deref(), Some("1"));
        assert_eq!(next_version("1.2.3").as_deref(), Some("1.3.0"));
        assert_eq!(next_version("2.0.0-rc.1").as_deref(), Some("2.0.0"));
        assert_eq!(next_version("v1"), None);
    }

    #[test]
    fn next_free_version_is_above_all() {
        assert_eq!(
            next_free_version(&[Some("4"), Some("6"), None, Some("5")]).as_deref(),
            Some("7")
        );
        assert_eq!(next_free_version(&[Some("4"), Some("1.0.0")]), None);
        assert_eq!(next_free_version(&[None]), None);
    }
}

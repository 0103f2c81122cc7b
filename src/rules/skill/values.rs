//! What `skill/*` field values must look like, shared by several rules:
//! the name's form, NFKC comparison, YAML 1.1 readings, and quoting.

use crate::source::{SourceFile, Span};
use unicode_normalization::UnicodeNormalization;

pub const NAME_MAX_CHARS: usize = 64;

/// Plain scalars that YAML 1.1 readers (PyYAML and most skill clients) take
/// as booleans, while YAML 1.2 keeps them as strings.
const YAML11_BOOLS: &[&str] = &[
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off",
    "OFF",
];

/// NFKC normal form, the form names are compared in.
pub fn nfkc(s: &str) -> String {
    // ASCII text is its own normal form (nearly every name).
    if s.is_ascii() {
        return s.to_string();
    }
    s.nfkc().collect()
}

/// Why a name does not have the required form, or `None` when it does:
/// 1–64 characters matching `^[a-z0-9]+(-[a-z0-9]+)*$`.
pub fn name_problem(name: &str) -> Option<String> {
    let chars = name.chars().count();
    if chars == 0 {
        return Some("is empty".into());
    }
    if chars > NAME_MAX_CHARS {
        return Some(format!(
            "is {chars} characters long; the limit is {NAME_MAX_CHARS}"
        ));
    }
    if let Some(c) = name.chars().find(|c| c.is_whitespace()) {
        let what = if c == ' ' { "a space" } else { "white space" };
        return Some(format!("contains {what}"));
    }
    if name.chars().any(|c| c.is_uppercase()) {
        return Some("contains upper-case letters".into());
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Some(format!(
            "contains `{c}`; only lower-case letters a–z, digits and hyphens are allowed"
        ));
    }
    if name.starts_with('-') || name.ends_with('-') {
        return Some("starts or ends with a hyphen".into());
    }
    if name.contains("--") {
        return Some("contains consecutive hyphens".into());
    }
    None
}

/// A valid name close to `name`, when one can be made from ASCII text.
pub fn suggest_name(name: &str) -> Option<String> {
    if !name.is_ascii() {
        return None;
    }
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let mut out = out.trim_matches('-').to_string();
    if out.len() > NAME_MAX_CHARS {
        out.truncate(NAME_MAX_CHARS);
        out = out.trim_end_matches('-').to_string();
    }
    (!out.is_empty() && out != name && name_problem(&out).is_none()).then_some(out)
}

/// YAML 1.1's timestamp form: what PyYAML turns into a date.
pub fn is_yaml11_timestamp(s: &str) -> bool {
    use regex::Regex;
    use std::sync::OnceLock;
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$",
        )
        .expect("timestamp regex")
    })
    .is_match(s)
}

/// A YAML 1.1 boolean written as a plain scalar (`yes`, `on`, `n`, …).
pub fn is_yaml11_bool(s: &str) -> bool {
    YAML11_BOOLS.contains(&s)
}

/// A value as YAML text in double quotes (or single quotes when that reads better).
pub fn quoted(value: &str) -> String {
    if value.contains('"') && !value.contains('\'') {
        format!("'{value}'")
    } else {
        format!(
            "\"{}\"",
            value
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\t', "\\t")
        )
    }
}

/// The span of `needle` inside the written value, or the whole value.
pub fn span_in_value(source: &SourceFile, value: Span, needle: &str) -> Span {
    match source.slice(value).find(needle) {
        Some(i) if !needle.is_empty() => Span::new(value.offset + i, needle.len()),
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nfkc_keeps_ascii_and_folds_compatibility_forms() {
        assert_eq!(nfkc("pdf-tools_2"), "pdf-tools_2");
        assert_eq!(nfkc("\u{fb01}le"), "file");
        assert_eq!(nfkc("ｐｄｆ"), "pdf");
    }
}

//! Python's `repr()` of values built by `json.load`, as CPython 3.11 prints them.

use super::pyjson::{PyStr, Value};
use super::unicode_tables::NON_PRINTABLE;

/// `repr(value)`.
pub fn repr(value: &Value) -> String {
    let mut out = String::new();
    write_repr(value, &mut out);
    out
}

fn write_repr(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Int(text) => out.push_str(&int_repr(text)),
        Value::Float(f) => out.push_str(&float_repr(*f)),
        Value::Str(s) => out.push_str(&str_repr(s)),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(item, out);
            }
            out.push(']');
        }
        Value::Dict(items) => {
            out.push('{');
            for (i, (key, item)) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&str_repr(key));
                out.push_str(": ");
                write_repr(item, out);
            }
            out.push('}');
        }
    }
}

/// `repr(int(text))` for a JSON integer literal: digits as written, `-0` becomes `0`.
fn int_repr(text: &str) -> String {
    if text.trim_start_matches('-').bytes().all(|b| b == b'0') {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

/// `repr(f)`: the shortest digits that round-trip, in fixed notation when the
/// decimal exponent is in -4..16 (with `.0` added to whole numbers), else in
/// scientific notation with a signed, at least two digit exponent.
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let sign = if f.is_sign_negative() { "-" } else { "" };
    if f == 0.0 {
        return format!("{sign}0.0");
    }
    let (digits, exp) = shortest_digits(f.abs());
    let n = digits.len() as i32;
    // Position of the decimal point relative to the start of `digits`.
    let decpt = exp + 1;
    let body = if -4 < decpt && decpt <= 16 {
        if decpt <= 0 {
            format!("0.{}{digits}", "0".repeat((-decpt) as usize))
        } else if decpt >= n {
            format!("{digits}{}.0", "0".repeat((decpt - n) as usize))
        } else {
            let (int, frac) = digits.split_at(decpt as usize);
            format!("{int}.{frac}")
        }
    } else {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{first}{dot}e{esign}{:02}", exp.abs())
    };
    format!("{sign}{body}")
}

/// Splits scientific notation `d.ddde±x` into its digits and exponent.
fn split_sci(sci: &str) -> (String, i32) {
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let digits = mantissa.chars().filter(|c| *c != '.').collect();
    (digits, exp.parse().unwrap_or(0))
}

/// The shortest digits that read back as `f` (finite, positive), and the
/// decimal exponent of the first digit, chosen as CPython's dtoa (mode 0)
/// does: the nearest such string to `f`, and on an exact tie the one whose
/// last digit is even.
///
/// Rust's `{:e}` already gives the shortest nearest digits but breaks ties
/// upwards (`607320636620245.25` gives `...245.3`, Python `...245.2`), so
/// ties are detected from the exact expansion of `f` and settled here.
fn shortest_digits(f: f64) -> (String, i32) {
    let (digits, exp) = split_sci(&format!("{f:e}"));
    let n = digits.len();
    // Every double has at most 767 significant digits: this is exact.
    let (exact, exact_exp) = split_sci(&format!("{f:.800e}"));
    let exact = exact.trim_end_matches('0');
    if exact_exp != exp || exact.len() != n + 1 || !exact.ends_with('5') {
        return (digits, exp);
    }
    // `f` lies exactly halfway between two n-digit numbers.
    let down = exact[..n].to_owned();
    let Some(up) = increment(&down) else {
        return (digits, exp);
    };
    let reads_back = |d: &str| format!("{}.{}e{exp}", &d[..1], &d[1..]).parse::<f64>() == Ok(f);
    let even = |d: &str| {
        d.bytes()
            .last()
            .is_some_and(|b| (b - b'0').is_multiple_of(2))
    };
    let (first, second) = if even(&down) { (down, up) } else { (up, down) };
    if reads_back(&first) {
        (first.trim_end_matches('0').to_owned(), exp)
    } else if reads_back(&second) {
        (second.trim_end_matches('0').to_owned(), exp)
    } else {
        (digits, exp)
    }
}

/// A decimal digit string plus one in its last place, or `None` on carry out.
fn increment(d: &str) -> Option<String> {
    let mut bytes = d.as_bytes().to_vec();
    for b in bytes.iter_mut().rev() {
        if *b == b'9' {
            *b = b'0';
        } else {
            *b += 1;
            return String::from_utf8(bytes).ok();
        }
    }
    None
}

/// Python's `str.isprintable` for one code point.
pub fn is_printable(c: u32) -> bool {
    NON_PRINTABLE
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_err()
}

/// `repr(s)`: single quotes unless the text has `'` and no `"`; backslash
/// escapes for the quote, `\`, `\t`, `\n`, `\r`, and `\xNN`, `\uNNNN` or
/// `\UNNNNNNNN` for every other non-printable code point.
pub fn str_repr(s: &PyStr) -> String {
    let has_single = s.0.contains(&u32::from('\''));
    let has_double = s.0.contains(&u32::from('"'));
    let quote = if has_single && !has_double { '"' } else { '\'' };
    let mut out = String::with_capacity(s.0.len() + 2);
    out.push(quote);
    for &c in &s.0 {
        match char::from_u32(c) {
            Some(ch) if ch == quote || ch == '\\' => {
                out.push('\\');
                out.push(ch);
            }
            Some('\t') => out.push_str("\\t"),
            Some('\n') => out.push_str("\\n"),
            Some('\r') => out.push_str("\\r"),
            Some(ch) if c >= 0x7f && is_printable(c) => out.push(ch),
            Some(ch) if (0x20..0x7f).contains(&c) => out.push(ch),
            _ if c <= 0xff => out.push_str(&format!("\\x{c:02x}")),
            _ if c <= 0xffff => out.push_str(&format!("\\u{c:04x}")),
            _ => out.push_str(&format!("\\U{c:08x}")),
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> String {
        str_repr(&PyStr::from_text(text))
    }

    #[test]
    fn scalars() {
        assert_eq!(repr(&Value::Null), "None");
        assert_eq!(repr(&Value::Bool(true)), "True");
        assert_eq!(repr(&Value::Bool(false)), "False");
        assert_eq!(repr(&Value::Int("-0".into())), "0");
        assert_eq!(repr(&Value::Int("0".into())), "0");
        assert_eq!(repr(&Value::Int("-12".into())), "-12");
        assert_eq!(
            repr(&Value::Int("123456789012345678901234567890".into())),
            "123456789012345678901234567890"
        );
    }

    #[test]
    #[allow(clippy::excessive_precision)] // exact ties need the exact literals
    fn floats_match_python() {
        // Expected values printed by python3.11's repr().
        let cases: &[(f64, &str)] = &[
            (1.0, "1.0"),
            (-1.5, "-1.5"),
            (0.1, "0.1"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1234567890123456.0, "1234567890123456.0"),
            (12345678901234567.0, "1.2345678901234568e+16"),
            (1e-5, "1e-05"),
            (1.5e-5, "1.5e-05"),
            (0.0001, "0.0001"),
            (0.00012345, "0.00012345"),
            (-0.0, "-0.0"),
            (0.0, "0.0"),
            (1e100, "1e+100"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (2.5e-310, "2.5e-310"),
            (123.456, "123.456"),
            (1e22, "1e+22"),
            (100.0, "100.0"),
            (0.3, "0.3"),
            (2.0 / 3.0, "0.6666666666666666"),
            // Exact ties between two shortest candidates go to the even digit.
            (607320636620245.25, "607320636620245.2"),
            (-607320636620245.25, "-607320636620245.2"),
            (607320636620245.75, "607320636620245.8"),
            (1e23, "1e+23"),
            (9007199254740993.0, "9007199254740992.0"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
        ];
        for &(f, want) in cases {
            assert_eq!(float_repr(f), want, "{f:?}");
        }
    }

    #[test]
    fn strings_match_python() {
        assert_eq!(s(""), "''");
        assert_eq!(s("abc"), "'abc'");
        assert_eq!(s("it's"), "\"it's\"");
        assert_eq!(s("say \"hi\""), "'say \"hi\"'");
        assert_eq!(s("both ' and \""), "'both \\' and \"'");
        assert_eq!(s("a\\b"), "'a\\\\b'");
        assert_eq!(s("\t\n\r"), "'\\t\\n\\r'");
        assert_eq!(s("\u{0}\u{1f}\u{7f}"), "'\\x00\\x1f\\x7f'");
        assert_eq!(s("\u{85}\u{a0}\u{ad}é"), "'\\x85\\xa0\\xadé'");
        assert_eq!(
            s("\u{2028}\u{200b}\u{feff}\u{378}"),
            "'\\u2028\\u200b\\ufeff\\u0378'"
        );
        assert_eq!(
            s("\u{e000}\u{10ffff}\u{e0001}"),
            "'\\ue000\\U0010ffff\\U000e0001'"
        );
        assert_eq!(s("中文 😀 \u{3000}"), "'中文 😀 \\u3000'");
        assert_eq!(
            str_repr(&PyStr(vec![0xd800, 0x61, 0xdcff])),
            "'\\ud800a\\udcff'"
        );
    }

    #[test]
    fn containers() {
        let v = Value::List(vec![
            Value::Str(PyStr::from_text("a")),
            Value::Int("1".into()),
            Value::Dict(vec![
                (PyStr::from_text("k'"), Value::Float(1e16)),
                (PyStr::from_text("n"), Value::Null),
            ]),
            Value::List(vec![]),
            Value::Dict(vec![]),
        ]);
        assert_eq!(repr(&v), "['a', 1, {\"k'\": 1e+16, 'n': None}, [], {}]");
    }
}

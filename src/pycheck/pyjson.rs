//! An emulation of CPython 3.11's `json.load` on a file opened with
//! `open(path, "r", encoding="utf-8")`: strict UTF-8 decoding, universal
//! newlines, then the C scanner of `Modules/_json.c` driven by
//! `Lib/json/decoder.py`, with the same values and the same error messages and
//! positions (`msg: line L column C (char N)`, counted in characters after
//! newline translation).
//!
//! Python accepts more than RFC 8259 and this module does too: `NaN`,
//! `Infinity`, `-Infinity`, any top-level value, duplicate keys (the last
//! value wins and keeps the first key's place), integers of any size up to
//! Python's 4300 digit limit, and lone surrogates from `\u` escapes.

use std::collections::HashMap;

use super::unicode_tables::WHITESPACE;

/// A Python `str`: a sequence of code points, which may include lone
/// surrogates (from `\ud800`-style escapes). Ordering is by code point, as in Python.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyStr(pub Vec<u32>);

impl PyStr {
    /// The code points of a Rust string.
    pub fn from_text(s: &str) -> PyStr {
        PyStr(s.chars().map(u32::from).collect())
    }

    /// Decodes bytes as UTF-8 with Python's `surrogateescape` handler (how
    /// Python turns a command-line argument or file name into a `str`).
    pub fn from_bytes_surrogateescape(mut bytes: &[u8]) -> PyStr {
        let mut out = Vec::with_capacity(bytes.len());
        loop {
            match std::str::from_utf8(bytes) {
                Ok(s) => {
                    out.extend(s.chars().map(u32::from));
                    return PyStr(out);
                }
                Err(e) => {
                    let (good, rest) = bytes.split_at(e.valid_up_to());
                    // `good` is valid UTF-8 by construction.
                    out.extend(String::from_utf8_lossy(good).chars().map(u32::from));
                    let bad = e.error_len().unwrap_or(rest.len());
                    out.extend(rest[..bad].iter().map(|&b| 0xDC00 + u32::from(b)));
                    bytes = &rest[bad..];
                }
            }
        }
    }

    /// The string as Rust text, or `None` if it holds a lone surrogate.
    pub fn to_string_checked(&self) -> Option<String> {
        self.0.iter().map(|&c| char::from_u32(c)).collect()
    }

    /// Equality with a Rust string.
    pub fn eq_str(&self, s: &str) -> bool {
        self.0.len() == s.chars().count()
            && self
                .0
                .iter()
                .zip(s.chars())
                .all(|(&a, b)| a == u32::from(b))
    }

    /// Python's `not s.strip()`: empty or only whitespace (`str.isspace`).
    pub fn is_blank(&self) -> bool {
        self.0.iter().all(|c| WHITESPACE.binary_search(c).is_ok())
    }
}

/// A value as Python's `json` module builds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `None`
    Null,
    /// `True` / `False`
    Bool(bool),
    /// An `int`, kept as the JSON text (optional `-`, then digits).
    Int(String),
    /// A `float` (including `nan`, `inf`, `-inf`).
    Float(f64),
    /// A `str`.
    Str(PyStr),
    /// A `list`.
    List(Vec<Value>),
    /// A `dict`, in insertion order.
    Dict(Vec<(PyStr, Value)>),
}

impl Value {
    /// `d.get(key)` for a dict.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Dict(items) => items.iter().find(|(k, _)| k.eq_str(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is a `str`.
    pub fn as_str(&self) -> Option<&PyStr> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// Why `json.load` failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// A `json.JSONDecodeError`; its `str()` is the reference's message.
    Decode {
        /// The bare message, e.g. `Expecting value`.
        msg: &'static str,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// 0-based offset, in characters.
        pos: usize,
    },
    /// An exception the reference does not catch (it crashes with a
    /// traceback): invalid UTF-8, too deep nesting, an over-long integer.
    /// The text is the exception's message.
    Crash(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Decode {
                msg,
                line,
                column,
                pos,
            } => write!(f, "{msg}: line {line} column {column} (char {pos})"),
            LoadError::Crash(text) => f.write_str(text),
        }
    }
}

/// The deepest nesting of arrays and objects that the reference checker,
/// run as a script, can decode: at 994 levels CPython's recursion limit
/// (1000, minus the frames already on the stack) raises `RecursionError`.
pub const MAX_DEPTH: usize = 993;

/// Python's limit on digits in an `int` parsed from text (`sys.get_int_max_str_digits()`).
const MAX_INT_DIGITS: usize = 4300;

/// `json.load(open(path, "r", encoding="utf-8"))` on the file's bytes.
pub fn load_bytes(bytes: &[u8]) -> Result<Value, LoadError> {
    let text = decode_utf8(bytes).map_err(LoadError::Crash)?;
    loads(&universal_newlines(&text))
}

/// Python's strict UTF-8 decoding, with its `UnicodeDecodeError` message on failure.
fn decode_utf8(bytes: &[u8]) -> Result<String, String> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_owned()),
        Err(e) => {
            let start = e.valid_up_to();
            let (end, reason) = match e.error_len() {
                None => (bytes.len(), "unexpected end of data"),
                Some(n) => {
                    let lead = bytes[start];
                    if (0xC2..=0xF4).contains(&lead) {
                        (start + n, "invalid continuation byte")
                    } else {
                        (start + n, "invalid start byte")
                    }
                }
            };
            Err(if end - start == 1 {
                format!(
                    "'utf-8' codec can't decode byte 0x{:02x} in position {start}: {reason}",
                    bytes[start]
                )
            } else {
                format!(
                    "'utf-8' codec can't decode bytes in position {start}-{}: {reason}",
                    end - 1
                )
            })
        }
    }
}

/// Text-mode reading: `\r\n` and a lone `\r` both become `\n`.
fn universal_newlines(text: &str) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// `json.loads(s)` on already decoded text.
pub fn loads(s: &[char]) -> Result<Value, LoadError> {
    let scanner = Scanner { s };
    let fail = |msg, pos| Err(scanner.decode_error(msg, pos));
    if s.first() == Some(&'\u{feff}') {
        return fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    }
    let idx = scanner.skip_ws(0);
    let (value, end) = match scanner.scan_once(idx) {
        Ok(ok) => ok,
        Err(Stop::Iteration(pos)) => return fail("Expecting value", pos),
        Err(Stop::Error(e)) => return Err(e),
    };
    let end = scanner.skip_ws(end);
    if end != s.len() {
        return fail("Extra data", end);
    }
    Ok(value)
}

/// How a scan step stops without a value.
enum Stop {
    /// The C scanner's `StopIteration(idx)`: no value starts at `idx`.
    Iteration(usize),
    /// Any other exception.
    Error(LoadError),
}

impl From<LoadError> for Stop {
    fn from(e: LoadError) -> Stop {
        Stop::Error(e)
    }
}

/// An array or object being parsed.
enum Frame {
    Array(Vec<Value>),
    Object {
        items: Vec<(PyStr, Value)>,
        /// Position of each key in `items`.
        index: HashMap<PyStr, usize>,
        /// The key whose value is being parsed.
        key: PyStr,
    },
}

struct Scanner<'a> {
    s: &'a [char],
}

fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

impl Scanner<'_> {
    fn decode_error(&self, msg: &'static str, pos: usize) -> LoadError {
        let before = &self.s[..pos];
        let line = before.iter().filter(|&&c| c == '\n').count() + 1;
        let column = match before.iter().rposition(|&c| c == '\n') {
            Some(nl) => pos - nl,
            None => pos + 1,
        };
        LoadError::Decode {
            msg,
            line,
            column,
            pos,
        }
    }

    fn at(&self, idx: usize) -> Option<char> {
        self.s.get(idx).copied()
    }

    fn skip_ws(&self, mut idx: usize) -> usize {
        while self.at(idx).is_some_and(is_ws) {
            idx += 1;
        }
        idx
    }

    fn matches(&self, idx: usize, word: &str) -> bool {
        word.chars()
            .enumerate()
            .all(|(i, c)| self.at(idx + i) == Some(c))
    }

    /// `scan_once_unicode`: one value starting exactly at `idx`, and the
    /// index just after it.
    ///
    /// CPython parses nested arrays and objects recursively
    /// (`_parse_array_unicode`, `_parse_object_unicode`); this does the same
    /// steps in the same order with an explicit stack, so deep input cannot
    /// overflow the native stack.
    fn scan_once(&self, idx: usize) -> Result<(Value, usize), Stop> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut idx = idx;
        loop {
            // Scan one value at `idx`, or open a container and scan its first member.
            let (mut value, mut next) = match self.at(idx) {
                Some(c @ ('{' | '[')) => {
                    if stack.len() >= MAX_DEPTH {
                        let what = if c == '{' { "object" } else { "array" };
                        return Err(LoadError::Crash(format!(
                            "maximum recursion depth exceeded while decoding a JSON {what} from a unicode string"
                        ))
                        .into());
                    }
                    let inner = self.skip_ws(idx + 1);
                    if c == '[' {
                        if self.at(inner) == Some(']') {
                            (Value::List(Vec::new()), inner + 1)
                        } else {
                            stack.push(Frame::Array(Vec::new()));
                            idx = inner;
                            continue;
                        }
                    } else if self.at(inner) == Some('}') {
                        (Value::Dict(Vec::new()), inner + 1)
                    } else {
                        let (key, value_at) = self.object_key(inner)?;
                        stack.push(Frame::Object {
                            items: Vec::new(),
                            index: HashMap::new(),
                            key,
                        });
                        idx = value_at;
                        continue;
                    }
                }
                _ => self.scan_scalar(idx)?,
            };
            // Hand the value to the open containers, closing those that end here.
            loop {
                let Some(frame) = stack.last_mut() else {
                    return Ok((value, next));
                };
                match frame {
                    Frame::Array(items) => {
                        items.push(value);
                        next = self.skip_ws(next);
                        if self.at(next) == Some(']') {
                            let Some(Frame::Array(items)) = stack.pop() else {
                                unreachable!()
                            };
                            value = Value::List(items);
                            next += 1;
                            continue;
                        }
                        if self.at(next) != Some(',') {
                            return Err(self.decode_error("Expecting ',' delimiter", next).into());
                        }
                        idx = self.skip_ws(next + 1);
                    }
                    Frame::Object { items, index, key } => {
                        let done = std::mem::take(key);
                        match index.get(&done) {
                            // A repeated key: Python's dict keeps the first place, last value.
                            Some(&i) => items[i].1 = value,
                            None => {
                                index.insert(done.clone(), items.len());
                                items.push((done, value));
                            }
                        }
                        next = self.skip_ws(next);
                        if self.at(next) == Some('}') {
                            let Some(Frame::Object { items, .. }) = stack.pop() else {
                                unreachable!()
                            };
                            value = Value::Dict(items);
                            next += 1;
                            continue;
                        }
                        if self.at(next) != Some(',') {
                            return Err(self.decode_error("Expecting ',' delimiter", next).into());
                        }
                        let (new_key, value_at) = self.object_key(self.skip_ws(next + 1))?;
                        *key = new_key;
                        idx = value_at;
                    }
                }
                break;
            }
        }
    }

    /// In an object: a key at `idx`, the `:` and the whitespace around it.
    /// Returns the key and the index where its value starts.
    fn object_key(&self, idx: usize) -> Result<(PyStr, usize), LoadError> {
        if self.at(idx) != Some('"') {
            return Err(self.decode_error("Expecting property name enclosed in double quotes", idx));
        }
        let (key, next) = self.scanstring(idx + 1)?;
        let idx = self.skip_ws(next);
        if self.at(idx) != Some(':') {
            return Err(self.decode_error("Expecting ':' delimiter", idx));
        }
        Ok((key, self.skip_ws(idx + 1)))
    }

    /// A string, constant or number at `idx`.
    fn scan_scalar(&self, idx: usize) -> Result<(Value, usize), Stop> {
        let Some(c) = self.at(idx) else {
            return Err(Stop::Iteration(idx));
        };
        match c {
            '"' => {
                let (s, end) = self.scanstring(idx + 1)?;
                return Ok((Value::Str(s), end));
            }
            'n' if self.matches(idx, "null") => return Ok((Value::Null, idx + 4)),
            't' if self.matches(idx, "true") => return Ok((Value::Bool(true), idx + 4)),
            'f' if self.matches(idx, "false") => return Ok((Value::Bool(false), idx + 5)),
            'N' if self.matches(idx, "NaN") => return Ok((Value::Float(f64::NAN), idx + 3)),
            'I' if self.matches(idx, "Infinity") => {
                return Ok((Value::Float(f64::INFINITY), idx + 8))
            }
            '-' if self.matches(idx, "-Infinity") => {
                return Ok((Value::Float(f64::NEG_INFINITY), idx + 9))
            }
            _ => {}
        }
        self.match_number(idx)
    }

    /// `_match_number_unicode`.
    fn match_number(&self, start: usize) -> Result<(Value, usize), Stop> {
        let digit = |i: usize| self.at(i).is_some_and(|c| c.is_ascii_digit());
        let len = self.s.len();
        let mut idx = start;
        if self.at(idx) == Some('-') {
            idx += 1;
            if idx >= len {
                return Err(Stop::Iteration(start));
            }
        }
        match self.at(idx) {
            Some('1'..='9') => {
                idx += 1;
                while digit(idx) {
                    idx += 1;
                }
            }
            Some('0') => idx += 1,
            _ => return Err(Stop::Iteration(start)),
        }
        let mut is_float = false;
        // A fraction needs a digit after the '.'.
        if self.at(idx) == Some('.') && digit(idx + 1) {
            is_float = true;
            idx += 2;
            while digit(idx) {
                idx += 1;
            }
        }
        // An exponent needs at least one more character after the 'e'; the
        // sign is taken only when something follows it; without digits the
        // number ends before the 'e'.
        if idx + 1 < len && matches!(self.at(idx), Some('e' | 'E')) {
            let e_start = idx;
            idx += 1;
            if idx + 1 < len && matches!(self.at(idx), Some('-' | '+')) {
                idx += 1;
            }
            while digit(idx) {
                idx += 1;
            }
            if digit(idx - 1) {
                is_float = true;
            } else {
                idx = e_start;
            }
        }
        let text: String = self.s[start..idx].iter().collect();
        if is_float {
            // Rust's parser rounds correctly, as Python's float() does; overflow gives inf.
            let f: f64 = text.parse().unwrap_or(f64::NAN);
            return Ok((Value::Float(f), idx));
        }
        let digits = text.trim_start_matches('-').len();
        if digits > MAX_INT_DIGITS {
            return Err(LoadError::Crash(format!(
                "Exceeds the limit ({MAX_INT_DIGITS} digits) for integer string conversion: \
                 value has {digits} digits; use sys.set_int_max_str_digits() to increase the limit"
            ))
            .into());
        }
        Ok((Value::Int(text), idx))
    }

    /// `scanstring_unicode` (strict): `end` is just after the opening quote.
    /// Returns the string and the index just after the closing quote.
    fn scanstring(&self, mut end: usize) -> Result<(PyStr, usize), LoadError> {
        let s = self.s;
        let len = s.len();
        let begin = end - 1;
        let mut out: Vec<u32> = Vec::new();
        let unterminated = || self.decode_error("Unterminated string starting at", begin);
        loop {
            // Find the end of the string or the next escape.
            let mut next = end;
            while next < len {
                let d = s[next];
                if d == '"' || d == '\\' {
                    break;
                }
                if (d as u32) <= 0x1f {
                    return Err(self.decode_error("Invalid control character at", next));
                }
                next += 1;
            }
            if next >= len {
                return Err(unterminated());
            }
            let c = s[next];
            out.extend(s[end..next].iter().map(|&ch| u32::from(ch)));
            next += 1;
            if c == '"' {
                return Ok((PyStr(out), next));
            }
            if next == len {
                return Err(unterminated());
            }
            let esc = s[next];
            if esc != 'u' {
                end = next + 1;
                let ch = match esc {
                    '"' => '"',
                    '\\' => '\\',
                    '/' => '/',
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'n' => '\n',
                    'r' => '\r',
                    't' => '\t',
                    _ => return Err(self.decode_error("Invalid \\escape", end - 2)),
                };
                out.push(u32::from(ch));
                continue;
            }
            next += 1;
            end = next + 4;
            if end >= len {
                return Err(self.decode_error("Invalid \\uXXXX escape", next - 1));
            }
            let hex4 = |from: usize, end: usize| -> Result<u32, LoadError> {
                let mut v = 0u32;
                for &h in &s[from..end] {
                    match h.to_digit(16) {
                        Some(x) if h.is_ascii() => v = (v << 4) | x,
                        _ => return Err(self.decode_error("Invalid \\uXXXX escape", end - 5)),
                    }
                }
                Ok(v)
            };
            let mut cp = hex4(next, end)?;
            if (0xD800..=0xDBFF).contains(&cp)
                && end + 6 < len
                && s[end] == '\\'
                && s[end + 1] == 'u'
            {
                let low = hex4(end + 2, end + 6)?;
                if (0xDC00..=0xDFFF).contains(&low) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    end += 6;
                }
            }
            out.push(cp);
        }
    }
}

#[cfg(test)]
mod tests;

//! A strict JSON parser (RFC 8259) that keeps the byte span of every key and
//! value and keeps duplicate keys so that they can be reported. Nesting is
//! capped, so hostile input cannot overflow the stack.

use crate::source::Span;

pub const MAX_DEPTH: usize = 256;

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Null,
    Bool(bool),
    /// The number's source text; JSON numbers are kept exact.
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<Member>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    pub kind: Kind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// The key; borrowed when it is one of the caller's known keys (see
    /// [`parse_with_keys`]).
    pub key: std::borrow::Cow<'static, str>,
    pub key_span: Span,
    pub value: Value,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub offset: usize,
    pub message: String,
    pub help: Option<String>,
}

impl Value {
    /// The last member with this key (JSON parsers keep the last duplicate).
    pub fn get(&self, key: &str) -> Option<&Member> {
        match &self.kind {
            Kind::Object(members) => members.iter().rev().find(|m| m.key == key),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match &self.kind {
            Kind::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[Member]> {
        match &self.kind {
            Kind::Object(members) => Some(members),
            _ => None,
        }
    }

    pub fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "a list",
            Kind::Object(_) => "an object",
        }
    }

    /// The span of the opening token (`{` or `[`), or the whole value for scalars.
    pub fn open_span(&self) -> Span {
        match self.kind {
            Kind::Array(_) | Kind::Object(_) => Span::new(self.span.offset, 1),
            _ => self.span,
        }
    }
}

pub fn parse(text: &str) -> Result<Value, Error> {
    parse_with_keys(text, &[])
}

/// [`parse`], with keys the caller expects: such a key, written without
/// escapes, is borrowed instead of allocated.
pub fn parse_with_keys(text: &str, known: &'static [&'static str]) -> Result<Value, Error> {
    let mut p = Parser {
        src: text.as_bytes(),
        text,
        pos: 0,
        known,
    };
    p.skip_ws();
    if p.pos == 0 && text.starts_with('\u{feff}') {
        return Err(p
            .error_at(
                0,
                "the file starts with a byte-order mark, which JSON does not allow",
            )
            .with_help("save the file as UTF-8 without a BOM"));
    }
    let value = p.value(0)?;
    p.skip_ws();
    if p.pos < p.src.len() {
        return Err(p.error_at(p.pos, "unexpected content after the JSON value"));
    }
    Ok(value)
}

impl Error {
    fn with_help(mut self, help: &str) -> Self {
        self.help = Some(help.to_string());
        self
    }
}

struct Parser<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    known: &'static [&'static str],
}

impl<'a> Parser<'a> {
    fn error_at(&self, offset: usize, message: impl Into<String>) -> Error {
        Error {
            offset: offset.min(self.src.len()),
            message: message.into(),
            help: None,
        }
    }

    fn skip_ws(&mut self) {
        const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
        loop {
            match self.src.get(self.pos) {
                // Indentation: eight bytes at a time, the first non-space
                // found from the bits that differ.
                Some(b' ') => match self.src.get(self.pos..self.pos + 8) {
                    Some(chunk) => {
                        let bytes: [u8; 8] = chunk.try_into().expect("eight bytes");
                        let diff = u64::from_le_bytes(bytes) ^ SPACES;
                        self.pos += if diff == 0 {
                            8
                        } else {
                            (diff.trailing_zeros() / 8) as usize
                        };
                    }
                    None => self.pos += 1,
                },
                Some(b'\t' | b'\n' | b'\r') => self.pos += 1,
                _ => return,
            }
        }
    }

    fn known_key(&self, raw: &[u8]) -> Option<&'static str> {
        // Length and first byte first: most known keys differ in one of them,
        // so few comparisons reach `memcmp`.
        let first = *raw.first()?;
        self.known
            .iter()
            .copied()
            .find(|k| k.len() == raw.len() && k.as_bytes()[0] == first && k.as_bytes() == raw)
    }

    /// An object key: a known key written without escapes is borrowed
    /// instead of allocated.
    fn key(&mut self) -> Result<std::borrow::Cow<'static, str>, Error> {
        let start = self.pos + 1;
        if let Some(len) = self.src[start..].iter().position(|&b| b == b'"') {
            let raw = &self.src[start..start + len];
            if let Some(known) = self.known_key(raw) {
                self.pos = start + len + 1;
                return Ok(std::borrow::Cow::Borrowed(known));
            }
        }
        self.string().map(std::borrow::Cow::Owned)
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn describe_here(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => "end of file".to_string(),
            Some(c) if c.is_control() => format!("{c:?}"),
            Some(c) => format!("`{c}`"),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        let start = self.pos;
        match self.peek() {
            None => Err(self.error_at(start, "expected a JSON value, found end of file")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                let s = self.string()?;
                Ok(Value {
                    kind: Kind::String(s),
                    span: Span::new(start, self.pos - start),
                })
            }
            Some(b't') => self.literal("true", Kind::Bool(true)),
            Some(b'f') => self.literal("false", Kind::Bool(false)),
            Some(b'n') => self.literal("null", Kind::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                let rest = &self.text[start..];
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '-')
                    .collect();
                let (msg, help) = match word.as_str() {
                    "NaN" | "Infinity" | "-Infinity" => (
                        format!("`{word}` is not valid JSON"),
                        Some("JSON has no NaN or infinity; use a string or a finite number"),
                    ),
                    "True" | "False" | "None" | "TRUE" | "FALSE" => (
                        format!("`{word}` is not valid JSON"),
                        Some("JSON literals are lower case: true, false, null"),
                    ),
                    _ if rest.starts_with('\'') => (
                        "strings must use double quotes".to_string(),
                        Some("JSON strings are written \"like this\""),
                    ),
                    _ if rest.starts_with("//") || rest.starts_with("/*") => {
                        ("comments are not allowed in JSON".to_string(), None)
                    }
                    _ => (
                        format!("expected a JSON value, found {}", self.describe_here()),
                        None,
                    ),
                };
                let mut e = self.error_at(start, msg);
                e.help = help.map(str::to_string);
                Err(e)
            }
        }
    }

    fn literal(&mut self, word: &str, kind: Kind) -> Result<Value, Error> {
        let start = self.pos;
        if self.src[start..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(Value {
                kind,
                span: Span::new(start, word.len()),
            })
        } else {
            Err(self.error_at(
                start,
                format!("expected a JSON value, found {}", self.describe_here()),
            ))
        }
    }

    fn number(&mut self) -> Result<Value, Error> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err(self.error_at(start, "numbers must not have leading zeros"));
                }
            }
            Some(b'1'..=b'9') => self.digits(),
            _ => {
                let text = &self.text[start..];
                if text.starts_with("-Infinity") {
                    return Err(self.error_at(start, "`-Infinity` is not valid JSON"));
                }
                return Err(self.error_at(self.pos, "expected a digit"));
            }
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.error_at(self.pos, "expected a digit after the decimal point"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.error_at(self.pos, "expected a digit in the exponent"));
            }
            self.digits();
        }
        Ok(Value {
            kind: Kind::Number(self.text[start..self.pos].to_string()),
            span: Span::new(start, self.pos - start),
        })
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    fn string(&mut self) -> Result<String, Error> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            // Up to the closing quote, an escape or a control character.
            self.pos += self.src[self.pos..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .unwrap_or(self.src.len() - self.pos);
            match self.peek() {
                None => return Err(self.error_at(start, "unterminated string")),
                // Most strings have no escape: one allocation of the right size.
                Some(b'"') if out.is_empty() => {
                    self.pos += 1;
                    return Ok(self.text[run_start..self.pos - 1].to_owned());
                }
                Some(b'"') => {
                    out.push_str(&self.text[run_start..self.pos]);
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(&self.text[run_start..self.pos]);
                    let esc_start = self.pos;
                    self.pos += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let hi = self.hex4(esc_start)?;
                            let c = if (0xD800..0xDC00).contains(&hi)
                                && self.src[self.pos..].starts_with(b"\\u")
                            {
                                let save = self.pos;
                                self.pos += 2;
                                let lo = self.hex4(save)?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
                                } else {
                                    self.pos = save;
                                    None
                                }
                            } else {
                                char::from_u32(hi)
                            };
                            out.push(c.unwrap_or('\u{fffd}'));
                            continue;
                        }
                        _ => return Err(self
                            .error_at(esc_start, "invalid escape sequence in string")
                            .with_help(
                                "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                            )),
                    };
                    self.pos += 1;
                    out.push(c);
                }
                Some(_) => {
                    return Err(self
                        .error_at(self.pos, "control character in string")
                        .with_help("write line breaks and tabs as \\n and \\t"))
                }
            }
        }
    }

    fn hex4(&mut self, esc_start: usize) -> Result<u32, Error> {
        let digits = self
            .src
            .get(self.pos..self.pos + 4)
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit));
        match digits {
            Some(d) => {
                self.pos += 4;
                Ok(u32::from_str_radix(std::str::from_utf8(d).unwrap_or("0"), 16).unwrap_or(0))
            }
            None => Err(self.error_at(esc_start, "invalid \\u escape: expected four hex digits")),
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, Error> {
        let start = self.pos;
        if depth >= MAX_DEPTH {
            return Err(self.error_at(start, format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value {
                kind: Kind::Array(items),
                span: Span::new(start, self.pos - start),
            });
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    let comma = self.pos;
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() == Some(b']') {
                        return Err(self
                            .error_at(comma, "trailing comma in list")
                            .with_help("remove the comma after the last item"));
                    }
                }
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value {
                        kind: Kind::Array(items),
                        span: Span::new(start, self.pos - start),
                    });
                }
                None => return Err(self.error_at(start, "unclosed list: `[` has no matching `]`")),
                _ => {
                    return Err(self.error_at(
                        self.pos,
                        format!("expected `,` or `]`, found {}", self.describe_here()),
                    ))
                }
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, Error> {
        let start = self.pos;
        if depth >= MAX_DEPTH {
            return Err(self.error_at(start, format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value {
                kind: Kind::Object(members),
                span: Span::new(start, self.pos - start),
            });
        }
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'"') => {}
                None => {
                    return Err(self.error_at(start, "unclosed object: `{` has no matching `}`"))
                }
                Some(b'\'') => {
                    return Err(self
                        .error_at(self.pos, "keys must use double quotes")
                        .with_help("JSON keys are written \"like_this\""))
                }
                _ => {
                    return Err(self.error_at(
                        self.pos,
                        format!(
                            "expected a key in double quotes, found {}",
                            self.describe_here()
                        ),
                    ))
                }
            }
            let key_start = self.pos;
            let key = self.key()?;
            let key_span = Span::new(key_start, self.pos - key_start);
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.error_at(
                    self.pos,
                    format!("expected `:` after the key, found {}", self.describe_here()),
                ));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            members.push(Member {
                key,
                key_span,
                value,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    let comma = self.pos;
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() == Some(b'}') {
                        return Err(self
                            .error_at(comma, "trailing comma in object")
                            .with_help("remove the comma after the last member"));
                    }
                }
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value {
                        kind: Kind::Object(members),
                        span: Span::new(start, self.pos - start),
                    });
                }
                None => {
                    return Err(self.error_at(start, "unclosed object: `{` has no matching `}`"))
                }
                _ => {
                    return Err(self.error_at(
                        self.pos,
                        format!("expected `,` or `}}`, found {}", self.describe_here()),
                    ))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_runs_of_every_length_are_skipped_exactly() {
        for n in 0..20 {
            for unit in [" ", "\t", "\r\n", " \n"] {
                let ws = unit.repeat(n);
                let text = format!("{ws}{{{ws}\"key\"{ws}:{ws}[{ws}1{ws},{ws}\"x\"{ws}]{ws}}}{ws}");
                let v = parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
                let m = &v.as_object().unwrap()[0];
                assert_eq!(m.key_span.offset, 2 * ws.len() + 1, "{text:?}");
                let items = m.value.as_array().unwrap();
                assert_eq!(&text[items[1].span.offset..][..3], "\"x\"", "{text:?}");
            }
        }
        // Spaces up to the end of the text, and a bad byte after them.
        assert!(parse(&format!("1{}", " ".repeat(13))).is_ok());
        assert!(parse(&format!("1{}x", " ".repeat(13))).is_err());
    }

    #[test]
    fn keeps_spans_for_keys_and_values() {
        let text = r#"{"a": [1, "x"], "b": {"c": null}}"#;
        let v = parse(text).unwrap();
        let a = v.get("a").unwrap();
        assert_eq!(&text[a.key_span.range()], "\"a\"");
        assert_eq!(&text[a.value.span.range()], "[1, \"x\"]");
        let b = v.get("b").unwrap();
        assert_eq!(&text[b.value.get("c").unwrap().value.span.range()], "null");
    }

    #[test]
    fn known_keys_and_long_whitespace() {
        // Known keys are borrowed, escaped or unknown ones parsed as usual;
        // runs of spaces longer than eight, tabs and line breaks are skipped
        // with every span still exact.
        let text = "{\n                    \"name\"  \t  :\r\n           \"a\",\n  \"na\\u006de\": 1, \"nam\\\"e\": 2, \"other\": 3,\n\t\t\"agent_id\":\"x\"            }";
        let v = parse_with_keys(text, &["name", "agent_id"]).unwrap();
        let members = v.as_object().unwrap();
        let keys: Vec<&str> = members.iter().map(|m| m.key.as_ref()).collect();
        assert_eq!(keys, ["name", "name", "nam\"e", "other", "agent_id"]);
        assert!(matches!(members[0].key, std::borrow::Cow::Borrowed(_)));
        assert!(matches!(members[1].key, std::borrow::Cow::Owned(_)));
        assert_eq!(&text[members[0].key_span.range()], "\"name\"");
        assert_eq!(&text[members[0].value.span.range()], "\"a\"");
        assert_eq!(&text[members[4].value.span.range()], "\"x\"");
        assert_eq!(v.get("agent_id").and_then(|m| m.value.as_str()), Some("x"));
        // An unterminated key is still an error at the object.
        assert!(parse("{\"name").is_err());
        assert!(parse("{\"name\"").is_err());
    }

    #[test]
    fn keeps_duplicate_keys_last_wins() {
        let v = parse(r#"{"a": 1, "a": 2}"#).unwrap();
        assert_eq!(v.as_object().unwrap().len(), 2);
        assert_eq!(v.get("a").unwrap().value.kind, Kind::Number("2".into()));
    }

    #[test]
    fn rejects_non_strict_json() {
        for (text, offset) in [
            ("{\"a\": 1,}", 7),
            ("[1,]", 2),
            ("{\"a\": NaN}", 6),
            ("{'a': 1}", 1),
            ("// c\n{}", 0),
            ("{\"a\": 01}", 6),
            ("{\"a\": \"x\ny\"}", 8),
            ("{\"a\": 1} x", 9),
            ("{\"a\": \"\\q\"}", 7),
            ("", 0),
            ("{\"a\"", 4),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!(err.offset, offset, "{text:?}: {err:?}");
        }
    }

    #[test]
    fn unicode_escapes_and_surrogates() {
        let v = parse(r#""\u00e9\ud83d\ude00\ud800""#).unwrap();
        assert_eq!(v.as_str(), Some("é😀\u{fffd}"));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(200_000);
        let err = parse(&text).unwrap_err();
        assert!(err.message.contains("nesting"));
    }

    #[test]
    fn bom_is_reported() {
        let err = parse("\u{feff}{}").unwrap_err();
        assert_eq!(err.offset, 0);
        assert!(err.message.contains("byte-order mark"));
    }
}

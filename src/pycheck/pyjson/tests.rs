use super::*;

fn parse(text: &str) -> Result<Value, LoadError> {
    load_bytes(text.as_bytes())
}

fn s(text: &str) -> Value {
    Value::Str(PyStr::from_text(text))
}

#[test]
fn decode_errors_match_cpython() {
    // (input, message, line, column, char) as printed by python3.11's json.loads.
    let cases: &[(&str, &str, usize, usize, usize)] = &[
        ("\"\\u12x4\"", "Invalid \\uXXXX escape", 1, 3, 2),
        ("\"\\u12\"", "Invalid \\uXXXX escape", 1, 3, 2),
        ("\"\\u123", "Invalid \\uXXXX escape", 1, 3, 2),
        ("\"\\ud800\\u12x4\"", "Invalid \\uXXXX escape", 1, 9, 8),
        ("\"\\ud800\\udc0\"", "Invalid \\uXXXX escape", 1, 9, 8),
        ("\"\\ud800\\u\"", "Invalid \\uXXXX escape", 1, 9, 8),
        ("\"abc", "Unterminated string starting at", 1, 1, 0),
        ("\"a\\", "Unterminated string starting at", 1, 1, 0),
        ("\"\\q\"", "Invalid \\escape", 1, 2, 1),
        ("\"\u{1}\"", "Invalid control character at", 1, 2, 1),
        (
            "{\"a\":1,}",
            "Expecting property name enclosed in double quotes",
            1,
            8,
            7,
        ),
        ("[1,]", "Expecting value", 1, 4, 3),
        ("", "Expecting value", 1, 1, 0),
        (" ", "Expecting value", 1, 2, 1),
        (
            "{",
            "Expecting property name enclosed in double quotes",
            1,
            2,
            1,
        ),
        ("[", "Expecting value", 1, 2, 1),
        ("{\"a\"", "Expecting ':' delimiter", 1, 5, 4),
        ("{\"a\":", "Expecting value", 1, 6, 5),
        ("{\"a\" 1", "Expecting ':' delimiter", 1, 6, 5),
        ("[1 2", "Expecting ',' delimiter", 1, 4, 3),
        ("1 2", "Extra data", 1, 3, 2),
        (
            "\u{feff}{}",
            "Unexpected UTF-8 BOM (decode using utf-8-sig)",
            1,
            1,
            0,
        ),
        ("-", "Expecting value", 1, 1, 0),
        ("-a", "Expecting value", 1, 1, 0),
        ("1.", "Extra data", 1, 2, 1),
        ("1.e5", "Extra data", 1, 2, 1),
        ("1e", "Extra data", 1, 2, 1),
        ("1e+", "Extra data", 1, 2, 1),
        ("nul", "Expecting value", 1, 1, 0),
        ("-Inf", "Expecting value", 1, 1, 0),
        ("{\"a\":1 \"b\":2}", "Expecting ',' delimiter", 1, 8, 7),
        ("[\n1,\n]", "Expecting value", 3, 1, 5),
        ("\n\n  x", "Expecting value", 3, 3, 4),
        (
            "{1:2}",
            "Expecting property name enclosed in double quotes",
            1,
            2,
            1,
        ),
        (
            "{'a':1}",
            "Expecting property name enclosed in double quotes",
            1,
            2,
            1,
        ),
        (
            "\"\\u00e9\\uD83D\\uDE00",
            "Invalid \\uXXXX escape",
            1,
            15,
            14,
        ),
        ("[1,2]]", "Extra data", 1, 6, 5),
        ("\"x\ny\"", "Invalid control character at", 1, 3, 2),
        ("{\"a\":[1,{\"b\":tru}]}", "Expecting value", 1, 14, 13),
        ("\u{e9}\n\u{e9} x", "Expecting value", 1, 1, 0),
        ("1e5 x", "Extra data", 1, 5, 4),
        ("-0 1", "Extra data", 1, 4, 3),
        ("\"\\ud800\\x\"", "Invalid \\escape", 1, 8, 7),
        (
            "[\"a\\u0041\\\"\\/\\b\\f\\n\\r\\t\\\\\", 1e+2x]",
            "Expecting ',' delimiter",
            1,
            33,
            32,
        ),
        ("\"\\uDBFF\\uDFFF\\uD800\\uDBFF\"1", "Extra data", 1, 27, 26),
        (
            "{\"k\": \"\u{e9}\u{4e2d}\u{1f600}\" x}",
            "Expecting ',' delimiter",
            1,
            13,
            12,
        ),
        ("[1, 2,\n  3,, 4]", "Expecting value", 2, 5, 11),
        ("{\"a\": 1}\n\n  }", "Extra data", 3, 3, 12),
        ("tru", "Expecting value", 1, 1, 0),
        ("fals", "Expecting value", 1, 1, 0),
        ("Nan", "Expecting value", 1, 1, 0),
        ("[-]", "Expecting value", 1, 2, 1),
        ("[01]", "Expecting ',' delimiter", 1, 3, 2),
        ("{\"a\":1,\"a\"", "Expecting ':' delimiter", 1, 11, 10),
        ("[\"\\u00\"]", "Invalid \\uXXXX escape", 1, 4, 3),
        ("\"\\", "Unterminated string starting at", 1, 1, 0),
    ];
    for &(input, msg, line, column, pos) in cases {
        let want = LoadError::Decode {
            msg,
            line,
            column,
            pos,
        };
        assert_eq!(parse(input), Err(want), "{input:?}");
    }
}

#[test]
fn error_display() {
    let err = parse("{\"a\" 1}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Expecting ':' delimiter: line 1 column 6 (char 5)"
    );
}

#[test]
fn newlines_are_translated_before_parsing() {
    // CRLF and CR count as one character, as in Python's text mode.
    assert_eq!(
        parse("[1,\r\n\r\n]").unwrap_err().to_string(),
        "Expecting value: line 3 column 1 (char 5)"
    );
    assert_eq!(
        parse("[1,\r\r x]").unwrap_err().to_string(),
        "Expecting value: line 3 column 2 (char 6)"
    );
    // A raw CR inside a string becomes a newline: a control character.
    assert_eq!(
        parse("\"a\r\nb\"").unwrap_err().to_string(),
        "Invalid control character at: line 1 column 3 (char 2)"
    );
    assert_eq!(
        parse("\r\n{\"a\":\r\"b\"}\r"),
        Ok(Value::Dict(vec![(PyStr::from_text("a"), s("b"))]))
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(
        parse("\"é中😀\" x").unwrap_err().to_string(),
        "Extra data: line 1 column 7 (char 6)"
    );
}

#[test]
fn values_as_python_builds_them() {
    assert_eq!(parse(" null "), Ok(Value::Null));
    assert_eq!(parse("true"), Ok(Value::Bool(true)));
    assert_eq!(parse("false"), Ok(Value::Bool(false)));
    assert_eq!(parse("-0"), Ok(Value::Int("-0".into())));
    assert_eq!(
        parse("12345678901234567890"),
        Ok(Value::Int("12345678901234567890".into()))
    );
    assert_eq!(parse("1.5"), Ok(Value::Float(1.5)));
    assert_eq!(parse("1E400"), Ok(Value::Float(f64::INFINITY)));
    assert_eq!(parse("-1e400"), Ok(Value::Float(f64::NEG_INFINITY)));
    assert_eq!(parse("1e-400"), Ok(Value::Float(0.0)));
    assert_eq!(parse("-Infinity"), Ok(Value::Float(f64::NEG_INFINITY)));
    assert_eq!(parse("Infinity"), Ok(Value::Float(f64::INFINITY)));
    assert!(matches!(parse("NaN"), Ok(Value::Float(f)) if f.is_nan()));
    assert_eq!(parse("\"a\\u00e9\\ud83d\\ude00\\/\""), Ok(s("aé😀/")));
    // Lone and reversed surrogates stay as they are.
    assert_eq!(
        parse("\"\\udc00\\ud800\\ud800x\""),
        Ok(Value::Str(PyStr(vec![0xdc00, 0xd800, 0xd800, 0x78])))
    );
    assert_eq!(parse("[]"), Ok(Value::List(vec![])));
    assert_eq!(parse("{ }"), Ok(Value::Dict(vec![])));
}

#[test]
fn duplicate_keys_keep_first_place_and_last_value() {
    assert_eq!(
        parse(r#"{"a": 1, "b": 2, "a": 3}"#),
        Ok(Value::Dict(vec![
            (PyStr::from_text("a"), Value::Int("3".into())),
            (PyStr::from_text("b"), Value::Int("2".into())),
        ]))
    );
}

#[test]
fn byte_order_mark_is_an_error() {
    assert_eq!(
        load_bytes(b"\xef\xbb\xbf{}").unwrap_err().to_string(),
        "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"
    );
}

#[test]
fn invalid_utf8_is_reported_like_python() {
    let msg = |b: &[u8]| load_bytes(b).unwrap_err().to_string();
    assert_eq!(
        msg(b"\xff{}"),
        "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
    );
    assert_eq!(
        msg(b"{\"a\":\"\xe2\x82\"}"),
        "'utf-8' codec can't decode bytes in position 6-7: invalid continuation byte"
    );
    assert_eq!(
        msg(b"\xe2\x82"),
        "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"
    );
    assert_eq!(
        msg(b"{\"\xed\xa0\x80\"}"),
        "'utf-8' codec can't decode byte 0xed in position 2: invalid continuation byte"
    );
    assert_eq!(
        msg(b"\xf4\x90\x80\x80"),
        "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"
    );
    assert_eq!(
        msg(b"\xc0\xaf"),
        "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte"
    );
    assert_eq!(
        msg(b"ab\xe2\x28\xa1"),
        "'utf-8' codec can't decode byte 0xe2 in position 2: invalid continuation byte"
    );
}

#[test]
fn nesting_limit_matches_the_reference_script() {
    let nest = |n: usize, open: &str, close: &str| format!("{}{}", open.repeat(n), close.repeat(n));
    assert_eq!(parse(&nest(MAX_DEPTH, "[", "]")).map(|_| ()), Ok(()));
    assert_eq!(
        parse(&nest(MAX_DEPTH + 1, "[", "]"))
            .unwrap_err()
            .to_string(),
        "maximum recursion depth exceeded while decoding a JSON array from a unicode string"
    );
    let obj = format!(
        "{}1{}",
        "{\"a\":".repeat(MAX_DEPTH + 1),
        "}".repeat(MAX_DEPTH + 1)
    );
    assert_eq!(
        parse(&obj).unwrap_err().to_string(),
        "maximum recursion depth exceeded while decoding a JSON object from a unicode string"
    );
    // Very deep input must not overflow the stack.
    assert!(parse(&"[".repeat(1_000_000)).is_err());
}

#[test]
fn never_panics_on_arbitrary_input() {
    // Short strings over an alphabet of JSON punctuation, escapes and odd bytes.
    let alphabet: &[&[u8]] = &[
        b"{",
        b"}",
        b"[",
        b"]",
        b"\"",
        b"\\",
        b"u",
        b"d8",
        b"00",
        b":",
        b",",
        b" ",
        b"\r",
        b"\n",
        b"1",
        b"-",
        b".",
        b"e",
        b"+",
        b"0",
        b"N",
        b"I",
        b"n",
        b"t",
        b"\x01",
        b"\xef\xbb\xbf",
        b"\xe9",
        b"\xc3\xa9",
    ];
    let mut state = 0x1234_5678_9abc_def0u64;
    for _ in 0..20_000 {
        let mut input = Vec::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mut r = state;
        for _ in 0..(r % 12) {
            r = r.rotate_left(5) ^ 0x9e37_79b9;
            input.extend_from_slice(alphabet[(r % alphabet.len() as u64) as usize]);
        }
        if let Err(LoadError::Decode {
            pos, line, column, ..
        }) = load_bytes(&input)
        {
            assert!(pos <= input.len() && line >= 1 && column >= 1, "{input:?}");
        }
    }
}

#[test]
fn integer_digit_limit() {
    assert!(parse(&"9".repeat(4300)).is_ok());
    assert_eq!(
        parse(&format!("-{}", "9".repeat(4301)))
            .unwrap_err()
            .to_string(),
        "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; \
         use sys.set_int_max_str_digits() to increase the limit"
    );
    // Floats have no such limit.
    assert!(parse(&format!("{}.5", "9".repeat(5000))).is_ok());
}

#[test]
fn blank_and_surrogateescape() {
    assert!(PyStr::from_text("").is_blank());
    assert!(PyStr::from_text(" \t\n\u{b}\u{c}\u{1c}\u{1f}\u{85}\u{a0}\u{3000}").is_blank());
    assert!(!PyStr::from_text(" \u{200b} ").is_blank());
    assert!(!PyStr::from_text("\u{180e}").is_blank());
    assert_eq!(
        PyStr::from_bytes_surrogateescape(b"a\xffb\xe2\x82"),
        PyStr(vec![0x61, 0xdcff, 0x62, 0xdce2, 0xdc82])
    );
}

//! Differential tests: `caplint::pycheck::run` against the reference checker
//! `tests/reference/profile_check.py`, run by the real python3.
//!
//! The main test generates thousands of random profiles (valid and broken in
//! every way the reference distinguishes), runs the reference on all of them
//! in one python process (a small driver imports the reference module and
//! calls its `main()` per file, capturing stdout and the exit code), and
//! requires identical stdout and exit code from caplint.
//!
//! The driver wraps two things of the reference, transparently except where
//! caplint deliberately differs (see `src/report.rs`), and flags the cases
//! where the wrapper changed anything:
//! - `parse_date` also requires the strict zero-padded form (flag `lenient`);
//! - the `LEVELS`/`ACCESSES`/`KINDS` sets answer "not a member" for a list or
//!   dict instead of raising `TypeError: unhashable` (flag `unhashable`).
//!
//! So flagged cases are compared against the reference with the documented
//! differences applied; every other case against the unmodified reference.
//! Cases where the reference still crashes must be rare and of the known
//! kinds; caplint must then report `error: cannot read profile: ...`.
//!
//! `CAPLINT_DIFF_CASES` sets the number of random cases (default 3000),
//! `CAPLINT_DIFF_SEED` the seed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use caplint::date::Date;
use caplint::pycheck::{run, ReportOutcome};

use crate::support::{manifest, AS_OF};

fn reference_script() -> PathBuf {
    manifest().join("tests/reference/profile_check.py")
}

/// python3, or a failing test with a clear message: this test never passes silently.
fn python3() -> Command {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(
        ok,
        "python3 is required by the differential report tests (tests/report_diff.rs) \
         and was not found on PATH; install Python 3.11"
    );
    Command::new("python3")
}

/// Runs the reference script itself: (stdout, exit code, stderr).
fn run_script(args: &[&str]) -> (Vec<u8>, i32, String) {
    let out = python3()
        .arg(reference_script())
        .args(args)
        .env("PYTHONIOENCODING", "utf-8:strict")
        .output()
        .expect("run python3");
    (
        out.stdout,
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

// ---------------------------------------------------------------------------
// The worked example from the seed document.

const SEED_EXPECTED: &str = include_str!("../../src/pycheck/seed_report.txt");

#[test]
fn make_fixture_reproduces_the_worked_example() {
    let (stdout, code, _) = run_script(&["--make-fixture", "--as-of", AS_OF]);
    assert_eq!(
        String::from_utf8(stdout).unwrap(),
        SEED_EXPECTED,
        "the reference itself"
    );
    assert_eq!(code, 1);
    let ours = run(None, Some(AS_OF), true, Date::today_utc());
    assert_eq!(ours.stdout, SEED_EXPECTED);
    assert_eq!(ours.exit_code, 1);
}

// ---------------------------------------------------------------------------
// Edge cases run through the real script (not the in-process driver), where
// the process context matters: recursion depth, file system errors, raw bytes.

fn compare_with_script(
    dir: &Path,
    name: &str,
    bytes: &[u8],
    as_of: &str,
) -> (ReportOutcome, String) {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let (stdout, code, stderr) = run_script(&[path.to_str().unwrap(), "--as-of", as_of]);
    let ours = run(Some(&path), Some(as_of), false, Date::today_utc());
    if !stderr.contains("Traceback") {
        assert_eq!(
            (String::from_utf8_lossy(&stdout).into_owned(), code),
            (ours.stdout.clone(), i32::from(ours.exit_code)),
            "{name}: reference vs caplint"
        );
    }
    (ours, stderr)
}

/// The reference crashed with `reason` (or, for the encoding error, whose
/// Python text also names a position, with its ending), and caplint
/// reported the same reason as a read error.
fn assert_read_error(ours: &ReportOutcome, stderr: &str, reason: &str) {
    assert!(
        stderr.contains("Traceback"),
        "the reference should crash: {stderr}"
    );
    let python_text = if reason.contains("can't encode") {
        "surrogates not allowed"
    } else {
        reason
    };
    assert!(stderr.contains(python_text), "{stderr}");
    assert_eq!(ours.exit_code, 2);
    assert_eq!(
        ours.stdout,
        format!("error: cannot read profile: {reason}\n")
    );
}

#[test]
fn reference_script_edge_cases() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let good = br#"{"agent_id": "a", "version": "1", "declared_at": "2026-01-01", "skills": [], "tools": [], "limits": ["x"]}"#;

    // Text mode: CRLF and CR are newlines before parsing; errors count them once.
    let crlf = String::from_utf8(good.to_vec())
        .unwrap()
        .replace(", ", ",\r\n");
    compare_with_script(dir, "crlf.json", crlf.as_bytes(), "2026-02-01");
    compare_with_script(dir, "crlf-bad.json", b"{\r\n\"a\": 1,\r\n}", "2026-02-01");
    compare_with_script(dir, "cr-bad.json", b"{\r\"a\":\r\r[1,]}", "2026-02-01");
    compare_with_script(
        dir,
        "cr-in-string.json",
        b"{\"a\": \"x\r\ny\"}",
        "2026-02-01",
    );
    let (ours, _) = compare_with_script(dir, "bom.json", b"\xef\xbb\xbf{}", "2026-02-01");
    assert_eq!(
        ours.stdout,
        "error: cannot read profile: Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)\n"
    );
    compare_with_script(dir, "empty.json", b"", "2026-02-01");
    compare_with_script(
        dir,
        "unicode.json",
        "{\"agent_id\": \"é中😀\", \"x\": é}".as_bytes(),
        "2026-02-01",
    );

    // Nesting: 993 levels decode, 994 hit CPython's recursion limit.
    let nest = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let (ours, stderr) =
        compare_with_script(dir, "deep-993.json", nest(993).as_bytes(), "2026-02-01");
    assert!(
        !stderr.contains("Traceback") && ours.exit_code == 1,
        "{stderr}"
    );
    let deep_obj = format!(
        "{{\"agent_id\": \"a\", \"limits\": {}1{}}}",
        "[{\"a\":".repeat(496),
        "}]".repeat(496)
    );
    let (_, stderr) =
        compare_with_script(dir, "deep-obj-993.json", deep_obj.as_bytes(), "2026-02-01");
    assert!(!stderr.contains("Traceback"), "{stderr}");
    let (ours, stderr) =
        compare_with_script(dir, "deep-994.json", nest(994).as_bytes(), "2026-02-01");
    assert_read_error(
        &ours,
        &stderr,
        "maximum recursion depth exceeded while decoding a JSON array from a unicode string",
    );
    let (ours, stderr) = compare_with_script(
        dir,
        "deep-huge.json",
        "{\"a\":".repeat(100_000).as_bytes(),
        "2026-02-01",
    );
    assert_read_error(
        &ours,
        &stderr,
        "maximum recursion depth exceeded while decoding a JSON object from a unicode string",
    );

    // Invalid UTF-8 and over-long integers crash the reference.
    let (ours, stderr) = compare_with_script(
        dir,
        "latin1.json",
        b"{\"agent_id\": \"caf\xe9\"}",
        "2026-02-01",
    );
    assert_read_error(
        &ours,
        &stderr,
        "'utf-8' codec can't decode byte 0xe9 in position 17: invalid continuation byte",
    );
    let (ours, _) = compare_with_script(
        dir,
        "int-4300.json",
        format!("[{}]", "7".repeat(4300)).as_bytes(),
        "2026-02-01",
    );
    assert_eq!(ours.exit_code, 1);
    let (ours, stderr) = compare_with_script(
        dir,
        "int-4301.json",
        format!("[{}]", "7".repeat(4301)).as_bytes(),
        "2026-02-01",
    );
    assert_read_error(
        &ours,
        &stderr,
        "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; \
         use sys.set_int_max_str_digits() to increase the limit",
    );

    // A lone surrogate that would be printed as is.
    let (ours, stderr) = compare_with_script(
        dir,
        "surrogate.json",
        br#"{"version": "\ud83d"}"#,
        "2026-02-01",
    );
    assert_read_error(
        &ours,
        &stderr,
        "'utf-8' codec can't encode character '\\ud83d': surrogates not allowed",
    );

    // File system errors.
    for args in [
        vec![dir.join("missing.json").to_str().unwrap().to_owned()],
        vec![dir.to_str().unwrap().to_owned()],
        vec![dir.join("crlf.json/x").to_str().unwrap().to_owned()],
        vec!["it's \"here\"\n.json".to_owned()],
    ] {
        let (stdout, code, _) = run_script(&[&args[0], "--as-of", "2026-02-01"]);
        let ours = run(
            Some(Path::new(&args[0])),
            Some("2026-02-01"),
            false,
            Date::today_utc(),
        );
        assert_eq!(String::from_utf8(stdout).unwrap(), ours.stdout, "{args:?}");
        assert_eq!(code, i32::from(ours.exit_code));
    }

    // Usage errors.
    for args in [
        vec!["--as-of", "2026-02-30"],
        vec!["--as-of", "soon", "--make-fixture"],
        vec!["--as-of", "2026-01-01"],
    ] {
        let (stdout, code, _) = run_script(&args);
        let ours = run(None, Some(args[1]), args.len() > 2, Date::today_utc());
        assert_eq!(String::from_utf8(stdout).unwrap(), ours.stdout, "{args:?}");
        assert_eq!(code, i32::from(ours.exit_code));
    }
    let (stdout, code, _) = run_script(&["", "--as-of", "2026-01-01"]);
    let ours = run(
        Some(Path::new("")),
        Some("2026-01-01"),
        false,
        Date::today_utc(),
    );
    assert_eq!((String::from_utf8(stdout).unwrap(), code), (ours.stdout, 2));

    // An empty --as-of means today (the local date, for the reference).
    let today = python3()
        .args(["-c", "import datetime; print(datetime.date.today())"])
        .output()
        .expect("run python3");
    let today = Date::parse_ymd(String::from_utf8(today.stdout).unwrap().trim()).unwrap();
    let (stdout, code, _) = run_script(&["--make-fixture", "--as-of", ""]);
    let ours = run(None, Some(""), true, today);
    assert_eq!(String::from_utf8(stdout).unwrap(), ours.stdout);
    assert_eq!(code, i32::from(ours.exit_code));
}

#[test]
fn unicode_tables_match_python() {
    let out = python3()
        .args([
            "-c",
            "import sys\n\
             bad = ''.join('1' if not chr(c).isprintable() else '0' for c in range(0x110000))\n\
             sp = ''.join('1' if chr(c).isspace() else '0' for c in range(0x110000))\n\
             sys.stdout.write(bad + '\\n' + sp + '\\n')",
        ])
        .output()
        .expect("run python3");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let (printable, space) = (
        lines.next().unwrap().as_bytes(),
        lines.next().unwrap().as_bytes(),
    );
    assert_eq!(printable.len(), 0x110000);
    for c in 0..0x110000u32 {
        let py_printable = printable[c as usize] == b'0';
        assert_eq!(
            caplint::pycheck::pyrepr::is_printable(c),
            py_printable,
            "isprintable U+{c:04X}"
        );
        let py_space = space[c as usize] == b'1';
        let blank = caplint::pycheck::pyjson::PyStr(vec![c]).is_blank();
        assert_eq!(blank, py_space, "isspace U+{c:04X}");
    }
}

#[test]
fn float_repr_matches_python() {
    let mut rng = Rng::new(0xF10A7);
    let mut values: Vec<f64> = Vec::new();
    for i in 0..20_000u64 {
        let f = match i % 4 {
            // Any bit pattern.
            0 => f64::from_bits(rng.next()),
            // Large values with few fraction bits, where ties between two
            // shortest candidates are common.
            1 => (rng.next() >> 11) as f64 / [1.0, 2.0, 4.0, 8.0, 16.0][rng.below(5)],
            // Short decimals.
            2 => format!("{}e{}", rng.below(1_000_000), rng.below(60) as i32 - 30)
                .parse()
                .unwrap(),
            _ => f64::from_bits(rng.next() >> rng.below(12)),
        };
        values.push(f);
    }
    let input: Vec<String> = values.iter().map(|f| f.to_bits().to_string()).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("floats.txt");
    std::fs::write(&file, input.join("\n")).unwrap();
    let out = python3()
        .args([
            "-c",
            "import struct, sys\n\
             for line in open(sys.argv[1]):\n\
             \x20   print(repr(struct.unpack('<d', struct.pack('<Q', int(line)))[0]))",
        ])
        .arg(&file)
        .output()
        .expect("run python3");
    let text = String::from_utf8(out.stdout).unwrap();
    let want: Vec<&str> = text.lines().collect();
    assert_eq!(
        want.len(),
        values.len(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (f, want) in values.iter().zip(want) {
        assert_eq!(
            caplint::pycheck::pyrepr::float_repr(*f),
            want,
            "bits {:#x}",
            f.to_bits()
        );
    }
}

// ---------------------------------------------------------------------------
// Random profiles.

/// splitmix64, plus the generator's mode: `clean` makes only valid profiles.
struct Rng {
    state: u64,
    clean: bool,
}

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng {
            state: seed,
            clean: false,
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u32) -> bool {
        self.below(1000) < percent as usize * 10
    }

    fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
}

/// Encodes text as a JSON string literal, with randomly chosen but
/// equivalent escapes.
fn str_lit(rng: &mut Rng, s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str(if rng.chance(50) { "\\n" } else { "\\u000a" }),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '/' if rng.chance(30) => out.push_str("\\/"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if !c.is_ascii() && rng.chance(30) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    if rng.chance(50) {
                        out.push_str(&format!("\\u{u:04x}"));
                    } else {
                        out.push_str(&format!("\\u{u:04X}"));
                    }
                }
            }
            c if c.is_ascii_alphabetic() && rng.chance(3) => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

const NAMES: &[&str] = &[
    "web-search",
    "data-cleaning",
    "code-review",
    "report-writing",
    "a",
    "b",
    "B",
    "Z",
    "_",
    "aa",
    "é",
    "e\u{301}",
    "中文",
    "😀",
    " x",
    "x ",
    "x y",
    "it's",
    "say \"hi\"",
    "back\\slash",
    "tab\tname",
    "new\nline",
    "\u{a0}nb",
    "zw\u{200b}",
    "nul\u{0}",
    "ü",
    "~",
    "A",
    "\u{1c}x",
    "x\u{85}",
    "\u{ffff}",
    "\u{10ffff}",
    "\u{e000}",
    "ǅ",
    "\u{7f}",
];
const BLANKS: &[&str] = &[
    "",
    " ",
    "\t",
    "\n",
    "\u{3000}",
    "\u{1f}\u{85}",
    "\u{a0}",
    "\u{2028}",
    "\u{b}\u{c}",
];
const LEVELS: &[&str] = &["basic", "proficient", "advanced"];
const ACCESSES: &[&str] = &["none", "read", "write", "execute"];
const KINDS: &[&str] = &["link", "artifact", "test", "log"];
const NEAR_MISSES: &[&str] = &[
    "Basic",
    "basic ",
    " read",
    "READ",
    "",
    "none\u{0}",
    "lo g",
    "tests",
    "links",
    "it's",
    "\"q\"",
    "both'\"",
    "\\",
    "é",
    "\u{85}",
    "\u{ad}",
    "\u{378}",
    "\u{e0001}",
    "😀",
    "\u{2029}",
    "\u{7f}",
    "\r\n\t",
    "\u{ffff}",
    "\u{10fffd}",
    "\u{1b}[31m",
    "\u{fe0f}",
];

/// A JSON string literal for one of `items`.
fn lit_of(rng: &mut Rng, items: &[&str]) -> String {
    let s = rng.pick(items);
    str_lit(rng, s)
}

/// JSON text for an odd scalar (or sometimes invalid number text).
fn odd_scalar(rng: &mut Rng) -> String {
    match rng.below(12) {
        0 => "null".into(),
        1 => rng.pick(&["true", "false"]).into(),
        2 => rng
            .pick(&[
                "0",
                "-0",
                "1",
                "-1",
                "7",
                "42",
                "-17",
                "123456789012345678901234567890",
                "10000000000000000",
            ])
            .into(),
        3 => rng
            .pick(&[
                "1.0",
                "-0.0",
                "0.0",
                "1e16",
                "1E16",
                "1e15",
                "1e-5",
                "1E-05",
                "0.0001",
                "0.00001",
                "1.5e300",
                "1e400",
                "-1E400",
                "1e-400",
                "2.5e-310",
                "123.456",
                "0.1",
                "1e22",
                "100.0",
                "3.0e+2",
                "9007199254740993",
                "9007199254740993.0",
                "0.30000000000000004",
                "1.7976931348623157e308",
                "5e-324",
                "-2.5E-3",
            ])
            .into(),
        4 => rng.pick(&["NaN", "Infinity", "-Infinity"]).into(),
        5 => {
            // A random finite double, in Rust's shortest form or with extra digits.
            let f = f64::from_bits(rng.next());
            if !f.is_finite() {
                return "2.0".into();
            }
            match rng.below(3) {
                0 => format!("{f:e}"),
                1 => format!("{f:?}").replace("inf", "1e999"),
                _ => format!("{:.17e}", f),
            }
        }
        6 => {
            let n = rng.below(40) + 1;
            let digits: String = (0..n)
                .map(|i| char::from(b'0' + (rng.below(9) as u8) + u8::from(i == 0)))
                .collect();
            let frac = if rng.chance(50) {
                format!(".{}", rng.below(100_000))
            } else {
                String::new()
            };
            let exp = if rng.chance(40) {
                format!("e{}{}", rng.pick(&["", "+", "-"]), rng.below(330))
            } else {
                String::new()
            };
            format!(
                "{}{digits}{frac}{exp}",
                if rng.chance(30) { "-" } else { "" }
            )
        }
        7 => "[]".into(),
        8 => "{}".into(),
        9 => random_string(rng),
        10 => lit_of(rng, NEAR_MISSES),
        _ => lit_of(rng, BLANKS),
    }
}

/// A random string literal, including escapes, any Unicode and lone surrogates.
fn random_string(rng: &mut Rng) -> String {
    let n = rng.below(6);
    let mut out = String::from("\"");
    for _ in 0..n {
        match rng.below(10) {
            0 => out.push_str(rng.pick(&[
                "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "'",
            ])),
            1 => out.push_str(rng.pick(&[
                "\\ud800",
                "\\udc80",
                "\\udfff",
                "\\ud83d\\ude00",
                "\\uDBFF\\uDFFF",
                "\\ud800\\ud800",
            ])),
            2 => out.push_str(&format!("\\u{:04x}", rng.below(0x10000))),
            3 | 4 => {
                // Any scalar value, written raw.
                let c = loop {
                    let cp = match rng.below(4) {
                        0 => rng.below(0x300) as u32,
                        1 => rng.below(0x3400) as u32,
                        2 => rng.below(0x30000) as u32,
                        _ => rng.below(0x110000) as u32,
                    };
                    if let Some(c) = char::from_u32(cp) {
                        if cp >= 0x20 && c != '"' && c != '\\' {
                            break c;
                        }
                    }
                };
                out.push(c);
            }
            5 => out.push_str(rng.pick(&["it's", "say \\\"x\\\"", "both ' \\\"", "a b"])),
            _ => out.push(char::from(b'a' + rng.below(26) as u8)),
        }
    }
    out.push('"');
    out
}

/// Any JSON value, nested at most `depth` deep.
fn any_value(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.chance(60) {
        return odd_scalar(rng);
    }
    let n = rng.below(4);
    if rng.chance(50) {
        let items: Vec<String> = (0..n).map(|_| any_value(rng, depth - 1)).collect();
        format!("[{}]", items.join(", "))
    } else {
        let items: Vec<String> = (0..n)
            .map(|_| {
                let key = if rng.chance(50) {
                    lit_of(rng, NAMES)
                } else {
                    random_string(rng)
                };
                format!("{key}: {}", any_value(rng, depth - 1))
            })
            .collect();
        format!("{{{}}}", items.join(", "))
    }
}

/// Whitespace between tokens.
fn ws(rng: &mut Rng) -> &'static str {
    if rng.chance(70) {
        return if rng.chance(50) { "" } else { " " };
    }
    rng.pick(&["\n", "\n  ", "\n    ", "\t", "  ", "\r\n", "\r", " \n\t "])
}

/// A JSON object from (key literal, value text) pairs, sometimes shuffled,
/// with extra or repeated keys.
fn object(rng: &mut Rng, mut fields: Vec<(String, String)>) -> String {
    if rng.chance(20) {
        for i in (1..fields.len()).rev() {
            let j = rng.below(i + 1);
            fields.swap(i, j);
        }
    }
    if rng.chance(10) {
        let key = lit_of(rng, &["extra", "notes", "Name", "name ", "kind"]);
        let value = if rng.clean {
            odd_scalar(rng)
        } else {
            any_value(rng, 2)
        };
        fields.push((key, value));
    }
    if !rng.clean && rng.chance(8) && !fields.is_empty() {
        // A repeated key: the last value wins.
        let (key, _) = fields[rng.below(fields.len())].clone();
        let at = rng.below(fields.len() + 1);
        fields.insert(at, (key, any_value(rng, 1)));
    }
    let parts: Vec<String> = fields
        .into_iter()
        .map(|(k, v)| format!("{}{k}{}:{}{v}", ws(rng), ws(rng), ws(rng)))
        .collect();
    format!("{{{}{}}}", parts.join(","), ws(rng))
}

fn key(rng: &mut Rng, k: &str) -> String {
    str_lit(rng, k)
}

/// A field value: usually `good`, sometimes missing (None) or odd.
fn field(rng: &mut Rng, good: impl FnOnce(&mut Rng) -> String) -> Option<String> {
    if rng.clean {
        return Some(good(rng));
    }
    match rng.below(100) {
        0..=79 => Some(good(rng)),
        80..=87 => None,
        _ => Some(any_value(rng, 2)),
    }
}

/// Like `field`, for `level`, `access` and `kind`: lists and objects there
/// are a documented difference, so they are rare.
fn member_field(rng: &mut Rng, set: &[&str]) -> Option<String> {
    if rng.clean {
        return Some(lit_of(rng, set));
    }
    match rng.below(100) {
        0..=89 => Some(member_value(rng, set)),
        _ => None,
    }
}

fn name_value(rng: &mut Rng) -> String {
    if rng.clean {
        return lit_of(rng, NAMES);
    }
    match rng.below(100) {
        0..=84 => lit_of(rng, NAMES),
        85..=92 => lit_of(rng, BLANKS),
        93..=94 => random_string(rng),
        _ => odd_scalar(rng),
    }
}

fn member_value(rng: &mut Rng, set: &[&str]) -> String {
    if rng.clean {
        return lit_of(rng, set);
    }
    match rng.below(1000) {
        0..=849 => lit_of(rng, set),
        850..=919 => lit_of(rng, NEAR_MISSES),
        920..=949 => random_string(rng),
        950..=952 => any_value(rng, 2),
        _ => loop {
            // Lists and objects here are a documented difference; keep them rare.
            let v = odd_scalar(rng);
            if !v.starts_with(['[', '{']) {
                break v;
            }
        },
    }
}

fn evidence(rng: &mut Rng) -> String {
    if !rng.clean && rng.chance(8) {
        return any_value(rng, 2);
    }
    let n = if !rng.clean && rng.chance(15) {
        0
    } else {
        rng.below(3) + 1
    };
    let entries: Vec<String> = (0..n)
        .map(|_| {
            if !rng.clean && rng.chance(6) {
                return odd_scalar(rng);
            }
            let mut fields = Vec::new();
            if let Some(v) = member_field(rng, KINDS) {
                fields.push((key(rng, "kind"), v));
            }
            if let Some(v) = field(rng, |r| match if r.clean { 9 } else { r.below(10) } {
                0 => lit_of(r, BLANKS),
                1 => odd_scalar(r),
                _ => lit_of(
                    r,
                    &[
                        "run-2026-09-28",
                        "https://example.org/r/1",
                        "log-7",
                        "é",
                        " x ",
                    ],
                ),
            }) {
                fields.push((key(rng, "ref"), v));
            }
            object(rng, fields)
        })
        .collect();
    format!("[{}]", entries.join(&format!(",{}", ws(rng))))
}

fn entry(rng: &mut Rng, what: &str) -> String {
    if !rng.clean && rng.chance(5) {
        return odd_scalar(rng);
    }
    let mut fields = Vec::new();
    if let Some(v) = field(rng, name_value) {
        fields.push((key(rng, "name"), v));
    }
    let (k, set) = if what == "skill" {
        ("level", LEVELS)
    } else {
        ("access", ACCESSES)
    };
    if let Some(v) = member_field(rng, set) {
        fields.push((key(rng, k), v));
    }
    if let Some(v) = field(rng, evidence) {
        fields.push((key(rng, "evidence"), v));
    }
    object(rng, fields)
}

fn list_of(rng: &mut Rng, max: usize, item: impl Fn(&mut Rng) -> String) -> String {
    let n = rng.below(max + 1);
    let items: Vec<String> = (0..n).map(|_| item(rng)).collect();
    format!("[{}{}]", items.join(&format!(",{}", ws(rng))), ws(rng))
}

fn date_text(rng: &mut Rng, as_of: Option<Date>) -> String {
    if let Some(as_of) = as_of {
        if rng.clean || rng.chance(75) {
            let back = *rng.pick(&[
                &0i64, &1, &14, &45, &89, &90, &91, &92, &365, &1000, &-1, &-30, &-400,
            ]);
            let back = if rng.chance(20) {
                rng.below(2000) as i64 - 200
            } else {
                back
            };
            if let Some(d) = as_of.add_days(-back) {
                return str_lit(rng, &d.to_string());
            }
        }
    }
    match rng.below(4) {
        0 => odd_scalar(rng),
        _ => lit_of(
            rng,
            &[
                "2026-1-5",
                " 2026-01-05",
                "2026-01-05 ",
                "+2026-01-05",
                "2026-01-0_5",
                "٢٠٢٦-01-05",
                "2026-02-30",
                "2026-13-01",
                "0000-01-01",
                "10000-01-01",
                "2026/01/01",
                "2026-01-01T00:00",
                "",
                " ",
                "yesterday",
                "2026-01",
                "2026-01-05-01",
                "-2026-01-05",
                "2026--05",
                "9999-12-31",
                "0001-01-01",
                "2024-02-29",
                "2023-02-29",
            ],
        ),
    }
}

fn profile(rng: &mut Rng, as_of: Option<Date>) -> String {
    let mut fields = Vec::new();
    if let Some(v) = field(rng, |r| {
        lit_of(r, &["research-agent-07", "a", "é-agent", " x ", "it's"])
    }) {
        fields.push((key(rng, "agent_id"), v));
    }
    if let Some(v) = field(rng, |r| lit_of(r, &["1", "2", "3", "10", "v1.2", " 3"])) {
        fields.push((key(rng, "version"), v));
    }
    if let Some(v) = field(rng, |r| date_text(r, as_of)) {
        fields.push((key(rng, "declared_at"), v));
    }
    if let Some(v) = field(rng, |r| list_of(r, 5, |r| entry(r, "skill"))) {
        fields.push((key(rng, "skills"), v));
    }
    if let Some(v) = field(rng, |r| list_of(r, 5, |r| entry(r, "tool"))) {
        fields.push((key(rng, "tools"), v));
    }
    if let Some(v) = field(rng, |r| list_of(r, 3, |r| any_value(r, 1))) {
        fields.push((key(rng, "limits"), v));
    }
    object(rng, fields)
}

/// Breaks JSON text in one of many ways.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(11) {
        0 => {
            let n = at(rng, chars.len());
            chars.truncate(n);
        }
        1 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars.remove(i);
        }
        2 | 3 => {
            let i = at(rng, chars.len());
            let c = *rng.pick(&[
                &',',
                &'}',
                &']',
                &'{',
                &'[',
                &'"',
                &'\\',
                &':',
                &' ',
                &'\n',
                &'x',
                &'1',
                &'-',
                &'.',
                &'e',
                &'\u{1}',
                &'\t',
                &'\u{feff}',
                &'é',
                &'/',
                &'\r',
                &'0',
                &'u',
                &'N',
                &'I',
                &'\'',
            ]);
            chars.insert(i, c);
        }
        4 if chars.len() > 1 => {
            let i = rng.below(chars.len() - 1);
            chars.swap(i, i + 1);
        }
        5 => {
            let extra = rng.pick(&[
                " x",
                "{}",
                "1",
                "\n\n]",
                " ,",
                "\"",
                "[",
                " null",
                "\n/* c */",
            ]);
            chars.extend(extra.chars());
        }
        6 => {
            // A trailing comma before a closing bracket.
            let closers: Vec<usize> = (0..chars.len())
                .filter(|&i| matches!(chars[i], '}' | ']'))
                .collect();
            if !closers.is_empty() {
                let i = closers[rng.below(closers.len())];
                chars.insert(i, ',');
            }
        }
        7 => {
            let quotes: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] == '"').collect();
            if !quotes.is_empty() {
                let i = quotes[rng.below(quotes.len())];
                chars[i] = '\'';
            }
        }
        8 => {
            // A broken escape or number.
            let i = at(rng, chars.len());
            let bad = rng.pick(&[
                "\\x",
                "\\u12",
                "\\u12G4",
                "\\ud800\\u",
                "\\",
                "01",
                "1.",
                "-",
                ".5",
                "1e",
                "+1",
                "tru",
                "nul",
                "NaNa",
            ]);
            for (k, c) in bad.chars().enumerate() {
                chars.insert(i + k, c);
            }
        }
        9 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            let j = (i + 1 + rng.below(8)).min(chars.len());
            let copy: Vec<char> = chars[i..j].to_vec();
            for (k, c) in copy.into_iter().enumerate() {
                chars.insert(j + k, c);
            }
        }
        _ => {
            let i = at(rng, chars.len());
            chars.insert(i, char::from_u32(rng.below(0x20) as u32).unwrap());
        }
    }
    chars.into_iter().collect()
}

struct Case {
    args: Vec<String>,
    path: Option<PathBuf>,
    as_of: Option<String>,
    make_fixture: bool,
    input: Vec<u8>,
}

fn random_date(rng: &mut Rng) -> Date {
    let base = Date::parse_ymd("1990-01-01").unwrap();
    match rng.below(50) {
        0 => Date::parse_ymd("0001-01-01")
            .unwrap()
            .add_days(rng.below(200) as i64)
            .unwrap(),
        1 => Date::parse_ymd("9999-12-31")
            .unwrap()
            .add_days(-(rng.below(200) as i64))
            .unwrap(),
        _ => base.add_days(rng.below(365 * 50) as i64).unwrap(),
    }
}

fn make_case(rng: &mut Rng, dir: &Path, i: usize) -> Case {
    let date = random_date(rng);
    let as_of = match rng.below(100) {
        0 => rng
            .pick(&[
                "2026-13-01",
                "x",
                "2026-02-29",
                "0000-12-31",
                "2026-1-5",
                " 2026-01-05",
                "20260105",
            ])
            .to_owned(),
        _ => date.to_string(),
    };
    let path = dir.join(format!("case-{i:05}.profile.json"));
    let mut input: Vec<u8>;
    let mut make_fixture = false;
    match rng.below(200) {
        0..=2 => {
            make_fixture = true;
            input = Vec::new();
        }
        3 => input = Vec::new(), // no file written: missing
        _ => {
            // About one profile in six is valid apart from freshness and duplicate names.
            rng.clean = rng.chance(16);
            let text = match rng.below(100) {
                0..=5 => any_value(rng, 3),
                6 => format!("[{}]", profile(rng, Some(date))),
                _ => profile(rng, Some(date)),
            };
            let broken = !std::mem::take(&mut rng.clean);
            let text = if broken && rng.chance(22) {
                mutate(rng, &text)
            } else {
                text
            };
            let text = if broken && rng.chance(4) {
                mutate(rng, &text)
            } else {
                text
            };
            let text = if rng.chance(8) {
                text.replace('\n', "\r\n")
            } else {
                text
            };
            input = text.into_bytes();
            if rng.chance(1) {
                input.splice(0..0, *b"\xef\xbb\xbf");
            }
            if rng.chance(1) {
                let at = rng.below(input.len() + 1);
                input.insert(at, *rng.pick(&[&0xffu8, &0xc3, &0xe2, &0x80, &0xed]));
            }
            std::fs::write(&path, &input).unwrap();
        }
    }
    let mut args = Vec::new();
    if make_fixture {
        args.push("--make-fixture".to_owned());
    } else {
        args.push(path.to_str().unwrap().to_owned());
    }
    args.push("--as-of".to_owned());
    args.push(as_of.clone());
    Case {
        args,
        path: (!make_fixture).then_some(path),
        as_of: Some(as_of),
        make_fixture,
        input,
    }
}

/// Imports the reference module and runs its `main()` once per manifest line.
const DRIVER: &str = r#"
import contextlib, importlib.util, io, json, re, sys

ref_path, manifest_path, out_path = sys.argv[1:4]
spec = importlib.util.spec_from_file_location("profile_check", ref_path)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)

flags = set()
STRICT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
original_parse_date = mod.parse_date

def parse_date(text):
    got = original_parse_date(text)
    if got is not None and not STRICT.fullmatch(text):
        flags.add("lenient")
        return None
    return got

class Tolerant(frozenset):
    def __contains__(self, item):
        try:
            return frozenset.__contains__(self, item)
        except TypeError:
            flags.add("unhashable")
            return False

mod.parse_date = parse_date
mod.LEVELS = Tolerant(mod.LEVELS)
mod.ACCESSES = Tolerant(mod.ACCESSES)
mod.KINDS = Tolerant(mod.KINDS)

with open(manifest_path, encoding="utf-8") as fh, open(out_path, "w", encoding="utf-8") as out:
    for line in fh:
        case = json.loads(line)
        flags.clear()
        sys.argv = ["profile_check.py"] + case["args"]
        buf = io.StringIO()
        rc, crash = None, None
        try:
            with contextlib.redirect_stdout(buf):
                rc = mod.main()
        except BaseException as exc:  # the reference crashed (a traceback)
            crash = type(exc).__name__ + ": " + str(exc)[:200]
        try:
            data = buf.getvalue().encode("utf-8")  # a strict UTF-8 stdout
        except UnicodeEncodeError as exc:
            crash = crash or "UnicodeEncodeError: " + str(exc)[:200]
            data = b""
        out.write(json.dumps({"rc": rc, "crash": crash, "flags": sorted(flags), "out": data.hex()}) + "\n")
"#;

struct RefResult {
    rc: Option<i64>,
    crash: Option<String>,
    flags: Vec<String>,
    out: Vec<u8>,
}

fn run_reference(dir: &Path, cases: &[Case]) -> Vec<RefResult> {
    let driver = dir.join("driver.py");
    std::fs::write(&driver, DRIVER).unwrap();
    let manifest = dir.join("manifest.jsonl");
    let lines: Vec<String> = cases
        .iter()
        .map(|c| serde_json::json!({ "args": c.args }).to_string())
        .collect();
    std::fs::write(&manifest, lines.join("\n") + "\n").unwrap();
    let results = dir.join("results.jsonl");
    let status = python3()
        .arg(&driver)
        .arg(reference_script())
        .arg(&manifest)
        .arg(&results)
        .status()
        .expect("run python3");
    assert!(status.success(), "the python driver failed");
    let text = std::fs::read_to_string(&results).unwrap();
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let hex = v["out"].as_str().unwrap();
            RefResult {
                rc: v["rc"].as_i64(),
                crash: v["crash"].as_str().map(str::to_owned),
                flags: v["flags"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_str().unwrap().to_owned())
                    .collect(),
                out: (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
                    .collect(),
            }
        })
        .collect()
}

/// Crashes the reference may have: (exception prefix, caplint's reason prefix).
const KNOWN_CRASHES: &[(&str, &str)] = &[
    (
        "UnicodeDecodeError: 'utf-8' codec can't decode",
        "'utf-8' codec can't decode",
    ),
    ("UnicodeEncodeError", "'utf-8' codec can't encode character"),
    (
        "ValueError: Exceeds the limit (4300 digits)",
        "Exceeds the limit (4300 digits)",
    ),
];

#[test]
fn differential_random_profiles() {
    let n: usize = std::env::var("CAPLINT_DIFF_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let seed: u64 = std::env::var("CAPLINT_DIFF_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED_CAFE);
    let started = std::time::Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut rng = Rng::new(seed);
    let cases: Vec<Case> = (0..n).map(|i| make_case(&mut rng, dir, i)).collect();
    let generated = started.elapsed();
    let reference = run_reference(dir, &cases);
    assert_eq!(reference.len(), cases.len());
    let referenced = started.elapsed();

    let today = Date::today_utc();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (case, want) in cases.iter().zip(&reference) {
        let ours = run(
            case.path.as_deref(),
            case.as_of.as_deref(),
            case.make_fixture,
            today,
        );
        let describe = || {
            format!(
                "args: {:?}\ninput: {:?}\nreference ({:?}, crash {:?}, flags {:?}):\n{}\ncaplint ({}):\n{}",
                case.args,
                String::from_utf8_lossy(&case.input),
                want.rc,
                want.crash,
                want.flags,
                String::from_utf8_lossy(&want.out),
                ours.exit_code,
                ours.stdout
            )
        };
        if let Some(crash) = &want.crash {
            *tally
                .entry(format!(
                    "reference crashed: {}",
                    crash.split(':').next().unwrap()
                ))
                .or_default() += 1;
            match KNOWN_CRASHES.iter().find(|(exc, _)| crash.starts_with(exc)) {
                Some((_, reason)) => {
                    let prefix = format!("error: cannot read profile: {reason}");
                    if ours.exit_code != 2
                        || !ours.stdout.starts_with(&prefix)
                        || ours.stdout.lines().count() != 1
                    {
                        failures.push(format!("expected a read error\n{}", describe()));
                    }
                }
                None => failures.push(format!("unexpected reference crash\n{}", describe())),
            }
            continue;
        }
        let kind = if want.flags.is_empty() {
            "same as the reference".to_owned()
        } else {
            format!("documented difference: {}", want.flags.join("+"))
        };
        *tally.entry(kind).or_default() += 1;
        *tally.entry(format!("exit {}", ours.exit_code)).or_default() += 1;
        if ours.stdout.as_bytes() != want.out.as_slice()
            || Some(i64::from(ours.exit_code)) != want.rc
        {
            failures.push(describe());
        }
    }
    let elapsed = started.elapsed();
    eprintln!(
        "{n} random cases (seed {seed:#x}) in {elapsed:.1?} (generated in {generated:.1?}, reference done at {referenced:.1?}):"
    );
    for (k, v) in &tally {
        eprintln!("  {v:6}  {k}");
    }
    if !failures.is_empty() {
        for f in failures.iter().take(5) {
            eprintln!("---- mismatch ----\n{f}");
        }
        panic!(
            "{} of {n} cases differ from the reference (first ones above)",
            failures.len()
        );
    }
    // The comparison must be meaningful: crashes are rare, and every outcome is common.
    let count = |k: &str| tally.get(k).copied().unwrap_or(0);
    let crashed: usize = tally
        .iter()
        .filter(|(k, _)| k.starts_with("reference crashed"))
        .map(|(_, v)| v)
        .sum();
    assert!(crashed * 20 <= n, "too many reference crashes: {crashed}");
    assert!(
        count("same as the reference") * 10 >= n * 8,
        "too few exact comparisons"
    );
    assert!(count("exit 0") * 100 >= n, "too few passing profiles");
    assert!(count("exit 1") * 2 >= n, "too few failing profiles");
    assert!(count("exit 2") * 10 >= n, "too few unreadable profiles");
}

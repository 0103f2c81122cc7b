//! Property test: mutate valid profiles (byte flips, truncations, inserted
//! multi-byte characters, CRLF, deletions, duplicated slices) and check that
//! every diagnostic's span lies inside its file on character boundaries, and
//! that the JSON output's `line` and `column` agree with the span's offset.
//!
//! The generator is a seeded xorshift, so a failure names a seed and a case
//! that reproduce it; `CAPLINT_PROP_CASES` and `CAPLINT_PROP_SEED` widen the
//! search.

use crate::support::AS_OF;
use caplint::date::Date;
use caplint::diagnostic::Report;
use caplint::lint::profile as check;
use caplint::render;
use caplint::settings::Settings;
use caplint::source::{SourceFile, Span};
use serde_json::Value;

const SEEDS: &[&str] = &[
    include_str!("../../testdata/agents/research.profile.json"),
    include_str!("../../testdata/agents/writer.profile.json"),
    include_str!("../../testdata/agents/broken.profile.json"),
    include_str!("../../testdata/agents/incomplete.profile.json"),
    include_str!("../../testdata/agents/stale.profile.json"),
    r#"{"agent_id": "é-agent", "version": "1.2.3", "declared_at": "2026-10-01",
 "notes": "ünïcödé 😀 notes, password=\"Sup3rS3cret!\"",
 "skills": [{"name": "web-search", "level": "proficient", "evidence": [{"kind": "link", "ref": "https://deploy:pa55word@x.org/1", "date": "2026-09-30"}]},
            {"name": "web-search", "level": "expert", "evidence": []}],
 "tools": [{"name": "shell", "access": "execute", "evidence": [{"kind": "log", "ref": "AKIAQWERTYUIOPASDFGH"}]}],
 "limits": ["", 3, "no mail"], "retired_at": null}"#,
];

/// Marsaglia's xorshift64*.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const INSERTS: &[&str] = &[
    "é", "😀", "\u{feff}", "\u{2028}", "\r\n", "\r", "\n", "\"", "\\", "\\u", "\\ud800", "{", "}",
    "[", "]", ",", ":", "\0", "\u{fffd}", "ｗ", "\t", "-", "1e999", "AKIA",
];

/// One mutation of `bytes` (which may stop being UTF-8).
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let at = rng.below(bytes.len() + 1);
    match rng.below(8) {
        0 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes[i] ^= 1 << rng.below(8);
        }
        1 => bytes.truncate(at),
        2 => {
            let s = INSERTS[rng.below(INSERTS.len())];
            bytes.splice(at..at, s.bytes());
        }
        3 => {
            // Every line break becomes CRLF (or every CRLF a bare LF).
            let text = String::from_utf8_lossy(bytes).into_owned();
            let text = if text.contains("\r\n") {
                text.replace("\r\n", "\n")
            } else {
                text.replace('\n', "\r\n")
            };
            *bytes = text.into_bytes();
        }
        4 => {
            let end = (at + rng.below(16)).min(bytes.len());
            bytes.drain(at..end);
        }
        5 => {
            let end = (at + rng.below(64)).min(bytes.len());
            let copy: Vec<u8> = bytes[at..end].to_vec();
            let to = rng.below(bytes.len() + 1);
            bytes.splice(to..to, copy);
        }
        6 if !bytes.is_empty() => {
            // A byte that is never valid UTF-8 on its own.
            let i = rng.below(bytes.len());
            bytes[i] = [0x80, 0xbf, 0xc0, 0xff, 0xe2][rng.below(5)];
        }
        _ => {
            let c = char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('ß');
            let mut buf = [0; 4];
            bytes.splice(at..at, c.encode_utf8(&mut buf).bytes());
        }
    }
}

fn assert_in_text(text: &str, span: Span, what: &str) {
    assert!(
        span.end() <= text.len(),
        "{what}: {span:?} past the end ({} bytes)",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.offset) && text.is_char_boundary(span.end()),
        "{what}: {span:?} not on character boundaries"
    );
}

/// 1-based line and character column of `offset`, computed independently.
/// 1-based line and column, a line ending at `\n`, `\r\n` or a lone `\r`
/// (as editors and every format of caplint count them).
fn line_col(text: &str, offset: usize) -> (u64, u64) {
    let bytes = text.as_bytes();
    let (mut line, mut start) = (1, 0);
    for (i, &b) in bytes[..offset].iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
            start = i + 1;
        }
    }
    let col = text[start..offset].chars().count() + 1;
    (line as u64, col as u64)
}

fn check_case(settings: &Settings, bytes: Vec<u8>, what: &str) {
    let (source, bad) = SourceFile::from_bytes("agents/m.profile.json", bytes);
    let text = source.text.clone();
    let (source, _, diagnostics) = check::lint_profile(settings, source, bad);
    for d in &diagnostics {
        if let Some(span) = d.span {
            assert_in_text(&text, span, &format!("{what}: {}", d.rule));
        }
        for l in d.labels.iter().filter(|l| l.path.is_none()) {
            assert_in_text(&text, l.span, &format!("{what}: {} label", d.rule));
        }
    }
    for r in source.secrets() {
        assert_in_text(
            &text,
            Span::from_range(r.clone()),
            &format!("{what}: secret"),
        );
    }
    let mut report = Report::default();
    report.add_source(source);
    report.extend(diagnostics);
    report.finish(settings);
    let json: Value = serde_json::from_str(&render::json::render(&report)).unwrap();
    for d in json["diagnostics"].as_array().unwrap() {
        let Some(span) = d["span"].as_object() else {
            continue;
        };
        let offset = span["offset"].as_u64().unwrap() as usize;
        let (line, col) = line_col(&text, offset);
        assert_eq!(
            (
                span["line"].as_u64().unwrap(),
                span["column"].as_u64().unwrap()
            ),
            (line, col),
            "{what}: {d}"
        );
    }
    // The human renderer takes the same spans; it must not panic on them.
    let _ = render::human::render(&report, render::Style::plain());
}

#[test]
fn mutated_profiles_keep_spans_inside_and_on_boundaries() {
    let cases: usize = std::env::var("CAPLINT_PROP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let seed: u64 = std::env::var("CAPLINT_PROP_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5eed_cafe_f00d_0001);
    let settings = Settings::defaults(".", Date::parse_ymd(AS_OF).unwrap());
    let mut rng = Rng(seed);
    for case in 0..cases {
        let base = SEEDS[case % SEEDS.len()];
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..=rng.below(6) {
            mutate(&mut rng, &mut bytes);
        }
        check_case(&settings, bytes, &format!("seed {seed:#x} case {case}"));
    }
}

#[test]
fn each_seed_unmutated_and_in_crlf() {
    let settings = Settings::defaults(".", Date::parse_ymd(AS_OF).unwrap());
    for (i, seed) in SEEDS.iter().enumerate() {
        check_case(&settings, seed.as_bytes().to_vec(), &format!("seed {i}"));
        let crlf = seed.replace('\n', "\r\n");
        check_case(&settings, crlf.into_bytes(), &format!("seed {i} crlf"));
    }
}

#[test]
fn every_truncation_of_a_profile() {
    let settings = Settings::defaults(".", Date::parse_ymd(AS_OF).unwrap());
    let text = SEEDS[5].as_bytes();
    for cut in 0..=text.len() {
        check_case(&settings, text[..cut].to_vec(), &format!("cut at {cut}"));
    }
}

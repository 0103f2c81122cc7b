//! Bytes as a profile: load, lint with default settings, render. Every span
//! a rule reports must lie inside the file and on character boundaries, and
//! no renderer may panic.
#![no_main]

use caplint::check::{self, Report};
use caplint::config::Settings;
use caplint::date::Date;
use caplint::render::{self, Style};
use caplint::source::{SourceFile, Span};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn settings() -> &'static Settings {
    static S: OnceLock<Settings> = OnceLock::new();
    S.get_or_init(|| {
        Settings::defaults(
            "/nonexistent-caplint-fuzz-root",
            Date::parse_ymd("2026-10-15").unwrap(),
        )
    })
}

fn assert_span(src: &SourceFile, span: Span, what: &str) {
    let text = &src.text;
    assert!(
        span.offset <= text.len() && span.end() <= text.len(),
        "{what}: span {span:?} outside a file of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.offset) && text.is_char_boundary(span.end()),
        "{what}: span {span:?} not on character boundaries"
    );
}

fuzz_target!(|data: &[u8]| {
    let (source, bad) = SourceFile::from_bytes("a.profile.json", data.to_vec());
    let (source, _value, diagnostics) = check::lint_profile(settings(), source, bad);
    for d in &diagnostics {
        if let Some(span) = d.span {
            assert_span(&source, span, d.rule);
        }
        for l in &d.labels {
            if l.path.is_none() {
                assert_span(&source, l.span, d.rule);
            }
        }
    }
    for r in source.secrets() {
        assert_span(&source, Span::from_range(r.clone()), "secret");
    }
    assert_eq!(source.redacted_text().len(), source.text.len());
    let mut report = Report::default();
    report.add_source(source);
    report.extend(diagnostics);
    report.finish(settings());
    let _ = render::human::render(&report, Style::plain());
    // The JSON renderer's output must itself be JSON.
    let json = render::json::render(&report);
    assert!(caplint::json::parse(json.trim_end()).is_ok(), "{json}");
});

//! Bytes as `.caplint.yaml`: parse and validate, compile the globs, and
//! render any error the way `caplint` prints it. Nothing may panic, and an
//! error's span must lie inside the file on character boundaries.
#![no_main]

use caplint::check::Report;
use caplint::config::{self, Settings};
use caplint::date::Date;
use caplint::diagnostic::{Diagnostic, Severity};
use caplint::error::Fatal;
use caplint::render::{self, Style};
use caplint::source::SourceFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (source, bad) = SourceFile::from_bytes(".caplint.yaml", data.to_vec());
    if bad.is_some() {
        return;
    }
    match config::parse(&source) {
        Ok(cfg) => {
            let as_of = Date::parse_ymd("2026-10-15").unwrap();
            if let Ok(s) = Settings::new("/nonexistent".into(), cfg, None, as_of) {
                let _ = s.severity("profile/stale", "a/b.profile.json");
                let _ = s.is_excluded("a/b");
            }
        }
        Err(fatal) => {
            let _ = fatal.to_string();
            if let Fatal::Config {
                source: src,
                span,
                message,
                help,
            } = fatal
            {
                if let Some(span) = span {
                    let t = &src.text;
                    assert!(span.end() <= t.len(), "{span:?} outside {} bytes", t.len());
                    assert!(t.is_char_boundary(span.offset) && t.is_char_boundary(span.end()));
                }
                let mut report = Report::default();
                let mut d = Diagnostic::new("profile/invalid-json", src.path.clone(), message);
                d.severity = Severity::Error;
                d.span = span;
                d.help = help;
                report.add_source(*src);
                report.push(d);
                let _ = render::human::render(&report, Style::plain());
            }
        }
    }
});

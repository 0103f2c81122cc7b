//! `--format json`: exactly one object, as SPEC §5 describes.

use crate::diagnostic::Report;
use serde_json::{json, Value};

pub fn render(report: &Report) -> String {
    render_with(report, None)
}

/// [`render`] for a run with `--max-warnings N`: the summary also holds
/// `max_warnings` (N) and `max_warnings_exceeded` (whether the warnings alone
/// fail the run). Both keys are absent without the flag.
pub fn render_with(report: &Report, max_warnings: Option<usize>) -> String {
    let mut v = value(report);
    if let Some(max) = max_warnings {
        v["summary"]["max_warnings"] = json!(max);
        v["summary"]["max_warnings_exceeded"] = json!(report.summary.warnings > max);
    }
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}

pub fn value(report: &Report) -> Value {
    let diagnostics: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| {
            let span = d.span.map(|span| {
                let (line, column) = report.line_col_of(d, span.offset);
                json!({"offset": span.offset, "length": span.length, "line": line, "column": column})
            });
            let mut entry = json!({
                "rule": d.rule,
                "severity": d.severity.as_str(),
                "message": d.message,
                "path": d.path,
                "span": span,
                "help": d.help,
                "commit": d.commit.as_ref().map(|c| json!({"id": c.id, "short_id": c.short_id, "date": c.date, "subject": c.subject})),
            });
            // Additive (SPEC: new keys may be added): only where a fix exists.
            if let Some(fix) = &d.fix {
                let edits: Vec<Value> = fix
                    .edits
                    .iter()
                    .map(|e| json!({"path": e.path, "offset": e.range.start, "length": e.range.len(), "replacement": e.replacement}))
                    .collect();
                let mut f = json!({"message": fix.message, "applicability": fix.applicability.as_str(), "edits": edits});
                if let Some((from, to)) = &fix.rename {
                    f["rename"] = json!({"from": from, "to": to});
                }
                entry["fix"] = f;
            }
            entry
        })
        .collect();
    json!({
        "tool": "caplint",
        "version": env!("CARGO_PKG_VERSION"),
        "diagnostics": diagnostics,
        "summary": {
            "files": report.summary.files,
            "profiles": report.summary.profiles,
            "skills": report.summary.skills,
            "errors": report.summary.errors,
            "warnings": report.summary.warnings,
        },
    })
}

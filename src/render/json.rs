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
    let mut s = String::new();
    write_with(report, max_warnings, &mut |t| s.push_str(t));
    s
}

/// [`render_with`], written piece by piece to `put` (a finding at a time):
/// the same text, without holding it whole.
pub fn write_with(report: &Report, max_warnings: Option<usize>, put: &mut dyn FnMut(&str)) {
    let mut v = document(report, Vec::new());
    if let Some(max) = max_warnings {
        v["summary"]["max_warnings"] = json!(max);
        v["summary"]["max_warnings_exceeded"] = json!(report.summary.warnings > max);
    }
    let entries = report.diagnostics.iter().map(|d| entry(report, d));
    super::pretty_with_items(&v, "diagnostics", entries, put);
    put("\n");
}

pub fn value(report: &Report) -> Value {
    document(
        report,
        report
            .diagnostics
            .iter()
            .map(|d| entry(report, d))
            .collect(),
    )
}

fn document(report: &Report, diagnostics: Vec<Value>) -> Value {
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

/// One finding of `diagnostics`.
fn entry(report: &Report, d: &crate::diagnostic::Diagnostic) -> Value {
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
}

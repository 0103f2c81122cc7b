//! `--format github`: GitHub Actions workflow commands
//! (`::error file=…,line=…::message`), one per finding, then every finding as
//! plain text and a summary line — GitHub turns only the first 10 commands of
//! each kind in a step into annotations, and the plain lines keep the rest
//! readable in the log. [`step_summary`] is the Markdown that goes to
//! `$GITHUB_STEP_SUMMARY`.

use super::location::{message_with_commit, Region};
use crate::diagnostic::Report;
use crate::diagnostic::{Diagnostic, Severity};
use std::fmt::Write as _;

/// Rows of the step summary's table; past this the table says how many more.
const SUMMARY_ROWS: usize = 500;

/// Escapes the message part of a workflow command.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (`file=`, `title=`) of a workflow command.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

fn command(report: &Report, d: &Diagnostic) -> String {
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut props = Vec::new();
    if !d.path.is_empty() {
        props.push(format!("file={}", escape_property(&d.path)));
        if let Some(r) = Region::of_diagnostic(report, d) {
            props.push(format!("line={}", r.start_line));
            props.push(format!("endLine={}", r.end_line));
            // GitHub accepts columns only on single-line annotations.
            if r.start_line == r.end_line {
                props.push(format!("col={}", r.start_column));
                props.push(format!("endColumn={}", r.end_column));
            }
        }
    }
    props.push(format!("title={}", escape_property(d.rule.id)));
    let mut message = message_with_commit(d);
    if let Some(help) = &d.help {
        message.push_str("\n\nhelp: ");
        message.push_str(help);
    }
    format!("::{kind} {}::{}\n", props.join(","), escape_data(&message))
}

/// One finding as a plain line of the log, in the shape of `--format
/// concise` (`path:line:col: severity[rule] message`, `1:1` for a whole
/// file or folder), paths relative to the repository root.
pub fn plain_line(report: &Report, d: &Diagnostic) -> String {
    let path = if d.path.is_empty() {
        ".".to_string()
    } else {
        visible(&d.path)
    };
    let (line, column) = super::human::position(report, d).unwrap_or((1, 1));
    let message = super::human::one_line(&message_with_commit(d));
    format!(
        "{path}:{line}:{column}: {}[{}] {message}\n",
        d.severity.as_str(),
        d.rule
    )
}

/// A path with control characters shown as escapes, so one finding stays
/// on one line.
fn visible(path: &str) -> String {
    path.chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

fn one_line(text: &str) -> String {
    text.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The whole `--format github` output. `summary` adds the closing count line.
pub fn render(report: &Report, summary: bool) -> String {
    let mut out = String::new();
    write(report, summary, &mut |t| out.push_str(t));
    out
}

/// [`render`], a line at a time to `put`.
pub fn write(report: &Report, summary: bool, put: &mut dyn FnMut(&str)) {
    for d in &report.diagnostics {
        put(&command(report, d));
    }
    for d in &report.diagnostics {
        put(&plain_line(report, d));
    }
    if summary {
        put(&format!(
            "caplint: {}\n",
            super::human::summary_line(report)
        ));
    }
}

/// The workflow command that says why a run with warnings only failed:
/// `--max-warnings` (an annotation on the job, not on a file).
pub fn max_warnings_command(text: &str) -> String {
    format!(
        "::error title={}::{}\n",
        escape_property("caplint --max-warnings"),
        escape_data(text)
    )
}

/// Text for a Markdown table cell: no line breaks, no table pipes, and no
/// HTML from the finding itself.
fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in one_line(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '|' => out.push_str("&#124;"),
            '\\' => out.push_str("&#92;"),
            '`' => out.push_str("&#96;"),
            '*' | '_' | '[' | ']' | '#' | '~' | '!' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The Markdown for `$GITHUB_STEP_SUMMARY`: the counts and a table of
/// findings, every value escaped.
pub fn step_summary(report: &Report) -> String {
    let mut out = String::from("### caplint\n\n");
    let s = &report.summary;
    if report.diagnostics.is_empty() {
        let _ = writeln!(
            out,
            "No findings in {} ({} profiles, {} skills).",
            plural(s.files, "file"),
            s.profiles,
            s.skills
        );
        return out;
    }
    let _ = writeln!(
        out,
        "**{}, {}** in {} ({} profiles, {} skills).\n",
        plural(s.errors, "error"),
        plural(s.warnings, "warning"),
        plural(s.files, "file"),
        s.profiles,
        s.skills
    );
    out.push_str("| severity | rule | location | message |\n|---|---|---|---|\n");
    for d in report.diagnostics.iter().take(SUMMARY_ROWS) {
        let path = if d.path.is_empty() { "." } else { &d.path };
        let at = match Region::of_diagnostic(report, d) {
            Some(r) => format!("{path}:{}:{}", r.start_line, r.start_column),
            None => path.to_string(),
        };
        let _ = writeln!(
            out,
            "| {} | <code>{}</code> | <code>{}</code> | {} |",
            d.severity.as_str(),
            cell(d.rule.id),
            cell(&at),
            cell(&message_with_commit(d))
        );
    }
    if report.diagnostics.len() > SUMMARY_ROWS {
        let _ = writeln!(
            out,
            "\n…and {} more; the job log lists every finding.",
            report.diagnostics.len() - SUMMARY_ROWS
        );
    }
    out
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{SourceFile, Span};

    #[test]
    fn escapes_data_and_properties() {
        assert_eq!(escape_data("50% a\r\nb: c,d"), "50%25 a%0D%0Ab: c,d");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    fn report_with(d: Diagnostic) -> Report {
        let mut r = Report::default();
        r.add_source(SourceFile::new("x, y:z.profile.json", "{\n  \"a\": 1\n}\n"));
        r.diagnostics.push(d);
        r.summary.files = 1;
        r
    }

    #[test]
    fn command_has_position_and_escaped_text() {
        let d = Diagnostic::new(
            &crate::rules::profile::unknown_field::RULE,
            "x, y:z.profile.json",
            "100% wrong\nsecond line",
        )
        .at(Span::new(4, 3))
        .help("rename it");
        let out = render(&report_with(d), true);
        let first = out.lines().next().unwrap();
        assert_eq!(
            first,
            "::warning file=x%2C y%3Az.profile.json,line=2,endLine=2,col=3,endColumn=6,title=profile/unknown-field::100%25 wrong%0Asecond line%0A%0Ahelp: rename it"
        );
        // The plain line has the shape of `--format concise`.
        assert!(out.contains(
            "x, y:z.profile.json:2:3: warning[profile/unknown-field] 100% wrong second line\n"
        ));
        assert_eq!(
            plain_line(&report_with(d2()), &d2()),
            format!(
                "{}\n",
                crate::render::concise::line(
                    &report_with(d2()),
                    &d2(),
                    &crate::render::Paths::as_is()
                )
            )
        );
        assert!(out.ends_with("caplint: 0 errors, 0 warnings in 1 file\n"));
    }

    fn d2() -> Diagnostic {
        Diagnostic::new(
            &crate::rules::skill::missing_skill_md::RULE,
            "skills/x",
            "no SKILL.md",
        )
    }

    #[test]
    fn spanless_findings_name_the_file_only() {
        let d = Diagnostic::new(
            &crate::rules::skill::missing_skill_md::RULE,
            "skills/x",
            "no SKILL.md",
        );
        let out = render(&report_with(d), false);
        assert!(
            out.starts_with("::error file=skills/x,title=skill/missing-skill-md::no SKILL.md\n")
        );
        // As in concise output: line 1, column 1 for a whole file or folder.
        assert!(
            out.ends_with("\nskills/x:1:1: error[skill/missing-skill-md] no SKILL.md\n"),
            "{out}"
        );
    }

    #[test]
    fn summary_table_escapes_cells() {
        let d = Diagnostic::new(
            &crate::rules::profile::unknown_field::RULE,
            "a|b.json",
            "<b>x</b> | y\nz",
        );
        let md = step_summary(&report_with(d));
        assert!(md.contains("<code>a&#124;b.json</code>"), "{md}");
        assert!(md.contains("&lt;b&gt;x&lt;/b&gt; &#124; y z"), "{md}");
    }
}

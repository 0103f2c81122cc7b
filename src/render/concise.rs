//! `--format concise`: one line per finding, as compilers print them and as
//! editors read them (Vim's `errorformat`, VS Code problem matchers):
//! `path:line:col: severity[rule] message`. Paths are relative to the working
//! directory; a finding about a whole file or folder is at line 1, column 1.
//! The plain lines of `--format github` have the same shape.

use super::human::one_line;
use super::location::message_with_commit;
use super::Paths;
use crate::diagnostic::Report;
use crate::diagnostic::{Diagnostic, Severity};

/// The line of one finding, without its line break.
pub fn line(report: &Report, d: &Diagnostic, paths: &Paths) -> String {
    line_with(report, d, paths, false)
}

/// `line`, colored as the human output is when `color` is set: the path
/// bold, the severity and rule in the severity's color. The text is the
/// same either way.
pub fn line_with(report: &Report, d: &Diagnostic, paths: &Paths, color: bool) -> String {
    let (line, column) = super::human::position(report, d).unwrap_or((1, 1));
    let path = one_line(&paths.show(&d.path));
    let sev = d.severity.as_str();
    let message = one_line(&message_with_commit(d));
    if !color {
        return format!("{path}:{line}:{column}: {sev}[{}] {message}", d.rule);
    }
    let paint = match d.severity {
        Severity::Error => "\x1b[1;31m",
        Severity::Warning => "\x1b[1;33m",
    };
    format!(
        "\x1b[1m{path}\x1b[0m:{line}:{column}: {paint}{sev}[{}]\x1b[0m {message}",
        d.rule
    )
}

/// Every finding, one per line (no summary: the caller adds it).
pub fn render(report: &Report, paths: &Paths) -> String {
    render_with(report, paths, false)
}

/// [`render`], in color when `color` is set (`--color`).
pub fn render_with(report: &Report, paths: &Paths, color: bool) -> String {
    let mut out = String::new();
    write_with(report, paths, color, &mut |t| out.push_str(t));
    out
}

/// [`render_with`], a line at a time to `put`.
pub fn write_with(report: &Report, paths: &Paths, color: bool, put: &mut dyn FnMut(&str)) {
    for d in &report.diagnostics {
        let mut line = line_with(report, d, paths, color);
        line.push('\n');
        put(&line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{SourceFile, Span};

    fn report() -> Report {
        let mut r = Report::default();
        r.add_source(SourceFile::new(
            "agents/a.profile.json",
            "{\n  \"é\": 1\n}\n",
        ));
        r.diagnostics.push(
            Diagnostic::new(
                &crate::rules::profile::unknown_field::RULE,
                "agents/a.profile.json",
                "key\n\"x\u{1b}[31m\"\r\nunknown",
            )
            .at(Span::new(7, 1)),
        );
        r.diagnostics.push(Diagnostic::new(
            &crate::rules::skill::missing_skill_md::RULE,
            "skills/x",
            "no SKILL.md",
        ));
        r
    }

    #[test]
    fn one_line_per_finding_with_position_in_characters() {
        let out = render(&report(), &Paths::as_is());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            [
                "agents/a.profile.json:2:5: warning[profile/unknown-field] key \"x\\u{1b}[31m\" unknown",
                "skills/x:1:1: error[skill/missing-skill-md] no SKILL.md",
            ]
        );
    }

    #[test]
    fn color_paints_the_same_text() {
        let plain = render(&report(), &Paths::as_is());
        let colored = render_with(&report(), &Paths::as_is(), true);
        assert!(
            colored.contains("\x1b[1;33mwarning[profile/unknown-field]\x1b[0m"),
            "{colored:?}"
        );
        assert!(
            colored.contains("\x1b[1;31merror[skill/missing-skill-md]\x1b[0m"),
            "{colored:?}"
        );
        let stripped = regex::Regex::new("\x1b\\[[0-9;]*m")
            .unwrap()
            .replace_all(&colored, "");
        assert_eq!(stripped, plain);
    }

    #[test]
    fn paths_are_relative_to_the_working_directory() {
        let inside = Paths::relative_to(
            std::path::Path::new("/r/repo"),
            std::path::Path::new("/r/repo/agents"),
        );
        let out = render(&report(), &inside);
        assert!(out.starts_with("a.profile.json:2:5: "), "{out}");
        assert!(out.contains("\n../skills/x:1:1: "), "{out}");
        let outside =
            Paths::relative_to(std::path::Path::new("/r/repo"), std::path::Path::new("/r"));
        assert!(render(&report(), &outside).starts_with("repo/agents/a.profile.json:2:5: "));
        assert_eq!(inside.show(""), "..");
        assert_eq!(outside.show(""), "repo");
    }
}

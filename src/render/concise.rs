//! `--format concise`: one line per finding, as compilers print them and as
//! editors read them (Vim's `errorformat`, VS Code problem matchers):
//! `path:line:col: severity[rule] message`. Paths are relative to the working
//! directory; a finding about a whole file or folder is at line 1, column 1.

use super::human::one_line;
use super::location::message_with_commit;
use super::Paths;
use crate::diagnostic::Diagnostic;
use crate::diagnostic::Report;

/// The line of one finding, without its line break.
pub fn line(report: &Report, d: &Diagnostic, paths: &Paths) -> String {
    let (line, column) = super::human::position(report, d).unwrap_or((1, 1));
    format!(
        "{}:{line}:{column}: {}[{}] {}",
        one_line(&paths.show(&d.path)),
        d.severity.as_str(),
        d.rule,
        one_line(&message_with_commit(d))
    )
}

/// Every finding, one per line (no summary: the caller adds it).
pub fn render(report: &Report, paths: &Paths) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        out.push_str(&line(report, d, paths));
        out.push('\n');
    }
    out
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

//! The lint engine: discover → load → file rules → repository rules →
//! history rules → severities from settings → secrets scrubbed → sorted.
//! [`run`] is the one pipeline of `caplint check` ([`pipeline`]), for every
//! mode; nothing in the library imports this module (the commands do).

mod assemble;
pub mod cache;
pub mod candidates;
pub mod decisions;
mod index_side;
pub mod pipeline;
pub mod plugins;
pub mod profile;
mod reviews;
pub mod skills;
mod units;

pub use assemble::{Run, Scratch};
pub use pipeline::run;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Date;
    use crate::diagnostic::Report;
    use crate::settings::HistoryMode;
    use crate::settings::{CheckOptions, Settings};

    const OK: &str = r#"{"agent_id": "AGENT", "version": "1", "declared_at": "2026-10-01",
      "skills": [{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "r1"}]}],
      "tools": [], "limits": ["x"]}"#;

    fn run_on(files: &[(&str, String)]) -> Report {
        let tmp = tempfile::tempdir().unwrap();
        for (rel, text) in files {
            let path = tmp.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let settings = Settings::defaults(tmp.path(), Date::parse_ymd("2026-10-15").unwrap());
        let options = CheckOptions {
            paths: Vec::new(),
            history: HistoryMode::Off,
            cache: false,
        };
        run(&settings, &options, &crate::history::ci::Env::default())
            .unwrap()
            .report
    }

    /// A run keeps the texts of the files its findings point into, and
    /// counts every file it linted.
    #[test]
    fn a_run_keeps_the_texts_of_files_with_findings_only() {
        let report = run_on(&[
            ("a.profile.json", OK.replace("AGENT", "a")),
            ("b.profile.json", OK.replace("AGENT", "b")),
            (
                "c.profile.json",
                OK.replace("AGENT", "c").replace("basic", "expert"),
            ),
            (
                "skills/demo/SKILL.md",
                "---\nname: demo\ndescription: Demonstrates. Use when testing.\n---\n# Demo\n"
                    .into(),
            ),
        ]);
        assert_eq!(report.summary.files, 4);
        assert_eq!(report.linted.len(), 4);
        let kept: Vec<&String> = report.sources.keys().collect();
        assert_eq!(kept, ["c.profile.json"]);
        assert_eq!(report.diagnostics.len(), 1);
    }

    /// A finding on a clean file about another clean file (a duplicate
    /// `agent_id`) has both texts read again for its labels.
    #[test]
    fn the_texts_a_repository_finding_points_into_are_read_again() {
        let report = run_on(&[
            ("a.profile.json", OK.replace("AGENT", "same")),
            ("b.profile.json", OK.replace("AGENT", "same")),
            ("c.profile.json", OK.replace("AGENT", "c")),
        ]);
        assert_eq!(report.summary.files, 3);
        let kept: Vec<&String> = report.sources.keys().collect();
        assert_eq!(kept, ["a.profile.json", "b.profile.json"]);
        assert!(report
            .diagnostics
            .iter()
            .all(|d| d.rule == &crate::rules::profile::duplicate_agent_id::RULE));
        let human = crate::render::human::plain(report.sources.into_values(), report.diagnostics);
        assert!(human.contains("\"same\""), "{human}");
    }
}

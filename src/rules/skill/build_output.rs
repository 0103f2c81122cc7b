//! `skill/build-output`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::rules::skill::context::{Skill, SkillRule};

declare_rule! {
    /// the skill folder holds build output or installed dependencies (`target/`, `node_modules/`, `__pycache__/`, a virtualenv)
    ///
    /// ## What it does
    /// Warns, for every target, when a skill folder holds a folder that a build or a package manager makes: `node_modules/`, `__pycache__/`, `.pytest_cache/`, `.mypy_cache/`, `.ruff_cache/`, Cargo's `target/` (known by its `CACHEDIR.TAG` or `.rustc_info.json`) and a Python virtualenv (a folder with `pyvenv.cfg`). A folder named `target` or `venv` without those marks is the author's own and is not reported. One finding per skill lists them all; it is always a warning.
    ///
    /// Severity: always a warning; the skill still loads, it only carries what it does not need.
    ///
    /// ## Why
    /// A skill is installed, zipped for upload or copied as its folder, and build output goes with it: one reported skill folder came to 31.7 MB, 288 of its files Cargo's build output under `target/`. The copy is slow, the upload (target `claude-api`, `skill/folder-too-large`) is refused, and the binaries are built for one machine.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/pdf/scripts/__pycache__/fill.cpython-312.pyc
    /// ```
    /// Good:
    /// ```text
    /// skills/pdf/scripts/fill.py
    /// ```
    ///
    /// ## Fix
    /// Build outside the skill folder (Cargo's `--target-dir`, `PYTHONDONTWRITEBYTECODE=1`) or delete the output before packaging, and list it in `.gitignore`.
    pub static RULE = "skill/build-output", Warning;
}

/// Folders that only builds, caches and package managers make, by name.
const GENERATED: &[(&str, &str)] = &[
    ("node_modules", "npm's installed packages"),
    ("__pycache__", "Python's bytecode cache"),
    (".pytest_cache", "pytest's cache"),
    (".mypy_cache", "mypy's cache"),
    (".ruff_cache", "ruff's cache"),
];

/// Folders whose name an author may choose too: reported only with the
/// file the tool leaves in them.
const MARKED: &[(&str, &[&str], &str)] = &[
    ("target", &["CACHEDIR.TAG", ".rustc_info.json"], "Cargo's build output"),
    (".venv", &["pyvenv.cfg"], "a Python virtualenv"),
    ("venv", &["pyvenv.cfg"], "a Python virtualenv"),
    ("env", &["pyvenv.cfg"], "a Python virtualenv"),
];

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let folder = cx.folder;
        let mut dirs: Vec<&str> = folder
            .dirs
            .iter()
            .chain(folder.unlisted.iter())
            .map(String::as_str)
            .collect();
        dirs.sort_unstable();
        dirs.dedup();
        let mut found: Vec<(&str, &str)> = Vec::new();
        for dir in dirs {
            // Inside one already found: its output is counted there.
            if found.iter().any(|(f, _)| dir.starts_with(&format!("{f}/"))) {
                continue;
            }
            let name = dir.rsplit('/').next().unwrap_or(dir);
            let what = GENERATED
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, what)| *what)
                .or_else(|| {
                    MARKED
                        .iter()
                        .find(|(n, marks, _)| {
                            *n == name
                                && marks.iter().any(|m| {
                                    folder.exists_in_repository(&folder.repo_path(&format!("{dir}/{m}")))
                                })
                        })
                        .map(|(_, _, what)| *what)
                });
            if let Some(what) = what {
                found.push((dir, what));
            }
        }
        if found.is_empty() {
            return;
        }
        let listed: Vec<String> = found
            .iter()
            .map(|(dir, what)| format!("`{dir}/` ({what})"))
            .collect();
        out.push(
            Diagnostic::new(
                &RULE,
                cx.path(),
                format!("the skill folder holds build output: {}", listed.join(", ")),
            )
            .help("build outside the skill folder, or delete the output before the skill is packaged, and list it in `.gitignore`: a skill is installed, zipped and copied as its whole folder"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    const MD: &str = "---\nname: pdf\ndescription: Use when a PDF form must be filled.\n---\nRun scripts/fill.py.\n";

    #[test]
    fn build_and_dependency_folders_are_reported_once_per_skill() {
        let (_, d) = lint_repo(
            &[
                ("skills/pdf/SKILL.md", MD),
                ("skills/pdf/scripts/fill.py", "print(1)\n"),
                ("skills/pdf/scripts/__pycache__/fill.cpython-312.pyc", "x"),
                ("skills/pdf/target/CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"),
                ("skills/pdf/target/debug/build/x.o", "x"),
                ("skills/pdf/node_modules/left-pad/index.js", "x"),
                ("skills/pdf/node_modules/left-pad/node_modules/x/index.js", "x"),
                ("skills/pdf/.venv/pyvenv.cfg", "home = /usr/bin\n"),
                ("skills/pdf/.venv/lib/__pycache__/a.pyc", "x"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/pdf/SKILL.md");
        assert_eq!(d[0].severity, crate::diagnostic::Severity::Warning);
        assert_eq!(
            d[0].message,
            "the skill folder holds build output: `.venv/` (a Python virtualenv), `node_modules/` (npm's installed packages), `scripts/__pycache__/` (Python's bytecode cache), `target/` (Cargo's build output)"
        );
    }

    #[test]
    fn folders_the_author_named_pass() {
        // `target/` and `venv/` without the tools' marks are the author's.
        let (_, d) = lint_repo(
            &[
                ("skills/pdf/SKILL.md", "---\nname: pdf\ndescription: Use when a PDF form must be filled.\n---\nSee target/forms.md and venv/notes.md.\n"),
                ("skills/pdf/target/forms.md", "# Forms\n"),
                ("skills/pdf/venv/notes.md", "# Notes\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn message_snapshot() {
        let (sources, d) = lint_repo(
            &[
                ("skills/pdf/SKILL.md", MD),
                ("skills/pdf/scripts/fill.py", "print(1)\n"),
                ("skills/pdf/target/.rustc_info.json", "{}\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        insta::assert_snapshot!(human(sources, d));
    }
}

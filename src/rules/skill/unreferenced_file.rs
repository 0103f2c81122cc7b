//! `skill/unreferenced-file`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::rules::skill::context::{Skill, SkillRule};

declare_rule! {
    /// a file in the skill folder is never named by `SKILL.md` or a file it references
    ///
    /// ## What it does
    /// Warns about each file of the skill folder that neither `SKILL.md` nor a file it references names. Any mention counts: links, prose, fenced code, frontmatter values, a folder (`themes/`), a glob or `{placeholder}` path, a trailing part of a path, and Python imports. `__init__.py` comes with its package.
    ///
    /// Also counted: a path after a placeholder (`{baseDir}/x`), JavaScript modules named without their extension (`require('./util')`), `@./skills/x/y.md` in the `AGENTS.md`, `CLAUDE.md` or `GEMINI.md` of the repository root or the plugin root, and back-ticked stems (`async-parallel`) of files in a folder the same text names.
    ///
    /// Exempt: licence, notice and change-log files, READMEs, client metadata (`agents/openai.yaml` and the files it names, `metadata.json`), dependency manifests and lock files (`pyproject.toml`, `uv.lock`, `requirements.txt`, `package.json`, `Cargo.toml`, `go.mod`, …), hidden files and `__pycache__`. Files in nested skills belong to those skills.
    ///
    /// Severity: always a warning. Exempt besides: tests (`tests/`, `test_*.py`, `*.test.ts`), logos and icons, agent instruction files (`CLAUDE.md`, `AGENTS.md`) and change logs under other names (`HISTORY.md`, `RELEASE_NOTES.md`, `NEWS`).
    ///
    /// ## Why
    /// Resources are loaded only when the body points at them; an unreferenced file is dead weight or a forgotten instruction.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/x/notes.md (never mentioned)
    /// ```
    /// Good:
    /// ```text
    /// SKILL.md: "For edge cases read `notes.md`."
    /// ```
    ///
    /// ## Fix
    /// Reference the file from the body or remove it.
    pub static RULE = "skill/unreferenced-file", Warning;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        // Client metadata and the icons it names are read by Codex, not by
        // the agent: they need no reference from SKILL.md.
        let by_client: Vec<String> = cx
            .codex
            .map(|meta| {
                meta.referenced
                    .iter()
                    .map(|r| cx.folder.repo_path(r))
                    .collect()
            })
            .unwrap_or_default();
        for path in &cx.references.unreferenced {
            if by_client.contains(path) {
                continue;
            }
            out.push(
                Diagnostic::new(
                    &RULE,
                    path.clone(),
                    "no reference from SKILL.md, or from a file it references, names this file",
                )
                .help("name it where the agent should read or run it, or remove it: resources are loaded only when something points at them, and files for the skill's maintainers (tests, evaluations) belong outside the skill folder"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;
    use std::fs;

    const FM: &str = "---\nname: demo\ndescription: x\n---\n";

    #[test]
    fn fenced_code_never_breaks_but_covers() {
        let r = run_files(&[
            (
                "SKILL.md",
                &format!("{FM}```bash\npython scripts/fill.py out/missing.pdf\ncat ../x.md\n```\n"),
            ),
            ("scripts/fill.py", "from helpers.util import go\n"),
            ("scripts/helpers/util.py", "x = 1\n"),
            ("scripts/helpers/__init__.py", ""),
            ("notes.md", "unreferenced\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                unreferenced_file::RULE.id,
                "skills/demo/notes.md".into(),
                String::new()
            )]
        );
    }

    #[test]
    fn globs_and_placeholders_cover() {
        let r = run_files(&[
            (
                "SKILL.md",
                &format!("{FM}Read `{{lang}}/README.md` and `shared/agents-*.md`.\n"),
            ),
            ("python/README.md", "x\n"),
            ("go/README.md", "x\n"),
            ("shared/agents-core.md", "x\n"),
            ("shared/other.md", "x\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                unreferenced_file::RULE.id,
                "skills/demo/shared/other.md".into(),
                String::new()
            )]
        );
    }

    #[test]
    fn binary_files_are_listed_not_scanned() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        fs::create_dir_all(d.join("assets")).unwrap();
        fs::write(
            d.join("SKILL.md"),
            format!("{FM}Logo: ![logo](assets/logo.png)\n"),
        )
        .unwrap();
        fs::write(d.join("assets/logo.png"), b"\x89PNG\0\0[x](missing.md)").unwrap();
        fs::write(d.join("assets/latin1.txt"), b"caf\xe9").unwrap();
        let s = settings_at(root);
        let folder = crate::model::skill::folder::walk(&s, "skills/demo", None, crate::load::read_sized);
        assert_eq!(folder.texts.len(), 0);
        assert_eq!(
            run_at(root),
            vec![(
                unreferenced_file::RULE.id,
                "skills/demo/assets/latin1.txt".into(),
                String::new()
            )]
        );
    }

    #[cfg(unix)]
    #[test]
    fn fifos_are_never_opened() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("SKILL.md"), format!("{FM}Read `notes.md`.\n")).unwrap();
        mkfifo(&d.join("pipe.md"));
        std::os::unix::fs::symlink(d.join("pipe.md"), d.join("notes.md")).unwrap();
        let folder = crate::model::skill::folder::walk(&settings_at(root), "skills/demo", None, crate::load::read_sized);
        assert!(folder.files.is_empty(), "{:?}", folder.files);
        assert!(run_at(root).is_empty());
    }

    #[test]
    fn nested_skills_are_not_part_of_the_folder() {
        let r = run_files(&[
            ("SKILL.md", &format!("{FM}Body.\n")),
            ("inner/SKILL.md", "---\nname: inner\ndescription: x\n---\n"),
            ("inner/notes.md", "x\n"),
        ]);
        assert_eq!(r, vec![]);
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/refund-policy/notes.md", "# Notes\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/notes.md");
        assert_eq!(d[0].message, "no reference from SKILL.md, or from a file it references, names this file");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\nRead [the notes](notes.md).\n"),
                ("skills/refund-policy/notes.md", "# Notes\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

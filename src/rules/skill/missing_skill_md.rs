//! `skill/missing-skill-md`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::discover::{join_rel, parent_of, SKILL_MD};
use crate::rules::skill::context::{Dir, SkillRule};

declare_rule! {
    /// a folder under a skills root (`skill_roots`) has no `SKILL.md`
    ///
    /// ## What it does
    /// Every folder directly inside a skills root (`skill_roots`, default `**/skills`) must hold a `SKILL.md`. Hidden folders are not checked. Under the default, a `skills` folder of a documentation tree (below `docs/`, `doc/`, `documentation/`, `website/` or `site/`) in which no folder holds a `SKILL.md` is a section of pages about skills, not a skills root. A folder that only groups skills gets a hint to list it in `skill_roots` instead.
    ///
    /// Severity: an error in a skills root that holds skills, or one set in `skill_roots`; a warning for a folder of Markdown in a `skills` folder where no folder is a skill.
    ///
    /// Not reported: a folder that groups skills (category folders) under the default roots, a helper folder whose name starts with `_` or `.` (`_shared`), skill-creator's eval workspace beside a skill (`pdf-workspace` next to `pdf`), a folder of what the skills share (`docs`, `references`, `templates`, `examples`, `tools`, `shared`, `common`, `lib`, `resources`, `scripts`, `assets`), and a folder without Markdown in a `skills` folder with no skill.
    ///
    /// ## Why
    /// Clients discover skills by their `SKILL.md`; a folder without one is silently skipped, and whatever it was meant to teach never reaches an agent.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refund-policy/README.md
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md
    /// ```
    ///
    /// ## Fix
    /// Add a `SKILL.md` with `name` and `description` frontmatter, or move the folder out of the skills root.
    pub static RULE = "skill/missing-skill-md", Error;
}

/// The rule's check: runs on each folder that is or must be a skill.
pub struct Check;

impl SkillRule for Check {
    fn folder(&self, cx: &Dir<'_>, out: &mut Vec<Diagnostic>) {
        let dir = cx.dir;
        // A misnamed `SKILL.md` is `skill/misnamed-skill-md` instead.
        if dir.skill_md.is_some() || !dir.in_root || !cx.misnamed.is_empty() {
            return;
        }
        let root = parent_of(&dir.dir);
        let name = dir.dir.rsplit('/').next().unwrap_or(&dir.dir);
        // A helper folder (`skills/_lib`, `skills/_shared`) holds what the
        // skills share, and no client loads it as a skill.
        if name.starts_with('_') || name.starts_with('.') || crate::model::skill::install::SHARED_FOLDERS.contains(&name) {
            return;
        }
        // skill-creator's eval workspace of a sibling skill
        // (`pdf-workspace/iteration-1/…` beside `pdf/`): its outputs.
        if let Some(skill) = name.strip_suffix("-workspace") {
            let sibling = crate::discover::join_rel(&root, skill);
            if cx.inventory.skills.iter().any(|s| s.dir == sibling && s.skill_md.is_some()) {
                return;
            }
        }
        let default_roots = cx.settings.config.skill_roots == ["**/skills"];
        let has_skill_under = |prefix: &str| {
            let prefix = format!("{prefix}/");
            cx.inventory
                .skills
                .iter()
                .any(|s| s.skill_md.is_some() && s.dir.starts_with(&prefix))
        };
        let groups = has_skill_under(&dir.dir);
        // A category folder (`skills/engineering/<skill>/SKILL.md`) of a
        // collection: under the default roots it groups skills, and only
        // `skill_roots` set by hand says each folder must be a skill.
        if groups && default_roots {
            return;
        }
        let link = cx.settings.open_path(&join_rel(&dir.dir, SKILL_MD));
        let entry = link.symlink_metadata().ok();
        let dangling = entry.as_ref().is_some_and(|m| m.is_symlink());
        // Something is named `SKILL.md` there (a link to nothing, a FIFO):
        // the folder is meant as a skill for certain.
        let named = entry.is_some();
        // A folder named `skills` in which no folder is a skill is not
        // certain to be a skills root (a web app's `src/pages/skills/`, pages
        // of a documentation site): a folder of Markdown there is a warning,
        // any other folder none of the skills' business.
        let mut severity = None;
        if default_roots && !named && !has_skill_under(&root) {
            if is_docs_section(cx, &root) || !holds_markdown(cx, &dir.dir) {
                return;
            }
            severity = Some(crate::diagnostic::Severity::Warning);
        }
        let help = if groups {
            format!(
                "this folder groups skills; list `{}/*` in `skill_roots` in .caplint.yaml so that each folder inside it is checked as a skill instead",
                dir.dir
            )
        } else if dangling {
            format!("the `{SKILL_MD}` here is a symlink to a file that does not exist: point it at the skill's file, or remove the folder")
        } else {
            format!(
                "add a `{SKILL_MD}` with `name` and `description` frontmatter, or move the folder out of the skills root `{root}`"
            )
        };
        let message = if dangling {
            format!("this folder is in the skills root `{root}`, and its `{SKILL_MD}` is a symlink to nothing")
        } else {
            format!("this folder is in the skills root `{root}` but has no `{SKILL_MD}`")
        };
        let mut d = Diagnostic::new(&RULE, dir.dir.clone(), message).help(help);
        if let Some(severity) = severity {
            d = d.with_severity(severity);
        }
        out.push(d);
    }
}

/// Whether the folder holds a Markdown file at its top.
fn holds_markdown(cx: &Dir<'_>, dir: &str) -> bool {
    use crate::model::skill::paths::is_markdown;
    match cx.inventory.listing.folder(dir) {
        Some((entries, _)) => entries
            .iter()
            .any(|(rel, _)| !rel.contains('/') && is_markdown(rel)),
        None => std::fs::read_dir(cx.settings.open_path(dir)).is_ok_and(|it| {
            it.flatten()
                .any(|e| is_markdown(&e.file_name().to_string_lossy()))
        }),
    }
}

/// Whether `root`, matched by the default `skill_roots`, is a section of a
/// documentation tree (`docs/skills/`) rather than a skills root: below a
/// documentation folder, and no folder in it holds a `SKILL.md`.
fn is_docs_section(cx: &Dir<'_>, root: &str) -> bool {
    const DOCS: &[&str] = &["docs", "doc", "documentation", "website", "site"];
    root.split('/')
        .rev()
        .skip(1)
        .any(|c| DOCS.contains(&c.to_ascii_lowercase().as_str()))
        && cx.settings.config.skill_roots == ["**/skills"]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/notes/README.md", "Notes.\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/notes");
        assert_eq!(d[0].message, "this folder is in the skills root `skills` but has no `SKILL.md`");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn a_documentation_section_is_no_skills_root() {
        // Pages about skills in a documentation site.
        let (_, d) = lint_repo(
            &[
                ("docs/skills/finance/index.md", "# Finance skills\n"),
                ("docs/skills/finance/budgeting.md", "# Budgeting\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
        // Once one folder in it is a skill, the others must be too.
        let (_, d) = lint_repo(
            &[
                ("docs/skills/finance/index.md", "# Finance skills\n"),
                ("docs/skills/budgeting/SKILL.md", "---\nname: budgeting\ndescription: Use when planning a budget.\n---\n# Budgets\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "docs/skills/finance");
        // A skills root outside documentation where no folder is a skill:
        // a folder of Markdown is a warning.
        let (_, d) = lint_repo(&[("skills/finance/index.md", "# Finance\n")], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, crate::diagnostic::Severity::Warning);
    }

    const SKILL: &str = "---\nname: x\ndescription: Use when x.\n---\n# X\n";

    #[test]
    fn category_folders_group_skills() {
        // `skills/engineering/<skill>/SKILL.md`: a collection by category.
        let (_, d) = lint_repo(
            &[
                ("skills/engineering/code-review/SKILL.md", SKILL),
                ("skills/engineering/debugging/SKILL.md", SKILL),
                ("skills/marketing/seo/SKILL.md", SKILL),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn helper_folders_are_no_skills() {
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/_lib/common.py", "x = 1\n"),
                ("skills/_shared/style.md", "# Style\n"),
                // A pack's shared folders beside its skills.
                ("skills/docs/contract.md", "# Contract\n"),
                ("skills/references/style.md", "# Style\n"),
                ("skills/templates/report.md", "# Report\n"),
                // skill-creator's eval workspace beside the skill it tests.
                ("skills/refund-policy-workspace/iteration-1/benchmark.json", "{}\n"),
                ("skills/refund-policy-workspace/notes.md", "# Run\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn a_skills_folder_of_an_app_is_no_skills_root() {
        // A web app's pages about skills: no folder is a skill, no Markdown.
        let (_, d) = lint_repo(
            &[
                ("src/pages/skills/[slug]/index.astro", "---\n---\n<p/>\n"),
                ("dashboard/src/skills/__tests__/app.test.tsx", "test()\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

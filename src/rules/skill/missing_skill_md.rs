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
    /// Severity: an error where the folder is certainly meant as a skill: a root set by hand in `skill_roots`, something named `SKILL.md` there (a symlink to nothing), or the one Markdown file at its top opening like a skill (`README.md` with `name` and `description`), which no client reads. Under the default roots any other folder is a warning: it may hold what the skills share (`ops-common/scripts/`) or another tool's files (a folder of prompts, each with a `name`).
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
        let markdown = top_markdown(cx, &dir.dir);
        // The one Markdown file here that opens like a skill (`README.md`
        // with `name` and `description`): the skill's file under another
        // name. Several are a folder of another tool's prompts.
        let mut openers = markdown
            .iter()
            .filter(|_| !named)
            .filter(|rel| crate::rules::skill::context::opens_as_skill(cx.settings, rel));
        let skill_file = match (openers.next(), openers.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        };
        // A folder named `skills` in which no folder is a skill is not
        // certain to be a skills root (a web app's `src/pages/skills/`, pages
        // of a documentation site): a folder of Markdown there is a warning,
        // any other folder none of the skills' business.
        if default_roots
            && !named
            && !has_skill_under(&root)
            && (is_docs_section(cx, &root) || (skill_file.is_none() && markdown.is_empty()))
        {
            return;
        }
        // Under the default roots a folder without a skill's file is only
        // probably meant as a skill (a folder of the skills' shared scripts,
        // another tool's `skills/` folder): a warning. Something named
        // `SKILL.md` there, a skill's file under another name, or a root set
        // by hand make it certain.
        let certain = named || skill_file.is_some() || !default_roots;
        let severity = (!certain).then_some(crate::diagnostic::Severity::Warning);
        let help = if let Some(file) = skill_file {
            let file = file.rsplit('/').next().unwrap_or(file);
            format!("`{file}` here opens like a skill: rename it to `{SKILL_MD}`, since clients read only that name")
        } else if groups {
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

/// The Markdown files at the folder's top, as repository paths.
fn top_markdown(cx: &Dir<'_>, dir: &str) -> Vec<String> {
    use crate::model::skill::paths::is_markdown;
    match cx.inventory.listing.folder(dir) {
        Some((entries, _)) => entries
            .iter()
            .filter(|(rel, _)| !rel.contains('/') && is_markdown(rel))
            .map(|(rel, _)| join_rel(dir, rel))
            .collect(),
        None => std::fs::read_dir(cx.settings.open_path(dir))
            .map(|it| {
                it.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|name| is_markdown(name))
                    .map(|name| join_rel(dir, &name))
                    .collect()
            })
            .unwrap_or_default(),
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
        // Under the default roots the folder is only probably a skill.
        assert_eq!(d[0].severity, crate::diagnostic::Severity::Warning);
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
        assert_eq!(d[0].severity, crate::diagnostic::Severity::Warning);
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

    #[test]
    fn errors_only_where_the_folder_is_certainly_a_skill() {
        use crate::diagnostic::Severity;
        // A skill's file under another name: the client never finds it.
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/tts/README.md", "---\nname: tts\ndescription: Use when speaking.\n---\n# TTS\n"),
                // Scripts the sibling skills share, and another tool's files.
                ("skills/ops-common/scripts/run.sh", "echo\n"),
                ("skills/capabilities/skill.yaml", "id: x\n"),
                ("skills/capabilities/overview.md", "# Capabilities\n"),
                // Another tool's prompts, each with a name of its own.
                ("skills/prompts/director.md", "---\nname: director\ndescription: Directs.\n---\n"),
                ("skills/prompts/critic.md", "---\nname: critic\ndescription: Critiques.\n---\n"),
            ],
            &[],
            &RULE,
        );
        let got: Vec<_> = d.iter().map(|d| (d.path.as_str(), d.severity)).collect();
        assert_eq!(
            got,
            [
                ("skills/capabilities", Severity::Warning),
                ("skills/ops-common", Severity::Warning),
                ("skills/prompts", Severity::Warning),
                ("skills/tts", Severity::Error)
            ],
            "{d:?}"
        );
        assert!(d[3].help.as_deref().unwrap_or("").contains("`README.md` here opens like a skill"), "{d:?}");
    }
}

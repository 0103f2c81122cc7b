//! `skill/missing-skill-md`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::discover::{parent_of, SKILL_MD};
use crate::rules::skill::context::{Dir, SkillRule};

declare_rule! {
    /// a folder under a skills root (`skill_roots`) has no `SKILL.md`
    ///
    /// ## What it does
    /// Every folder directly inside a skills root (`skill_roots`, default `**/skills`) must hold a `SKILL.md`. Hidden folders are not checked. Under the default, a `skills` folder of a documentation tree (below `docs/`, `doc/`, `documentation/`, `website/` or `site/`) in which no folder holds a `SKILL.md` is a section of pages about skills, not a skills root. A folder that only groups skills gets a hint to list it in `skill_roots` instead.
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
        if is_docs_section(cx, &root) {
            return;
        }
        let prefix = format!("{}/", dir.dir);
        let groups = cx
            .inventory
            .skills
            .iter()
            .any(|s| s.skill_md.is_some() && s.dir.starts_with(&prefix));
        let help = if groups {
            format!(
                "this folder groups skills; list `{}/*` in `skill_roots` in .caplint.yaml so that each folder inside it is checked as a skill instead",
                dir.dir
            )
        } else {
            format!(
                "add a `{SKILL_MD}` with `name` and `description` frontmatter, or move the folder out of the skills root `{root}`"
            )
        };
        out.push(
            Diagnostic::new(
                &RULE,
                dir.dir.clone(),
                format!("this folder is in the skills root `{root}` but has no `{SKILL_MD}`"),
            )
            .help(help),
        );
    }
}

/// Whether `root`, matched by the default `skill_roots`, is a section of a
/// documentation tree (`docs/skills/`) rather than a skills root: below a
/// documentation folder, and no folder in it holds a `SKILL.md`.
fn is_docs_section(cx: &Dir<'_>, root: &str) -> bool {
    const DOCS: &[&str] = &["docs", "doc", "documentation", "website", "site"];
    if cx.settings.config.skill_roots != ["**/skills"] {
        return false;
    }
    let in_docs = root
        .split('/')
        .rev()
        .skip(1)
        .any(|c| DOCS.contains(&c.to_ascii_lowercase().as_str()));
    let prefix = format!("{root}/");
    in_docs
        && !cx
            .inventory
            .skills
            .iter()
            .any(|s| s.skill_md.is_some() && s.dir.starts_with(&prefix))
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
        // A skills root outside documentation is checked as before.
        let (_, d) = lint_repo(&[("skills/finance/index.md", "# Finance\n")], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
    }
}

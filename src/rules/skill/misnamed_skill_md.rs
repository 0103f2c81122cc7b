//! `skill/misnamed-skill-md`.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::rules::skill::context::{Dir, SkillRule};

declare_rule! {
    /// the file is `skill.md`, `Skill.md`, …
    ///
    /// ## What it does
    /// Reports a file named `SKILL.md` in another casing (`skill.md`, `Skill.md`) when it is meant as one: in a skills root, next to a real `SKILL.md`, or starting with a `---` frontmatter that has `name` or `description`. A page about skills elsewhere (`docs/skill.md`, or a generated page with frontmatter of its own such as `concept: skill`) is left alone.
    ///
    /// Severity: always an error; clients look for `SKILL.md` exactly.
    ///
    /// ## Why
    /// Clients look for the exact name `SKILL.md`; on case-sensitive file systems `skill.md` is never found.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refund-policy/skill.md
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md
    /// ```
    ///
    /// ## Fix
    /// Rename the file to `SKILL.md`.
    pub static RULE = "skill/misnamed-skill-md", Error,
        fixable: Safe, "renames the file to `SKILL.md` when no `SKILL.md` exists next to it.";
}

/// The rule's check: runs on each folder that is or must be a skill.
pub struct Check;

impl SkillRule for Check {
    fn folder(&self, cx: &Dir<'_>, out: &mut Vec<Diagnostic>) {
        let dir = cx.dir;
        for &rel in &cx.misnamed {
            let name = rel.rsplit('/').next().unwrap_or(rel);
            let message = if dir.skill_md.is_some() {
                format!("`{name}` is another casing of `SKILL.md`; clients read only `SKILL.md`, so this file is ignored")
            } else {
                format!("the skill file is named `{name}`; clients look for exactly `SKILL.md`")
            };
            let help = if dir.skill_md.is_some() {
                "merge it into SKILL.md and delete it"
            } else {
                "rename it to `SKILL.md`: on case-sensitive file systems (Linux, zip archives) any other casing is never found"
            };
            let mut d = Diagnostic::new(&RULE, rel, message).help(help);
            if dir.skill_md.is_none() {
                let to = match rel.rsplit_once('/') {
                    Some((folder, _)) => format!("{folder}/SKILL.md"),
                    None => "SKILL.md".to_string(),
                };
                d = d.with_fix(Fix {
                    message: format!("rename `{name}` to `SKILL.md`"),
                    applicability: Applicability::Safe,
                    edits: Vec::new(),
                    rename: Some((rel.to_string(), to)),
                });
            }
            out.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/skill.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/skill.md");
        assert_eq!(d[0].message, "the skill file is named `skill.md`; clients look for exactly `SKILL.md`");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
        // A generated page with frontmatter of its own, outside any root.
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
                (".wiki/wiki/skill.md", "---\nconcept: skill\nsource: plugin-code\n---\n# Skill\n"),
                ("notes/pdf/skill.md", "---\nname: pdf\ndescription: Use for PDFs.\n---\n# PDF\n"),
            ],
            &[],
            &RULE,
        );
        let paths: Vec<&str> = d.iter().map(|d| d.path.as_str()).collect();
        assert_eq!(paths, ["notes/pdf/skill.md"], "{d:?}");
    }
}

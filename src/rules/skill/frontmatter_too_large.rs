//! `skill/frontmatter-too-large`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::parsed::{Problem, MAX_FRONTMATTER_BYTES};
use crate::rules::skill::context::{Skill, SkillRule};

declare_rule! {
    /// frontmatter over 256 KiB
    ///
    /// ## What it does
    /// Refuses frontmatter larger than 256 KiB before parsing it.
    ///
    /// Severity: always an error; the file is not read.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// Clients reject oversized frontmatter to avoid memory exhaustion; metadata that large belongs in the body or a resource file.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// ---
    /// name: x
    /// description: (300 KB of text)
    /// ---
    /// ```
    /// Good:
    /// ```markdown
    /// ---
    /// name: x
    /// description: One line that says when to use the skill.
    /// ---
    /// ```
    ///
    /// ## Fix
    /// Move the bulk into the body or a referenced file.
    pub static RULE = "skill/frontmatter-too-large", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some(Problem::TooLarge { open, bytes }) = &cx.parsed.problem else {
            return;
        };
        out.push(
            Diagnostic::new(
                &RULE,
                cx.path(),
                format!(
                    "the frontmatter is {} KiB; clients refuse more than {} KiB",
                    bytes.div_ceil(1024),
                    MAX_FRONTMATTER_BYTES / 1024
                ),
            )
            .at(*open)
            .label("frontmatter starts here")
            .help("keep the frontmatter to a name and a one-paragraph description; move the bulk into the body or a referenced file"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn too_large_frontmatter() {
        let text = fm(&format!("{OK}notes: {}\n", "x".repeat(300 * 1024)));
        assert_eq!(run(&text), vec![(&frontmatter_too_large::RULE, "---".into())]);
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", format!("{}{}{}", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nnotes: ", "x".repeat(300 * 1024), "\n---\n# Refunds\n").as_str()),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the frontmatter is 301 KiB; clients refuse more than 256 KiB");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "---");
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
}

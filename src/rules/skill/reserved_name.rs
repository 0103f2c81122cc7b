//! `skill/reserved-name`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::install;
use crate::rules::skill::context::{Skill, SkillRule};
use crate::rules::skill::values::nfkc;

declare_rule! {
    /// `name` is in `reserved_skill_names` (capability names such as `knowledge`, `planning`, `skills`)
    ///
    /// ## What it does
    /// Rejects names reserved for capabilities (`reserved_skill_names`, default `knowledge`, `planning`, `skills`).
    ///
    /// Severity: an error where a framework that reserves the names loads the skill for certain: the repository holds capability profiles (agents whose capabilities share the skills' namespace), `platform` is a chosen target, or `.caplint.yaml` sets `reserved_skill_names`. Otherwise a warning: the open format, Claude Code and Codex reserve none of them. A warning too, unless a target is chosen, for a skill only Claude Code installs (a Claude Code plugin's, or one in a project's `.claude/skills`).
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// Skills share one namespace with capabilities; a skill named `planning` on an agent with the planning capability is a duplicate the framework rejects before the first token.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// name: planning
    /// ```
    /// Good:
    /// ```yaml
    /// name: sprint-planning
    /// ```
    ///
    /// ## Fix
    /// Choose a more specific name.
    pub static RULE = "skill/reserved-name", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some((name, f)) = cx.required_text("name") else {
            return;
        };
        let normalized = nfkc(name);
        if !cx
            .settings
            .config
            .reserved_skill_names
            .iter()
            .any(|r| nfkc(r) == normalized)
        {
            return;
        }
        let mut d =
            Diagnostic::new(&RULE, cx.path(), format!("`{name}` is reserved for a capability"))
                .at(f.value.span)
                .label("reserved name")
                .help(format!("skills share one namespace with capabilities; choose a more specific name, such as `{name}-guide` or one that says what the procedure is for"));
        if install::only_claude_code(cx.settings, cx.folder) {
            // No target chosen, and only Claude Code installs the skill:
            // it reserves no capability names.
            d.lower(install::claude_code_note(
                "reserves no capability names (the platform's framework does, where an agent has a capability of that name)",
            ));
        }
        out.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn reserved_names() {
        assert_eq!(
            run_in(
                "planning",
                &fm("name: planning\ndescription: x\n"),
                &settings()
            ),
            vec![(&reserved_name::RULE, "planning".into())]
        );
        assert_eq!(
            run_in(
                "sprint-planning",
                &fm("name: sprint-planning\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/planning/SKILL.md", "---\nname: planning\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/planning/SKILL.md");
        assert_eq!(d[0].message, "`planning` is reserved for a capability");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "planning");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/planning-guide/SKILL.md", "---\nname: planning-guide\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

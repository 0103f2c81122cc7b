//! `skill/name-mismatch`.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::rules::skill::context::{Skill, SkillRule};
use crate::model::skill::install;
use crate::model::skill::targets::{Target, CLAUDE_RESERVED_WORDS};
use crate::rules::skill::context::{has, selected};
use crate::rules::skill::values::{name_problem, nfkc, suggest_name};
use crate::source::{SourceFile, Span};

declare_rule! {
    /// `name` is not the folder's name (NFKC on both)
    ///
    /// ## What it does
    /// Compares `name` with the name of the folder holding `SKILL.md`, both after Unicode NFKC normalization (so a folder written in full-width letters, or in another normalization form, still matches).
    ///
    /// The open format (`agentskills`, `platform`) binds a skill by its folder, and the rule runs for those targets and for `codex`, a skill that should install anywhere. When only Anthropic's clients are selected (`claude-code`, `claude-api`, or `claude`, which is both), the rule is off: Claude Code takes `name` and falls back to the folder's name only when `name` is absent, and the upload reads `name`; neither documents that the two must agree.
    ///
    /// Severity: an error where it runs; the Agent Skills validator rejects the skill. A warning for a `SKILL.md` at the repository's root: that folder is the checkout, named by whoever cloned it, and an installer names the folder it makes. A warning too for a folder named `skill`, or `skills` holding the `SKILL.md` itself (`skills/SKILL.md`): a package's slot for its one skill, which its installer copies under the skill's name.
    ///
    /// A warning, too, where no target is chosen (neither `targets:` nor `--target`) and only Codex installs the skill (its plugin has `.codex-plugin/` and no other client's manifest): Codex's loader takes `name` from the frontmatter and never compares it with the folder's.
    ///
    /// A warning, too, where no target is chosen (neither `targets:` nor `--target`) and only Claude Code installs the skill: a Claude Code plugin's skill (its plugin has `.claude-plugin/`) or one in a project's `.claude/skills`. Claude Code loads it under its `name` (`plugin:name`); only an installer of the open format would bind it by the folder. Choosing `targets:` makes the verdict the targets' (an error for `agentskills` or `codex`, off for `claude-code`).
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// Installers and galleries match skills by folder name; a mismatch is skipped or installed twice.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refunds/SKILL.md:  name: refund-policy
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md:  name: refund-policy
    /// ```
    ///
    /// ## Fix
    /// Rename the folder or the skill so they agree.
    pub static RULE = "skill/name-mismatch", Error,
        fixable: Unsafe, "sets `name` to the folder's name, in the value's quote style; unsafe, because clients load the skill by its name.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some((name, f)) = cx.required_text("name") else {
            return;
        };
        if only_anthropic(cx) {
            return;
        }
        let folder = cx.folder_name;
        if folder.is_empty() || nfkc(name) == nfkc(folder) {
            return;
        }
        let span = f.value.span;
        let mut d = Diagnostic::new(
            &RULE,
            cx.path(),
            format!("the name `{name}` is not the folder's name `{folder}`"),
        )
        .at(span)
        .label(format!("folder is `{folder}`"))
        .help(help(cx, name, folder))
        .maybe_fix(name_fix(cx.source, span, folder));
        // A `SKILL.md` at the repository root: its folder is the checkout,
        // named by whoever cloned it (`git clone … my-copy`), and an
        // installer names the folder it makes. Not certain: a warning.
        if cx.folder.dir.is_empty() {
            d = d.with_severity(crate::diagnostic::Severity::Warning).help(format!(
                "{} (a warning here: `SKILL.md` is at the repository's root, so the folder is the checkout, whose name the clone chooses)",
                help(cx, name, folder)
            ));
        } else if ["skill", "skills"]
            .iter()
            .any(|slot| cx.folder_name.eq_ignore_ascii_case(slot))
        {
            // A folder named `skill` is a package's slot for its one skill
            // (`modes/slide/skill/`), and a `skills` folder holding a
            // `SKILL.md` itself is a repository's or plugin's one skill
            // (`skills/SKILL.md`): an installer copies either under the
            // skill's name, and no client installs a skill named so.
            d.lower(format!("a warning here: the folder is named `{folder}`, a package's slot for its one skill that an installer copies under the skill's own name"));
        } else if install::only_claude_code(cx.settings, cx.folder) {
            // No target chosen, and only Claude Code installs the skill:
            // it reads `name` and needs no folder of that name.
            d.lower(install::claude_code_note(
                "reads `name` without needing the folder's",
            ));
        } else if !cx.settings.config.targets_chosen && codex_plugin_only(cx.folder) {
            // Codex's loader takes `name` from the frontmatter and never
            // compares it with the folder's.
            d.lower(CODEX_NOTE);
        }
        out.push(d);
    }
}

/// What the help says when only Codex installs the skill.
const CODEX_NOTE: &str = "a warning here: only Codex installs this skill (its plugin has `.codex-plugin/` and no other client's manifest), and Codex takes `name` from the frontmatter without needing the folder's; an installer of the open format would see it. Set `targets:` to say which clients the skill is for";

/// Whether the skill is a plugin's that only Codex installs: its plugin
/// folder has `.codex-plugin/` and neither Claude Code's nor Cursor's
/// manifest folder, and the skill is in no client's folder of a project.
fn codex_plugin_only(folder: &crate::model::skill::folder::Folder) -> bool {
    use crate::discover::join_rel;
    install::client_folder(&folder.dir).is_none()
        && folder.plugin_root().is_some_and(|root| {
            folder.exists_in_repository(&join_rel(root, ".codex-plugin"))
                && !folder.exists_in_repository(&join_rel(root, ".claude-plugin"))
                && !folder.exists_in_repository(&join_rel(root, ".cursor-plugin"))
        })
}

/// Whether every selected client is Anthropic's (`claude-code`,
/// `claude-api`): they read `name` and need no folder of that name.
fn only_anthropic(cx: &Skill<'_>) -> bool {
    selected(cx.settings)
        .iter()
        .all(|t| matches!(t, Target::ClaudeCode | Target::ClaudeApi))
}

/// Whether `name` passes the other name rules (`skill/invalid-name`,
/// `skill/reserved-name`): the help suggests no name they reject.
fn acceptable(cx: &Skill<'_>, name: &str) -> bool {
    let normalized = nfkc(name);
    name_problem(name).is_none()
        && !cx
            .settings
            .config
            .reserved_skill_names
            .iter()
            .any(|r| nfkc(r) == normalized)
        && !(has(cx.settings, Target::ClaudeApi)
            && CLAUDE_RESERVED_WORDS.iter().any(|w| name.contains(w)))
}

/// The way out that the help offers: only to names the other rules accept.
fn help(cx: &Skill<'_>, name: &str, folder: &str) -> String {
    const WHY: &str = "installers and galleries match a skill by its folder";
    match (acceptable(cx, name), acceptable(cx, folder)) {
        (true, true) => format!("rename the folder to `{name}`, or set `name: {folder}`: {WHY}"),
        (false, true) => format!("set `name: {folder}`, the folder's name: {WHY}"),
        (true, false) => format!("rename the folder to `{name}`: {WHY}"),
        (false, false) => match suggest_name(name).filter(|s| acceptable(cx, s)) {
            Some(s) => format!("rename the folder to `{s}` and set `name: {s}`: {WHY}"),
            None => format!("give the folder and `name` one valid name, such as `refund-policy`: {WHY}"),
        },
    }
}

/// `--fix --unsafe-fixes` for `skill/name-mismatch`: `name` becomes the
/// folder's name, in the value's own quote style. Unsafe: the name is the
/// id clients load the skill by.
fn name_fix(source: &SourceFile, span: Span, folder: &str) -> Option<Fix> {
    let valid = !folder.is_empty()
        && folder
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return None;
    }
    let old = source.text.get(span.offset..span.offset + span.length)?;
    let replacement = match old.as_bytes().first() {
        Some(q @ (b'"' | b'\'')) if old.len() >= 2 && old.as_bytes().last() == Some(q) => {
            let q = *q as char;
            format!("{q}{folder}{q}")
        }
        Some(b'"' | b'\'' | b'|' | b'>') => return None,
        _ => folder.to_string(),
    };
    Some(Fix::replace(
        Applicability::Unsafe,
        format!("set `name` to the folder's name `{folder}`"),
        source.path.clone(),
        span.offset..span.offset + span.length,
        replacement,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn name_must_match_folder_after_nfkc() {
        // Full-width letters normalize to ASCII under NFKC.
        assert_eq!(
            run_in(
                "ｒｅｆｕｎｄ",
                &fm("name: refund\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
        assert_eq!(
            run_in(
                "refunds",
                &fm("name: refund\ndescription: x\n"),
                &settings()
            ),
            vec![(&name_mismatch::RULE, "refund".into())]
        );
    }

    #[test]
    fn anthropic_clients_alone_need_no_match() {
        // Claude Code and the upload read `name`; the open format and Codex
        // bind the skill by its folder.
        let text = "---\nname: refunds\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n";
        let files = [("skills/refund-policy/SKILL.md", text)];
        for (targets, found) in [
            (vec![Target::ClaudeCode], 0),
            (vec![Target::ClaudeApi], 0),
            (vec![Target::Claude], 0),
            (vec![Target::ClaudeCode, Target::ClaudeApi], 0),
            (vec![Target::ClaudeCode, Target::Agentskills], 1),
            (vec![Target::Claude, Target::Codex], 1),
            (vec![Target::Platform], 1),
            (vec![], 1),
        ] {
            let (_, d) = lint_repo(&files, &targets, &RULE);
            assert_eq!(d.len(), found, "{targets:?}: {d:?}");
        }
    }

    /// The help of each finding: the name a rename would need.
    fn helps(folder: &str, name: &str) -> String {
        let path = format!("skills/{folder}/SKILL.md");
        let text = format!("---\nname: {name}\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n");
        let (_, d) = lint_repo(&[(path.as_str(), text.as_str())], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        d[0].help.clone().unwrap()
    }

    #[test]
    fn a_codex_plugins_skill_is_warned_about_while_no_target_is_chosen() {
        use crate::diagnostic::Severity;
        use crate::model::skill::targets::Target;
        let skill = (
            "plugins/circleci/skills/builds/SKILL.md",
            "---\nname: circleci-builds\ndescription: Use when a build fails.\n---\n# Builds\n",
        );
        let codex = ("plugins/circleci/.codex-plugin/plugin.json", "{\"name\": \"circleci\"}\n");
        let (_, d) = lint_repo(&[skill, codex], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, Severity::Warning);
        assert!(d[0].help.as_deref().unwrap().contains("only Codex installs this skill"), "{:?}", d[0].help);
        // A chosen target decides.
        let (_, d) = lint_repo(&[skill, codex], &[Target::Codex], &RULE);
        assert_eq!(d[0].severity, Severity::Error);
        // A plugin Cursor installs too keeps the error.
        let cursor = ("plugins/circleci/.cursor-plugin/plugin.json", "{\"name\": \"circleci\"}\n");
        let (_, d) = lint_repo(&[skill, codex, cursor], &[], &RULE);
        assert_eq!(d[0].severity, Severity::Error);
    }

    #[test]
    fn help_never_suggests_a_name_another_rule_rejects() {
        // Both valid: either way out.
        assert!(helps("refund-policy", "refund-policies").contains("rename the folder to `refund-policies`, or set `name: refund-policy`"));
        // An invalid name is never offered as the folder's new name.
        let h = helps("refund-policy", "Refund Policy");
        assert!(!h.contains("rename the folder"), "{h}");
        assert!(h.starts_with("set `name: refund-policy`"), "{h}");
        // A reserved name neither.
        let h = helps("refund-policy", "planning");
        assert!(h.starts_with("set `name: refund-policy`"), "{h}");
        // An invalid folder name is not offered as `name`.
        let h = helps("Refund_Policy", "refund-policy");
        assert!(h.starts_with("rename the folder to `refund-policy`:"), "{h}");
        assert!(!h.contains("set `name"), "{h}");
        // Neither valid: a valid name made from the text.
        let h = helps("Refund_Policy", "Refund Policy");
        assert!(h.starts_with("rename the folder to `refund-policy` and set `name: refund-policy`"), "{h}");
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policies\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the name `refund-policies` is not the folder's name `refund-policy`");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "refund-policies");
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

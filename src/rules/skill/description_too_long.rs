//! `skill/description-too-long`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::parsed::ParsedSkill;
use crate::model::skill::targets::{Target, CODEX_TEXT_MAX};
use crate::rules::skill::context::{description_limit, has, selected, Skill, SkillRule};
use crate::source::SourceFile;

declare_rule! {
    /// over `description_max_chars` (1024) characters, counted as Unicode scalar values; 500 with target `platform`
    ///
    /// ## What it does
    /// Counts the description in Unicode scalar values (not bytes) and compares with `description_max_chars` (1024), or with the lowest limit of the selected targets when that is lower: `platform` accepts at most 500 characters, `agentskills`, `claude-api` and `codex` 1024. With target `codex`, `metadata.short-description` is held to 1024 characters too: Codex refuses to load a skill whose short description is longer.
    ///
    /// With target `claude-code` (or `claude`), `description` and `when_to_use` together over 1,536 characters are a warning: Claude Code loads the skill and cuts its entry in the listing of skills at that length.
    ///
    /// Severity: an error over a limit a selected client enforces (it refuses or truncates the skill); a warning for Claude Code's listing cap, which only cuts the entry.
    ///
    /// Claude Code itself loads a description of any length. Over the format's 1024 it is a warning where Claude Code is the only client: no target is chosen and only Claude Code installs the skill (a Claude Code plugin's, a project's `.claude/skills`), or the only target is `claude-code`. A `description_max_chars` other than 1024 is the project's own limit and keeps the error.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// The description is charged on every turn for every bound skill, and clients reject long ones.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// description: (1,500 characters)
    /// ```
    /// Good:
    /// ```yaml
    /// description: When a refund is given without asking, when it needs approval, and how to say no.
    /// ```
    ///
    /// ## Fix
    /// Shorten it to when to reach for the skill; move detail into the body.
    pub static RULE = "skill/description-too-long", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if let Some((text, f)) = cx.required_text("description") {
            let chars = text.chars().count();
            let (max, by) = description_limit(cx.settings);
            if chars > max {
                let whose = by.map_or(String::new(), |t| format!(" for target `{}`", t.name()));
                let mut d = Diagnostic::new(
                    &RULE,
                    cx.path(),
                    format!("the description is {chars} characters long; the limit is {max}{whose}"),
                )
                .at(f.value.span)
                .label(format!("{chars} characters"))
                .help("say when to reach for the skill in a few sentences and move the detail into the body: the description is charged on every turn for every bound skill");
                if by.is_none() && max == FORMAT_MAX {
                    if crate::model::skill::install::only_claude_code(cx.settings, cx.folder) {
                        d.lower(crate::model::skill::install::claude_code_note(
                            "loads a description of any length (its listing keeps 1,536 characters)",
                        ));
                    } else if selected(cx.settings) == [Target::ClaudeCode] {
                        d.lower("a warning here: the only target is `claude-code`, which loads a description of any length (its listing keeps 1,536 characters); the open format's installers, Codex and the Claude API refuse one over 1024");
                    }
                }
                out.push(d);
            }
        }
        if has(cx.settings, Target::Codex) {
            codex_short_description(cx.source, cx.parsed, out);
        }
        if has(cx.settings, Target::ClaudeCode) {
            claude_listing(cx, out);
        }
    }
}

/// The open format's longest description, which `skills-ref`, Codex and
/// the Claude API hold a skill to.
const FORMAT_MAX: usize = 1024;

/// Whether Claude Code is the skill's only client: no target is chosen
/// and only Claude Code installs it, or `claude-code` is the only target.
fn only_claude_code_reads(cx: &Skill<'_>) -> bool {
    crate::model::skill::install::only_claude_code(cx.settings, cx.folder)
        || selected(cx.settings) == [Target::ClaudeCode]
}

/// What Claude Code keeps of `description` and `when_to_use` together in
/// its listing of skills, in characters.
pub const CLAUDE_LISTING_MAX: usize = 1536;

/// With target `claude-code`: `description` and `when_to_use` together over
/// Claude Code's listing cap. Claude Code loads the skill and cuts the
/// text it lists, so this is a warning.
fn claude_listing(cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
    let Some((text, f)) = cx.required_text("description") else {
        return;
    };
    let when = cx.parsed.field("when_to_use").map_or(0, |w| {
        match (w.value.as_str(), w.value.as_seq()) {
            (Some(s), _) => s.chars().count(),
            (None, Some(items)) => items
                .iter()
                .filter_map(|i| i.as_str())
                .map(|s| s.chars().count() + 1)
                .sum(),
            _ => 0,
        }
    });
    let total = text.chars().count() + when;
    let (max, by) = description_limit(cx.settings);
    let lowered = by.is_none() && max == FORMAT_MAX && only_claude_code_reads(cx);
    if total > CLAUDE_LISTING_MAX && (text.chars().count() <= max || lowered) {
        out.push(
            Diagnostic::new(
                &RULE,
                cx.path(),
                format!("`description` and `when_to_use` are {total} characters together; Claude Code lists {CLAUDE_LISTING_MAX} and cuts the rest"),
            )
            .with_severity(crate::diagnostic::Severity::Warning)
            .at(f.value.span)
            .label(format!("{total} characters with when_to_use"))
            .help("shorten them: the part past the cap never reaches the model's list of skills, so the skill is chosen on a truncated text"),
        );
    }
}

/// Codex's one-line summary in `metadata.short-description`: over 1024
/// characters, Codex refuses to load the skill.
fn codex_short_description(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let Some(meta) = skill.field("metadata") else {
        return;
    };
    let Some(entry) = meta.value.get("short-description") else {
        return;
    };
    let Some(text) = entry.value.as_str() else {
        return;
    };
    let chars = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .count();
    if chars > CODEX_TEXT_MAX {
        out.push(
            Diagnostic::new(
                &RULE,
                source.path.clone(),
                format!("`metadata.short-description` is {chars} characters long; the limit is {CODEX_TEXT_MAX} for target `codex`"),
            )
            .at(entry.value.span)
            .label(format!("{chars} characters"))
            .help("Codex refuses to load a skill whose short description is over the limit; keep it to one line"),
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
    fn description_counts_characters_not_bytes() {
        let ok = fm(&format!(
            "name: refund-policy\ndescription: {}\n",
            "é".repeat(1024)
        ));
        assert_eq!(run(&ok), vec![]);
        let long = fm(&format!(
            "name: refund-policy\ndescription: {}\n",
            "é".repeat(1025)
        ));
        let r = run(&long);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, &description_too_long::RULE);
        assert_eq!(r[0].1.chars().count(), 1025);
    }

    #[test]
    fn claude_codes_listing_cap_is_a_warning() {
        use crate::model::skill::targets::Target;
        let md = format!(
            "---\nname: refund-policy\ndescription: {}\nwhen_to_use: {}\n---\n# Refunds\n",
            "d".repeat(1000),
            "w".repeat(600)
        );
        let (_, d) = lint_repo(&[("skills/refund-policy/SKILL.md", md.as_str())], &[Target::ClaudeCode], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, crate::diagnostic::Severity::Warning);
        assert!(d[0].message.starts_with("`description` and `when_to_use` are 1600 characters together"), "{}", d[0].message);
        let (_, d) = lint_repo(&[("skills/refund-policy/SKILL.md", md.as_str())], &[Target::Agentskills], &RULE);
        assert!(d.is_empty(), "{d:?}");
        // The listing is Claude Code's; the upload has none.
        let (_, d) = lint_repo(&[("skills/refund-policy/SKILL.md", md.as_str())], &[Target::ClaudeApi], &RULE);
        assert!(d.is_empty(), "{d:?}");
        let (_, d) = lint_repo(&[("skills/refund-policy/SKILL.md", md.as_str())], &[Target::Claude], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
    }

    #[test]
    fn the_formats_limit_is_a_warning_where_claude_code_is_the_only_client() {
        use crate::diagnostic::Severity;
        use crate::model::skill::targets::Target;
        let md = format!("---\nname: refund-policy\ndescription: {}\n---\n# Refunds\n", "d".repeat(1100));
        let skill = ("skills/refund-policy/SKILL.md", md.as_str());
        let manifest = (".claude-plugin/plugin.json", "{\"name\": \"refunds\"}\n");
        // A Claude Code plugin's skill, no target chosen: Claude Code loads it.
        let (_, d) = lint_repo(&[skill, manifest], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, Severity::Warning);
        assert!(d[0].help.as_deref().unwrap().contains("any length"), "{:?}", d[0].help);
        // `claude-code` as the only target: the same.
        let (_, d) = lint_repo(&[skill], &[Target::ClaudeCode], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, Severity::Warning);
        // Any other client refuses it: an error.
        for t in [Target::Agentskills, Target::Codex, Target::ClaudeApi, Target::Claude] {
            let (_, d) = lint_repo(&[skill, manifest], &[t], &RULE);
            assert_eq!(d.len(), 1, "{t:?}: {d:?}");
            assert_eq!(d[0].severity, Severity::Error, "{t:?}");
        }
        // A skill in no plugin, no target: the open format's limit.
        let (_, d) = lint_repo(&[skill], &[], &RULE);
        assert_eq!(d[0].severity, Severity::Error);
        // Over Claude Code's listing cap too: both are said.
        let long = format!("---\nname: refund-policy\ndescription: {}\n---\n# Refunds\n", "d".repeat(1600));
        let (_, d) = lint_repo(&[("skills/refund-policy/SKILL.md", long.as_str())], &[Target::ClaudeCode], &RULE);
        assert_eq!(d.len(), 2, "{d:?}");
        assert!(d.iter().all(|d| d.severity == Severity::Warning), "{d:?}");
    }

    #[test]
    fn reports_and_passes() {
        use crate::model::skill::targets::Target;
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund \n---\n# Refunds\n"),
            ],
            &[Target::Platform],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the description is 601 characters long; the limit is 500 for target `platform`");
        assert!(d[0].span.is_some());
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund Refund \n---\n# Refunds\n"),
            ],
            &[Target::Platform],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

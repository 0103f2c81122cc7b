//! `skill/invalid-name`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::targets::{Target, CLAUDE_RESERVED_WORDS};
use crate::rules::skill::context::{has, Skill, SkillRule};
use crate::rules::skill::values::{name_problem, span_in_value, suggest_name};

declare_rule! {
    /// not 1–64 characters of lower-case letters, digits and single hyphens, or starts/ends with `-`; with target `claude-api`, contains `anthropic` or `claude`
    ///
    /// ## What it does
    /// Checks the name format: 1–64 characters (counted as Unicode scalar values) matching `^[a-z0-9]+(-[a-z0-9]+)*$`, for every target. The help suggests a valid name when one can be made from the text. With target `claude-api` (or `claude`, which includes it), a name that contains the reserved words `anthropic` or `claude` is reported too: Anthropic's skill upload (the API and claude.ai) rejects it. Target `claude-code` does not report it: Claude Code loads such a skill from a folder.
    ///
    /// Severity: an error: the Agent Skills validator and Claude's skill upload reject the name. In a Claude Code plugin, where only Claude Code installs the skill and no target is chosen, it is a warning (a plugin-qualified `name: cat:review` in `skills/review` too): Claude Code registers the skill as `<plugin>:<folder>`, shows `name` only for display, and its validator accepts any `name`. A project's `.claude/skills` keeps the error.
    ///
    /// A name that is a placeholder (`<skill-name>`, `{skill-name}`, `[TODO: …]`, `your-skill-name`, `SKILL_NAME`, `REPLACE-WITH-SKILL-NAME`) marks a template to copy: this and every other skill rule's error in it is a warning; templates sharing one placeholder are no duplicate names, and a lower-cased `skill.md` so named is no misnamed skill file.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// Models write ids in this form; a name such as `Refund policy` is loaded as `refund-policy` and the call fails.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// name: Refund Policy
    /// ```
    /// Good:
    /// ```yaml
    /// name: refund-policy
    /// ```
    ///
    /// ## Fix
    /// Rename to lower-case words joined by single hyphens.
    pub static RULE = "skill/invalid-name", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let path = cx.path();
        if let Some((name, f)) = cx.required_text("name") {
            if let Some(problem) = name_problem(name) {
                let help = match suggest_name(name) {
                    Some(s) => format!("use lower-case words joined by single hyphens, e.g. `name: {s}`"),
                    None => "use 1–64 lower-case letters and digits joined by single hyphens, e.g. `refund-policy`".to_string(),
                };
                let mut d = Diagnostic::new(&RULE, path, format!("the name `{name}` {problem}"))
                    .at(f.value.span)
                    .label(problem)
                    .help(help);
                // `Dev10x:adr` in `skills/adr`: the id Claude Code gives a
                // plugin's skill, written out; it shows `name` as is.
                use crate::model::skill::install;
                let claude_code = install::only_claude_code(cx.settings, cx.folder);
                if qualified_folder_name(name, cx.folder_name) && claude_code {
                    d.lower(install::claude_code_note(
                        "registers a plugin's skill as `<plugin>:<folder>`, which this name writes out, showing `name` only as the skill's display name",
                    ));
                } else if claude_code && install::client_folder(&cx.folder.dir).is_none() {
                    // A plugin's skill: Claude Code names it by its folder.
                    d.lower(install::claude_code_note(
                        "registers a plugin's skill as `<plugin>:<folder>`, showing `name` only as its display name (`claude plugin validate` accepts this one)",
                    ));
                }
                out.push(d);
            }
        }
        if !has(cx.settings, Target::ClaudeApi) {
            return;
        }
        // Target `claude-api`: words the upload reserves.
        let Some(f) = cx.parsed.name() else { return };
        let Some(name) = f.as_str() else { return };
        let lower = name.to_lowercase();
        if let Some(word) = CLAUDE_RESERVED_WORDS.iter().find(|w| lower.contains(*w)) {
            out.push(
                Diagnostic::new(
                    &RULE,
                    path,
                    format!("the name `{name}` contains the reserved word `{word}`"),
                )
                .at(span_in_value(cx.source, f.value.span, word))
                .label("reserved by Anthropic")
                .help("Anthropic's skill upload (the API and claude.ai) rejects names that contain `anthropic` or `claude`, though Claude Code loads them from a folder (target `claude-api`); name the skill for what it does"),
            );
        }
    }
}

/// Whether `name` is `<plugin>:<folder>`: the folder's name qualified by
/// a plugin's, as Claude Code registers a plugin's skill.
pub fn qualified_folder_name(name: &str, folder: &str) -> bool {
    name.split_once(':').is_some_and(|(plugin, rest)| {
        !plugin.is_empty() && !plugin.contains(char::is_whitespace) && rest == folder
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn names() {
        assert_eq!(name_problem("refund-policy"), None);
        assert_eq!(name_problem("a1-b2"), None);
        assert!(name_problem("Refund").is_some());
        assert!(name_problem("refund policy").is_some());
        assert!(name_problem("refund--policy").is_some());
        assert!(name_problem("-refund").is_some());
        assert!(name_problem("refund_policy").is_some());
        assert!(name_problem(&"a".repeat(64)).is_none());
        assert!(name_problem(&"a".repeat(65)).is_some());
        assert_eq!(
            suggest_name("Refund Policy").as_deref(),
            Some("refund-policy")
        );
        let d = diags(&fm("name: Refund Policy\ndescription: x\n"));
        let rules: Vec<_> = d.iter().map(|d| d.rule).collect();
        assert_eq!(rules, vec![&invalid_name::RULE, &name_mismatch::RULE]);
        assert!(d[0]
            .help
            .as_deref()
            .unwrap()
            .contains("`name: refund-policy`"));
        assert_eq!(
            run_in(
                "refund-policy",
                &fm("name: refund-policy\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
    }

    #[test]
    fn reserved_words_are_the_uploads_not_claude_codes() {
        use crate::model::skill::targets::Target;
        let files = [(
            "skills/claude-helper/SKILL.md",
            "---\nname: claude-helper\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n",
        )];
        for (targets, found) in [
            (vec![Target::ClaudeApi], 1),
            (vec![Target::Claude], 1),
            (vec![Target::ClaudeCode], 0),
            (vec![Target::Agentskills], 0),
        ] {
            let (sources, d) = lint_repo(&files, &targets, &RULE);
            assert_eq!(d.len(), found, "{targets:?}: {d:?}");
            if let Some(d) = d.first() {
                assert_eq!(d.message, "the name `claude-helper` contains the reserved word `claude`");
                let source = sources.iter().find(|s| s.path == d.path).unwrap();
                assert_eq!(source.slice(d.span.unwrap()), "claude");
            }
        }
    }

    #[test]
    fn crlf_spans() {
        let text = "---\r\nname: Refund\r\ndescription: x\r\n---\r\n";
        let r = run(text);
        assert_eq!(r[0], (&invalid_name::RULE, "Refund".into()));
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: Refund Policy\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the name `Refund Policy` contains a space");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "Refund Policy");
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

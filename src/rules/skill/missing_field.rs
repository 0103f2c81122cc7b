//! `skill/missing-field`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::rules::skill::context::{Skill, SkillRule};
use crate::rules::skill::values::name_problem;
use crate::yaml::Resolved;

declare_rule! {
    /// `name` or `description` absent or empty
    ///
    /// ## What it does
    /// Checks that the frontmatter has a non-empty `name` and `description`. A missing field is reported at the opening `---` fence; an empty one (`name:`, `description: ""`) at its value.
    ///
    /// Severity: an error; clients refuse a skill without them. A warning for a skill in a project's `.claude/skills` (unless `claude-api` is a target): only Claude Code reads that folder, and it names a skill after its folder and describes it by its body's first paragraph.
    ///
    /// A warning too for a missing `description` beside a `name` and another tool's field for it (`summary`, `about`, `purpose`), or where most of the frontmatter's keys are read by no selected client and none is a misspelling of it (`name`, `label`, `hint`, `swatch`): the file may be another tool's, named `SKILL.md`. Without `name` either, the skill's frontmatter was lost, and it is an error.
    ///
    /// A missing `name` beside a `description` in a plugin's skill is a warning (unless `claude-api` is a target): Claude Code and Codex name a plugin's skill after its folder.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// The name is the id a model loads the skill by, and the description is the only part the model sees before deciding to load it.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// name: refund-policy
    /// ```
    /// Good:
    /// ```yaml
    /// name: refund-policy
    /// description: When a refund is given without asking, when it needs approval, and how to say no.
    /// ```
    ///
    /// ## Fix
    /// Add the missing field.
    pub static RULE = "skill/missing-field", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if cx.parsed.frontmatter.is_none() {
            return;
        }
        let path = cx.path();
        let open = cx.parsed.open_fence().unwrap_or_default();
        for key in ["name", "description"] {
            let Some(f) = cx.parsed.field(key) else {
                let help = if key == "name" {
                    match name_problem(cx.folder_name) {
                        None => format!("add `name: {}` (the folder's name)", cx.folder_name),
                        Some(_) => "add `name:` with the skill's id: lower-case words joined by hyphens, the same as the folder's name".to_string(),
                    }
                } else {
                    "add `description:` saying when an agent should reach for this skill; it is the only part a model sees before loading it".to_string()
                };
                let d = Diagnostic::new(&RULE, path, format!("the frontmatter has no `{key}`"))
                    .at(open)
                    .label("frontmatter starts here");
                out.push(match softened(cx, key) {
                    Some(why) => d
                        .with_severity(crate::diagnostic::Severity::Warning)
                        .help(format!("{help}; {why}")),
                    None => d.help(help),
                });
                continue;
            };
            let empty_span = if f.value.span.length == 0 {
                f.key.span
            } else {
                f.value.span
            };
            match f.resolved() {
                Some(Resolved::Null) => out.push(
                    Diagnostic::new(&RULE, path, format!("`{key}` is empty"))
                        .at(empty_span)
                        .label("no value")
                        .help(format!("give `{key}` a value")),
                ),
                // Any other type is `skill/field-type`.
                Some(Resolved::Str) if f.as_str().unwrap_or("").trim().is_empty() => out.push(
                    Diagnostic::new(&RULE, path, format!("`{key}` is empty"))
                        .at(empty_span)
                        .label("empty")
                        .help(format!("give `{key}` a value")),
                ),
                _ => {}
            }
        }
    }
}

/// Why a missing `key` is not certain to be refused, if it is not: the
/// skill is in a project's `.claude/skills`, which only Claude Code reads
/// (it names a skill after its folder and describes it by its body's first
/// paragraph), unless the upload is a target too; or `description` is
/// missing beside a `name` and the frontmatter is mostly keys no selected
/// client reads, none of them a misspelling of it (another tool's file
/// named `SKILL.md`: `name`, `label`, `swatch`).
fn softened(cx: &Skill<'_>, key: &str) -> Option<String> {
    use crate::rules::skill::context::{has, selected, unknown_to};
    let settings = cx.settings;
    let claude_only = crate::model::skill::install::client_folder(&cx.folder.dir)
        .is_some_and(|c| c == ".claude" || c.ends_with("/.claude"));
    if claude_only && !has(settings, crate::settings::Target::ClaudeApi) {
        let does = if key == "name" {
            "names a skill after its folder"
        } else {
            "describes a skill by its body's first paragraph"
        };
        return Some(format!(
            "a warning here: the skill is in `.claude/skills`, which only Claude Code reads, and it {does}"
        ));
    }
    // A plugin's skill with a `description` and no `name`: Claude Code and
    // Codex name it after its folder. Without `description` either, its
    // frontmatter was lost, and it is an error.
    if key == "name"
        && cx.folder.plugin_root().is_some()
        && cx.parsed.field("description").is_some()
        && !has(settings, crate::settings::Target::ClaudeApi)
    {
        return Some(
            "a warning here: the skill is a plugin's, and Claude Code and Codex name a plugin's skill after its folder".to_string(),
        );
    }
    // Only a missing `description` beside a `name`: a record of another
    // tool (`name`, `label`, `swatch`). Without either field the file is
    // a skill whose frontmatter was lost (overwritten by other keys).
    if key != "description" || cx.parsed.field("name").is_none() {
        return None;
    }
    // Another tool's word for it (`summary`): written for that tool.
    if let Some(word) = ["summary", "about", "purpose"]
        .into_iter()
        .find(|k| cx.parsed.field(k).is_some())
    {
        return Some(format!(
            "a warning here: the frontmatter has `{word}`, another tool's field for what the skill is for, so the file may be written for that tool; for the open format's clients, which refuse a skill without `description`, rename `{word}` to `description`"
        ));
    }
    let all = selected(settings).len();
    let keys: Vec<&str> = cx
        .parsed
        .frontmatter
        .as_ref()?
        .as_map()?
        .iter()
        .filter_map(|e| e.key.scalar().map(|(k, _)| k))
        .collect();
    let foreign: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| unknown_to(settings, k).len() == all)
        .collect();
    let misspelt = foreign
        .iter()
        .any(|k| crate::diagnostic::did_you_mean(k, [key]).is_some());
    (foreign.len() >= 2 && foreign.len() * 2 > keys.len() && !misspelt).then(|| {
        let shown: Vec<String> = foreign.iter().take(3).map(|k| format!("`{k}`")).collect();
        format!(
            "a warning here: most of the frontmatter's keys ({}) are read by no selected client, so this may be another tool's file named `SKILL.md`",
            shown.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn a_good_skill_has_no_findings() {
        assert_eq!(run(&fm(OK)), vec![]);
        let full = format!(
            "{OK}license: MIT\ncompatibility: Needs python3\nmetadata:\n  owner: support\n  tier: \"2\"\nallowed-tools: Read Grep\nversion: \"1.2.0\"\nwhen_to_use:\n  - A customer asks for a refund\nwhen_not_to_use:\n  - Chargebacks\n"
        );
        assert_eq!(run(&fm(&full)), vec![]);
    }

    #[test]
    fn missing_and_empty_fields() {
        assert_eq!(
            run(&fm("name: refund-policy\n")),
            vec![(&missing_field::RULE, "---".into())]
        );
        assert_eq!(
            run("---\n---\n"),
            vec![(&missing_field::RULE, "---".into()), (&missing_field::RULE, "---".into())]
        );
        assert_eq!(
            run(&fm("name: refund-policy\ndescription: \"\"\n")),
            vec![(&missing_field::RULE, "\"\"".into())]
        );
        assert_eq!(
            run(&fm("name:\ndescription: x\n")),
            vec![(&missing_field::RULE, "name".into())]
        );
        assert_eq!(
            run(&fm("name: refund-policy\ndescription: [a, b]\n")),
            vec![
                (&field_type::RULE, "[a, b]".into()),
                (&yaml_portability::RULE, "[a, b]".into())
            ]
        );
    }

    #[test]
    fn a_plugins_skill_without_a_name_is_a_warning() {
        use crate::diagnostic::Severity::*;
        let manifest = (".claude-plugin/plugin.json", "{\"name\": \"memhub\"}\n");
        let severities = |skill: &str| -> Vec<_> {
            lint_repo(&[manifest, ("skills/login/SKILL.md", skill)], &[], &RULE)
                .1
                .into_iter()
                .map(|d| (d.message, d.severity))
                .collect()
        };
        // Claude Code and Codex name it after its folder.
        assert_eq!(
            severities("---\ndescription: Logs in. Use when a session expires.\n---\n# Login\n"),
            [("the frontmatter has no `name`".to_string(), Warning)]
        );
        // Without `description` either, its frontmatter was lost.
        assert_eq!(
            severities("---\nlicense: MIT\n---\n# Login\n"),
            [
                ("the frontmatter has no `name`".to_string(), Error),
                ("the frontmatter has no `description`".to_string(), Error)
            ]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the frontmatter has no `description`");
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

//! `skill/unknown-field`.

use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::rules::skill::context::{
    known_to_any, list_names, selected, unknown_field_effects, unknown_to, Skill, SkillRule,
};

declare_rule! {
    /// a top-level key outside the spec, `version`, `when_to_use`, `when_not_to_use` and `extra_skill_fields` (each target has its own list; with several, a key must be known to all)
    ///
    /// ## What it does
    /// Warns about top-level frontmatter keys a selected target does not read, with a did-you-mean for misspellings, and says what each such target does with the key. Target `agentskills` (the default) knows `name`, `description`, `license`, `compatibility`, `metadata`, `allowed-tools`, `version`, `when_to_use` and `when_not_to_use`; `skills-ref validate` rejects any other key. Target `claude` adds Claude Code's fields (`argument-hint`, `arguments`, `disable-model-invocation`, `user-invocable`, `model`, `effort`, `context`, `agent`, `hooks`, `paths`, `shell`, `when_to_use`); `codex` knows the open format's six fields; `platform` adds `category`. With several targets a key must be known to every one of them. Extend every list with `extra_skill_fields`.
    ///
    /// ## Why
    /// Unknown keys are ignored or rejected depending on the client; a misspelt key (`descripton`) silently loses the field.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// descripton: Triage incidents.
    /// ```
    /// Good:
    /// ```yaml
    /// description: Triage incidents.
    /// ```
    ///
    /// ## Fix
    /// Rename the key, move it under `metadata`, or list it in `extra_skill_fields`.
    pub static RULE = "skill/unknown-field", Warning;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some(root) = &cx.parsed.frontmatter else {
            return;
        };
        check_unknown(cx.path(), root.as_map().unwrap_or(&[]), cx, out);
    }
}

fn check_unknown(
    path: &str,
    entries: &[crate::yaml::Entry],
    cx: &Skill<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let all = selected(cx.settings);
    let mut known: Option<Vec<&'static str>> = None;
    for e in entries {
        let Some((key, _)) = e.key.scalar() else {
            continue;
        };
        let missing = unknown_to(cx.settings, key);
        if missing.is_empty() {
            continue;
        }
        let known = known.get_or_insert_with(|| known_to_any(cx.settings));
        // A key another selected target reads is no misspelling.
        let read_by: Vec<_> = all
            .iter()
            .copied()
            .filter(|t| !missing.contains(t))
            .collect();
        // `tools` is a subagent's field; a skill grants tools with `allowed-tools`.
        let alias = (key == "tools" && known.contains(&"allowed-tools")).then_some("allowed-tools");
        let suggestion = read_by
            .is_empty()
            .then(|| alias.or_else(|| did_you_mean(key, known.iter().copied())))
            .flatten();
        let message = if read_by.is_empty() {
            format!(
                "unknown frontmatter field `{key}`: {}",
                unknown_field_effects(&missing)
            )
        } else {
            format!(
                "frontmatter field `{key}` is read by target {} but not by {}: {}",
                list_names(&read_by),
                list_names(&missing),
                unknown_field_effects(&missing)
            )
        };
        let help = match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => "move it under `metadata`, drop the target that does not read it, or list it in `extra_skill_fields` in .caplint.yaml".to_string(),
        };
        out.push(
            Diagnostic::new(&RULE, path, message)
                .at(e.key.span)
                .label("not a skill field")
                .help(help),
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
    fn unknown_fields() {
        let d = diags(&fm("name: refund-policy\ndescripton: x\n"));
        let unknown: Vec<_> = d.iter().filter(|d| d.rule == &unknown_field::RULE).collect();
        assert_eq!(unknown.len(), 1);
        assert_eq!(
            unknown[0].help.as_deref(),
            Some("did you mean `description`?")
        );
        let d = diags(&fm(&format!("{OK}tools: Read\n")));
        assert_eq!(d[0].help.as_deref(), Some("did you mean `allowed-tools`?"));
        let r = run(&fm(&format!("{OK}category: support\n")));
        assert_eq!(r, vec![(&unknown_field::RULE, "category".into())]);
        let mut s = settings();
        s.config.extra_skill_fields = vec!["category".into()];
        assert_eq!(
            run_in(
                "refund-policy",
                &fm(&format!("{OK}category: support\n")),
                &s
            ),
            vec![]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nauthor: Sam\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert!(d[0].message.starts_with("unknown frontmatter field `author`: "), "{}", d[0].message);
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "author");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nmetadata:\n  author: Sam\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

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
    /// Severity: always an error; clients refuse a skill without them.
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
                out.push(
                    Diagnostic::new(&RULE, path, format!("the frontmatter has no `{key}`"))
                        .at(open)
                        .label("frontmatter starts here")
                        .help(help),
                );
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

//! `skill/selection-hints`.

use crate::settings::Settings;
use crate::diagnostic::{declare_rule, Diagnostic, Severity};
use crate::model::skill::targets::Target;
use crate::rules::skill::context::{has, Skill, SkillRule};
use crate::rules::skill::values::quoted;
use crate::source::Span;
use crate::yaml::Node;

/// A list of at most this many cases.
pub const HINTS_MAX_ITEMS: usize = 5;
/// Each case at most this many characters.
pub const HINT_MAX_CHARS: usize = 200;

declare_rule! {
    /// `when_to_use` / `when_not_to_use` not a list of 1–5 non-empty strings of at most 200 chars
    ///
    /// ## What it does
    /// Checks the optional selection hints: each a list of one to five non-empty strings of at most 200 characters.
    ///
    /// Severity: an error, except a `when_to_use` written as one non-empty
    /// string, which is Claude Code's own form of the key: a warning, since
    /// the skill may be written for Claude Code (the `claude-code` target
    /// does not run this rule).
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// The hints are charged on every turn for every registered skill; clients enforce these limits.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// when_to_use: A production service is down
    /// ```
    /// Good:
    /// ```yaml
    /// when_to_use:
    ///   - A production service is degraded or down
    /// ```
    ///
    /// ## Fix
    /// Write a short list of plain cases.
    pub static RULE = "skill/selection-hints", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if !checks_selection_hints(cx.settings) {
            return;
        }
        for key in ["when_to_use", "when_not_to_use"] {
            if let Some(f) = cx.parsed.field(key) {
                check_hints(cx.path(), key, f.value, out);
            }
        }
    }
}

/// Whether a selected target reads agentskills-core's selection hints
/// (`when_to_use` / `when_not_to_use` as lists); Claude Code's own
/// `when_to_use` is a string.
fn checks_selection_hints(settings: &Settings) -> bool {
    has(settings, Target::Agentskills) || has(settings, Target::Platform)
}

fn check_hints(path: &str, key: &str, value: &Node, out: &mut Vec<Diagnostic>) {
    let example =
        format!("write a list: `{key}:` followed by lines like `  - A production service is down`");
    let Some(items) = value.as_seq() else {
        let found = value.type_name();
        let text = value.as_str().map(str::trim).filter(|t| !t.is_empty());
        let help = match text {
            Some(text) => format!(
                "make it a list of one case: `{key}:` and on the next line `  - {text}`"
            ),
            None => example,
        };
        let mut d = Diagnostic::new(
            &RULE,
            path,
            format!("`{key}` must be a list of 1–{HINTS_MAX_ITEMS} strings, found {found}"),
        )
        .at(value.span)
        .label(found);
        if key == "when_to_use" && text.is_some() {
            // Claude Code's own `when_to_use` is this string: which client
            // the skill is written for is not certain, so a warning.
            d = d.with_severity(Severity::Warning).help(format!(
                "{help} (Claude Code reads `when_to_use` as a string; the Agent Skills selection hints are a list)"
            ));
        } else {
            d = d.help(help);
        }
        out.push(d);
        return;
    };
    if items.is_empty() {
        out.push(
            Diagnostic::new(&RULE, path, format!("`{key}` is an empty list"))
                .at(value.span)
                .label("no cases")
                .help(format!("give 1–{HINTS_MAX_ITEMS} cases, or remove `{key}`")),
        );
        return;
    }
    if items.len() > HINTS_MAX_ITEMS {
        let first = items[HINTS_MAX_ITEMS].span;
        let last = items[items.len() - 1].span;
        out.push(
            Diagnostic::new(
                &RULE,
                path,
                format!("`{key}` has {} cases; at most {HINTS_MAX_ITEMS} are allowed", items.len()),
            )
            .at(Span::new(first.offset, last.end() - first.offset))
            .label("over the limit")
            .help("keep the five that best separate this skill from its neighbours: every case is charged on every turn"),
        );
    }
    for item in items {
        match item.as_str() {
            None => {
                let found = item.type_name();
                let mut d = Diagnostic::new(
                    &RULE,
                    path,
                    format!("each case of `{key}` must be a string, found {found}"),
                )
                .at(item.span)
                .label(found);
                if let Some((text, _)) = item.scalar() {
                    d = d.help(format!("quote it: `- {}`", quoted(text)));
                }
                out.push(d);
            }
            Some(text) if text.trim().is_empty() => out.push(
                Diagnostic::new(&RULE, path, format!("a case of `{key}` is empty"))
                    .at(if item.span.length == 0 {
                        value.span
                    } else {
                        item.span
                    })
                    .label("empty")
                    .help("write the case or remove the item"),
            ),
            Some(text) => {
                let chars = text.chars().count();
                if chars > HINT_MAX_CHARS {
                    out.push(
                        Diagnostic::new(
                            &RULE,
                            path,
                            format!("a case of `{key}` is {chars} characters long; the limit is {HINT_MAX_CHARS}"),
                        )
                        .at(item.span)
                        .label(format!("{chars} characters"))
                        .help("say it in one short sentence"),
                    );
                }
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
    fn selection_hints() {
        let r = run(&fm(&format!("{OK}when_to_use: A service is down\n")));
        assert_eq!(r, vec![(&selection_hints::RULE, "A service is down".into())]);
        let r = run(&fm(&format!("{OK}when_to_use: []\n")));
        assert_eq!(r[0], (&selection_hints::RULE, "[]".into()));
        let items: String = (1..=6).map(|i| format!("  - case {i}\n")).collect();
        let r = run(&fm(&format!("{OK}when_not_to_use:\n{items}")));
        assert_eq!(r, vec![(&selection_hints::RULE, "case 6".into())]);
        let r = run(&fm(&format!(
            "{OK}when_to_use:\n  - \"\"\n  - {}\n  - 3\n",
            "x".repeat(201)
        )));
        let rules: Vec<_> = r.iter().map(|(r, t)| (*r, t.len())).collect();
        assert_eq!(
            rules,
            vec![
                (&selection_hints::RULE, 2),
                (&selection_hints::RULE, 201),
                (&selection_hints::RULE, 1)
            ]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nwhen_to_use: A customer asks for a refund\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`when_to_use` must be a list of 1–5 strings, found a string");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "A customer asks for a refund");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nwhen_to_use:\n  - A customer asks for a refund\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn a_when_to_use_string_is_a_warning_and_other_shapes_errors() {
        let d = diags(&fm(&format!("{OK}when_to_use: A service is down\n")));
        let d: Vec<_> = d.iter().filter(|d| d.rule.id == RULE.id).collect();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].severity, Severity::Warning);
        for text in [
            "when_not_to_use: A service is down\n",
            "when_to_use: 3\n",
            "when_to_use: []\n",
        ] {
            let d = diags(&fm(&format!("{OK}{text}")));
            let d: Vec<_> = d.iter().filter(|d| d.rule.id == RULE.id).collect();
            assert_eq!(d.len(), 1, "{text}");
            assert_eq!(d[0].severity, Severity::Error, "{text}");
        }
    }
}

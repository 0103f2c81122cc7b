//! `skill/invalid-category`.

use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::model::skill::targets::{Target, PLATFORM_CATEGORIES};
use crate::rules::skill::context::{has, Skill, SkillRule};

declare_rule! {
    /// with target `platform`: `category` is not one of the platform's suggested categories
    ///
    /// ## What it does
    /// Enabled by target `platform`. Compares `category` with the platform's suggested categories that its documentation names (support, engineering, finance, legal, security, marketing), with a did-you-mean for misspellings.
    ///
    /// Severity: always a warning.
    ///
    /// ## Why
    /// The category drives the filter of the platform's skill list; a misspelt category files the skill where nobody looks. It has no effect on what the agent sees.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// category: suport
    /// ```
    /// Good:
    /// ```yaml
    /// category: support
    /// ```
    ///
    /// ## Fix
    /// Use one of the suggested categories.
    pub static RULE = "skill/invalid-category", Warning;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if !has(cx.settings, Target::Platform) {
            return;
        }
        // Not a string: `skill/field-type`.
        let Some(f) = cx.parsed.field("category") else {
            return;
        };
        let Some(text) = f.as_str() else {
            return;
        };
        if PLATFORM_CATEGORIES.contains(&text) {
            return;
        }
        let help = match did_you_mean(text, PLATFORM_CATEGORIES.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the platform suggests twenty categories and files a skill under its own filter only when the category is one of them; the documented ones are {}",
                PLATFORM_CATEGORIES.join(", ")
            ),
        };
        out.push(
            Diagnostic::new(
                &RULE,
                cx.path(),
                format!("`{text}` is not one of the platform's suggested categories"),
            )
            .at(f.value.span)
            .label("unknown category")
            .help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;

    #[test]
    fn reports_and_passes() {
        use crate::model::skill::targets::Target;
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\ncategory: refunds\n---\n# Refunds\n"),
            ],
            &[Target::Platform],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`refunds` is not one of the platform's suggested categories");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "refunds");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\ncategory: support\n---\n# Refunds\n"),
            ],
            &[Target::Platform],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

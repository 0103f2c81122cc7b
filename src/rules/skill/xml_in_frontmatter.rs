//! `skill/xml-in-frontmatter`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::targets::Target;
use crate::rules::skill::context::{has, Skill, SkillRule};
use crate::rules::skill::values::span_in_value;

declare_rule! {
    /// with target `claude-api`: the name or description holds an XML tag (`<tag>`, `</tag>`)
    ///
    /// ## What it does
    /// Enabled by target `claude-api` (and `claude`, which includes it). Reports an XML-like tag — `<name>`, `</name>`, `<name attr="…">`, `<name/>` — in `name` or `description`, even inside backticks. Comparisons and arrows (`a < b`, `<=`, `->`) are not tags.
    ///
    /// Severity: always an error; Claude rejects the skill.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// Anthropic rejects a skill whose name or description contains XML tags on upload: the description is placed in the system prompt, where a tag could pass for structure.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// description: Animate route changes with the `<ViewTransition>` component.
    /// ```
    /// Good:
    /// ```yaml
    /// description: Animate route changes with the ViewTransition component.
    /// ```
    ///
    /// ## Fix
    /// Write the name or description without angle brackets (`ViewTransition` rather than `<ViewTransition>`).
    pub static RULE = "skill/xml-in-frontmatter", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if !has(cx.settings, Target::ClaudeApi) {
            return;
        }
        for key in ["name", "description"] {
            let Some(f) = cx.parsed.field(key) else { continue };
            let Some(text) = f.as_str() else { continue };
            if let Some(range) = find_xml_tag(text) {
                let tag = &text[range];
                out.push(
                    Diagnostic::new(
                        &RULE,
                        cx.path(),
                        format!("the {key} contains the XML tag `{tag}`"),
                    )
                    .at(span_in_value(cx.source, f.value.span, tag))
                    .label("XML tag")
                    .help(format!("Anthropic's skill upload rejects a skill whose name or description holds an XML tag (target `claude-api`), even inside backticks; write it without angle brackets, e.g. `{}`", tag.trim_start_matches(['<', '/']).trim_end_matches(['>', '/']).split_whitespace().next().unwrap_or("name"))),
                );
            }
        }
    }
}

/// The first XML-like tag in `text` (`<name>`, `</name>`, `<name attr="x">`,
/// `<name/>`): its byte range. `a < b`, `<=`, `<3` and `->` are not tags.
pub fn find_xml_tag(text: &str) -> Option<std::ops::Range<usize>> {
    use regex::Regex;
    use std::sync::OnceLock;
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"</?[A-Za-z][A-Za-z0-9_.:-]*(?:\s+[^<>]*)?/?>").expect("tag regex")
    })
    .find(text)
    .map(|m| m.range())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn xml_tags_are_found_and_comparisons_are_not() {
        let t = "Use the `<ViewTransition>` component";
        assert_eq!(find_xml_tag(t).map(|r| &t[r]), Some("<ViewTransition>"));
        assert!(find_xml_tag("</example>").is_some());
        assert!(find_xml_tag("<br/>").is_some());
        assert!(find_xml_tag("<a href=\"x\">").is_some());
        for clean in [
            "a < b and c > d",
            "x <= 5",
            "<3",
            "a -> b",
            "<-- back",
            "1<2>0",
        ] {
            assert_eq!(find_xml_tag(clean), None, "{clean}");
        }
    }

    #[test]
    fn reports_and_passes() {
        use crate::model::skill::targets::Target;
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use the <ViewTransition> component.\n---\n# Refunds\n"),
            ],
            &[Target::ClaudeApi],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the description contains the XML tag `<ViewTransition>`");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "<ViewTransition>");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use the ViewTransition component.\n---\n# Refunds\n"),
            ],
            &[Target::ClaudeApi],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
        // Claude Code reads a tag in a description; `claude` includes the upload.
        let tagged = [("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use the <ViewTransition> component.\n---\n# Refunds\n")];
        assert!(lint_repo(&tagged, &[Target::ClaudeCode], &RULE).1.is_empty());
        assert_eq!(lint_repo(&tagged, &[Target::Claude], &RULE).1.len(), 1);
    }
}

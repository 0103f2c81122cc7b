//! `skill/byte-order-mark`.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::rules::skill::context::{Skill, SkillRule};
use crate::source::Span;

declare_rule! {
    /// file starts with a UTF-8 BOM (several clients then skip the skill)
    ///
    /// ## What it does
    /// Warns when `SKILL.md` starts with a UTF-8 byte-order mark.
    ///
    /// Severity: always a warning; most readers skip the mark.
    ///
    /// ## Why
    /// Several clients look for `---` as the very first bytes; with a BOM in front they find no frontmatter and skip the skill.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// EF BB BF 2D 2D 2D  (BOM, then ---)
    /// ```
    /// Good:
    /// ```text
    /// 2D 2D 2D  (---)
    /// ```
    ///
    /// ## Fix
    /// Save the file as UTF-8 without a BOM.
    pub static RULE = "skill/byte-order-mark", Warning,
        fixable: Safe, "removes the byte-order mark.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if !cx.parsed.bom {
            return;
        }
        let path = cx.path();
        out.push(
            Diagnostic::new(&RULE, path, "SKILL.md starts with a UTF-8 byte-order mark")
                .at(Span::new(0, 3))
                .label("byte-order mark")
                .help("save the file as UTF-8 without a BOM: several clients look for `---` as the very first bytes and skip the skill otherwise")
                .with_fix(Fix::replace(Applicability::Safe, "remove the byte-order mark", path, 0..3, "")),
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
    fn bom_is_reported_and_tolerated() {
        let text = format!("\u{feff}{}", fm(OK));
        assert_eq!(run(&text), vec![(&byte_order_mark::RULE, "\u{feff}".to_string())]);
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "﻿---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "SKILL.md starts with a UTF-8 byte-order mark");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "﻿");
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

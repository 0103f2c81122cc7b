//! `profile/combined-skill`.

use super::context::{quote, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;

declare_rule! {
    /// a skill name joins two skills (`research-and-writing`)
    ///
    /// ## What it does
    /// Warns when a skill name joins two skills with `and`, `&`, `+` or `/`.
    ///
    /// ## Why
    /// One name covers one skill; a combined entry hides which half is weak.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "research-and-writing", ...}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "research", ...}, {"name": "writing", ...}
    /// ```
    ///
    /// ## Fix
    /// Split it into one entry per skill, each with its own level and evidence.
    pub static RULE = "profile/combined-skill", Warning;
}

/// The usable name of each skill entry.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for entry in EntryKind::Skill.entries(cx.root) {
            let Some((name, span)) = entry.name() else {
                continue;
            };
            if joins_two_skills(name) {
                let d = cx
                    .diag(&RULE, format!("skill {} joins two skills", quote(name)))
                    .at(span)
                    .label("one name should cover one skill")
                    .help("split it into one entry per skill, each with its own level and evidence");
                out.push(d);
            }
        }
    }
}

/// Whether a skill name joins two skills (`research-and-writing`, `a+b`).
/// `profile/skill-name-style` leaves such a name to this rule.
pub fn joins_two_skills(name: &str) -> bool {
    name.split('-').any(|w| matches!(w, "and" | "plus" | "&")) || name.contains(['&', '+', '/'])
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;

    #[test]
    fn a_name_that_joins_two_skills() {
        let text = OK.replace("\"name\": \"web-search\"", "\"name\": \"research-and-writing\"");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(ds[0].message, "skill `research-and-writing` joins two skills");
        assert_eq!(span_text(&text, &ds[0]), "\"research-and-writing\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn one_skill_names() {
        assert!(joins_two_skills("Read/Write"));
        assert!(joins_two_skills("a-plus-b"));
        assert!(!joins_two_skills("brand-management"));
        assert_eq!(run(OK), vec![]);
    }
}

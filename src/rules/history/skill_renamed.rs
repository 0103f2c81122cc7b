//! `history/skill-renamed`.

use super::context::{diag, ChangedSkill, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// a skill's `name` changed (agents bind skills by name)
    ///
    /// ## What it does
    /// Warns when a skill's `name` differs from the base revision's.
    ///
    /// ## Why
    /// Agents and specs bind skills by name; a rename silently unbinds them.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -name: refund-policy
    /// +name: refunds
    /// ```
    /// Good:
    /// ```diff
    ///    name: refund-policy  (unchanged)
    /// ```
    ///
    /// ## Fix
    /// Keep the name, or add a new skill and retire the old one deliberately.
    pub static RULE = "history/skill-renamed", Warning;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_skill(&self, s: &ChangedSkill<'_>, out: &mut Vec<Diagnostic>) {
        let (Some((old, _)), Some((new, span))) = (
            s.base.and_then(|m| m.name.as_ref()),
            s.head.and_then(|m| m.name.as_ref()),
        ) else {
            return;
        };
        if old != new {
            out.push(
                diag(&RULE, &s.source.path, Some(*span), format!("skill `name` changed from `{old}` to `{new}`"))
                    .label(format!("was `{old}`"))
                    .help(format!("agents and specs bind skills by name, so a rename unbinds them: keep `{old}`, or add the new skill and retire the old one deliberately")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{human, skill};

    #[test]
    fn a_new_name_is_reported_at_the_name() {
        let base = "---\nname: pdf\ndescription: Fill forms.\n---\nbody\n";
        let head = "---\nname: pdf-forms\ndescription: Fill forms.\n---\nbody\n";
        let (source, out) = skill(&Check, base, head, &[], None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "skill `name` changed from `pdf` to `pdf-forms`");
        assert_eq!(&head[out[0].span.unwrap().range()], "pdf-forms");
        insta::assert_snapshot!(human(&source.path, head, out));
    }

    #[test]
    fn the_same_name_passes() {
        let base = "---\nname: pdf\n---\nold\n";
        let head = "---\nname: pdf\n---\nnew\n";
        assert!(skill(&Check, base, head, &["SKILL.md"], None).1.is_empty());
    }
}

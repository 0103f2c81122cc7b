//! `history/skill-version-decreased`.

use super::context::{diag, ChangedSkill, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::version;
use std::cmp::Ordering;

declare_rule! {
    /// a skill's `version` went down
    ///
    /// ## What it does
    /// Reports a skill `version` lower than the base revision's.
    ///
    /// ## Why
    /// Versions only rise; a lower one reuses a number for different content.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -version: "1.3.0"
    /// +version: "1.2.0"
    /// ```
    /// Good:
    /// ```diff
    /// -version: "1.3.0"
    /// +version: "1.4.0"
    /// ```
    ///
    /// ## Fix
    /// Use a version above every earlier one.
    pub static RULE = "history/skill-version-decreased", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_skill(&self, s: &ChangedSkill<'_>, out: &mut Vec<Diagnostic>) {
        let (Some((old, _)), Some((new, span))) = (
            s.base.and_then(|m| m.version.as_ref()),
            s.head.and_then(|m| m.version.as_ref()),
        ) else {
            return;
        };
        if version::compare(new, old) == Some(Ordering::Less) {
            out.push(
                diag(&RULE, &s.source.path, Some(*span), format!("skill `version` went down from \"{old}\" to \"{new}\""))
                    .label(format!("was \"{old}\""))
                    .help(format!("versions only rise: use a version above \"{old}\"")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{human, skill};

    #[test]
    fn a_lower_skill_version_is_reported() {
        let base = "---\nname: pdf\nversion: \"1.2.0\"\n---\nbody\n";
        let head = "---\nname: pdf\nversion: \"1.1.0\"\n---\nbody\n";
        let (source, out) = skill(&Check, base, head, &[], None);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "skill `version` went down from \"1.2.0\" to \"1.1.0\""
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "\"1.1.0\"");
        insta::assert_snapshot!(human(&source.path, head, out));
    }

    #[test]
    fn a_higher_skill_version_passes() {
        let base = "---\nname: pdf\nversion: 1.2.0\n---\nbody\n";
        let head = "---\nname: pdf\nversion: 1.10.0\n---\nbody\n";
        assert!(skill(&Check, base, head, &[], None).1.is_empty());
    }
}

//! `history/version-decreased`.

use super::context::{diag, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::version;
use std::cmp::Ordering;

declare_rule! {
    /// `version` went down
    ///
    /// ## What it does
    /// Reports a `version` lower than the base revision's.
    ///
    /// ## Why
    /// Versions only rise; a lower one makes two different claim sets share a number.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "version": "4"
    /// +  "version": "3"
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "4"
    /// +  "version": "5"
    /// ```
    ///
    /// ## Fix
    /// Use a version above every earlier one.
    pub static RULE = "history/version-decreased", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some(((old, _), (new, span))) = p.versions() else {
            return;
        };
        if version::compare(new, old) == Some(Ordering::Less) {
            out.push(
                diag(&RULE, p.path, Some(span), format!("`version` went down from \"{old}\" to \"{new}\""))
                    .label(format!("was \"{old}\""))
                    .help(format!("versions only rise: use a version above \"{old}\"")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn a_lower_version_is_reported() {
        let head = BASE.replace("\"3\"", "\"2\"");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "`version` went down from \"3\" to \"2\"");
        assert_eq!(&head[out[0].span.unwrap().range()], "\"2\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn a_higher_version_passes() {
        let head = BASE.replace("\"3\"", "\"10\"");
        assert!(changed(&Check, "a", BASE, &head, None).is_empty());
    }
}

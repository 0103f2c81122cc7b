//! `profile/invalid-access`.

use super::context::{check_attr, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;

declare_rule! {
    /// access not `none`/`read`/`write`/`execute` (did-you-mean)
    ///
    /// ## What it does
    /// Checks that every tool's `access` is one of `none`, `read`, `write`, `execute`, and suggests the closest one.
    ///
    /// ## Why
    /// Access values have fixed meanings that reviewers rely on to judge risk.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "python", "access": "run", "evidence": [{"kind": "test", "ref": "py-1"}]}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "python", "access": "execute", "evidence": [{"kind": "test", "ref": "py-1"}]}
    /// ```
    ///
    /// ## Fix
    /// Use the lowest access value that covers the tested use.
    pub static RULE = "profile/invalid-access", Error;
}

/// The `access` of each tool entry that is an object.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for entry in EntryKind::Tool.entries(cx.root) {
            out.extend(check_attr(cx, &RULE, &entry));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;

    #[test]
    fn an_unknown_access_skips_the_evidence_check() {
        let text = OK.replace("\"read\"", "\"reed\"");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "tool `browser`: `access` \"reed\" is not one of none, read, write, execute"
        );
        assert_eq!(ds[0].help.as_deref(), Some("did you mean `read`?"));
        assert_eq!(span_text(&text, &ds[0]), "\"reed\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn a_non_string_access_and_good_ones() {
        let text = OK.replace("\"access\": \"none\"", "\"access\": 2");
        let ds = run_checks(&[&Check], &text);
        assert_eq!(ds.len(), 1);
        assert_eq!(
            ds[0].message,
            "tool `mail`: `access` 2 is not one of none, read, write, execute"
        );
        assert_eq!(
            ds[0].help.as_deref(),
            Some("use one of: none, read, write, execute")
        );
        assert_eq!(run_checks(&[&Check], OK), vec![]);
    }
}

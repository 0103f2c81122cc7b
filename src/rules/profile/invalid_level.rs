//! `profile/invalid-level`.

use super::context::{check_attr, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;

declare_rule! {
    /// level not `basic`/`proficient`/`advanced` (did-you-mean)
    ///
    /// ## What it does
    /// Checks that every skill's `level` is one of `basic`, `proficient`, `advanced`, and suggests the closest one.
    ///
    /// ## Why
    /// The three levels have fixed meanings; any other word cannot be compared across profiles.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "web-search", "level": "expert", "evidence": [{"kind": "log", "ref": "run-1"}]}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "web-search", "level": "advanced", "evidence": [{"kind": "log", "ref": "run-1"}]}
    /// ```
    ///
    /// ## Fix
    /// Use one of the three levels, chosen from the evidence.
    pub static RULE = "profile/invalid-level", Error;
}

/// The `level` of each skill entry that is an object.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        for entry in EntryKind::Skill.entries(cx.root) {
            out.extend(check_attr(cx, &RULE, &entry));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, run_checks, span_text, OK};
    use super::*;

    #[test]
    fn a_misspelt_level_gets_a_suggestion() {
        let text = OK.replace("\"basic\"", "\"advance\"");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        let d = &ds[0];
        assert_eq!(
            d.message,
            "skill `web-search`: `level` \"advance\" is not one of basic, proficient, advanced"
        );
        assert_eq!(d.help.as_deref(), Some("did you mean `advanced`?"));
        assert_eq!(span_text(&text, d), "\"advance\"");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn a_missing_level_and_a_good_one() {
        let text = OK.replace("\"level\": \"basic\", ", "");
        let ds = run_checks(&[&Check], &text);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "skill `web-search` has no `level`");
        assert_eq!(span_text(&text, &ds[0]), "{");
        assert_eq!(run_checks(&[&Check], OK), vec![]);
    }
}

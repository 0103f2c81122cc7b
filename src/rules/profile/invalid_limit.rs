//! `profile/invalid-limit`.

use super::context::{ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::{limits, non_empty_str};

declare_rule! {
    /// a limit is not a non-empty string
    ///
    /// ## What it does
    /// Checks that each entry of `limits` is a non-empty string.
    ///
    /// ## Why
    /// Limits are read as plain statements by reviewers and routers; numbers, objects and blanks say nothing.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "limits": ["", 3]
    /// ```
    /// Good:
    /// ```json
    /// "limits": ["Handles files up to 10 MB."]
    /// ```
    ///
    /// ## Fix
    /// Write each limit as a short plain sentence.
    pub static RULE = "profile/invalid-limit", Error;
}

/// Each item of `limits`, when it is a list.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let Some((_, items)) = limits(cx.root) else {
            return;
        };
        for item in items {
            if non_empty_str(item).is_none() {
                let what = if item.as_str().is_some() {
                    "an empty string".to_string()
                } else {
                    item.type_name().to_string()
                };
                let d = cx
                    .diag(
                        &RULE,
                        format!("a limit must be a non-empty string, found {what}"),
                    )
                    .at(item.span)
                    .label("not a limit statement")
                    .help("write each limit as a short plain sentence");
                out.push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;

    #[test]
    fn limits_that_are_not_statements() {
        let text = OK.replace("\"limits\": [\"x\"]", "\"limits\": [\"x\", 3, \"\"]");
        assert_eq!(rules(&text), vec![&RULE, &RULE]);
        let ds = run(&text);
        assert_eq!(ds[0].message, "a limit must be a non-empty string, found a number");
        assert_eq!(span_text(&text, &ds[0]), "3");
        assert_eq!(ds[1].message, "a limit must be a non-empty string, found an empty string");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn a_sentence_is_a_limit() {
        assert_eq!(run(OK), vec![]);
    }
}

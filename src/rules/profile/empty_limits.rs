//! `profile/empty-limits`.

use super::context::{ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::limits;

declare_rule! {
    /// `limits` is an empty list
    ///
    /// ## What it does
    /// Warns when `limits` is `[]`.
    ///
    /// ## Why
    /// Every agent has limits; an empty list usually means the section was skipped, and routing then assumes none.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "limits": []
    /// ```
    /// Good:
    /// ```json
    /// "limits": ["No access to private mailboxes."]
    /// ```
    ///
    /// ## Fix
    /// Write the one or two limits that exist, as testable statements.
    pub static RULE = "profile/empty-limits", Warning;
}

/// `limits`, when it is a list.
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        if let Some((m, [])) = limits(cx.root) {
            let d = cx
                .diag(&RULE, "`limits` is empty: no limits declared")
                .at(m.value.span)
                .label("empty list")
                .help("every agent has limits; write the one or two that exist, as testable statements");
            out.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;

    #[test]
    fn an_empty_list_of_limits() {
        let text = OK.replace("\"limits\": [\"x\"]", "\"limits\": [ ]");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(ds[0].message, "`limits` is empty: no limits declared");
        assert_eq!(span_text(&text, &ds[0]), "[ ]");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn one_limit_is_enough() {
        assert_eq!(run(OK), vec![]);
        // Bad limits are not an empty list.
        let text = OK.replace("\"limits\": [\"x\"]", "\"limits\": [\"\"]");
        assert!(!rules(&text).contains(&&RULE));
    }
}

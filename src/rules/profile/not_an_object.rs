//! `profile/not-an-object`.

use super::context::{ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// top level is not an object
    ///
    /// ## What it does
    /// Checks that the document is a JSON object.
    ///
    /// ## Why
    /// A profile is one object with agent_id, version, declared_at, skills, tools and limits; anything else cannot be read as a profile.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// [{"agent_id": "a"}]
    /// ```
    /// Good:
    /// ```json
    /// {
    ///   "agent_id": "research-agent-07",
    ///   "version": "3",
    ///   "declared_at": "2026-10-01",
    ///   "skills": [{"name": "web-search", "level": "proficient",
    ///               "evidence": [{"kind": "log", "ref": "run-2026-09-28-search"}]}],
    ///   "tools": [{"name": "browser", "access": "read",
    ///              "evidence": [{"kind": "log", "ref": "browser-check-09"}]}],
    ///   "limits": ["No access to private mailboxes."]
    /// }
    /// ```
    ///
    /// ## Fix
    /// Make the top level a single object.
    pub static RULE = "profile/not-an-object", Error;
}

/// The root of the tree. When it is not an object, the field rules find
/// nothing (see `ProfileCx::members`).
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let root = cx.root;
        if root.as_object().is_none() {
            let d = cx
                .diag(&RULE, format!("a profile must be a JSON object, found {}", root.type_name()))
                .at(root.open_span())
                .label("expected `{`")
                .help("a profile is one object with agent_id, version, declared_at, skills, tools and limits");
            out.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;

    #[test]
    fn a_list_is_not_a_profile() {
        let text = " [1]";
        assert_eq!(rules(text), vec![&RULE]);
        let ds = run(text);
        assert_eq!(ds[0].message, "a profile must be a JSON object, found a list");
        assert_eq!(span_text(text, &ds[0]), "[");
        insta::assert_snapshot!(human(text, ds));
    }

    #[test]
    fn an_object_is() {
        assert_eq!(run(OK), vec![]);
        assert!(!rules("{}").contains(&&RULE));
    }
}

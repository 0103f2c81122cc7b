//! `history/access-widened`.

use super::context::{diag, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::claims::Change;

declare_rule! {
    /// a tool's access rose (`read` → `write`), or a new tool arrived with `write`/`execute`: a finding for the reviewer
    ///
    /// ## What it does
    /// Reports raised tool access and new tools with write or execute access in an existing profile, at the tool's `access` value.
    ///
    /// ## Why
    /// Excess access raises the risk of every assignment; a reviewer should see it rather than find it later.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  {"name": "repo", "access": "read"}
    /// +  {"name": "repo", "access": "write"}
    /// ```
    /// Good:
    /// ```diff
    ///    {"name": "repo", "access": "read"}
    /// ```
    ///
    /// ## Fix
    /// Confirm the wider access is needed and evidenced; otherwise claim the lower access.
    pub static RULE = "history/access-widened", Warning;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        for c in p.changes.iter().filter(|c| c.widens_access()) {
            let (name, text) = match c {
                Change::Access { name, from, to } => (
                    name,
                    format!("tool {name}: access rose from {from} to {to}"),
                ),
                Change::ToolAdded { name, access } => {
                    (name, format!("new tool {name} with {access} access"))
                }
                _ => continue,
            };
            let span = p.head_claims.tools.get(name).and_then(|t| t.access_span);
            out.push(
                diag(&RULE, p.path, span, text)
                    .label("wider access")
                    .help("confirm the wider access is needed for the work offered and backed by evidence that shows a change or a run; otherwise claim the lower access"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn raised_access_is_reported_at_the_access_value() {
        let head = BASE
            .replace("\"read\"", "\"write\"")
            .replace("\"3\"", "\"4\"")
            .replace("2026-10-01", "2026-10-02");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "tool browser: access rose from read to write");
        assert_eq!(&head[out[0].span.unwrap().range()], "\"write\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn a_new_tool_with_execute_access_is_reported() {
        let head = BASE.replace(
            "\"tools\": [",
            "\"tools\": [{\"name\": \"shell\", \"access\": \"execute\"}, ",
        );
        let out = changed(&Check, "a", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "new tool shell with execute access");
    }

    #[test]
    fn lowered_access_or_a_read_only_tool_passes() {
        let lower = BASE.replace("\"read\"", "\"none\"");
        assert!(changed(&Check, "a", BASE, &lower, None).is_empty());
        let reader = BASE.replace(
            "\"tools\": [",
            "\"tools\": [{\"name\": \"docs\", \"access\": \"read\"}, ",
        );
        assert!(changed(&Check, "a", BASE, &reader, None).is_empty());
    }
}

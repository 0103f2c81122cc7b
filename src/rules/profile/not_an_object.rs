//! `profile/not-an-object`.

use crate::diagnostic::declare_rule;

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

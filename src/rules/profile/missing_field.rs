//! `profile/missing-field`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `agent_id`, `version`, `declared_at`, `skills`, `tools` or `limits` is absent
    ///
    /// ## What it does
    /// Checks that every required field is present. The finding points at the object's opening brace.
    ///
    /// ## Why
    /// Routing and audit need all six: who the agent is, which revision, when the claims were checked, and what it claims and refuses.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"agent_id": "a", "version": "1", "skills": [], "tools": [], "limits": []}
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
    /// Add the missing field.
    pub static RULE = "profile/missing-field", Error;
}

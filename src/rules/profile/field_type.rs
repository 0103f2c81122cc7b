//! `profile/field-type`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// one of those has the wrong type or is empty (e.g. `"version": 3`: help says to quote it)
    ///
    /// ## What it does
    /// Checks that `agent_id`, `version` and `declared_at` are non-empty strings, that `skills`, `tools` and `limits` are lists, and that `notes` is a string and `retired_at` a string when present.
    ///
    /// ## Why
    /// Versions are compared as strings of digits or SemVer; a JSON number loses that form (`1.10` becomes `1.1`). An empty `agent_id` cannot identify anyone.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"agent_id": "a", "version": 3, "declared_at": "2026-10-01", "skills": [], "tools": [], "limits": ["x"]}
    /// ```
    /// Good:
    /// ```json
    /// {"agent_id": "a", "version": "3", "declared_at": "2026-10-01", "skills": [], "tools": [], "limits": ["x"]}
    /// ```
    ///
    /// ## Fix
    /// Use the type shown in the message; quote versions.
    pub static RULE = "profile/field-type", Error;
}

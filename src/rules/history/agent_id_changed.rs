//! `history/agent-id-changed`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `agent_id` changed
    ///
    /// ## What it does
    /// Reports an `agent_id` different from the base revision's for the same profile file.
    ///
    /// ## Why
    /// `agent_id` is stable across versions; decisions recorded against the old id would point at nothing.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "agent_id": "research-agent-07"
    /// +  "agent_id": "research-agent-08"
    /// ```
    /// Good:
    /// ```diff
    ///    "agent_id": "research-agent-07"  (unchanged; version raised)
    /// ```
    ///
    /// ## Fix
    /// Keep the old id. A different agent gets a new file, and the old profile is retired.
    pub static RULE = "history/agent-id-changed", Error;
}

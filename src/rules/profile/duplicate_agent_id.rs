//! `profile/duplicate-agent-id`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// two profile files declare the same `agent_id` (labels on both files)
    ///
    /// ## What it does
    /// Compares `agent_id` across every profile in the run and reports each file that shares one, pointing at the other.
    ///
    /// ## Why
    /// `agent_id` identifies one agent across versions; two files with the same id make routing pick one at random.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// agents/a.profile.json: "agent_id": "research-agent-07"
    /// agents/b.profile.json: "agent_id": "research-agent-07"
    /// ```
    /// Good:
    /// ```json
    /// agents/a.profile.json: "agent_id": "research-agent-07"
    /// agents/b.profile.json: "agent_id": "writer-agent-02"
    /// ```
    ///
    /// ## Fix
    /// Give each agent its own id; keep one file per agent.
    pub static RULE = "profile/duplicate-agent-id", Error;
}

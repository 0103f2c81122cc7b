//! `history/profile-deleted`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a profile at the base is gone and no file carries its `agent_id`; help: set `retired_at` instead
    ///
    /// ## What it does
    /// Reports a profile present at the base whose `agent_id` no file carries any more. A profile moved to another path keeps its `agent_id`, so a rename is not a deletion. The finding is at the old path, without a span.
    ///
    /// ## Why
    /// Past routing decisions used the profile; deleting it removes the record they need for audit.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// git rm agents/research.profile.json
    /// ```
    /// Good:
    /// ```text
    /// "retired_at": "2026-11-20"
    /// ```
    ///
    /// ## Fix
    /// Restore the file and set `retired_at`.
    pub static RULE = "history/profile-deleted", Error;
}

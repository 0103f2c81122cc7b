//! `history/access-widened`.

use crate::diagnostic::declare_rule;

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

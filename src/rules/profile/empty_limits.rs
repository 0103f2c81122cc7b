//! `profile/empty-limits`.

use crate::diagnostic::declare_rule;

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

//! `history/retired-profile-changed`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// claims of a profile with `retired_at` changed, or `retired_at` was removed
    ///
    /// ## What it does
    /// A retired profile is frozen: its claims may not change and `retired_at` may not be removed.
    ///
    /// ## Why
    /// Retired profiles are kept for audit; changing them rewrites what past decisions relied on.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// retired profile gains a skill
    /// ```
    /// Good:
    /// ```diff
    /// retired profile unchanged; a new profile file for new claims
    /// ```
    ///
    /// ## Fix
    /// Revert the change; write a new profile for an agent that takes work again.
    pub static RULE = "history/retired-profile-changed", Error;
}

//! `history/skill-renamed`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill's `name` changed (agents bind skills by name)
    ///
    /// ## What it does
    /// Warns when a skill's `name` differs from the base revision's.
    ///
    /// ## Why
    /// Agents and specs bind skills by name; a rename silently unbinds them.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -name: refund-policy
    /// +name: refunds
    /// ```
    /// Good:
    /// ```diff
    ///    name: refund-policy  (unchanged)
    /// ```
    ///
    /// ## Fix
    /// Keep the name, or add a new skill and retire the old one deliberately.
    pub static RULE = "history/skill-renamed", Warning;
}

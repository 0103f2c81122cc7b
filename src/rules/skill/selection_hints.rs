//! `skill/selection-hints`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `when_to_use` / `when_not_to_use` not a list of 1–5 non-empty strings of at most 200 chars
    ///
    /// ## What it does
    /// Checks the optional selection hints: each a list of one to five non-empty strings of at most 200 characters.
    ///
    /// ## Why
    /// The hints are charged on every turn for every registered skill; clients enforce these limits.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// when_to_use: A production service is down
    /// ```
    /// Good:
    /// ```yaml
    /// when_to_use:
    ///   - A production service is degraded or down
    /// ```
    ///
    /// ## Fix
    /// Write a short list of plain cases.
    pub static RULE = "skill/selection-hints", Error;
}

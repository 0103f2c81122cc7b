//! `history/skill-version-decreased`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill's `version` went down
    ///
    /// ## What it does
    /// Reports a skill `version` lower than the base revision's.
    ///
    /// ## Why
    /// Versions only rise; a lower one reuses a number for different content.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -version: "1.3.0"
    /// +version: "1.2.0"
    /// ```
    /// Good:
    /// ```diff
    /// -version: "1.3.0"
    /// +version: "1.4.0"
    /// ```
    ///
    /// ## Fix
    /// Use a version above every earlier one.
    pub static RULE = "history/skill-version-decreased", Error;
}

//! `history/version-decreased`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `version` went down
    ///
    /// ## What it does
    /// Reports a `version` lower than the base revision's.
    ///
    /// ## Why
    /// Versions only rise; a lower one makes two different claim sets share a number.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "version": "4"
    /// +  "version": "3"
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "4"
    /// +  "version": "5"
    /// ```
    ///
    /// ## Fix
    /// Use a version above every earlier one.
    pub static RULE = "history/version-decreased", Error;
}

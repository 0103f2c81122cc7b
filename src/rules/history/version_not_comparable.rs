//! `history/version-not-comparable`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// old and new `version` cannot be compared
    ///
    /// ## What it does
    /// Versions compare as integers when both are digit strings and as SemVer when both are SemVer; anything else cannot be ordered.
    ///
    /// ## Why
    /// If versions cannot be ordered, nobody can tell which revision is newer.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "version": "3"
    /// +  "version": "v4-beta"
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "3"
    /// +  "version": "4"
    /// ```
    ///
    /// ## Fix
    /// Keep one version scheme: plain integers or SemVer.
    pub static RULE = "history/version-not-comparable", Error;
}

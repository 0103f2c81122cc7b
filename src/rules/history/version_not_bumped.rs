//! `history/version-not-bumped`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// claims changed and `version` did not rise; the message lists what changed
    ///
    /// ## What it does
    /// Compares the profile's claims (skills with level and evidence, tools with access and evidence, limits) with the base revision; when they changed, `version` must rise.
    ///
    /// ## Why
    /// A routing decision records the profile version it used. If claims change under the same version, that record no longer says what was relied on.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "version": "3",   "level": "proficient"
    /// +  "version": "3",   "level": "advanced"
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "3",   "level": "proficient"
    /// +  "version": "4",   "level": "advanced"
    /// ```
    ///
    /// ## Fix
    /// Raise `version` (and recheck, moving `declared_at`).
    pub static RULE = "history/version-not-bumped", Error,
        fixable: Safe, "sets `version` to the next free version (digit strings: the larger of the base's and the target tip's plus one; SemVer: the next minor). `declared_at` is never touched: recheck the claims and set it yourself.";
}

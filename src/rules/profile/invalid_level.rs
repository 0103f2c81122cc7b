//! `profile/invalid-level`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// level not `basic`/`proficient`/`advanced` (did-you-mean)
    ///
    /// ## What it does
    /// Checks that every skill's `level` is one of `basic`, `proficient`, `advanced`, and suggests the closest one.
    ///
    /// ## Why
    /// The three levels have fixed meanings; any other word cannot be compared across profiles.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "web-search", "level": "expert", "evidence": [{"kind": "log", "ref": "run-1"}]}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "web-search", "level": "advanced", "evidence": [{"kind": "log", "ref": "run-1"}]}
    /// ```
    ///
    /// ## Fix
    /// Use one of the three levels, chosen from the evidence.
    pub static RULE = "profile/invalid-level", Error;
}

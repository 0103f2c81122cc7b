//! `history/declared-at-without-version`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `declared_at` moved and `version` did not rise (a date carried forward with no recheck)
    ///
    /// ## What it does
    /// Reports a `declared_at` moved later while `version` stayed the same (moving it earlier is `history/declared-at-backwards`).
    ///
    /// ## Why
    /// A recheck raises the version. Moving the date alone makes an old profile look fresh: a false claim about freshness.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "declared_at": "2026-10-01"
    /// +  "declared_at": "2026-11-20"   (version unchanged)
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "3", "declared_at": "2026-10-01"
    /// +  "version": "4", "declared_at": "2026-11-20"
    /// ```
    ///
    /// ## Fix
    /// Raise `version` with the recheck, or restore the old date.
    pub static RULE = "history/declared-at-without-version", Error;
}

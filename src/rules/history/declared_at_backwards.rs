//! `history/declared-at-backwards`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `declared_at` moved earlier
    ///
    /// ## What it does
    /// Reports a `declared_at` earlier than the base revision's.
    ///
    /// ## Why
    /// The check date only moves forward; an earlier date rewrites when claims were checked.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "declared_at": "2026-10-01"
    /// +  "declared_at": "2026-09-01"
    /// ```
    /// Good:
    /// ```diff
    /// -  "declared_at": "2026-10-01"
    /// +  "declared_at": "2026-11-01"
    /// ```
    ///
    /// ## Fix
    /// Restore the date, or set the date of a real recheck.
    pub static RULE = "history/declared-at-backwards", Error;
}

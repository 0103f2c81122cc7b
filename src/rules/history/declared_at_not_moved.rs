//! `history/declared-at-not-moved`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// claims changed and `declared_at` still names the old check date
    ///
    /// ## What it does
    /// Warns when claims changed but `declared_at` did not move.
    ///
    /// ## Why
    /// Changed claims were checked on some date, and it was not the old one.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// claims changed, "declared_at": "2026-10-01" kept
    /// ```
    /// Good:
    /// ```diff
    /// claims changed, "declared_at": "2026-11-20"
    /// ```
    ///
    /// ## Fix
    /// Set `declared_at` to the date the new claims were checked.
    pub static RULE = "history/declared-at-not-moved", Warning;
}

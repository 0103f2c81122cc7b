//! `profile/declared-in-future`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `declared_at` is after the as-of date
    ///
    /// ## What it does
    /// Compares `declared_at` with the as-of date (`--as-of`, today by default).
    ///
    /// ## Why
    /// `declared_at` is the date the claims were checked; a check cannot happen in the future. A future date hides staleness for months.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "declared_at": "2099-01-01"
    /// ```
    /// Good:
    /// ```json
    /// "declared_at": "2026-10-01"
    /// ```
    ///
    /// ## Fix
    /// Set `declared_at` to the date the claims were actually rechecked.
    pub static RULE = "profile/declared-in-future", Error;
}

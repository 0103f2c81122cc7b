//! `profile/invalid-date`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `declared_at` (or an evidence `date`) is not a real date in `YYYY-MM-DD` form
    ///
    /// ## What it does
    /// Checks `declared_at`, `retired_at` and every evidence `date`: four-digit year, two-digit month and day, zero padded, and a real calendar date.
    ///
    /// ## Why
    /// Freshness is computed from these dates. `2026-2-30` or `10/01/2026` cannot be compared reliably.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "declared_at": "2026-10-1"
    /// ```
    /// Good:
    /// ```json
    /// "declared_at": "2026-10-01"
    /// ```
    ///
    /// ## Fix
    /// Write the date as YYYY-MM-DD.
    pub static RULE = "profile/invalid-date", Error;
}

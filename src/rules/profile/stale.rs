//! `profile/stale`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// age in days is over `freshness_days` (90) and the profile is not retired
    ///
    /// ## What it does
    /// Computes the age (as-of date minus `declared_at`) and warns when it is over `freshness_days` (90 by default). Retired profiles are not checked.
    ///
    /// ## Why
    /// Claims that have not been rechecked within the freshness limit should be treated as unverified before routing work from them.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "declared_at": "2025-01-01"   (checked as of 2026-10-15)
    /// ```
    /// Good:
    /// ```json
    /// "declared_at": "2026-10-01"   (checked as of 2026-10-15)
    /// ```
    ///
    /// ## Fix
    /// Recheck every claim, then raise `version` and set `declared_at` to the recheck date; or set `retired_at` if the agent no longer takes work.
    pub static RULE = "profile/stale", Warning;
}

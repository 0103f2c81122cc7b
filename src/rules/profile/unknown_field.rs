//! `profile/unknown-field`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a key that is not part of the format (did-you-mean, e.g. `declared-at`)
    ///
    /// ## What it does
    /// Warns about keys the format does not define, at the top level and in skill, tool and evidence entries, and suggests the closest known key.
    ///
    /// ## Why
    /// A misspelt key (`declared-at`) is silently ignored by every reader, so the real field looks missing or stale.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"declared-at": "2026-10-01"}
    /// ```
    /// Good:
    /// ```json
    /// {"declared_at": "2026-10-01"}
    /// ```
    ///
    /// ## Fix
    /// Rename the key, or move free text into `notes`.
    pub static RULE = "profile/unknown-field", Warning,
        fixable: Unsafe, "renames the key to the known key it is closest to (`declared-at` becomes `declared_at`), when there is one; unsafe, because the value then counts.";
}

//! `profile/duplicate-key`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// an object repeats a key
    ///
    /// ## What it does
    /// Reports every key that appears twice in the same JSON object, with a label on the first occurrence.
    ///
    /// ## Why
    /// JSON parsers disagree on duplicates: some keep the first value, most keep the last. Two readers of the same profile can see different claims.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"version": "2", "version": "3"}
    /// ```
    /// Good:
    /// ```json
    /// {"version": "3"}
    /// ```
    ///
    /// ## Fix
    /// Keep one of the two entries.
    pub static RULE = "profile/duplicate-key", Error;
}

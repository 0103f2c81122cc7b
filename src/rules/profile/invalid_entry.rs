//! `profile/invalid-entry`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill or tool entry is not an object, or has no non-empty `name`
    ///
    /// ## What it does
    /// Checks that each entry of `skills` and `tools` is an object with a non-empty string `name`.
    ///
    /// ## Why
    /// Routing matches requirements to entries by name; an entry without one cannot be matched.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "skills": ["web-search"]
    /// ```
    /// Good:
    /// ```json
    /// "skills": [{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "run-1"}]}]
    /// ```
    ///
    /// ## Fix
    /// Write each entry as an object with `name`, `level`/`access` and `evidence`.
    pub static RULE = "profile/invalid-entry", Error;
}

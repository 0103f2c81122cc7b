//! `profile/duplicate-name`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// two skills, or two tools, share a name (labels on both)
    ///
    /// ## What it does
    /// Reports a skill or tool name that appears twice in its list, with a label on each entry.
    ///
    /// ## Why
    /// Routing reads one entry per name; two entries with different levels make the claim ambiguous.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "skills": [{"name": "web-search", "level": "basic", ...}, {"name": "web-search", "level": "advanced", ...}]
    /// ```
    /// Good:
    /// ```json
    /// "skills": [{"name": "web-search", "level": "basic", ...}]
    /// ```
    ///
    /// ## Fix
    /// Keep one entry per name.
    pub static RULE = "profile/duplicate-name", Error;
}

//! `profile/combined-skill`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill name joins two skills (`research-and-writing`)
    ///
    /// ## What it does
    /// Warns when a skill name joins two skills with `and`, `&`, `+` or `/`.
    ///
    /// ## Why
    /// One name covers one skill; a combined entry hides which half is weak.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "research-and-writing", ...}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "research", ...}, {"name": "writing", ...}
    /// ```
    ///
    /// ## Fix
    /// Split it into one entry per skill, each with its own level and evidence.
    pub static RULE = "profile/combined-skill", Warning;
}

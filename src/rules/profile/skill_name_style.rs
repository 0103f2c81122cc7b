//! `profile/skill-name-style`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill name is not short, lower case and hyphenated
    ///
    /// ## What it does
    /// Checks that skill names are lower-case words of letters and digits joined by single hyphens, at most 32 characters and 4 words.
    ///
    /// ## Why
    /// Names are matched across profiles and requirements; `Web Search`, `web_search` and `web-search` should not be three skills.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "Web Search", ...}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "web-search", ...}
    /// ```
    ///
    /// ## Fix
    /// Rename to a short lower-case hyphenated name.
    pub static RULE = "profile/skill-name-style", Warning;
}

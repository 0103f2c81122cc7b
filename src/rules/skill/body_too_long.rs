//! `skill/body-too-long`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// body over 500 lines or about 5000 tokens (4 chars a token)
    ///
    /// ## What it does
    /// Warns when the body after the frontmatter is over 500 lines or about 5000 tokens (counted as four characters a token), pointing at the line where the limit is passed.
    ///
    /// ## Why
    /// The body is loaded whole into the conversation; details only some conversations need belong in resource files.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// SKILL.md with 900 lines
    /// ```
    /// Good:
    /// ```text
    /// SKILL.md with 120 lines pointing at references/details.md
    /// ```
    ///
    /// ## Fix
    /// Move details into referenced files.
    pub static RULE = "skill/body-too-long", Warning;
}

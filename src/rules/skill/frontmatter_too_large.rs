//! `skill/frontmatter-too-large`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// frontmatter over 256 KiB
    ///
    /// ## What it does
    /// Refuses frontmatter larger than 256 KiB before parsing it.
    ///
    /// ## Why
    /// Clients reject oversized frontmatter to avoid memory exhaustion; metadata that large belongs in the body or a resource file.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// ---
    /// name: x
    /// description: (300 KB of text)
    /// ---
    /// ```
    /// Good:
    /// ```markdown
    /// ---
    /// name: x
    /// description: One line that says when to use the skill.
    /// ---
    /// ```
    ///
    /// ## Fix
    /// Move the bulk into the body or a referenced file.
    pub static RULE = "skill/frontmatter-too-large", Error;
}

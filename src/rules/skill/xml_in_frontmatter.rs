//! `skill/xml-in-frontmatter`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// with target `claude`: the name or description holds an XML tag (`<tag>`, `</tag>`)
    ///
    /// ## What it does
    /// Enabled by target `claude`. Reports an XML-like tag — `<name>`, `</name>`, `<name attr="…">`, `<name/>` — in `name` or `description`, even inside backticks. Comparisons and arrows (`a < b`, `<=`, `->`) are not tags.
    ///
    /// ## Why
    /// Anthropic rejects a skill whose name or description contains XML tags on upload: the description is placed in the system prompt, where a tag could pass for structure.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// description: Animate route changes with the `<ViewTransition>` component.
    /// ```
    /// Good:
    /// ```yaml
    /// description: Animate route changes with the ViewTransition component.
    /// ```
    ///
    /// ## Fix
    /// Write the name or description without angle brackets (`ViewTransition` rather than `<ViewTransition>`).
    pub static RULE = "skill/xml-in-frontmatter", Error;
}

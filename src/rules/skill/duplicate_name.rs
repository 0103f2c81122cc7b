//! `skill/duplicate-name`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// two skills in the repository share a name (labels on both)
    ///
    /// ## What it does
    /// Reports skills in different folders that declare the same `name`, labelling both.
    ///
    /// ## Why
    /// Installation matches by name; a collision is skipped silently forever.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/a/SKILL.md: name: code-review
    /// skills/b/SKILL.md: name: code-review
    /// ```
    /// Good:
    /// ```text
    /// skills/a/SKILL.md: name: code-review
    /// skills/b/SKILL.md: name: security-review
    /// ```
    ///
    /// ## Fix
    /// Give each skill its own name.
    pub static RULE = "skill/duplicate-name", Error;
}

//! `skill/description-too-long`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// over `description_max_chars` (1024) characters, counted as Unicode scalar values; 500 with target `platform`
    ///
    /// ## What it does
    /// Counts the description in Unicode scalar values (not bytes) and compares with `description_max_chars` (1024), or with the lowest limit of the selected targets when that is lower: `platform` accepts at most 500 characters, `agentskills`, `claude` and `codex` 1024. With target `codex`, `metadata.short-description` is held to 1024 characters too: Codex refuses to load a skill whose short description is longer.
    ///
    /// ## Why
    /// The description is charged on every turn for every bound skill, and clients reject long ones.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// description: (1,500 characters)
    /// ```
    /// Good:
    /// ```yaml
    /// description: When a refund is given without asking, when it needs approval, and how to say no.
    /// ```
    ///
    /// ## Fix
    /// Shorten it to when to reach for the skill; move detail into the body.
    pub static RULE = "skill/description-too-long", Error;
}

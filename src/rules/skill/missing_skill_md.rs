//! `skill/missing-skill-md`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a folder under a skills root (`skill_roots`) has no `SKILL.md`
    ///
    /// ## What it does
    /// Every folder directly inside a skills root (`skill_roots`, default `**/skills`) must hold a `SKILL.md`. Hidden folders are not checked. A folder that only groups skills gets a hint to list it in `skill_roots` instead.
    ///
    /// ## Why
    /// Clients discover skills by their `SKILL.md`; a folder without one is silently skipped, and whatever it was meant to teach never reaches an agent.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refund-policy/README.md
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md
    /// ```
    ///
    /// ## Fix
    /// Add a `SKILL.md` with `name` and `description` frontmatter, or move the folder out of the skills root.
    pub static RULE = "skill/missing-skill-md", Error;
}

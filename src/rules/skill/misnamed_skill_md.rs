//! `skill/misnamed-skill-md`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// the file is `skill.md`, `Skill.md`, …
    ///
    /// ## What it does
    /// Reports a file named `SKILL.md` in another casing (`skill.md`, `Skill.md`) when it is meant as one: in a skills root, next to a real `SKILL.md`, or starting with a `---` frontmatter line. A page about skills elsewhere (`docs/skill.md`) is left alone.
    ///
    /// ## Why
    /// Clients look for the exact name `SKILL.md`; on case-sensitive file systems `skill.md` is never found.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refund-policy/skill.md
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md
    /// ```
    ///
    /// ## Fix
    /// Rename the file to `SKILL.md`.
    pub static RULE = "skill/misnamed-skill-md", Error,
        fixable: Safe, "renames the file to `SKILL.md` when no `SKILL.md` exists next to it.";
}

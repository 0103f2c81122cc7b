//! `skill/name-mismatch`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `name` is not the folder's name (NFKC on both)
    ///
    /// ## What it does
    /// Compares `name` with the name of the folder holding `SKILL.md`, both after Unicode NFKC normalization (so a folder written in full-width letters, or in another normalization form, still matches).
    ///
    /// ## Why
    /// Installers and galleries match skills by folder name; a mismatch is skipped or installed twice.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refunds/SKILL.md:  name: refund-policy
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md:  name: refund-policy
    /// ```
    ///
    /// ## Fix
    /// Rename the folder or the skill so they agree.
    pub static RULE = "skill/name-mismatch", Error,
        fixable: Unsafe, "sets `name` to the folder's name, in the value's quote style; unsafe, because clients load the skill by its name.";
}

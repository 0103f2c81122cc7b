//! `history/skill-version-not-bumped`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill that declares `version` changed (SKILL.md outside `version`, or any file in its folder) and `version` did not rise
    ///
    /// ## What it does
    /// For skills that declare `version`, any change to a file git tracks in the skill folder — SKILL.md outside its `version` value, a script, a reference — requires a higher version. Files git does not track are not part of the skill.
    ///
    /// ## Why
    /// Consumers pin and compare skill versions to detect drift; a changed skill under the same version is drift they cannot see.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// SKILL.md body edited, version: "1.2.0" kept
    /// ```
    /// Good:
    /// ```diff
    /// SKILL.md body edited, version: "1.3.0"
    /// ```
    ///
    /// ## Fix
    /// Raise `version`.
    pub static RULE = "history/skill-version-not-bumped", Error,
        fixable: Safe, "sets the skill's `version` to the next free version, in the value's quote style.";
}

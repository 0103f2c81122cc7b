//! `skill/reference-escapes`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a reference or a symlink leads outside the skill folder (`..`, absolute path); a warning when the target exists in the repository (it breaks only when the skill is installed alone)
    ///
    /// ## What it does
    /// Reports links with an absolute path, references that climb out of the folder with `..`, references through a symlink that leaves the folder, and symlinks in the folder whose target is outside it (never followed). A reference out of the folder to a file that exists in the repository (a sibling skill's file, the repository's README) is a warning: it works in the repository and breaks when the skill is installed alone. A severity configured for the rule applies to both cases.
    ///
    /// ## Why
    /// A skill is copied as a folder into workspaces and galleries; anything outside it is not there.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// See [guide](../shared/guide.md)
    /// ```
    /// Good:
    /// ```markdown
    /// See [guide](references/guide.md)
    /// ```
    ///
    /// ## Fix
    /// Copy the file into the skill folder and reference it there.
    pub static RULE = "skill/reference-escapes", Error;
}

//! `history/version-taken`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// with `--base BRANCH`: the profile (or versioned skill) changed on this branch and its new version is not above the version the target branch's **tip** now has — another change already took that number
    ///
    /// ## What it does
    /// With a base branch (`--base`, `base:` in the configuration, or `GITHUB_BASE_REF` in GitHub Actions), changes are found against the merge-base, and the new version of every profile or versioned skill that changed on this branch is also compared with its version at the tip of the target branch, when the target branch changed it too.
    ///
    /// ## Why
    /// Two pull requests that both raise version 3 to 4 would publish two different claim sets as version 4.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// main now has "version": "4"; this branch also sets "version": "4"
    /// ```
    /// Good:
    /// ```diff
    /// main now has "version": "4"; this branch sets "version": "5"
    /// ```
    ///
    /// ## Fix
    /// Rebase or merge the target branch and raise the version above its tip.
    pub static RULE = "history/version-taken", Error,
        fixable: Safe, "sets `version` to the next free version, above the base's and the target tip's. `declared_at` is never touched.";
}

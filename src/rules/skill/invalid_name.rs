//! `skill/invalid-name`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// not 1–64 characters of lower-case letters, digits and single hyphens, or starts/ends with `-`; with target `claude`, contains `anthropic` or `claude`
    ///
    /// ## What it does
    /// Checks the name format: 1–64 characters (counted as Unicode scalar values) matching `^[a-z0-9]+(-[a-z0-9]+)*$`, for every target. The help suggests a valid name when one can be made from the text. With target `claude`, a name that contains the reserved words `anthropic` or `claude` is reported too: Anthropic's skill upload (the API and claude.ai) rejects it, though Claude Code loads such a skill from a folder.
    ///
    /// ## Why
    /// Models write ids in this form; a name such as `Refund policy` is loaded as `refund-policy` and the call fails.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// name: Refund Policy
    /// ```
    /// Good:
    /// ```yaml
    /// name: refund-policy
    /// ```
    ///
    /// ## Fix
    /// Rename to lower-case words joined by single hyphens.
    pub static RULE = "skill/invalid-name", Error;
}

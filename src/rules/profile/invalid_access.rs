//! `profile/invalid-access`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// access not `none`/`read`/`write`/`execute` (did-you-mean)
    ///
    /// ## What it does
    /// Checks that every tool's `access` is one of `none`, `read`, `write`, `execute`, and suggests the closest one.
    ///
    /// ## Why
    /// Access values have fixed meanings that reviewers rely on to judge risk.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "python", "access": "run", "evidence": [{"kind": "test", "ref": "py-1"}]}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "python", "access": "execute", "evidence": [{"kind": "test", "ref": "py-1"}]}
    /// ```
    ///
    /// ## Fix
    /// Use the lowest access value that covers the tested use.
    pub static RULE = "profile/invalid-access", Error;
}

//! `profile/invalid-limit`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a limit is not a non-empty string
    ///
    /// ## What it does
    /// Checks that each entry of `limits` is a non-empty string.
    ///
    /// ## Why
    /// Limits are read as plain statements by reviewers and routers; numbers, objects and blanks say nothing.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "limits": ["", 3]
    /// ```
    /// Good:
    /// ```json
    /// "limits": ["Handles files up to 10 MB."]
    /// ```
    ///
    /// ## Fix
    /// Write each limit as a short plain sentence.
    pub static RULE = "profile/invalid-limit", Error;
}

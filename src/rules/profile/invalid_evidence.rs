//! `profile/invalid-evidence`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// an evidence entry is not an object, its `kind` is not `link`/`artifact`/`test`/`log`, or its `ref` is empty
    ///
    /// ## What it does
    /// Checks that `evidence` is a list of objects, each with a `kind` from `link`, `artifact`, `test`, `log` and a non-empty string `ref`.
    ///
    /// ## Why
    /// Evidence a reviewer cannot find does not support the claim.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// "evidence": [{"kind": "video", "ref": ""}]
    /// ```
    /// Good:
    /// ```json
    /// "evidence": [{"kind": "log", "ref": "run-2026-09-28"}]
    /// ```
    ///
    /// ## Fix
    /// Use one of the four kinds and a ref that names the record.
    pub static RULE = "profile/invalid-evidence", Error;
}

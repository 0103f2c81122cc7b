//! `profile/missing-evidence`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a skill, or a tool with access above `none`, has fewer than `min_evidence` (1) evidence entries
    ///
    /// ## What it does
    /// Counts the well-formed evidence entries of every skill and of every tool whose access is above `none`, and requires at least `min_evidence` (1 by default).
    ///
    /// ## Why
    /// A claim with no evidence is advertising copy. Every claim needs a record a reviewer can open.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "report-writing", "level": "basic", "evidence": []}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "report-writing", "level": "basic", "evidence": [{"kind": "artifact", "ref": "report-2026-10"}]}
    /// ```
    ///
    /// ## Fix
    /// Gather evidence with a small check task, or drop the claim or lower it to what the evidence shows.
    pub static RULE = "profile/missing-evidence", Error;
}

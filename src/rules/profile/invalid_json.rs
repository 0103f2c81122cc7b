//! `profile/invalid-json`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// not valid JSON (span at the parser's position)
    ///
    /// ## What it does
    /// Parses the file as strict JSON (RFC 8259): no comments, no trailing commas, no single quotes, no NaN or Infinity, UTF-8 without a byte-order mark. The finding points at the exact position where parsing stopped.
    ///
    /// ## Why
    /// A profile that does not parse cannot be routed from at all, and lenient parsers disagree on what non-standard JSON means.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"agent_id": "a", "version": "1",}
    /// ```
    /// Good:
    /// ```json
    /// {"agent_id": "a", "version": "1"}
    /// ```
    ///
    /// ## Fix
    /// Fix the syntax at the position shown.
    pub static RULE = "profile/invalid-json", Error;
}

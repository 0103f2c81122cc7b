//! `skill/invalid-frontmatter`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// no opening `---` line, no closing `---` line, YAML that does not parse (span), or not a mapping; an unquoted `: ` inside a value gets a hint to quote the value
    ///
    /// ## What it does
    /// Splits `SKILL.md` on whole `---` lines (CRLF accepted, a `---` inside a value never splits) and parses the frontmatter as YAML, pointing at the exact position of a syntax error. An unquoted `: ` inside a value gets the quoted form in the help. Also reported: a frontmatter that is not a mapping, a key that appears twice, and a file that is not valid UTF-8.
    ///
    /// ## Why
    /// A skill whose frontmatter does not parse is dropped by clients without a word. The commonest cause is an unquoted `: ` inside a description.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// ---
    /// name: refund-policy
    /// description: Refunds: when to give one
    /// ---
    /// ```
    /// Good:
    /// ```markdown
    /// ---
    /// name: refund-policy
    /// description: "Refunds: when to give one"
    /// ---
    /// ```
    ///
    /// ## Fix
    /// Fix the YAML at the position shown; quote values that contain `: `.
    pub static RULE = "skill/invalid-frontmatter", Error;
}

//! `skill/byte-order-mark`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// file starts with a UTF-8 BOM (several clients then skip the skill)
    ///
    /// ## What it does
    /// Warns when `SKILL.md` starts with a UTF-8 byte-order mark.
    ///
    /// ## Why
    /// Several clients look for `---` as the very first bytes; with a BOM in front they find no frontmatter and skip the skill.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// EF BB BF 2D 2D 2D  (BOM, then ---)
    /// ```
    /// Good:
    /// ```text
    /// 2D 2D 2D  (---)
    /// ```
    ///
    /// ## Fix
    /// Save the file as UTF-8 without a BOM.
    pub static RULE = "skill/byte-order-mark", Warning,
        fixable: Safe, "removes the byte-order mark.";
}

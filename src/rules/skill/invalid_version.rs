//! `skill/invalid-version`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `version` present but not a **quoted** SemVer string; an unquoted `1.0` or `2024-01-15` says why quoting matters
    ///
    /// ## What it does
    /// Checks that `version`, when present, is a quoted SemVer 2.0 string. An unquoted version is reported with what YAML makes of it (a float, an integer, or for YAML 1.1 readers a date), and the help gives the quoted SemVer form (`1.0` → `"1.0.0"`).
    ///
    /// ## Why
    /// YAML reads an unquoted `1.0` as a float and `2024-01-15` as a date, so the value never reaches a validator as a string; `1.10` becomes `1.1`.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// version: 1.0
    /// ```
    /// Good:
    /// ```yaml
    /// version: "1.0.0"
    /// ```
    ///
    /// ## Fix
    /// Quote a full SemVer version.
    pub static RULE = "skill/invalid-version", Error,
        fixable: Safe, "quotes an unquoted SemVer (`version: 1.2.3` becomes `version: \"1.2.3\"`); an unquoted `1.0` or date is not guessed.";
}

//! `skill/yaml-portability`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// YAML that other clients read differently or reject: tabs, anchors/aliases, tags, flow collections, unquoted YAML 1.1 booleans (`yes`, `on`) and dates as values
    ///
    /// ## What it does
    /// Flags YAML that parsers disagree on: tab characters outside values and comments, anchors and aliases, tags, flow collections (`[a, b]`, `{a: b}`), and plain values that YAML 1.1 readers (PyYAML and most skill clients) turn into booleans (`yes`, `no`, `on`, `off`, `y`, `n`) or dates (`2024-01-15`). An unquoted `version` is left to `skill/invalid-version`.
    ///
    /// ## Why
    /// Skills are read by many clients with different YAML parsers; `on` is a boolean to some and a string to others, and tabs or aliases are rejected by several.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// user-invocable: yes
    /// ```
    /// Good:
    /// ```yaml
    /// user-invocable: "yes"
    /// ```
    ///
    /// ## Fix
    /// Quote scalars and write plain block YAML.
    pub static RULE = "skill/yaml-portability", Warning,
        fixable: Safe, "quotes a plain YAML 1.1 boolean or date used as a string (`yes` becomes `'yes'`, `2024-01-15` becomes `'2024-01-15'`); anchors, tags and flow collections are left to you.";
}

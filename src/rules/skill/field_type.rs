//! `skill/field-type`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `license` not a string; `compatibility` not a string of 1–500 chars; `metadata` not a map of strings to strings; `allowed-tools` not a string or a list of strings (also `name` or `description` not a string; with target `platform`, `category` not a string)
    ///
    /// ## What it does
    /// Checks the types of the optional fields of the Agent Skills format, with YAML 1.2 core-schema resolution: an unquoted `2` or `true` is not a string. `name` and `description` must be strings too. `allowed-tools` may be one string (`Read Grep`) or a list of strings: the reference validator and clients accept both. With target `platform`, `category` must be a string. The help shows the quoted form, or the list joined into one string.
    ///
    /// ## Why
    /// Clients validate these types on registration and reject the skill when they are wrong.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// metadata:
    ///   tags: [incident, sev1]
    ///   priority: 2
    /// ```
    /// Good:
    /// ```yaml
    /// metadata:
    ///   tags: "incident sev1"
    ///   priority: "2"
    /// ```
    ///
    /// ## Fix
    /// Use the type in the message; quote values.
    pub static RULE = "skill/field-type", Error;
}

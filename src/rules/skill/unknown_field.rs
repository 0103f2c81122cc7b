//! `skill/unknown-field`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a top-level key outside the spec, `version`, `when_to_use`, `when_not_to_use` and `extra_skill_fields` (each target has its own list; with several, a key must be known to all)
    ///
    /// ## What it does
    /// Warns about top-level frontmatter keys a selected target does not read, with a did-you-mean for misspellings, and says what each such target does with the key. Target `agentskills` (the default) knows `name`, `description`, `license`, `compatibility`, `metadata`, `allowed-tools`, `version`, `when_to_use` and `when_not_to_use`; `skills-ref validate` rejects any other key. Target `claude` adds Claude Code's fields (`argument-hint`, `arguments`, `disable-model-invocation`, `user-invocable`, `model`, `effort`, `context`, `agent`, `hooks`, `paths`, `shell`, `when_to_use`); `codex` knows the open format's six fields; `platform` adds `category`. With several targets a key must be known to every one of them. Extend every list with `extra_skill_fields`.
    ///
    /// ## Why
    /// Unknown keys are ignored or rejected depending on the client; a misspelt key (`descripton`) silently loses the field.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// descripton: Triage incidents.
    /// ```
    /// Good:
    /// ```yaml
    /// description: Triage incidents.
    /// ```
    ///
    /// ## Fix
    /// Rename the key, move it under `metadata`, or list it in `extra_skill_fields`.
    pub static RULE = "skill/unknown-field", Warning;
}

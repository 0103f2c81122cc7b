//! `skill/reserved-name`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `name` is in `reserved_skill_names` (capability names such as `knowledge`, `planning`, `skills`)
    ///
    /// ## What it does
    /// Rejects names reserved for capabilities (`reserved_skill_names`, default `knowledge`, `planning`, `skills`).
    ///
    /// ## Why
    /// Skills share one namespace with capabilities; a skill named `planning` on an agent with the planning capability is a duplicate the framework rejects before the first token.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// name: planning
    /// ```
    /// Good:
    /// ```yaml
    /// name: sprint-planning
    /// ```
    ///
    /// ## Fix
    /// Choose a more specific name.
    pub static RULE = "skill/reserved-name", Error;
}

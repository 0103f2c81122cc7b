//! `skill/missing-field`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// `name` or `description` absent or empty
    ///
    /// ## What it does
    /// Checks that the frontmatter has a non-empty `name` and `description`. A missing field is reported at the opening `---` fence; an empty one (`name:`, `description: ""`) at its value.
    ///
    /// ## Why
    /// The name is the id a model loads the skill by, and the description is the only part the model sees before deciding to load it.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// name: refund-policy
    /// ```
    /// Good:
    /// ```yaml
    /// name: refund-policy
    /// description: When a refund is given without asking, when it needs approval, and how to say no.
    /// ```
    ///
    /// ## Fix
    /// Add the missing field.
    pub static RULE = "skill/missing-field", Error;
}

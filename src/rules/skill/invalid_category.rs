//! `skill/invalid-category`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// with target `platform`: `category` is not one of the platform's suggested categories
    ///
    /// ## What it does
    /// Enabled by target `platform`. Compares `category` with the platform's suggested categories that its documentation names (support, engineering, finance, legal, security, marketing), with a did-you-mean for misspellings.
    ///
    /// ## Why
    /// The category drives the filter of the platform's skill list; a misspelt category files the skill where nobody looks. It has no effect on what the agent sees.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// category: suport
    /// ```
    /// Good:
    /// ```yaml
    /// category: support
    /// ```
    ///
    /// ## Fix
    /// Use one of the suggested categories.
    pub static RULE = "skill/invalid-category", Warning;
}

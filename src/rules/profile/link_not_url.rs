//! `profile/link-not-url`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// evidence of kind `link` whose ref is not an http(s) URL
    ///
    /// ## What it does
    /// Checks that evidence of kind `link` has a ref that is an http:// or https:// URL.
    ///
    /// ## Why
    /// A link is something a reviewer can open; other record identifiers belong to kinds `artifact`, `test` or `log`.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"kind": "link", "ref": "reviews/41"}
    /// ```
    /// Good:
    /// ```json
    /// {"kind": "link", "ref": "https://example.org/reviews/41"}
    /// ```
    ///
    /// ## Fix
    /// Use a full URL, or change the kind.
    pub static RULE = "profile/link-not-url", Warning;
}

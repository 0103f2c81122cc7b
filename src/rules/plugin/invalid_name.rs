//! `plugin/invalid-name`.

use super::context::{ManifestCx, PluginRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin::{self, str_field};

declare_rule! {
    /// a plugin's `name` (manifest or marketplace entry) is not 1–64 lower-case letters, digits and single hyphens
    ///
    /// ## What it does
    /// Checks the `name` of every plugin manifest and of every marketplace entry: 1 to 64 characters of lower-case ASCII letters, digits and single hyphens, not starting or ending with a hyphen.
    ///
    /// An error when the client refuses the name: an empty one or one with white space (Claude Code), or one outside Cursor's pattern in a Cursor manifest. A warning for other names, which install but break the `plugin:skill` namespacing convention (`My_Plugin`).
    ///
    /// ## Why
    /// Clients namespace a plugin's skills and commands by its name (`review:check`) and refuse names they cannot use in that form.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "Code Review"}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "code-review"}
    /// ```
    ///
    /// ## Fix
    /// Use lower-case words joined by single hyphens, and the same name in the marketplace entry.
    pub static RULE = "plugin/invalid-name", Error;
}

fn check(cx: &ManifestCx<'_>, name: Option<(&str, crate::source::Span)>, out: &mut Vec<Diagnostic>) {
    let Some((name, span)) = name else { return };
    if !plugin::valid_name(name) {
        let suggestion: String = name
            .to_lowercase()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        // Claude Code refuses an empty name or one with white space; Cursor
        // refuses any name outside its pattern. Other names install, and
        // only break the kebab-case namespacing: a warning.
        let cursor_ok = {
            let b = name.as_bytes();
            !b.is_empty()
                && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'.' || *c == b'-')
                && b[0].is_ascii_alphanumeric()
                && b[b.len() - 1].is_ascii_alphanumeric()
        };
        let refused = name.trim().is_empty()
            || name.contains(char::is_whitespace)
            || (cx.kind == crate::model::plugin::ManifestKind::CursorPlugin && !cursor_ok);
        let mut d = cx
            .diag(&RULE, format!("the plugin name `{name}` is not lower-case letters, digits and single hyphens"))
            .at(span)
            .label(if refused { "invalid name" } else { "not kebab-case" });
        if !refused {
            d = d.with_severity(crate::diagnostic::Severity::Warning);
        }
        if plugin::valid_name(&suggestion) {
            d = d.help(format!("use `{suggestion}`"));
        } else {
            d = d.help("use 1–64 lower-case letters, digits and single hyphens");
        }
        out.push(d);
    }
}

/// The manifest's name and each entry's.
pub struct Check;

impl PluginRule for Check {
    fn manifest(&self, cx: &ManifestCx<'_>, out: &mut Vec<Diagnostic>) {
        if !cx.kind.is_marketplace() {
            check(cx, str_field(cx.value, "name"), out);
            return;
        }
        for entry in plugin::entries(cx.kind, cx.root_dir, cx.value) {
            check(cx, entry.name, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn a_name_with_capitals_and_a_space() {
        let files = with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "Code Review", "version": "1.2.0"}"#);
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].help.as_deref(), Some("use `code-review`"));
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn an_underscore_is_a_warning_a_space_an_error() {
        let ds = of(&RULE, &with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "code_review", "version": "1.2.0"}"#));
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Warning);
        let ds = of(&RULE, &with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "code review", "version": "1.2.0"}"#));
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Error);
    }

    #[test]
    fn kebab_case_passes() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

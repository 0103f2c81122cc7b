//! `plugin/invalid-version`.

use super::context::{ManifestCx, PluginRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin;

declare_rule! {
    /// a `version` is not SemVer 2.0 (`1.0` is not)
    ///
    /// ## What it does
    /// Checks that the `version` of every plugin manifest and marketplace entry is a SemVer 2.0 string: `MAJOR.MINOR.PATCH`, with an optional pre-release and build part.
    ///
    /// ## Why
    /// Clients compare plugin versions to decide whether an installed copy is stale. A version that does not parse cannot be compared, so updates are missed or offered on every run.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "review", "version": "1.0"}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "review", "version": "1.0.0"}
    /// ```
    ///
    /// ## Fix
    /// Write all three numbers: `1.0.0`, no leading `v`.
    pub static RULE = "plugin/invalid-version", Error;
}

fn check(cx: &ManifestCx<'_>, version: Option<(&str, crate::source::Span)>, out: &mut Vec<Diagnostic>) {
    let Some((v, span)) = version else { return };
    if plugin::is_semver(v) {
        return;
    }
    let trimmed = v.trim_start_matches(['v', 'V']);
    let parts: Vec<&str> = trimmed.split('.').collect();
    let help = if parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) && parts.len() < 3 {
        let mut full = parts.clone();
        while full.len() < 3 {
            full.push("0");
        }
        format!("write all three numbers: `{}`", full.join("."))
    } else if plugin::is_semver(trimmed) {
        format!("drop the leading `v`: `{trimmed}`")
    } else {
        "use SemVer 2.0: MAJOR.MINOR.PATCH, e.g. `1.0.0`".to_string()
    };
    out.push(
        cx.diag(&RULE, format!("the version `{v}` is not SemVer 2.0"))
            .at(span)
            .label("not SemVer")
            .help(help),
    );
}

/// The manifest's version and each entry's.
pub struct Check;

impl PluginRule for Check {
    fn manifest(&self, cx: &ManifestCx<'_>, out: &mut Vec<Diagnostic>) {
        if !cx.kind.is_marketplace() {
            check(cx, plugin::version(cx.value), out);
            return;
        }
        for entry in plugin::entries(cx.kind, cx.root_dir, cx.value) {
            check(cx, entry.version, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn two_numbers_and_a_leading_v() {
        let files = with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "review", "version": "1.0"}"#);
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].help.as_deref(), Some("write all three numbers: `1.0.0`"));
        insta::assert_snapshot!(human(&files, ds));
        let ds = of(&RULE, &with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "review", "version": "v1.2.0"}"#));
        assert_eq!(ds[0].help.as_deref(), Some("drop the leading `v`: `1.2.0`"));
    }

    #[test]
    fn semver_passes() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

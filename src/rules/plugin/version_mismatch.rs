//! `plugin/version-mismatch`.

use super::context::{PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Edit, Fix};
use crate::model::plugin;
use crate::model::version;
use std::cmp::Ordering;

declare_rule! {
    /// two versions clients read for one plugin disagree: a marketplace entry and the manifest it points at, or the manifests of one plugin for different clients (labels on both)
    ///
    /// ## What it does
    /// Collects every version a client reads for one plugin: each client manifest's `version` (`.claude-plugin/`, `.codex-plugin/`, `.cursor-plugin/`) and the `version` of each marketplace entry that points at it. Fires when they are not all the same.
    ///
    /// ## Why
    /// Claude Code reads the manifest's version before the marketplace entry's, and each client reads its own manifest. When they drift, one client offers an update the other never sees, and the marketplace shows a version nobody installs.
    ///
    /// Severity: an error, except where the only disagreement is a Claude Code marketplace entry behind the manifests, which agree: Claude Code installs and updates by the manifest's version, and the entry only lists a stale one (a warning). An entry ahead of its manifest is an error: the raise it records is never delivered.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// .claude-plugin/plugin.json: {"name": "review", "version": "1.3.0"}
    /// .codex-plugin/plugin.json:  {"name": "review", "version": "1.2.0"}
    /// ```
    /// Good:
    /// ```json
    /// both: "version": "1.3.0"
    /// ```
    ///
    /// ## Fix
    /// Set every version of the plugin to the same value; `--fix` sets them all to the highest one present.
    pub static RULE = "plugin/version-mismatch", Error, fixable: Safe, "set every version of the plugin to the highest one present", scope: Repository;
}

/// The versions of each plugin, compared.
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for p in cx.plugins {
            let vs = plugin::versions(p, cx.manifests);
            let Some(first) = vs.first() else { continue };
            if vs.iter().all(|v| v.version == first.version) {
                continue;
            }
            let highest = vs
                .iter()
                .try_fold(first, |best, v| match version::compare(&v.version, &best.version)? {
                    Ordering::Greater => Some(v),
                    _ => Some(best),
                });
            let name = plugin::name_of(p, cx.manifests).unwrap_or(&p.dir);
            let listed: Vec<String> = vs.iter().map(|v| format!("{} in {}", v.version, v.path)).collect();
            let mut d = Diagnostic::new(
                &RULE,
                &first.path,
                format!("the plugin `{name}` has {} versions: {}", vs.len(), listed.join(", ")),
            )
            .at(first.span)
            .label(first.version.to_string());
            for v in &vs[1..] {
                d = if v.path == first.path {
                    d.with_label(v.span, v.version.clone())
                } else {
                    d.with_label_in(&v.path, v.span, v.version.clone())
                };
            }
            match highest {
                Some(h) => {
                    let edits = vs
                        .iter()
                        .filter(|v| v.version != h.version)
                        .map(|v| Edit {
                            path: v.path.clone(),
                            range: v.span.range(),
                            replacement: format!("\"{}\"", h.version),
                        })
                        .collect();
                    d = d.help(format!("set every version of `{name}` to {}", h.version)).with_fix(Fix {
                        message: format!("set every version of `{name}` to {}", h.version),
                        applicability: Applicability::Safe,
                        edits,
                        rename: None,
                    });
                }
                None => d = d.help("set every version of the plugin to one SemVer value"),
            }
            if stale_listing_only(&vs) {
                d.lower("a warning here: the Claude Code marketplace's entry is behind the manifest, and Claude Code reads the manifest's version first, so it installs and updates by that one; the marketplace only lists a stale version");
            }
            out.push(d);
        }
    }
}

/// Whether the only disagreement is a Claude Code marketplace entry behind
/// the manifests (which agree): Claude Code takes a plugin's version from
/// its `plugin.json` before the entry's, so updates still reach users.
fn stale_listing_only(vs: &[plugin::VersionAt]) -> bool {
    let entry = |v: &&plugin::VersionAt| v.path.ends_with("marketplace.json");
    let Some(manifest) = vs.iter().find(|v| !entry(v)) else {
        return false;
    };
    vs.iter().filter(|v| !entry(v)).all(|v| v.version == manifest.version)
        && vs.iter().filter(entry).all(|v| {
            v.path.ends_with(".claude-plugin/marketplace.json")
                && version::compare(&v.version, &manifest.version) == Some(Ordering::Less)
        })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn a_marketplace_entry_behind_its_manifest() {
        let mut files = with("plugins/docs/.codex-plugin/plugin.json", r#"{"name": "docs", "version": "2.1.0"}"#);
        files.push(("plugins/docs/.claude-plugin/plugin.json", r#"{"name": "docs", "version": "2.1.0"}"#));
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        let fix = ds[0].fix.as_ref().unwrap();
        assert_eq!(fix.edits.len(), 1);
        assert_eq!(fix.edits[0].path, ".claude-plugin/marketplace.json");
        assert_eq!(fix.edits[0].replacement, "\"2.1.0\"");
        // Only the listing is stale: Claude Code updates by the manifest.
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Warning);
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn an_entry_ahead_of_its_manifest_or_manifests_apart_are_errors() {
        // The entry's raise is never delivered: the manifest's version wins.
        let files = with("plugins/docs/.claude-plugin/plugin.json", r#"{"name": "docs", "version": "1.0.0"}"#);
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1, "{ds:#?}");
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Error, "{ds:#?}");
        let mut files = with("plugins/docs/.codex-plugin/plugin.json", r#"{"name": "docs", "version": "2.2.0"}"#);
        files.push(("plugins/docs/.claude-plugin/plugin.json", r#"{"name": "docs", "version": "2.1.0"}"#));
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1, "{ds:#?}");
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Error, "{ds:#?}");
    }

    #[test]
    fn one_version_passes() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

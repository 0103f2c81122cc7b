//! `plugin/unversioned`.

use super::context::{PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin::{self, Source};

declare_rule! {
    /// a plugin in a marketplace of several plugins declares no version anywhere: clients then compare commits, so every commit to the repository offers every such plugin as an update
    ///
    /// ## What it does
    /// For a marketplace that lists two or more plugins, looks for local plugins with no `version` in any of their manifests nor in their entry.
    ///
    /// ## Why
    /// Without a version, Claude Code and Codex decide that an installed copy is stale by the repository's commit. Every commit to any plugin then offers every unversioned plugin as an update, and the history rules cannot hold the plugin to a version bump.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "review", "source": "./plugins/review"}   (and no version in plugins/review/.claude-plugin/plugin.json)
    /// ```
    /// Good:
    /// ```json
    /// plugins/review/.claude-plugin/plugin.json: {"name": "review", "version": "1.0.0"}
    /// ```
    ///
    /// ## Fix
    /// Give the plugin a SemVer `version` in its manifest (or, without a manifest, in its entry), and raise it with every change.
    pub static RULE = "plugin/unversioned", Warning, scope: Repository;
}

/// Local plugins of a multi-plugin marketplace with no version.
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for (mi, market) in cx.manifests.iter().enumerate() {
            if !market.kind.is_marketplace() {
                continue;
            }
            let entries = plugin::entries(market.kind, &market.root_dir, &market.value);
            if entries.len() < 2 {
                continue;
            }
            for (ei, entry) in entries.iter().enumerate() {
                if !matches!(entry.source, Source::Local { dir: Some(_), .. }) {
                    continue;
                }
                let Some(p) = cx.plugins.iter().find(|p| p.entries.contains(&(mi, ei))) else {
                    continue;
                };
                if !plugin::versions(p, cx.manifests).is_empty() {
                    continue;
                }
                let Some((name, span)) = entry.name else { continue };
                out.push(
                    Diagnostic::new(&RULE, &market.path, format!("the plugin `{name}` declares no version: clients compare commits and offer it as an update on every commit"))
                        .at(span)
                        .label("no version")
                        .help(match p.manifests.first() {
                            Some(&i) => format!("add `\"version\": \"1.0.0\"` to {}", cx.manifests[i].path),
                            None => "add `\"version\": \"1.0.0\"` to the entry".to_string(),
                        }),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn a_plugin_with_no_version_anywhere() {
        let files = with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "review", "commands": "./commands/review.md"}"#);
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].message.starts_with("the plugin `review` declares no version"));
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn versions_in_the_manifest_or_the_entry_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

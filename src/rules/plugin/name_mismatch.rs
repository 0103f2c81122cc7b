//! `plugin/name-mismatch`.

use super::context::{PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin::{self, ManifestKind};

declare_rule! {
    /// a marketplace entry's `name` differs from the `name` in the manifest of the plugin it points at
    ///
    /// ## What it does
    /// For every marketplace entry with a local source, compares its `name` with the `name` of the plugin manifest in that folder that the marketplace's client reads (`.claude-plugin/plugin.json` for a Claude Code marketplace, `.codex-plugin/plugin.json` for a Codex one). An entry with `"strict": false` defines the whole plugin itself and is not compared.
    ///
    /// ## Why
    /// The marketplace lists one name and the client installs the plugin under another, so `/plugin install NAME` and the namespace of its skills (`NAME:skill`) disagree with what the marketplace shows.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// marketplace: {"name": "code-review", "source": "./plugins/review"}
    /// plugins/review/.claude-plugin/plugin.json: {"name": "review"}
    /// ```
    /// Good:
    /// ```json
    /// marketplace: {"name": "review", "source": "./plugins/review"}
    /// ```
    ///
    /// ## Fix
    /// Use one name in both places.
    pub static RULE = "plugin/name-mismatch", Error, scope: Repository;
}

fn client_of(market: ManifestKind) -> ManifestKind {
    match market {
        ManifestKind::CodexMarketplace => ManifestKind::CodexPlugin,
        _ => ManifestKind::ClaudePlugin,
    }
}

/// Each entry against its plugin's manifest.
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for p in cx.plugins {
            for &(m, e) in &p.entries {
                let market = &cx.manifests[m];
                let Some(entry) = plugin::entries(market.kind, &market.root_dir, &market.value).into_iter().nth(e) else {
                    continue;
                };
                let Some((name, span)) = entry.name else { continue };
                // `"strict": false`: the entry defines the whole plugin, and
                // a manifest in its folder is not what the client reads.
                if entry.value.get("strict").is_some_and(|m| m.value.kind == crate::json::Kind::Bool(false)) {
                    continue;
                }
                // Only the manifest of the marketplace's own client: Claude
                // Code never reads `.codex-plugin/plugin.json`, nor Codex
                // `.claude-plugin/plugin.json`.
                let manifest = p
                    .manifests
                    .iter()
                    .map(|&i| &cx.manifests[i])
                    .find(|x| x.kind == client_of(market.kind));
                let Some(manifest) = manifest else { continue };
                let Some((own, own_span)) = plugin::str_field(&manifest.value, "name") else {
                    continue;
                };
                if own != name {
                    out.push(
                        Diagnostic::new(&RULE, &market.path, format!("the entry `{name}` points at a plugin whose manifest names it `{own}`"))
                            .at(span)
                            .label("entry name")
                            .with_label_in(&manifest.path, own_span, "manifest name")
                            .help("use one name in the marketplace entry and the plugin's manifest"),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn an_entry_that_names_the_plugin_otherwise() {
        let files = with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "code-review", "version": "1.2.0", "commands": "./commands/review.md"}"#);
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "the entry `review` points at a plugin whose manifest names it `code-review`");
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn only_the_marketplaces_own_clients_manifest_counts() {
        // A Codex manifest beside a Claude Code marketplace's entry, and an
        // entry that defines its plugin itself (`"strict": false`).
        let files = with("plugins/review/.codex-plugin/plugin.json", r#"{"name": "code-review", "version": "1.2.0"}"#);
        let files: Vec<(&str, &str)> = files
            .into_iter()
            .filter(|(p, _)| *p != "plugins/review/.claude-plugin/plugin.json")
            .collect();
        assert!(of(&RULE, &files).is_empty(), "{:?}", of(&RULE, &files));
        let mut files = with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "code-review", "version": "1.2.0"}"#);
        let market = r#"{"name": "tools", "owner": {"name": "Acme"},
  "plugins": [{"name": "review", "source": "./plugins/review", "strict": false}]}"#;
        files.retain(|(p, _)| *p != ".claude-plugin/marketplace.json");
        files.push((".claude-plugin/marketplace.json", market));
        assert!(of(&RULE, &files).is_empty(), "{:?}", of(&RULE, &files));
    }

    #[test]
    fn one_name_passes() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

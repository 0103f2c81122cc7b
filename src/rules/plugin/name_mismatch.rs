//! `plugin/name-mismatch`.

use super::context::{PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin::{self, ManifestKind};

declare_rule! {
    /// a marketplace entry's `name` differs from the `name` in the manifest of the plugin it points at
    ///
    /// ## What it does
    /// For every marketplace entry with a local source, compares its `name` with the `name` of the plugin manifest in that folder (the same client's manifest first).
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
                let manifest = p
                    .manifests
                    .iter()
                    .map(|&i| &cx.manifests[i])
                    .min_by_key(|x| x.kind != client_of(market.kind));
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
    fn one_name_passes() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

//! `plugin/missing-source`.

use super::context::{PathKind, PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin::{self, Source};

declare_rule! {
    /// a marketplace entry's local source does not exist, leaves the repository, or is not a folder
    ///
    /// ## What it does
    /// Resolves each marketplace entry's local source from the marketplace's root (the folder that holds `.claude-plugin/`; for Codex the folder that holds `.agents/`) and checks that it is a folder of the repository. Claude Code accepts `metadata.pluginRoot` and does not apply it (its validator reads `./plugins/a` and not `./a` under `"pluginRoot": "./plugins"`), so neither does caplint. Remote sources (`github`, `url`, `git`) are not checked on disk.
    ///
    /// A warning, not an error, in a marketplace kept in the folder of a plugin that another marketplace of the repository lists (an aggregator's bundle of a repository that kept its own marketplace): a client installs that folder as a plugin and reads no marketplace in it.
    ///
    /// ## Why
    /// `/plugin install` fails for an entry whose folder is gone, typically after a reorganisation moved the plugins. `claude plugin validate --strict` does not look, so such a marketplace passes it.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "review", "source": "./review"}   (the plugin moved to plugins/review)
    /// ```
    /// Good:
    /// ```json
    /// {"name": "review", "source": "./plugins/review"}
    /// ```
    ///
    /// ## Fix
    /// Point the source at the plugin's folder, relative to the marketplace's root, or remove the entry.
    pub static RULE = "plugin/missing-source", Error, scope: Repository;
}

/// Each local source on disk (or in the index).
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for market in cx.manifests.iter().filter(|m| m.kind.is_marketplace()) {
            let outer = listed_by_another(cx, market);
            for entry in plugin::entries(market.kind, &market.root_dir, &market.value) {
                let Source::Local { written, dir, span } = &entry.source else { continue };
                let name = entry.name.map_or("an entry", |(n, _)| n);
                let (why, label) = match dir {
                    None => ("leaves the repository", "outside the repository"),
                    Some(dir) => match (cx.kind_of)(dir) {
                        Some(PathKind::Dir) => continue,
                        Some(PathKind::File) => ("is a file, not a plugin folder", "not a folder"),
                        None => ("does not exist", "no such folder"),
                    },
                };
                let resolved = dir.as_deref().map_or(String::new(), |d| format!(" (`{}`)", if d.is_empty() { "." } else { d }));
                let mut d = Diagnostic::new(&RULE, &market.path, format!("the source `{written}` of `{name}`{resolved} {why}"))
                    .at(*span)
                    .label(label)
                    .help("local sources resolve from the marketplace's root, the folder that holds `.claude-plugin/`; point it at the plugin's folder or remove the entry");
                if let Some(outer) = outer {
                    d.lower(format!("a warning here: this marketplace is in the folder of a plugin that `{outer}` lists, which a client installs as a plugin, reading no marketplace in it"));
                }
                out.push(d);
            }
        }
    }
}

/// The other marketplace that lists the folder of `market` as a plugin
/// (an aggregator's copy of a repository that kept its own marketplace):
/// clients install that folder as a plugin and read no marketplace in it.
fn listed_by_another<'a>(cx: &RepoCx<'a>, market: &plugin::Parsed) -> Option<&'a str> {
    let plugin = cx.plugins.iter().find(|p| p.dir == market.root_dir)?;
    plugin.entries.iter().find_map(|(m, _)| {
        let other = cx.manifests.get(*m)?;
        (other.kind.is_marketplace() && other.root_dir != market.root_dir)
            .then_some(other.path.as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn a_source_that_moved() {
        let files = with(
            ".claude-plugin/marketplace.json",
            r#"{"name": "tools", "owner": {"name": "Acme"}, "plugins": [
  {"name": "review", "source": "./review"},
  {"name": "docs", "source": "../docs"},
  {"name": "x", "source": "./plugins/review/commands/review.md"}]}"#,
        );
        let ds = of(&RULE, &files);
        let messages: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "the source `./review` of `review` (`review`) does not exist",
                "the source `../docs` of `docs` leaves the repository",
                "the source `./plugins/review/commands/review.md` of `x` (`plugins/review/commands/review.md`) is a file, not a plugin folder"
            ]
        );
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn a_marketplace_kept_in_a_plugin_another_lists_is_a_warning() {
        // An aggregator's bundle of a repository that kept its own
        // marketplace, whose entries are that repository's layout.
        let files: Vec<(&str, &str)> = vec![
            (
                ".agents/plugins/marketplace.json",
                r#"{"name": "hub", "plugins": [{"name": "tsp", "source": {"source": "local", "path": "./plugins/acme/tsp"}}]}"#,
            ),
            ("plugins/acme/tsp/.codex-plugin/plugin.json", r#"{"name": "tsp"}"#),
            (
                "plugins/acme/tsp/.agents/plugins/marketplace.json",
                r#"{"name": "tsp", "plugins": [{"name": "tsp", "source": {"source": "local", "path": "./plugins/tsp"}}]}"#,
            ),
        ];
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].path, "plugins/acme/tsp/.agents/plugins/marketplace.json");
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Warning);
        assert!(ds[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("`.agents/plugins/marketplace.json` lists")));
        // Alone, the same marketplace's missing source is an error.
        let alone = &files[1..];
        let ds = of(&RULE, alone);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Error);
    }

    #[test]
    fn existing_folders_and_remote_sources_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

//! `plugin/missing-source`.

use super::context::{PathKind, PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin::{self, Source};

declare_rule! {
    /// a marketplace entry's local source does not exist, leaves the repository, or is not a folder
    ///
    /// ## What it does
    /// Resolves each marketplace entry's local source from the marketplace's root (the folder that holds `.claude-plugin/`, after `metadata.pluginRoot`; for Codex the folder that holds `.agents/`) and checks that it is a folder of the repository. Remote sources (`github`, `url`, `git`) are not checked on disk.
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
                out.push(
                    Diagnostic::new(&RULE, &market.path, format!("the source `{written}` of `{name}`{resolved} {why}"))
                        .at(*span)
                        .label(label)
                        .help("local sources resolve from the marketplace's root, the folder that holds `.claude-plugin/`; point it at the plugin's folder or remove the entry"),
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
    fn existing_folders_and_remote_sources_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

//! `plugin/duplicate-name`.

use super::context::{PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::plugin;

declare_rule! {
    /// two entries of one marketplace share a `name`
    ///
    /// ## What it does
    /// Looks for two entries of one marketplace's `plugins` list with the same `name` (labels on both).
    ///
    /// ## Why
    /// A client installs plugins by name from a marketplace: with two entries of one name, which one `/plugin install NAME@MARKETPLACE` installs depends on the client, and the other is unreachable.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// [{"name": "review", "source": "./plugins/review"}, {"name": "review", "source": "./plugins/review-v2"}]
    /// ```
    /// Good:
    /// ```json
    /// [{"name": "review", "source": "./plugins/review"}, {"name": "review-v2", "source": "./plugins/review-v2"}]
    /// ```
    ///
    /// ## Fix
    /// Rename one entry (and its plugin's manifest), or remove it.
    pub static RULE = "plugin/duplicate-name", Error, scope: Repository;
}

/// Names repeated within one marketplace.
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for market in cx.manifests.iter().filter(|m| m.kind.is_marketplace()) {
            let entries = plugin::entries(market.kind, &market.root_dir, &market.value);
            for (i, e) in entries.iter().enumerate() {
                let Some((name, span)) = e.name else { continue };
                if let Some((_, first)) = entries[..i].iter().filter_map(|x| x.name).find(|(n, _)| *n == name) {
                    out.push(
                        Diagnostic::new(&RULE, &market.path, format!("two entries are named `{name}`"))
                            .at(span)
                            .label("named again")
                            .with_label(first, "first entry")
                            .help("give each entry its own name, or remove one"),
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
    fn two_entries_of_one_name() {
        let files = with(
            ".claude-plugin/marketplace.json",
            r#"{"name": "tools", "owner": {"name": "Acme"}, "plugins": [
  {"name": "review", "source": "./plugins/review"},
  {"name": "review", "source": "./plugins/docs", "version": "2.0.0"}]}"#,
        );
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn distinct_names_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

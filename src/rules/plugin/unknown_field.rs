//! `plugin/unknown-field`.

use super::context::{ManifestCx, PluginRule};
use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::json::Value;
use crate::model::plugin::{self, ENTRY_KEYS};

declare_rule! {
    /// a key the client does not know (it loads the file and ignores the key, so a typo such as `verison` silently does nothing) (did-you-mean)
    ///
    /// ## What it does
    /// Compares the top-level keys of each plugin manifest and marketplace, and the keys of each marketplace entry, with the fields the client documents, and suggests the nearest known one.
    ///
    /// ## Why
    /// The client loads the file and ignores a key it does not know. A misspelt `verison` means the plugin has no version, so its updates are never offered; a misspelt `comands` ships no commands.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "review", "verison": "1.2.0"}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "review", "version": "1.2.0"}
    /// ```
    ///
    /// ## Fix
    /// Correct the key's spelling, or remove it.
    pub static RULE = "plugin/unknown-field", Warning;
}

fn unknown(cx: &ManifestCx<'_>, obj: &Value, known: &[(&str, &[plugin::Ty])], what: &str, out: &mut Vec<Diagnostic>) {
    for m in obj.as_object().unwrap_or_default() {
        if known.iter().any(|(k, _)| *k == m.key) {
            continue;
        }
        let help = match did_you_mean(&m.key, known.iter().map(|(k, _)| *k)) {
            Some(k) => format!("did you mean `{k}`?"),
            None => format!("{} ignores it; remove it", cx.kind.client()),
        };
        out.push(
            cx.diag(&RULE, format!("{what}the key `{}` is not one {} reads", m.key, cx.kind.client()))
                .at(m.key_span)
                .label("unknown key")
                .help(help),
        );
    }
}

/// Unknown top-level and entry keys.
pub struct Check;

impl PluginRule for Check {
    fn manifest(&self, cx: &ManifestCx<'_>, out: &mut Vec<Diagnostic>) {
        if cx.value.as_object().is_none() {
            return;
        }
        unknown(cx, cx.value, cx.kind.known(), "", out);
        for entry in plugin::entries(cx.kind, cx.root_dir, cx.value) {
            let what = entry.name.map_or("an entry: ".to_string(), |(n, _)| format!("entry `{n}`: "));
            unknown(cx, entry.value, ENTRY_KEYS, &what, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn a_misspelt_version() {
        let files = with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "review", "verison": "1.2.0"}"#);
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "the key `verison` is not one Claude Code reads");
        assert_eq!(ds[0].help.as_deref(), Some("did you mean `version`?"));
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn known_keys_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

//! `plugin/invalid-manifest`.

use super::context::{ManifestCx, PluginRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::json::Value;
use crate::model::plugin::{self, ManifestKind, Source, ENTRY_KEYS};
use crate::source::SourceFile;

declare_rule! {
    /// a plugin or marketplace manifest is not valid JSON, not an object, repeats a key, lacks a required field, or a known field has the wrong type; a string source that is absolute or not `./`-relative
    ///
    /// ## What it does
    /// Parses every client manifest (`.claude-plugin/plugin.json`, `.codex-plugin/plugin.json`, `.cursor-plugin/plugin.json`) and marketplace (`.claude-plugin/marketplace.json`, `.agents/plugins/marketplace.json`) as strict JSON. Checks that the top level is an object with no repeated key and that the required fields are present: `name`; for a marketplace also its `plugins` list (and `owner` for Claude Code), and each entry's `name` and `source`. Every known field must have the type the client expects. A string `source` must be relative and start with `./`.
    ///
    /// ## Why
    /// A client that cannot read a manifest does not install the plugin, or installs it without the parts the broken field named. `claude plugin validate --strict` rejects these manifests.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "tools", "plugins": [{"name": "review", "source": "plugins/review"}]}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "tools", "owner": {"name": "Acme"}, "plugins": [{"name": "review", "source": "./plugins/review"}]}
    /// ```
    ///
    /// ## Fix
    /// Add the missing field, give the field the type the client documents, and write local sources as `./path` from the marketplace's root (the folder that holds `.claude-plugin/`).
    pub static RULE = "plugin/invalid-manifest", Error;
}

/// Parses a manifest's text; the finding points at the parser's position.
/// Called by the engine before the other rules run.
pub fn parse(source: &SourceFile) -> Result<Value, Box<Diagnostic>> {
    crate::json::parse(&source.text).map_err(|e| {
        Box::new(
            Diagnostic::new(&RULE, &source.path, format!("not valid JSON: {}", e.message))
                .at(source.char_span_at(e.offset))
                .label("here")
                .maybe_help(e.help.clone()),
        )
    })
}

fn duplicate_keys(cx: &ManifestCx<'_>, v: &Value, out: &mut Vec<Diagnostic>) {
    if let Some(members) = v.as_object() {
        for (i, m) in members.iter().enumerate() {
            if let Some(first) = members[..i].iter().find(|x| x.key == m.key) {
                out.push(
                    cx.diag(&RULE, format!("the key `{}` is set twice (clients keep the last)", m.key))
                        .at(m.key_span)
                        .label("set again")
                        .with_label(first.key_span, "first set here")
                        .help("remove one of them"),
                );
            }
        }
        members.iter().for_each(|m| duplicate_keys(cx, &m.value, out));
    } else if let Some(items) = v.as_array() {
        items.iter().for_each(|i| duplicate_keys(cx, i, out));
    }
}

/// Type errors of the known keys of `obj`.
fn types(cx: &ManifestCx<'_>, obj: &Value, known: &[(&str, &[plugin::Ty])], what: &str, out: &mut Vec<Diagnostic>) {
    for m in obj.as_object().unwrap_or_default() {
        let Some((_, tys)) = known.iter().find(|(k, _)| *k == m.key) else {
            continue;
        };
        if !tys.iter().any(|t| t.fits(&m.value)) {
            let want: Vec<&str> = tys.iter().map(|t| t.name()).collect();
            out.push(
                cx.diag(&RULE, format!("{what}`{}` must be {}, found {}", m.key, want.join(" or "), m.value.type_name()))
                    .at(m.value.span)
                    .label(format!("not {}", want.join(" or ")))
                    .help(format!("{} reads `{}` as {}", cx.kind.client(), m.key, want.join(" or "))),
            );
        }
    }
}

fn required(cx: &ManifestCx<'_>, obj: &Value, key: &str, what: &str, out: &mut Vec<Diagnostic>) {
    if obj.get(key).is_none() {
        out.push(
            cx.diag(&RULE, format!("{what} has no `{key}`"))
                .at(obj.open_span())
                .label(format!("`{key}` missing"))
                .help(format!("{} requires `{key}`", cx.kind.client())),
        );
    }
}

/// Checks Claude Code's validator makes beyond types: component paths
/// start with `./` and never use `..`, `author` and `owner` have a `name`,
/// `homepage` is a URL, a git `sha` is 40 lower-case hex digits.
fn values(cx: &ManifestCx<'_>, obj: &Value, what: &str, out: &mut Vec<Diagnostic>) {
    if cx.kind != ManifestKind::ClaudePlugin && cx.kind != ManifestKind::ClaudeMarketplace {
        return;
    }
    for key in plugin::COMPONENTS {
        let Some(m) = obj.get(key) else { continue };
        let items: Vec<&Value> = match m.value.as_array() {
            Some(items) => items.iter().collect(),
            None => vec![&m.value],
        };
        for item in items {
            let Some(path) = item.as_str() else { continue };
            let msg = if path.split(['/', '\\']).any(|p| p == "..") {
                Some("uses `..`: component paths stay inside the plugin")
            } else if !path.starts_with("./") {
                Some("does not start with `./`")
            } else {
                None
            };
            if let Some(msg) = msg {
                out.push(
                    cx.diag(&RULE, format!("{what}the `{key}` path `{path}` {msg}"))
                        .at(item.span)
                        .label("invalid path")
                        .help("write component paths relative to the plugin's folder, starting with `./`"),
                );
            }
        }
    }
    for key in ["author", "owner"] {
        if let Some(m) = obj.get(key).filter(|m| m.value.as_object().is_some()) {
            if plugin::str_field(&m.value, "name").is_none() {
                out.push(
                    cx.diag(&RULE, format!("{what}`{key}` has no `name`"))
                        .at(m.value.open_span())
                        .label("`name` missing")
                        .help(format!("Claude Code requires `{key}.name`")),
                );
            }
        }
    }
    if let Some((url, span)) = plugin::str_field(obj, "homepage") {
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            out.push(
                cx.diag(&RULE, format!("{what}`homepage` `{url}` is not a URL"))
                    .at(span)
                    .label("not a URL")
                    .help("write the full address, starting with `https://`"),
            );
        }
    }
    if let Some(src) = obj.get("source").filter(|m| m.value.as_object().is_some()) {
        if let Some((sha, span)) = plugin::str_field(&src.value, "sha") {
            if sha.len() != 40 || !sha.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
                out.push(
                    cx.diag(&RULE, format!("{what}the source's `sha` `{sha}` is not a full commit id"))
                        .at(span)
                        .label("not 40 lower-case hex digits")
                        .help("give the full 40-character commit id"),
                );
            }
        }
    }
}

/// The marketplace names Claude Code refuses.
const RESERVED_MARKETPLACES: &[&str] = &["inline", "builtin", "skills-dir"];

/// Parse-level and shape checks of one manifest.
pub struct Check;

impl PluginRule for Check {
    fn manifest(&self, cx: &ManifestCx<'_>, out: &mut Vec<Diagnostic>) {
        let v = cx.value;
        if v.as_object().is_none() {
            out.push(
                cx.diag(&RULE, format!("a manifest must be a JSON object, found {}", v.type_name()))
                    .at(v.open_span())
                    .label("not an object"),
            );
            return;
        }
        duplicate_keys(cx, v, out);
        let what = if cx.kind.is_marketplace() { "the marketplace" } else { "the plugin manifest" };
        required(cx, v, "name", what, out);
        types(cx, v, cx.kind.known(), "", out);
        values(cx, v, "", out);
        if !cx.kind.is_marketplace() {
            return;
        }
        if let Some((name, span)) = plugin::str_field(v, "name") {
            if name.contains(char::is_whitespace) || name.contains('/') || name.contains("..") || RESERVED_MARKETPLACES.contains(&name) {
                out.push(
                    cx.diag(&RULE, format!("the marketplace name `{name}` is not one clients accept"))
                        .at(span)
                        .label("invalid marketplace name")
                        .help("use a name without spaces, `/` or `..`, other than inline, builtin and skills-dir, e.g. `acme-tools`"),
                );
            }
        }
        if cx.kind == ManifestKind::ClaudeMarketplace {
            required(cx, v, "owner", what, out);
        }
        required(cx, v, "plugins", what, out);
        let Some(list) = v.get("plugins").and_then(|m| m.value.as_array()) else {
            return;
        };
        for item in list {
            if item.as_object().is_none() {
                out.push(
                    cx.diag(&RULE, format!("a `plugins` entry must be an object, found {}", item.type_name()))
                        .at(item.open_span())
                        .label("not an object"),
                );
            }
        }
        for entry in plugin::entries(cx.kind, cx.root_dir, v) {
            let label = entry.name.map_or("an entry: ".to_string(), |(n, _)| format!("entry `{n}`: "));
            required(cx, entry.value, "name", "a `plugins` entry", out);
            required(cx, entry.value, "source", "a `plugins` entry", out);
            types(cx, entry.value, ENTRY_KEYS, &label, out);
            values(cx, entry.value, &label, out);
            if let (Source::Invalid, Some(m)) = (&entry.source, entry.value.get("source")) {
                if let Some(s) = m.value.as_str() {
                    out.push(
                        cx.diag(&RULE, format!("the source `{s}` is not a relative path starting with `./`"))
                            .at(m.value.span)
                            .label("not `./`-relative")
                            .help("write a local source as `./path/to/plugin`, relative to the marketplace's root (the folder that holds `.claude-plugin/`), or as an object for a remote source"),
                    );
                } else if m.value.as_object().is_some() {
                    out.push(
                        cx.diag(&RULE, "the source object has no usable `source` kind, or a local source has no `path`")
                            .at(m.value.span)
                            .label("unreadable source")
                            .help("use {\"source\": \"github\", \"repo\": \"owner/name\"}, {\"source\": \"url\", \"url\": \"…\"} or a `./` path"),
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
    fn bad_json_missing_fields_types_and_sources() {
        let files = with(".claude-plugin/marketplace.json", r#"{"name": "tools", "plugins": [{"name": "review", "source": "plugins/review"}, {"source": "./plugins/docs", "version": 2}]}"#);
        let ds = of(&RULE, &files);
        let messages: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
        assert!(messages.contains(&"the marketplace has no `owner`"), "{messages:?}");
        assert!(messages.contains(&"a `plugins` entry has no `name`"), "{messages:?}");
        assert!(messages.contains(&"the source `plugins/review` is not a relative path starting with `./`"), "{messages:?}");
        assert!(messages.contains(&"an entry: `version` must be a string, found a number"), "{messages:?}");
        insta::assert_snapshot!(human(&files, ds));
        let ds = of(&RULE, &with("plugins/review/.claude-plugin/plugin.json", "{\"name\": \"review\",}"));
        assert!(ds[0].message.starts_with("not valid JSON"), "{}", ds[0].message);
        let ds = of(&RULE, &with("plugins/review/.claude-plugin/plugin.json", r#"{"name": "review", "name": "x", "keywords": "a"}"#));
        assert_eq!(ds.len(), 2, "{ds:#?}");
    }

    #[test]
    fn what_claude_codes_validator_refuses_beyond_types() {
        let files = with(
            "plugins/review/.claude-plugin/plugin.json",
            r#"{"name": "review", "version": "1.2.0", "commands": ["commands/review.md", "./a/../b"], "author": {"email": "a@b.c"}, "homepage": "acme.dev"}"#,
        );
        let messages: Vec<String> = of(&RULE, &files).into_iter().map(|d| d.message).collect();
        assert_eq!(
            messages,
            [
                "the `commands` path `commands/review.md` does not start with `./`",
                "the `commands` path `./a/../b` uses `..`: component paths stay inside the plugin",
                "`author` has no `name`",
                "`homepage` `acme.dev` is not a URL"
            ]
        );
        let files = with(
            ".claude-plugin/marketplace.json",
            r#"{"name": "my tools", "owner": {"name": "Acme"}, "plugins": [{"name": "x", "source": {"source": "github", "repo": "a/x", "sha": "abc"}}, {"name": "y", "source": {"source": "local", "path": "./y"}}]}"#,
        );
        let messages: Vec<String> = of(&RULE, &files).into_iter().map(|d| d.message).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
    }

    #[test]
    fn good_manifests_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

//! `plugin/missing-component`.

use super::context::{PathKind, PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::json::Value;
use crate::model::plugin::{self, Source, COMPONENTS};
use crate::source::Span;

declare_rule! {
    /// a component path in a manifest or entry (`skills`, `commands`, `agents`, `hooks`, `mcpServers`, `lspServers`, `outputStyles`, …) does not exist, or leaves the plugin
    ///
    /// ## What it does
    /// Resolves every path a plugin manifest (or a marketplace entry with a local source) gives for its components, from the plugin's folder, and checks that it exists there. Inline configuration (an object for `hooks` or `mcpServers`) is not a path. A path inside a submodule (a folder `.gitmodules` names) is no error: Claude Code clones a marketplace with its submodules, so a plugin a marketplace here lists is not judged there; a plugin installed from a `url` source is cloned without them, so for one no entry here lists, a path into a submodule that is not checked out is a warning.
    ///
    /// ## Why
    /// The client loads the components from those paths. A path that is missing, or that climbs out of the plugin (`../shared`), is empty once the plugin is installed on its own: the commands, agents or hooks it names never load.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "review", "commands": "./command/review.md"}   (the file is commands/review.md)
    /// ```
    /// Good:
    /// ```json
    /// {"name": "review", "commands": "./commands/review.md"}
    /// ```
    ///
    /// ## Fix
    /// Correct the path, relative to the plugin's folder and starting with `./`, or move the component into the plugin.
    pub static RULE = "plugin/missing-component", Error, scope: Repository;
}

/// The component paths of a manifest or entry object.
fn paths(obj: &Value) -> Vec<(&str, &str, Span)> {
    let mut out = Vec::new();
    for m in obj.as_object().unwrap_or_default() {
        if !COMPONENTS.contains(&&*m.key) {
            continue;
        }
        match (&m.value.as_str(), m.value.as_array()) {
            (Some(s), _) => out.push((&*m.key, *s, m.value.span)),
            (None, Some(items)) => {
                for i in items {
                    if let Some(s) = i.as_str() {
                        out.push((&*m.key, s, i.span));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Where a plugin's submodules come from: its marketplace's clone (in
/// this repository), which Claude Code makes with `--recurse-submodules`,
/// or a clone of its own from a `url` source, made without.
#[derive(Clone, Copy)]
struct Submodules<'a> {
    paths: &'a [String],
    listed: bool,
}

fn check(
    cx: &RepoCx<'_>,
    submodules: Submodules<'_>,
    file: &str,
    dir: &str,
    obj: &Value,
    out: &mut Vec<Diagnostic>,
) {
    for (key, path, span) in paths(obj) {
        if path.contains("://") || path.contains("${") {
            continue;
        }
        // A submodule's files are another repository's, absent from a
        // clone without `--recurse-submodules`.
        let full = plugin::join(dir, path);
        if full.as_deref().is_some_and(|f| in_submodule(submodules.paths, f)) {
            if !submodules.listed && (cx.kind_of)(full.as_deref().unwrap_or_default()).is_none() {
                out.push(
                    Diagnostic::new(&RULE, file, format!("the `{key}` path `{path}` is inside a submodule, which is not checked out here"))
                        .with_severity(crate::diagnostic::Severity::Warning)
                        .at(span)
                        .label("in a submodule")
                        .help("a marketplace in this repository is cloned with its submodules; a plugin installed from a `url` source is cloned without them, so its components must not live in one"),
                );
            }
            continue;
        }
        let why = match full {
            Some(full) if full == dir || full.starts_with(&format!("{dir}/")) || dir.is_empty() => {
                match ((cx.kind_of)(&full), key) {
                    // Claude Code takes agents as `.md` files and skills as
                    // folders.
                    (Some(PathKind::Dir), "agents") => "is a folder: `agents` names `.md` files",
                    (Some(PathKind::File), "skills") => "is a file: `skills` names skill folders",
                    (Some(_), _) => continue,
                    (None, _) => "does not exist in the plugin",
                }
            }
            _ => "leaves the plugin's folder",
        };
        out.push(
            Diagnostic::new(&RULE, file, format!("the `{key}` path `{path}` {why}"))
                .at(span)
                .label("not in the plugin")
                .help(format!(
                    "component paths resolve from the plugin's folder (`{}`); correct the path or move the component into the plugin",
                    if dir.is_empty() { "." } else { dir }
                )),
        );
    }
}

/// Every manifest's and local entry's component paths (not those inside a
/// submodule, whose files are another repository's).
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        let paths = submodule_paths(cx);
        for m in cx.manifests {
            if !m.kind.is_marketplace() {
                let listed = cx
                    .plugins
                    .iter()
                    .any(|p| p.dir == m.root_dir && !p.entries.is_empty());
                let submodules = Submodules { paths: &paths, listed };
                check(cx, submodules, &m.path, &m.root_dir, &m.value, out);
                continue;
            }
            for entry in plugin::entries(m.kind, &m.root_dir, &m.value) {
                if let Source::Local { dir: Some(dir), .. } = &entry.source {
                    if (cx.kind_of)(dir).is_some() {
                        let submodules = Submodules { paths: &paths, listed: true };
                        check(cx, submodules, &m.path, dir, entry.value, out);
                    }
                }
            }
        }
    }
}

/// The submodules' folders, as `.gitmodules` at the repository root names
/// them (`path = …`), on the side judged.
fn submodule_paths(cx: &RepoCx<'_>) -> Vec<String> {
    let Some(text) = (cx.read)(".gitmodules") else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| {
            let (key, value) = l.trim().split_once('=')?;
            (key.trim() == "path").then(|| value.trim().trim_matches('"').trim_end_matches('/').to_string())
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// Whether the repository path `full` is a submodule's folder or inside one.
fn in_submodule(submodules: &[String], full: &str) -> bool {
    submodules
        .iter()
        .any(|s| full == s || full.starts_with(&format!("{s}/")))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn a_misspelt_folder_and_a_path_out_of_the_plugin() {
        let files = with(
            "plugins/review/.claude-plugin/plugin.json",
            r#"{"name": "review", "version": "1.2.0", "commands": ["./command/review.md", "../docs/skills"], "hooks": {"PreToolUse": []}}"#,
        );
        let ds = of(&RULE, &files);
        let messages: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "the `commands` path `./command/review.md` does not exist in the plugin",
                "the `commands` path `../docs/skills` leaves the plugin's folder"
            ]
        );
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn an_agents_folder_and_a_skill_file() {
        let files = with(
            "plugins/review/.claude-plugin/plugin.json",
            r#"{"name": "review", "version": "1.2.0", "agents": ["./agents"], "skills": ["./skills/check/SKILL.md"]}"#,
        );
        let messages: Vec<String> = of(&RULE, &files).into_iter().map(|d| d.message).collect();
        assert_eq!(
            messages,
            [
                "the `agents` path `./agents` is a folder: `agents` names `.md` files",
                "the `skills` path `./skills/check/SKILL.md` is a file: `skills` names skill folders"
            ]
        );
    }

    #[test]
    fn a_path_into_a_submodule_is_not_judged() {
        // The submodule is not checked out (a clone without
        // `--recurse-submodules`): its folder is empty here.
        let mut files = with(
            "plugins/review/.claude-plugin/plugin.json",
            r#"{"name": "review", "version": "1.2.0", "skills": ["./vendor/rca/skills/triage"]}"#,
        );
        assert_eq!(of(&RULE, &files).len(), 1);
        files.push((
            ".gitmodules",
            "[submodule \"rca\"]\n\tpath = plugins/review/vendor/rca\n\turl = https://example.com/rca.git\n",
        ));
        assert!(of(&RULE, &files).is_empty());
        // A plugin no marketplace here lists is installed from a `url`
        // source, cloned without its submodules: a warning.
        let files = [
            (".claude-plugin/plugin.json", r#"{"name": "solo", "version": "1.0.0", "skills": "./db/skills"}"#),
            (".gitmodules", "[submodule \"db\"]\n\tpath = db\n"),
        ];
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Warning);
        assert!(ds[0].message.contains("inside a submodule"), "{ds:?}");
    }

    #[test]
    fn existing_paths_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

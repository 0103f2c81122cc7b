//! `plugin/missing-component`.

use super::context::{PathKind, PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::json::Value;
use crate::discover::ManifestKind;
use crate::model::plugin::{self, Source, COMPONENTS};
use crate::source::Span;

declare_rule! {
    /// a component path in a manifest or entry (`skills`, `commands`, `agents`, `hooks`, `mcpServers`, `lspServers`, `outputStyles`, …) does not exist, or leaves the plugin
    ///
    /// ## What it does
    /// Resolves every path a plugin manifest (or a marketplace entry with a local source) gives for its components, from the plugin's folder, and checks that it exists there. Inline configuration (an object for `hooks` or `mcpServers`) is not a path. A path inside a submodule (a folder `.gitmodules` names) is no error: Claude Code clones a marketplace with its submodules, so a plugin a marketplace here lists is not judged there; a plugin installed from a `url` source is cloned without them, so for one no entry here lists, a path into a submodule that is not checked out is a warning.
    ///
    /// Claude Code takes `agents` as `.md` files and `skills` as folders; Cursor's manifest takes files or folders for either, and glob patterns (`skills/*/SKILL.md`), which must match a file of the plugin.
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
    (file, kind): (&str, ManifestKind),
    dir: &str,
    obj: &Value,
    out: &mut Vec<Diagnostic>,
) {
    let cursor = kind == ManifestKind::CursorPlugin;
    for (key, path, span) in paths(obj) {
        if path.contains("://") || path.contains("${") {
            continue;
        }
        // Cursor takes glob patterns (`skills/*/SKILL.md`): one that
        // matches a file of the plugin names something.
        if cursor && is_glob(path) {
            if !glob_matches(cx, dir, path) {
                out.push(
                    Diagnostic::new(&RULE, file, format!("the `{key}` pattern `{path}` matches no file in the plugin"))
                        .at(span)
                        .label("matches nothing")
                        .help(format!(
                            "component patterns match from the plugin's folder (`{}`); correct the pattern or add the files",
                            if dir.is_empty() { "." } else { dir }
                        )),
                );
            }
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
                    // folders; Cursor takes files or folders for either.
                    (Some(PathKind::Dir), "agents") if !cursor => {
                        "is a folder: `agents` names `.md` files"
                    }
                    (Some(PathKind::File), "skills") if !cursor => {
                        "is a file: `skills` names skill folders"
                    }
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
                check(cx, submodules, (&m.path, m.kind), &m.root_dir, &m.value, out);
                continue;
            }
            for entry in plugin::entries(m.kind, &m.root_dir, &m.value) {
                if let Source::Local { dir: Some(dir), .. } = &entry.source {
                    if (cx.kind_of)(dir).is_some() {
                        let submodules = Submodules { paths: &paths, listed: true };
                        check(cx, submodules, (&m.path, m.kind), dir, entry.value, out);
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

/// Whether a component path is a glob pattern.
fn is_glob(path: &str) -> bool {
    path.contains(['*', '?', '[', '{'])
}

/// How many files and folders a pattern's walk looks at, at most: a
/// pattern is judged on a bounded walk, never the whole repository.
const GLOB_WALK_MAX: usize = 20_000;

/// Whether the glob `pattern` matches a file or folder of the plugin in
/// `dir`: walked from the pattern's literal folder, only as deep as the
/// pattern reaches (any depth for `**`).
fn glob_matches(cx: &RepoCx<'_>, dir: &str, pattern: &str) -> bool {
    let pattern = pattern.trim_start_matches("./");
    let Ok(glob) = globset::GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .map(|g| g.compile_matcher())
    else {
        return false;
    };
    let segments: Vec<&str> = pattern.split('/').collect();
    let literal = segments.iter().take_while(|s| !is_glob(s)).count();
    let deep = pattern.contains("**");
    let Some(start) = plugin::join(dir, &segments[..literal].join("/")) else {
        return false;
    };
    let rel = |full: &str| -> String {
        if dir.is_empty() {
            full.to_string()
        } else {
            full.strip_prefix(&format!("{dir}/")).unwrap_or(full).to_string()
        }
    };
    let mut level = vec![start];
    let mut seen = 0;
    for depth in literal..segments.len().max(literal + 1) + if deep { 64 } else { 0 } {
        let mut next = Vec::new();
        for folder in &level {
            for child in (cx.list)(folder) {
                seen += 1;
                if seen > GLOB_WALK_MAX {
                    return true;
                }
                if glob.is_match(rel(&child)) {
                    return true;
                }
                if (deep || depth + 1 < segments.len())
                    && (cx.kind_of)(&child) == Some(PathKind::Dir)
                {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    false
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
    fn cursor_takes_folders_files_and_glob_patterns() {
        // Cursor's manifest names components by path or glob, a folder of
        // agents as its own plugins do (`"agents": "./agents/"`).
        let files = with(
            "plugins/review/.cursor-plugin/plugin.json",
            r#"{"name": "review", "agents": "./agents/", "skills": ["skills/*/SKILL.md", "./skills/check/SKILL.md"], "rules": "rules/**/*.mdc", "commands": "./commands/*.txt"}"#,
        );
        let messages: Vec<String> = of(&RULE, &files).into_iter().map(|d| d.message).collect();
        assert_eq!(
            messages,
            [
                "the `rules` pattern `rules/**/*.mdc` matches no file in the plugin",
                "the `commands` pattern `./commands/*.txt` matches no file in the plugin"
            ]
        );
        let mut files = files;
        files.push(("plugins/review/rules/style/naming.mdc", "---\ndescription: Names\n---\nName well.\n"));
        files.push(("plugins/review/commands/deploy.txt", "deploy\n"));
        assert!(of(&RULE, &files).is_empty(), "{:?}", of(&RULE, &files));
        // Claude Code's manifest keeps its forms.
        let files = with(
            "plugins/review/.claude-plugin/plugin.json",
            r#"{"name": "review", "version": "1.2.0", "agents": "./agents/", "skills": "skills/*/SKILL.md"}"#,
        );
        let messages: Vec<String> = of(&RULE, &files).into_iter().map(|d| d.message).collect();
        assert_eq!(
            messages,
            [
                "the `agents` path `./agents/` is a folder: `agents` names `.md` files",
                "the `skills` path `skills/*/SKILL.md` does not exist in the plugin"
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

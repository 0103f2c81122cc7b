//! Plugins and marketplaces (SPEC §3 "Plugins and marketplaces"): the client
//! manifests (`.claude-plugin/plugin.json`, `.codex-plugin/plugin.json`,
//! `.cursor-plugin/plugin.json`), the marketplaces (`.claude-plugin/
//! marketplace.json`, `.agents/plugins/marketplace.json`) and the
//! installation model built from them: which plugins exist, where each one's
//! folder is, which manifests and marketplace entries describe it, and the
//! version a client reads for it. Pure: texts in, the model out; the rules
//! and history ask it.

use crate::json::{Kind, Value};
use crate::source::Span;

pub use crate::discover::{ManifestKind, MANIFEST_DIRS};

impl ManifestKind {
    /// The keys the client knows at the top level, with the JSON types each
    /// may have.
    pub fn known(self) -> &'static [(&'static str, &'static [Ty])] {
        match self {
            ManifestKind::ClaudePlugin => PLUGIN_KEYS,
            ManifestKind::CursorPlugin => CURSOR_PLUGIN_KEYS,
            ManifestKind::CodexPlugin => CODEX_PLUGIN_KEYS,
            ManifestKind::ClaudeMarketplace => MARKETPLACE_KEYS,
            ManifestKind::CodexMarketplace => CODEX_MARKETPLACE_KEYS,
        }
    }
}

/// A JSON type a known field may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Str,
    Bool,
    Num,
    Obj,
    /// A list of strings.
    Strs,
    /// A list of objects.
    Objs,
    /// A list of strings or objects.
    List,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::Str => "a string",
            Ty::Bool => "a boolean",
            Ty::Num => "a number",
            Ty::Obj => "an object",
            Ty::Strs => "a list of strings",
            Ty::Objs => "a list of objects",
            Ty::List => "a list",
        }
    }

    pub fn fits(self, v: &Value) -> bool {
        match (self, &v.kind) {
            (Ty::Str, Kind::String(_)) | (Ty::Bool, Kind::Bool(_)) | (Ty::Num, Kind::Number(_)) => {
                true
            }
            (Ty::Obj, Kind::Object(_)) => true,
            (Ty::Strs, Kind::Array(items)) => items.iter().all(|i| i.as_str().is_some()),
            (Ty::Objs, Kind::Array(items)) => items.iter().all(|i| i.as_object().is_some()),
            (Ty::List, Kind::Array(items)) => items
                .iter()
                .all(|i| i.as_str().is_some() || i.as_object().is_some()),
            _ => false,
        }
    }
}

use Ty::*;

/// Component fields: paths (relative to the plugin root) of what a plugin
/// ships, or inline configuration.
pub const COMPONENTS: &[&str] = &[
    "commands",
    "agents",
    "skills",
    "hooks",
    "mcpServers",
    "lspServers",
    "outputStyles",
    "themes",
    "workflows",
    "rules",
];

const PATH_OR_LIST: &[Ty] = &[Str, Strs];
const PATH_OR_CONFIG: &[Ty] = &[Str, Obj, List];

/// Claude Code's `plugin.json` (the schema of Claude Code 2.1).
const PLUGIN_KEYS: &[(&str, &[Ty])] = &[
    ("$schema", &[Str]),
    ("name", &[Str]),
    ("version", &[Str]),
    ("description", &[Str]),
    ("author", &[Obj]),
    ("homepage", &[Str]),
    ("repository", &[Str]),
    ("license", &[Str]),
    ("keywords", &[Strs]),
    ("displayName", &[Str]),
    ("defaultEnabled", &[Bool]),
    ("dependencies", &[List]),
    ("commands", &[Str, Strs, Obj]),
    ("agents", PATH_OR_LIST),
    ("skills", PATH_OR_LIST),
    ("outputStyles", PATH_OR_LIST),
    ("themes", PATH_OR_LIST),
    ("workflows", PATH_OR_LIST),
    ("hooks", PATH_OR_CONFIG),
    ("mcpServers", PATH_OR_CONFIG),
    ("lspServers", &[Str, Obj]),
    ("monitors", PATH_OR_CONFIG),
    ("channels", PATH_OR_CONFIG),
    ("settings", PATH_OR_CONFIG),
    ("userConfig", &[Obj]),
    ("binaries", PATH_OR_CONFIG),
    ("experimental", &[Obj]),
];

/// Cursor's `.cursor-plugin/plugin.json`.
const CURSOR_PLUGIN_KEYS: &[(&str, &[Ty])] = &[
    ("$schema", &[Str]),
    ("name", &[Str]),
    ("version", &[Str]),
    ("description", &[Str]),
    ("author", &[Obj]),
    ("publisher", &[Str, Obj]),
    ("homepage", &[Str]),
    ("repository", &[Str, Obj]),
    ("license", &[Str]),
    ("keywords", &[Strs]),
    ("logo", &[Str]),
    ("category", &[Str]),
    ("tags", &[Strs]),
    ("displayName", &[Str]),
    ("commands", PATH_OR_LIST),
    ("agents", PATH_OR_LIST),
    ("skills", PATH_OR_LIST),
    ("rules", PATH_OR_LIST),
    ("hooks", &[Str, Obj]),
    ("mcpServers", PATH_OR_CONFIG),
    ("variables", &[Obj, List]),
];

/// Codex's `.codex-plugin/plugin.json`.
const CODEX_PLUGIN_KEYS: &[(&str, &[Ty])] = &[
    ("$schema", &[Str]),
    ("name", &[Str]),
    ("version", &[Str]),
    ("description", &[Str]),
    ("author", &[Obj, Str]),
    ("homepage", &[Str]),
    ("repository", &[Str, Obj]),
    ("license", &[Str]),
    ("keywords", &[Strs]),
    ("skills", PATH_OR_LIST),
    ("mcpServers", PATH_OR_CONFIG),
    ("apps", PATH_OR_CONFIG),
    ("hooks", PATH_OR_CONFIG),
    ("interface", &[Obj]),
];

/// Claude Code's `marketplace.json`.
const MARKETPLACE_KEYS: &[(&str, &[Ty])] = &[
    ("$schema", &[Str]),
    ("name", &[Str]),
    ("owner", &[Obj]),
    ("metadata", &[Obj]),
    ("description", &[Str]),
    ("version", &[Str]),
    ("plugins", &[Objs]),
    ("forceRemoveDeletedPlugins", &[Bool]),
    ("allowCrossMarketplaceDependenciesOn", &[Strs]),
    ("renames", &[Obj]),
];

/// Codex's `.agents/plugins/marketplace.json`.
const CODEX_MARKETPLACE_KEYS: &[(&str, &[Ty])] = &[
    ("$schema", &[Str]),
    ("name", &[Str]),
    ("interface", &[Obj]),
    ("owner", &[Obj]),
    ("description", &[Str]),
    ("plugins", &[Objs]),
];

/// The keys of a marketplace entry: the manifest's, and the entry's own.
pub const ENTRY_KEYS: &[(&str, &[Ty])] = &[
    ("name", &[Str]),
    ("source", &[Str, Obj]),
    ("version", &[Str]),
    ("description", &[Str]),
    ("author", &[Obj]),
    ("homepage", &[Str]),
    ("repository", &[Str, Obj]),
    ("license", &[Str]),
    ("keywords", &[Strs]),
    ("category", &[Str]),
    ("tags", &[Strs]),
    ("strict", &[Bool]),
    ("relevance", &[Num, Str]),
    ("displayName", &[Str]),
    ("logo", &[Str]),
    ("policy", &[Obj]),
    ("interface", &[Obj]),
    ("defaultEnabled", &[Bool]),
    ("dependencies", &[List]),
    ("commands", &[Str, Strs, Obj]),
    ("agents", PATH_OR_LIST),
    ("skills", PATH_OR_LIST),
    ("outputStyles", PATH_OR_LIST),
    ("themes", PATH_OR_LIST),
    ("workflows", PATH_OR_LIST),
    ("hooks", PATH_OR_CONFIG),
    ("mcpServers", PATH_OR_CONFIG),
    ("lspServers", &[Str, Obj]),
    ("monitors", PATH_OR_CONFIG),
    ("channels", PATH_OR_CONFIG),
    ("settings", PATH_OR_CONFIG),
    ("userConfig", &[Obj]),
    ("binaries", PATH_OR_CONFIG),
    ("experimental", &[Obj]),
];

/// Where a marketplace entry's plugin comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A folder of this repository: the path as written, and the folder
    /// relative to the repository root (`None` when it leaves the
    /// repository).
    Local {
        written: String,
        dir: Option<String>,
        span: Span,
    },
    /// A `github`, `url`, `git` or other remote source: not checked on disk.
    Remote,
    /// Neither: `plugin/invalid-manifest` says why.
    Invalid,
}

/// One entry of a marketplace's `plugins` list.
#[derive(Debug, Clone)]
pub struct Entry<'v> {
    pub value: &'v Value,
    pub name: Option<(&'v str, Span)>,
    pub version: Option<(&'v str, Span)>,
    pub source: Source,
}

/// Joins a folder and a relative path, resolving `.` and `..`; `None` when
/// the path climbs above the start or is absolute.
pub fn join(dir: &str, path: &str) -> Option<String> {
    if path.starts_with('/') || path.starts_with('\\') || path.get(1..2) == Some(":") {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// A string field with its value's span.
pub fn str_field<'v>(v: &'v Value, key: &str) -> Option<(&'v str, Span)> {
    let m = v.get(key)?;
    m.value.as_str().map(|s| (s, m.value.span))
}

/// The entries of a marketplace at `market_root` (relative to the
/// repository root; for Codex the folder that holds `.agents/`). Relative
/// sources resolve from the marketplace's root: Claude Code accepts
/// `metadata.pluginRoot` and does not apply it, so neither does caplint. A
/// plugin manifest has no entries (a `plugins` key there is unknown).
pub fn entries<'v>(kind: ManifestKind, market_root: &str, manifest: &'v Value) -> Vec<Entry<'v>> {
    if !kind.is_marketplace() {
        return Vec::new();
    }
    let Some(list) = manifest.get("plugins").and_then(|m| m.value.as_array()) else {
        return Vec::new();
    };
    let (base, has_plugin_root) = (market_root.to_string(), false);
    list.iter()
        .filter(|v| v.as_object().is_some())
        .map(|value| {
            let source = match value.get("source").map(|m| &m.value) {
                Some(v) => source_of(kind, &base, has_plugin_root, v),
                None => Source::Invalid,
            };
            Entry {
                value,
                name: str_field(value, "name"),
                version: str_field(value, "version"),
                source,
            }
        })
        .collect()
}

fn source_of(kind: ManifestKind, base: &str, has_plugin_root: bool, v: &Value) -> Source {
    match &v.kind {
        Kind::String(s) => {
            let relative = s == "."
                || s.starts_with("./")
                || s.starts_with("../")
                || (has_plugin_root && !s.contains(':') && !s.starts_with('/'));
            if !relative {
                return Source::Invalid;
            }
            Source::Local {
                written: s.clone(),
                dir: join(base, s),
                span: v.span,
            }
        }
        Kind::Object(_) => {
            let Some((tag, _)) = str_field(v, "source") else {
                return Source::Invalid;
            };
            let codex = kind == ManifestKind::CodexMarketplace;
            let has = |k: &str| str_field(v, k).is_some();
            match tag {
                // Codex: `{"source": "local", "path": "./…"}`.
                "local" if codex => match str_field(v, "path") {
                    Some((p, span)) => Source::Local {
                        written: p.to_string(),
                        dir: join(base, p),
                        span,
                    },
                    None => Source::Invalid,
                },
                "github" if has("repo") => Source::Remote,
                "url" if has("url") => Source::Remote,
                "git-subdir" if has("url") && has("path") => Source::Remote,
                "npm" if has("package") => Source::Remote,
                "git" if codex && has("url") => Source::Remote,
                _ => Source::Invalid,
            }
        }
        _ => Source::Invalid,
    }
}

/// Whether `name` is a plugin name clients accept: 1–64 lower-case ASCII
/// letters, digits and single hyphens, not starting or ending with one.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
}

/// A manifest's `version`, when it is a string.
pub fn version(v: &Value) -> Option<(&str, Span)> {
    str_field(v, "version")
}

/// Whether a version is SemVer 2.0.
pub fn is_semver(v: &str) -> bool {
    semver::Version::parse(v).is_ok()
}

/// One plugin as the repository defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plugin {
    /// Its folder, relative to the repository root.
    pub dir: String,
    /// Indices of its client manifests in the model's list.
    pub manifests: Vec<usize>,
    /// (marketplace index, entry index) of the entries that point at it.
    pub entries: Vec<(usize, usize)>,
}

/// A parsed manifest of the repository.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub path: String,
    pub kind: ManifestKind,
    /// The folder the manifest belongs to (the plugin's or marketplace's root).
    pub root_dir: String,
    pub value: Value,
}

/// The plugin folder a repository path belongs to: the deepest of
/// `plugins` (repository-relative folders, `""` for the root) that holds it.
pub fn deepest<'p>(plugins: &'p [String], path: &str) -> Option<&'p str> {
    plugins
        .iter()
        .filter(|d| d.is_empty() || path == d.as_str() || path.starts_with(&format!("{d}/")))
        .max_by_key(|d| d.len())
        .map(String::as_str)
}

/// The plugins that `manifests` define: every folder with a client
/// manifest, and every local source of a marketplace entry.
pub fn plugins(manifests: &[Parsed]) -> Vec<Plugin> {
    let mut out: Vec<Plugin> = Vec::new();
    let at = |dir: &str, out: &mut Vec<Plugin>| -> usize {
        match out.iter().position(|p| p.dir == dir) {
            Some(i) => i,
            None => {
                out.push(Plugin {
                    dir: dir.to_string(),
                    manifests: Vec::new(),
                    entries: Vec::new(),
                });
                out.len() - 1
            }
        }
    };
    for (i, m) in manifests.iter().enumerate() {
        if !m.kind.is_marketplace() {
            let p = at(&m.root_dir, &mut out);
            out[p].manifests.push(i);
        }
    }
    for (i, m) in manifests.iter().enumerate() {
        if m.kind.is_marketplace() {
            for (e, entry) in entries(m.kind, &m.root_dir, &m.value).iter().enumerate() {
                if let Source::Local { dir: Some(dir), .. } = &entry.source {
                    let p = at(dir, &mut out);
                    out[p].entries.push((i, e));
                }
            }
        }
    }
    out.sort_by(|a, b| a.dir.cmp(&b.dir));
    out
}

/// The plugins whose manifests no client reads: a folder with a manifest
/// inside another plugin's folder (`plugins/p/skills/x/.claude-plugin/`) that
/// no marketplace entry points at. A client loads the outer plugin and reads
/// only its manifest. Each is (the inner plugin, the outer plugin's folder).
pub fn unread<'p>(plugins: &'p [Plugin], manifests: &[Parsed]) -> Vec<(&'p Plugin, &'p str)> {
    // Every folder an entry's source string names, in whatever form (a
    // `plugins/x` without its `./` is an error of its own, but meant).
    let named: Vec<String> = manifests
        .iter()
        .filter(|m| m.kind.is_marketplace())
        .filter_map(|m| Some((m, m.value.get("plugins")?.value.as_array()?)))
        .flat_map(|(m, list)| {
            list.iter().filter_map(|e| {
                let source = e.get("source")?;
                let written = source
                    .value
                    .as_str()
                    .or_else(|| str_field(&source.value, "path").map(|(p, _)| p))?;
                join(&m.root_dir, written)
            })
        })
        .collect();
    plugins
        .iter()
        .filter(|p| p.entries.is_empty() && !p.manifests.is_empty())
        .filter(|p| !named.contains(&p.dir))
        .filter_map(|p| {
            let outer = plugins
                .iter()
                .filter(|q| q.dir != p.dir)
                .filter(|q| q.dir.is_empty() || p.dir.starts_with(&format!("{}/", q.dir)))
                .max_by_key(|q| q.dir.len())?;
            Some((p, outer.dir.as_str()))
        })
        .collect()
}

/// Where a plugin's version comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionAt {
    pub version: String,
    /// The file that holds it.
    pub path: String,
    pub span: Span,
}

/// Every version clients read for `plugin` (each manifest's, else each
/// entry's): what `plugin/version-mismatch` compares and history follows.
pub fn versions(plugin: &Plugin, manifests: &[Parsed]) -> Vec<VersionAt> {
    let mut out = Vec::new();
    for &i in &plugin.manifests {
        if let Some((v, span)) = version(&manifests[i].value) {
            out.push(VersionAt {
                version: v.to_string(),
                path: manifests[i].path.clone(),
                span,
            });
        }
    }
    for &(m, e) in &plugin.entries {
        let market = &manifests[m];
        if let Some(entry) = entries(market.kind, &market.root_dir, &market.value).get(e) {
            if let Some((v, span)) = entry.version {
                out.push(VersionAt {
                    version: v.to_string(),
                    path: market.path.clone(),
                    span,
                });
            }
        }
    }
    out
}

/// The version a client reads: the first manifest's, else the first
/// entry's.
pub fn read_version(plugin: &Plugin, manifests: &[Parsed]) -> Option<VersionAt> {
    versions(plugin, manifests).into_iter().next()
}

/// The plugin's name: its first manifest's, else its first entry's.
pub fn name_of<'a>(plugin: &Plugin, manifests: &'a [Parsed]) -> Option<&'a str> {
    plugin
        .manifests
        .iter()
        .find_map(|&i| str_field(&manifests[i].value, "name").map(|(n, _)| n))
        .or_else(|| {
            plugin.entries.iter().find_map(|&(m, e)| {
                let market = &manifests[m];
                let list = market.value.get("plugins")?.value.as_array()?;
                let objects: Vec<&Value> =
                    list.iter().filter(|v| v.as_object().is_some()).collect();
                str_field(objects.get(e)?, "name").map(|(n, _)| n)
            })
        })
}

/// Files of a plugin's folder whose changes need no version bump: root
/// documents (`README*`, `CHANGELOG*`, `LICENSE*`, `CONTRIBUTING*`) and
/// dot-folders other than the client manifest folders. `rel` is relative
/// to the plugin's folder.
pub fn ships(rel: &str) -> bool {
    let first = rel.split('/').next().unwrap_or(rel);
    if !rel.contains('/') {
        let upper = rel.to_ascii_uppercase();
        if ["README", "CHANGELOG", "LICENSE", "CONTRIBUTING"]
            .iter()
            .any(|p| upper.starts_with(p))
        {
            return false;
        }
    }
    if rel.contains('/') && first.starts_with('.') && !MANIFEST_DIRS.contains(&first) {
        return false;
    }
    true
}

/// The component a changed file belongs to, for messages: `skills/NAME`,
/// `agents`, `commands`, `hooks`, `MCP servers`, `scripts`, `manifest`, or
/// its first folder.
pub fn component(rel: &str) -> String {
    let mut parts = rel.split('/');
    let first = parts.next().unwrap_or(rel);
    match first {
        "skills" => match parts.next() {
            Some(name) if rel.matches('/').count() >= 2 => format!("skill {name}"),
            _ => "skills".into(),
        },
        ".mcp.json" => "MCP servers".into(),
        "hooks" | "agents" | "commands" | "scripts" => first.to_string(),
        d if MANIFEST_DIRS.contains(&d) => "manifest".into(),
        _ if !rel.contains('/') => rel.to_string(),
        d => d.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_manifest_paths() {
        assert_eq!(
            ManifestKind::of("p/.claude-plugin/plugin.json"),
            Some((ManifestKind::ClaudePlugin, "p"))
        );
        assert_eq!(
            ManifestKind::of(".claude-plugin/marketplace.json"),
            Some((ManifestKind::ClaudeMarketplace, ""))
        );
        assert_eq!(
            ManifestKind::of("x/.agents/plugins/marketplace.json"),
            Some((ManifestKind::CodexMarketplace, "x"))
        );
        assert_eq!(ManifestKind::of("x/plugin.json"), None);
        assert_eq!(ManifestKind::of("x.claude-plugin/plugin.json"), None);
    }

    #[test]
    fn paths_join_and_stay_inside() {
        assert_eq!(join("", "./plugins/a").as_deref(), Some("plugins/a"));
        assert_eq!(join("m", "../a").as_deref(), Some("a"));
        assert_eq!(join("", "../a"), None);
        assert_eq!(join("", "/etc"), None);
    }

    #[test]
    fn names_and_what_a_plugin_ships() {
        assert!(valid_name("code-review"));
        assert!(
            !valid_name("Code Review")
                && !valid_name("a--b")
                && !valid_name("-a")
                && !valid_name("")
        );
        assert!(!ships("README.md") && !ships("CHANGELOG") && !ships(".github/workflows/x.yml"));
        assert!(
            ships("skills/a/SKILL.md")
                && ships(".claude-plugin/plugin.json")
                && ships("docs/README.md")
        );
        assert_eq!(component("skills/a/SKILL.md"), "skill a");
        assert_eq!(component(".mcp.json"), "MCP servers");
        assert_eq!(component("hooks/hooks.json"), "hooks");
    }

    #[test]
    fn the_plugins_of_a_marketplace_and_their_versions() {
        let market = crate::json::parse(
            r#"{"name": "m", "owner": {"name": "o"}, "plugins": [
                {"name": "a", "source": "./plugins/a", "version": "1.0.0"},
                {"name": "b", "source": {"source": "github", "repo": "o/b"}},
                {"name": "c", "source": "c"}]}"#,
        )
        .unwrap();
        let manifest = crate::json::parse(r#"{"name": "a", "version": "1.1.0"}"#).unwrap();
        let parsed = vec![
            Parsed {
                path: ".claude-plugin/marketplace.json".into(),
                kind: ManifestKind::ClaudeMarketplace,
                root_dir: String::new(),
                value: market,
            },
            Parsed {
                path: "plugins/a/.claude-plugin/plugin.json".into(),
                kind: ManifestKind::ClaudePlugin,
                root_dir: "plugins/a".into(),
                value: manifest,
            },
        ];
        let es = entries(ManifestKind::ClaudeMarketplace, "", &parsed[0].value);
        assert!(matches!(es[1].source, Source::Remote));
        assert!(matches!(es[2].source, Source::Invalid));
        let ps = plugins(&parsed);
        assert_eq!(ps.len(), 1);
        assert_eq!(ps[0].dir, "plugins/a");
        let vs: Vec<String> = versions(&ps[0], &parsed)
            .into_iter()
            .map(|v| v.version)
            .collect();
        assert_eq!(vs, ["1.1.0", "1.0.0"]);
        assert_eq!(read_version(&ps[0], &parsed).unwrap().version, "1.1.0");
        assert_eq!(name_of(&ps[0], &parsed), Some("a"));
    }
}

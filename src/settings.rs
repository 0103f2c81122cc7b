//! Everything a run needs, as plain data resolved once: the configuration's
//! values (defaults filled in), the globs compiled, the severity each rule
//! has for a path, and the options of the run. Reading `.caplint.yaml` is
//! [`crate::config`]'s; the command line's, the app's.

use crate::date::Date;
use crate::diagnostic::rule::{Rule, Severity};
use crate::error::Fatal;
use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use std::path::PathBuf;

/// Which history comparison `check` makes (SPEC §2).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum HistoryMode {
    /// Working tree against HEAD, or against the pull-request base in GitHub Actions.
    #[default]
    Auto,
    /// The index against HEAD (pre-commit).
    Staged,
    /// The working tree against `merge-base(REV, HEAD)`.
    Base(String),
    /// No history rules.
    Off,
}

#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    pub paths: Vec<PathBuf>,
    pub history: HistoryMode,
    /// The run may keep and use its cache under the git directory
    /// (`--no-cache`, `--fix` and `--diff` say no); it never changes the
    /// verdict.
    pub cache: bool,
}

/// A client a skill is written for.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum, serde::Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The open Agent Skills format (skills-ref, agentskills-core)
    Agentskills,
    /// Both `claude-code` and `claude-api` (the strictest union of the two)
    Claude,
    /// Skill upload to Claude: the API's Skills endpoint and claude.ai
    ClaudeApi,
    /// Claude Code: `.claude/skills`, plugins
    ClaudeCode,
    /// OpenAI Codex: `agents/openai.yaml` metadata
    Codex,
    /// The agent platform: description ≤ 500 characters, `category`
    Platform,
}

impl Target {
    /// Every target `--target` and `targets:` accept: clap's list of the
    /// enum's variants (one list, the one the command line reads).
    pub fn all() -> &'static [Target] {
        <Target as clap::ValueEnum>::value_variants()
    }

    /// The clients themselves: every target but `claude`, which names two.
    pub const CLIENTS: [Target; 5] = [
        Target::Agentskills,
        Target::ClaudeApi,
        Target::ClaudeCode,
        Target::Codex,
        Target::Platform,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Agentskills => "agentskills",
            Target::Claude => "claude",
            Target::ClaudeApi => "claude-api",
            Target::ClaudeCode => "claude-code",
            Target::Codex => "codex",
            Target::Platform => "platform",
        }
    }

    pub fn parse(name: &str) -> Option<Target> {
        Target::all().iter().copied().find(|t| t.name() == name)
    }

    pub fn names() -> impl Iterator<Item = &'static str> {
        Target::all().iter().map(|t| t.name())
    }

    /// The clients a target stands for: `claude` is `claude-api` and
    /// `claude-code` together; every other target is itself.
    pub fn clients(self) -> &'static [Target] {
        match self {
            Target::Agentskills => &[Target::Agentskills],
            Target::Claude => &[Target::ClaudeApi, Target::ClaudeCode],
            Target::ClaudeApi => &[Target::ClaudeApi],
            Target::ClaudeCode => &[Target::ClaudeCode],
            Target::Codex => &[Target::Codex],
            Target::Platform => &[Target::Platform],
        }
    }
}

/// A severity as configured: a rule may also be turned off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Level {
    Error,
    Warning,
    Off,
}

impl Level {
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Error => Some(Severity::Error),
            Level::Warning => Some(Severity::Warning),
            Level::Off => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Override {
    pub paths: Vec<String>,
    pub rules: Vec<(String, Level)>,
}

/// The configuration file's content, defaults filled in. Serialized, its
/// values are part of the cache's stamp (`lint::cache::stamp`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Config {
    pub profiles: Vec<String>,
    pub skill_roots: Vec<String>,
    pub exclude: Vec<String>,
    pub freshness_days: i64,
    pub min_evidence: usize,
    pub description_max_chars: usize,
    pub reserved_skill_names: Vec<String>,
    pub extra_skill_fields: Vec<String>,
    pub base: Option<String>,
    /// The clients the skills are written for (`targets:`, `--target`).
    pub targets: Vec<Target>,
    /// Whether the user chose [`Config::targets`] (`targets:` or
    /// `--target`). Where they did not, a skill that only Claude Code
    /// installs (a Claude Code plugin's, a project's `.claude/skills`) is
    /// not failed on the open format's letter that Claude Code does not
    /// hold it to (`skill/name-mismatch`).
    pub targets_chosen: bool,
    /// Whether the user set [`Config::reserved_skill_names`] in
    /// `.caplint.yaml`: then every name in it is reserved for certain.
    pub reserved_names_chosen: bool,
    pub rules: Vec<(String, Level)>,
    pub overrides: Vec<Override>,
    /// Globs of routing decision records (`*.decision.json`).
    pub decisions: Vec<String>,
    /// Globs, relative to a plugin's folder, of files whose changes need
    /// no plugin version bump.
    pub plugin_version_ignore: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            profiles: vec!["**/*.profile.json".into()],
            skill_roots: vec!["**/skills".into()],
            exclude: Vec::new(),
            freshness_days: 90,
            min_evidence: 1,
            description_max_chars: 1024,
            reserved_skill_names: vec!["knowledge".into(), "planning".into(), "skills".into()],
            extra_skill_fields: Vec::new(),
            base: None,
            targets: vec![Target::Agentskills],
            targets_chosen: false,
            reserved_names_chosen: false,
            rules: Vec::new(),
            overrides: Vec::new(),
            decisions: vec!["**/*.decision.json".into()],
            plugin_version_ignore: Vec::new(),
        }
    }
}

/// Folders that are never walked.
pub const ALWAYS_SKIPPED: &[&str] = &[".git", "node_modules", "target"];

/// Everything a run needs, resolved once from the CLI and the config file.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The repository root (or the working directory outside git).
    pub root: PathBuf,
    /// What files are opened relative to: `.` when the working directory is
    /// the root (the kernel then walks three fewer path components or so per
    /// file), else `root`.
    open_root: PathBuf,
    pub config: Config,
    pub config_path: Option<PathBuf>,
    pub as_of: Date,
    pub profile_globs: GlobSet,
    pub skill_root_globs: GlobSet,
    pub exclude_globs: GlobSet,
    pub decision_globs: GlobSet,
    pub plugin_ignore_globs: GlobSet,
    overrides: Vec<(GlobSet, Vec<(String, Level)>)>,
    /// Where the files' content comes from ([`crate::contents`]): the work
    /// tree, an editor's buffers over it (`caplint server`), or the index
    /// (`--staged`).
    contents: crate::contents::Contents,
    /// Files the index marks skip-worktree (repo-relative): git holds them
    /// unchanged whether or not they are on disk, so a reference to one is
    /// not broken. Empty outside git.
    pub worktree_skipped: std::sync::Arc<std::collections::BTreeSet<String>>,
}

impl Settings {
    pub fn new(
        root: PathBuf,
        config: Config,
        config_path: Option<PathBuf>,
        as_of: Date,
    ) -> Result<Settings, Fatal> {
        let build = |globs: &[String]| -> Result<GlobSet, Fatal> {
            let mut b = GlobSetBuilder::new();
            for g in globs {
                b.add(
                    compile_glob(g)
                        .map_err(|e| Fatal::Usage(format!("invalid glob `{g}`: {e}")))?,
                );
            }
            b.build().map_err(|e| Fatal::Usage(e.to_string()))
        };
        let overrides = config
            .overrides
            .iter()
            .map(|o| Ok((build(&o.paths)?, o.rules.clone())))
            .collect::<Result<Vec<_>, Fatal>>()?;
        let open_root = match (std::env::current_dir(), root.canonicalize()) {
            (Ok(cwd), Ok(canonical)) if cwd == canonical => PathBuf::from("."),
            _ => root.clone(),
        };
        Ok(Settings {
            open_root,
            profile_globs: build(&config.profiles)?,
            skill_root_globs: build(&config.skill_roots)?,
            exclude_globs: build(&config.exclude)?,
            decision_globs: build(&config.decisions)?,
            plugin_ignore_globs: build(&config.plugin_version_ignore)?,
            overrides,
            root,
            config,
            config_path,
            as_of,
            contents: Default::default(),
            worktree_skipped: Default::default(),
        })
    }

    /// Sets an editor's unsaved buffers, which stand in for the files on
    /// disk they show.
    pub fn set_overlay(&mut self, overlay: std::collections::BTreeMap<String, String>) {
        self.contents = crate::contents::Contents::with_buffers(overlay);
    }

    /// Sets where the files' content comes from.
    pub fn set_contents(&mut self, contents: crate::contents::Contents) {
        self.contents = contents;
    }

    /// Where the files' content comes from.
    pub fn contents(&self) -> &crate::contents::Contents {
        &self.contents
    }

    /// Whether an editor's buffers stand in for files on disk.
    pub fn has_overlay(&self) -> bool {
        self.contents.has_buffers()
    }

    /// The text that stands in for the file at `rel` (repo-relative) when it
    /// is not read from the disk: an editor's buffer, or the staged text
    /// where the disk differs. `Some(None)`: the side judged has no such
    /// file, whatever the disk holds.
    pub fn overlay_text(&self, rel: &str) -> Option<Option<String>> {
        self.contents.held_text(rel)
    }

    /// Default settings that exclude `globs` (for tests), as of 2026-10-15.
    #[cfg(test)]
    pub fn excluding(root: &std::path::Path, globs: &[&str]) -> Settings {
        let config = Config {
            exclude: globs.iter().map(|g| g.to_string()).collect(),
            ..Default::default()
        };
        let as_of = Date::parse_ymd("2026-10-15").expect("a valid date");
        Settings::new(root.to_path_buf(), config, None, as_of).expect("test globs compile")
    }

    /// Settings with the default configuration (for tests and `report`).
    pub fn defaults(root: impl Into<PathBuf>, as_of: Date) -> Settings {
        Settings::new(root.into(), Config::default(), None, as_of).expect("default globs compile")
    }

    /// The effective severity of `rule` for a file at `path` (repo-relative):
    /// the registry default, then `rules:`, then every matching override in
    /// order. `None` means the rule is off.
    pub fn severity(&self, rule: &Rule, path: &str) -> Option<Severity> {
        match self.configured_level(rule.id, path) {
            Some(level) => level.severity(),
            None => Some(rule.default),
        }
    }

    /// The level `rules:` and the matching overrides give `rule` for a file
    /// at `path`; `None` when the configuration does not name the rule.
    pub fn configured_level(&self, rule: &str, path: &str) -> Option<Level> {
        let mut level = None;
        if let Some((_, l)) = self.config.rules.iter().rev().find(|(id, _)| id == rule) {
            level = Some(*l);
        }
        for (globs, rules) in &self.overrides {
            if globs.is_match(path) {
                if let Some((_, l)) = rules.iter().rev().find(|(id, _)| id == rule) {
                    level = Some(*l);
                }
            }
        }
        level
    }

    /// The path to open the repository-relative `rel` by (see `open_root`).
    pub fn open_path(&self, rel: &str) -> PathBuf {
        if rel.is_empty() {
            self.open_root.clone()
        } else {
            self.open_root.join(crate::source::raw_rel(rel))
        }
    }

    /// Whether any path is excluded at all (a walk then need not work out
    /// each entry's path to ask).
    pub fn has_excludes(&self) -> bool {
        !self.config.exclude.is_empty()
    }

    pub fn is_excluded(&self, rel: &str) -> bool {
        !self.config.exclude.is_empty() && self.exclude_globs.is_match(rel)
    }
}

/// Globs match repository-relative `/` paths; `*` does not cross `/`.
pub fn compile_glob(pattern: &str) -> Result<Glob, globset::Error> {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .backslash_escape(true)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A target's name is the one clap accepts for it, for every target.
    #[test]
    fn target_names_are_clap_names() {
        use clap::ValueEnum;
        assert_eq!(Target::all().len(), 6);
        for t in Target::all() {
            let clap_name = t.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(t.name(), clap_name);
            assert_eq!(Target::parse(&clap_name), Some(*t));
        }
    }
}

//! A skill folder's files and the references between them:
//! `skill/broken-reference`, `skill/reference-escapes` and
//! `skill/unreferenced-file`.
//!
//! How a name is judged depends on how it was written (see [`RefKind`]):
//!
//! * **Links** (`[t](path)`, images, `[id]: path`, `href`/`src`) must exist;
//!   an absolute path or one that climbs out with `..` escapes the folder.
//! * **Prose and back-ticked words** must exist when they are clearly a path
//!   into the skill: a file name with an extension after a folder that exists
//!   in the skill (or, in SKILL.md, one of the spec's `scripts/`,
//!   `references/`, `assets/`), or starting with `./` or `../`; or any name that exists only
//!   in another letter case (`REFERENCE.md` for `reference.md`). Other words
//!   (`output.pdf`, `src/main.rs`, `Node.js`) are about the user's files, not
//!   the skill's, and only count as mentions.
//! * **Code** (fenced blocks, frontmatter, non-Markdown files) never has to
//!   exist: commands and programs name files in the user's working
//!   directory. A word there that names a file of the skill counts as a
//!   reference to it, and so do Python imports and `*`/`{placeholder}` globs.
//!
//! Referenced text files are scanned in turn, so a file named only by a
//! referenced file is referenced too. Names resolve from the referencing
//! file's folder, then from the skill folder.

use super::markdown::{self, Ref, RefKind};
use crate::config::{Settings, ALWAYS_SKIPPED};
use crate::diagnostic::{did_you_mean, Diagnostic, Severity};
use crate::discover::{join_rel, parent_of, walk_order, EntryKind, Listing, SKILL_MD};
use crate::rules::skill::{BROKEN_REFERENCE, REFERENCE_ESCAPES, UNREFERENCED_FILE};
use crate::source::{rel_path, SourceFile};
use foldhash::{HashMap, HashSet};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// Resource files over this size are not read whole (they are listed, and
/// scanned for secrets piece by piece).
pub const MAX_RESOURCE_BYTES: u64 = 8 * 1024 * 1024;

/// Folder names the Agent Skills format defines for resources.
pub const RESOURCE_DIRS: &[&str] = &["scripts", "references", "assets"];

/// Folders that make their parent a plugin of Claude Code or Codex.
const PLUGIN_MARKERS: &[&str] = &[".claude-plugin", ".codex-plugin"];

/// Agent entry files that may name a skill's files (`@./skills/x/y.md`),
/// read at the repository root and at the plugin root.
const ENTRY_FILES: &[&str] = &["AGENTS.md", "CLAUDE.md", "GEMINI.md"];

/// Extensions tried for a module path written without one (`./lib/util`,
/// `require('./helpers')`).
const MODULE_EXTS: &[&str] = &["js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "py"];

/// The metadata file Codex reads for a skill (display name, icons).
const CLIENT_METADATA: &str = "agents/openai.yaml";

/// Extensions of files read as Markdown; every other text file is read as code.
const MARKDOWN_EXTS: &[&str] = &["md", "markdown", "mdx"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileKind {
    /// Valid UTF-8 without NUL bytes; its text is in [`Folder::texts`].
    Text,
    /// NUL bytes or invalid UTF-8: listed, never scanned.
    Binary,
    /// Over [`MAX_RESOURCE_BYTES`]: listed and scanned for secrets in
    /// pieces, never held whole. `None` when reading it failed.
    Large {
        secrets: Option<Vec<crate::secrets::SecretMatch>>,
    },
    /// A symlink whose target is outside the skill folder (never followed).
    SymlinkOutside { target: String },
    /// A symlink to nothing.
    SymlinkDangling { target: String },
}

#[derive(Debug, Clone)]
pub struct FileEntry {
    /// Relative to the skill folder, `/`-separated.
    pub rel: String,
    pub kind: FileKind,
}

/// What a skill folder holds (SKILL.md itself excluded).
#[derive(Debug, Clone, Default)]
pub struct Folder {
    /// Repository-relative path of the folder (`""` for the root).
    pub dir: String,
    abs: PathBuf,
    /// The repository root, as files are opened (see `Settings::open_path`).
    root: PathBuf,
    /// The nearest folder at or above the skill holding `.claude-plugin/`
    /// or `.codex-plugin/` (repository-relative), worked out when needed.
    plugin: std::sync::OnceLock<Option<String>>,
    /// The folder's real path, worked out when a symlink needs it.
    canon: std::sync::OnceLock<PathBuf>,
    pub files: Vec<FileEntry>,
    pub dirs: BTreeSet<String>,
    /// Folders inside that were not walked (nested skills, always-skipped
    /// and excluded folders, symlinks to folders): paths below them are
    /// looked up on disk.
    unlisted: Vec<String>,
    index: HashMap<String, usize>,
    /// Text files, keyed by their path relative to the folder; the sources
    /// carry repository-relative paths.
    pub texts: BTreeMap<String, SourceFile>,
}

impl Folder {
    fn canon(&self) -> &Path {
        self.canon
            .get_or_init(|| self.abs.canonicalize().unwrap_or_else(|_| self.abs.clone()))
    }

    /// Repository-relative path of a file in the folder.
    pub fn repo_path(&self, rel: &str) -> String {
        join_rel(&self.dir, rel)
    }

    fn kind(&self, rel: &str) -> Option<&FileKind> {
        self.index.get(rel).map(|&i| &self.files[i].kind)
    }

    /// The plugin folder the skill belongs to, if any.
    fn plugin_root(&self) -> Option<&str> {
        self.plugin
            .get_or_init(|| {
                let mut dir = self.dir.clone();
                loop {
                    let abs = self.root.join(&dir);
                    if PLUGIN_MARKERS.iter().any(|m| abs.join(m).is_dir()) {
                        return Some(dir);
                    }
                    if dir.is_empty() {
                        return None;
                    }
                    dir = parent_of(&dir);
                }
            })
            .as_deref()
    }

    /// Whether a repository-relative path exists (a file, folder or link).
    fn exists_in_repository(&self, rel: &str) -> bool {
        std::fs::symlink_metadata(self.root.join(rel)).is_ok()
    }

    fn is_unlisted(&self, rel: &str) -> bool {
        self.unlisted
            .iter()
            .any(|u| rel == u || rel.starts_with(&format!("{u}/")))
    }
}

fn is_skill_md_name(name: &str) -> bool {
    name.eq_ignore_ascii_case(SKILL_MD)
}

/// Lists a folder on its own (when discovery did not walk it whole): every
/// entry below it in walk order, paths relative to it, and the folders not
/// entered (always skipped or excluded). Excluded files are left out.
fn list(settings: &Settings, dir: &str, abs: &Path) -> (Vec<(String, EntryKind)>, Vec<String>) {
    let unlisted = std::cell::RefCell::new(Vec::new());
    let walker = WalkDir::new(abs)
        .follow_links(false)
        .min_depth(1)
        .into_iter()
        .filter_entry(|e| {
            if !e.file_type().is_dir() {
                return true;
            }
            let Some(rel) = rel_path(abs, e.path()) else {
                return false;
            };
            let name = rel.rsplit('/').next().unwrap_or(&rel);
            let skip = ALWAYS_SKIPPED.contains(&name)
                || (settings.has_excludes() && settings.is_excluded(&join_rel(dir, &rel)));
            if skip {
                unlisted.borrow_mut().push(rel);
            }
            !skip
        });
    let mut out = Vec::new();
    for entry in walker.flatten() {
        let Some(rel) = rel_path(abs, entry.path()) else {
            continue;
        };
        if rel.is_empty() {
            continue;
        }
        let kind = EntryKind::of(entry.file_type());
        if kind != EntryKind::Dir
            && settings.has_excludes()
            && settings.is_excluded(&join_rel(dir, &rel))
        {
            continue;
        }
        out.push((rel, kind));
    }
    // In the order discovery's listing has (a walk sorted by name).
    out.sort_by(|a, b| walk_order(&a.0, &b.0));
    (out, unlisted.into_inner())
}

/// Lists a skill folder: never follows a symlink, never opens anything but
/// regular files, skips nested skills (folders with their own SKILL.md),
/// always-skipped and excluded folders.
///
/// The folder is listed first and read afterwards: a nested skill shows up
/// in the listing as a `SKILL.md` below the top, so it costs no probe per
/// folder, and its files are never read.
pub fn walk(settings: &Settings, dir: &str, listing: Option<&Listing>) -> Folder {
    let abs = settings.open_path(dir);
    let mut folder = Folder {
        dir: dir.to_string(),
        abs: abs.clone(),
        root: settings.open_path(""),
        ..Default::default()
    };
    // What discovery saw of the folder, or a walk of its own.
    let (listed, unlisted) = match listing.and_then(|l| l.folder(dir)) {
        // Discovery already left excluded paths out.
        Some((entries, pruned)) => (
            entries
                .into_iter()
                .map(|(rel, kind)| (rel.to_string(), kind))
                .collect(),
            pruned.into_iter().map(str::to_string).collect(),
        ),
        None => list(settings, dir, &abs),
    };
    let mut entries: Vec<(String, EntryKind)> = Vec::new();
    let mut nested: Vec<String> = Vec::new();
    for (rel, kind) in listed {
        // A `SKILL.md` (a file, or a link to one) below the top makes its
        // folder a nested skill, linted on its own.
        if let Some((parent, SKILL_MD)) = rel.rsplit_once('/') {
            if kind != EntryKind::Dir && abs.join(&rel).is_file() {
                nested.push(parent.to_string());
            }
        }
        entries.push((rel, kind));
    }
    // Everything in or below a nested skill is left out: a path is when one
    // of its folders (itself included) is a nested skill.
    let nested: BTreeSet<String> = nested.into_iter().collect();
    let in_nested = |rel: &str| {
        !nested.is_empty()
            && (nested.contains(rel)
                || rel
                    .match_indices('/')
                    .any(|(i, _)| nested.contains(&rel[..i])))
    };
    let mut unlisted: Vec<String> = unlisted;
    // Only the outermost ones need listing as not walked.
    unlisted.extend(
        nested
            .iter()
            .filter(|n| !n.match_indices('/').any(|(i, _)| nested.contains(&n[..i])))
            .cloned(),
    );
    for (rel, kind) in entries {
        if in_nested(&rel) {
            continue;
        }
        if kind == EntryKind::Dir {
            folder.dirs.insert(rel);
            continue;
        }
        let path = &abs.join(&rel);
        // SKILL.md itself is the skill's source (and other casings are
        // reported by discovery), unless it is a link out of the folder.
        if !rel.contains('/') && is_skill_md_name(&rel) && kind != EntryKind::Symlink {
            continue;
        }
        if kind == EntryKind::Symlink {
            let target = std::fs::read_link(path)
                .map(|t| t.to_string_lossy().into_owned())
                .unwrap_or_default();
            match path.canonicalize() {
                Err(_) => folder.files.push(FileEntry {
                    rel,
                    kind: FileKind::SymlinkDangling { target },
                }),
                Ok(c) if !c.starts_with(folder.canon()) => folder.files.push(FileEntry {
                    rel,
                    kind: FileKind::SymlinkOutside { target },
                }),
                Ok(c) if c.is_dir() => {
                    // Inside the folder: its files are listed under their real path.
                    folder.dirs.insert(rel.clone());
                    unlisted.push(rel);
                }
                Ok(_) if !rel.contains('/') && is_skill_md_name(&rel) => {}
                Ok(c) if c.is_file() => read_file(&mut folder, rel, &c),
                Ok(_) => {}
            }
            continue;
        }
        if kind == EntryKind::File {
            read_file(&mut folder, rel, path);
        }
        // FIFOs, sockets and devices are never opened.
    }
    folder.unlisted = unlisted;
    // An editor's unsaved buffers stand in for the files they show.
    for (rel, source) in folder.texts.iter_mut() {
        if let Some(text) = settings.overlay_text(&join_rel(dir, rel)) {
            *source = SourceFile::new(source.path.clone(), text.to_string());
        }
    }
    folder.index = folder
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.rel.clone(), i))
        .collect();
    folder
}

/// Reads a regular file of the folder (the walk saw a regular file, or a
/// link resolved to one): one open, its size from the open file.
fn read_file(folder: &mut Folder, rel: String, path: &Path) {
    let Ok(mut file) = std::fs::File::open(path) else {
        return;
    };
    let Ok(meta) = file.metadata() else {
        return;
    };
    if !meta.is_file() {
        return;
    }
    if meta.len() > MAX_RESOURCE_BYTES {
        let secrets = crate::secrets::scan_reader(&mut file).ok();
        folder.files.push(FileEntry {
            rel,
            kind: FileKind::Large { secrets },
        });
        return;
    }
    let kind = match crate::load::read_sized(&mut file, meta.len()) {
        Ok(bytes) if !bytes.contains(&0) => match String::from_utf8(bytes) {
            Ok(text) => {
                folder
                    .texts
                    .insert(rel.clone(), SourceFile::new(folder.repo_path(&rel), text));
                FileKind::Text
            }
            Err(_) => FileKind::Binary,
        },
        _ => FileKind::Binary,
    };
    folder.files.push(FileEntry { rel, kind });
}

/// The result of looking a normalized path up in the folder.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Found {
    File(String),
    Dir(String),
    /// Exists, but only with other letter case: the real path.
    CaseOnly(String),
    /// Exists on disk, inside the folder, but is not listed (a nested skill).
    Unlisted,
    /// Leads through a symlink out of the folder.
    Outside,
    Missing,
}

/// `base` joined with `path`, `.` and `..` resolved; `None` if it climbs out.
fn normalize(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|s| !s.is_empty()).collect();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// Whether the text around a reference makes it a file the skill has the
/// agent make (`Create ./policy.cedar`, "the first run generates
/// `./app.key`", "write the result to `reports/summary.md`") or a file of
/// the user's project ("| Project root | `./NOTES.md` |"): neither is one
/// of the skill's files, and neither has to exist.
fn made_or_users(source: &SourceFile, r: &Ref) -> bool {
    const MAKE: &[&str] = &[
        "create", "generate", "write", "writes", "save", "produce", "emit", "store", "append",
    ];
    const READ: &[&str] = &[
        "read", "see", "load", "run", "use", "follow", "consult", "open", "check", "refer",
        "execute", "call", "invoke",
    ];
    const USERS: &[&str] = &["project root", "your project", "the user's", "your repo"];
    let text = &source.text;
    let at = r.span.offset.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    // The clause before the reference, and the words right after it
    // ("`x.md` records findings", "`x.md` stores examples").
    let before = &text[line_start..at];
    let clause = before
        .rfind(['.', ';', '|', ':'])
        .map_or(before, |i| &before[i + 1..])
        .to_ascii_lowercase();
    let end = (at + r.span.length).min(line_end);
    let after: String = text[end..line_end]
        .trim_start_matches(['`', ')', ']', '*', ' '])
        .chars()
        .take(24)
        .collect::<String>()
        .to_ascii_lowercase();
    let line = text[line_start..line_end].to_ascii_lowercase();
    // A making verb among the last few words, with no reading verb after
    // it ("to create a form, read `forms.md`" is a reference).
    let mut made_before = false;
    for w in clause.split_whitespace().rev().take(5) {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphabetic());
        if READ.iter().any(|v| w.starts_with(v)) {
            break;
        }
        if MAKE.iter().any(|m| w.starts_with(m)) {
            made_before = true;
            break;
        }
    }
    let made_after = [
        "records ",
        "stores ",
        "is created",
        "is generated",
        "is written",
    ]
    .iter()
    .any(|m| after.starts_with(m));
    made_before || made_after || USERS.iter().any(|u| line.contains(u))
}

/// Whether the last segment of `path` has a file extension (`x.md`, not `v1.2`).
fn has_extension(path: &str) -> bool {
    // Byte scans: this runs for every prose word, most of them short.
    let bytes = path.as_bytes();
    let last = match bytes.iter().rposition(|&b| b == b'/') {
        Some(i) => &path[i + 1..],
        None => path,
    };
    let dot = last.as_bytes().iter().rposition(|&b| b == b'.');
    match dot.map(|i| (&last[..i], &last[i + 1..])) {
        Some((stem, ext)) => {
            !stem.is_empty()
                && !ext.is_empty()
                && ext.len() <= 10
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

/// The folder a placeholder at the start of a path stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Root {
    /// `{baseDir}`, `${CLAUDE_SKILL_DIR}`, `$SKILL_DIR`, `{skill_dir}`, …
    Skill,
    /// `${CLAUDE_PLUGIN_ROOT}`, `$PLUGIN_ROOT`, …
    Plugin,
    /// Any other variable (`$OUTPUT_DIR`, `{lang}`).
    Other,
}

/// A path that starts at a placeholder (`{baseDir}/x`, `{{baseDir}}/x`,
/// `${DIR}/x`, `$DIR/x`): what it stands for, and the path after it.
fn placeholder(text: &str) -> Option<(Root, &str)> {
    let (head, rest) = text.split_once('/')?;
    let dollar = head.strip_prefix('$');
    let bare = dollar.unwrap_or(head);
    let name = if let Some(n) = bare.strip_prefix("{{").and_then(|n| n.strip_suffix("}}")) {
        n
    } else if let Some(n) = bare.strip_prefix('{').and_then(|n| n.strip_suffix('}')) {
        n
    } else if dollar.is_some() {
        bare
    } else {
        return None;
    };
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return None;
    }
    let key: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let root = match key.as_str() {
        "basedir" | "skilldir" | "skillroot" | "skillpath" | "skillbasedir" | "skillfolder"
        | "claudeskilldir" | "codexskilldir" => Root::Skill,
        "pluginroot" | "plugindir" | "pluginpath" | "claudepluginroot" | "codexpluginroot" => {
            Root::Plugin
        }
        _ => Root::Other,
    };
    Some((root, rest))
}

fn is_glob(text: &str) -> bool {
    text.contains('*') || (text.contains('{') && text.contains('}'))
}

/// A glob's regex: `*` within a segment, `**` across, `{x}` one segment part.
fn glob_regex(text: &str) -> Option<Regex> {
    let mut re = String::from("^");
    let mut chars = text.trim_start_matches("./").chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                re.push_str(".*");
            }
            '*' => re.push_str("[^/]*"),
            '{' => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
                re.push_str("[^/]+");
            }
            c => re.push_str(&regex::escape(&c.to_string())),
        }
    }
    re.push('$');
    Regex::new(&re).ok()
}

/// One pass over a skill's references.
struct Scan<'a> {
    folder: &'a Folder,
    /// The skill's folder name, for paths written from outside it
    /// (`/mnt/skills/pdf/scripts/x.py`).
    name: String,
    lower: BTreeMap<String, String>,
    covered: BTreeSet<String>,
    queued: BTreeSet<String>,
    queue: VecDeque<String>,
    /// Mentions already handled, by folder of the mentioning file, then text.
    mentioned: HashMap<String, HashSet<String>>,
    /// Claims that resolved to a file or folder (already covered), by folder
    /// of the claiming file, then text: a repeated claim has nothing to add.
    resolved: HashMap<String, HashSet<String>>,
    globs: HashMap<String, Option<Regex>>,
    /// Files by their name, files by their name without extension, and
    /// folders by their name: candidates for a trailing part of a path.
    by_name: HashMap<String, Vec<String>>,
    by_stem: HashMap<String, Vec<String>>,
    dir_by_name: HashMap<String, Vec<String>>,
    out: Vec<Diagnostic>,
    /// The file being scanned is a template (see [`is_output_material`]).
    material: bool,
}

impl<'a> Scan<'a> {
    /// Scans the queued files, and the files they name in turn.
    fn drain(&mut self) {
        let folder = self.folder;
        while let Some(rel) = self.queue.pop_front() {
            let Some(source) = folder.texts.get(&rel) else {
                continue;
            };
            let all = 0..source.text.len();
            self.material = is_output_material(&rel);
            if is_markdown(&rel) {
                let mut refs = markdown::markdown(&source.text, all);
                refs.extend(markdown::python_imports(&source.text));
                if self.material {
                    // Written for where the output will live: its links
                    // need not resolve in the skill.
                    for r in &mut refs {
                        if r.kind != RefKind::Name {
                            r.kind = RefKind::Code;
                        }
                    }
                }
                self.scan(source, &rel, refs, false);
            } else {
                let mut refs = markdown::code(&source.text, all);
                if rel.ends_with(".py") {
                    refs.extend(markdown::python_imports(&source.text));
                }
                self.scan(source, &rel, refs, true);
            }
        }
        self.material = false;
    }

    /// Covers the skill's files that the agent entry files at the
    /// repository root and at the plugin root name.
    fn entry_files(&mut self) {
        let dir = self.folder.dir.clone();
        if dir.is_empty() {
            return;
        }
        let mut roots = vec![String::new()];
        if let Some(plugin) = self.folder.plugin_root() {
            if !plugin.is_empty() {
                roots.push(plugin.to_string());
            }
        }
        let prefix = format!("{dir}/");
        for root in roots {
            for name in ENTRY_FILES {
                let path = self.folder.root.join(join_rel(&root, name));
                let Ok(meta) = std::fs::metadata(&path) else {
                    continue;
                };
                if !meta.is_file() || meta.len() > MAX_RESOURCE_BYTES {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                for r in markdown::code(&text, 0..text.len()) {
                    let word = r.text.trim_start_matches('@');
                    let Some(full) = normalize(&root, word) else {
                        continue;
                    };
                    if let Some(inner) = full.strip_prefix(&prefix) {
                        let found = self.lookup(inner);
                        self.cover(&found);
                    }
                }
            }
        }
    }

    fn new(folder: &'a Folder, name: &str) -> Scan<'a> {
        let mut lower = BTreeMap::new();
        let mut by_name: HashMap<String, Vec<String>> = HashMap::default();
        let mut by_stem: HashMap<String, Vec<String>> = HashMap::default();
        let mut dir_by_name: HashMap<String, Vec<String>> = HashMap::default();
        let name_of = |rel: &str| rel.rsplit('/').next().unwrap_or(rel).to_string();
        for f in &folder.files {
            lower.insert(f.rel.to_lowercase(), f.rel.clone());
            let name = name_of(&f.rel);
            if let Some((stem, _)) = name.rsplit_once('.') {
                by_stem
                    .entry(stem.to_string())
                    .or_default()
                    .push(f.rel.clone());
            }
            by_name.entry(name).or_default().push(f.rel.clone());
        }
        for d in &folder.dirs {
            lower.insert(d.to_lowercase(), d.clone());
            dir_by_name.entry(name_of(d)).or_default().push(d.clone());
        }
        Scan {
            folder,
            name: name.to_string(),
            lower,
            covered: BTreeSet::new(),
            queued: BTreeSet::new(),
            queue: VecDeque::new(),
            mentioned: HashMap::default(),
            resolved: HashMap::default(),
            globs: HashMap::default(),
            by_name,
            by_stem,
            dir_by_name,
            out: Vec::new(),
            material: false,
        }
    }

    fn lookup(&self, rel: &str) -> Found {
        if rel.is_empty() || self.folder.dirs.contains(rel) {
            return Found::Dir(rel.to_string());
        }
        // The skill's own SKILL.md (not in `files`).
        if rel == SKILL_MD {
            return Found::File(rel.to_string());
        }
        match self.folder.kind(rel) {
            Some(FileKind::SymlinkOutside { .. }) => return Found::Outside,
            Some(FileKind::SymlinkDangling { .. }) => return Found::Missing,
            Some(_) => return Found::File(rel.to_string()),
            None => {}
        }
        // A path below a symlink that leaves the folder.
        let mut prefix = String::new();
        for seg in rel.split('/') {
            prefix = join_rel(&prefix, seg);
            if matches!(
                self.folder.kind(&prefix),
                Some(FileKind::SymlinkOutside { .. })
            ) {
                return Found::Outside;
            }
        }
        if let Some(real) = self.lower.get(&rel.to_lowercase()) {
            return Found::CaseOnly(real.clone());
        }
        let abs = self.folder.abs.join(rel);
        if self.folder.is_unlisted(rel) && std::fs::symlink_metadata(&abs).is_ok() {
            return match abs.canonicalize() {
                Ok(c) if c.starts_with(self.folder.canon()) => Found::Unlisted,
                Ok(_) => Found::Outside,
                Err(_) => Found::Missing,
            };
        }
        Found::Missing
    }

    /// Marks a file, or every file below a folder, as referenced.
    fn cover(&mut self, found: &Found) {
        match found {
            Found::File(rel) | Found::CaseOnly(rel) => {
                if self.folder.dirs.contains(rel) {
                    self.cover(&Found::Dir(rel.clone()));
                } else {
                    self.cover_file(rel.clone());
                }
            }
            Found::Dir(dir) => {
                let prefix = if dir.is_empty() {
                    String::new()
                } else {
                    format!("{dir}/")
                };
                if dir.is_empty() {
                    return;
                }
                let below: Vec<String> = self
                    .folder
                    .files
                    .iter()
                    .filter(|f| f.rel.starts_with(&prefix))
                    .map(|f| f.rel.clone())
                    .collect();
                for rel in below {
                    self.cover_file(rel);
                }
            }
            _ => {}
        }
    }

    fn cover_file(&mut self, rel: String) {
        if self.folder.texts.contains_key(&rel) && self.queued.insert(rel.clone()) {
            self.queue.push_back(rel.clone());
        }
        self.covered.insert(rel);
    }

    /// Bases a name in `from` resolves against: its folder, then the root.
    fn bases(from: &str) -> Vec<String> {
        let dir = parent_of(from);
        if dir.is_empty() {
            vec![String::new()]
        } else {
            vec![dir, String::new()]
        }
    }

    /// Resolves a name strictly; the first base where it exists wins.
    /// `Err(())` when it climbs out of the folder.
    fn resolve(&self, from: &str, text: &str) -> Result<Found, ()> {
        let mut best = Found::Missing;
        for (i, base) in Self::bases(from).into_iter().enumerate() {
            // Relative to the file's own folder, a path may not climb out;
            // tried from the skill root as well, it just does not resolve.
            let Some(rel) = normalize(&base, text) else {
                if i == 0 {
                    return Err(());
                }
                continue;
            };
            match self.lookup(&rel) {
                Found::Missing => {}
                f @ (Found::File(_) | Found::Dir(_) | Found::Unlisted | Found::Outside) => {
                    return Ok(f)
                }
                f @ Found::CaseOnly(_) => {
                    if best == Found::Missing {
                        best = f;
                    }
                }
            }
        }
        Ok(best)
    }

    /// A name that must exist (a link, or a prose word that is clearly a path).
    /// Whether `text`, written in `from`, was already claimed and found (and
    /// so what it names is covered).
    fn already_found(&self, from: &str, text: &str) -> bool {
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        self.resolved
            .get(dir)
            .is_some_and(|seen| seen.contains(text))
    }

    fn claim(&mut self, source: &SourceFile, from: &str, r: &Ref) {
        if self.already_found(from, &r.text) {
            return;
        }
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        let path = source.path.clone();
        let shown = source.slice(r.span).to_string();
        if r.text.starts_with('/') || r.text.starts_with('\\') || r.text.starts_with('~') {
            self.out.push(
                Diagnostic::new(REFERENCE_ESCAPES, path, format!("`{shown}` is an absolute path"))
                    .at(r.span)
                    .label("absolute path")
                    .help("name files relative to the skill folder (a skill is copied as a folder into workspaces and galleries, and an absolute path points elsewhere there); for a web page, write its full https:// URL"),
            );
            return;
        }
        match self.resolve(from, &r.text) {
            Err(()) => {
                let target = normalize(&join_rel(&self.folder.dir, &parent_of(from)), &r.text)
                    .filter(|t| self.folder.exists_in_repository(t));
                let d = match target {
                    // It works in the repository, and breaks once the skill
                    // is installed on its own.
                    Some(target) => Diagnostic::new(
                        REFERENCE_ESCAPES,
                        path,
                        format!("`{shown}` leads outside the skill folder, to `{target}`"),
                    )
                    .with_severity(Severity::Warning)
                    .at(r.span)
                    .label("outside the skill folder")
                    .help("the file exists in this repository, but a skill is installed alone (copied as a folder into a client's skills directory), and there this reference breaks: copy the file into the skill folder, or link to it by its full https:// URL"),
                    None => Diagnostic::new(REFERENCE_ESCAPES, path, format!("`{shown}` leads outside the skill folder"))
                        .at(r.span)
                        .label("outside the skill folder")
                        .help("copy the file into the skill folder and reference it there: a skill is copied as a folder, and nothing outside it travels with it"),
                };
                self.out.push(d);
            }
            Ok(Found::Outside) => self.out.push(
                Diagnostic::new(REFERENCE_ESCAPES, path, format!("`{shown}` resolves through a symlink to a path outside the skill folder"))
                    .at(r.span)
                    .label("leaves the skill folder through a symlink")
                    .help("replace the symlink with the file itself: a skill is copied as a folder, and the link's target does not travel with it"),
            ),
            Ok(found @ (Found::File(_) | Found::Dir(_))) => {
                self.cover(&found);
                self.resolved
                    .entry(dir.to_string())
                    .or_default()
                    .insert(r.text.clone());
            }
            Ok(Found::Unlisted) => {}
            Ok(Found::CaseOnly(real)) => {
                self.out.push(
                    Diagnostic::new(
                        BROKEN_REFERENCE,
                        path,
                        format!("`{shown}` does not exist; the file is `{real}`"),
                    )
                    .at(r.span)
                    .label("differs in letter case")
                    .help(format!("write `{real}`: file names are case-sensitive on Linux and in zip archives, where this reference fails")),
                );
                self.cover(&Found::CaseOnly(real));
            }
            Ok(Found::Missing)
                if r.kind != RefKind::Link
                    && (self.at_plugin_root(source, r)
                        || self.at_repository_root(r)
                        || made_or_users(source, r)) => {}
            Ok(Found::Missing) if r.kind != RefKind::Link && self.in_sibling(&r.text).is_some() => {
                let sibling = self.in_sibling(&r.text).unwrap_or_default();
                self.out.push(
                    Diagnostic::new(
                        BROKEN_REFERENCE,
                        path,
                        format!("`{shown}` is not in the skill folder; it is `{sibling}`, a file of another skill"),
                    )
                    .with_severity(Severity::Warning)
                    .at(r.span)
                    .label("another skill's file")
                    .help("a skill is installed alone, without its neighbours: copy the file into this skill, or name the other skill and let the agent load it"),
                );
            }
            Ok(Found::Missing) => {
                let where_ = if parent_of(from).is_empty() {
                    "in the skill folder".to_string()
                } else {
                    format!("next to `{}` or in the skill folder", self.folder.repo_path(from))
                };
                let mut help = self.suggestion(&r.text);
                if help.is_none() && r.kind == RefKind::Prose {
                    help = Some("add the file, fix the path, or put the name in a code block if it is a file of the user's and not of the skill".into());
                }
                self.out.push(
                    Diagnostic::new(
                        BROKEN_REFERENCE,
                        path,
                        format!("`{shown}` does not exist {where_}"),
                    )
                    .at(r.span)
                    .label("no such file")
                    .help(help.unwrap_or_else(|| "add the file or fix the path".into())),
                );
            }
        }
    }

    /// "did you mean": a file with the same name elsewhere, or a close path.
    fn suggestion(&self, text: &str) -> Option<String> {
        let wanted = text.trim_start_matches("./");
        let base = wanted.rsplit('/').next().unwrap_or(wanted);
        let same_name: Vec<&str> = self
            .folder
            .files
            .iter()
            .map(|f| f.rel.as_str())
            .filter(|r| r.rsplit('/').next() == Some(base))
            .collect();
        if let [one] = same_name.as_slice() {
            return Some(format!("did you mean `{one}`?"));
        }
        did_you_mean(wanted, self.folder.files.iter().map(|f| f.rel.as_str()))
            .map(|s| format!("did you mean `{s}`?"))
    }

    /// A name that need not exist: covers what it names, if anything.
    fn mention(&mut self, from: &str, text: &str, bare_words: bool) {
        // Looked up before allocating: most words repeat.
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        if !self.mentioned.contains_key(dir) {
            self.mentioned.insert(dir.to_string(), HashSet::default());
        }
        let seen = self.mentioned.get_mut(dir).expect("inserted above");
        if seen.contains(text) {
            return;
        }
        seen.insert(text.to_string());
        // `themes/` is a folder name even without an extension.
        let pathy = text.contains('/') || text.contains('.');
        let text = text.trim_end_matches('/');
        if text.is_empty() || text.starts_with('-') {
            return;
        }
        if is_glob(text) {
            self.cover_glob(from, text);
            return;
        }
        if !pathy && !bare_words {
            return;
        }
        self.mention_path(from, text, pathy);
    }

    /// Covers the files a glob matches from the bases of `from`.
    fn cover_glob(&mut self, from: &str, text: &str) {
        {
            // Only globs with a literal folder or name part, anchored at a base.
            if !text
                .split('/')
                .any(|seg| !seg.is_empty() && !is_glob(seg) && seg != "." && seg != "..")
            {
                return;
            }
            let Some(re) = self
                .globs
                .entry(text.to_string())
                .or_insert_with(|| glob_regex(text))
                .clone()
            else {
                return;
            };
            for base in Self::bases(from) {
                let hits: Vec<String> = self
                    .folder
                    .files
                    .iter()
                    .filter(|f| {
                        let rel = if base.is_empty() {
                            Some(f.rel.as_str())
                        } else {
                            f.rel.strip_prefix(&format!("{base}/"))
                        };
                        rel.is_some_and(|r| re.is_match(r))
                    })
                    .map(|f| f.rel.clone())
                    .collect();
                for h in hits {
                    self.cover_file(h);
                }
            }
        }
    }

    /// A mentioned name that is not a glob.
    fn mention_path(&mut self, from: &str, text: &str, pathy: bool) {
        if !pathy {
            // A plain word in code (`Path(__file__).parent.parent / "schemas"`):
            // a folder or file next to the code file or in a folder above it.
            let mut dir = parent_of(from);
            loop {
                if let Some(rel) = normalize(&dir, text) {
                    if let found @ (Found::File(_) | Found::Dir(_)) = self.lookup(&rel) {
                        self.cover(&found);
                        return;
                    }
                }
                if dir.is_empty() {
                    return;
                }
                dir = parent_of(&dir);
            }
        }
        let relative = text.starts_with("./") || text.starts_with("../");
        if relative && !has_extension(text) {
            // A module named without its extension (`require('./helpers')`,
            // `import x from '../lib/util'`).
            for ext in MODULE_EXTS {
                if let Ok(found @ Found::File(_)) = self.resolve(from, &format!("{text}.{ext}")) {
                    self.cover(&found);
                    return;
                }
            }
        }
        let text = text.trim_start_matches("./");
        // A path written from outside the skill (`skills/pdf/scripts/x.py`).
        let inner = text
            .rfind(&format!("/{}/", self.name))
            .map(|i| &text[i + self.name.len() + 2..])
            .or_else(|| text.strip_prefix(&format!("{}/", self.name)));
        for candidate in [Some(text), inner].into_iter().flatten() {
            if let Ok(found @ (Found::File(_) | Found::Dir(_) | Found::CaseOnly(_))) =
                self.resolve(from, candidate)
            {
                self.cover(&found);
                return;
            }
        }
        if text.starts_with("../") || text.starts_with('/') {
            return;
        }
        // A trailing part of a path (`helpers/merge_runs.py`, `forms.md`),
        // or a path without its extension (`./lib/util` for `lib/util.js`).
        let suffix = format!("/{text}");
        let last = text.rsplit('/').next().unwrap_or(text);
        let mut files: Vec<String> = self
            .by_name
            .get(last)
            .into_iter()
            .flatten()
            .filter(|rel| *rel == text || rel.ends_with(&suffix))
            .cloned()
            .collect();
        if !has_extension(text) && text.contains('/') {
            files.extend(
                self.by_stem
                    .get(last)
                    .into_iter()
                    .flatten()
                    .filter(|rel| {
                        rel.rsplit_once('.')
                            .is_some_and(|(stem, _)| stem == text || stem.ends_with(&suffix))
                    })
                    .cloned(),
            );
        }
        for f in files {
            self.cover_file(f);
        }
        if text.contains('/') {
            let dirs: Vec<String> = self
                .dir_by_name
                .get(last)
                .into_iter()
                .flatten()
                .filter(|d| *d == text || d.ends_with(&suffix))
                .cloned()
                .collect();
            for d in dirs {
                self.cover(&Found::Dir(d));
            }
        }
    }

    /// Whether a prose word is clearly a path into the skill.
    fn is_claim(&self, from: &str, text: &str, kind: RefKind) -> bool {
        if text.starts_with('/') || text.starts_with('~') {
            return false;
        }
        if kind == RefKind::Example {
            return has_extension(text)
                && matches!(self.resolve(from, text), Ok(Found::CaseOnly(_)));
        }
        if text.contains('/') {
            if !has_extension(text) {
                return false;
            }
            // A hidden folder (`./.github/workflows/x.yml`) is the user's
            // repository's: a skill's hidden files are not part of it.
            if text
                .split('/')
                .any(|seg| seg.starts_with('.') && seg != "." && seg != "..")
                && !matches!(self.resolve(from, text), Ok(Found::File(_)))
            {
                return false;
            }
            if text.starts_with("./") || text.starts_with("../") {
                return true;
            }
            let first = text.split('/').next().unwrap_or("");
            // SKILL.md addresses its own folder: `scripts/x.py` there is the
            // skill's even when the folder was never committed. Other files
            // (guides about writing skills) use such paths as examples.
            if from == SKILL_MD && RESOURCE_DIRS.contains(&first) {
                return true;
            }
            return Self::bases(from).iter().any(|b| {
                normalize(b, first).is_some_and(|rel| {
                    let lower = rel.to_lowercase();
                    self.folder.dirs.contains(&rel)
                        || self
                            .lower
                            .get(&lower)
                            .is_some_and(|real| self.folder.dirs.contains(real))
                })
            });
        }
        // A single name: only when it exists in another letter case.
        has_extension(text) && matches!(self.resolve(from, text), Ok(Found::CaseOnly(_)))
    }

    /// A path after a skill-root placeholder: resolved from the skill root,
    /// wherever Markdown writes it (links, back-ticks, fenced code). In a
    /// program (`in_code`) it is data, such as a test's sample, and only
    /// counts as a mention.
    fn skill_placeholder(&mut self, source: &SourceFile, r: &Ref, rest: &str, in_code: bool) {
        let rest = rest.trim_start_matches("./").trim_end_matches('/');
        if rest.is_empty() {
            return;
        }
        if is_glob(rest) {
            self.cover_glob(SKILL_MD, rest);
            return;
        }
        let exists = matches!(
            self.resolve(SKILL_MD, rest),
            Ok(Found::File(_) | Found::Dir(_))
        );
        // A guide's example, or a name that is not a file's, only counts
        // as a mention.
        if !in_code && r.kind != RefKind::Example && (has_extension(rest) || exists) {
            let inner = Ref {
                span: r.span,
                text: rest.to_string(),
                kind: RefKind::Link,
            };
            self.claim(source, SKILL_MD, &inner);
        } else {
            self.mention(SKILL_MD, rest, false);
        }
    }

    /// A path after a plugin-root placeholder: resolved from the plugin
    /// folder; inside the skill it is a reference like any other.
    fn plugin_placeholder(&mut self, source: &SourceFile, r: &Ref, rest: &str, in_code: bool) {
        let rest = rest.trim_start_matches("./").trim_end_matches('/');
        if in_code || rest.is_empty() || is_glob(rest) || r.kind == RefKind::Example {
            return;
        }
        let Some(plugin) = self.folder.plugin_root() else {
            return;
        };
        let Some(full) = normalize(plugin, rest) else {
            return;
        };
        let dir = &self.folder.dir;
        let inner = if dir.is_empty() {
            Some(full.as_str())
        } else {
            full.strip_prefix(dir.as_str())
                .and_then(|t| t.strip_prefix('/'))
        };
        if let Some(inner) = inner {
            let inner = Ref {
                span: r.span,
                text: inner.to_string(),
                kind: RefKind::Link,
            };
            self.claim(source, SKILL_MD, &inner);
            return;
        }
        // Missing from the plugin: an error where the text names the file
        // (a link, prose, back-ticks). Fenced code that uses the plugin root
        // is most often a sample of a plugin's own files (a hook, an MCP
        // server's command) in a guide to writing one.
        if !has_extension(rest)
            || r.kind == RefKind::Code
            || self.folder.exists_in_repository(&full)
        {
            return;
        }
        let shown = source.slice(r.span).to_string();
        self.out.push(
            Diagnostic::new(
                BROKEN_REFERENCE,
                source.path.clone(),
                format!("`{shown}` does not exist in the plugin folder `{plugin}`"),
            )
            .at(r.span)
            .label("no such file")
            .help("add the file to the plugin or fix the path"),
        );
    }

    /// Whether a path that is not in the skill is one the text places at
    /// the plugin root ("the plugin directory that contains `x/y.md`"), and
    /// exists there.
    fn at_plugin_root(&self, source: &SourceFile, r: &Ref) -> bool {
        let text = &source.text;
        let at = r.span.offset.min(text.len());
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = &text[start..end];
        if !line.to_ascii_lowercase().contains("plugin") {
            return false;
        }
        let Some(plugin) = self.folder.plugin_root() else {
            return false;
        };
        normalize(plugin, r.text.trim_start_matches("./"))
            .is_some_and(|full| self.folder.exists_in_repository(&full))
    }

    /// The repository path of a file a path with a folder names in a
    /// sibling skill (a folder next to this one with its own `SKILL.md`).
    fn in_sibling(&self, text: &str) -> Option<String> {
        let t = text.trim_start_matches("./");
        if self.folder.dir.is_empty() || !t.contains('/') || t.starts_with("../") {
            return None;
        }
        let parent = parent_of(&self.folder.dir);
        let mut dirs: Vec<String> = std::fs::read_dir(self.folder.root.join(&parent))
            .ok()?
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|f| f.is_dir()))
            .map(|e| join_rel(&parent, &e.file_name().to_string_lossy()))
            .filter(|d| *d != self.folder.dir)
            .collect();
        dirs.sort();
        dirs.into_iter().find_map(|d| {
            let full = normalize(&d, t)?;
            (self.folder.root.join(join_rel(&d, SKILL_MD)).is_file()
                && self.folder.root.join(&full).is_file())
            .then_some(full)
        })
    }

    /// Whether a path with a folder that is not in the skill names a file
    /// of the repository from its root (`scripts/validate.sh`, run from a
    /// checkout of the repository the skill lives in).
    fn at_repository_root(&self, r: &Ref) -> bool {
        let t = r.text.trim_start_matches("./");
        !self.folder.dir.is_empty()
            && t.contains('/')
            && !t.starts_with("../")
            && normalize("", t).is_some_and(|full| {
                !full.starts_with(&format!("{}/", self.folder.dir))
                    && self.folder.exists_in_repository(&full)
            })
    }

    /// Back-ticked bare names (`async-parallel`) that are the stem of a file
    /// in a folder the same text names (`rules/`, `rules/x.md`): an index
    /// of the folder's files.
    fn stems(&mut self, from: &str, refs: &[Ref]) {
        let hits: Vec<&Ref> = refs
            .iter()
            .filter(|n| n.kind == RefKind::Name && self.by_stem.contains_key(&n.text))
            .collect();
        if hits.is_empty() {
            return;
        }
        // The folders the text names, relative to the skill.
        let mut named: HashSet<String> = HashSet::default();
        for r in refs.iter().filter(|r| r.kind != RefKind::Name) {
            let t = r.text.trim_start_matches("./").trim_end_matches('/');
            let Some(t) = placeholder(t).map_or(Some(t), |(root, rest)| {
                (root == Root::Skill).then_some(rest)
            }) else {
                continue;
            };
            let dir = if has_extension(t) {
                parent_of(t)
            } else {
                t.to_string()
            };
            if dir.is_empty() {
                continue;
            }
            for base in Self::bases(from) {
                if let Some(d) = normalize(&base, &dir) {
                    if self.folder.dirs.contains(&d) {
                        named.insert(d);
                    }
                }
            }
        }
        if named.is_empty() {
            return;
        }
        let files: Vec<String> = hits
            .iter()
            .flat_map(|n| self.by_stem.get(&n.text).into_iter().flatten())
            .filter(|f| named.contains(&parent_of(f)))
            .cloned()
            .collect();
        for f in files {
            self.cover_file(f);
        }
    }

    fn scan(&mut self, source: &SourceFile, from: &str, refs: Vec<Ref>, bare_words: bool) {
        let mut names = false;
        for r in &refs {
            if r.kind == RefKind::Name {
                names = true;
                continue;
            }
            if r.text.starts_with(['{', '$']) {
                match placeholder(&r.text) {
                    Some((Root::Skill, rest)) => {
                        self.skill_placeholder(source, r, rest, bare_words || self.material);
                        continue;
                    }
                    Some((Root::Plugin, rest)) => {
                        self.plugin_placeholder(source, r, rest, bare_words || self.material);
                        continue;
                    }
                    // Some other variable: the rest may still end in a
                    // file of the skill.
                    Some((Root::Other, rest)) if r.text.starts_with('$') => {
                        self.mention(from, rest, false);
                        continue;
                    }
                    _ => {}
                }
            }
            match r.kind {
                // Found before from the same folder: claimed or mentioned
                // again, it would cover the same files (most references
                // repeat a few names).
                RefKind::Prose | RefKind::Example if self.already_found(from, &r.text) => {}
                RefKind::Link => self.claim(source, from, r),
                RefKind::Prose | RefKind::Example if self.is_claim(from, &r.text, r.kind) => {
                    self.claim(source, from, r)
                }
                RefKind::Prose | RefKind::Example | RefKind::Code => {
                    self.mention(from, &r.text, bare_words)
                }
                RefKind::Name => {}
            }
        }
        if names {
            self.stems(from, &refs);
        }
    }
}

/// Whether a file is a template for the skill's output (under `templates/`,
/// or named `template`, `…_template`, `template-…`): it is copied into the user's work, and the paths
/// in it are written for that place. (Other files under `assets/`, such as
/// guides the agent reads, are judged like any other.)
fn is_output_material(rel: &str) -> bool {
    let (dirs, name) = rel.rsplit_once('/').unwrap_or(("", rel));
    let name = name.to_ascii_lowercase();
    let stem = name.split('.').next().unwrap_or(&name);
    // `template.md`, `soap_note_template.md`, `template-report.md`; not a
    // guide about templates (`widget-templates.md`).
    stem == "template"
        || ["_", "-"].iter().any(|sep| {
            stem.ends_with(&format!("{sep}template")) || stem.starts_with(&format!("template{sep}"))
        })
        || dirs
            .split('/')
            .any(|d| d.eq_ignore_ascii_case("templates") || d.eq_ignore_ascii_case("template"))
}

fn is_markdown(rel: &str) -> bool {
    rel.rsplit_once('.')
        .is_some_and(|(_, ext)| MARKDOWN_EXTS.contains(&ext.to_ascii_lowercase().as_str()))
}

/// Manifests and lock files of a skill's scripts: the package manager
/// reads them, not the agent.
const MANIFESTS: &[&str] = &[
    "pyproject.toml",
    "uv.lock",
    "poetry.lock",
    "pipfile",
    "pipfile.lock",
    "setup.py",
    "setup.cfg",
    "environment.yml",
    "environment.yaml",
    "package.json",
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lock",
    "bun.lockb",
    "deno.json",
    "deno.lock",
    "tsconfig.json",
    "cargo.toml",
    "cargo.lock",
    "go.mod",
    "go.sum",
    "gemfile",
    "gemfile.lock",
    "composer.json",
    "composer.lock",
];

/// Files that need no reference: legal files and change logs that travel
/// with any folder, READMEs (for people browsing the repository), client
/// metadata (`agents/openai.yaml`, `metadata.json`), dependency manifests
/// and lock files, hidden files, and generated caches.
pub fn is_exempt(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let upper = name.to_ascii_uppercase();
    let lower = name.to_ascii_lowercase();
    let stem = upper.split('.').next().unwrap_or(&upper);
    rel == CLIENT_METADATA
        || rel == "metadata.json"
        || MANIFESTS.contains(&lower.as_str())
        || (lower.starts_with("requirements") && lower.ends_with(".txt"))
        || [
            "LICENSE",
            "LICENCE",
            "COPYING",
            "COPYRIGHT",
            "NOTICE",
            "THIRD_PARTY_NOTICES",
            "PATENTS",
            "AUTHORS",
            "CONTRIBUTORS",
            "CHANGELOG",
            "CHANGES",
            "README",
        ]
        .iter()
        .any(|l| {
            stem == *l || stem.starts_with(&format!("{l}-")) || stem.starts_with(&format!("{l}_"))
        })
        || rel
            .split('/')
            .any(|seg| seg.starts_with('.') || seg == "__pycache__")
        || name.ends_with(".pyc")
}

/// The reference rules for one skill. `skill_md` is the skill's source,
/// `body` and `frontmatter` ranges into it.
pub fn check(
    folder: &Folder,
    name: &str,
    skill_md: &SourceFile,
    body: std::ops::Range<usize>,
    frontmatter: Option<std::ops::Range<usize>>,
) -> Vec<Diagnostic> {
    let mut scan = Scan::new(folder, name);
    let mut refs = markdown::markdown(&skill_md.text, body.clone());
    refs.extend(
        markdown::python_imports(&skill_md.text[body.clone()])
            .into_iter()
            .map(|mut r| {
                r.span.offset += body.start;
                r
            }),
    );
    scan.scan(skill_md, SKILL_MD, refs, false);
    if let Some(fm) = frontmatter {
        scan.scan(
            skill_md,
            SKILL_MD,
            markdown::code(&skill_md.text, fm),
            false,
        );
    }
    // A client's metadata for the skill comes with it, and so do the
    // files (icons) it names.
    if folder.texts.contains_key(CLIENT_METADATA) {
        scan.cover_file(CLIENT_METADATA.to_string());
    }
    scan.drain();
    // Files named by nothing in the skill may be named by an agent entry
    // file of the repository or of the plugin (`@./skills/x/y.md`).
    if folder
        .files
        .iter()
        .any(|f| !scan.covered.contains(&f.rel) && !is_exempt(&f.rel))
    {
        scan.entry_files();
        scan.drain();
    }
    // A package's `__init__.py` comes with any module of it that is used.
    let packages: Vec<String> = scan
        .covered
        .iter()
        .flat_map(|rel| {
            let mut dirs = Vec::new();
            let mut dir = parent_of(rel);
            while !dir.is_empty() {
                dirs.push(join_rel(&dir, "__init__.py"));
                dir = parent_of(&dir);
            }
            dirs
        })
        .filter(|init| folder.index.contains_key(init))
        .collect();
    scan.covered.extend(packages);
    let mut out = std::mem::take(&mut scan.out);
    for f in &folder.files {
        let path = folder.repo_path(&f.rel);
        match &f.kind {
            FileKind::SymlinkOutside { target } => out.push(
                Diagnostic::new(
                    REFERENCE_ESCAPES,
                    path,
                    format!("symlink to `{target}`, outside the skill folder"),
                )
                .help("replace the symlink with a copy of the file: a skill is copied as a folder, and the link's target does not travel with it"),
            ),
            FileKind::SymlinkDangling { target } => out.push(
                Diagnostic::new(
                    BROKEN_REFERENCE,
                    path,
                    format!("symlink to `{target}`, which does not exist"),
                )
                .help("remove the symlink or restore its target"),
            ),
            _ if scan.covered.contains(&f.rel) || is_exempt(&f.rel) => {}
            _ => out.push(
                Diagnostic::new(
                    UNREFERENCED_FILE,
                    path,
                    "no reference from SKILL.md, or from a file it references, names this file",
                )
                .help("name it where the agent should read or run it, or remove it: resources are loaded only when something points at them, and files for the skill's maintainers (tests, evaluations) belong outside the skill folder"),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Date;
    use crate::skill::model::parse_skill_md;
    use std::fs;

    fn settings(root: &Path) -> Settings {
        Settings::defaults(root, Date::parse_ymd("2026-10-15").unwrap())
    }

    /// Builds `skills/demo` with `files` and runs the reference rules:
    /// (rule, path, spanned text).
    fn run(files: &[(&str, &str)]) -> Vec<(&'static str, String, String)> {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for (rel, text) in files {
            let p = root.join("skills/demo").join(rel);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        }
        run_at(root)
    }

    fn run_at(root: &Path) -> Vec<(&'static str, String, String)> {
        let s = settings(root);
        let folder = walk(&s, "skills/demo", None);
        let text = fs::read_to_string(root.join("skills/demo/SKILL.md")).unwrap();
        let src = SourceFile::new("skills/demo/SKILL.md", text.clone());
        let parsed = parse_skill_md(&src.path, &text);
        let mut d = check(
            &folder,
            "demo",
            &src,
            parsed.body.clone(),
            parsed.yaml_range(),
        );
        d.sort_by_key(|d| (d.path.clone(), d.span.map(|s| s.offset)));
        d.into_iter()
            .map(|d| {
                let spanned = match d.span {
                    None => String::new(),
                    Some(s) if d.path == src.path => src.slice(s).to_string(),
                    Some(s) => {
                        let rel = d.path.strip_prefix("skills/demo/").unwrap();
                        folder.texts[rel].slice(s).to_string()
                    }
                };
                (d.rule.id, d.path, spanned)
            })
            .collect()
    }

    const FM: &str = "---\nname: demo\ndescription: x\n---\n";

    #[test]
    fn links_must_exist() {
        let r = run(&[
            (
                "SKILL.md",
                &format!(
                    "{FM}See [guide](references/guide.md) and [gone](references/gone.md#x).\n"
                ),
            ),
            ("references/guide.md", "# Guide\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                BROKEN_REFERENCE.id,
                "skills/demo/SKILL.md".into(),
                "references/gone.md".into()
            )]
        );
    }

    #[test]
    fn prose_paths_that_are_clearly_the_skills() {
        let r = run(&[(
            "SKILL.md",
            &format!("{FM}Run `scripts/extract.py`, then `scripts/missing.py`. Save to `out/report.pdf` or output.pdf. Node.js is fine.\n"),
        ), ("scripts/extract.py", "print(1)\n")]);
        assert_eq!(
            r,
            vec![(
                BROKEN_REFERENCE.id,
                "skills/demo/SKILL.md".into(),
                "scripts/missing.py".into()
            )]
        );
    }

    #[test]
    fn resource_folder_names_bind_only_in_skill_md() {
        let r = run(&[
            (
                "SKILL.md",
                &format!("{FM}Read [tips](tips.md). Run `scripts/go.py`.\n"),
            ),
            ("tips.md", "Good paths look like `scripts/helper.py`.\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                BROKEN_REFERENCE.id,
                "skills/demo/SKILL.md".into(),
                "scripts/go.py".into()
            )]
        );
    }

    #[test]
    fn case_mismatch_is_broken_with_the_real_name() {
        let r = run(&[
            ("SKILL.md", &format!("{FM}For forms read FORMS.md.\n")),
            ("forms.md", "# Forms\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                BROKEN_REFERENCE.id,
                "skills/demo/SKILL.md".into(),
                "FORMS.md".into()
            )]
        );
    }

    #[test]
    fn escapes() {
        let r = run(&[(
            "SKILL.md",
            &format!(
                "{FM}See [shared](../shared/guide.md), [abs](/etc/passwd) and ../other/x.md.\n"
            ),
        )]);
        let rules: Vec<_> = r.iter().map(|x| (x.0, x.2.as_str())).collect();
        assert_eq!(
            rules,
            vec![
                (REFERENCE_ESCAPES.id, "../shared/guide.md"),
                (REFERENCE_ESCAPES.id, "/etc/passwd"),
                (REFERENCE_ESCAPES.id, "../other/x.md"),
            ]
        );
    }

    #[test]
    fn fenced_code_never_breaks_but_covers() {
        let r = run(&[
            (
                "SKILL.md",
                &format!("{FM}```bash\npython scripts/fill.py out/missing.pdf\ncat ../x.md\n```\n"),
            ),
            ("scripts/fill.py", "from helpers.util import go\n"),
            ("scripts/helpers/util.py", "x = 1\n"),
            ("scripts/helpers/__init__.py", ""),
            ("notes.md", "unreferenced\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                UNREFERENCED_FILE.id,
                "skills/demo/notes.md".into(),
                String::new()
            )]
        );
    }

    #[test]
    fn references_are_followed_transitively() {
        let r = run(&[
            (
                "SKILL.md",
                &format!("{FM}Read [the guide](references/guide.md).\n"),
            ),
            (
                "references/guide.md",
                "See [details](details.md) and [missing](nope.md).\n",
            ),
            ("references/details.md", "Run `scripts/a.sh`.\n"),
            ("scripts/a.sh", "cat templates/t.txt\n"),
            ("templates/t.txt", "x\n"),
            ("LICENSE.txt", "MIT\n"),
            (".gitignore", "x\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                BROKEN_REFERENCE.id,
                "skills/demo/references/guide.md".into(),
                "nope.md".into()
            )]
        );
    }

    #[test]
    fn globs_and_placeholders_cover() {
        let r = run(&[
            (
                "SKILL.md",
                &format!("{FM}Read `{{lang}}/README.md` and `shared/agents-*.md`.\n"),
            ),
            ("python/README.md", "x\n"),
            ("go/README.md", "x\n"),
            ("shared/agents-core.md", "x\n"),
            ("shared/other.md", "x\n"),
        ]);
        assert_eq!(
            r,
            vec![(
                UNREFERENCED_FILE.id,
                "skills/demo/shared/other.md".into(),
                String::new()
            )]
        );
    }

    #[test]
    fn binary_files_are_listed_not_scanned() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        fs::create_dir_all(d.join("assets")).unwrap();
        fs::write(
            d.join("SKILL.md"),
            format!("{FM}Logo: ![logo](assets/logo.png)\n"),
        )
        .unwrap();
        fs::write(d.join("assets/logo.png"), b"\x89PNG\0\0[x](missing.md)").unwrap();
        fs::write(d.join("assets/latin1.txt"), b"caf\xe9").unwrap();
        let s = settings(root);
        let folder = walk(&s, "skills/demo", None);
        assert_eq!(folder.texts.len(), 0);
        assert_eq!(
            run_at(root),
            vec![(
                UNREFERENCED_FILE.id,
                "skills/demo/assets/latin1.txt".into(),
                String::new()
            )]
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        fs::create_dir_all(&d).unwrap();
        fs::write(outside.path().join("secret.md"), "x").unwrap();
        fs::create_dir(outside.path().join("dir")).unwrap();
        fs::write(outside.path().join("dir/a.md"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.md"), d.join("linked.md")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("dir"), d.join("data")).unwrap();
        std::os::unix::fs::symlink(d.join("nothing.md"), d.join("dangling.md")).unwrap();
        fs::write(
            d.join("SKILL.md"),
            format!("{FM}Read [l](linked.md) and [a](data/a.md).\n"),
        )
        .unwrap();
        let s = settings(root);
        let folder = walk(&s, "skills/demo", None);
        assert!(folder.texts.is_empty(), "never read through a link out");
        let r = run_at(root);
        let got: Vec<_> = r
            .iter()
            .map(|x| (x.0, x.1.as_str(), x.2.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (REFERENCE_ESCAPES.id, "skills/demo/SKILL.md", "linked.md"),
                (REFERENCE_ESCAPES.id, "skills/demo/SKILL.md", "data/a.md"),
                (BROKEN_REFERENCE.id, "skills/demo/dangling.md", ""),
                (REFERENCE_ESCAPES.id, "skills/demo/data", ""),
                (REFERENCE_ESCAPES.id, "skills/demo/linked.md", ""),
            ]
        );
    }

    #[cfg(unix)]
    extern "C" {
        #[link_name = "mkfifo"]
        fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
    }

    #[cfg(unix)]
    #[test]
    fn fifos_are_never_opened() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("SKILL.md"), format!("{FM}Read `notes.md`.\n")).unwrap();
        let fifo = std::ffi::CString::new(d.join("pipe.md").to_str().unwrap()).unwrap();
        // SAFETY: mkfifo with a valid NUL-terminated path.
        assert_eq!(unsafe { libc_mkfifo(fifo.as_ptr(), 0o644) }, 0);
        std::os::unix::fs::symlink(d.join("pipe.md"), d.join("notes.md")).unwrap();
        let folder = walk(&settings(root), "skills/demo", None);
        assert!(folder.files.is_empty(), "{:?}", folder.files);
        assert!(run_at(root).is_empty());
    }

    #[test]
    fn nested_skills_are_not_part_of_the_folder() {
        let r = run(&[
            ("SKILL.md", &format!("{FM}Body.\n")),
            ("inner/SKILL.md", "---\nname: inner\ndescription: x\n---\n"),
            ("inner/notes.md", "x\n"),
        ]);
        assert_eq!(r, vec![]);
    }

    #[cfg(unix)]
    #[test]
    fn discovery_listing_and_own_walk_agree() {
        // A skill folder listed from discovery's walk must come out exactly
        // as when it lists itself: nested skills, always-skipped and
        // excluded folders, excluded files, links in and out, a FIFO, and
        // names whose order differs by part and by byte (`a-b`, `a/`).
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let d = root.join("skills/demo");
        for f in [
            "SKILL.md",
            "a/x.md",
            "a-b.md",
            "a.md",
            "node_modules/m.js",
            "secret/keep.md",
            "drop.tmp",
            "inner/SKILL.md",
            "inner/deep/n.md",
            "inner2/z/SKILL.md",
            "inner2/z/q.md",
            "inner2/y.md",
            "scripts/run.py",
        ] {
            let p = d.join(f);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, "x\n").unwrap();
        }
        std::os::unix::fs::symlink("a.md", d.join("link.md")).unwrap();
        std::os::unix::fs::symlink("/etc/hostname", d.join("out.md")).unwrap();
        std::os::unix::fs::symlink("scripts", d.join("tools")).unwrap();
        let fifo = std::ffi::CString::new(d.join("pipe.md").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc_mkfifo(fifo.as_ptr(), 0o644) }, 0);
        let s = Settings::excluding(root, &["skills/demo/secret", "**/*.tmp"]);
        let inventory = crate::discover::discover(&s, &[]).unwrap();
        let shape = |f: &Folder| {
            let mut unlisted = f.unlisted.clone();
            unlisted.sort();
            format!(
                "{:?}\n{:?}\n{:?}\n{:?}",
                f.files,
                f.dirs,
                unlisted,
                f.texts.keys().collect::<Vec<_>>()
            )
        };
        let own = walk(&s, "skills/demo", None);
        let listed = walk(&s, "skills/demo", Some(&inventory.listing));
        assert!(inventory.listing.folder("skills/demo").is_some());
        assert_eq!(shape(&listed), shape(&own));
        assert!(own.files.iter().any(|f| f.rel == "a/x.md"));
        assert!(!own
            .files
            .iter()
            .any(|f| f.rel.starts_with("inner/") || f.rel.starts_with("inner2/z/")));
        assert!(own.files.iter().any(|f| f.rel == "inner2/y.md"));
        assert!(!own
            .files
            .iter()
            .any(|f| f.rel.contains("secret") || f.rel.ends_with(".tmp")));
        // A folder below an excluded one was never walked by discovery.
        assert!(inventory.listing.folder("skills/demo/secret").is_none());
        assert!(inventory
            .listing
            .folder("skills/demo/node_modules")
            .is_none());
    }

    #[test]
    fn helpers() {
        assert_eq!(normalize("", "./a/../b.md").as_deref(), Some("b.md"));
        assert_eq!(normalize("refs", "../x.md").as_deref(), Some("x.md"));
        assert_eq!(normalize("", "../x.md"), None);
        assert!(has_extension("a/b.md"));
        assert!(!has_extension("v1.2"));
        assert!(!has_extension(".bashrc"));
        assert!(is_exempt("LICENSE.txt"));
        assert!(is_exempt("LICENSE"));
        assert!(is_exempt("sub/.DS_Store"));
        assert!(!is_exempt("licenses.md"));
        assert!(is_exempt("evaluations/README.md"));
        assert!(glob_regex("{lang}/x/*.md").unwrap().is_match("go/x/a.md"));
    }
}

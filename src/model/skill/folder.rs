//! A skill folder's files, listed once: never follows a symlink, never
//! opens anything but regular files, skips nested skills (folders with their
//! own SKILL.md), always-skipped and excluded folders. The listing comes from
//! discovery's walk ([`crate::discover::Listing`]), or from discovery's
//! walker run on the folder alone ([`crate::discover::list_folder`]).

use crate::contents::PathKind;
use crate::discover::{join_rel, parent_of, EntryKind, Listing, SKILL_MD};
use crate::settings::Settings;
use crate::source::SourceFile;
use foldhash::HashMap;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub use crate::model::skill::limits::MAX_RESOURCE_BYTES;

/// Folder names the Agent Skills format defines for resources.
pub const RESOURCE_DIRS: &[&str] = &["scripts", "references", "assets"];

/// Folders that make their parent a plugin of Claude Code or Codex.
const PLUGIN_MARKERS: &[&str] = &[".claude-plugin", ".codex-plugin"];

/// How a file of known size is read whole (the engine's reader).
pub type ReadSized = fn(&mut std::fs::File, u64) -> std::io::Result<Vec<u8>>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileKind {
    /// Valid UTF-8 without NUL bytes; its text is in [`Folder::texts`].
    Text,
    /// NUL bytes or invalid UTF-8: listed, never scanned.
    Binary,
    /// Over [`MAX_RESOURCE_BYTES`]: listed, never held whole (the engine
    /// scans it for secrets in pieces).
    Large,
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
    /// Its size in bytes (0 for a link that is not read).
    pub size: u64,
}

/// A question a skill folder's lint asked of the repository's files
/// outside the folder's own listing, with the answer it got: what its
/// findings depend on besides the folder (see [`Folder::probes`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Probe {
    /// Whether a path exists (a file, folder or link).
    Exists(String, bool),
    /// Whether a path is a folder.
    Dir(String, bool),
    /// Whether a path is a regular file (a link followed).
    File(String, bool),
    /// The folders directly inside a folder (repository paths, sorted).
    Subdirs(String, Vec<String>),
}

/// The probes of one folder's lint, in the order asked.
#[derive(Debug, Default)]
pub struct Probes(std::sync::Mutex<Vec<Probe>>);

impl Probes {
    fn record(&self, probe: Probe) {
        if let Ok(mut probes) = self.0.lock() {
            probes.push(probe);
        }
    }

    /// What was asked, each question once.
    pub fn take(&self) -> Vec<Probe> {
        let mut probes = self
            .0
            .lock()
            .map(|mut p| std::mem::take(&mut *p))
            .unwrap_or_default();
        // A set, not a scan of the ones kept: a folder of many missing
        // names asks many questions.
        let mut seen = std::collections::HashSet::with_capacity(probes.len());
        probes.retain(|p| seen.insert(p.clone()));
        probes
    }
}

impl Clone for Probes {
    fn clone(&self) -> Probes {
        Probes(std::sync::Mutex::new(
            self.0.lock().map(|p| p.clone()).unwrap_or_default(),
        ))
    }
}

/// What a skill folder holds (SKILL.md itself excluded).
#[derive(Debug, Clone, Default)]
pub struct Folder {
    /// What the lint asked of the repository outside the folder.
    pub probes: Probes,
    /// Repository-relative path of the folder (`""` for the root).
    pub dir: String,
    pub(crate) abs: PathBuf,
    /// The repository root, as files are opened (see `Settings::open_path`).
    pub(crate) root: PathBuf,
    /// The nearest folder at or above the skill holding `.claude-plugin/`
    /// or `.codex-plugin/` (repository-relative), worked out when needed.
    plugin: std::sync::OnceLock<Option<String>>,
    /// The deepest plugin folder the run's manifests and marketplace
    /// entries define that holds the skill ([`Folder::use_plugins`]).
    plugin_defined: Option<String>,
    /// The index folders at or above the folder ([`indexes_over`]).
    pub(crate) indexes: Vec<String>,
    /// The folder's real path, worked out when a symlink needs it.
    canon: std::sync::OnceLock<PathBuf>,
    /// The numbered series among the files (`refs/phase.md` for
    /// `refs/phase1.md`, `refs/phase2.md`), worked out when needed.
    series: std::sync::OnceLock<std::collections::HashSet<String>>,
    pub files: Vec<FileEntry>,
    pub dirs: BTreeSet<String>,
    /// Other skill folders of the repository with this folder's name
    /// (repository-relative): copies of the skill for another client or in
    /// another language, or a skill of the same name in another plugin.
    pub copies: Vec<String>,
    /// Folders inside that were not walked (nested skills, always-skipped
    /// and excluded folders, symlinks to folders): paths below them are
    /// looked up on disk.
    pub(crate) unlisted: Vec<String>,
    /// Files of the folder (folder-relative) that the index marks
    /// skip-worktree and the disk does not hold: present, as git sees them.
    pub(crate) skipped: BTreeSet<String>,
    pub(crate) index: HashMap<String, usize>,
    /// The side judged: what exists and what files hold outside the folder
    /// are asked of it (the index's paths with `--staged`, else the disk).
    pub(crate) contents: crate::contents::Contents,
    /// Text files, keyed by their path relative to the folder; the sources
    /// carry repository-relative paths.
    pub texts: BTreeMap<String, SourceFile>,
}

impl Folder {
    /// Whether the folder holds a numbered series of files named `base`
    /// with digits before the extension (`refs/phase` and `.md` for
    /// `refs/phase1.md`): one pass over the files, then a lookup.
    pub(crate) fn has_series(&self, base: &str, ext: &str) -> bool {
        self.series
            .get_or_init(|| {
                let mut out = std::collections::HashSet::new();
                for f in &self.files {
                    let (dir, name) = f.rel.rsplit_once('/').unwrap_or(("", &f.rel));
                    let (stem, ext) = match name.find('.') {
                        Some(i) => (&name[..i], &name[i..]),
                        None => (name, ""),
                    };
                    let prefix = stem.trim_end_matches(|c: char| c.is_ascii_digit());
                    if prefix.len() < stem.len() && !prefix.is_empty() {
                        out.insert(format!(
                            "{}{prefix}{ext}",
                            if dir.is_empty() {
                                String::new()
                            } else {
                                format!("{dir}/")
                            }
                        ));
                    }
                }
                out
            })
            .contains(&format!("{base}{ext}"))
    }

    pub(crate) fn canon(&self) -> &Path {
        self.canon
            .get_or_init(|| self.abs.canonicalize().unwrap_or_else(|_| self.abs.clone()))
    }

    /// Whether a symlink of the folder (folder-relative) ends at a file of
    /// the repository.
    pub(crate) fn link_stays_in_repository(&self, rel: &str) -> bool {
        let Ok(root) = self.root.canonicalize() else {
            return false;
        };
        self.abs
            .join(rel)
            .canonicalize()
            .is_ok_and(|t| t.starts_with(&root))
    }

    /// Repository-relative path of a file in the folder.
    pub fn repo_path(&self, rel: &str) -> String {
        join_rel(&self.dir, rel)
    }

    pub(crate) fn kind(&self, rel: &str) -> Option<&FileKind> {
        self.index.get(rel).map(|&i| &self.files[i].kind)
    }

    /// The plugin folder the skill belongs to, if any.
    pub(crate) fn plugin_root(&self) -> Option<&str> {
        self.plugin
            .get_or_init(|| {
                let mut dir = self.dir.clone();
                loop {
                    // A plugin folder a manifest or a marketplace entry
                    // defines: no deeper marker was found on the way up.
                    if self.plugin_defined.as_deref() == Some(dir.as_str()) {
                        return Some(dir);
                    }
                    let is_dir = |rel: &str| {
                        let is_dir = match self.contents.kind(rel) {
                            Some(kind) => kind == Some(PathKind::Dir),
                            None => self.root.join(rel).is_dir(),
                        };
                        self.probes.record(Probe::Dir(rel.to_string(), is_dir));
                        is_dir
                    };
                    // A marker folder that holds a marketplace and no
                    // plugin manifest (`.claude-plugin/marketplace.json`
                    // alone) makes its folder a marketplace, not a plugin:
                    // its plugins are the entries' sources.
                    let marked = PLUGIN_MARKERS.iter().any(|m| {
                        let marker = join_rel(&dir, m);
                        is_dir(&marker)
                            && (self.is_file_in_repository(&join_rel(&marker, "plugin.json"))
                                || !self
                                    .is_file_in_repository(&join_rel(&marker, "marketplace.json")))
                    });
                    if marked {
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

    /// Takes the plugin folders the run's manifests and marketplace entries
    /// define (`crate::model::plugin::plugins`): the deepest one holding the
    /// skill is its plugin root when no manifest folder marks a deeper one
    /// (a plugin a marketplace defines may have no `.claude-plugin/`).
    ///
    /// Only kept here: the folders above the skill are looked at when the
    /// plugin root is first asked for ([`Folder::plugin_root`]), and only up
    /// to the defined folder.
    pub(crate) fn use_plugins(&mut self, plugins: &[String]) {
        self.plugin_defined = crate::model::plugin::deepest(plugins, &self.dir).map(str::to_string);
        self.plugin = std::sync::OnceLock::new();
    }

    /// Takes the folders whose `SKILL.md` is an index of skills, not a
    /// skill (`crate::lint::skills::index_dirs`): those at or above the
    /// folder are kept.
    pub(crate) fn use_indexes(&mut self, indexes: &[String]) {
        self.indexes = indexes_over(indexes, &self.dir)
            .map(str::to_string)
            .collect();
    }

    /// Whether the folder's own `SKILL.md` is an index of the skills below
    /// it, not a skill.
    pub fn is_index(&self) -> bool {
        self.indexes.contains(&self.dir)
    }

    /// Whether a repository-relative path exists (a file, folder or link).
    pub(crate) fn exists_in_repository(&self, rel: &str) -> bool {
        let exists = match self.contents.kind(rel) {
            Some(kind) => kind.is_some(),
            None => std::fs::symlink_metadata(self.root.join(rel)).is_ok(),
        };
        self.probes.record(Probe::Exists(rel.to_string(), exists));
        exists
    }

    /// Whether a repository-relative path is a regular file (a link
    /// followed).
    pub(crate) fn is_file_in_repository(&self, rel: &str) -> bool {
        let is_file = match self.contents.kind(rel) {
            Some(Some(PathKind::Symlink)) | None => self.root.join(rel).is_file(),
            Some(kind) => kind == Some(PathKind::File),
        };
        self.probes.record(Probe::File(rel.to_string(), is_file));
        is_file
    }

    /// The folders directly inside the repository folder `rel`
    /// (repository paths, sorted; none when it cannot be read).
    pub(crate) fn subdirs_in_repository(&self, rel: &str) -> Vec<String> {
        let mut dirs: Vec<String> = match self.contents.subdirs(rel) {
            Some(dirs) => dirs,
            None => std::fs::read_dir(self.root.join(rel))
                .map(|entries| {
                    entries
                        .filter_map(|e| e.ok())
                        .filter(|e| e.file_type().is_ok_and(|f| f.is_dir()))
                        .map(|e| join_rel(rel, &e.file_name().to_string_lossy()))
                        .collect()
                })
                .unwrap_or_default(),
        };
        dirs.sort();
        self.probes
            .record(Probe::Subdirs(rel.to_string(), dirs.clone()));
        dirs
    }

    /// The text of a repository file outside the folder (an entry file such
    /// as `AGENTS.md`) as the side judged holds it: a regular file of at
    /// most `MAX_RESOURCE_BYTES`, in UTF-8.
    pub(crate) fn repository_text(&self, rel: &str) -> Option<String> {
        let bytes = self.contents.read_with(rel, || {
            let path = self.root.join(rel);
            let meta = std::fs::metadata(&path).ok()?;
            if !meta.is_file() || meta.len() > MAX_RESOURCE_BYTES {
                return None;
            }
            std::fs::read(&path).ok()
        })?;
        if bytes.len() as u64 > MAX_RESOURCE_BYTES {
            return None;
        }
        String::from_utf8(bytes).ok()
    }

    pub(crate) fn is_unlisted(&self, rel: &str) -> bool {
        self.unlisted
            .iter()
            .any(|u| rel == u || rel.starts_with(&format!("{u}/")))
    }
}

fn is_skill_md_name(name: &str) -> bool {
    name.eq_ignore_ascii_case(SKILL_MD)
}

/// Lists a skill folder: never follows a symlink, never opens anything but
/// regular files, skips nested skills (folders with their own SKILL.md),
/// always-skipped and excluded folders.
///
/// The folder is listed first and read afterwards: a nested skill shows up
/// in the listing as a `SKILL.md` below the top, so it costs no probe per
/// folder, and its files are never read.
pub fn walk(settings: &Settings, dir: &str, listing: Option<&Listing>, read: ReadSized) -> Folder {
    let abs = settings.open_path(dir);
    let mut folder = Folder {
        dir: dir.to_string(),
        abs: abs.clone(),
        root: settings.open_path(""),
        contents: settings.contents().clone(),
        ..Default::default()
    };
    if !settings.worktree_skipped.is_empty() {
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
        folder.skipped = settings
            .worktree_skipped
            .range(prefix.clone()..)
            .take_while(|p| p.starts_with(&prefix))
            .map(|p| p[prefix.len()..].to_string())
            .filter(|rel| std::fs::symlink_metadata(abs.join(rel)).is_err())
            .collect();
    }
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
        // Discovery's walker, on the folder alone.
        None => crate::discover::list_folder(settings, dir),
    };
    let mut entries: Vec<(String, EntryKind)> = Vec::new();
    let mut nested: Vec<String> = Vec::new();
    for (rel, kind) in listed {
        // A `SKILL.md` (a file, or a link to one) below the top makes its
        // folder a nested skill, linted on its own.
        if let Some((parent, SKILL_MD)) = rel.rsplit_once('/') {
            let is_file = match settings.contents().kind(&join_rel(dir, &rel)) {
                Some(Some(PathKind::File)) => true,
                Some(Some(PathKind::Symlink)) | None => abs.join(&rel).is_file(),
                Some(_) => false,
            };
            if kind != EntryKind::Dir && is_file {
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
                    size: 0,
                }),
                Ok(c) if !c.starts_with(folder.canon()) => folder.files.push(FileEntry {
                    rel,
                    kind: FileKind::SymlinkOutside { target },
                    size: 0,
                }),
                Ok(c) if c.is_dir() => {
                    // Inside the folder: its files are listed under their real path.
                    folder.dirs.insert(rel.clone());
                    unlisted.push(rel);
                }
                Ok(_) if !rel.contains('/') && is_skill_md_name(&rel) => {}
                Ok(c) if c.is_file() => read_file(&mut folder, rel, &c, read),
                Ok(_) => {}
            }
            continue;
        }
        if kind == EntryKind::File {
            match settings.contents().read(&folder.repo_path(&rel)) {
                crate::contents::Read::Disk => read_file(&mut folder, rel, path, read),
                crate::contents::Read::Held(bytes) => held_file(&mut folder, rel, bytes),
                crate::contents::Read::Absent => {}
            }
        }
        // FIFOs, sockets and devices are never opened.
    }
    folder.unlisted = unlisted;
    // An editor's unsaved buffers stand in for the files they show (links
    // to files included).
    if settings.has_overlay() {
        for (rel, source) in folder.texts.iter_mut() {
            if let Some(Some(text)) = settings.overlay_text(&join_rel(dir, rel)) {
                *source = SourceFile::new(source.path.clone(), text);
            }
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

/// A file of the folder whose content the side judged holds instead of the
/// disk (the staged text, an editor's buffer).
fn held_file(folder: &mut Folder, rel: String, bytes: Vec<u8>) {
    let size = bytes.len() as u64;
    let kind = if size > MAX_RESOURCE_BYTES {
        FileKind::Large
    } else if bytes.contains(&0) {
        FileKind::Binary
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => {
                folder
                    .texts
                    .insert(rel.clone(), SourceFile::new(folder.repo_path(&rel), text));
                FileKind::Text
            }
            Err(_) => FileKind::Binary,
        }
    };
    folder.files.push(FileEntry { rel, kind, size });
}

/// Reads a regular file of the folder (the walk saw a regular file, or a
/// link resolved to one): one open, its size from the open file.
fn read_file(folder: &mut Folder, rel: String, path: &Path, read: ReadSized) {
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
        folder.files.push(FileEntry {
            rel,
            kind: FileKind::Large,
            size: meta.len(),
        });
        return;
    }
    let kind = match read(&mut file, meta.len()) {
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
    folder.files.push(FileEntry {
        rel,
        kind,
        size: meta.len(),
    });
}

/// The folders of `indexes` at or above the folder `dir` (the root, `""`,
/// is above every folder).
pub fn indexes_over<'a>(indexes: &'a [String], dir: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    indexes.iter().map(String::as_str).filter(move |i| {
        i.is_empty() || dir == *i || dir.strip_prefix(*i).is_some_and(|r| r.starts_with('/'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn indexes_over_a_folder_are_its_own_and_its_ancestors() {
        let indexes = [
            "".to_string(),
            "a".to_string(),
            "a/b".to_string(),
            "ab".to_string(),
        ];
        let over: Vec<&str> = indexes_over(&indexes, "a/b/c").collect();
        assert_eq!(over, ["", "a", "a/b"]);
        let over: Vec<&str> = indexes_over(&indexes, "ab").collect();
        assert_eq!(over, ["", "ab"]);
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
        extern "C" {
            #[link_name = "mkfifo"]
            fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
        }
        // SAFETY: mkfifo with a valid NUL-terminated path.
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
        let own = walk(&s, "skills/demo", None, crate::load::read_sized);
        let listed = walk(
            &s,
            "skills/demo",
            Some(&inventory.listing),
            crate::load::read_sized,
        );
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
}

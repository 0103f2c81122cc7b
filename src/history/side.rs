//! The two sides of a comparison. The base is always a tree; the head is a
//! tree (`diff` with a HEAD revision, `history`), the index (`--staged`) or
//! the working tree. Each side lists profiles and skills and hands out their
//! content with its blob id, so unchanged files are recognised by id alone.

use crate::discover::{Inventory, SKILL_MD};
use crate::error::Fatal;
use crate::git::{BlobHasher, FileId, Index, ObjectId, Repo};
use crate::json::Value;
use crate::load::LoadedProfile;
use crate::settings::{Settings, ALWAYS_SKIPPED};
use crate::source::SourceFile;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Which part of the repository a run covers (repo-relative paths).
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// Folders or files; empty means the whole repository.
    pub(crate) prefixes: Vec<String>,
    /// Files named on the command line, which count as profiles even when
    /// no glob matches them.
    explicit: BTreeSet<String>,
}

impl Scope {
    pub fn all() -> Scope {
        Scope::default()
    }

    /// The scope of PATH arguments (absolute or relative to the working
    /// directory), as repo-relative prefixes under `root`.
    pub fn of_paths(root: &std::path::Path, paths: &[PathBuf]) -> Scope {
        let mut scope = Scope::default();
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let cwd = std::env::current_dir().unwrap_or_default();
        for p in paths {
            let abs = if p.is_absolute() {
                p.clone()
            } else {
                cwd.join(p)
            };
            let abs = abs.canonicalize().unwrap_or(abs);
            let Ok(rel) = abs.strip_prefix(&root) else {
                continue;
            };
            let rel = crate::source::slash_path(rel);
            if abs.is_file() && rel.ends_with(".json") {
                scope.explicit.insert(rel.clone());
            }
            if rel.is_empty() {
                return Scope::default();
            }
            scope.prefixes.push(rel);
        }
        scope
    }

    pub fn is_all(&self) -> bool {
        self.prefixes.is_empty()
    }

    /// Whether a file or folder path lies inside the scope.
    pub fn contains(&self, rel: &str) -> bool {
        self.prefixes.is_empty()
            || self.prefixes.iter().any(|p| {
                rel == p
                    || rel
                        .strip_prefix(p.as_str())
                        .is_some_and(|r| r.starts_with('/'))
            })
    }

    /// Whether the file was named on the command line (a JSON file, which
    /// counts as a profile).
    pub fn is_explicit(&self, rel: &str) -> bool {
        self.explicit.contains(rel)
    }

    /// Whether something inside folder `rel` may lie inside the scope.
    pub fn reaches(&self, rel: &str) -> bool {
        rel.is_empty()
            || self.contains(rel)
            || self
                .prefixes
                .iter()
                .any(|p| p.strip_prefix(rel).is_some_and(|r| r.starts_with('/')))
    }
}

/// A profile revision before parsing: a blob's bytes, or a text as linted.
pub enum ProfileInput {
    Blob(Vec<u8>),
    Source(SourceFile),
}

impl ProfileInput {
    /// Parses it ([`Head::profile`] without the repository).
    pub fn parse(self, rel: &str, id: ObjectId) -> Option<ProfileRev> {
        match self {
            ProfileInput::Blob(bytes) => parse_profile(rel, id, bytes),
            // Parsed again here: `check` keeps texts, not trees, and history
            // only loads the profiles that changed.
            ProfileInput::Source(source) => parse_source(rel, id, source),
        }
    }
}

/// A profile revision from its bytes; `None` when it is not UTF-8 JSON.
pub fn parse_profile(rel: &str, id: ObjectId, bytes: Vec<u8>) -> Option<ProfileRev> {
    let (source, bad) = SourceFile::from_bytes(rel, bytes);
    if bad.is_some() {
        return None;
    }
    parse_source(rel, id, source)
}

/// A profile revision from its text; `None` when it is not JSON.
fn parse_source(rel: &str, id: ObjectId, source: SourceFile) -> Option<ProfileRev> {
    let value = crate::model::profile::parse_json(&source.text).ok()?;
    Some(ProfileRev {
        path: rel.to_string(),
        id,
        source,
        value,
    })
}

/// The blob id of a work-tree text, as git would store it. A file whose
/// only difference from `expected` is CRLF line ends (autocrlf) gets the
/// expected id.
pub fn hash_text(hasher: BlobHasher, bytes: &[u8], expected: Option<ObjectId>) -> ObjectId {
    let id = hasher.hash(bytes);
    if let Some(exp) = expected {
        if id != exp && bytes.contains(&b'\r') {
            let mut lf = Vec::with_capacity(bytes.len());
            for (i, b) in bytes.iter().enumerate() {
                if *b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    continue;
                }
                lf.push(*b);
            }
            if hasher.hash(&lf) == exp {
                return exp;
            }
        }
    }
    id
}

/// What a comparison needs at hand: the repository, the settings, the scope
/// and, when there is one, the index.
pub struct Ctx<'a> {
    pub repo: &'a Repo,
    pub settings: &'a Settings,
    pub scope: Scope,
    /// The index, when it is at hand: a folder whose tree id its cache-tree
    /// records is listed from its entries instead of read (equal ids, equal
    /// contents, in whichever tree).
    pub index: Option<&'a Index>,
}

/// A profile revision: its text, parsed tree and blob id.
#[derive(Debug, Clone)]
pub struct ProfileRev {
    pub path: String,
    pub id: ObjectId,
    pub source: SourceFile,
    pub value: Value,
}

/// A skill or plugin folder's files and submodules (path relative to the
/// folder → blob id, or the commit a submodule points at).
pub type FolderFiles = BTreeMap<String, FileId>;

impl Ctx<'_> {
    fn skipped_dir(&self, rel: &str) -> bool {
        rel.split('/').any(|part| ALWAYS_SKIPPED.contains(&part))
            || (!rel.is_empty() && self.settings.is_excluded(rel))
    }

    /// Whether a repo-relative file path is a profile this run covers.
    pub fn is_profile(&self, rel: &str) -> bool {
        // Named like a profile first: most files of a tree are not, and this
        // one glob match settles them.
        if !(self.settings.profile_globs.is_match(rel) || self.scope.explicit.contains(rel)) {
            return false;
        }
        if !self.scope.contains(rel) {
            return false;
        }
        let name = rel.rsplit('/').next().unwrap_or(rel);
        if name == SKILL_MD || name.eq_ignore_ascii_case(SKILL_MD) {
            return false;
        }
        let dir = rel.rsplit_once('/').map_or("", |(dir, _)| dir);
        !(self.skipped_dir(dir) || self.settings.is_excluded(rel))
    }

    /// Whether a walk should look inside a folder given as a git path.
    pub fn descend_git(&self, git_dir: &str) -> bool {
        match self.repo.from_git(&format!("{git_dir}/")) {
            Some(rel) => {
                let rel = rel.trim_end_matches('/');
                !self.skipped_dir(rel) && self.scope.reaches(rel)
            }
            // Above caplint's root: only the way down to it.
            None => self.repo.prefix().starts_with(&format!("{git_dir}/")),
        }
    }

    /// The blob id git would store for the work-tree text of a
    /// repo-relative path (see [`Repo::hash_worktree`]).
    pub fn hash_work(
        &self,
        rel: &str,
        bytes: &[u8],
        expected: Option<ObjectId>,
        staged: Option<ObjectId>,
    ) -> ObjectId {
        self.repo
            .hash_worktree(&self.repo.to_git(rel), bytes, expected, staged)
    }

    // ---- trees ----

    /// Every profile in scope in a tree: repo-relative path → blob id.
    pub fn tree_profiles(&self, tree: ObjectId) -> Result<BTreeMap<String, ObjectId>, Fatal> {
        self.profiles_in(tree, self.index, None)
    }

    /// [`Ctx::tree_profiles`] for what the index may have changed: the
    /// folders the index's cache-tree records as the tree's own are left
    /// out, and their git paths returned (sorted).
    pub fn tree_profiles_changed(
        &self,
        tree: ObjectId,
        index: &Index,
    ) -> Result<(BTreeMap<String, ObjectId>, Vec<String>), Fatal> {
        let mut same = Vec::new();
        let profiles = self.profiles_in(tree, Some(index), Some(&mut same))?;
        same.sort_unstable();
        Ok((profiles, same))
    }

    /// The profile files in scope of a tree (links as links), as
    /// [`crate::git::Repo::list_files`] lists them with `index` and `same`.
    fn profile_files(
        &self,
        tree: ObjectId,
        index: Option<&Index>,
        same: Option<&mut Vec<String>>,
    ) -> Result<BTreeMap<String, FileId>, Fatal> {
        let root = self.repo.prefix().trim_end_matches('/');
        self.repo.list_files(
            tree,
            root,
            &|dir| self.descend_git(dir),
            &|path| {
                self.repo
                    .from_git(path)
                    .is_some_and(|rel| self.is_profile(rel))
            },
            index,
            same,
        )
    }

    /// The profiles of a tree, as [`Ctx::profile_files`] lists them with
    /// `index` and `same`, each link by the blob it shows.
    fn profiles_in(
        &self,
        tree: ObjectId,
        index: Option<&Index>,
        same: Option<&mut Vec<String>>,
    ) -> Result<BTreeMap<String, ObjectId>, Fatal> {
        let files = self.profile_files(tree, index, same)?;
        // A symbolic link's blob is its target path, never a profile text:
        // a linked profile is judged by what the link shows in the same
        // tree (a link that shows no file there has nothing to judge).
        // Paths of a revision may spell a secret: the gate learns them.
        let names: Vec<&str> = files.keys().map(String::as_str).collect();
        crate::redact::learn(&names.join("\n"));
        let mut out = BTreeMap::new();
        for (rel, f) in files {
            if !f.link {
                out.insert(rel, f.id);
            } else if let Some(id) = self.link_in_tree(tree, &rel, f.id)? {
                out.insert(rel, id);
            }
        }
        Ok(out)
    }

    /// The blob a profile that is a symbolic link (`rel`, its link blob
    /// `link`) shows in `tree`: the file its target names, in the same tree,
    /// following links a few times. `None` when the target leaves the
    /// repository or is no file there.
    pub fn link_in_tree(
        &self,
        tree: ObjectId,
        rel: &str,
        link: ObjectId,
    ) -> Result<Option<ObjectId>, Fatal> {
        let mut path = self.repo.to_git(rel).into_owned();
        let mut link = link;
        for _ in 0..8 {
            let target = self.repo.blob(link)?;
            let Some(next) = link_target(&path, &target) else {
                return Ok(None);
            };
            match self.repo.entry_at(tree, &next)? {
                Some(e) if e.kind == crate::git::EntryKind::Blob => return Ok(Some(e.id)),
                Some(e) if e.kind == crate::git::EntryKind::Link => {
                    path = next;
                    link = e.id;
                }
                _ => return Ok(None),
            }
        }
        Ok(None)
    }

    /// [`Ctx::link_in_tree`] in the index: the staged file a staged link
    /// shows.
    pub fn link_in_index(&self, index: &Index, git_path: &str, link: ObjectId) -> Option<ObjectId> {
        let mut path = git_path.to_string();
        let mut link = link;
        for _ in 0..8 {
            let target = self.repo.blob(link).ok()?;
            let next = link_target(&path, &target)?;
            let e = index.get(&next)?;
            if e.intent {
                return None;
            }
            if !e.link {
                return Some(e.id);
            }
            path = next;
            link = e.id;
        }
        None
    }

    /// The profiles in scope of a tree that are symbolic links.
    pub fn tree_profile_links(&self, tree: ObjectId) -> Result<BTreeSet<String>, Fatal> {
        Ok(self
            .profile_files(tree, None, None)?
            .into_iter()
            .filter(|(_, f)| f.link)
            .map(|(rel, _)| rel)
            .collect())
    }

    /// What the profile at `rel` shows in `tree`: its blob, or for a link
    /// the blob of the file it names there.
    pub fn shown_in_tree(&self, tree: ObjectId, rel: &str) -> Result<Option<ObjectId>, Fatal> {
        match self.repo.entry_at(tree, &self.repo.to_git(rel))? {
            Some(e) if e.kind == crate::git::EntryKind::Blob => Ok(Some(e.id)),
            Some(e) if e.kind == crate::git::EntryKind::Link => self.link_in_tree(tree, rel, e.id),
            _ => Ok(None),
        }
    }

    /// Whether the entry of a profile at `rel` in `tree` is a symbolic link.
    pub fn is_link_in_tree(&self, tree: ObjectId, rel: &str) -> Result<bool, Fatal> {
        Ok(self
            .repo
            .entry_at(tree, &self.repo.to_git(rel))?
            .is_some_and(|e| e.kind == crate::git::EntryKind::Link))
    }

    /// A file's blob id in a tree, by repo-relative path.
    pub fn tree_file(&self, tree: ObjectId, rel: &str) -> Result<Option<ObjectId>, Fatal> {
        self.repo.file_at(tree, &self.repo.to_git(rel))
    }

    /// A skill folder's subtree id in a tree.
    pub fn tree_folder_id(&self, tree: ObjectId, dir: &str) -> Result<Option<ObjectId>, Fatal> {
        Ok(self
            .repo
            .entry_at(tree, self.repo.to_git(dir).trim_end_matches('/'))?
            .filter(|e| e.kind == crate::git::EntryKind::Tree)
            .map(|e| e.id))
    }

    /// A folder's files and submodules in a tree (see
    /// [`crate::git::Repo::list_folder`]).
    pub fn tree_folder(&self, tree: ObjectId, dir: &str) -> Result<FolderFiles, Fatal> {
        self.repo.list_folder(
            tree,
            self.repo.to_git(dir).trim_end_matches('/'),
            self.index,
        )
    }
}

/// The head side of a comparison.
pub enum Head<'a> {
    /// A committed tree.
    Tree(ObjectId),
    /// The index: what the next commit will hold.
    Index(&'a Index),
    /// The working tree, as linted in this run.
    Work(WorkTree<'a>),
}

/// The working tree as `check` loaded it: discovered files, their texts and
/// parsed profiles, and the index (for tracked files and stat data).
pub struct WorkTree<'a> {
    pub inventory: &'a Inventory,
    pub sources: &'a BTreeMap<String, SourceFile>,
    /// Every profile linted in this run, by path: its `agent_id`, and its
    /// stat data as it was read. The report keeps the texts of those with
    /// findings only; the others are read again when needed.
    pub linted: foldhash::HashMap<&'a str, &'a LoadedProfile>,
    pub index: Option<&'a Index>,
}

impl<'a> WorkTree<'a> {
    pub fn new(
        inventory: &'a Inventory,
        sources: &'a BTreeMap<String, SourceFile>,
        profiles: &'a [LoadedProfile],
        index: Option<&'a Index>,
    ) -> WorkTree<'a> {
        let linted = profiles.iter().map(|p| (p.path.as_str(), p)).collect();
        WorkTree {
            inventory,
            sources,
            linted,
            index,
        }
    }
}

/// The git path a symbolic link at `git_path` names with its blob
/// `target`, resolved against the link's folder; `None` when it is
/// absolute, not UTF-8, or leaves the repository.
pub fn link_target(git_path: &str, target: &[u8]) -> Option<String> {
    let target = std::str::from_utf8(target).ok()?;
    if target.starts_with('/') || target.is_empty() {
        return None;
    }
    let mut parts: Vec<&str> = git_path.split('/').collect();
    parts.pop();
    for part in target.split('/') {
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

/// The profiles among index entries (intent-to-add entries aside; a link
/// as the staged file it shows, or left out when it shows none): path →
/// blob id.
fn staged_profiles<'a>(
    ctx: &Ctx<'_>,
    index: &Index,
    entries: impl Iterator<Item = (&'a str, &'a crate::git::IndexEntry)>,
) -> BTreeMap<String, ObjectId> {
    entries
        .filter(|(_, e)| !e.intent)
        .filter_map(|(path, e)| {
            let rel = ctx.repo.from_git(path)?;
            if !ctx.is_profile(rel) {
                return None;
            }
            let id = if e.link {
                ctx.link_in_index(index, path, e.id)?
            } else {
                e.id
            };
            Some((rel.to_string(), id))
        })
        .collect()
}

impl WorkTree<'_> {
    /// The text of a profile linted in this run, as it was linted: kept by
    /// the report, or read again (its buffer, or the disk).
    fn text(&self, ctx: &Ctx<'_>, rel: &str) -> Option<SourceFile> {
        if let Some(source) = self.sources.get(rel) {
            return Some(source.clone());
        }
        if !self.linted.contains_key(rel) {
            return None;
        }
        crate::load::read_source(ctx.settings, rel)
            .ok()
            .map(|(source, _)| source)
    }

    /// The index entry of a repo-relative path when it is skip-worktree.
    fn skipped(&self, ctx: &Ctx<'_>, rel: &str) -> Option<&crate::git::IndexEntry> {
        self.index?.get(&ctx.repo.to_git(rel)).filter(|e| e.skip)
    }
}

impl Head<'_> {
    /// Every profile in scope on this side: path → blob id.
    /// The staged profiles outside the folders `dirs` (git paths, sorted);
    /// for an index only.
    pub fn profiles_outside(&self, ctx: &Ctx<'_>, dirs: &[String]) -> BTreeMap<String, ObjectId> {
        let Head::Index(index) = self else {
            return BTreeMap::new();
        };
        staged_profiles(ctx, index, index.outside(dirs))
    }

    pub fn profiles(&self, ctx: &Ctx<'_>) -> Result<BTreeMap<String, ObjectId>, Fatal> {
        match self {
            Head::Tree(tree) => ctx.tree_profiles(*tree),
            Head::Index(index) => Ok(staged_profiles(ctx, index, index.iter())),
            Head::Work(w) => {
                use rayon::prelude::*;
                // Collected, then built into a map at once (in path order,
                // as the inventory lists them, but for those hashed).
                let mut out = Vec::with_capacity(w.inventory.profiles.len());
                let mut texts = Vec::new();
                // Skip-worktree profiles (outside a sparse checkout's cone,
                // or marked so) are the index's, on disk or not.
                let mut skipped = BTreeSet::new();
                if let Some(index) = w.index {
                    let root = ctx.repo.prefix().trim_end_matches('/');
                    for (path, e) in index.under(root).filter(|(_, e)| e.skip && !e.link) {
                        if let Some(rel) = ctx.repo.from_git(path).filter(|r| ctx.is_profile(r)) {
                            skipped.insert(rel);
                            out.push((rel.to_string(), e.id));
                        }
                    }
                }
                for rel in &w.inventory.profiles {
                    if !ctx.scope.contains(rel) || skipped.contains(rel.as_str()) {
                        continue;
                    }
                    if !w.linted.contains_key(rel.as_str()) && !w.sources.contains_key(rel) {
                        continue;
                    }
                    let entry = w.index.and_then(|i| i.get(&ctx.repo.to_git(rel)));
                    // A symbolic link (tracked as one, or new and on disk) is
                    // judged by the text it shows, which is what was linted;
                    // the index's id is the link's, never that text's.
                    let linked = match entry {
                        Some(e) => e.link,
                        None => false,
                    } || std::fs::symlink_metadata(ctx.settings.open_path(rel))
                        .is_ok_and(|m| m.file_type().is_symlink());
                    let entry = entry.filter(|_| !linked);
                    // Unchanged since staged, by the stat data taken when it
                    // was read: the index knows its id (as `git status` does).
                    let stat = w.linted.get(rel.as_str()).and_then(|p| p.stat.as_ref());
                    if let (Some(e), Some(stat)) = (entry, stat) {
                        if !e.link && e.matches_stat(stat) {
                            out.push((rel.clone(), e.id));
                            continue;
                        }
                    }
                    let Some(src) = w.text(ctx, rel) else {
                        continue;
                    };
                    texts.push((rel, src.text.into_bytes(), entry.map(|e| e.id)));
                }
                // The others are hashed, in parallel.
                let hasher = ctx.repo.blob_hasher();
                let hashed: Vec<(String, ObjectId)> = texts
                    .into_par_iter()
                    .map(|(rel, bytes, staged)| (rel.clone(), hash_text(hasher, &bytes, staged)))
                    .collect();
                out.extend(hashed);
                Ok(out.into_iter().collect())
            }
        }
    }

    /// What [`Head::profile`] parses, read on the repository's thread so
    /// that the parsing can happen on any.
    pub fn profile_input(
        &self,
        ctx: &Ctx<'_>,
        rel: &str,
        id: ObjectId,
    ) -> Result<Option<ProfileInput>, Fatal> {
        Ok(match self {
            Head::Tree(_) | Head::Index(_) => Some(ProfileInput::Blob(ctx.repo.blob(id)?)),
            Head::Work(w) if w.skipped(ctx, rel).is_some() => {
                Some(ProfileInput::Blob(ctx.repo.blob(id)?))
            }
            Head::Work(w) => w.text(ctx, rel).map(ProfileInput::Source),
        })
    }

    /// Loads one profile of this side (the id comes from [`Head::profiles`]).
    pub fn profile(
        &self,
        ctx: &Ctx<'_>,
        rel: &str,
        id: ObjectId,
    ) -> Result<Option<ProfileRev>, Fatal> {
        Ok(self
            .profile_input(ctx, rel, id)?
            .and_then(|input| input.parse(rel, id)))
    }

    /// The `agent_id` of every profile of the whole repository on this side
    /// (not just the scope): agent_id → paths.
    pub fn agent_ids(&self, ctx: &Ctx<'_>) -> Result<BTreeMap<String, Vec<String>>, Fatal> {
        let full = Ctx {
            repo: ctx.repo,
            settings: ctx.settings,
            scope: Scope::all(),
            index: ctx.index,
        };
        let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut add = |value: &Value, rel: &str| {
            if let Some((id, _)) = crate::model::profile::agent_id(value) {
                out.entry(id.to_string()).or_default().push(rel.to_string());
            }
        };
        match self {
            Head::Work(w) if ctx.scope.is_all() => {
                for (rel, p) in &w.linted {
                    if let Some((id, _)) = &p.agent_id {
                        out.entry(id.to_string()).or_default().push(rel.to_string());
                    }
                }
            }
            Head::Work(_) => {
                // Profiles outside the scope: discover them all.
                let inventory = crate::discover::discover(ctx.settings, &[])?;
                for rel in &inventory.profiles {
                    let Ok(bytes) = std::fs::read(ctx.settings.open_path(rel)) else {
                        continue;
                    };
                    let text = String::from_utf8_lossy(&bytes);
                    crate::redact::learn(&text);
                    if let Ok(value) = crate::model::profile::parse_json(&text) {
                        add(&value, rel);
                    }
                }
            }
            _ => {
                for (rel, id) in self.profiles(&full)? {
                    if let Some(p) = self.profile(&full, &rel, id)? {
                        add(&p.value, &rel);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Skill folders (with a `SKILL.md`) in scope on this side.
    pub fn skill_dirs(&self, ctx: &Ctx<'_>) -> Result<Vec<String>, Fatal> {
        let keep = |rel: &str| {
            let dir = crate::discover::parent_of(rel);
            ctx.scope.contains(rel) && !ctx.skipped_dir(&dir) && !ctx.settings.is_excluded(rel)
        };
        let is_md = |rel: &str| rel.rsplit('/').next() == Some(SKILL_MD);
        let mut dirs: Vec<String> = match self {
            Head::Work(w) => w
                .inventory
                .skills
                .iter()
                .filter(|s| s.skill_md.as_deref().is_some_and(keep))
                .map(|s| s.dir.clone())
                .collect(),
            Head::Index(index) => index
                .iter()
                .filter(|(_, e)| !e.intent)
                .filter_map(|(path, _)| ctx.repo.from_git(path))
                .filter(|rel| is_md(rel) && keep(rel))
                .map(crate::discover::parent_of)
                .collect(),
            Head::Tree(tree) => {
                let root = ctx.repo.prefix().trim_end_matches('/');
                ctx.repo
                    .list_files(
                        *tree,
                        root,
                        &|d| ctx.descend_git(d),
                        &|path| {
                            ctx.repo
                                .from_git(path)
                                .is_some_and(|rel| is_md(rel) && keep(rel))
                        },
                        ctx.index,
                        None,
                    )?
                    .into_keys()
                    .map(|rel| crate::discover::parent_of(&rel))
                    .collect()
            }
        };
        dirs.sort();
        dirs.dedup();
        Ok(dirs)
    }

    /// A file of this side by repo-relative path: its text and blob id.
    /// `expected` is the base id, used to see through CRLF conversion.
    pub fn file(
        &self,
        ctx: &Ctx<'_>,
        rel: &str,
        expected: Option<ObjectId>,
    ) -> Result<Option<(SourceFile, ObjectId)>, Fatal> {
        let id = match self {
            Head::Tree(tree) => ctx.tree_file(*tree, rel)?,
            Head::Index(index) => index
                .get(&ctx.repo.to_git(rel))
                .filter(|e| !e.intent)
                .map(|e| e.id),
            Head::Work(w) => {
                // Skip-worktree: git takes the index's entry, whatever the disk holds.
                if let Some(e) = w.skipped(ctx, rel) {
                    let (source, _) = SourceFile::from_bytes(rel, ctx.repo.blob(e.id)?);
                    return Ok(Some((source, e.id)));
                }
                let bytes = match w.sources.get(rel) {
                    Some(s) => s.text.clone().into_bytes(),
                    None if ctx.settings.overlay_text(rel).is_some() => {
                        match ctx.settings.overlay_text(rel).flatten() {
                            Some(text) => text.into_bytes(),
                            None => return Ok(None),
                        }
                    }
                    None => {
                        // Never opens what is not a regular file (a FIFO would block).
                        let path = ctx.settings.open_path(rel);
                        if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                            return Ok(None);
                        }
                        match std::fs::read(&path) {
                            Ok(b) => {
                                crate::redact::learn_bytes(&b);
                                b
                            }
                            Err(_) => return Ok(None),
                        }
                    }
                };
                let entry = w.index.and_then(|i| i.get(&ctx.repo.to_git(rel)));
                let id = match entry {
                    // Unchanged since staged: the index knows its id.
                    Some(e)
                        if !e.link
                            && !e.intent
                            && ctx.settings.overlay_text(rel).is_none()
                            && e.matches_file(
                                &ctx.repo
                                    .workdir()
                                    .join(crate::source::raw_rel(&ctx.repo.to_git(rel))),
                            ) =>
                    {
                        e.id
                    }
                    _ => ctx.hash_work(rel, &bytes, expected, entry.map(|e| e.id)),
                };
                let (source, _) = SourceFile::from_bytes(rel, bytes);
                return Ok(Some((source, id)));
            }
        };
        match id {
            Some(id) => {
                let (source, _) = SourceFile::from_bytes(rel, ctx.repo.blob(id)?);
                Ok(Some((source, id)))
            }
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_contains_and_reaches() {
        let s = Scope {
            prefixes: vec!["agents/team".into()],
            explicit: BTreeSet::new(),
        };
        assert!(s.contains("agents/team/a.profile.json"));
        assert!(s.contains("agents/team"));
        assert!(!s.contains("agents/teammate/a.profile.json"));
        assert!(s.reaches("agents"));
        assert!(!s.reaches("skills"));
        assert!(s.reaches(""));
        assert!(Scope::all().contains("anything"));
    }
}

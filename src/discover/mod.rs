//! Which files to lint: profiles by glob, skill folders by their `SKILL.md`,
//! and skill roots whose every child folder must be a skill. Never follows a
//! symlink out of the tree and never opens anything but regular files.

use crate::error::Fatal;
use crate::settings::{Settings, ALWAYS_SKIPPED};
use crate::source::{rel_path, slash_path};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

mod ignored;
pub use ignored::{find_repo_root, Ignores, Tracked};

pub const SKILL_MD: &str = "SKILL.md";

/// A folder that is (or must be) a skill.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SkillDir {
    /// Repo-relative folder path (`""` for the root itself).
    pub dir: String,
    /// Repo-relative path of `SKILL.md`, if the folder has one.
    pub skill_md: Option<String>,
    /// Files whose name is `SKILL.md` in another casing (`skill.md`).
    pub misnamed: Vec<String>,
    /// The folder sits directly inside a skill root.
    pub in_root: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Inventory {
    pub profiles: Vec<String>,
    /// Routing decision records (the `decisions` globs).
    pub decisions: Vec<String>,
    /// Plugin and marketplace manifests (`.claude-plugin/plugin.json`, …).
    pub manifests: Vec<String>,
    pub skills: Vec<SkillDir>,
    pub skill_roots: Vec<String>,
    /// The repo-relative paths named on the command line (empty for the
    /// whole repository): a test-fixture folder at or above one of them
    /// is what the user asked to lint.
    pub named: Vec<String>,
    /// What the walks saw, for skill folders to use instead of listing
    /// themselves again.
    pub listing: Listing,
}

/// One kind of plugin or marketplace manifest file (what each means is
/// `crate::model::plugin`'s to say; discovery only knows their paths).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ManifestKind {
    ClaudePlugin,
    CodexPlugin,
    CursorPlugin,
    ClaudeMarketplace,
    CodexMarketplace,
}

/// The folders that hold a client's plugin manifest.
pub const MANIFEST_DIRS: &[&str] = &[".claude-plugin", ".codex-plugin", ".cursor-plugin"];

impl ManifestKind {
    pub const ALL: [ManifestKind; 5] = [
        ManifestKind::ClaudePlugin,
        ManifestKind::CodexPlugin,
        ManifestKind::CursorPlugin,
        ManifestKind::ClaudeMarketplace,
        ManifestKind::CodexMarketplace,
    ];

    /// The path of the manifest below its plugin's (or marketplace's) root.
    pub fn file(self) -> &'static str {
        match self {
            ManifestKind::ClaudePlugin => ".claude-plugin/plugin.json",
            ManifestKind::CodexPlugin => ".codex-plugin/plugin.json",
            ManifestKind::CursorPlugin => ".cursor-plugin/plugin.json",
            ManifestKind::ClaudeMarketplace => ".claude-plugin/marketplace.json",
            ManifestKind::CodexMarketplace => ".agents/plugins/marketplace.json",
        }
    }

    /// The kind of the manifest at `rel` (relative to the repository root),
    /// with the root folder it belongs to.
    pub fn of(rel: &str) -> Option<(ManifestKind, &str)> {
        ManifestKind::ALL.into_iter().find_map(|k| {
            let file = k.file();
            if rel == file {
                return Some((k, ""));
            }
            rel.strip_suffix(file)
                .and_then(|dir| dir.strip_suffix('/'))
                .map(|dir| (k, dir))
        })
    }

    pub fn is_marketplace(self) -> bool {
        matches!(
            self,
            ManifestKind::ClaudeMarketplace | ManifestKind::CodexMarketplace
        )
    }

    /// The client that reads it.
    pub fn client(self) -> &'static str {
        match self {
            ManifestKind::ClaudePlugin | ManifestKind::ClaudeMarketplace => "Claude Code",
            ManifestKind::CodexPlugin | ManifestKind::CodexMarketplace => "Codex",
            ManifestKind::CursorPlugin => "Cursor",
        }
    }
}

/// What a walk entry is (as the directory listing says; links not followed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Dir,
    File,
    Symlink,
    /// FIFOs, sockets and devices.
    Other,
}

impl EntryKind {
    pub fn of(ft: std::fs::FileType) -> EntryKind {
        if ft.is_dir() {
            EntryKind::Dir
        } else if ft.is_file() {
            EntryKind::File
        } else if ft.is_symlink() {
            EntryKind::Symlink
        } else {
            EntryKind::Other
        }
    }
}

/// Every entry discovery's walks saw (excluded and always-skipped paths
/// aside), in the order a walk sorted by name visits them.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    entries: Vec<(String, EntryKind)>,
    /// Where each path is in `entries`, by a hash of the path (filled once
    /// the entries are in order; the skill probes of a cached run ask for
    /// hundreds of thousands of paths).
    positions: crate::positions::Positions,
    /// Folders the walks did not enter (always skipped or excluded).
    pruned: BTreeSet<String>,
    /// Folders walked whole (`""` for the root).
    walked: Vec<String>,
}

fn entry_path(entry: &(String, EntryKind)) -> &str {
    &entry.0
}

/// Orders repository paths part by part (`a`, `a/b`, `a-c`), the order of a
/// walk that sorts each folder by name.
pub fn walk_order(a: &str, b: &str) -> std::cmp::Ordering {
    // `/` sorts before every other byte; paths hold no NUL, so mapping it
    // to 0 keeps bytes distinct and the first differing byte decides.
    let part = |c: u8| if c == b'/' { 0 } else { c };
    let (a, b) = (a.as_bytes(), b.as_bytes());
    match first_difference(a, b) {
        Some(i) => part(a[i]).cmp(&part(b[i])),
        None => a.len().cmp(&b.len()),
    }
}

/// The first index where `a` and `b` differ, within the shorter of them;
/// eight bytes are compared at a time (sorting the listing compares long
/// shared prefixes).
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let x = u64::from_le_bytes(a[i..i + 8].try_into().expect("eight bytes"));
        let y = u64::from_le_bytes(b[i..i + 8].try_into().expect("eight bytes"));
        if x != y {
            return Some(i + ((x ^ y).trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    (i..n).find(|&j| a[j] != b[j])
}

/// `rel` is `dir` or below it.
fn within(rel: &str, dir: &str) -> bool {
    dir.is_empty()
        || rel == dir
        || (rel.starts_with(dir) && rel.as_bytes().get(dir.len()) == Some(&b'/'))
}

/// A folder as [`Listing::folder`] gives it: its entries (paths relative to
/// it, in walk order) and the folders below it that were not entered.
pub type FolderListing<'a> = (Vec<(&'a str, EntryKind)>, Vec<&'a str>);

impl Listing {
    /// Every listed path with what it is, in walk order.
    pub fn paths(&self) -> impl Iterator<Item = (&str, EntryKind)> {
        self.entries.iter().map(|(p, k)| (p.as_str(), *k))
    }

    /// What the entry at `path` is, if a walk listed it.
    pub fn kind_of(&self, path: &str) -> Option<EntryKind> {
        self.positions
            .find(&self.entries, entry_path, path)
            .map(|i| self.entries[i].1)
    }

    /// Fills [`Listing::positions`] from the entries (in order, each once).
    fn place(&mut self) {
        self.positions = crate::positions::Positions::of(&self.entries, entry_path);
    }

    /// The entries below `dir` (paths relative to it, in walk order) and the
    /// folders below it that were not entered, if a walk covered all of
    /// `dir`; `None` when it must be listed on its own.
    pub fn folder(&self, dir: &str) -> Option<FolderListing<'_>> {
        // Inside a folder a walk did not enter (it or one of its parents).
        let pruned_at = |d: &str| {
            self.pruned.contains(d)
                || d.match_indices('/')
                    .any(|(i, _)| self.pruned.contains(&d[..i]))
        };
        if !self.walked.iter().any(|w| within(dir, w)) || pruned_at(dir) {
            return None;
        }
        let (from, prefix_len) = if dir.is_empty() {
            (0, 0)
        } else {
            let i = self
                .entries
                .partition_point(|(p, _)| walk_order(p, dir) != std::cmp::Ordering::Greater);
            (i, dir.len() + 1)
        };
        let below = self.entries[from..]
            .iter()
            .take_while(|(p, _)| within(p, dir))
            .map(|(p, k)| (&p[prefix_len..], *k))
            .collect();
        // The pruned folders below `dir`: a range of the sorted set.
        let pruned = if dir.is_empty() {
            self.pruned.iter().map(String::as_str).collect()
        } else {
            let below = format!("{dir}/");
            self.pruned
                .range(below.clone()..)
                .take_while(|p| p.starts_with(&below))
                .map(|p| &p[prefix_len..])
                .collect()
        };
        Some((below, pruned))
    }
}

/// Finds every profile and skill under `paths` (all of the root when empty).
/// `paths` are absolute or relative to the working directory.
pub fn discover(settings: &Settings, paths: &[PathBuf]) -> Result<Inventory, Fatal> {
    discover_tracked(settings, paths, None)
}

/// [`discover`], with what git tracks (`tracked` says whether a path, or a
/// path below a folder, is in the index): a file git ignores is left out
/// unless it is tracked ([`Ignores`]). A path named in `paths` is linted
/// whatever the ignore rules say.
pub fn discover_tracked(
    settings: &Settings,
    paths: &[PathBuf],
    tracked: Option<Tracked<'_>>,
) -> Result<Inventory, Fatal> {
    let ignores = Ignores::of(&settings.root, tracked);
    let root = settings
        .root
        .canonicalize()
        .unwrap_or_else(|_| settings.root.clone());
    let mut found = Found::default();
    let mut named = Vec::new();
    let starts: Vec<PathBuf> = if paths.is_empty() {
        vec![root.clone()]
    } else {
        paths.to_vec()
    };
    for start in starts {
        let abs = if start.is_absolute() {
            start.clone()
        } else {
            std::env::current_dir()
                .map_err(|e| Fatal::Io(e.to_string()))?
                .join(&start)
        };
        let meta = std::fs::symlink_metadata(&abs)
            .map_err(|e| Fatal::Io(format!("cannot read {}: {e}", start.display())))?;
        let canon = abs
            .canonicalize()
            .map_err(|e| Fatal::Io(format!("cannot read {}: {e}", start.display())))?;
        let Some(rel) = rel_path(&root, &canon) else {
            return Err(Fatal::Usage(format!(
                "{} is outside the repository at {}",
                start.display(),
                root.display()
            )));
        };
        if !paths.is_empty() {
            named.push(rel.clone());
        }
        if meta.is_file() || (meta.file_type().is_symlink() && canon.is_file()) {
            // An explicitly named file is linted even if no glob matches it.
            let name = canon
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name == SKILL_MD {
                let entry = skill_dir(&mut found.skills, &rel);
                entry.skill_md = Some(rel);
            } else if name.eq_ignore_ascii_case(SKILL_MD) {
                // Named explicitly: the casing is reported, not ignored.
                skill_dir(&mut found.skills, &rel).misnamed.push(rel);
            } else if settings.decision_globs.is_match(&rel)
                && !settings.profile_globs.is_match(&rel)
            {
                found.decisions.insert(rel);
            } else if ManifestKind::of(&rel).is_some() {
                found.manifests.insert(rel);
            } else if name.ends_with(".json") {
                found.profiles.insert(rel);
            }
            continue;
        }
        if !canon.is_dir() {
            continue;
        }
        walk(settings, &ignores, &root, &canon, &mut found)?;
    }
    let mut inventory = finish(found);
    inventory.named = named;
    Ok(inventory)
}

/// The profiles and skills of the files an index holds (repo-relative
/// paths, sorted, each with whether it is a symbolic link), as [`discover`]
/// finds them on disk: the same globs, the same always-skipped and excluded
/// folders, the same skill roots. The listing covers the whole root, so
/// skill folders list themselves from it. Links count as files only when
/// they lead to a regular file inside the tree, as for a walk.
pub fn from_index<'a>(
    settings: &Settings,
    files: impl Iterator<Item = (&'a str, bool)>,
) -> Inventory {
    let root = settings
        .root
        .canonicalize()
        .unwrap_or_else(|_| settings.root.clone());
    let mut found = Found::default();
    found.listing.walked.push(String::new());
    let excludes = settings.has_excludes();
    // The folders of the previous file, outermost first: a folder's files
    // come one after the other in the index's order, so each folder is
    // met (and judged) once.
    let mut chain: Vec<&str> = Vec::new();
    let mut pruned: Option<&str> = None;
    for (rel, link) in files {
        if pruned.is_some_and(|p| within(rel, p)) {
            continue;
        }
        pruned = None;
        let mut skipped = false;
        for (depth, (i, _)) in rel.match_indices('/').enumerate() {
            let dir = &rel[..i];
            if chain.get(depth) == Some(&dir) {
                continue;
            }
            chain.truncate(depth);
            let keep = !ALWAYS_SKIPPED.contains(&file_name(dir).as_ref())
                && (!excludes || !settings.is_excluded(dir));
            if !keep {
                found.listing.pruned.insert(dir.to_string());
                pruned = Some(dir);
                skipped = true;
                break;
            }
            chain.push(dir);
            found
                .listing
                .entries
                .push((dir.to_string(), EntryKind::Dir));
            if settings.skill_root_globs.is_match(dir) {
                found.roots.insert(dir.to_string());
            }
        }
        if skipped || (excludes && settings.is_excluded(rel)) {
            continue;
        }
        let kind = if link {
            EntryKind::Symlink
        } else {
            EntryKind::File
        };
        found.listing.entries.push((rel.to_string(), kind));
        if link && !symlink_inside(&root, &root.join(rel)) {
            continue;
        }
        found.file(settings, rel.to_string());
    }
    finish(found)
}

/// What the walks found, put in order: the listing sorted, skill roots that
/// are skills themselves dropped, and every folder of a skill root made a
/// skill.
fn finish(found: Found) -> Inventory {
    let Found {
        profiles,
        decisions,
        manifests,
        mut skills,
        mut roots,
        mut listing,
    } = found;
    {
        use rayon::slice::ParallelSliceMut;
        listing
            .entries
            .par_sort_unstable_by(|a, b| walk_order(&a.0, &b.0));
    }
    listing.entries.dedup_by(|a, b| a.0 == b.0);
    listing.place();
    // A folder named like a skills root that is itself a skill holds the
    // skill's resources, not skills.
    roots.retain(|r| skills.get(r).is_none_or(|s| s.skill_md.is_none()));
    // Every folder directly inside a skill root must be a skill.
    for r in &roots {
        for dir in root_folders(&listing, r) {
            skills
                .entry(dir.clone())
                .or_insert_with(|| SkillDir {
                    dir,
                    ..Default::default()
                })
                .in_root = true;
        }
    }
    Inventory {
        profiles: profiles.into_iter().collect(),
        decisions: decisions.into_iter().collect(),
        manifests: manifests.into_iter().collect(),
        skills: skills.into_values().collect(),
        skill_roots: roots.into_iter().collect(),
        named: Vec::new(),
        listing,
    }
}

/// The folders directly inside the skill root `r` (hidden, always-skipped
/// and excluded ones aside), from the walk's listing: a root is only found
/// by a walk that then enters it, and pruned folders are not listed.
fn root_folders(listing: &Listing, r: &str) -> Vec<String> {
    let Some((below, _)) = listing.folder(r) else {
        return Vec::new();
    };
    below
        .into_iter()
        .filter(|(p, kind)| *kind == EntryKind::Dir && !p.contains('/') && !p.starts_with('.'))
        .map(|(p, _)| join_rel(r, p))
        .collect()
}

/// What one part of a walk found.
#[derive(Default)]
struct Found {
    profiles: BTreeSet<String>,
    decisions: BTreeSet<String>,
    manifests: BTreeSet<String>,
    skills: BTreeMap<String, SkillDir>,
    roots: BTreeSet<String>,
    listing: Listing,
}

impl Found {
    /// A file the walk (or the index) holds: a skill's `SKILL.md`, one in
    /// another casing, or a profile.
    fn file(&mut self, settings: &Settings, rel: String) {
        let name = file_name(&rel);
        if name == SKILL_MD {
            let entry = skill_dir(&mut self.skills, &rel);
            entry.skill_md = Some(rel);
        } else if name.eq_ignore_ascii_case(SKILL_MD) {
            skill_dir(&mut self.skills, &rel).misnamed.push(rel);
        } else if settings.profile_globs.is_match(&rel) {
            self.profiles.insert(rel);
        } else if !name.ends_with(".json") {
            // Decision records and manifests are JSON: every other file of
            // the walk is spared the glob match and the manifest lookup.
        } else if settings.decision_globs.is_match(&rel) {
            self.decisions.insert(rel);
        } else if ManifestKind::of(&rel).is_some() {
            self.manifests.insert(rel);
        }
    }

    fn merge(&mut self, other: Found) {
        self.profiles.extend(other.profiles);
        self.decisions.extend(other.decisions);
        self.manifests.extend(other.manifests);
        self.roots.extend(other.roots);
        self.listing.entries.extend(other.listing.entries);
        self.listing.pruned.extend(other.listing.pruned);
        for (dir, s) in other.skills {
            let entry = self.skills.entry(dir).or_insert_with(|| SkillDir {
                dir: s.dir.clone(),
                ..Default::default()
            });
            if s.skill_md.is_some() {
                entry.skill_md = s.skill_md;
            }
            entry.misnamed.extend(s.misnamed);
        }
    }
}

/// Folders this deep below the start are walked in parallel, each by its
/// own sequential walk (which keeps no recursion per level, however deep
/// the tree).
const SPLIT_DEPTH: usize = 2;

/// Walks `start`: the top two levels in order, then every folder at the
/// second level in parallel; the parts are merged in order, so the result
/// (and the first unreadable folder reported) does not depend on timing.
fn walk(
    settings: &Settings,
    ignores: &Ignores<'_>,
    root: &Path,
    start: &Path,
    found: &mut Found,
) -> Result<(), Fatal> {
    use rayon::prelude::*;
    if let Some(rel) = rel_path(root, start) {
        found.listing.walked.push(rel);
    }
    let mut subtrees = Vec::new();
    walk_part(
        settings,
        ignores,
        root,
        start,
        Some(SPLIT_DEPTH),
        found,
        &mut subtrees,
    )?;
    let parts: Vec<Result<Found, Fatal>> = subtrees
        .par_iter()
        .map(|dir| {
            let mut part = Found::default();
            walk_part(
                settings,
                ignores,
                root,
                dir,
                None,
                &mut part,
                &mut Vec::new(),
            )
            .map(|()| part)
        })
        .collect();
    for part in parts {
        found.merge(part?);
    }
    Ok(())
}

/// One sequential walk from `start`. With `split`, folders at that depth
/// are not entered but handed back in `subtrees` (in walk order).
fn walk_part(
    settings: &Settings,
    ignores: &Ignores<'_>,
    root: &Path,
    start: &Path,
    split: Option<usize>,
    found: &mut Found,
    subtrees: &mut Vec<PathBuf>,
) -> Result<(), Fatal> {
    walk_entries(settings, ignores, root, start, split, true, found, subtrees)
}

/// [`walk_part`]; with `strict` false, a folder that cannot be read is
/// skipped instead of stopping the walk.
#[allow(clippy::too_many_arguments)]
fn walk_entries(
    settings: &Settings,
    ignores: &Ignores<'_>,
    root: &Path,
    start: &Path,
    split: Option<usize>,
    strict: bool,
    found: &mut Found,
    subtrees: &mut Vec<PathBuf>,
) -> Result<(), Fatal> {
    // Not sorted: what is found goes into sorted sets, and sorting every
    // folder's entries by name cost more than the rest of the walk.
    let mut walker = WalkDir::new(start).follow_links(false);
    if let Some(depth) = split {
        walker = walker.max_depth(depth);
    }
    let excludes = settings.has_excludes();
    let pruned = std::cell::RefCell::new(Vec::new());
    let walker = walker.into_iter().filter_entry(|e| {
        if e.depth() == 0 {
            return true;
        }
        let is_dir = e.file_type().is_dir();
        let keep = !(is_dir && ALWAYS_SKIPPED.contains(&file_name(e.path()).as_ref()))
            && (!excludes
                || rel_path(root, e.path()).is_some_and(|rel| !settings.is_excluded(&rel)))
            // What git ignores is no part of the repository.
            && (!ignores.is_active()
                || rel_path(root, e.path()).is_some_and(|rel| !ignores.ignores(&rel, is_dir)));
        if !keep && is_dir {
            if let Some(rel) = rel_path(root, e.path()) {
                pruned.borrow_mut().push(rel);
            }
        }
        keep
    });
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            // A folder that cannot be read would silently hide its files
            // from the check: stop, and say which (`exclude` skips it).
            Err(e)
                if strict
                    && e.io_error().map(std::io::Error::kind)
                        == Some(std::io::ErrorKind::PermissionDenied) =>
            {
                let path = e.path().map_or_else(
                    || start.display().to_string(),
                    |p| {
                        p.strip_prefix(root)
                            .map_or_else(|_| p.display().to_string(), slash_path)
                    },
                );
                return Err(Fatal::Io(format!(
                    "cannot read {path}: permission denied (add it to `exclude` to skip it)"
                )));
            }
            // Anything else (an entry removed during the walk) is skipped.
            Err(_) => continue,
        };
        let Some(rel) = rel_path(root, entry.path()) else {
            continue;
        };
        let ft = entry.file_type();
        // A subtree's own start was listed by the walk that handed it over.
        if entry.depth() > 0 {
            found.listing.entries.push((rel.clone(), EntryKind::of(ft)));
        }
        if ft.is_dir() {
            // A subtree's own start was seen by the walk that handed it over.
            let seen = split.is_none() && entry.depth() == 0;
            if !seen && !rel.is_empty() && settings.skill_root_globs.is_match(&rel) {
                found.roots.insert(rel);
            }
            if split.is_some_and(|d| entry.depth() == d) {
                subtrees.push(entry.into_path());
            }
            continue;
        }
        let is_file = ft.is_file() || (ft.is_symlink() && symlink_inside(root, entry.path()));
        if !is_file {
            // FIFOs, sockets, devices and links leading out of the tree.
            continue;
        }
        found.file(settings, rel);
    }
    found.listing.pruned.extend(pruned.into_inner());
    Ok(())
}

/// Lists the folder `dir` on its own, with the walker discovery uses (the
/// same always-skipped folders and excludes), for a folder no walk of
/// discovery covered (see [`Listing::folder`]): every entry below it, paths
/// relative to it, in walk order, and the folders below it not entered. A
/// folder that cannot be read is skipped.
pub fn list_folder(settings: &Settings, dir: &str) -> (Vec<(String, EntryKind)>, Vec<String>) {
    let root = settings.open_path("");
    let start = settings.open_path(dir);
    let mut found = Found::default();
    // Not strict: it never fails.
    let ignores = Ignores::of(&settings.root, None);
    let _ = walk_entries(
        settings,
        &ignores,
        &root,
        &start,
        None,
        false,
        &mut found,
        &mut Vec::new(),
    );
    let below = |rel: String| -> Option<String> {
        if dir.is_empty() {
            return Some(rel);
        }
        rel.strip_prefix(dir)
            .and_then(|r| r.strip_prefix('/'))
            .map(str::to_string)
    };
    let mut entries: Vec<(String, EntryKind)> = found
        .listing
        .entries
        .into_iter()
        .filter_map(|(rel, kind)| below(rel).map(|r| (r, kind)))
        .filter(|(rel, _)| !rel.is_empty())
        .collect();
    entries.sort_by(|a, b| walk_order(&a.0, &b.0));
    let pruned = found.listing.pruned.into_iter().filter_map(below).collect();
    (entries, pruned)
}

/// The last part of a `/`-separated path (lossy for a name that is not UTF-8).
fn file_name<P: AsRef<Path> + ?Sized>(path: &P) -> std::borrow::Cow<'_, str> {
    let p = path.as_ref();
    match p.to_str() {
        Some(s) => std::borrow::Cow::Borrowed(s.rsplit('/').next().unwrap_or(s)),
        None => p
            .file_name()
            .map_or(std::borrow::Cow::Borrowed(""), |n| n.to_string_lossy()),
    }
}

/// A symlink counts as a file only when it resolves to a regular file inside the tree.
fn symlink_inside(root: &Path, link: &Path) -> bool {
    match link.canonicalize() {
        Ok(target) => {
            target.starts_with(root) && std::fs::metadata(&target).is_ok_and(|m| m.is_file())
        }
        Err(_) => false,
    }
}

/// The entry for the folder holding the file at `rel`, created on first use.
fn skill_dir<'a>(skills: &'a mut BTreeMap<String, SkillDir>, rel: &str) -> &'a mut SkillDir {
    let dir = parent_of(rel);
    skills.entry(dir.clone()).or_insert_with(|| SkillDir {
        dir,
        ..Default::default()
    })
}

pub fn parent_of(rel: &str) -> String {
    rel.rsplit_once('/')
        .map_or(String::new(), |(p, _)| p.to_string())
}

pub fn join_rel(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

#[cfg(test)]
mod tests;

//! The one pipeline of `caplint check`, for every mode: discover → read →
//! file and folder rules → repository rules → history → assembly.
//!
//! What differs between modes is only where content comes from
//! ([`crate::contents`]):
//!
//! - **`check --staged`** judges the index: the files to lint are the
//!   index's (not a walk of the work tree), and each is read as staged — from
//!   the disk where the disk holds exactly the staged content, else from the
//!   object database. Existence (links, entry files, plugin markers) is the
//!   index's too. Untracked files are no part of the commit and are not
//!   linted; files outside a sparse checkout are judged by history.
//! - **`check`** (with or without `--base`, and the language server with its
//!   open buffers standing in for files) walks the work tree and lints what
//!   is on disk.
//!
//! The cache ([`super::cache`]) is a lookup inside this pipeline, keyed by
//! content: a profile or skill folder whose content was linted before is
//! taken from it without being read. In the work tree a file whose stat data
//! shows it unchanged since it was staged (as `git status` judges) is known
//! by its staged blob id; a skill folder only when the disk holds exactly
//! its staged files. A unit is stored only when what was linted is exactly
//! what its key names, so a run with the cache gives what a run without it
//! (`--no-cache`) gives, byte for byte. The cache is not used with `--fix`,
//! named paths, an editor's buffers, outside a repository or before its
//! first commit. Each mode keeps its own cache file.

use super::assemble::{disk_source, joined, review_and_assemble, Run, Scratch};
use super::cache::{self, Cache, Entry, Key, Used};
use super::profile;
use crate::contents::{Contents, PathKind, Read, Side};
use crate::diagnostic::Report;
use crate::discover::{self, Inventory, SkillDir};
use crate::error::Fatal;
use crate::git::{BlobHasher, FileStat, Index, IndexEntry, ObjectId, Repo};
use crate::history::review::{Memo, Pair};
use crate::load::LoadedProfile;
use crate::model::skill::folder::Probe;
use crate::settings::{CheckOptions, HistoryMode, Settings};
use std::sync::Arc;

/// Which files a run lints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// `check --staged`: the index's files, at their staged content.
    Staged,
    /// `check`: the work tree's files, as they are on disk.
    WorkTree,
}

impl Mode {
    /// The cache file of the mode, in `<git dir>/caplint/`.
    fn file_name(self) -> &'static str {
        match self {
            Mode::Staged => cache::STAGED_FILE,
            Mode::WorkTree => cache::CHECK_FILE,
        }
    }

    /// The file of its history reviews that found nothing, beside it.
    fn reviews_file(self) -> &'static str {
        match self {
            Mode::Staged => cache::STAGED_REVIEWS_FILE,
            Mode::WorkTree => cache::CHECK_REVIEWS_FILE,
        }
    }
}

/// History's memo ([`Memo`]): the changed profiles' pairs of revisions
/// whose review found nothing, kept in the mode's reviews file under the
/// same kind of stamp as its units. Each pair is found by a digest of its
/// path and its revisions' blob ids, and holds no finding or text.
struct Reviews {
    hasher: BlobHasher,
    cache: Cache,
    /// The entries found again.
    used: std::sync::Mutex<Used>,
}

impl Reviews {
    fn load(path: std::path::PathBuf, stamp: Vec<u8>, hasher: BlobHasher) -> Reviews {
        Reviews {
            hasher,
            cache: Cache::load(path, stamp),
            used: std::sync::Mutex::default(),
        }
    }

    fn key(&self, pair: &Pair<'_>) -> Key {
        let mut buf = pair.path.as_bytes().to_vec();
        buf.push(0);
        for id in [Some(pair.base), Some(pair.head), pair.tip]
            .into_iter()
            .flatten()
        {
            buf.extend_from_slice(id.as_bytes());
        }
        buf.push(u8::from(pair.tip.is_some()));
        let mut key = b"review\0".to_vec();
        key.extend_from_slice(self.hasher.hash(&buf).as_bytes());
        key
    }

    /// Writes the file: the pairs found again and those remembered.
    fn store(&self) {
        let used = std::mem::take(&mut *self.used.lock().unwrap_or_else(|p| p.into_inner()));
        self.cache.store(used);
    }
}

impl Memo for Reviews {
    fn found_nothing(&self, pair: &Pair<'_>) -> bool {
        match self.cache.get(&self.key(pair)) {
            Some(cache::Hit {
                entry: Entry::Judged,
                slot,
            }) => {
                let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
                used.hits.push(slot);
                true
            }
            _ => false,
        }
    }

    fn remember(&self, pair: &Pair<'_>) {
        self.cache.add(&self.key(pair), &Entry::Judged);
    }
}

/// The repository a run reads, when there is one with a work tree.
struct Opened {
    repo: Repo,
    index: Arc<Index>,
    /// Whether the cache may be used: it is asked for, and the repository
    /// has a commit.
    cached: bool,
}

/// Opens the repository of the root: `Ok(None)` outside one (or in a bare
/// one), which history then reports as it must.
fn open(settings: &Settings, options: &CheckOptions) -> Result<Option<Opened>, Fatal> {
    let repo = match Repo::discover(&settings.root) {
        Ok(Some(repo)) if !repo.is_bare() => repo,
        Ok(_) => return Ok(None),
        // A broken `.git` ends a run that compares with history (history
        // says why); without history the files are linted alone.
        Err(_) if options.history == HistoryMode::Off => return Ok(None),
        Err(e) => return Err(e),
    };
    let index = match repo.index() {
        Ok(index) => index.unwrap_or_default(),
        Err(_) if options.history == HistoryMode::Off => Index::default(),
        Err(e) => return Err(e),
    };
    let cached = options.cache
        && options.paths.is_empty()
        && !settings.has_overlay()
        && matches!(repo.head(), Ok(Some(_)));
    Ok(Some(Opened {
        repo,
        index: Arc::new(index),
        cached,
    }))
}

/// `caplint check`: the whole pipeline. `ci` is what the CI's environment
/// says about the base (read by the command, see `app::workspace::ci_env`).
pub fn run<'s>(
    settings: &'s Settings,
    options: &CheckOptions,
    ci: &crate::history::ci::Env,
) -> Result<Run<'s>, Fatal> {
    let mode = if options.history == HistoryMode::Staged {
        Mode::Staged
    } else {
        Mode::WorkTree
    };
    let opened = open(settings, options)?;
    let mut notes = Vec::new();
    let Some(Opened {
        repo,
        index,
        cached,
    }) = opened
    else {
        // No repository: history says what that means for the mode asked
        // (`--staged` and `--base` cannot run), and the work tree is linted.
        let history = crate::history::open(settings, options, ci, &mut notes);
        let no_index = Index::default();
        let units = Units::of(
            settings,
            Mode::WorkTree,
            "",
            &no_index,
            BlobHasher::default(),
            &options.paths,
        )?;
        return lint_and_assemble(settings, units, &Cache::default(), history, notes);
    };
    let prefix = repo.prefix().to_string();
    let hasher = repo.blob_hasher();
    let cache_path = repo.cache_dir().join(mode.file_name());
    let reviews_path = repo.cache_dir().join(mode.reviews_file());
    // How blobs are written out: the settings, and every attribute file
    // (the root's and the git directory's as on disk, the others as staged).
    let conversion = cached.then(|| {
        let mut conversion = repo.checkout_conversion();
        for (path, e) in index.iter() {
            if path.rsplit('/').next() == Some(".gitattributes") {
                conversion.extend_from_slice(path.as_bytes());
                conversion.extend_from_slice(e.id.as_bytes());
            }
        }
        // Kept as a digest: the cache holds no file's text.
        hasher.hash(&conversion)
    });
    // The files are found and linted (and the cache read) on the thread
    // pool while this thread opens history, which needs nothing from the
    // linting until the skills are reviewed (the work tree's inventory),
    // then the profiles, while the skill folders are linted.
    let (inventory_tx, inventory_rx) = std::sync::mpsc::channel::<Arc<Inventory>>();
    let (profiles_tx, profiles_rx) = std::sync::mpsc::channel::<(Vec<LoadedProfile>, Report)>();
    let (report, history, inventory) = std::thread::scope(|scope| {
        let job_index = Arc::clone(&index);
        let prefix = &prefix;
        let paths = &options.paths;
        let lint_job = scope.spawn(move || {
            let (units, cache) = rayon::join(
                || Units::of(settings, mode, prefix, &job_index, hasher, paths),
                || match conversion {
                    Some(conversion) => {
                        // Kept as a digest: the file holds no configuration text.
                        let stamp =
                            cache::stamp(settings, prefix, mode.file_name(), conversion.as_bytes());
                        let stamp = hasher.hash(&stamp).as_bytes().to_vec();
                        Cache::load(cache_path, stamp)
                    }
                    None => Cache::default(),
                },
            );
            let units = units?;
            // The receiver waits for it unless the run already failed.
            let _ = inventory_tx.send(Arc::clone(&units.inventory));
            // With `--staged` every reader reads the index's side.
            let staged_settings;
            let settings = match mode {
                Mode::Staged => {
                    let mut s = settings.clone();
                    let side = IndexSide::new(settings, Arc::clone(&job_index), prefix);
                    s.set_contents(Contents::of_side(Arc::new(side)));
                    staged_settings = s;
                    &staged_settings
                }
                Mode::WorkTree => settings,
            };
            let (profiles, report, mut used) = lint_profiles(settings, &units, &cache)?;
            let _ = profiles_tx.send((profiles, report));
            let (skills, skill_used) = lint_skills(settings, &units, &cache)?;
            used.extend(skill_used);
            // Written as soon as the files are linted, which frees the
            // cache's bytes while history reviews.
            cache.store(used);
            Ok::<_, Fatal>(skills)
        });
        let (mut history, reviews) = match conversion {
            _ if options.history == HistoryMode::Off => (Ok(None), None),
            Some(conversion) => {
                let stamp =
                    cache::stamp(settings, prefix, mode.reviews_file(), conversion.as_bytes());
                let stamp = hasher.hash(&stamp).as_bytes().to_vec();
                let reviews = Arc::new(Reviews::load(reviews_path, stamp, hasher));
                let memo = Arc::clone(&reviews) as Arc<dyn Memo>;
                let history = crate::history::open_repo(
                    settings,
                    options,
                    ci,
                    &mut notes,
                    repo,
                    Some(Some(Arc::clone(&index))),
                    Some(memo),
                );
                (history, Some(reviews))
            }
            None => {
                let history = crate::history::open_repo(
                    settings,
                    options,
                    ci,
                    &mut notes,
                    repo,
                    Some(Some(Arc::clone(&index))),
                    None,
                );
                (history, None)
            }
        };
        // The job is joined for what it sends when it could not send it (its
        // error comes with it), else once the skills are linted.
        let job = std::cell::Cell::new(Some(lint_job));
        let finish = || joined(job.take().expect("the lint job is joined once"));
        // Staged files are reviewed through the index alone (history reads
        // no inventory then); the work tree's through the inventory of its
        // walk. Either way the inventory's names are scanned for secrets,
        // and its records and manifests judged.
        if mode == Mode::Staged {
            if let Ok(Some(h)) = &mut history {
                h.all_linted_as_staged();
            }
        }
        let inventory = sent(inventory_rx.recv(), finish)?;
        // Findings point into staged texts, or into the disk's.
        let (report, history) = review_and_assemble(
            settings,
            history,
            notes,
            &inventory,
            mode == Mode::Staged,
            || sent(profiles_rx.recv(), finish),
            finish,
            |h, path| match mode {
                Mode::Staged => h.and_then(|h| h.staged_source(path)),
                Mode::WorkTree => disk_source(settings, path),
            },
        )?;
        if let Some(reviews) = reviews {
            reviews.store();
        }
        Ok::<_, Fatal>((report, history, inventory))
    })?;
    Ok(Run {
        report,
        scratch: Scratch {
            _history: history.map(Box::new),
            _inventory: inventory,
        },
    })
}

/// The run outside a repository: the work tree's files linted on this
/// thread's pool, then assembled.
fn lint_and_assemble<'s>(
    settings: &'s Settings,
    units: Units<'_>,
    cache: &Cache,
    history: Result<Option<crate::history::Session<'s>>, Fatal>,
    notes: Vec<String>,
) -> Result<Run<'s>, Fatal> {
    let (profiles, profile_report, _) = lint_profiles(settings, &units, cache)?;
    let (skills, _) = lint_skills(settings, &units, cache)?;
    let inventory = Arc::clone(&units.inventory);
    let (report, history) = review_and_assemble(
        settings,
        history,
        notes,
        &inventory,
        false,
        || Ok((profiles, profile_report)),
        || Ok(skills),
        |_, path| disk_source(settings, path),
    )?;
    Ok(Run {
        report,
        scratch: Scratch {
            _history: history.map(Box::new),
            _inventory: inventory,
        },
    })
}

/// The index as the side `--staged` judges ([`Side`]): a staged file is
/// read from the disk where the disk holds its staged content (by its stat
/// data, as `git status` judges), else from the object database; what
/// exists is what the index holds.
struct IndexSide {
    index: Arc<Index>,
    prefix: String,
    /// The root as files are opened (see `Settings::open_path`).
    open_root: std::path::PathBuf,
    root: std::path::PathBuf,
}

thread_local! {
    /// The repository each thread reads staged blobs through (a handle is
    /// not shared between threads), opened on its first blob.
    static BLOBS: std::cell::RefCell<Option<(std::path::PathBuf, Repo)>> =
        const { std::cell::RefCell::new(None) };
}

impl std::fmt::Debug for IndexSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IndexSide")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl IndexSide {
    fn new(settings: &Settings, index: Arc<Index>, prefix: &str) -> IndexSide {
        IndexSide {
            index,
            prefix: prefix.to_string(),
            open_root: settings.open_path(""),
            root: settings.root.clone(),
        }
    }

    fn git(&self, rel: &str) -> String {
        let rel = rel.trim_end_matches('/');
        if self.prefix.is_empty() {
            rel.to_string()
        } else if rel.is_empty() {
            self.prefix.trim_end_matches('/').to_string()
        } else {
            format!("{}{rel}", self.prefix)
        }
    }

    fn blob(&self, id: ObjectId) -> Option<Vec<u8>> {
        BLOBS.with(|cell| {
            let mut slot = cell.borrow_mut();
            if slot.as_ref().is_none_or(|(root, _)| *root != self.root) {
                *slot = Repo::discover(&self.root)
                    .ok()
                    .flatten()
                    .map(|repo| (self.root.clone(), repo));
            }
            slot.as_ref()?.1.blob(id).ok()
        })
    }
}

impl Side for IndexSide {
    fn read(&self, rel: &str) -> Read {
        let Some(e) = self.index.get(&self.git(rel)) else {
            return Read::Absent;
        };
        if e.intent {
            return Read::Absent;
        }
        // A link's blob is its target's path: the link is followed on disk,
        // as for the work tree.
        if e.link {
            return Read::Disk;
        }
        if e.matches_file(&self.open_root.join(crate::source::raw_rel(rel))) {
            return Read::Disk;
        }
        match self.blob(e.id) {
            Some(bytes) => Read::Held(bytes),
            None => Read::Absent,
        }
    }

    fn kind(&self, rel: &str) -> Option<PathKind> {
        let git = self.git(rel);
        if let Some(e) = self.index.get(&git) {
            return (!e.intent).then_some(if e.link {
                PathKind::Symlink
            } else {
                PathKind::File
            });
        }
        (git.is_empty() || self.index.under(&git).any(|(_, e)| !e.intent)).then_some(PathKind::Dir)
    }

    fn subdirs(&self, rel: &str) -> Vec<String> {
        let git = self.git(rel);
        let mut dirs: Vec<String> = self
            .index
            .under(&git)
            .filter(|(_, e)| !e.intent)
            .filter_map(|(p, _)| {
                let rest = if git.is_empty() {
                    p
                } else {
                    p.strip_prefix(git.as_str())?.strip_prefix('/')?
                };
                let (dir, _) = rest.split_once('/')?;
                Some(discover::join_rel(rel.trim_end_matches('/'), dir))
            })
            .collect();
        dirs.dedup();
        dirs
    }
}

/// What the lint job sent, or, when it ended without sending it, its error
/// (or panic), which `finish` (joining it) gives.
fn sent<T>(
    got: Result<T, std::sync::mpsc::RecvError>,
    finish: impl FnOnce() -> Result<Report, Fatal>,
) -> Result<T, Fatal> {
    got.or_else(|_| {
        finish()?;
        unreachable!("a lint job that ends without sending has failed")
    })
}

/// Lints the profiles: from the cache, or from the disk.
fn lint_profiles(
    settings: &Settings,
    units: &Units<'_>,
    cache: &Cache,
) -> Result<(Vec<LoadedProfile>, Report, Used), Fatal> {
    let mut report = Report::default();
    let used = std::sync::Mutex::new(Used::default());
    let profiles = profile::lint_profiles_by(&units.inventory, &mut report, |rel| {
        let (linted, u) = lint_profile(settings, units, cache, rel)?;
        used.lock().expect("not poisoned").extend(u);
        Ok(linted)
    })?;
    Ok((profiles, report, used.into_inner().expect("not poisoned")))
}

/// Lints the skill folders: from the cache, from the disk when it holds
/// their staged files (or always, for the work tree), else from the index.
fn lint_skills(
    settings: &Settings,
    units: &Units<'_>,
    cache: &Cache,
) -> Result<(Report, Used), Fatal> {
    use rayon::prelude::*;
    let by_name = crate::skill::folders_by_name(&units.inventory);
    let results = units
        .inventory
        .skills
        .par_iter()
        .map(|dir| lint_skill(settings, units, cache, dir, &by_name))
        .collect::<Result<Vec<_>, Fatal>>()?;
    let mut linted = Vec::with_capacity(results.len());
    let mut used = Used::default();
    for (l, u) in results {
        used.extend(u);
        linted.push(l);
    }
    let mut report = Report::default();
    // The marketplaces as the side being judged holds them.
    let plugins = crate::skill::plugin_dirs(&units.inventory, &|rel| {
        crate::skill::disk_text(settings, rel)
    });
    crate::skill::merge_all(&mut report, linted, &plugins);
    Ok((report, used))
}

/// The staged inventory narrowed to the paths named on the command line:
/// the profiles, records and manifests inside them (and the JSON files
/// named, as profiles), and the skill folders inside them or whose
/// `SKILL.md` is named. The listing stays whole: a skill's links out of its
/// folder are judged against the whole index.
fn narrowed<'r>(
    mut inventory: Inventory,
    scope: &crate::history::side::Scope,
    staged: impl Iterator<Item = &'r str>,
) -> Inventory {
    inventory.profiles.retain(|p| scope.contains(p));
    for rel in staged.filter(|rel| scope.is_explicit(rel)) {
        if !inventory.profiles.iter().any(|p| p == rel) {
            inventory.profiles.push(rel.to_string());
        }
    }
    inventory.profiles.sort();
    inventory.decisions.retain(|p| scope.contains(p));
    inventory.manifests.retain(|p| scope.contains(p));
    inventory.skills.retain(|s| {
        scope.contains(&s.dir) || s.skill_md.as_deref().is_some_and(|m| scope.contains(m))
    });
    inventory
}

/// The files as the run sees them: the inventory (of the staged files, or
/// of a walk of the work tree), and what each unit's key is made of.
struct Units<'a> {
    mode: Mode,
    inventory: Arc<Inventory>,
    index: &'a Index,
    /// The root's path in the repository (`""`, or `sub/`).
    prefix: &'a str,
    /// A digest of the agent entry files (`AGENTS.md`, …) and their
    /// contents (staged, or on disk), which name skills' files from outside
    /// them.
    outside: ObjectId,
    hasher: BlobHasher,
}

impl<'a> Units<'a> {
    fn of(
        settings: &Settings,
        mode: Mode,
        prefix: &'a str,
        index: &'a Index,
        hasher: BlobHasher,
        paths: &[std::path::PathBuf],
    ) -> Result<Units<'a>, Fatal> {
        let staged = || {
            index
                .under(prefix.trim_end_matches('/'))
                .filter(|(_, e)| !e.intent && !e.skip)
                .filter_map(|(p, e)| p.strip_prefix(prefix).map(|rel| (rel, e)))
        };
        let is_entry_file = |rel: &str| {
            let name = rel.rsplit('/').next().unwrap_or(rel);
            crate::model::skill::references::ENTRY_FILES.contains(&name)
        };
        let mut outside = Vec::new();
        let inventory = match mode {
            Mode::Staged => {
                let (inventory, ()) = rayon::join(
                    || {
                        let inventory =
                            discover::from_index(settings, staged().map(|(r, e)| (r, e.link)));
                        if paths.is_empty() {
                            inventory
                        } else {
                            let scope = crate::history::side::Scope::of_paths(&settings.root, paths);
                            narrowed(inventory, &scope, staged().map(|(r, _)| r))
                        }
                    },
                    || {
                        for (rel, e) in staged().filter(|(rel, _)| is_entry_file(rel)) {
                            outside.extend_from_slice(rel.as_bytes());
                            outside.push(0);
                            outside.extend_from_slice(e.id.as_bytes());
                        }
                    },
                );
                inventory
            }
            Mode::WorkTree => {
                // A tracked file is part of the repository whatever the
                // ignore rules say.
                let tracked = |rel: &str, is_dir: bool| {
                    let git = format!("{prefix}{rel}");
                    if is_dir {
                        index.under(&git).next().is_some()
                    } else {
                        index.get(&git).is_some()
                    }
                };
                let inventory = discover::discover_tracked(settings, paths, Some(&tracked))?;
                // The entry files the walk found or the index holds, as the
                // disk has them (they are few).
                let mut paths: std::collections::BTreeSet<&str> = staged()
                    .map(|(rel, _)| rel)
                    .filter(|rel| is_entry_file(rel))
                    .collect();
                paths.extend(
                    inventory
                        .listing
                        .paths()
                        .filter(|(rel, kind)| {
                            *kind != discover::EntryKind::Dir && is_entry_file(rel)
                        })
                        .map(|(rel, _)| rel),
                );
                for rel in paths {
                    outside.extend_from_slice(rel.as_bytes());
                    outside.push(0);
                    if let Ok(bytes) = std::fs::read(settings.open_path(rel)) {
                        outside.extend_from_slice(hasher.hash(&bytes).as_bytes());
                    }
                }
                inventory
            }
        };
        Ok(Units {
            mode,
            inventory: Arc::new(inventory),
            index,
            prefix,
            outside: hasher.hash(&outside),
            hasher,
        })
    }

    /// The staged entry of the file at `rel` (relative to the root).
    fn entry(&self, rel: &str) -> Option<&'a IndexEntry> {
        let e = if self.prefix.is_empty() {
            self.index.get(rel)
        } else {
            self.index.get(&format!("{}{rel}", self.prefix))
        }?;
        (!e.intent && !e.skip).then_some(e)
    }

    /// The staged files below `dir` (relative to the root), with their entries.
    fn under(&self, dir: &str) -> impl Iterator<Item = (&'a str, &'a IndexEntry)> + '_ {
        self.tracked_under(dir)
            .filter(|(_, e)| !e.intent && !e.skip)
    }

    /// Every index entry below `dir` (relative to the root), those outside
    /// a sparse checkout and those added with intent included.
    fn tracked_under(&self, dir: &str) -> impl Iterator<Item = (&'a str, &'a IndexEntry)> + '_ {
        let git = format!("{}{dir}", self.prefix);
        let git = git.trim_end_matches('/').to_string();
        let prefix = self.prefix;
        self.index
            .under(&git)
            .filter_map(move |(p, e)| p.strip_prefix(prefix).map(|rel| (rel, e)))
    }

    /// Work tree: whether the folder `dir` on disk is exactly its staged
    /// files, each holding its staged content: no untracked, removed,
    /// skipped or linked file, and no folder the walk did not enter. Then
    /// its lint depends on what its key holds, as for a staged folder.
    fn disk_is_staged(&self, settings: &Settings, dir: &str) -> bool {
        let Some((entries, pruned)) = self.inventory.listing.folder(dir) else {
            return false;
        };
        if !pruned.is_empty() {
            return false;
        }
        let mut on_disk: Vec<&str> = Vec::new();
        for (rel, kind) in entries {
            match kind {
                discover::EntryKind::Dir => {}
                discover::EntryKind::File => on_disk.push(rel),
                _ => return false,
            }
        }
        on_disk.sort_unstable();
        let strip = if dir.is_empty() { 0 } else { dir.len() + 1 };
        let mut staged: Vec<&str> = Vec::with_capacity(on_disk.len());
        for (rel, e) in self.tracked_under(dir) {
            if e.intent || e.skip || e.link {
                return false;
            }
            staged.push(&rel[strip..]);
        }
        staged.sort_unstable();
        staged == on_disk
            && staged
                .iter()
                .all(|rel| self.clean(settings, &discover::join_rel(dir, rel)))
    }

    fn profile_key(&self, rel: &str) -> Option<Key> {
        let e = self.entry(rel)?;
        if e.link {
            // A link's blob is its target's path, not the content linted.
            return None;
        }
        // A digest of the path and the id: keys of one length, short.
        let mut buf = rel.as_bytes().to_vec();
        buf.push(0);
        buf.extend_from_slice(e.id.as_bytes());
        let mut key = b"profile\0".to_vec();
        key.extend_from_slice(self.hasher.hash(&buf).as_bytes());
        Some(key)
    }

    fn skill_key(&self, dir: &SkillDir, by_name: &crate::skill::FoldersByName<'_>) -> Option<Key> {
        let mut buf = b"skill\0".to_vec();
        for part in [dir.dir.as_str(), dir.skill_md.as_deref().unwrap_or("")] {
            buf.extend_from_slice(part.as_bytes());
            buf.push(0);
        }
        buf.push(u8::from(dir.in_root));
        for m in &dir.misnamed {
            buf.extend_from_slice(m.as_bytes());
            buf.push(0);
        }
        buf.push(1);
        for (rel, e) in self.under(&dir.dir) {
            if e.link {
                return None;
            }
            buf.extend_from_slice(rel.as_bytes());
            buf.push(u8::from(e.exec));
            buf.extend_from_slice(e.id.as_bytes());
        }
        // What the skill rules read of the rest of the repository besides
        // the probes kept with the entry: the agent entry files, the other
        // folders of the skill's name (copies), and for a folder of a skills
        // root without a SKILL.md whether its root holds any skill.
        buf.extend_from_slice(self.outside.as_bytes());
        let name = dir.dir.rsplit('/').next().unwrap_or(&dir.dir);
        for copy in by_name.get(name).into_iter().flatten() {
            buf.extend_from_slice(copy.as_bytes());
            buf.push(0);
        }
        if dir.in_root && dir.skill_md.is_none() {
            let root = format!("{}/", discover::parent_of(&dir.dir));
            let any = self
                .inventory
                .skills
                .iter()
                .any(|s| s.skill_md.is_some() && s.dir.starts_with(&root));
            buf.push(u8::from(any));
        }
        let mut key = b"skill\0".to_vec();
        key.extend_from_slice(self.hasher.hash(&buf).as_bytes());
        Some(key)
    }

    /// Whether the repository outside a cached skill folder still answers
    /// what its lint asked as it did then, judged by the staged paths (a
    /// path the listing leaves out, such as an always-skipped folder, makes
    /// the entry go unused).
    fn answers_hold(&self, entry: &Entry) -> bool {
        let Entry::Skill { probes, .. } = entry else {
            return true;
        };
        let listing = &self.inventory.listing;
        probes.iter().all(|probe| match probe {
            Probe::Exists(path, yes) => {
                (path.is_empty() || listing.kind_of(path).is_some()) == *yes
            }
            Probe::Dir(path, yes) => {
                (path.is_empty() || listing.kind_of(path) == Some(discover::EntryKind::Dir)) == *yes
            }
            Probe::File(path, yes) => match listing.kind_of(path) {
                Some(discover::EntryKind::File) => *yes,
                Some(discover::EntryKind::Symlink) => false,
                _ => !*yes,
            },
            Probe::Subdirs(path, dirs) => {
                let Some((entries, _)) = listing.folder(path) else {
                    return false;
                };
                let mut found: Vec<String> = entries
                    .into_iter()
                    .filter(|(rel, kind)| *kind == discover::EntryKind::Dir && !rel.contains('/'))
                    .map(|(rel, _)| discover::join_rel(path, rel))
                    .collect();
                found.sort();
                found == *dirs
            }
        })
    }

    /// Whether the file at `rel` on disk holds its staged content: by its
    /// stat data, or else by its hash.
    fn clean(&self, settings: &Settings, rel: &str) -> bool {
        let Some(e) = self.entry(rel) else {
            return false;
        };
        let path = settings.open_path(rel);
        !e.link
            && (e.matches_file(&path)
                || std::fs::read(&path).is_ok_and(|bytes| self.hasher.hash(&bytes) == e.id))
    }
}

/// A profile from the cache, or linted from the disk (with what the cache
/// keeps of it).
fn lint_profile(
    settings: &Settings,
    units: &Units<'_>,
    cache: &Cache,
    rel: &str,
) -> Result<(Option<profile::Linted>, Used), Fatal> {
    let mut used = Used::default();
    let key = units.profile_key(rel);
    // The work tree's file is known by its staged id while its stat data
    // shows it unchanged since it was staged.
    let mut stat = None;
    // (An empty cache finds nothing: the stat data taken as the file is
    // read then tells whether to store it.)
    if units.mode == Mode::WorkTree && key.is_some() && !cache.is_empty() {
        stat = FileStat::of_path(&settings.open_path(rel));
        let unchanged = units
            .entry(rel)
            .zip(stat.as_ref())
            .is_some_and(|(e, s)| e.matches_stat(s));
        if !unchanged {
            stat = None;
        }
    }
    let from_cache = |key: &[u8], stat: Option<FileStat>, used: &mut Used| {
        let cache::Hit {
            entry:
                Entry::Profile {
                    diagnostics,
                    parsed,
                    agent_id,
                },
            slot,
        } = cache.get(key)?
        else {
            return None;
        };
        used.hits.push(slot);
        Some(profile::Linted {
            source: None,
            profile: LoadedProfile {
                path: rel.to_string(),
                parsed,
                agent_id,
                stat,
                staged: units.mode == Mode::Staged,
            },
            diagnostics,
        })
    };
    let findable = units.mode == Mode::Staged || stat.is_some();
    if let Some(key) = key.as_ref().filter(|_| findable) {
        if let Some(linted) = from_cache(key, stat, &mut used) {
            return Ok((Some(linted), used));
        }
    }
    let (source, bad, stat) = match crate::load::read_source_stat(settings, rel) {
        Ok(read) => read,
        // Staged, but not on disk: history lints the staged text.
        Err(Fatal::Io(_)) if units.mode == Mode::Staged => {
            let unread = profile::Linted {
                source: None,
                profile: LoadedProfile {
                    path: rel.to_string(),
                    parsed: false,
                    agent_id: None,
                    stat: None,
                    staged: false,
                },
                diagnostics: Vec::new(),
            };
            return Ok((Some(unread), used));
        }
        Err(e) => return Err(e),
    };
    // The disk holds the staged content: by the stat data, or (for a file
    // staged a moment ago, whose stat data git cannot trust) by its hash.
    let staged = units.entry(rel).is_some_and(|e| {
        !e.link
            && (stat.as_ref().is_some_and(|s| e.matches_stat(s))
                || (bad.is_none() && units.hasher.hash(source.text.as_bytes()) == e.id))
    });
    // Read, and found to be the staged content by its hash (its stat data
    // was recorded too close to the index's to be trusted, or it was
    // touched): known by its id after all.
    if let Some(key) = key.as_ref().filter(|_| staged && !findable) {
        if let Some(linted) = from_cache(key, stat, &mut used) {
            return Ok((Some(linted), used));
        }
    }
    let mut linted = profile::lint_read(settings, source, bad, stat);
    linted.profile.staged = staged && units.mode == Mode::Staged;
    let entry = Entry::Profile {
        diagnostics: linted.diagnostics.clone(),
        parsed: linted.profile.parsed,
        agent_id: linted.profile.agent_id.clone(),
    };
    if let Some(key) = key.filter(|_| staged && entry.storable()) {
        cache.add(&key, &entry);
    }
    Ok((Some(linted), used))
}

/// A skill folder from the cache, or linted from the side judged (with
/// `--staged`, its staged files as the index holds them).
fn lint_skill(
    settings: &Settings,
    units: &Units<'_>,
    cache: &Cache,
    dir: &SkillDir,
    by_name: &crate::skill::FoldersByName<'_>,
) -> Result<(crate::skill::Linted, Used), Fatal> {
    let mut used = Used::default();
    // A work-tree folder is known by its staged files' ids only while the
    // disk holds exactly them.
    let key = match units.mode {
        Mode::Staged => units.skill_key(dir, by_name),
        Mode::WorkTree if units.disk_is_staged(settings, &dir.dir) => units.skill_key(dir, by_name),
        Mode::WorkTree => None,
    };
    if let Some(key) = &key {
        if let Some(cache::Hit {
            entry:
                Entry::Skill {
                    diagnostics,
                    is_skill,
                    name,
                    paths,
                    ..
                },
            slot,
        }) = cache.get(key).filter(|hit| units.answers_hold(&hit.entry))
        {
            // The probes were for the check above; the run needs no more.
            let linted = crate::skill::Linted {
                is_skill,
                diagnostics,
                sources: Vec::new(),
                paths,
                name,
                probes: Vec::new(),
            };
            used.hits.push(slot);
            return Ok((linted, used));
        }
    }
    // The files of the side judged (the disk, or the index's).
    let mut linted = crate::skill::lint_dir(
        settings,
        &units.inventory,
        dir,
        Some(&units.inventory.listing),
        by_name,
    )?;
    if let Some(key) = key {
        // The probes go to the cache only; the run needs no more of them.
        let entry = Entry::Skill {
            diagnostics: linted.diagnostics.clone(),
            is_skill: linted.is_skill,
            name: linted.name.clone(),
            paths: linted.paths.clone(),
            probes: std::mem::take(&mut linted.probes),
        };
        if entry.storable() {
            cache.add(&key, &entry);
        }
    }
    Ok((linted, used))
}


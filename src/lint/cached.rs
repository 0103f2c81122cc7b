//! `caplint check` with the cache ([`super::cache`]): a profile or skill
//! folder whose content was linted before is taken from the cache without
//! being read. Two modes share the machinery:
//!
//! - **`check --staged`** is driven by the index: what a pre-commit hook
//!   checks is what the next commit holds, so the files to lint are the
//!   index's (not a walk of the work tree). A profile staged differently
//!   from the disk is linted again from the index by history (as without
//!   the cache), a skill folder from its staged files. Untracked files are
//!   no part of the commit and are not linted; files outside a sparse
//!   checkout are judged by history from the index, as before.
//! - **`check`** (with or without `--base`) walks the work tree as the
//!   uncached pipeline does, and lints what is on disk. A file whose stat
//!   data shows it unchanged since it was staged (as `git status` judges)
//!   is known by its staged blob id, so its unit is found in the cache
//!   without reading it. A skill folder is found only when the disk holds
//!   exactly its staged files; untracked, edited or removed files make it
//!   linted from the disk.
//!
//! A unit the cache does not hold is linted from the disk, and stored only
//! when the disk holds exactly its staged content. Each mode keeps its own
//! cache file.

use super::cache::{self, Cache, Entry, Key, Used};
use super::parts::{disk_source, joined, review_and_assemble, Run, Scratch};
use super::profile;
use crate::diagnostic::Report;
use crate::discover::{self, Inventory, SkillDir};
use crate::error::Fatal;
use crate::git::{BlobHasher, FileStat, Index, IndexEntry, ObjectId, Repo};
use crate::history::review::{Memo, Pair};
use crate::load::LoadedProfile;
use crate::model::skill::folder::Probe;
use crate::settings::{CheckOptions, HistoryMode, Settings};
use std::sync::Arc;

/// Which files a cached run lints.
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

/// The cached run, or `None` when it does not apply (`--no-cache` or
/// `--fix`, paths named, an editor's buffers, no repository, a bare one, no
/// commit or no index yet, or a repository caplint cannot read): then the
/// uncached pipeline runs (and says what it cannot read, when that matters).
pub fn run<'s>(
    settings: &'s Settings,
    options: &CheckOptions,
    ci: &crate::history::ci::Env,
) -> Result<Option<Run<'s>>, Fatal> {
    if !options.cache || !options.paths.is_empty() || settings.has_overlay() {
        return Ok(None);
    }
    let Ok(Some(repo)) = Repo::discover(&settings.root) else {
        return Ok(None);
    };
    if repo.is_bare() || !matches!(repo.head(), Ok(Some(_))) {
        return Ok(None);
    }
    let Ok(Some(index)) = repo.index() else {
        return Ok(None);
    };
    let mode = if options.history == HistoryMode::Staged {
        Mode::Staged
    } else {
        Mode::WorkTree
    };
    let index = Arc::new(index);
    let prefix = repo.prefix().to_string();
    let hasher = repo.blob_hasher();
    let cache_path = repo.cache_dir().join(mode.file_name());
    let reviews_path = repo.cache_dir().join(mode.reviews_file());
    // How blobs are written out: the settings, and every attribute file
    // (the root's and the git directory's as on disk, the others as staged).
    let mut conversion = repo.checkout_conversion();
    for (path, e) in index.iter() {
        if path.rsplit('/').next() == Some(".gitattributes") {
            conversion.extend_from_slice(path.as_bytes());
            conversion.extend_from_slice(e.id.as_bytes());
        }
    }
    // Kept as a digest: the cache holds no file's text.
    let conversion = hasher.hash(&conversion);
    // The files are found and linted (and the cache read) on the thread
    // pool while this thread opens history, which needs nothing from the
    // linting until the skills are reviewed (the work tree's inventory),
    // then the profiles, while the skill folders are linted.
    let (inventory_tx, inventory_rx) = std::sync::mpsc::channel::<Arc<Inventory>>();
    let (profiles_tx, profiles_rx) = std::sync::mpsc::channel::<(Vec<LoadedProfile>, Report)>();
    let (report, history, inventory) = std::thread::scope(|scope| {
        let job_index = Arc::clone(&index);
        let prefix = &prefix;
        let lint_job = scope.spawn(move || {
            let (units, cache) = rayon::join(
                || Units::of(settings, mode, prefix, &job_index, hasher),
                || {
                    // Kept as a digest: the file holds no configuration text.
                    let stamp =
                        cache::stamp(settings, prefix, mode.file_name(), conversion.as_bytes());
                    let stamp = hasher.hash(&stamp).as_bytes().to_vec();
                    Cache::load(cache_path, stamp)
                },
            );
            let units = units?;
            // The receiver waits for it unless the run already failed.
            let _ = inventory_tx.send(Arc::clone(&units.inventory));
            let (profiles, report, mut used) = lint_profiles(settings, &units, &cache)?;
            let _ = profiles_tx.send((profiles, report));
            let (skills, skill_used) = lint_skills(settings, &units, &cache)?;
            used.extend(skill_used);
            // Written as soon as the files are linted, which frees the
            // cache's bytes while history reviews.
            cache.store(used);
            Ok::<_, Fatal>(skills)
        });
        let mut notes = Vec::new();
        let (mut history, reviews) = if options.history == HistoryMode::Off {
            (Ok(None), None)
        } else {
            let stamp = cache::stamp(settings, prefix, mode.reviews_file(), conversion.as_bytes());
            let stamp = hasher.hash(&stamp).as_bytes().to_vec();
            let reviews = Arc::new(Reviews::load(reviews_path, stamp, hasher));
            let memo = Arc::clone(&reviews) as Arc<dyn Memo>;
            let history = crate::history::open_repo(
                settings,
                options,
                ci,
                &mut notes,
                repo,
                Some(Some(index)),
                Some(memo),
            );
            (history, Some(reviews))
        };
        // The job is joined for what it sends when it could not send it (its
        // error comes with it), else once the skills are linted.
        let job = std::cell::Cell::new(Some(lint_job));
        let finish = || joined(job.take().expect("the lint job is joined once"));
        // Staged files are reviewed through the index alone; the work
        // tree's through the inventory of its walk.
        let inventory = match mode {
            Mode::Staged => {
                if let Ok(Some(h)) = &mut history {
                    h.all_linted_as_staged();
                }
                // Only the decision records and the plugin manifests are
                // judged from the inventory.
                let staged = sent(inventory_rx.recv(), finish)?;
                Arc::new(Inventory {
                    decisions: staged.decisions.clone(),
                    manifests: staged.manifests.clone(),
                    ..Inventory::default()
                })
            }
            Mode::WorkTree => sent(inventory_rx.recv(), finish)?,
        };
        // Findings from the cache point into staged texts, or into the
        // disk's (which hold the staged content).
        let (report, history) = review_and_assemble(
            settings,
            history,
            notes,
            &inventory,
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
    Ok(Some(Run {
        report,
        scratch: Scratch {
            _history: history.map(Box::new),
            _inventory: inventory,
        },
    }))
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
    // Folders whose disk copy differs from what is staged: linted from the
    // index, here (the repository is opened again on this thread: its
    // handle is not shared).
    let mut staged_repo = None;
    let mut linted = Vec::with_capacity(results.len());
    let mut used = Used::default();
    for (dir, result) in units.inventory.skills.iter().zip(results) {
        match result {
            Done::Linted(l, u) => {
                used.extend(u);
                linted.push(*l);
            }
            Done::Differs => {
                if staged_repo.is_none() {
                    staged_repo = Repo::discover(&settings.root)?;
                }
                linted.push(lint_staged_skill(
                    settings,
                    units,
                    staged_repo.as_ref(),
                    dir,
                    &by_name,
                )?);
            }
        }
    }
    let mut report = Report::default();
    // The marketplaces as the side being judged holds them.
    let plugins = match units.mode {
        Mode::WorkTree => crate::skill::plugin_dirs(&units.inventory, &|rel| {
            crate::skill::disk_text(settings, rel)
        }),
        Mode::Staged => {
            if staged_repo.is_none() && !units.inventory.manifests.is_empty() {
                staged_repo = Repo::discover(&settings.root)?;
            }
            crate::skill::plugin_dirs(&units.inventory, &|rel| {
                let repo = staged_repo.as_ref()?;
                let entry = units.index.get(&format!("{}{rel}", units.prefix))?;
                String::from_utf8(repo.blob(entry.id).ok()?).ok()
            })
        }
    };
    crate::skill::merge_all(&mut report, linted, &plugins);
    Ok((report, used))
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
                    || discover::from_index(settings, staged().map(|(r, e)| (r, e.link))),
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
                let inventory = discover::discover(settings, &[])?;
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

    /// The staged files of the folder `dir` as discovery lists them
    /// (relative to it, sorted; excluded ones left out).
    fn staged_files(&self, dir: &str) -> Vec<String> {
        let mut files: Vec<String> = self
            .inventory
            .listing
            .folder(dir)
            .map(|(entries, _)| {
                entries
                    .into_iter()
                    .filter(|(_, kind)| *kind != discover::EntryKind::Dir)
                    .map(|(rel, _)| rel.to_string())
                    .collect()
            })
            .unwrap_or_default();
        files.sort_unstable();
        files
    }

    /// Whether the disk holds the staged content of every staged file of
    /// the folder `dir` (files on disk that are not staged do not count:
    /// the folder is linted from the index's listing).
    fn on_disk_as_staged(&self, settings: &Settings, dir: &str) -> bool {
        self.staged_files(dir)
            .iter()
            .all(|rel| self.clean(settings, &discover::join_rel(dir, rel)))
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

/// What became of a skill folder on the thread pool.
enum Done {
    /// From the cache, or linted from a disk copy that is what is staged
    /// (with what the cache keeps of it).
    Linted(Box<crate::skill::Linted>, Used),
    /// The disk copy differs from what is staged.
    Differs,
}

/// A skill folder from the cache, or linted from the disk when the disk
/// holds exactly its staged files.
fn lint_skill(
    settings: &Settings,
    units: &Units<'_>,
    cache: &Cache,
    dir: &SkillDir,
    by_name: &crate::skill::FoldersByName<'_>,
) -> Result<Done, Fatal> {
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
            return Ok(Done::Linted(Box::new(linted), used));
        }
    }
    if units.mode == Mode::Staged && !units.on_disk_as_staged(settings, &dir.dir) {
        return Ok(Done::Differs);
    }
    // The files on disk (for a staged run, its staged files, which the disk
    // holds).
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
    Ok(Done::Linted(Box::new(linted), used))
}

/// A skill folder whose disk copy differs from what is staged, linted from
/// the index: its staged files (and no untracked one), with the staged text
/// of each file standing in for the disk's.
fn lint_staged_skill(
    settings: &Settings,
    units: &Units<'_>,
    repo: Option<&Repo>,
    dir: &SkillDir,
    by_name: &crate::skill::FoldersByName<'_>,
) -> Result<crate::skill::Linted, Fatal> {
    let mut overlay = std::collections::BTreeMap::new();
    if let Some(repo) = repo {
        for rel in units.staged_files(&dir.dir) {
            let rel = crate::discover::join_rel(&dir.dir, &rel);
            let Some(e) = units.entry(&rel) else { continue };
            if e.link || units.clean(settings, &rel) {
                continue;
            }
            if let Ok(bytes) = repo.blob(e.id) {
                overlay.insert(rel, String::from_utf8_lossy(&bytes).into_owned());
            }
        }
    }
    let mut staged = settings.clone();
    staged.set_overlay(overlay);
    crate::skill::lint_dir(
        &staged,
        &units.inventory,
        dir,
        Some(&units.inventory.listing),
        by_name,
    )
}

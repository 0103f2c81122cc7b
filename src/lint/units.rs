//! The units a run lints — each profile, each skill folder — with what
//! their cache keys are made of, linted from the cache or from the side
//! judged ([`crate::contents`]).

use super::cache::{self, Cache, Entry, Key, Used};
use super::profile;
use crate::diagnostic::Report;
use crate::discover::{self, Inventory, SkillDir};
use crate::error::Fatal;
use crate::git::{BlobHasher, FileStat, Index, IndexEntry, ObjectId};
use crate::load::LoadedProfile;
use crate::model::skill::folder::Probe;
use crate::settings::Settings;
use std::sync::Arc;

/// Which files a run lints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// `check --staged`: the index's files, at their staged content.
    Staged,
    /// `check`: the work tree's files, as they are on disk.
    WorkTree,
}

impl Mode {
    /// The cache file of the mode, in `<git dir>/caplint/`.
    pub(super) fn file_name(self) -> &'static str {
        match self {
            Mode::Staged => cache::STAGED_FILE,
            Mode::WorkTree => cache::CHECK_FILE,
        }
    }

    /// The file of its history reviews that found nothing, beside it.
    pub(super) fn reviews_file(self) -> &'static str {
        match self {
            Mode::Staged => cache::STAGED_REVIEWS_FILE,
            Mode::WorkTree => cache::CHECK_REVIEWS_FILE,
        }
    }
}

/// Lints the profiles: from the cache, or from the disk.
pub(super) fn lint_profiles(
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
pub(super) fn lint_skills(
    settings: &Settings,
    units: &Units<'_>,
    cache: &Cache,
) -> Result<(Report, Used), Fatal> {
    use rayon::prelude::*;
    let by_name = crate::lint::skills::folders_by_name(&units.inventory);
    // The plugin folders, with the marketplaces as the side being judged
    // holds them.
    let layout = crate::lint::skills::Layout::of(&units.inventory, &|rel| {
        crate::lint::skills::disk_text(settings, rel)
    });
    let results = units
        .inventory
        .skills
        .par_iter()
        .map(|dir| lint_skill(settings, units, cache, dir, &by_name, &layout))
        .collect::<Result<Vec<_>, Fatal>>()?;
    let mut linted = Vec::with_capacity(results.len());
    let mut used = Used::default();
    for (l, u) in results {
        used.extend(u);
        linted.push(l);
    }
    let mut report = Report::default();
    let reserved = crate::lint::skills::reserved_for_certain(settings, &units.inventory);
    crate::lint::skills::merge_all(&mut report, linted, &layout.plugins, reserved);
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
    inventory.named = scope.prefixes.clone();
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
pub(super) struct Units<'a> {
    mode: Mode,
    pub(super) inventory: Arc<Inventory>,
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
    pub(super) fn of(
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
                            let scope =
                                crate::history::side::Scope::of_paths(&settings.root, paths);
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

    fn skill_key(
        &self,
        dir: &SkillDir,
        by_name: &crate::lint::skills::FoldersByName<'_>,
        layout: &crate::lint::skills::Layout,
    ) -> Option<Key> {
        let mut buf = b"skill\0".to_vec();
        // The plugin folder manifests and marketplace entries make the
        // skill's (a marketplace entry is no file of the folder), and the
        // index `SKILL.md` files at or above it.
        if let Some(p) = crate::model::plugin::deepest(&layout.plugins, &dir.dir) {
            buf.extend_from_slice(p.as_bytes());
        }
        buf.push(0);
        for index in crate::model::skill::folder::indexes_over(&layout.indexes, &dir.dir) {
            buf.extend_from_slice(index.as_bytes());
            buf.push(0);
        }
        buf.push(0);
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
            // An eval workspace (`pdf-workspace`) depends on its skill.
            if let Some(skill) = name.strip_suffix("-workspace") {
                let sibling = format!("{root}{skill}");
                let has = self
                    .inventory
                    .skills
                    .iter()
                    .any(|s| s.skill_md.is_some() && s.dir == sibling);
                buf.push(u8::from(has));
            }
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
    by_name: &crate::lint::skills::FoldersByName<'_>,
    layout: &crate::lint::skills::Layout,
) -> Result<(crate::lint::skills::Linted, Used), Fatal> {
    let mut used = Used::default();
    // A work-tree folder is known by its staged files' ids only while the
    // disk holds exactly them.
    let key = match units.mode {
        Mode::Staged => units.skill_key(dir, by_name, layout),
        Mode::WorkTree if units.disk_is_staged(settings, &dir.dir) => {
            units.skill_key(dir, by_name, layout)
        }
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
            let linted = crate::lint::skills::Linted {
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
    let mut linted = crate::lint::skills::lint_dir(
        settings,
        &units.inventory,
        dir,
        Some(&units.inventory.listing),
        by_name,
        layout,
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

//! `caplint check --staged`, driven by the index: what a pre-commit hook
//! checks is what the next commit holds, so the files to lint are the
//! index's (not a walk of the work tree), and a profile or skill folder
//! whose staged content was linted before is taken from the cache
//! ([`super::cache`]) without reading it.
//!
//! A unit the cache does not hold is linted as `check` lints it: from the
//! disk, and a profile staged differently from the disk again from the
//! index by history (as without the cache). It is stored only when the
//! disk holds exactly its staged content. Untracked files are no part of
//! the commit and are not linted; files outside a sparse checkout are
//! judged by history from the index, as before.

use super::cache::{self, Cache, Entry, Key, Used};
use super::parts::{assemble, joined, Reviewed, Run, Scratch};
use super::profile;
use crate::diagnostic::Report;
use crate::discover::{self, Inventory, SkillDir};
use crate::error::Fatal;
use crate::git::{BlobHasher, Index, IndexEntry, ObjectId, Repo};
use crate::load::LoadedProfile;
use crate::model::skill::folder::Probe;
use crate::settings::{CheckOptions, Settings};
use std::sync::Arc;

/// The staged run, or `None` when it does not apply (`--no-cache` or
/// `--fix`, paths named, an editor's buffers, no repository, no commit or
/// no index yet): then the ordinary pipeline runs.
pub fn run<'s>(
    settings: &'s Settings,
    options: &CheckOptions,
    ci: &crate::history::ci::Env,
) -> Result<Option<Run<'s>>, Fatal> {
    if !options.cache || !options.paths.is_empty() || settings.has_overlay() {
        return Ok(None);
    }
    let Some(repo) = Repo::discover(&settings.root)? else {
        return Ok(None);
    };
    if repo.is_bare() || repo.head()?.is_none() {
        return Ok(None);
    }
    let Some(index) = repo.index()? else {
        return Ok(None);
    };
    let index = Arc::new(index);
    let prefix = repo.prefix().to_string();
    let hasher = repo.blob_hasher();
    let cache_path = repo.cache_dir().join(cache::FILE_NAME);
    // The files are linted (and the cache read) on the thread pool while
    // this thread opens history, which needs nothing from the linting until
    // the profiles are reviewed.
    let (report, history, used) = std::thread::scope(|scope| {
        let job_index = Arc::clone(&index);
        let prefix = &prefix;
        let lint_job = scope.spawn(move || {
            let (units, cache) = rayon::join(
                || Units::of(settings, prefix, &job_index, hasher),
                || Cache::load(cache_path, cache::stamp(settings, prefix)),
            );
            let linted = lint_all(settings, &units, &cache);
            (linted, cache)
        });
        let mut notes = Vec::new();
        let mut history =
            crate::history::open_repo(settings, options, ci, &mut notes, repo, Some(Some(index)));
        if let Ok(Some(h)) = &mut history {
            h.all_linted_as_staged();
        }
        // Staged skills are reviewed through the index alone.
        let no_inventory = Inventory::default();
        let skill_reviews = match &history {
            Ok(Some(h)) => Some(h.review_skills(&no_inventory)),
            _ => None,
        };
        let (linted, cache) = joined(lint_job);
        let Linted {
            profiles,
            mut report,
            skills,
            used,
        } = linted?;
        let profile_reviews = match &history {
            Ok(Some(h)) => Some(h.review_profiles(&no_inventory, &profiles, &mut report)),
            _ => None,
        };
        let reviewed = Reviewed {
            history,
            profiles: profile_reviews,
            skills: skill_reviews,
        };
        // Findings from the cache point into staged texts.
        let (report, history) = assemble(settings, report, skills, notes, reviewed, |h, path| {
            h.and_then(|h| h.staged_source(path))
        })?;
        Ok::<_, Fatal>((report, history, (used, cache)))
    })?;
    let (used, cache) = used;
    cache.store(used);
    Ok(Some(Run {
        report,
        scratch: Scratch {
            _history: history.map(Box::new),
            _inventory: Inventory::default(),
        },
    }))
}

/// What the lint job gives back.
struct Linted {
    profiles: Vec<LoadedProfile>,
    /// The profiles' findings.
    report: Report,
    /// The skills' findings.
    skills: Report,
    used: Used,
}

/// Lints the profiles and the skills of the staged files (at once).
fn lint_all(settings: &Settings, units: &Units<'_>, cache: &Cache) -> Result<Linted, Fatal> {
    let (profiles, skills) = rayon::join(
        || {
            let mut report = Report::default();
            let used = std::sync::Mutex::new(Used::default());
            let profiles = profile::lint_profiles_by(&units.inventory, &mut report, |rel| {
                let (linted, u) = lint_profile(settings, units, cache, rel)?;
                used.lock().expect("not poisoned").extend(u);
                Ok(linted)
            });
            profiles.map(|p| (p, report, used.into_inner().expect("not poisoned")))
        },
        || lint_skills(settings, units, cache),
    );
    let (profiles, report, mut used) = profiles?;
    let (skills, skill_used) = skills?;
    used.extend(skill_used);
    Ok(Linted {
        profiles,
        report,
        skills,
        used,
    })
}

/// Lints the skill folders: from the cache, from the disk when it holds
/// their staged files, else from the index.
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
    crate::skill::merge_all(&mut report, linted);
    Ok((report, used))
}

/// The index as the run sees it: the inventory of staged files, and what
/// each unit's key is made of.
struct Units<'a> {
    inventory: Inventory,
    index: &'a Index,
    /// The root's path in the repository (`""`, or `sub/`).
    prefix: &'a str,
    /// A digest of the agent entry files (`AGENTS.md`, …) and their
    /// contents, which name skills' files from outside them.
    outside: ObjectId,
    hasher: BlobHasher,
}

impl<'a> Units<'a> {
    fn of(settings: &Settings, prefix: &'a str, index: &'a Index, hasher: BlobHasher) -> Units<'a> {
        let staged = || {
            index
                .under(prefix.trim_end_matches('/'))
                .filter(|(_, e)| !e.intent && !e.skip)
                .filter_map(|(p, e)| p.strip_prefix(prefix).map(|rel| (rel, e)))
        };
        let (inventory, outside) = rayon::join(
            || discover::from_index(settings, staged().map(|(r, e)| (r, e.link))),
            || {
                let mut outside = Vec::new();
                for (rel, e) in staged() {
                    let name = rel.rsplit('/').next().unwrap_or(rel);
                    if crate::model::skill::references::ENTRY_FILES.contains(&name) {
                        outside.extend_from_slice(rel.as_bytes());
                        outside.push(0);
                        outside.extend_from_slice(e.id.as_bytes());
                    }
                }
                hasher.hash(&outside)
            },
        );
        Units {
            inventory,
            index,
            prefix,
            outside,
            hasher,
        }
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
        let git = format!("{}{dir}", self.prefix);
        let git = git.trim_end_matches('/').to_string();
        let prefix = self.prefix;
        self.index
            .under(&git)
            .filter(|(_, e)| !e.intent && !e.skip)
            .filter_map(move |(p, e)| p.strip_prefix(prefix).map(|rel| (rel, e)))
    }

    fn profile_key(&self, rel: &str) -> Option<Key> {
        let e = self.entry(rel)?;
        if e.link {
            // A link's blob is its target's path, not the content linted.
            return None;
        }
        let mut key = b"profile\0".to_vec();
        key.extend_from_slice(rel.as_bytes());
        key.push(0);
        key.extend_from_slice(e.id.as_bytes());
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
    if let Some(key) = &key {
        if let Some(cache::Hit {
            entry:
                Entry::Profile {
                    diagnostics,
                    parsed,
                    agent_id,
                },
            slot,
        }) = cache.get(key)
        {
            let linted = profile::Linted {
                source: None,
                profile: LoadedProfile {
                    path: rel.to_string(),
                    parsed,
                    agent_id,
                    stat: None,
                    staged: true,
                },
                diagnostics,
            };
            used.hits.push(slot);
            return Ok((Some(linted), used));
        }
    }
    let (source, bad, stat) = match crate::load::read_source_stat(settings, rel) {
        Ok(read) => read,
        // Staged, but not on disk: history lints the staged text.
        Err(Fatal::Io(_)) => {
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
    let mut linted = profile::lint_read(settings, source, bad, stat);
    linted.profile.staged = staged;
    let entry = Entry::Profile {
        diagnostics: linted.diagnostics.clone(),
        parsed: linted.profile.parsed,
        agent_id: linted.profile.agent_id.clone(),
    };
    if let Some(key) = key.filter(|_| staged && entry.storable()) {
        used.new.push((key, entry));
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
    let key = units.skill_key(dir, by_name);
    if let Some(key) = &key {
        if let Some(cache::Hit {
            entry:
                Entry::Skill {
                    diagnostics,
                    is_skill,
                    name,
                    paths,
                    probes,
                },
            slot,
        }) = cache.get(key).filter(|hit| units.answers_hold(&hit.entry))
        {
            let linted = crate::skill::Linted {
                is_skill,
                diagnostics,
                sources: Vec::new(),
                paths,
                name,
                probes,
            };
            used.hits.push(slot);
            return Ok(Done::Linted(Box::new(linted), used));
        }
    }
    if !units.on_disk_as_staged(settings, &dir.dir) {
        return Ok(Done::Differs);
    }
    // The staged files, read from the disk that holds them.
    let linted = crate::skill::lint_dir(
        settings,
        &units.inventory,
        dir,
        Some(&units.inventory.listing),
        by_name,
    )?;
    let entry = Entry::Skill {
        diagnostics: linted.diagnostics.clone(),
        is_skill: linted.is_skill,
        name: linted.name.clone(),
        paths: linted.paths.clone(),
        probes: linted.probes.clone(),
    };
    if let Some(key) = key.filter(|_| entry.storable()) {
        used.new.push((key, entry));
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

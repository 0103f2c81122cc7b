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
use super::cache::{self, Cache};
use super::index_side::IndexSide;
use super::reviews::Reviews;
use super::units::{lint_profiles, lint_skills, Mode, Units};
use crate::contents::Contents;
use crate::diagnostic::Report;
use crate::discover::Inventory;
use crate::error::Fatal;
use crate::git::{BlobHasher, Index, Repo};
use crate::history::review::Memo;
use crate::load::LoadedProfile;
use crate::settings::{CheckOptions, HistoryMode, Settings};
use std::sync::Arc;

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
    // With `--staged` every reader reads the index's side.
    let staged_settings;
    let side = match mode {
        Mode::Staged => {
            let mut s = settings.clone();
            let index_side = IndexSide::new(settings, Arc::clone(&index), &prefix);
            s.set_contents(Contents::of_side(Arc::new(index_side)));
            staged_settings = s;
            &staged_settings
        }
        Mode::WorkTree => settings,
    };
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
            let settings = side;
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
            side,
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
        settings,
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

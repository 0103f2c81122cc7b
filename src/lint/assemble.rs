//! The pipeline's last steps ([`super::pipeline`]): the run it gives back,
//! and the steps that put the profiles', skills' and history's findings
//! together.

use crate::diagnostic::Report;
use crate::discover::{self, Inventory};
use crate::error::Fatal;
use crate::history::Session;
use crate::load::LoadedProfile;
use crate::settings::Settings;
use crate::source::SourceFile;

/// The steps the pipeline takes on the thread that opened history, while
/// the files are linted elsewhere: the skills reviewed against the base
/// (they need nothing from the linting), the profiles reviewed once
/// `profiles` gives them linted, the skills' findings taken from `skills`;
/// then history's findings attached, the texts findings point into read
/// again (by `restore`, with the session), the files counted and the report
/// finished. Decision records and plugin manifests are read through
/// `side`'s contents (the settings whose contents are the side judged:
/// the index's with `--staged`). Errors come in the order of the sequential pipeline: the
/// profiles', the skills', history's, then its reviews'.
#[allow(clippy::too_many_arguments)]
pub(super) fn review_and_assemble<'s>(
    settings: &Settings,
    history: Result<Option<Session<'s>>, Fatal>,
    notes: Vec<String>,
    inventory: &Inventory,
    side: &Settings,
    profiles: impl FnOnce() -> Result<(Vec<LoadedProfile>, Report), Fatal>,
    skills: impl FnOnce() -> Result<Report, Fatal>,
    restore: impl Fn(Option<&Session<'s>>, &str) -> Option<SourceFile>,
) -> Result<(Report, Option<Session<'s>>), Fatal> {
    let skill_reviews = match &history {
        Ok(Some(h)) => Some(h.review_skills(inventory)),
        _ => None,
    };
    let (profiles, mut report) = profiles()?;
    let profile_reviews = match &history {
        Ok(Some(h)) => Some(h.review_profiles(inventory, &profiles, &mut report)),
        _ => None,
    };
    let skills = skills()?;
    let history = history?;
    let profile_reviews = profile_reviews.transpose()?;
    let skill_reviews = skill_reviews.transpose()?;
    merge(&mut report, skills, notes);
    report.extend(secrets_in_names(settings, inventory));
    if let (Some(h), Some(profile_reviews), Some(skill_reviews)) =
        (&history, profile_reviews, skill_reviews)
    {
        h.attach(&mut report, profile_reviews, skill_reviews);
    }
    // Read from the side judged (the index's with `--staged`).
    let repo = history.as_ref().map(|h| h.repo());
    crate::lint::decisions::audit(side, &inventory.decisions, repo, &mut report);
    let manifests = crate::lint::plugins::lint(side, &inventory.manifests, &mut report);
    if let Some(h) = &history {
        h.review_decisions(settings, &inventory.decisions, &mut report);
        h.review_plugins(&manifests, &mut report);
    }
    crate::lint::skills::soften_uninstalled(inventory, &mut report, &|rel| {
        crate::lint::skills::disk_text(settings, rel)
    });
    report.restore_sources(|path| restore(history.as_ref(), path));
    count_files(&mut report);
    report.finish(settings);
    Ok((report, history))
}

/// `security/secret-value` on names: the paths of the profiles and of
/// every file and folder in a skill folder, and the targets of the links
/// there (a token in a file name is printed by every format that names the
/// file).
fn secrets_in_names(
    settings: &Settings,
    inventory: &Inventory,
) -> Vec<crate::diagnostic::Diagnostic> {
    use crate::rules::security::secret_value::{in_names, NameKind};
    let mut names: Vec<(String, String, NameKind)> = Vec::new();
    for p in &inventory.profiles {
        names.push((p.clone(), p.clone(), NameKind::Path));
    }
    for dir in &inventory.skills {
        names.push((dir.dir.clone(), dir.dir.clone(), NameKind::Path));
        let Some((entries, _)) = inventory.listing.folder(&dir.dir) else {
            continue;
        };
        for (rel, kind) in entries {
            let path = discover::join_rel(&dir.dir, rel);
            if kind == discover::EntryKind::Symlink {
                if let Ok(target) = std::fs::read_link(settings.open_path(&path)) {
                    names.push((
                        path.clone(),
                        target.to_string_lossy().into_owned(),
                        NameKind::LinkTarget,
                    ));
                }
            }
            names.push((path.clone(), path, NameKind::Path));
        }
    }
    in_names(&names)
}

/// A text as the disk holds it, for [`review_and_assemble`]'s `restore`.
pub(super) fn disk_source(settings: &Settings, path: &str) -> Option<SourceFile> {
    crate::load::read_source(settings, path)
        .ok()
        .map(|(source, _)| source)
}

/// Adds the skills' report (and the history notes) to the profiles'.
fn merge(report: &mut Report, skills: Report, notes: Vec<String>) {
    report.sources.extend(skills.sources);
    report.linted.extend(skills.linted);
    report.append(skills.diagnostics);
    report.notes.extend(skills.notes);
    report.notes.extend(notes);
    report.summary.skills = skills.summary.skills;
}

/// Counts the files linted, and those only history read.
fn count_files(report: &mut Report) {
    let files = report.linted.len()
        + report
            .sources
            .keys()
            .filter(|p| !report.is_linted(p))
            .count();
    report.summary.files = files.max(report.summary.files);
}

/// A run's report, and what the run built on the way.
pub struct Run<'s> {
    pub report: Report,
    /// The repository with its caches and blobs read ahead, and the listing
    /// of every walked path: freed when dropped. A command whose process
    /// ends once the report is rendered may leave them to the exit
    /// (`std::mem::forget`), which saves freeing many small allocations.
    pub scratch: Scratch<'s>,
}

/// See [`Run::scratch`].
pub struct Scratch<'s> {
    pub(super) _history: Option<Box<crate::history::Session<'s>>>,
    pub(super) _inventory: std::sync::Arc<discover::Inventory>,
}

/// A scoped thread's result; its panic goes on unwinding here.
pub(super) fn joined<T>(job: std::thread::ScopedJoinHandle<'_, T>) -> T {
    job.join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

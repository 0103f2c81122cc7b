//! What the two pipelines of [`super`] share: the run they give back, and
//! the steps that put the profiles', skills' and history's findings
//! together.

use crate::diagnostic::Report;
use crate::discover;
use crate::error::Fatal;
use crate::history::review::{ProfileReview, SkillReview};
use crate::history::Session;
use crate::settings::Settings;
use crate::source::SourceFile;

/// What history made of a run: the session (or why there is none), and the
/// reviews it made while the files were linted.
pub(super) struct Reviewed<'s> {
    pub history: Result<Option<Session<'s>>, Fatal>,
    pub profiles: Option<Result<Vec<ProfileReview>, Fatal>>,
    pub skills: Option<Result<Vec<SkillReview>, Fatal>>,
}

/// The last steps of both pipelines: the skills' findings and the notes
/// added to the profiles' report, history's findings attached, the texts
/// findings point into read again (by `restore`, with the session), the
/// files counted and the report finished. Errors come in the order of the
/// sequential pipeline: history's, then its reviews'.
pub(super) fn assemble<'s>(
    settings: &Settings,
    mut report: Report,
    skills: Report,
    notes: Vec<String>,
    reviewed: Reviewed<'s>,
    restore: impl Fn(Option<&Session<'s>>, &str) -> Option<SourceFile>,
) -> Result<(Report, Option<Session<'s>>), Fatal> {
    let history = reviewed.history?;
    let profile_reviews = reviewed.profiles.transpose()?;
    let skill_reviews = reviewed.skills.transpose()?;
    merge(&mut report, skills, notes);
    if let (Some(h), Some(profile_reviews), Some(skill_reviews)) =
        (&history, profile_reviews, skill_reviews)
    {
        h.attach(&mut report, profile_reviews, skill_reviews);
    }
    report.restore_sources(|path| restore(history.as_ref(), path));
    count_files(&mut report);
    report.finish(settings);
    Ok((report, history))
}

/// Adds the skills' report (and the history notes) to the profiles'.
fn merge(report: &mut Report, skills: Report, notes: Vec<String>) {
    report.sources.extend(skills.sources);
    report.linted.extend(skills.linted);
    report.diagnostics.extend(skills.diagnostics);
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

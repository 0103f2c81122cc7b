//! What the two pipelines of [`super`] share: the run they give back, and
//! the steps that put the profiles', skills' and history's findings
//! together.

use crate::diagnostic::Report;
use crate::discover;

/// Adds the skills' report (and the history notes) to the profiles'.
pub(super) fn merge(report: &mut Report, skills: Report, notes: Vec<String>) {
    report.sources.extend(skills.sources);
    report.linted.extend(skills.linted);
    report.diagnostics.extend(skills.diagnostics);
    report.notes.extend(skills.notes);
    report.notes.extend(notes);
    report.summary.skills = skills.summary.skills;
}

/// Counts the files linted, and those only history read.
pub(super) fn count_files(report: &mut Report) {
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
    pub(super) _inventory: discover::Inventory,
}

/// A scoped thread's result; its panic goes on unwinding here.
pub(super) fn joined<T>(job: std::thread::ScopedJoinHandle<'_, T>) -> T {
    job.join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

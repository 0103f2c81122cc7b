//! The check pipeline: discover → load → file rules → repository rules →
//! history rules → severities from settings → secrets scrubbed → sorted.

use crate::config::Settings;
use crate::diagnostic::{self, Diagnostic, Severity};
use crate::discover::{self, Inventory};
use crate::error::Fatal;
use crate::git::FileStat;
use crate::json;
use crate::redact;
use crate::rules::{profile, security};
use crate::source::SourceFile;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Which history comparison `check` makes (SPEC §2).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum HistoryMode {
    /// Working tree against HEAD, or against the pull-request base in GitHub Actions.
    #[default]
    Auto,
    /// The index against HEAD (pre-commit).
    Staged,
    /// The working tree against `merge-base(REV, HEAD)`.
    Base(String),
    /// No history rules.
    Off,
}

#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    pub paths: Vec<PathBuf>,
    pub history: HistoryMode,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub profiles: usize,
    pub skills: usize,
    pub errors: usize,
    pub warnings: usize,
}

/// A profile as loaded for this run. The parsed tree is dropped as soon as
/// the file's rules have run (history parses the few files it needs again),
/// so a run over thousands of profiles holds only their texts.
#[derive(Debug, Clone)]
pub struct LoadedProfile {
    pub path: String,
    /// Whether the file parsed as JSON (a parse failure is already reported).
    pub parsed: bool,
    /// The profile's `agent_id` and the span of its value, if usable.
    pub agent_id: Option<(String, crate::source::Span)>,
    /// The file's stat data when it was read.
    pub stat: Option<FileStat>,
}

/// Everything a run found, ready for a renderer.
#[derive(Debug, Default)]
pub struct Report {
    pub sources: BTreeMap<String, SourceFile>,
    pub diagnostics: Vec<Diagnostic>,
    /// One-line notes for stderr (e.g. history skipped outside git).
    pub notes: Vec<String>,
    pub summary: Summary,
    /// Files as of a commit (`caplint history`), keyed by (commit id, path):
    /// the texts that findings carrying that commit point into.
    pub commit_sources: BTreeMap<(String, String), SourceFile>,
}

impl Report {
    pub fn line_col(&self, path: &str, offset: usize) -> (usize, usize) {
        self.sources
            .get(path)
            .map_or((1, 1), |s| s.line_col(offset))
    }

    /// The text a diagnostic's span points into: the file as of the
    /// diagnostic's commit when it has one, else the file as linted.
    pub fn source_of(&self, d: &Diagnostic) -> Option<&SourceFile> {
        d.commit
            .as_ref()
            .and_then(|c| self.commit_sources.get(&(c.id.clone(), d.path.clone())))
            .or_else(|| self.sources.get(&d.path))
    }

    /// Line and column of an offset in the diagnostic's own text.
    pub fn line_col_of(&self, d: &Diagnostic, offset: usize) -> (usize, usize) {
        self.source_of(d).map_or((1, 1), |s| s.line_col(offset))
    }

    pub fn add_source(&mut self, source: SourceFile) {
        self.sources.insert(source.path.clone(), source);
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(ds);
    }

    /// Applies configured severities (dropping rules that are off), masks
    /// secret values in every text, sorts, and counts. A diagnostic keeps
    /// the severity it was made with (its rule's default, or a milder one
    /// for a milder case) unless the configuration names its rule.
    pub fn finish(&mut self, settings: &Settings) {
        self.diagnostics
            .retain_mut(|d| match settings.configured_level(d.rule.id, &d.path) {
                None => true,
                Some(level) => match level.severity() {
                    Some(sev) => {
                        d.severity = sev;
                        true
                    }
                    None => false,
                },
            });
        // The gate knows every text the run read; the report's own texts
        // were scanned as they were loaded, and are added in case not.
        for source in self.sources.values().chain(self.commit_sources.values()) {
            redact::learn_source(source);
        }
        if let Some(redactor) = redact::current() {
            scrub_with(&redactor, &mut self.diagnostics);
        }
        diagnostic::sort(&mut self.diagnostics);
        self.diagnostics.dedup();
        self.summary.errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        self.summary.warnings = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count();
    }
}

/// Replaces any secret value that a message, label, help or commit subject
/// might quote: every secret of `sources` and every secret the run has read
/// elsewhere (see [`crate::redact`]), whole or in part (a secret cut short
/// by message truncation), in one linear pass over each text.
pub fn scrub_secrets(sources: &BTreeMap<String, SourceFile>, diagnostics: &mut [Diagnostic]) {
    let mut secrets = redact::known();
    secrets.extend(
        sources
            .values()
            .flat_map(|s| s.secret_values())
            .map(str::to_string),
    );
    if !secrets.is_empty() {
        scrub_with(&redact::Redactor::new(&secrets), diagnostics);
    }
}

/// Masks every text of the diagnostics with one redactor.
pub fn scrub_with(redactor: &redact::Redactor, diagnostics: &mut [Diagnostic]) {
    for d in diagnostics {
        redactor.mask_in_place(&mut d.message);
        if let Some(h) = d.help.as_mut() {
            redactor.mask_in_place(h);
        }
        if let Some(l) = d.label.as_mut() {
            redactor.mask_in_place(l);
        }
        for l in &mut d.labels {
            redactor.mask_in_place(&mut l.text);
        }
        if let Some(c) = d.commit.as_mut() {
            redactor.mask_in_place(&mut c.subject);
        }
    }
}

/// Reads a file found by discovery, relative to the root.
pub fn read_source(settings: &Settings, rel: &str) -> Result<(SourceFile, Option<usize>), Fatal> {
    read_source_stat(settings, rel).map(|(source, bad, _)| (source, bad))
}

/// [`read_source`], with the file's stat data taken from the open file (no
/// extra system call), which lets history trust the index's blob id for a
/// file that has not changed since it was staged instead of hashing it.
pub fn read_source_stat(
    settings: &Settings,
    rel: &str,
) -> Result<(SourceFile, Option<usize>, Option<FileStat>), Fatal> {
    if let Some(text) = settings.overlay_text(rel) {
        let (source, bad) = SourceFile::from_bytes(rel, text.as_bytes().to_vec());
        return Ok((source, bad, None));
    }
    let fail = |e: std::io::Error| Fatal::Io(format!("cannot read {rel}: {e}"));
    let mut file = std::fs::File::open(settings.open_path(rel)).map_err(fail)?;
    let (stat, size) = match FileStat::of(&file) {
        Some((stat, len)) => (Some(stat), len),
        None => (None, file.metadata().map_or(0, |m| m.len())),
    };
    let bytes = read_sized(&mut file, size).map_err(fail)?;
    let (source, bad) = SourceFile::from_bytes(rel, bytes);
    Ok((source, bad, stat))
}

/// Loads, scans and lints one profile.
pub fn lint_profile(
    settings: &Settings,
    mut source: SourceFile,
    bad_utf8: Option<usize>,
) -> (SourceFile, Option<json::Value>, Vec<Diagnostic>) {
    let mut out = security::check(&mut source);
    redact::learn_source(&source);
    let (value, err) = profile::invalid_json::parse(&source, bad_utf8);
    out.extend(err);
    if let Some(root) = &value {
        let cx = profile::context::ProfileCx {
            source: &source,
            root,
            as_of: settings.as_of,
            freshness_days: settings.config.freshness_days,
            min_evidence: settings.config.min_evidence,
        };
        for check in profile::CHECKS {
            check.file(&cx, &mut out);
        }
    }
    (source, value, out)
}

/// Lints the profiles of an inventory into `report`; returns them parsed.
pub fn lint_profiles(
    settings: &Settings,
    inventory: &Inventory,
    report: &mut Report,
) -> Result<Vec<LoadedProfile>, Fatal> {
    use rayon::prelude::*;
    let results: Vec<(SourceFile, LoadedProfile, Vec<Diagnostic>)> = inventory
        .profiles
        .par_iter()
        .map(|rel| {
            let (source, bad, stat) = read_source_stat(settings, rel)?;
            let (source, value, ds) = lint_profile(settings, source, bad);
            let loaded = LoadedProfile {
                stat,
                path: source.path.clone(),
                parsed: value.is_some(),
                agent_id: value
                    .as_ref()
                    .and_then(crate::model::profile::agent_id)
                    .map(|(id, span)| (id.to_string(), span)),
            };
            Ok((source, loaded, ds))
        })
        .collect::<Result<_, Fatal>>()?;
    let mut loaded = Vec::with_capacity(results.len());
    for (source, profile, ds) in results {
        report.extend(ds);
        loaded.push(profile);
        report.add_source(source);
    }
    let ids: Vec<profile::context::ProfileId> = loaded
        .iter()
        .filter_map(|p| {
            p.agent_id
                .as_ref()
                .map(|(id, span)| profile::context::ProfileId {
                    path: &p.path,
                    agent_id: id,
                    span: *span,
                })
        })
        .collect();
    let mut found = Vec::new();
    for check in profile::CHECKS {
        check.repository(&ids, &mut found);
    }
    report.extend(found);
    report.summary.profiles = loaded.len();
    Ok(loaded)
}

/// Reads an open file whose size is known: into a buffer of that size,
/// without the size probes `File::read_to_end` makes (a `statx` and an
/// `lseek` per file). Reading stops at the size the file's stat gave, as
/// git's does, without one more `read` to find the end (a file appended to
/// meanwhile is read as it was when opened; one that shrank, as it is).
pub fn read_sized(file: &mut std::fs::File, size: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let capacity = usize::try_from(size).unwrap_or(0).min(1 << 30);
    let mut bytes = vec![0; capacity];
    let mut filled = 0;
    while filled < capacity {
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    if filled == capacity && u64::try_from(capacity).ok() != Some(size) {
        // Larger than the cap: the rest, as it comes.
        file.read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// `caplint check`: the whole pipeline.
///
/// Profiles and skills are linted at once on the thread pool while this
/// thread opens the repository, finds the history base and reviews the
/// skills' history (which needs nothing from the linting); the profiles'
/// history is reviewed as soon as they are linted. Errors are reported in
/// the order of the sequential pipeline: profiles, skills, then history.
pub fn run(settings: &Settings, options: &CheckOptions) -> Result<Report, Fatal> {
    run_with(settings, options, false)
}

/// [`run`] in a process that goes on afterwards (`caplint server`): what
/// `run` leaves to the process's exit is freed.
pub fn run_and_free(settings: &Settings, options: &CheckOptions) -> Result<Report, Fatal> {
    run_with(settings, options, true)
}

fn run_with(settings: &Settings, options: &CheckOptions, free: bool) -> Result<Report, Fatal> {
    let discovered = discover::discover(settings, &options.paths)?;
    let inventory = &discovered;
    let report = std::thread::scope(|scope| {
        let profiles_job = scope.spawn(move || {
            let mut report = Report::default();
            lint_profiles(settings, inventory, &mut report).map(|p| (p, report))
        });
        let skills_job = scope.spawn(move || {
            let mut report = Report::default();
            crate::skill::check_all(settings, inventory, &mut report).map(|()| report)
        });
        let mut notes = Vec::new();
        let history = crate::history::open(settings, options, &mut notes);
        // The skills' history needs nothing from the linting (it reads the
        // folders through the index and the disk): reviewed while it runs.
        let skill_reviews = match &history {
            Ok(Some(h)) => Some(h.review_skills(inventory)),
            _ => None,
        };
        let (profiles, mut report) = joined(profiles_job)?;
        let profile_reviews = match &history {
            Ok(Some(h)) => Some(h.review_profiles(inventory, &profiles, &mut report)),
            _ => None,
        };
        let skills = joined(skills_job)?;
        let history = history?;
        let profile_reviews = profile_reviews.transpose()?;
        let skill_reviews = skill_reviews.transpose()?;
        report.sources.extend(skills.sources);
        report.diagnostics.extend(skills.diagnostics);
        report.notes.extend(skills.notes);
        report.notes.extend(notes);
        report.summary.skills = skills.summary.skills;
        if let (Some(h), Some(profile_reviews), Some(skill_reviews)) =
            (&history, profile_reviews, skill_reviews)
        {
            h.attach(&mut report, profile_reviews, skill_reviews);
        }
        // The repository's caches and blobs read ahead go with the process.
        if free {
            drop(history);
        } else {
            std::mem::forget(history);
        }
        report.summary.files = report.sources.len().max(report.summary.files);
        report.finish(settings);
        Ok(report)
    });
    // Only `caplint check` runs this, and its process ends once the report
    // is rendered: the listing of every walked path is left to the exit.
    if !free {
        std::mem::forget(discovered);
    }
    report
}

/// A scoped thread's result; its panic goes on unwinding here.
fn joined<T>(job: std::thread::ScopedJoinHandle<'_, T>) -> T {
    job.join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Diagnostic;
    use crate::source::Span;

    #[test]
    fn read_sized_reads_up_to_the_size_the_stat_gave() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.profile.json");
        std::fs::write(&path, b"0123456789").unwrap();
        let read = |size: u64| read_sized(&mut std::fs::File::open(&path).unwrap(), size).unwrap();
        assert_eq!(read(10), b"0123456789");
        // Appended to after the stat: read as it was.
        assert_eq!(read(4), b"0123");
        // Shrunk after the stat: read as it is.
        assert_eq!(read(64), b"0123456789");
        assert_eq!(read(0), b"");
    }

    #[test]
    fn scrubs_secrets_and_their_heads_from_every_text() {
        let mut src = SourceFile::new("a", "k1 AKIAQWERTYUIOPASDFGH k2 S3cr3tPassw0rd! x");
        src.add_secret(3..23);
        src.add_secret(27..42);
        src.add_secret(43..44); // too short to scrub
        let mut sources = BTreeMap::new();
        sources.insert("a".to_string(), src);
        let mut ds = vec![Diagnostic::new(
            &crate::rules::security::secret_value::RULE,
            "a",
            "key AKIAQWERTYUIOPASDFGH and S3cr3tPassw0rd! x",
        )
        .label("cut: AKIAQWER…")
        .help("S3cr3tPa")
        .with_label(Span::new(0, 1), "again AKIAQWERTYUIOPASDFGH")];
        scrub_secrets(&sources, &mut ds);
        let d = &ds[0];
        assert_eq!(d.message, "key **** and **** x");
        assert_eq!(d.label.as_deref(), Some("cut: ****…"));
        assert_eq!(d.help.as_deref(), Some("****"));
        assert_eq!(d.labels[0].text, "again ****");
    }

    #[test]
    fn scrubbing_many_secrets_is_linear() {
        let mut text = String::new();
        let mut ranges = Vec::new();
        for i in 0..20_000 {
            let start = text.len();
            text.push_str(&format!("AKIA{i:016} "));
            ranges.push(start..start + 20);
        }
        let mut src = SourceFile::new("a", text);
        for r in ranges {
            src.add_secret(r);
        }
        let mut sources = BTreeMap::new();
        sources.insert("a".to_string(), src);
        let mut ds: Vec<Diagnostic> = (0..20_000)
            .map(|i| {
                Diagnostic::new(
                    &crate::rules::security::secret_value::RULE,
                    "a",
                    format!("found AKIA{i:016}"),
                )
            })
            .collect();
        let start = std::time::Instant::now();
        scrub_secrets(&sources, &mut ds);
        assert!(start.elapsed() < std::time::Duration::from_secs(20));
        assert!(ds.iter().all(|d| d.message == "found ****"));
    }
}

//! Profiles: each file read, scanned for secrets, parsed and checked by the
//! profile rules (in parallel), then the repository-wide profile rules.

use crate::diagnostic::{Diagnostic, Report};
use crate::discover::Inventory;
use crate::error::Fatal;
use crate::json;
use crate::load::{read_source_stat, LoadedProfile};
use crate::redact;
use crate::rules::{profile, security};
use crate::settings::Settings;
use crate::source::SourceFile;

/// Loads, scans and lints one profile.
pub fn lint_profile(
    settings: &Settings,
    mut source: SourceFile,
    bad_utf8: Option<usize>,
) -> (SourceFile, Option<json::Value>, Vec<Diagnostic>) {
    let mut out = security::check(security::CHECKS, &mut source);
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

/// One profile as linted: its text when findings point into it, what the
/// run keeps of it, and its findings.
pub struct Linted {
    pub source: Option<SourceFile>,
    pub profile: LoadedProfile,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads and lints the profile at `rel` from the disk (or an editor's buffer).
pub fn lint_file(settings: &Settings, rel: &str) -> Result<Linted, Fatal> {
    let (source, bad, stat) = read_source_stat(settings, rel)?;
    Ok(lint_read(settings, source, bad, stat))
}

/// Lints a profile read by [`read_source_stat`].
pub fn lint_read(
    settings: &Settings,
    source: SourceFile,
    bad: Option<usize>,
    stat: Option<crate::git::FileStat>,
) -> Linted {
    let (source, value, diagnostics) = lint_profile(settings, source, bad);
    let profile = LoadedProfile {
        stat,
        staged: false,
        path: source.path.clone(),
        parsed: value.is_some(),
        agent_id: value
            .as_ref()
            .and_then(crate::model::profile::agent_id)
            .map(|(id, span)| (id.to_string(), span)),
    };
    let keep = Report::points_into(&diagnostics, &source.path);
    Linted {
        source: keep.then_some(source),
        profile,
        diagnostics,
    }
}

/// Lints the profiles of an inventory into `report`; returns them parsed.
pub fn lint_profiles(
    settings: &Settings,
    inventory: &Inventory,
    report: &mut Report,
) -> Result<Vec<LoadedProfile>, Fatal> {
    lint_profiles_by(inventory, report, |rel| lint_file(settings, rel).map(Some))
}

/// How many profiles [`lint_profiles_by`] lints before it takes their
/// results (a result holds a profile's text while it is being taken: 50,000
/// at once held 14 MB).
const PROFILE_CHUNK: usize = 2048;

/// [`lint_profiles`], each profile linted by `lint` (in parallel); one it
/// gives `None` for is left out (history lints it from the index).
pub fn lint_profiles_by(
    inventory: &Inventory,
    report: &mut Report,
    lint: impl Fn(&str) -> Result<Option<Linted>, Fatal> + Sync,
) -> Result<Vec<LoadedProfile>, Fatal> {
    use rayon::prelude::*;
    // Linted a chunk at a time (each in parallel, in order), so that only
    // one chunk of results is held beside what the run keeps of them.
    let paths: Vec<&String> = inventory.profiles.iter().collect();
    let mut loaded = Vec::with_capacity(paths.len());
    for chunk in paths.chunks(PROFILE_CHUNK) {
        let results: Vec<Option<Linted>> = chunk
            .par_iter()
            .map(|rel| lint(rel))
            .collect::<Result<_, Fatal>>()?;
        for linted in results.into_iter().flatten() {
            report.extend(linted.diagnostics);
            report.mark_linted(&linted.profile.path);
            loaded.push(linted.profile);
            if let Some(source) = linted.source {
                report.add_source(source);
            }
        }
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

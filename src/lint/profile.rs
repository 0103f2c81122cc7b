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

/// Lints the profiles of an inventory into `report`; returns them parsed.
pub fn lint_profiles(
    settings: &Settings,
    inventory: &Inventory,
    report: &mut Report,
) -> Result<Vec<LoadedProfile>, Fatal> {
    use rayon::prelude::*;
    let results: Vec<(Option<SourceFile>, LoadedProfile, Vec<Diagnostic>)> = inventory
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
            let keep = Report::points_into(&ds, &source.path);
            Ok((keep.then_some(source), loaded, ds))
        })
        .collect::<Result<_, Fatal>>()?;
    let mut loaded = Vec::with_capacity(results.len());
    for (source, profile, ds) in results {
        report.extend(ds);
        report.linted.insert(profile.path.clone());
        loaded.push(profile);
        if let Some(source) = source {
            report.add_source(source);
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

//! The audit of routing decision records (`decision/*`, SPEC §3 and §8):
//! each record read through [`crate::contents`] (the disk, an editor's
//! buffer, or the index with `--staged`),
//! scanned for secrets and parsed; the assigned profile and the
//! requirements read at the revisions the record names (the blob ids, else
//! the working tree, the index and every commit reachable from `HEAD`); the
//! match table built again from them; then every `decision/*` rule.

use super::index_side::IndexSide;
use crate::contents::Contents;
use crate::diagnostic::{Diagnostic, Report};
use crate::git::{ObjectId, Repo};
use crate::json::Value;
use crate::model::decision::{Record, Revision};
use crate::model::matching::{candidate, Bar};
use crate::model::requirements::{self, Requirements};
use crate::rules::decision::{self as rules, context::Audit, context::DecisionCx};
use crate::rules::security;
use crate::settings::Settings;
use crate::source::SourceFile;
use std::collections::HashSet;
use std::sync::Arc;

/// How many commits reachable from `HEAD` are searched for a profile
/// revision a record names when its blob is not in the repository.
const MAX_COMMITS: usize = 100_000;

/// Audits the records at `paths` into `report`. `settings`' contents are
/// the side judged (the index with `--staged`); `repo` is the run's
/// repository, when it has one open (else it is looked for).
pub fn audit(settings: &Settings, paths: &[String], repo: Option<&Repo>, report: &mut Report) {
    if paths.is_empty() {
        return;
    }
    let opened;
    let repo = match repo {
        Some(repo) => Some(repo),
        None => {
            opened = Repo::discover(&settings.root).ok().flatten();
            opened.as_ref()
        }
    };
    // The index, one of the places a record's profile is looked for, read
    // once for every record, as the index's side of the contents.
    let index = repo.and_then(|r| {
        let index = r.index().ok().flatten()?;
        let side = IndexSide::new(settings, Arc::new(index), r.prefix());
        Some(Contents::of_side(Arc::new(side)))
    });
    let git = repo.map(|r| (r, index.as_ref()));
    for rel in paths {
        let text = read_from(settings.contents(), settings, rel);
        let Some(bytes) = text else { continue };
        let (mut source, _) = SourceFile::from_bytes(rel.as_str(), bytes);
        let mut out = security::check(security::CHECKS, &mut source);
        crate::redact::learn_source(&source);
        match rules::invalid_record::parse(&source) {
            Err(d) => out.push(*d),
            Ok(record) => out.extend(audit_record(settings, git, &source, &record)),
        }
        report.mark_linted(rel);
        if !out.is_empty() {
            report.add_source(source);
        }
        report.extend(out);
    }
}

/// A repository and its index, read once per run.
type Git<'a> = Option<(&'a Repo, Option<&'a Contents>)>;

/// The file at `rel` as `contents` hold it, else as the disk does.
fn read_from(contents: &Contents, settings: &Settings, rel: &str) -> Option<Vec<u8>> {
    contents.read_with(rel, || std::fs::read(settings.open_path(rel)).ok())
}

fn oid(hex: &str) -> Option<ObjectId> {
    ObjectId::from_hex(hex.as_bytes()).ok()
}

/// The bytes of a file the record names: its blob when the repository has
/// it; else the working tree's copy when it has that blob id (or when the
/// record names no blob).
fn read_revision(
    settings: &Settings,
    repo: Option<&Repo>,
    rev: &Revision,
) -> Result<Vec<u8>, String> {
    let disk = || std::fs::read(settings.open_path(&rev.path.value)).ok();
    let Some(blob) = &rev.blob else {
        return disk().ok_or_else(|| format!("`{}` is not in the working tree", rev.path.value));
    };
    if let (Some(repo), Some(id)) = (repo, oid(&blob.value)) {
        if let Ok(bytes) = repo.blob(id) {
            return Ok(bytes);
        }
        if let Some(bytes) = disk() {
            if repo.hash_worktree(&repo.to_git(&rev.path.value), &bytes, Some(id), None) == id {
                return Ok(bytes);
            }
        }
    }
    Err(format!("no revision holds blob {}", blob.value))
}

fn holds(bytes: &[u8], agent_id: &str, version: &str) -> Option<Value> {
    let text = std::str::from_utf8(bytes).ok()?;
    let root = crate::model::profile::parse_json(text).ok()?;
    let id = crate::model::profile::agent_id(&root)?.0 == agent_id;
    let v = root.get("version").and_then(|m| m.value.as_str()) == Some(version);
    (id && v).then_some(root)
}

/// The assigned profile at the recorded `agent_id` and `version`.
fn find_profile(settings: &Settings, git: Git<'_>, record: &Record) -> Option<Value> {
    let repo = git.map(|(r, _)| r);
    let (id, version) = (&record.agent_id.value, &record.version.value);
    if let Ok(bytes) = read_revision(settings, repo, &record.profile) {
        if let Some(root) = holds(&bytes, id, version) {
            return Some(root);
        }
    }
    let path = &record.profile.path.value;
    if let Some(root) = std::fs::read(settings.open_path(path))
        .ok()
        .and_then(|b| holds(&b, id, version))
    {
        return Some(root);
    }
    let repo = repo?;
    let staged = git
        .and_then(|(_, index)| index)
        .and_then(|index| read_from(index, settings, path));
    if let Some(root) = staged.and_then(|b| holds(&b, id, version)) {
        return Some(root);
    }
    let head = repo.head().ok()??;
    let git_path = repo.to_git(path);
    let mut seen: HashSet<ObjectId> = HashSet::new();
    for commit in repo.ancestors(head, MAX_COMMITS).ok()? {
        let Ok(info) = repo.commit(commit) else {
            continue;
        };
        let Ok(Some(blob)) = repo.file_at(info.tree, &git_path) else {
            continue;
        };
        if !seen.insert(blob) {
            continue;
        }
        if let Some(root) = repo.blob(blob).ok().and_then(|b| holds(&b, id, version)) {
            return Some(root);
        }
    }
    None
}

fn read_requirements(
    settings: &Settings,
    repo: Option<&Repo>,
    record: &Record,
) -> Result<Requirements, String> {
    let bytes = read_revision(settings, repo, &record.requirements)?;
    let (mut source, _) = SourceFile::from_bytes(record.requirements.path.value.as_str(), bytes);
    // Scanned so that a secret in it is masked wherever a message quotes it.
    let _ = security::check(security::CHECKS, &mut source);
    crate::redact::learn_source(&source);
    requirements::parse(&source).map_err(|e| format!("it is not valid: {}", e.message))
}

/// Every `decision/*` rule on one parsed record.
fn audit_record(
    settings: &Settings,
    git: Git<'_>,
    source: &SourceFile,
    record: &Record,
) -> Vec<Diagnostic> {
    let repo = git.map(|(r, _)| r);
    let profile = find_profile(settings, git, record);
    let requirements = read_requirements(settings, repo, record);
    let recomputed = match (&requirements, &profile) {
        (Ok(req), Some(root)) => {
            let bar = Bar::new(
                req,
                record.as_of.value,
                settings.config.freshness_days,
                settings.config.min_evidence,
            );
            Some(candidate(
                req,
                bar,
                &record.profile.path.value,
                Some(root),
                0,
            ))
        }
        _ => None,
    };
    let audit = Audit {
        profile_found: profile.is_some(),
        requirements: requirements.as_ref().map_err(String::as_str),
        recomputed: recomputed.as_ref(),
    };
    let cx = DecisionCx {
        source,
        record,
        audit: &audit,
    };
    let mut out = Vec::new();
    for check in rules::CHECKS {
        check.record(&cx, &mut out);
    }
    out
}

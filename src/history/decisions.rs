//! The history rules of routing decision records (`history/decision-changed`,
//! `history/requirements-moved`): a committed record is final, and a record
//! added in the same change that moved its requirements is shown to the
//! reviewer. Judged against a `check` run's base ([`Session::review_decisions`])
//! and on every commit `caplint history` walks ([`commit`]).

use crate::diagnostic::{Diagnostic, Report};
use crate::git::{FileChange, ObjectId, Repo};
use crate::history::Session;
use crate::rules::history::context::{DecisionChange, DecisionChangeKind};
use crate::settings::Settings;
use crate::source::{SourceFile, Span};

/// Every history rule on one change of a record.
fn judge(path: &str, kind: DecisionChangeKind<'_>, out: &mut Vec<Diagnostic>) {
    let change = DecisionChange { path, kind };
    for check in crate::rules::history::CHECKS {
        check.decision(&change, out);
    }
}

/// The requirements path a record's text names, with its span.
fn requirements_of(rel: &str, bytes: Vec<u8>) -> Option<(String, Span)> {
    let (source, _) = SourceFile::from_bytes(rel, bytes);
    let root = crate::json::parse(&source.text).ok()?;
    let m = root.get("requirements")?.value.get("path")?;
    Some((m.value.as_str()?.to_string(), m.value.span))
}

impl Session<'_> {
    /// The head side's bytes of `rel`: the index's with `--staged`, else
    /// the disk's.
    fn head_bytes(&self, settings: &Settings, rel: &str) -> Option<Vec<u8>> {
        if self.is_staged() {
            self.staged_source(rel).map(|s| s.text.into_bytes())
        } else {
            std::fs::read(settings.open_path(rel)).ok()
        }
    }

    /// Whether the head side's `rel` differs from the blob `base` (`None`:
    /// the head side has no such file).
    fn differs(&self, settings: &Settings, rel: &str, base: ObjectId) -> Option<bool> {
        let repo = self.repo();
        let bytes = self.head_bytes(settings, rel)?;
        Some(repo.hash_worktree(&repo.to_git(rel), &bytes, Some(base), None) != base)
    }

    /// The decision records of the base against the head side: edited or
    /// deleted ones, and new ones (`paths`, the head side's records) whose
    /// requirements changed against the base.
    pub fn review_decisions(&self, settings: &Settings, paths: &[String], report: &mut Report) {
        let Some(tree) = self.base_tree() else {
            return;
        };
        let repo = self.repo();
        let descend = |dir: &str| {
            let name = dir.rsplit('/').next().unwrap_or(dir);
            !crate::settings::ALWAYS_SKIPPED.contains(&name)
        };
        let keep = |p: &str| {
            p.ends_with(".json")
                && repo
                    .from_git(p)
                    .is_some_and(|rel| settings.decision_globs.is_match(rel))
        };
        let Ok(base) = repo.list_files(tree, "", &descend, &keep, None, None) else {
            return;
        };
        let mut out = Vec::new();
        for (git_path, file) in &base {
            let Some(rel) = repo.from_git(git_path) else {
                continue;
            };
            if settings.is_excluded(rel) {
                continue;
            }
            match self.differs(settings, rel, file.id) {
                None => judge(rel, DecisionChangeKind::Deleted, &mut out),
                Some(true) => judge(rel, DecisionChangeKind::Edited, &mut out),
                Some(false) => {}
            }
        }
        for rel in paths {
            if base.contains_key(repo.to_git(rel).as_ref()) {
                continue;
            }
            let Some((req, span)) = self
                .head_bytes(settings, rel)
                .and_then(|b| requirements_of(rel, b))
            else {
                continue;
            };
            let Ok(Some(old)) = repo.file_at(tree, &repo.to_git(&req)) else {
                continue;
            };
            if self.differs(settings, &req, old).unwrap_or(true) {
                let kind = DecisionChangeKind::AddedWithMovedRequirements {
                    requirements: &req,
                    span,
                };
                judge(rel, kind, &mut out);
            }
        }
        report.extend(out);
    }
}

/// The history rules of the records one commit changed (`changes`, the
/// diff of its first parent's tree to its own), for `caplint history`.
pub fn commit(
    settings: &Settings,
    repo: &Repo,
    changes: &[FileChange],
) -> Vec<(Diagnostic, Option<SourceFile>)> {
    let mut out = Vec::new();
    let mut sources = Vec::new();
    for ch in changes.iter().filter(|c| !c.submodule) {
        let Some(rel) = repo.from_git(&ch.path) else {
            continue;
        };
        if !settings.decision_globs.is_match(rel) || settings.is_excluded(rel) {
            continue;
        }
        match (ch.old, ch.new) {
            (Some(_), Some(_)) => judge(rel, DecisionChangeKind::Edited, &mut out),
            (Some(_), None) => judge(rel, DecisionChangeKind::Deleted, &mut out),
            (None, Some(new)) => {
                let Ok(bytes) = repo.blob(new) else { continue };
                let Some((req, span)) = requirements_of(rel, bytes.clone()) else {
                    continue;
                };
                let git_req = repo.to_git(&req);
                if changes
                    .iter()
                    .any(|c| c.path == git_req && c.old.is_some() && !c.submodule)
                {
                    let kind = DecisionChangeKind::AddedWithMovedRequirements {
                        requirements: &req,
                        span,
                    };
                    judge(rel, kind, &mut out);
                    sources.push(SourceFile::from_bytes(rel, bytes).0);
                }
            }
            (None, None) => {}
        }
    }
    out.into_iter()
        .map(|d| {
            let source = sources.iter().find(|s| s.path == d.path).cloned();
            (d, source)
        })
        .collect()
}

//! `caplint match` and `caplint summary`: the routing decision of the
//! capability-profile document (workflow steps 1 and 9, the Output
//! Contract), on the profile model, the lint of each candidate and git.

use crate::app::emit::{EXIT_FINDINGS, EXIT_OK};
use crate::app::workspace::settings_for;
use crate::cli::{MatchArgs, MatchFormat, SummaryArgs};
use crate::error::Fatal;
use crate::git::Repo;
use crate::lint::candidates::{judge_all, judge_source, Judged};
use crate::model::claims::{self, Change};
use crate::model::decision::NewRecord;
use crate::model::matching::{ranking, Bar, Candidate, Fit};
use crate::model::requirements::{self, Requirements};
use crate::output;
use crate::render::matching::Matched;
use crate::settings::Settings;
use crate::source::SourceFile;
use std::path::Path;

/// The path of `path` (as typed) relative to the root, with `/`.
fn rel_to_root(settings: &Settings, path: &Path) -> String {
    let abs = std::env::current_dir()
        .map(|c| c.join(path))
        .unwrap_or_else(|_| path.to_path_buf());
    let canon = abs.canonicalize().unwrap_or(abs);
    let root = settings
        .root
        .canonicalize()
        .unwrap_or_else(|_| settings.root.clone());
    crate::source::rel_path(&root, &canon).unwrap_or_else(|| crate::source::slash_path(path))
}

/// Reads a regular file named on the command line (a FIFO or a device is
/// refused, so that nothing waits on it).
fn read_file(path: &Path) -> Result<Vec<u8>, Fatal> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Fatal::Io(format!("cannot read {}: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(Fatal::Io(format!(
            "{} is not a regular file",
            path.display()
        )));
    }
    std::fs::read(path).map_err(|e| Fatal::Io(format!("cannot read {}: {e}", path.display())))
}

/// The requirements file, parsed; a bad one is exit 2 with its span.
fn load_requirements(
    settings: &Settings,
    path: &Path,
) -> Result<(String, Vec<u8>, Requirements), Fatal> {
    let bytes = read_file(path)?;
    let rel = rel_to_root(settings, path);
    let (mut source, bad) = SourceFile::from_bytes(rel.as_str(), bytes.clone());
    if let Some(offset) = bad {
        return Err(Fatal::Input {
            span: Some(source.char_span_at(offset)),
            source: Box::new(source),
            message: "invalid requirements: the file is not UTF-8".into(),
            help: None,
        });
    }
    // A secret in it is masked wherever a message or table quotes it.
    let _ = crate::rules::security::check(crate::rules::security::CHECKS, &mut source);
    crate::redact::learn_source(&source);
    match requirements::parse(&source) {
        Ok(req) => Ok((rel, bytes, req)),
        Err(e) => Err(Fatal::Input {
            span: e.span,
            source: Box::new(source),
            message: format!("invalid requirements: {}", e.message),
            help: e.help,
        }),
    }
}

/// The git blob id of a file at `rel` holding `bytes`, as git would store
/// it (`None` outside git).
fn blob_id(repo: Option<&Repo>, rel: &str, bytes: &[u8]) -> Option<String> {
    let repo = repo?;
    let git_path = repo.to_git(rel);
    let staged = repo
        .index()
        .ok()
        .flatten()
        .and_then(|i| i.get(&git_path).map(|e| e.id));
    Some(
        repo.hash_worktree(&git_path, bytes, staged, staged)
            .to_string(),
    )
}

/// The names a requirement goes by in exceptions.
fn requirement_names(req: &Requirements) -> Vec<String> {
    req.skills
        .iter()
        .map(|s| format!("skill:{}", s.name))
        .chain(req.tools.iter().map(|t| format!("tool:{}", t.name)))
        .chain(req.rule_out_limits.iter().map(|p| format!("limit:{p}")))
        .collect()
}

/// `--exception 'REQ: reason'` values, checked against the requirements.
fn parse_exceptions(req: &Requirements, raw: &[String]) -> Result<Vec<(String, String)>, Fatal> {
    let names = requirement_names(req);
    let mut out: Vec<(String, String)> = Vec::new();
    for text in raw {
        let Some((name, reason)) = text.split_once(": ") else {
            return Err(Fatal::Usage(format!(
                "--exception `{text}` must be written 'REQUIREMENT: reason', e.g. 'tool:crm: writes go through a person'"
            )));
        };
        let (name, reason) = (name.trim(), reason.trim());
        if !names.iter().any(|n| n == name) {
            return Err(Fatal::Usage(format!(
                "--exception names `{name}`, which is not a requirement; the requirements are: {}",
                names.join(", ")
            )));
        }
        if reason.is_empty() {
            return Err(Fatal::Usage(format!(
                "--exception for `{name}` gives no reason: silent exceptions are not allowed"
            )));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(Fatal::Usage(format!(
                "--exception for `{name}` is given twice"
            )));
        }
        out.push((name.to_string(), reason.to_string()));
    }
    Ok(out)
}

/// `caplint match REQUIREMENTS [PROFILE...]`.
pub fn match_command(args: &MatchArgs) -> Result<u8, Fatal> {
    let settings = settings_for(
        std::slice::from_ref(&args.requirements),
        args.config.as_deref(),
        args.as_of.as_deref(),
    )?;
    let (req_rel, req_bytes, req) = load_requirements(&settings, &args.requirements)?;
    let inventory = crate::discover::discover(&settings, &args.profiles)?;
    let mut paths = inventory.profiles;
    paths.retain(|p| *p != req_rel);
    if paths.is_empty() {
        return Err(Fatal::Usage(
            "no candidate profile: name profiles after the requirements file, or run where `profiles:` globs find some".into(),
        ));
    }
    let bar = Bar::new(
        &req,
        settings.as_of,
        settings.config.freshness_days,
        settings.config.min_evidence,
    );
    let judged = judge_all(&settings, &req, bar, &paths)?;
    let candidates: Vec<Candidate> = judged.iter().map(|j| j.candidate.clone()).collect();
    let order = ranking(&candidates);
    let matched = Matched {
        requirements_path: &req_rel,
        requirements: &req,
        as_of: settings.as_of,
        freshness_days: bar.freshness_days,
        min_evidence: bar.min_evidence,
        candidates: &candidates,
        ranking: &order,
    };
    if let (Some(record_path), Some(assign)) = (&args.record, &args.assign) {
        let exceptions = parse_exceptions(&req, &args.exceptions)?;
        let written = record(
            &settings,
            &req_rel,
            &req_bytes,
            &req,
            &judged,
            assign,
            &exceptions,
            record_path,
        )?;
        output::stdout(&render(args.format, &matched));
        output::stderr(&format!("recorded the decision in {written}\n"));
        return Ok(EXIT_OK);
    }
    output::stdout(&render(args.format, &matched));
    Ok(if candidates.iter().any(|c| c.fit == Fit::Met) {
        EXIT_OK
    } else {
        EXIT_FINDINGS
    })
}

fn render(format: MatchFormat, m: &Matched<'_>) -> String {
    match format {
        MatchFormat::Human => crate::render::matching::human(m),
        MatchFormat::Markdown => crate::render::matching::markdown(m),
        MatchFormat::Json => crate::render::matching::json(m),
    }
}

/// Writes the decision record for `assign`, or refuses (exit 2) saying why.
#[allow(clippy::too_many_arguments)]
fn record(
    settings: &Settings,
    req_rel: &str,
    req_bytes: &[u8],
    req: &Requirements,
    judged: &[Judged],
    assign: &str,
    exceptions: &[(String, String)],
    path: &Path,
) -> Result<String, Fatal> {
    let Some(chosen) = judged
        .iter()
        .find(|j| j.candidate.agent_id.as_deref() == Some(assign))
    else {
        let ids: Vec<&str> = judged.iter().map(|j| j.candidate.label()).collect();
        return Err(Fatal::Usage(format!(
            "--assign `{assign}` is not a candidate; the candidates are: {}",
            ids.join(", ")
        )));
    };
    let c = &chosen.candidate;
    if c.fit == Fit::Invalid {
        return Err(Fatal::Usage(format!(
            "`{assign}` ({}) has {} lint error(s): it is not fit to route from; run `caplint check {}` and fix them first",
            c.path, c.errors, c.path
        )));
    }
    let silent: Vec<String> = c
        .unmet()
        .into_iter()
        .filter(|name| !exceptions.iter().any(|(n, _)| n == name))
        .collect();
    if !silent.is_empty() {
        let hint = silent
            .iter()
            .map(|n| format!("--exception '{n}: <reason>'"))
            .collect::<Vec<_>>()
            .join(" ");
        return Err(Fatal::Usage(format!(
            "`{assign}` does not meet {}: silent exceptions are not allowed; state each with its reason ({hint}), or assign another candidate",
            silent.join(", ")
        )));
    }
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(Fatal::Usage(format!(
            "{} already exists: a decision is final; record the new decision in a new file",
            path.display()
        )));
    }
    let repo = Repo::discover(&settings.root).ok().flatten();
    let compared: Vec<&Candidate> = judged
        .iter()
        .map(|j| &j.candidate)
        .filter(|x| !std::ptr::eq(*x, c))
        .collect();
    let new = NewRecord {
        decision: &req.decision,
        task: &req.task,
        requirements_path: req_rel,
        requirements_blob: blob_id(repo.as_ref(), req_rel, req_bytes),
        as_of: settings.as_of,
        assigned: c,
        assigned_blob: blob_id(repo.as_ref(), &c.path, chosen.source.text.as_bytes()),
        compared,
        exceptions,
    };
    let text = serde_json::to_string_pretty(&new.to_json()).unwrap_or_default() + "\n";
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Fatal::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    std::fs::write(path, crate::redact::mask(&text).as_bytes())
        .map_err(|e| Fatal::Io(format!("cannot write {}: {e}", path.display())))?;
    Ok(rel_to_root(settings, path))
}

/// `caplint summary PROFILE [--requirements FILE]`.
pub fn summary_command(args: &SummaryArgs) -> Result<u8, Fatal> {
    let settings = settings_for(
        std::slice::from_ref(&args.profile),
        args.config.as_deref(),
        args.as_of.as_deref(),
    )?;
    let bytes = read_file(&args.profile)?;
    let rel = rel_to_root(&settings, &args.profile);
    let loaded = match &args.requirements {
        Some(p) => Some(load_requirements(&settings, p)?),
        None => None,
    };
    let general = Requirements {
        task: String::new(),
        decision: "routing".into(),
        freshness_days: None,
        min_evidence: None,
        skills: Vec::new(),
        tools: Vec::new(),
        rule_out_limits: Vec::new(),
    };
    let req = loaded.as_ref().map_or(&general, |(_, _, r)| r);
    let bar = Bar::new(
        req,
        settings.as_of,
        settings.config.freshness_days,
        settings.config.min_evidence,
    );
    let (source, bad) = SourceFile::from_bytes(rel.as_str(), bytes.clone());
    let judged = judge_source(&settings, req, bar, source, bad);
    let check = crate::pycheck::run_bytes(&bytes, settings.as_of);
    let history = version_history(&settings, &rel);
    let mut findings = judged.diagnostics.clone();
    crate::diagnostic::sort(&mut findings);
    let lint: Vec<String> = findings
        .iter()
        .map(|d| {
            let (line, col) = d.span.map_or((1, 1), |s| judged.source.line_col(s.offset));
            format!(
                "{}:{line}:{col}: {}[{}] {}",
                d.path,
                d.severity.as_str(),
                d.rule.id,
                d.message
            )
        })
        .collect();
    let summary = crate::render::summary::Summary {
        candidate: &judged.candidate,
        profile_json: &crate::redact::source_text(&judged.source),
        as_of: settings.as_of,
        freshness_days: bar.freshness_days,
        check_output: &check.stdout,
        lint: &lint,
        requirements: loaded.as_ref().map(|(path, _, r)| (path.as_str(), r)),
        versions: &history,
        without_evidence: &without_evidence(&judged.source.text),
    };
    output::stdout(&crate::render::summary::markdown(&summary));
    Ok(if judged.candidate.errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    })
}

/// Claims with no evidence in the profile's text.
fn without_evidence(text: &str) -> Vec<String> {
    let Ok(root) = crate::model::profile::parse_json(text) else {
        return Vec::new();
    };
    crate::model::profile::EntryKind::ALL
        .into_iter()
        .flat_map(|k| k.entries(&root).collect::<Vec<_>>())
        .filter(|e| e.needs_evidence() && e.usable_evidence() == 0)
        .filter_map(|e| e.name().map(|(n, _)| format!("{} {n}", e.kind.noun())))
        .collect()
}

/// The profile's versions along HEAD's first-parent history, oldest first,
/// each with the claims it dropped or lowered against the one before.
fn version_history(settings: &Settings, rel: &str) -> Vec<crate::render::summary::Version> {
    let Some(repo) = Repo::discover(&settings.root).ok().flatten() else {
        return Vec::new();
    };
    let Some(head) = repo.head().ok().flatten() else {
        return Vec::new();
    };
    let git_path = repo.to_git(rel).into_owned();
    let mut revisions = Vec::new();
    let mut at = Some(head);
    let mut last_blob = None;
    while let Some(id) = at {
        let Ok(info) = repo.commit(id) else { break };
        let blob = repo.file_at(info.tree, &git_path).ok().flatten();
        if blob.is_some() && blob != last_blob {
            revisions.push((info.clone(), blob));
        }
        if blob.is_none() && !revisions.is_empty() {
            break;
        }
        last_blob = blob;
        at = info.parents.first().copied();
    }
    revisions.reverse();
    let mut out: Vec<crate::render::summary::Version> = Vec::new();
    let mut prev: Option<claims::Claims> = None;
    for (info, blob) in revisions {
        let Some(bytes) = blob.and_then(|b| repo.blob(b).ok()) else {
            continue;
        };
        let Some(root) = std::str::from_utf8(&bytes)
            .ok()
            .and_then(|t| crate::model::profile::parse_json(t).ok())
        else {
            continue;
        };
        let version = root
            .get("version")
            .and_then(|m| m.value.as_str())
            .unwrap_or("-")
            .to_string();
        let now = claims::Claims::of(&root);
        let downgrades: Vec<String> = match &prev {
            Some(old) => claims::diff(old, &now)
                .iter()
                .filter(|c| c.is_downgrade())
                .map(describe)
                .collect(),
            None => Vec::new(),
        };
        prev = Some(now);
        if out.last().is_some_and(|v| v.version == version) && downgrades.is_empty() {
            continue;
        }
        out.push(crate::render::summary::Version {
            version,
            commit: info.short_id(),
            date: info.date().to_string(),
            downgrades,
        });
    }
    out
}

fn describe(change: &Change) -> String {
    match change {
        Change::SkillRemoved { name, level } => format!("skill `{name}` ({level}) removed"),
        Change::Level { name, from, to } => format!("skill `{name}` lowered from {from} to {to}"),
        Change::ToolRemoved { name, access } => format!("tool `{name}` ({access}) removed"),
        Change::Access { name, from, to } => {
            format!("tool `{name}` access lowered from {from} to {to}")
        }
        Change::LimitRemoved(l) => format!("limit removed: {l}"),
        Change::EvidenceRemoved {
            on,
            kind,
            reference,
        } => format!("evidence {kind} `{reference}` removed from {on}"),
        other => format!("{:?}", other.kind()),
    }
}

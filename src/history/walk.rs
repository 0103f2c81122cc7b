//! `caplint history`: walk the first-parent commits (oldest first) that
//! touched a profile or a skill, judge each transition with the history
//! rules as of that commit's date, and keep per profile the versions and
//! downgrades seen.

use super::review::{self, ProfileReview, Status};
use super::side::{Ctx, Head};
use crate::diagnostic::Report;
use crate::diagnostic::{CommitRef, Diagnostic};
use crate::error::Fatal;
use crate::git::{CommitInfo, ObjectId, FETCH_DEPTH_HELP};
use crate::model::claims::Change;
use crate::source::SourceFile;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// A profile with at least this many versions and not one downgrade earns
/// a note: its rechecks are probably not being done.
pub const LONG_HISTORY: usize = 5;

/// One profile's history, as the walk saw it.
#[derive(Debug, Clone, Default)]
pub struct ProfileAudit {
    /// The latest path of the profile.
    pub path: String,
    pub agent_id: Option<String>,
    /// Each version the profile took, with the commit that set it.
    pub versions: Vec<(String, CommitRef)>,
    /// Claims lowered or withdrawn, with their commit.
    pub downgrades: Vec<(CommitRef, Change)>,
    /// Deleted in the last commit that touched it.
    pub deleted: bool,
}

/// Everything the walk found.
#[derive(Debug, Default)]
pub struct Audit {
    pub report: Report,
    /// Keyed by agent_id (or path when there is none), in first-seen order.
    pub profiles: Vec<ProfileAudit>,
    /// First-parent commits walked, and how many touched profiles or skills.
    pub commits: usize,
    pub relevant: usize,
    /// The walk stopped at a shallow clone's boundary.
    pub shallow: bool,
}

/// Which first-parent commits `caplint history` walks.
#[derive(Debug, Clone, Copy)]
pub enum Walk<'a> {
    /// From HEAD, back to `since` (exclusive) or the root.
    Head { since: Option<&'a str> },
    /// `[FROM..]TO`: from TO, back to the first commit FROM reaches (or the
    /// root), as git's `FROM..TO` on the first-parent chain.
    Range(&'a str),
}

/// Where the walk stops (that commit is the base of the first one judged).
enum Stop {
    Root,
    At(ObjectId),
    /// At the first commit not in the set (the range's commits).
    Outside(HashSet<ObjectId>),
}

impl Stop {
    fn reached(&self, id: ObjectId) -> bool {
        match self {
            Stop::Root => false,
            Stop::At(stop) => *stop == id,
            Stop::Outside(range) => !range.contains(&id),
        }
    }
}

/// Walks the first-parent chain from HEAD (back to `since`, exclusive).
pub fn audit(ctx: &Ctx<'_>, since: Option<&str>) -> Result<Audit, Fatal> {
    audit_walk(ctx, Walk::Head { since })
}

/// Walks the first-parent chain that `walk` names.
pub fn audit_walk(ctx: &Ctx<'_>, walk: Walk<'_>) -> Result<Audit, Fatal> {
    let repo = ctx.repo;
    let mut audit = Audit::default();
    let (head, stop) = match walk {
        Walk::Head { since } => {
            let Some(head) = repo.head()? else {
                audit
                    .report
                    .notes
                    .push("the repository has no commits yet".into());
                return Ok(audit);
            };
            (head, since_stop(repo, since, head)?)
        }
        Walk::Range(range) => {
            let (from, to) = parse_range(range)?;
            let head = repo.resolve(to)?;
            let stop = match from {
                Some(from) => Stop::Outside(repo.range_commits(repo.resolve(from)?, head)?),
                None => Stop::Root,
            };
            (head, stop)
        }
    };
    // The first-parent chain, newest first.
    let mut chain: Vec<CommitInfo> = Vec::new();
    let mut next = Some(head);
    let mut first_base: Option<(ObjectId, ObjectId)> = None;
    while let Some(id) = next {
        if stop.reached(id) {
            first_base = Some((id, repo.commit(id)?.tree));
            break;
        }
        let info = repo.commit(id)?;
        next = info.parents.first().copied();
        if let Some(p) = next.filter(|p| !repo.has_commit(*p)) {
            if !repo.is_shallow_boundary(info.id) {
                // Not a shallow clone's boundary: the object is lost.
                return Err(repo.missing_object(p, &format!("commit {}'s parent", info.short_id())));
            }
            // A shallow clone's boundary: the parent was never fetched.
            audit.shallow = true;
            next = None;
        }
        chain.push(info);
    }
    if audit.shallow {
        audit.report.notes.push(format!(
            "the clone is shallow: the audit starts at {}; to audit all of it, {FETCH_DEPTH_HELP}",
            chain.last().map_or_else(String::new, |c| c.short_id())
        ));
    }
    chain.reverse();
    audit.commits = chain.len();

    let mut index_of: HashMap<String, usize> = HashMap::new();
    // The base of each commit: its first parent (commit and tree).
    let mut prev = first_base;
    let mut skills_seen: BTreeSet<String> = BTreeSet::new();
    let mut files_seen: BTreeSet<String> = BTreeSet::new();
    // The plugin manifests of the tree before each commit.
    let mut manifests: BTreeSet<String> = first_base
        .map(|(_, t)| {
            crate::history::plugins::manifests_in(repo, t)
                .into_iter()
                .collect()
        })
        .unwrap_or_default();
    // Profiles that are symbolic links: judged by the file they show, which
    // may change in a commit that does not touch the link.
    let mut links: BTreeSet<String> = match first_base {
        Some((_, tree)) => ctx.tree_profile_links(tree)?,
        None => BTreeSet::new(),
    };
    // `None` before the root commit, or the first commit of a shallow clone.
    for commit in &chain {
        let touched = transition(
            ctx,
            commit,
            prev,
            &mut audit,
            &mut index_of,
            &mut skills_seen,
            &mut files_seen,
            &mut manifests,
            &mut links,
        )?;
        if touched {
            audit.relevant += 1;
        }
        prev = Some((commit.id, commit.tree));
    }
    audit.report.summary.profiles = audit.profiles.len();
    audit.report.summary.skills = skills_seen.len();
    audit.report.summary.files = files_seen.len();
    for p in &audit.profiles {
        if p.versions.len() >= LONG_HISTORY && p.downgrades.is_empty() && !p.deleted {
            audit.report.notes.push(format!(
                "{}: {} versions and not one claim lowered or withdrawn; a long history without downgrades suggests the rechecks are not being done",
                p.path,
                p.versions.len()
            ));
        }
    }
    Ok(audit)
}

/// The stop of `--since REV`: the merge-base of REV and HEAD.
fn since_stop(repo: &crate::git::Repo, since: Option<&str>, head: ObjectId) -> Result<Stop, Fatal> {
    let Some(rev) = since else {
        return Ok(Stop::Root);
    };
    let id = repo.resolve(rev)?;
    match repo.merge_base(id, head)? {
        Some(mb) => Ok(Stop::At(mb)),
        None => Err(Fatal::git(
            format!("`{rev}` shares no history with HEAD"),
            "name a commit on the current branch's history",
        )),
    }
}

/// `FROM..TO` or `TO`.
fn parse_range(range: &str) -> Result<(Option<&str>, &str), Fatal> {
    let bad = || {
        Fatal::Usage(format!(
            "--range must be `FROM..TO` or `TO` (two revisions), got `{range}`"
        ))
    };
    if range.contains("...") {
        return Err(bad());
    }
    match range.split_once("..") {
        Some((from, to)) if !from.is_empty() && !to.is_empty() => Ok((Some(from), to)),
        Some(_) => Err(bad()),
        None if range.is_empty() => Err(bad()),
        None => Ok((None, range)),
    }
}

/// Judges one commit against its first parent. Returns whether it touched
/// a profile or a skill.
#[allow(clippy::too_many_arguments)]
fn transition(
    ctx: &Ctx<'_>,
    commit: &CommitInfo,
    base: Option<(ObjectId, ObjectId)>,
    audit: &mut Audit,
    index_of: &mut HashMap<String, usize>,
    skills_seen: &mut BTreeSet<String>,
    files_seen: &mut BTreeSet<String>,
    manifests: &mut BTreeSet<String>,
    links: &mut BTreeSet<String>,
) -> Result<bool, Fatal> {
    let repo = ctx.repo;
    let base_tree = base.map(|(_, tree)| tree);
    if base_tree == Some(commit.tree) {
        return Ok(false);
    }
    let changes = repo.diff_trees(base_tree, Some(commit.tree), &|dir| ctx.descend_git(dir))?;
    // A path of an old revision may spell a secret (a file named after a
    // token, since renamed): the gate learns it before anything names it.
    let names: Vec<&str> = changes.iter().map(|c| c.path.as_str()).collect();
    crate::redact::learn(&names.join("\n"));
    let mut base_list = BTreeMap::new();
    let mut head_list = BTreeMap::new();
    let mut skill_dirs: BTreeSet<String> = BTreeSet::new();
    let mut dir_cache: HashMap<String, bool> = HashMap::new();
    for ch in &changes {
        let Some(rel) = repo.from_git(&ch.path) else {
            continue;
        };
        if !ctx.scope.contains(rel) {
            continue;
        }
        // A gitlink is no profile, whatever its name; it is content of the
        // skill folder it sits in.
        if ctx.is_profile(rel) && !ch.submodule {
            let linked = (ch.new.is_some() && ctx.is_link_in_tree(commit.tree, rel)?)
                || (ch.old.is_some()
                    && base_tree.map_or(Ok(false), |t| ctx.is_link_in_tree(t, rel))?);
            if linked {
                links.insert(rel.to_string());
                continue;
            }
            if let Some(id) = ch.old {
                base_list.insert(rel.to_string(), id);
            }
            if let Some(id) = ch.new {
                head_list.insert(rel.to_string(), id);
            }
            continue;
        }
        if let Some(base) = base_tree {
            if let Some(dir) = skill_dir_of(ctx, rel, base, commit.tree, &mut dir_cache)? {
                skill_dirs.insert(dir);
            }
        }
    }
    let mut decided: Vec<_> = crate::history::decisions::commit(ctx.settings, repo, &changes)
        .into_iter()
        .filter(|(d, _)| ctx.scope.contains(&d.path))
        .collect();
    crate::history::plugins::update_manifests(repo, manifests, &changes);
    if let (Some(base), false) = (base_tree, manifests.is_empty()) {
        let texts = |path: &str| -> Option<SourceFile> {
            let id = repo.file_at(commit.tree, &repo.to_git(path)).ok()??;
            Some(SourceFile::from_bytes(path, repo.blob(id).ok()?).0)
        };
        for d in crate::history::plugins::commit(ctx, base, commit.tree, manifests, &changes)? {
            if ctx.scope.contains(&d.path) {
                files_seen.insert(d.path.clone());
                let source = texts(&d.path);
                decided.push((d, source));
            }
        }
    }
    // Each linked profile, by the files it shows on both sides.
    for rel in links.iter() {
        let b = match base_tree {
            Some(t) => ctx.shown_in_tree(t, rel)?,
            None => None,
        };
        let h = ctx.shown_in_tree(commit.tree, rel)?;
        if b != h {
            if let Some(b) = b {
                base_list.insert(rel.clone(), b);
            }
            if let Some(h) = h {
                head_list.insert(rel.clone(), h);
            }
        }
    }
    links.retain(|rel| ctx.is_link_in_tree(commit.tree, rel).unwrap_or(false));
    if base_list.is_empty() && head_list.is_empty() && skill_dirs.is_empty() && decided.is_empty() {
        return Ok(false);
    }
    let head = Head::Tree(commit.tree);
    let at = commit.date();
    let cref = commit.to_ref();
    let base_commit = base.map(|(id, _)| id);
    let reviews = review::review_lists(
        ctx,
        &base_list,
        &head,
        &head_list,
        None,
        at,
        None,
        base_commit,
    )?;
    for r in &reviews {
        files_seen.insert(r.path.clone());
        record(audit, index_of, r, &cref);
    }
    let mut findings: Vec<(Diagnostic, Option<SourceFile>)> = decided;
    for r in reviews {
        let mut list = r.findings;
        // A declared_at set in this commit cannot be later than the commit.
        if r.status != Status::Deleted && r.declared_at.0 != r.declared_at.1 {
            if let Some(d) = r
                .declared_at
                .1
                .as_deref()
                .and_then(crate::date::Date::parse_ymd)
            {
                list.extend(crate::rules::profile::declared_in_future::after_commit(
                    &r.path,
                    d,
                    r.declared_span,
                    at,
                ));
            }
        }
        for d in list {
            findings.push((d, r.head_source.clone()));
        }
    }
    if let Some(base) = base_tree {
        for r in super::skill_review::review_commit_skills(ctx, base, commit.tree, &skill_dirs)? {
            {
                let dir = &r.dir;
                skills_seen.insert(dir.clone());
                files_seen.insert(crate::discover::join_rel(dir, crate::discover::SKILL_MD));
                for d in r.findings {
                    findings.push((d, r.head_source.clone()));
                }
            }
        }
    }
    for (mut d, source) in findings {
        d.commit = Some(Box::new(cref.clone()));
        if let (Some(mut source), Some(_)) = (source, d.span) {
            if source.path == d.path {
                let key = (cref.id.clone(), d.path.clone());
                audit.report.commit_sources.entry(key).or_insert_with(|| {
                    // Mask secrets in snippets of old revisions too.
                    let _ =
                        crate::rules::security::check(crate::rules::security::CHECKS, &mut source);
                    source
                });
            }
        }
        audit.report.push(d);
    }
    Ok(true)
}

/// The skill folder a changed file belongs to: the nearest folder above it
/// (or its own) that has a SKILL.md before or after the commit.
fn skill_dir_of(
    ctx: &Ctx<'_>,
    rel: &str,
    base: ObjectId,
    head: ObjectId,
    cache: &mut HashMap<String, bool>,
) -> Result<Option<String>, Fatal> {
    let mut dir = crate::discover::parent_of(rel);
    loop {
        let is_skill = match cache.get(&dir) {
            Some(v) => *v,
            None => {
                let md = crate::discover::join_rel(&dir, crate::discover::SKILL_MD);
                let v = ctx.tree_file(head, &md)?.is_some() || ctx.tree_file(base, &md)?.is_some();
                cache.insert(dir.clone(), v);
                v
            }
        };
        if is_skill {
            return Ok(Some(dir));
        }
        if dir.is_empty() {
            return Ok(None);
        }
        dir = crate::discover::parent_of(&dir);
    }
}

fn record(
    audit: &mut Audit,
    index_of: &mut HashMap<String, usize>,
    r: &ProfileReview,
    cref: &CommitRef,
) {
    let key = |path: &str| match &r.agent_id {
        Some(id) => format!("id:{id}"),
        None => format!("path:{path}"),
    };
    let k = key(&r.path);
    let i = match index_of.get(&k) {
        Some(i) => *i,
        None => {
            // A rename of a profile without agent_id keeps its old entry.
            let old = r
                .old_path
                .as_deref()
                .map(key)
                .and_then(|k| index_of.get(&k).copied());
            let i = old.unwrap_or_else(|| {
                audit.profiles.push(ProfileAudit::default());
                audit.profiles.len() - 1
            });
            index_of.insert(k, i);
            i
        }
    };
    let p = &mut audit.profiles[i];
    p.path = r.path.clone();
    p.agent_id = r.agent_id.clone().or(p.agent_id.take());
    p.deleted = r.status == Status::Deleted;
    if let Some(v) = &r.version.1 {
        if p.versions.last().map(|(last, _)| last) != Some(v) {
            p.versions.push((v.clone(), cref.clone()));
        }
    }
    if r.status != Status::Added {
        for c in r.changes.iter().filter(|c| c.is_downgrade()) {
            p.downgrades.push((cref.clone(), c.clone()));
        }
    }
}

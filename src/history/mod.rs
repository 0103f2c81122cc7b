//! History rules (SPEC §2–3): compare each profile and versioned skill with
//! its earlier revision and hold it to its promises — a claim change raises
//! the version, `declared_at` moves only with a recheck, `agent_id` never
//! changes, a profile is retired rather than deleted.
//!
//! [`open`] finds the base for `caplint check` in one of the history modes
//! and gives the [`Session`] that reviews the profiles, skills, plugins and
//! decision records against it; [`walk`] audits every commit for `caplint
//! history` (and `hooks/pre-receive`); `caplint diff` and `caplint history`
//! themselves are commands (`app/history.rs`).

pub mod ci;
pub mod decisions;
mod folder;
pub mod plugins;
pub mod review;
pub mod side;
pub mod skill_review;
pub mod walk;

use crate::diagnostic::Diagnostic;
use crate::diagnostic::Report;
use crate::discover::Inventory;
use crate::error::Fatal;
use crate::git::{Index, ObjectId, Repo, FETCH_DEPTH_HELP};
use crate::load::LoadedProfile;
use crate::settings::Settings;
use crate::settings::{CheckOptions, HistoryMode};
use crate::source::SourceFile;
use review::{ProfileReview, SkillReview, Tip};
use side::{Ctx, Head, Scope, WorkTree};
use std::collections::BTreeMap;

pub use ci::Env;

/// The one note printed when history rules cannot run outside git.
pub const NOT_A_REPO_NOTE: &str =
    "not inside a git repository: history rules were skipped (the other rules ran)";

/// The base of a comparison.
#[derive(Debug, Clone)]
pub struct Base {
    /// The commit compared against; `None` when HEAD has no commits yet.
    pub commit: Option<ObjectId>,
    pub tree: Option<ObjectId>,
    /// The target branch's tip, when it moved past the merge-base.
    pub tip: Option<Tip>,
    /// How to describe the base to a user (`HEAD`, `merge-base with origin/main`).
    pub label: String,
    /// Why CI chose this base, when it did (for a note).
    pub why: Option<String>,
}

impl Base {
    pub fn none(label: &str) -> Base {
        Base {
            commit: None,
            tree: None,
            tip: None,
            label: label.to_string(),
            why: None,
        }
    }

    pub(crate) fn at(repo: &Repo, commit: ObjectId, label: String) -> Result<Base, Fatal> {
        let info = repo.commit(commit)?;
        Ok(Base {
            commit: Some(commit),
            tree: Some(info.tree),
            tip: None,
            label,
            why: None,
        })
    }
}

/// The base for `--base REV` (or a configured or CI base): the merge-base of
/// REV and `head`, with REV's tip for `history/version-taken`.
pub fn merge_base_with(repo: &Repo, rev: &str, head: ObjectId) -> Result<Base, Fatal> {
    let target = repo.resolve(rev)?;
    merge_base_named(repo, target, rev, head)
}

/// [`merge_base_with`] for a resolved `target`, called `name` in messages.
pub fn merge_base_named(
    repo: &Repo,
    target: ObjectId,
    name: &str,
    head: ObjectId,
) -> Result<Base, Fatal> {
    let rev = name;
    let Some(mb) = repo.merge_base(target, head)? else {
        let help = if repo.is_shallow() {
            format!("this clone is shallow, so the common history of `{rev}` and HEAD is missing; {FETCH_DEPTH_HELP}")
        } else {
            format!("`{rev}` and HEAD share no history; name the branch this work started from")
        };
        return Err(Fatal::Git {
            message: format!("no merge-base between `{rev}` and HEAD"),
            help: Some(help),
        });
    };
    if !repo.has_commit(mb) {
        return Err(Fatal::git(
            format!("the merge-base of `{rev}` and HEAD ({mb}) is not in this clone"),
            FETCH_DEPTH_HELP,
        ));
    }
    let short = mb.to_hex_with_len(7).to_string();
    let label = if target == mb {
        format!("{rev} ({short})")
    } else {
        format!("the merge-base of {rev} and HEAD ({short})")
    };
    let mut base = Base::at(repo, mb, label)?;
    if target != mb {
        base.tip = Some(Tip {
            tree: repo.commit(target)?.tree,
            name: rev.to_string(),
        });
    }
    Ok(base)
}

/// Resolves the base for a history mode (SPEC §2). `head` is HEAD's commit.
pub fn resolve_base(
    repo: &Repo,
    settings: &Settings,
    mode: &HistoryMode,
    env: &Env,
) -> Result<Base, Fatal> {
    let Some(head) = repo.head()? else {
        // No commits yet: everything is new. A base named on the command
        // line must still exist.
        if let HistoryMode::Base(rev) = mode {
            repo.resolve(rev)?;
        }
        return Ok(Base::none("an empty repository"));
    };
    match mode {
        HistoryMode::Off => Ok(Base::none("nothing")),
        HistoryMode::Staged => Base::at(repo, head, "HEAD".into()),
        HistoryMode::Base(rev) => merge_base_with(repo, rev, head),
        HistoryMode::Auto => {
            // CI names the base (a pull request's target, a push's range)
            // before the configured `base`, as GITHUB_BASE_REF always did.
            if let Some(ci) = ci::base(repo, env, head)? {
                let mut base = ci.base;
                base.why = Some(ci.why);
                return Ok(base);
            }
            if let Some(rev) = &settings.config.base {
                return merge_base_with(repo, rev, head);
            }
            Base::at(repo, head, "HEAD".into())
        }
    }
}

/// History rules for `caplint check`, in three steps so that the linting
/// can run meanwhile: [`open`] the repository and find the base (before the
/// files are linted), review the profiles once they are linted, then the
/// skills, and [`Session::attach`] the findings.
///
/// The repository handle is not shared between threads, so a session stays
/// on the thread that opened it.
pub struct Session<'s> {
    settings: &'s Settings,
    repo: Repo,
    base: Base,
    index: Option<std::sync::Arc<Index>>,
    scope: Scope,
    staged: bool,
    /// Every file finding was judged on the staged text (the index-driven
    /// `--staged` run), not only the profiles'.
    all_staged: bool,
    /// The profiles of the base tree in scope: path → blob id (with
    /// `--staged`, only those outside [`Session::same_dirs`]).
    base_profiles: BTreeMap<String, ObjectId>,
    /// With `--staged`: the folders (git paths, sorted) the index holds as
    /// the base has them, whose profiles need no review.
    same_dirs: Vec<String>,
    /// The pairs of revisions judged before without a finding.
    memo: Option<std::sync::Arc<dyn review::Memo>>,
}

/// How many bytes of base blobs [`open`] reads ahead.
const PREFETCH_BUDGET: usize = 2 << 20;

/// Opens history for a `check` run: `None` when its mode is off, outside git
/// (a note says so), or when there is no base to compare with.
pub fn open<'s>(
    settings: &'s Settings,
    options: &CheckOptions,
    ci: &Env,
    notes: &mut Vec<String>,
) -> Result<Option<Session<'s>>, Fatal> {
    if options.history == HistoryMode::Off {
        return Ok(None);
    }
    let Some(repo) = Repo::discover(&settings.root)? else {
        // A comparison asked for by name cannot be skipped with a note: a
        // pre-commit hook or a CI step that compares nothing must not pass.
        let flag = match &options.history {
            HistoryMode::Staged => Some("--staged"),
            HistoryMode::Base(_) => Some("--base"),
            _ => None,
        };
        if let Some(flag) = flag {
            return Err(Fatal::git(
                format!("`{flag}` compares with git history, but no git repository could be opened here (its `.git` is missing or broken)"),
                "run caplint inside the repository's work tree, repair its `.git`, or use `--no-history` to lint the files alone",
            ));
        }
        notes.push(NOT_A_REPO_NOTE.into());
        return Ok(None);
    };
    if repo.is_bare() {
        return Err(Repo::no_work_tree("`caplint check` has no files to lint"));
    }
    open_repo(settings, options, ci, notes, repo, None, None)
}

/// [`open`] in a repository already opened (with a work tree), with its
/// index when it was read already, and a memo of the reviews that found
/// nothing before ([`review::Memo`]).
pub fn open_repo<'s>(
    settings: &'s Settings,
    options: &CheckOptions,
    ci: &Env,
    notes: &mut Vec<String>,
    repo: Repo,
    index: Option<Option<std::sync::Arc<Index>>>,
    memo: Option<std::sync::Arc<dyn review::Memo>>,
) -> Result<Option<Session<'s>>, Fatal> {
    let base = resolve_base(&repo, settings, &options.history, ci)?;
    if let Some(why) = &base.why {
        notes.push(format!("history base: {} ({why})", base.label));
    }
    if base.tree.is_none() {
        return Ok(None);
    }
    let index = match index {
        Some(index) => index,
        None => repo.index()?.map(std::sync::Arc::new),
    };
    let scope = Scope::of_paths(&settings.root, &options.paths);
    refuse_conflicts(&repo, index.as_deref(), &scope)?;
    // While the files are linted: list the base's profiles, and read the
    // base blobs of those the index shows changed (in a pre-commit run or a
    // branch, most of the ones that changed at all).
    let ctx = Ctx {
        repo: &repo,
        settings,
        scope: scope.clone(),
        index: index.as_deref(),
    };
    let staged = options.history == HistoryMode::Staged;
    let (base_profiles, same_dirs) = match (base.tree, index.as_deref()) {
        (Some(tree), Some(index)) if staged => ctx.tree_profiles_changed(tree, index)?,
        (Some(tree), _) => (ctx.tree_profiles(tree)?, Vec::new()),
        (None, _) => (BTreeMap::new(), Vec::new()),
    };
    if let Some(index) = &index {
        // Those the memo knows to find nothing are not read.
        let mut changed = Vec::new();
        for (rel, &bid) in &base_profiles {
            let Some(entry) = index.get(&repo.to_git(rel)) else {
                continue;
            };
            if entry.id == bid {
                continue;
            }
            if let Some(memo) = &memo {
                let pair = review::Pair {
                    path: rel,
                    base: bid,
                    head: entry.id,
                    tip: review::tip_revision(&ctx, base.tip.as_ref(), rel, Some(bid), entry.id)?,
                };
                if memo.found_nothing(&pair) {
                    continue;
                }
            }
            changed.push(bid);
        }
        repo.prefetch(changed, PREFETCH_BUDGET);
    }
    Ok(Some(Session {
        settings,
        scope,
        repo,
        base,
        index,
        staged,
        all_staged: false,
        base_profiles,
        same_dirs,
        memo,
    }))
}

/// A merge left unresolved is no state to judge: exit 2 naming the
/// conflicted files (in scope) of the index.
pub fn refuse_conflicts(repo: &Repo, index: Option<&Index>, scope: &Scope) -> Result<(), Fatal> {
    let Some(index) = index else { return Ok(()) };
    let conflicted: Vec<&str> = index
        .conflicts()
        .iter()
        .filter_map(|p| repo.from_git(p))
        .filter(|rel| scope.contains(rel))
        .collect();
    if conflicted.is_empty() {
        return Ok(());
    }
    let shown = conflicted.len().min(10);
    let more = match conflicted.len() - shown {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    Err(Fatal::git(
        format!(
            "the index has unmerged entries (a conflict) for {}{more}: history cannot tell what the next commit holds",
            conflicted[..shown].join(", ")
        ),
        "resolve the conflict and `git add` the files (or abort the merge), then run caplint again",
    ))
}

impl Session<'_> {
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            repo: &self.repo,
            settings: self.settings,
            scope: self.scope.clone(),
            index: self.index.as_deref(),
        }
    }

    /// Whether the git path lies in a folder the index holds as the base
    /// has it.
    fn in_same_dir(&self, path: &str) -> bool {
        if self.same_dirs.is_empty() {
            return false;
        }
        let held = |dir: &str| {
            self.same_dirs
                .binary_search_by(|d| d.as_str().cmp(dir))
                .is_ok()
        };
        held("") || path.match_indices('/').any(|(i, _)| held(&path[..i]))
    }

    /// Says that every file was linted as staged (skills too), so that a
    /// finding in a file whose working copy differs says so.
    pub fn all_linted_as_staged(&mut self) {
        self.all_staged = true;
    }

    /// The repository.
    pub fn repo(&self) -> &Repo {
        &self.repo
    }

    /// Whether the head side is the index (`--staged`).
    pub fn is_staged(&self) -> bool {
        self.staged
    }

    /// The base's tree, when there is a base.
    pub fn base_tree(&self) -> Option<ObjectId> {
        self.base.tree
    }

    /// The staged text of the file at `rel` (relative to the root), if the
    /// index holds it.
    pub fn staged_source(&self, rel: &str) -> Option<SourceFile> {
        let entry = self.index.as_deref()?.get(&self.repo.to_git(rel))?;
        if entry.link || entry.intent {
            return None;
        }
        let bytes = self.repo.blob(entry.id).ok()?;
        Some(SourceFile::from_bytes(rel, bytes).0)
    }

    /// The index `--staged` judges (empty when there is none yet).
    fn staged_index(&self) -> std::borrow::Cow<'_, Index> {
        match &self.index {
            Some(index) => std::borrow::Cow::Borrowed(&**index),
            None => std::borrow::Cow::Owned(Index::default()),
        }
    }

    /// Reviews the profiles against the base. `report` holds the profiles as
    /// linted; with `--staged`, profiles staged differently from the disk
    /// are linted again from the index first.
    pub fn review_profiles(
        &self,
        inventory: &Inventory,
        profiles: &[LoadedProfile],
        report: &mut Report,
    ) -> Result<Vec<ProfileReview>, Fatal> {
        let ctx = self.ctx();
        let (tip, as_of) = (self.base.tip.as_ref(), self.settings.as_of);
        if self.staged {
            let index = self.staged_index();
            let mut head_list;
            if self.all_staged {
                // Every profile was linted as staged but those flagged
                // otherwise; the folders held as the base has them need
                // no review.
                head_list = Head::Index(&index).profiles_outside(&ctx, &self.same_dirs);
                let mut relint = head_list.clone();
                // Outside a sparse checkout: not on disk, and not linted.
                for (path, e) in index.iter().filter(|(_, e)| e.skip && !e.intent && !e.link) {
                    if let Some(rel) = self.repo.from_git(path).filter(|r| ctx.is_profile(r)) {
                        relint.insert(rel.to_string(), e.id);
                    }
                }
                for p in profiles.iter().filter(|p| !p.staged) {
                    if let Some(e) = index.get(&self.repo.to_git(&p.path)) {
                        if !e.intent && !e.link {
                            relint.insert(p.path.clone(), e.id);
                        }
                    }
                }
                relint_staged(&ctx, &index, &relint, profiles, report)?;
            } else {
                head_list = Head::Index(&index).profiles(&ctx)?;
                relint_staged(&ctx, &index, &head_list, profiles, report)?;
                // Staged as the base has them: nothing to review.
                head_list.retain(|rel, _| !self.in_same_dir(&self.repo.to_git(rel)));
            }
            return review::review_lists(
                &ctx,
                &self.base_profiles,
                &Head::Index(&index),
                &head_list,
                tip,
                as_of,
                self.memo.as_deref(),
                self.base.commit,
            );
        }
        let head = Head::Work(WorkTree::new(
            inventory,
            &report.sources,
            profiles,
            self.index.as_deref(),
        ));
        let head_list = head.profiles(&ctx)?;
        review::review_lists(
            &ctx,
            &self.base_profiles,
            &head,
            &head_list,
            tip,
            as_of,
            self.memo.as_deref(),
            self.base.commit,
        )
    }

    /// Reviews the skills against the base. It needs nothing from the
    /// linting: folders are read through the index and from the disk.
    pub fn review_skills(&self, inventory: &Inventory) -> Result<Vec<SkillReview>, Fatal> {
        let ctx = self.ctx();
        let tip = self.base.tip.as_ref();
        if self.staged {
            let index = self.staged_index();
            let same = |dir: &str| self.in_same_dir(&format!("{}/", self.repo.to_git(dir)));
            return skill_review::review_skills_but(
                &ctx,
                self.base.tree,
                &Head::Index(&index),
                tip,
                &same,
            );
        }
        let no_sources = BTreeMap::new();
        let head = Head::Work(WorkTree::new(
            inventory,
            &no_sources,
            &[],
            self.index.as_deref(),
        ));
        skill_review::review_skills(&ctx, self.base.tree, &head, tip)
    }

    /// Adds the reviews' findings to the (complete) report.
    pub fn attach(
        &self,
        report: &mut Report,
        profiles: Vec<ProfileReview>,
        skills: Vec<SkillReview>,
    ) {
        attach(report, profiles, skills, self.staged);
        if self.staged {
            self.note_partly_staged(report);
        }
    }

    /// With `--staged`, a finding judged on a staged text that differs from
    /// the working copy says so: the editor shows the working copy. History
    /// findings always judge the staged text; a profile's file findings do
    /// too (it is linted again from the index).
    fn note_partly_staged(&self, report: &mut Report) {
        let ctx = self.ctx();
        let mut differs: BTreeMap<String, bool> = BTreeMap::new();
        for d in &mut report.diagnostics {
            let judged_staged =
                self.all_staged || d.rule.id.starts_with("history/") || ctx.is_profile(&d.path);
            if !judged_staged || d.path.is_empty() {
                continue;
            }
            let partly = *differs.entry(d.path.clone()).or_insert_with(|| {
                let Some(entry) = self
                    .index
                    .as_deref()
                    .and_then(|i| i.get(&self.repo.to_git(&d.path)))
                else {
                    return false;
                };
                match std::fs::read(self.settings.open_path(&d.path)) {
                    Ok(bytes) => {
                        ctx.hash_work(&d.path, &bytes, Some(entry.id), Some(entry.id)) != entry.id
                    }
                    Err(_) => true,
                }
            });
            if partly {
                let note = format!(
                    "this is the staged copy of {} (what the commit will hold); the working copy differs: `git add` it to judge that",
                    d.path
                );
                d.help = Some(match d.help.take() {
                    Some(h) => format!("{h}\nnote: {note}"),
                    None => note,
                });
            }
        }
    }
}

/// Profiles and skills of the head side reviewed against the base.
pub fn review_all(
    ctx: &Ctx<'_>,
    base: &Base,
    head: &Head<'_>,
) -> Result<(Vec<ProfileReview>, Vec<SkillReview>), Fatal> {
    let profiles = review::review_profiles(
        ctx,
        base.tree,
        head,
        base.tip.as_ref(),
        ctx.settings.as_of,
        base.commit,
    )?;
    let skills = skill_review::review_skills(ctx, base.tree, head, base.tip.as_ref())?;
    Ok((profiles, skills))
}

/// Adds the reviews' findings to the report, with the head texts their spans
/// point into. A staged text that differs from the file on disk (which the
/// skill rules read) keeps its finding but loses the span.
fn attach(
    report: &mut Report,
    profiles: Vec<ProfileReview>,
    skills: Vec<SkillReview>,
    staged: bool,
) {
    let items = profiles
        .into_iter()
        .map(|r| (r.findings, r.head_source))
        .chain(skills.into_iter().map(|r| (r.findings, r.head_source)));
    for (findings, source) in items {
        for d in findings {
            let d = place(report, d, source.as_ref(), staged);
            report.push(d);
        }
    }
}

fn place(
    report: &mut Report,
    mut d: Diagnostic,
    source: Option<&SourceFile>,
    staged: bool,
) -> Diagnostic {
    let Some(source) = source else {
        return d;
    };
    if d.path != source.path || d.span.is_none() {
        return d;
    }
    match report.sources.get(&d.path) {
        None => report.add_source(source.clone()),
        Some(existing) if existing.text == source.text => {}
        Some(_) => {
            d.span = None;
            d.label = None;
            // The fix's offsets point into a text that is not the file.
            d.fix = None;
            if staged {
                d.message.push_str(" (in the staged version)");
            }
        }
    }
    d
}

/// `--staged` judges what will be committed: a profile whose staged text
/// differs from the file on disk is linted again from the index, and its
/// findings replace those of the file on disk.
fn relint_staged(
    ctx: &Ctx<'_>,
    index: &Index,
    staged: &BTreeMap<String, ObjectId>,
    profiles: &[LoadedProfile],
    report: &mut Report,
) -> Result<(), Fatal> {
    // The profiles linted from the work tree, with their stat data as read.
    let linted: std::collections::HashMap<&str, &LoadedProfile> =
        profiles.iter().map(|p| (p.path.as_str(), p)).collect();
    for (rel, &id) in staged {
        let rel = rel.clone();
        let was_linted = linted.get(rel.as_str()).map(|p| p.stat);
        // Linted as its staged content already.
        if linted.get(rel.as_str()).is_some_and(|p| p.staged) {
            continue;
        }
        // Unchanged since staged, by the stat data taken when it was read.
        if let (Some(Some(stat)), Some(e)) = (was_linted, index.get(&ctx.repo.to_git(&rel))) {
            if !e.link && e.id == id && e.matches_stat(&stat) {
                continue;
            }
        }
        // The text as linted: kept by the report when it has findings, else
        // read again.
        let linted_text = match report.sources.get(&rel) {
            Some(s) => Some(s.text.clone()),
            None if was_linted.is_some() => crate::load::read_source(ctx.settings, &rel)
                .ok()
                .map(|(s, _)| s.text),
            None => None,
        };
        // Staged as it is on disk (the common case): nothing to read.
        if linted_text
            .as_ref()
            .is_some_and(|t| ctx.repo.hash_blob(t.as_bytes()) == id)
        {
            continue;
        }
        let bytes = ctx.repo.blob(id)?;
        if linted_text
            .as_ref()
            .is_some_and(|t| t.as_bytes() == bytes.as_slice())
        {
            continue;
        }
        let known = report.sources.contains_key(&rel) || was_linted.is_some();
        let (source, bad) = SourceFile::from_bytes(rel.clone(), bytes);
        let (source, _value, ds) = crate::lint::profile::lint_profile(ctx.settings, source, bad);
        report.diagnostics.retain(|d| {
            d.path != rel || d.rule == &crate::rules::profile::duplicate_agent_id::RULE
        });
        report.extend(ds);
        report.add_source(source);
        if !known {
            report.summary.profiles += 1;
        }
    }
    Ok(())
}

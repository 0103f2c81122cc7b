//! `caplint diff` and `caplint history`: argument handling, running, and
//! picking the exit code. The judging lives in [`crate::history::review`] and
//! [`crate::history::walk`]; the text comes from the renderers.

use crate::app::emit;
use crate::app::workspace;
use crate::cli::{DiffArgs, DiffFormat, HistoryArgs};
use crate::diagnostic::Report;
use crate::error::Fatal;
use crate::git::Repo;
use crate::history::review::{ClaimReview, ProfileReview, SkillReview};
use crate::history::side::{Ctx, Head, Scope, WorkTree};
use crate::history::{ci, merge_base_with, plugins, review_all, walk, Base};
use crate::output;
use crate::render::{self, Format};
use crate::settings::Settings;

fn not_a_repo(command: &str) -> Fatal {
    Fatal::git(
        format!("not inside a git repository: `caplint {command}` reads git history"),
        "run it inside a clone of the repository (or set GIT_DIR)",
    )
}

/// The default base of `caplint diff` outside CI: the branch this work will
/// merge into.
fn default_base(repo: &Repo) -> Option<String> {
    let mut candidates: Vec<String> = Vec::new();
    if let Some(up) = repo.upstream() {
        candidates.push(up);
    }
    for c in [
        "origin/HEAD",
        "origin/main",
        "origin/master",
        "main",
        "master",
    ] {
        candidates.push(c.to_string());
    }
    candidates
        .into_iter()
        .find(|c| repo.try_resolve(c).is_some())
        .map(|c| {
            c.strip_prefix("refs/remotes/")
                .map(str::to_string)
                .unwrap_or(c)
        })
}

/// Runs `caplint diff` and returns the review (without printing).
pub fn run_diff(settings: &Settings, args: &DiffArgs) -> Result<ClaimReview, Fatal> {
    let repo = Repo::discover(&settings.root)?.ok_or_else(|| not_a_repo("diff"))?;
    let env = crate::app::workspace::ci_env();
    let ctx = Ctx {
        repo: &repo,
        settings,
        scope: Scope::all(),
        index: None,
    };
    let head_commit = match &args.head {
        Some(rev) => Some(repo.resolve(rev)?),
        None => repo.head()?,
    };
    let base = match (&args.base, head_commit) {
        (base, None) => {
            // No commits yet: everything is new, but a named base must exist.
            if let Some(rev) = base {
                repo.resolve(rev)?;
            }
            Base::none("an empty repository")
        }
        (Some(rev), Some(head)) => merge_base_with(&repo, rev, head)?,
        // CI names the base as it does for `check`; else the upstream.
        (None, Some(head)) => match ci::base(&repo, &env, head)? {
            Some(ci) => Base {
                why: Some(ci.why),
                ..ci.base
            },
            None => match default_base(&repo) {
                Some(rev) => merge_base_with(&repo, &rev, head)?,
                None => {
                    return Err(Fatal::git(
                        "no base to compare with: the branch has no upstream, and there is no origin/HEAD, origin/main, origin/master, main or master",
                        "name the base: `caplint diff BASE` (e.g. `caplint diff origin/develop`)",
                    ))
                }
            },
        },
    };
    let mut report = Report::default();
    let mut plugin_findings = Vec::new();
    let (profiles, skills, plugins, head_label) = match &args.head {
        Some(rev) => {
            let tree = repo.commit(head_commit.expect("resolved above"))?.tree;
            let head = Head::Tree(tree);
            let (p, s) = review_all(&ctx, &base, &head)?;
            let paths = plugins::manifests_in(&repo, tree);
            let head_manifests = plugins::parse_at(&repo, tree, &paths);
            let reviews =
                plugin_reviews(&ctx, &base, &head, &head_manifests, &mut plugin_findings)?;
            (p, s, reviews, rev.clone())
        }
        None => {
            if repo.is_bare() {
                return Err(Repo::no_work_tree(
                    "name both revisions: `caplint diff BASE HEAD`",
                ));
            }
            let inventory = crate::discover::discover(settings, &[])?;
            let mut loaded_report = Report::default();
            let loaded =
                crate::lint::profile::lint_profiles(settings, &inventory, &mut loaded_report)?;
            let index = repo.index()?;
            crate::history::refuse_conflicts(&repo, index.as_ref(), &Scope::all())?;
            let head = Head::Work(WorkTree::new(
                &inventory,
                &loaded_report.sources,
                &loaded,
                index.as_ref(),
            ));
            let (p, s) = review_all(&ctx, &base, &head)?;
            let head_manifests = plugins::parse_disk(settings, &inventory.manifests);
            let reviews =
                plugin_reviews(&ctx, &base, &head, &head_manifests, &mut plugin_findings)?;
            (p, s, reviews, "the working tree".to_string())
        }
    };
    for d in plugin_findings {
        if d.span.is_some() && !report.sources.contains_key(&d.path) {
            if let Some(text) = match &args.head {
                Some(_) => head_commit
                    .and_then(|c| repo.commit(c).ok())
                    .and_then(|c| repo.file_at(c.tree, &repo.to_git(&d.path)).ok().flatten())
                    .and_then(|id| repo.blob(id).ok()),
                None => std::fs::read(settings.open_path(&d.path)).ok(),
            } {
                report.add_source(crate::source::SourceFile::from_bytes(d.path.as_str(), text).0);
            }
        }
        report.push(d);
    }
    let mut skills = skills;
    skills.retain(SkillReview::is_shown);
    for r in &profiles {
        for d in &r.findings {
            if let (Some(src), Some(_)) = (&r.head_source, d.span) {
                if src.path == d.path && !report.sources.contains_key(&d.path) {
                    report.add_source(src.clone());
                }
            }
            report.push(d.clone());
        }
    }
    for r in &skills {
        for d in &r.findings {
            if let (Some(src), Some(_)) = (&r.head_source, d.span) {
                if src.path == d.path && !report.sources.contains_key(&d.path) {
                    report.add_source(src.clone());
                }
            }
            report.push(d.clone());
        }
    }
    report.summary.profiles = profiles.len();
    report.summary.skills = skills.len();
    report.summary.files = profiles.len() + skills.len() + plugins.len();
    report.finish(settings);
    let (mut profiles, mut skills) = (profiles, skills);
    mask_reviews(&mut profiles, &mut skills);
    Ok(ClaimReview {
        base_label: base.label.clone(),
        base_commit: base.commit.map(|c| c.to_string()),
        base_why: base.why.clone(),
        head_label,
        head_commit: if args.head.is_some() {
            head_commit.map(|c| c.to_string())
        } else {
            None
        },
        profiles,
        skills,
        plugins,
        report,
    })
}

/// The plugins of the head side reviewed against the base.
fn plugin_reviews(
    ctx: &Ctx<'_>,
    base: &Base,
    head: &Head<'_>,
    head_manifests: &[crate::model::plugin::Parsed],
    findings: &mut Vec<crate::diagnostic::Diagnostic>,
) -> Result<Vec<crate::history::review::PluginReview>, Fatal> {
    let Some(tree) = base.tree else {
        return Ok(Vec::new());
    };
    let paths: Vec<String> = head_manifests.iter().map(|m| m.path.clone()).collect();
    let base_manifests = plugins::parse_at(ctx.repo, tree, &paths);
    let tip = base
        .tip
        .as_ref()
        .map(|t| (plugins::parse_at(ctx.repo, t.tree, &paths), t.name.clone()));
    let tip_ref = tip.as_ref().map(|(m, n)| (m.as_slice(), n.as_str()));
    plugins::judge(
        ctx,
        tree,
        head,
        head_manifests,
        &base_manifests,
        tip_ref,
        &|_, _| true,
        findings,
    )
}

/// Masks every secret the run read in the texts the reviews quote (claim
/// values, ids, versions, names, findings), before any renderer sees them.
/// (Paths stay as they are: findings are matched to reviews by path; the
/// output gate masks them.)
fn mask_reviews(profiles: &mut [ProfileReview], skills: &mut [SkillReview]) {
    let Some(r) = crate::redact::current() else {
        return;
    };
    let opt = |v: &mut Option<String>| {
        if let Some(s) = v {
            r.mask_in_place(s);
        }
    };
    for p in profiles {
        opt(&mut p.agent_id);
        opt(&mut p.version.0);
        opt(&mut p.version.1);
        opt(&mut p.declared_at.0);
        opt(&mut p.declared_at.1);
        opt(&mut p.retired_at);
        for c in &mut p.changes {
            for t in c.texts_mut() {
                r.mask_in_place(t);
            }
        }
        crate::diagnostic::scrub_with(&r, &mut p.findings);
    }
    for s in skills {
        opt(&mut s.name.0);
        opt(&mut s.name.1);
        opt(&mut s.version.0);
        opt(&mut s.version.1);
        crate::diagnostic::scrub_with(&r, &mut s.findings);
    }
}

/// Masks every secret the run read in what the audit footer quotes (ids,
/// versions seen, downgraded claims, commit subjects).
fn mask_audit(profiles: &mut [walk::ProfileAudit]) {
    let Some(r) = crate::redact::current() else {
        return;
    };
    for p in profiles {
        if let Some(id) = &mut p.agent_id {
            r.mask_in_place(id);
        }
        for (v, c) in &mut p.versions {
            r.mask_in_place(v);
            r.mask_in_place(&mut c.subject);
        }
        for (c, change) in &mut p.downgrades {
            r.mask_in_place(&mut c.subject);
            for t in change.texts_mut() {
                r.mask_in_place(t);
            }
        }
    }
}

/// `caplint diff [BASE] [HEAD]`.
pub fn diff_command(args: &DiffArgs) -> Result<u8, Fatal> {
    let settings = workspace::settings_for(&[], args.config.as_deref(), args.as_of.as_deref())?;
    let review = run_diff(&settings, args)?;
    if let (Some(why), false) = (&review.base_why, args.quiet) {
        output::stderr(&format!("note: base: {} ({why})\n", review.base_label));
    }
    let text = match args.format {
        DiffFormat::Human => render::diff::human(&review, crate::app::emit::style(args.color)),
        DiffFormat::Markdown => render::diff_markdown::render(&review),
        DiffFormat::Json => render::diff::json(&review),
    };
    output::stdout(&text);
    Ok(if review.errors() > 0 {
        emit::EXIT_FINDINGS
    } else {
        emit::EXIT_OK
    })
}

/// `caplint history [PATH...] [--since REV]`.
pub fn history_command(args: &HistoryArgs) -> Result<u8, Fatal> {
    let settings = workspace::settings_for(
        &args.paths,
        args.common.config.as_deref(),
        args.common.as_of.as_deref(),
    )?;
    let repo = Repo::discover(&settings.root)?.ok_or_else(|| not_a_repo("history"))?;
    let ctx = Ctx {
        repo: &repo,
        settings: &settings,
        scope: Scope::of_paths(&settings.root, &args.paths),
        index: None,
    };
    let how = match &args.range {
        Some(range) => walk::Walk::Range(range),
        None => walk::Walk::Head {
            since: args.since.as_deref(),
        },
    };
    let mut audit = walk::audit_walk(&ctx, how)?;
    audit.report.finish(&settings);
    mask_audit(&mut audit.profiles);
    let audit_table = render::audit::audit(&audit);
    let extra = (args.common.format.unwrap_or(Format::Human) == Format::Human)
        .then_some(audit_table.as_str());
    let fail_empty = emit::warn_if_empty(&audit.report, &settings, &args.paths, &args.common);
    let code = emit::emit_with(&audit.report, &args.common, &settings.root, extra)?;
    Ok(if fail_empty {
        code.max(emit::EXIT_FINDINGS)
    } else {
        code
    })
}

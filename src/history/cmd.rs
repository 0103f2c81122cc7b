//! `caplint diff` and `caplint history`: argument handling, running, and
//! picking the exit code. The judging lives in [`super::review`] and
//! [`super::walk`]; the text comes from the renderers.

use super::review::{ProfileReview, SkillReview};
use super::side::{Ctx, Head, Scope, WorkTree};
use super::{merge_base_with, review_all, walk, Base, Env};
use crate::app;
use crate::check::Report;
use crate::cli::{DiffArgs, DiffFormat, HistoryArgs};
use crate::config::Settings;
use crate::diagnostic::Severity;
use crate::error::Fatal;
use crate::git::Repo;
use crate::output;
use crate::render::{self, Format, Style};

/// The outcome of `caplint diff`: the reviewed changes and their verdict.
#[derive(Debug)]
pub struct ClaimReview {
    /// How the base was chosen (`merge-base with origin/main (abc1234)`).
    pub base_label: String,
    pub base_commit: Option<String>,
    /// `the working tree` or the HEAD revision as given.
    pub head_label: String,
    pub head_commit: Option<String>,
    pub profiles: Vec<ProfileReview>,
    pub skills: Vec<SkillReview>,
    /// The history rules' findings, severities applied.
    pub report: Report,
}

impl ClaimReview {
    /// Findings about one file, in output order.
    pub fn findings_for<'a>(
        &'a self,
        path: &'a str,
    ) -> impl Iterator<Item = &'a crate::diagnostic::Diagnostic> + 'a {
        self.report
            .diagnostics
            .iter()
            .filter(move |d| d.path == path)
    }

    pub fn errors(&self) -> usize {
        self.report.summary.errors
    }
}

fn not_a_repo(command: &str) -> Fatal {
    Fatal::git(
        format!("not inside a git repository: `caplint {command}` reads git history"),
        "run it inside a clone of the repository (or set GIT_DIR)",
    )
}

/// The default base of `caplint diff`: the branch this work will merge into.
fn default_base(repo: &Repo, env: &Env) -> Option<String> {
    let mut candidates: Vec<String> = Vec::new();
    if let Some(b) = &env.github_base_ref {
        candidates.push(format!("origin/{b}"));
    }
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
    let env = Env::from_process();
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
        (None, Some(head)) => match default_base(&repo, &env) {
            Some(rev) => merge_base_with(&repo, &rev, head)?,
            None => {
                return Err(Fatal::git(
                    "no base to compare with: the branch has no upstream, and there is no origin/HEAD, origin/main, origin/master, main or master",
                    "name the base: `caplint diff BASE` (e.g. `caplint diff origin/develop`)",
                ))
            }
        },
    };
    let mut report = Report::default();
    let (profiles, skills, head_label) = match &args.head {
        Some(rev) => {
            let tree = repo.commit(head_commit.expect("resolved above"))?.tree;
            let head = Head::Tree(tree);
            let (p, s) = review_all(&ctx, &base, &head)?;
            (p, s, rev.clone())
        }
        None => {
            if repo.is_bare() {
                return Err(Repo::no_work_tree(
                    "name both revisions: `caplint diff BASE HEAD`",
                ));
            }
            let inventory = crate::discover::discover(settings, &[])?;
            let mut loaded_report = Report::default();
            let loaded = crate::check::lint_profiles(settings, &inventory, &mut loaded_report)?;
            let index = repo.index()?;
            super::refuse_conflicts(&repo, index.as_ref(), &Scope::all())?;
            let head = Head::Work(WorkTree::new(
                &inventory,
                &loaded_report.sources,
                &loaded,
                index.as_ref(),
            ));
            let (p, s) = review_all(&ctx, &base, &head)?;
            (p, s, "the working tree".to_string())
        }
    };
    let mut skills = skills;
    skills.retain(render::review::skill_shown);
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
    report.summary.files = profiles.len() + skills.len();
    report.finish(settings);
    Ok(ClaimReview {
        base_label: base.label.clone(),
        base_commit: base.commit.map(|c| c.to_string()),
        head_label,
        head_commit: if args.head.is_some() {
            head_commit.map(|c| c.to_string())
        } else {
            None
        },
        profiles,
        skills,
        report,
    })
}

/// `caplint diff [BASE] [HEAD]`.
pub fn diff_command(args: &DiffArgs) -> Result<u8, Fatal> {
    let settings = app::settings_for(&[], args.config.as_deref(), args.as_of.as_deref())?;
    let review = run_diff(&settings, args)?;
    let text = match args.format {
        DiffFormat::Human => render::review::human(&review, Style::resolve(args.color)),
        DiffFormat::Markdown => render::markdown::render(&review),
        DiffFormat::Json => render::review::json(&review),
    };
    output::stdout(&text);
    Ok(if review.errors() > 0 {
        app::EXIT_FINDINGS
    } else {
        app::EXIT_OK
    })
}

/// `caplint history [PATH...] [--since REV]`.
pub fn history_command(args: &HistoryArgs) -> Result<u8, Fatal> {
    let settings = app::settings_for(
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
    let mut audit = walk::audit(&ctx, args.since.as_deref())?;
    audit.report.finish(&settings);
    let common = &args.common;
    match common.format.unwrap_or(Format::Human) {
        Format::Human => {
            let mut text = render::human::render(&audit.report, Style::resolve(common.color));
            if !common.quiet {
                text.push_str(&walk::render_audit(&audit));
                text.push('\n');
                text.push_str(&render::human::summary_line(&audit.report));
                text.push('\n');
            }
            output::stdout(&text);
            if !common.quiet {
                for note in &audit.report.notes {
                    output::stderr(&format!("note: {note}\n"));
                }
            }
            Ok(app::exit_code(&audit.report, common.max_warnings))
        }
        _ => app::emit(&audit.report, common),
    }
}

/// Counts for a verdict line.
pub fn verdict_counts(report: &Report) -> (usize, usize) {
    let errors = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    (errors, report.diagnostics.len() - errors)
}

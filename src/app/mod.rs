//! Command handlers: turn parsed arguments into settings, run, render, and
//! pick the exit code. Nothing here judges a file.

pub mod emit;
pub mod history;
pub mod init;
pub mod routing;
pub mod server;
pub mod workspace;

use crate::app::emit::{emit, warn_if_empty, EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK};
use crate::app::workspace::settings_for;
use crate::cli::{CheckArgs, Cli, Command, RulesArgs, RulesFormat};
use crate::date::Date;
use crate::diagnostic::did_you_mean;
use crate::diagnostic::Report;
use crate::error::Fatal;
use crate::lint;
use crate::output;
use crate::render;
use crate::settings::{CheckOptions, HistoryMode};
use std::path::PathBuf;

/// Runs a parsed command line and returns the exit code.
pub fn run(cli: Cli) -> u8 {
    crate::redact::keep_words(
        crate::rules::all()
            .map(|r| r.id)
            .chain(crate::secrets::generic_kinds()),
    );
    if cli.command.is_none() {
        if let Some(fatal) = mistyped_command(&cli.check.paths) {
            print_fatal_with(&fatal, cli.check.common.color);
            return EXIT_FAILURE;
        }
    }
    let command = cli.command.unwrap_or(Command::Check(cli.check));
    let color = match &command {
        Command::Check(a) => a.common.color,
        Command::History(a) => a.common.color,
        Command::Diff(a) => a.color,
        _ => crate::render::ColorChoice::Auto,
    };
    let result = match command {
        Command::Check(args) => check_command(&args),
        Command::Rules(args) => Ok(rules_command(&args)),
        Command::Explain { rule } => explain_command(&rule),
        Command::Report(args) => report_command(&args),
        Command::Match(args) => crate::app::routing::match_command(&args),
        Command::Summary(args) => crate::app::routing::summary_command(&args),
        Command::Schema { kind } => {
            output::stdout(&crate::schema::render(kind));
            Ok(EXIT_OK)
        }
        Command::Init(args) => init_command(&args),
        Command::Server(args) => crate::app::server::run(args.config, args.as_of, args.targets),
        Command::Completions { shell } => Ok(completions_command(shell)),
        Command::Diff(args) => crate::app::history::diff_command(&args),
        Command::History(args) => crate::app::history::history_command(&args),
    };
    match result {
        Ok(code) => code,
        Err(fatal) => {
            print_fatal_with(&fatal, color);
            EXIT_FAILURE
        }
    }
}

/// `caplint chekc`: a first PATH that does not exist, is one plain word and
/// is close to a subcommand's name was meant as that subcommand.
fn mistyped_command(paths: &[PathBuf]) -> Option<Fatal> {
    let first = paths.first()?;
    let word = first.to_str()?;
    if first.exists() || word.is_empty() || word.contains(['/', '\\', '.']) {
        return None;
    }
    let names = Cli::subcommand_names();
    let hint = match did_you_mean(word, names.iter().map(String::as_str)) {
        Some(name) => format!("did you mean `caplint {name}`?"),
        None => "`caplint --help` lists the commands".to_string(),
    };
    Some(Fatal::Usage(format!(
        "`{word}` is neither a command nor a file or folder; {hint}"
    )))
}

/// Prints a run-stopping failure to stderr, with a snippet for config
/// errors, colored per `--color`.
pub fn print_fatal_with(fatal: &Fatal, color: crate::render::ColorChoice) {
    let text = match fatal {
        Fatal::Config {
            source,
            span,
            message,
            help,
        }
        | Fatal::Input {
            source,
            span,
            message,
            help,
        } => {
            let label = message.clone();
            let message = match fatal {
                Fatal::Config { .. } => format!("invalid configuration: {message}"),
                _ => message.clone(),
            };
            let mut report = Report::default();
            let d = crate::diagnostic::Diagnostic {
                // No rule id: the code line would only say "config".
                rule: &crate::diagnostic::NO_RULE,
                severity: crate::diagnostic::Severity::Error,
                label: Some(label),
                message,
                path: source.path.clone(),
                span: *span,
                labels: Vec::new(),
                help: help.clone(),
                commit: None,
                fix: None,
            };
            report.add_source((**source).clone());
            report.diagnostics.push(d);
            render::human::render(&report, crate::app::emit::style(color))
        }
        Fatal::Git { message, help } => match help {
            Some(h) => format!("error: {message}\n  help: {h}\n"),
            None => format!("error: {message}\n"),
        },
        other => format!("error: {other}\n"),
    };
    output::stderr(&text);
}

fn check_command(args: &CheckArgs) -> Result<u8, Fatal> {
    let mut settings = settings_for(
        &args.paths,
        args.common.config.as_deref(),
        args.common.as_of.as_deref(),
    )?;
    if !args.targets.is_empty() {
        // `--target` replaces the config's `targets:`.
        settings.config.targets = args.targets.clone();
        settings.config.targets_chosen = true;
    }
    if let crate::git::Layout::Bare(_) = crate::git::layout(&settings.root) {
        return Err(crate::git::Repo::no_work_tree(
            "`caplint check` has no files to lint",
        ));
    }
    let history = if args.no_history {
        HistoryMode::Off
    } else if args.staged {
        HistoryMode::Staged
    } else if let Some(base) = &args.base {
        HistoryMode::Base(base.clone())
    } else {
        HistoryMode::Auto
    };
    // Skip-worktree files are the index's, on disk or not (as git sees
    // them): a reference to one is not broken.
    if let Ok(Some(repo)) = crate::git::Repo::discover(&settings.root) {
        if !repo.is_bare() {
            settings.worktree_skipped = std::sync::Arc::new(repo.worktree_skipped());
        }
    }
    let options = CheckOptions {
        paths: args.paths.clone(),
        history,
        // A fix edits the files on disk: they are linted as they are there.
        cache: !args.no_cache && !args.fix && !args.diff,
    };
    let mut report = run_check(&settings, &options)?;
    let mut wrote = false;
    // `--diff` shows the fixes without writing them: it implies `--fix`.
    if args.fix || args.diff {
        let mut outcome = crate::fix::Outcome::default();
        if args.diff {
            let pass = crate::fix::plan(&settings.root, &report, args.unsafe_fixes, &mut outcome);
            output::stdout(&crate::fix::unified_diff(&pass));
            fix_notes(&outcome, false, args.staged);
            return Ok(if pass.is_empty() {
                EXIT_OK
            } else {
                EXIT_FINDINGS
            });
        }
        for _ in 0..crate::fix::MAX_PASSES {
            let pass = crate::fix::plan(&settings.root, &report, args.unsafe_fixes, &mut outcome);
            if pass.is_empty() {
                break;
            }
            crate::fix::write(&settings.root, &pass, &mut outcome)
                .map_err(|e| Fatal::Io(format!("cannot write a fixed file: {e}")))?;
            report = run_check(&settings, &options)?;
            if args.staged {
                // The check reads the index, which the fixes do not change:
                // one pass, then the user stages the result.
                break;
            }
        }
        wrote = !outcome.written.is_empty();
        fix_notes(&outcome, true, args.staged);
    }
    let fail_empty =
        warn_if_empty(&report, &settings, &args.paths, &args.common) || (wrote && args.staged);
    let code = emit(&report, &args.common, &settings.root).map(|c| {
        if fail_empty {
            c.max(EXIT_FINDINGS)
        } else {
            c
        }
    });
    // The process ends now: freeing the texts of every linted file one by
    // one (16,000 of them on the benchmark) took longer than rendering.
    std::mem::forget(report);
    code
}

/// What `--fix` did, on stderr: the fixes applied (or shown), those left
/// out, and the reminders.
fn fix_notes(outcome: &crate::fix::Outcome, written: bool, staged: bool) {
    let mut text = String::new();
    let verb = if written { "applied" } else { "would apply" };
    for a in &outcome.applied {
        text.push_str(&format!("{verb}: {a}\n"));
    }
    for s in &outcome.skipped {
        text.push_str(&format!("not fixed: {s}\n"));
    }
    if outcome.unsafe_available > 0 {
        text.push_str(&format!(
            "{} more fix(es) may change meaning: add `--unsafe-fixes` to apply them\n",
            outcome.unsafe_available
        ));
    }
    if outcome.version_changed {
        text.push_str("`declared_at` was not changed: recheck the claims, then set it to the date of the recheck\n");
    }
    if written && staged && !outcome.written.is_empty() {
        text.push_str(
            "files were fixed in the working tree: stage them again (`git add`) and commit\n",
        );
    }
    if !text.is_empty() {
        output::stderr(&text);
    }
}

/// The columns `caplint rules` fits in.
const RULES_WIDTH: usize = 100;

fn rules_command(args: &RulesArgs) -> u8 {
    let text = match args.format {
        RulesFormat::Markdown => crate::rules::markdown_table(),
        RulesFormat::Json => {
            let list: Vec<_> = crate::rules::all().map(|r| serde_json::json!({"id": r.id, "severity": r.default.as_str(), "summary": r.summary(), "fixable": r.fixable.map(|(a, _)| a.as_str())})).collect();
            serde_json::to_string_pretty(&list).unwrap_or_default() + "\n"
        }
        RulesFormat::Human => crate::rules::listing(RULES_WIDTH),
    };
    output::stdout(&text);
    EXIT_OK
}

/// `caplint check`'s run. The process ends once the report is printed, so
/// what the run built on the way (the repository's caches, the listing of
/// every walked path) is left to the exit rather than freed piece by piece.
fn run_check(
    settings: &crate::settings::Settings,
    options: &CheckOptions,
) -> Result<Report, Fatal> {
    let run = lint::run(settings, options, &workspace::ci_env())?;
    std::mem::forget(run.scratch);
    Ok(run.report)
}

fn explain_command(id: &str) -> Result<u8, Fatal> {
    match crate::rules::get(id) {
        Some(rule) => {
            output::stdout(&rule.markdown());
            Ok(EXIT_OK)
        }
        None => {
            let hint = did_you_mean(id, crate::rules::all().map(|r| r.id))
                .or_else(|| {
                    crate::rules::all()
                        .map(|r| r.id)
                        .find(|r| r.ends_with(&format!("/{id}")))
                })
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_else(|| "; `caplint rules` lists every rule".to_string());
            Err(Fatal::Usage(format!("unknown rule `{id}`{hint}")))
        }
    }
}

fn init_command(args: &crate::cli::InitArgs) -> Result<u8, Fatal> {
    let path = match &args.path {
        Some(p) => p.clone(),
        None => crate::app::init::default_path()?,
    };
    output::stdout(&crate::app::init::write_config(&path)?);
    Ok(EXIT_OK)
}

fn completions_command(shell: clap_complete::Shell) -> u8 {
    use clap::CommandFactory;
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "caplint", &mut buf);
    output::stdout(&String::from_utf8_lossy(&buf));
    EXIT_OK
}

/// `caplint report`: the reference checker's summary, byte for byte (SPEC §7).
fn report_command(args: &crate::cli::ReportArgs) -> Result<u8, Fatal> {
    let outcome = crate::pycheck::run(
        args.profile.as_deref(),
        args.as_of.as_deref(),
        args.make_fixture,
        Date::today_utc(),
    );
    output::stdout(&outcome.stdout);
    Ok(outcome.exit_code)
}

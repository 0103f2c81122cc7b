//! The end of a run: a finished report printed in the chosen format, the
//! notes a person needs (nothing matched, `--max-warnings`), and the exit
//! code. Shared by the commands that lint (`check`, `history`).

use crate::cli::CommonArgs;
use crate::diagnostic::Report;
use crate::error::Fatal;
use crate::output;
use crate::render::{self, ColorChoice, Format, Paths, Style};
use crate::settings::Settings;
use std::path::{Path, PathBuf};

pub const EXIT_OK: u8 = 0;
pub const EXIT_FINDINGS: u8 = 1;
pub const EXIT_FAILURE: u8 = 2;

/// Renders a finished report per the common flags and returns the exit code.
/// Paths are shown relative to the working directory where a person reads
/// them (human, concise); machine formats keep them relative to `root`.
pub fn emit(report: &Report, common: &CommonArgs, root: &Path) -> Result<u8, Fatal> {
    emit_with(report, common, root, None)
}

/// [`emit`], with `extra` printed between the human findings and the summary
/// (the audit table of `caplint history`).
pub fn emit_with(
    report: &Report,
    common: &CommonArgs,
    root: &Path,
    extra: Option<&str>,
) -> Result<u8, Fatal> {
    let format = common.format.unwrap_or(Format::Human);
    let style = style(common.color);
    let code = exit_code(report, common.max_warnings);
    let over = warnings_over_limit(report, common.max_warnings);
    // Said wherever the format has room for it; in quiet mode on stderr.
    let mut stderr_over = over.is_some() && common.quiet;
    // Written a finding at a time: hundreds of thousands of findings are
    // never held as one text.
    let mut stream = output::Stream::stdout();
    let put = &mut |t: &str| stream.put(t);
    match format {
        Format::Human | Format::Concise => {
            let paths = paths_from_cwd(root);
            if format == Format::Human {
                render::human::write_with(report, style, &paths, put);
            } else {
                render::concise::write_with(report, &paths, style.color, put);
            }
            if !common.quiet {
                if let Some(extra) = extra {
                    put(extra);
                    put("\n");
                }
                put(&render::human::summary_line(report));
                put("\n");
                if let Some(over) = &over {
                    put(&format!("error: {over}\n"));
                }
            }
        }
        Format::Json => {
            stderr_over = over.is_some();
            render::json::write_with(report, common.max_warnings, put);
        }
        Format::Github => {
            append_step_summary_from_env(report);
            render::github::write(report, !common.quiet, put);
            if let Some(over) = &over {
                put(&render::github::max_warnings_command(over));
            }
        }
        Format::Sarif => {
            stderr_over = over.is_some();
            render::sarif::write_with(report, over.as_deref(), put);
        }
    }
    stream.finish();
    if !common.quiet {
        for note in &report.notes {
            output::stderr(&format!("note: {note}\n"));
        }
    }
    if let Some(over) = over.filter(|_| stderr_over) {
        output::stderr(&format!("error: {over}\n"));
    }
    Ok(code)
}

/// Why the run fails when only `--max-warnings` fails it: `None` when there
/// are errors (they decide the exit code) or the warnings are within the
/// limit.
pub fn warnings_over_limit(report: &Report, max_warnings: Option<usize>) -> Option<String> {
    let max = max_warnings?;
    let s = &report.summary;
    (s.errors == 0 && s.warnings > max).then(|| {
        format!(
            "{} warning{}, more than --max-warnings {max} allows (exit 1)",
            s.warnings,
            if s.warnings == 1 { "" } else { "s" }
        )
    })
}

/// Warns on stderr when the run judged nothing (always with
/// `--error-on-empty`, else unless `-q`); returns whether that fails the run.
pub fn warn_if_empty(
    report: &Report,
    settings: &Settings,
    paths: &[PathBuf],
    common: &CommonArgs,
) -> bool {
    let Some(text) = nothing_matched(report, settings, paths, common.error_on_empty) else {
        return false;
    };
    if !common.quiet || common.error_on_empty {
        output::stderr(&text);
    }
    common.error_on_empty
}

/// The warning for a run that judged nothing: no profile, no skill and no
/// finding under the given paths (a typo in a glob, or a path outside them).
fn nothing_matched(
    report: &Report,
    settings: &Settings,
    paths: &[PathBuf],
    fail: bool,
) -> Option<String> {
    let s = &report.summary;
    if s.profiles > 0 || s.skills > 0 || !report.diagnostics.is_empty() || !report.linted.is_empty()
    {
        return None;
    }
    let list = |globs: &[String]| {
        if globs.is_empty() {
            "(none)".to_string()
        } else {
            globs
                .iter()
                .map(|g| format!("`{g}`"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let under = if paths.is_empty() {
        settings.root.display().to_string()
    } else {
        paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let config = match &settings.config_path {
        Some(p) => p.display().to_string(),
        None => ".caplint.yaml".to_string(),
    };
    Some(format!(
        "warning: no profile and no skill found under {under}
  profiles are files that match {profiles}
  skills are the folders directly inside folders that match {roots}, and any folder with a SKILL.md
  help: pass the folders that hold them, or set `profiles:` and `skill_roots:` in {config}
        (`caplint init` writes one); {outcome}
",
        outcome = if fail {
            "this run fails (exit 1) because of --error-on-empty"
        } else {
            "--error-on-empty makes such a run fail"
        },
        profiles = list(&settings.config.profiles),
        roots = list(&settings.config.skill_roots),
    ))
}

pub fn exit_code(report: &Report, max_warnings: Option<usize>) -> u8 {
    if report.summary.errors > 0 || max_warnings.is_some_and(|max| report.summary.warnings > max) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// How human output looks on this terminal: colors per `--color`, the
/// `NO_COLOR` convention and whether stdout is a terminal; links only on a
/// terminal.
pub fn style(choice: ColorChoice) -> Style {
    use std::io::IsTerminal;
    let tty = std::io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => tty && !no_color,
    };
    Style {
        color,
        links: tty,
        width: 100,
    }
}

/// The working directory's view of the current process: `root` against
/// `std::env::current_dir()` (both canonical when possible).
pub fn paths_from_cwd(root: &std::path::Path) -> Paths {
    let canon = |p: &std::path::Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    match std::env::current_dir() {
        Ok(cwd) => Paths::relative_to(&canon(root), &canon(&cwd)),
        Err(_) => Paths::default(),
    }
}

/// Appends the step summary to the file GitHub names in
/// `GITHUB_STEP_SUMMARY`.
pub fn append_step_summary(report: &Report, path: &std::path::Path) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    // The step summary bypasses stdout, so it passes the redaction gate here.
    let summary = render::github::step_summary(report);
    file.write_all(crate::redact::mask(&summary).as_bytes())?;
    file.write_all(b"\n")
}

/// Appends the step summary when running in GitHub Actions
/// (`GITHUB_STEP_SUMMARY` is set); a failure is a warning on stderr, never a
/// reason to lose the findings.
pub fn append_step_summary_from_env(report: &Report) {
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|p| !p.is_empty()) else {
        return;
    };
    let path = std::path::Path::new(&path);
    if let Err(e) = append_step_summary(report, path) {
        output::stderr(&format!(
            "warning: cannot append to GITHUB_STEP_SUMMARY ({}): {e}\n",
            path.display()
        ));
    }
}

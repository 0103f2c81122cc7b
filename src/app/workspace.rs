//! Where a run happens and with what settings: the repository root, the
//! as-of date and the configuration, from the command line's flags. Every
//! command (and the language server) starts here.

use crate::config;
use crate::date::Date;
use crate::error::Fatal;
use crate::settings::Settings;
use std::path::{Path, PathBuf};

/// Parses `--as-of`, defaulting to today.
pub fn as_of(raw: Option<&str>) -> Result<Date, Fatal> {
    match raw {
        None => Ok(Date::today_utc()),
        Some(text) => Date::parse_ymd(text).ok_or_else(|| {
            Fatal::Usage(format!(
                "--as-of must be a real date in YYYY-MM-DD form, got `{text}`"
            ))
        }),
    }
}

/// The repository root for a run: the git work tree holding the first PATH
/// (or the working directory), else the working directory.
pub fn find_root(paths: &[PathBuf]) -> Result<(PathBuf, bool), Fatal> {
    let cwd = std::env::current_dir()
        .map_err(|e| Fatal::Io(format!("cannot read the working directory: {e}")))?;
    let start = paths.first().map_or_else(
        || cwd.clone(),
        |p| {
            if p.is_absolute() {
                p.clone()
            } else {
                cwd.join(p)
            }
        },
    );
    if !start.exists() {
        return Err(Fatal::Io(format!(
            "{}: no such file or folder",
            paths.first().map_or(start.clone(), |p| p.clone()).display()
        )));
    }
    match crate::git::layout(&start) {
        crate::git::Layout::WorkTree(root) => Ok((root, true)),
        _ => Ok((cwd.canonicalize().unwrap_or(cwd), false)),
    }
}

/// Builds settings for a run from the common flags.
pub fn settings_for(
    paths: &[PathBuf],
    config_flag: Option<&Path>,
    as_of_flag: Option<&str>,
) -> Result<Settings, Fatal> {
    let (root, _in_git) = find_root(paths)?;
    let as_of = as_of(as_of_flag)?;
    let (config, config_path) = config::load(&root, config_flag)?;
    Settings::new(root, config, config_path, as_of)
}

/// What the CI's environment says about the history base (GitHub Actions'
/// event, GitLab's merge request variables): read here, in the command
/// layer, and handed to the engine.
pub fn ci_env() -> crate::history::ci::Env {
    crate::history::ci::Env::from_vars(|name| std::env::var(name).ok())
}

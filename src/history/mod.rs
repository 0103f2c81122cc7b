//! History rules. (The git layer arrives with the history work; until then
//! history rules are skipped with a note.)

use crate::check::{CheckOptions, HistoryMode, LoadedProfile, Report};
use crate::config::Settings;
use crate::discover::Inventory;
use crate::error::Fatal;

pub fn check(
    _settings: &Settings,
    options: &CheckOptions,
    _inventory: &Inventory,
    _profiles: &[LoadedProfile],
    report: &mut Report,
) -> Result<(), Fatal> {
    if options.history != HistoryMode::Off {
        report
            .notes
            .push("history rules are not available in this build".into());
    }
    Ok(())
}

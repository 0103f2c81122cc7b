//! Skill folders. (Frontmatter, references and the skill rules arrive with
//! the skills work; until then skills are counted but not linted.)

pub mod frontmatter;

use crate::check::Report;
use crate::config::Settings;
use crate::discover::Inventory;
use crate::error::Fatal;

pub fn check_all(
    _settings: &Settings,
    inventory: &Inventory,
    report: &mut Report,
) -> Result<(), Fatal> {
    report.summary.skills = inventory.skills.len();
    Ok(())
}

//! `history/*` rules: one file per rule, listed once below. The checks live in `crate::history`.

use crate::diagnostic::{rule_family, Rule};

rule_family! {
    version_not_bumped,
    version_decreased,
    version_not_comparable,
    version_taken,
    declared_at_backwards,
    declared_at_without_version,
    declared_at_not_moved,
    agent_id_changed,
    profile_deleted,
    retired_profile_changed,
    access_widened,
    skill_version_not_bumped,
    skill_version_decreased,
    skill_renamed,
}

pub static VERSION_NOT_BUMPED: &Rule = &version_not_bumped::RULE;
pub static VERSION_DECREASED: &Rule = &version_decreased::RULE;
pub static VERSION_NOT_COMPARABLE: &Rule = &version_not_comparable::RULE;
pub static VERSION_TAKEN: &Rule = &version_taken::RULE;
pub static DECLARED_AT_BACKWARDS: &Rule = &declared_at_backwards::RULE;
pub static DECLARED_AT_WITHOUT_VERSION: &Rule = &declared_at_without_version::RULE;
pub static DECLARED_AT_NOT_MOVED: &Rule = &declared_at_not_moved::RULE;
pub static AGENT_ID_CHANGED: &Rule = &agent_id_changed::RULE;
pub static PROFILE_DELETED: &Rule = &profile_deleted::RULE;
pub static RETIRED_PROFILE_CHANGED: &Rule = &retired_profile_changed::RULE;
pub static ACCESS_WIDENED: &Rule = &access_widened::RULE;
pub static SKILL_VERSION_NOT_BUMPED: &Rule = &skill_version_not_bumped::RULE;
pub static SKILL_VERSION_DECREASED: &Rule = &skill_version_decreased::RULE;
pub static SKILL_RENAMED: &Rule = &skill_renamed::RULE;

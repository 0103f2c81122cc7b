//! `history/*` rules: one file per rule, listed once below. Each judges a
//! change that `crate::history` found (see [`context`]).

pub mod context;

use crate::diagnostic::rule_family;

rule_family! {
    check: context::HistoryRule;
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
    plugin_version_not_bumped,
    plugin_version_decreased,
    requirements_moved,
    decision_changed,
}

//! `profile/*` rules: one file per rule, listed once below.

use crate::diagnostic::{rule_family, Rule};

rule_family! {
    invalid_json,
    duplicate_key,
    not_an_object,
    missing_field,
    field_type,
    invalid_date,
    declared_in_future,
    stale,
    empty_limits,
    invalid_limit,
    invalid_entry,
    invalid_level,
    invalid_access,
    missing_evidence,
    invalid_evidence,
    duplicate_name,
    duplicate_agent_id,
    unknown_field,
    skill_name_style,
    combined_skill,
    link_not_url,
}

mod checks;
pub use checks::*;

pub static INVALID_JSON: &Rule = &invalid_json::RULE;
pub static DUPLICATE_KEY: &Rule = &duplicate_key::RULE;
pub static NOT_AN_OBJECT: &Rule = &not_an_object::RULE;
pub static MISSING_FIELD: &Rule = &missing_field::RULE;
pub static FIELD_TYPE: &Rule = &field_type::RULE;
pub static INVALID_DATE: &Rule = &invalid_date::RULE;
pub static DECLARED_IN_FUTURE: &Rule = &declared_in_future::RULE;
pub static STALE: &Rule = &stale::RULE;
pub static EMPTY_LIMITS: &Rule = &empty_limits::RULE;
pub static INVALID_LIMIT: &Rule = &invalid_limit::RULE;
pub static INVALID_ENTRY: &Rule = &invalid_entry::RULE;
pub static INVALID_LEVEL: &Rule = &invalid_level::RULE;
pub static INVALID_ACCESS: &Rule = &invalid_access::RULE;
pub static MISSING_EVIDENCE: &Rule = &missing_evidence::RULE;
pub static INVALID_EVIDENCE: &Rule = &invalid_evidence::RULE;
pub static DUPLICATE_NAME: &Rule = &duplicate_name::RULE;
pub static DUPLICATE_AGENT_ID: &Rule = &duplicate_agent_id::RULE;
pub static UNKNOWN_FIELD: &Rule = &unknown_field::RULE;
pub static SKILL_NAME_STYLE: &Rule = &skill_name_style::RULE;
pub static COMBINED_SKILL: &Rule = &combined_skill::RULE;
pub static LINK_NOT_URL: &Rule = &link_not_url::RULE;

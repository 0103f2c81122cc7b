//! `skill/*` rules: one file per rule, listed once below. The checks live in `crate::skill`.

use crate::diagnostic::{rule_family, Rule};

rule_family! {
    missing_skill_md,
    misnamed_skill_md,
    invalid_frontmatter,
    frontmatter_too_large,
    byte_order_mark,
    missing_field,
    invalid_name,
    name_mismatch,
    reserved_name,
    duplicate_name,
    description_too_long,
    field_type,
    invalid_version,
    selection_hints,
    unknown_field,
    yaml_portability,
    broken_reference,
    reference_escapes,
    unreferenced_file,
    body_too_long,
    xml_in_frontmatter,
    unknown_tool,
    codex_metadata,
    invalid_category,
}

pub static MISSING_SKILL_MD: &Rule = &missing_skill_md::RULE;
pub static MISNAMED_SKILL_MD: &Rule = &misnamed_skill_md::RULE;
pub static INVALID_FRONTMATTER: &Rule = &invalid_frontmatter::RULE;
pub static FRONTMATTER_TOO_LARGE: &Rule = &frontmatter_too_large::RULE;
pub static BYTE_ORDER_MARK: &Rule = &byte_order_mark::RULE;
pub static MISSING_FIELD: &Rule = &missing_field::RULE;
pub static INVALID_NAME: &Rule = &invalid_name::RULE;
pub static NAME_MISMATCH: &Rule = &name_mismatch::RULE;
pub static RESERVED_NAME: &Rule = &reserved_name::RULE;
pub static DUPLICATE_NAME: &Rule = &duplicate_name::RULE;
pub static DESCRIPTION_TOO_LONG: &Rule = &description_too_long::RULE;
pub static FIELD_TYPE: &Rule = &field_type::RULE;
pub static INVALID_VERSION: &Rule = &invalid_version::RULE;
pub static SELECTION_HINTS: &Rule = &selection_hints::RULE;
pub static UNKNOWN_FIELD: &Rule = &unknown_field::RULE;
pub static YAML_PORTABILITY: &Rule = &yaml_portability::RULE;
pub static BROKEN_REFERENCE: &Rule = &broken_reference::RULE;
pub static REFERENCE_ESCAPES: &Rule = &reference_escapes::RULE;
pub static UNREFERENCED_FILE: &Rule = &unreferenced_file::RULE;
pub static BODY_TOO_LONG: &Rule = &body_too_long::RULE;
pub static XML_IN_FRONTMATTER: &Rule = &xml_in_frontmatter::RULE;
pub static UNKNOWN_TOOL: &Rule = &unknown_tool::RULE;
pub static CODEX_METADATA: &Rule = &codex_metadata::RULE;
pub static INVALID_CATEGORY: &Rule = &invalid_category::RULE;

//! `skill/*` rules: one file per rule, listed once below. What a rule is
//! given and the trait its `Check` implements are in [`context`]; helpers
//! several rules share are in [`values`]; the engine is `crate::lint::skills`.

pub mod context;
pub mod values;

use crate::diagnostic::rule_family;

rule_family! {
    check: context::SkillRule;
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
    home_path,
    build_output,
    folder_too_large,
    xml_in_frontmatter,
    unknown_tool,
    codex_metadata,
    invalid_category,
}

#[cfg(test)]
mod tests {
    /// Errors only when certain: every skill rule's explanation says which
    /// forms are errors and which warnings.
    #[test]
    fn every_rule_says_which_forms_are_errors_and_which_warnings() {
        for rule in super::RULES {
            let what = rule.what();
            let line = what
                .split("\n\n")
                .find(|p| p.starts_with("Severity: "))
                .unwrap_or_else(|| panic!("{}: no `Severity:` paragraph", rule.id));
            assert!(
                line.contains("error") || line.contains("warning"),
                "{}: {line}",
                rule.id
            );
        }
    }
}

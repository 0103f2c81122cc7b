//! The rule registry: every rule's stable id, default severity and docs.
//! `caplint rules`, `caplint explain`, SARIF rule metadata and the README's
//! rule table are all generated from here, so docs never drift from code.

pub use crate::diagnostic::Rule;

pub mod decision;
pub mod history;
pub mod plugin;
pub mod profile;
pub mod security;
pub mod skill;

/// Every rule, in a stable order: profiles, skills, security, plugins,
/// history, decisions.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    profile::RULES
        .iter()
        .chain(skill::RULES.iter())
        .chain(security::RULES.iter())
        .chain(plugin::RULES.iter())
        .chain(history::RULES.iter())
        .chain(decision::RULES.iter())
        .copied()
}

pub fn get(id: &str) -> Option<&'static Rule> {
    all().find(|r| r.id == id)
}

/// The README's rule table, generated from the registry.
pub fn markdown_table() -> String {
    let mut out = String::from("| rule | default | fires when |\n|---|---|---|\n");
    for rule in all() {
        out.push_str(&format!(
            "| `{}` | {} | {}{} |\n",
            rule.id,
            rule.default.as_str(),
            rule.summary().replace('|', "\\|"),
            rule.fix_marker()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_unique_and_well_formed() {
        let mut seen = HashSet::new();
        for rule in all() {
            assert!(seen.insert(rule.id), "duplicate rule id {}", rule.id);
            let (family, name) = rule.id.split_once('/').expect("family/name");
            assert!(
                ["profile", "skill", "security", "plugin", "history", "decision"].contains(&family),
                "{}",
                rule.id
            );
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{}",
                rule.id
            );
        }
    }

    #[test]
    fn every_rule_is_documented() {
        for rule in all() {
            for (what, text) in [
                ("summary", rule.summary()),
                ("what", rule.what()),
                ("why", rule.why()),
                ("lang", rule.lang()),
                ("bad", rule.bad()),
                ("good", rule.good()),
                ("fix", rule.fix()),
            ] {
                assert!(!text.trim().is_empty(), "{} has no {what}", rule.id);
            }
            assert_ne!(
                rule.bad().trim(),
                rule.good().trim(),
                "{}: examples must differ",
                rule.id
            );
        }
    }
}

#[cfg(test)]
mod readme {
    /// The README's rule table is generated from the registry; regenerate it
    /// with `caplint rules --format markdown` when this fails.
    #[test]
    fn readme_rule_table_matches_registry() {
        let readme = include_str!("../../README.md");
        let start = readme.find("<!-- rules:start -->\n").expect("start marker")
            + "<!-- rules:start -->\n".len();
        let end = readme.find("<!-- rules:end -->").expect("end marker");
        assert_eq!(
            &readme[start..end],
            super::markdown_table(),
            "README rule table is out of date: run `caplint rules --format markdown`"
        );
    }
}

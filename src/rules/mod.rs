//! The rule registry: every rule's stable id, default severity and docs.
//! `caplint rules`, `caplint explain`, SARIF rule metadata and the README's
//! rule table are all generated from here, so docs never drift from code.

use crate::diagnostic::{Applicability, Severity};

/// One registry entry: `rule!(ID, Severity, "example language", summary,
/// what, why, bad example, good example, fix)`.
macro_rules! rule {
    ($id:expr, $sev:ident, $lang:expr, $summary:expr, $what:expr, $why:expr, $bad:expr, $good:expr, $fix:expr) => {
        $crate::rules::Rule {
            id: $id,
            default: $crate::diagnostic::Severity::$sev,
            summary: $summary,
            what: $what,
            why: $why,
            lang: $lang,
            bad: $bad,
            good: $good,
            fix: $fix,
            fixable: None,
        }
    };
    ($id:expr, $sev:ident, $lang:expr, $summary:expr, $what:expr, $why:expr, $bad:expr, $good:expr, $fix:expr, fixable: $app:ident, $autofix:expr) => {
        $crate::rules::Rule {
            id: $id,
            default: $crate::diagnostic::Severity::$sev,
            summary: $summary,
            what: $what,
            why: $why,
            lang: $lang,
            bad: $bad,
            good: $good,
            fix: $fix,
            fixable: Some(($crate::diagnostic::Applicability::$app, $autofix)),
        }
    };
}

pub mod history;
pub mod profile;
pub mod security;
pub mod skill;

/// One rule's metadata and documentation.
#[derive(Debug)]
pub struct Rule {
    /// Stable public id, e.g. `profile/missing-evidence`.
    pub id: &'static str,
    pub default: Severity,
    /// One line: when the rule fires.
    pub summary: &'static str,
    /// What it does.
    pub what: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// Language of the examples (`json`, `yaml`, `markdown`, `text`).
    pub lang: &'static str,
    pub bad: &'static str,
    pub good: &'static str,
    pub fix: &'static str,
    /// Whether `caplint check --fix` can repair it, how safely, and what the
    /// automatic fix does.
    pub fixable: Option<(Applicability, &'static str)>,
}

impl Rule {
    pub fn family(&self) -> &'static str {
        self.id.split('/').next().unwrap_or(self.id)
    }

    /// Whether the rule needs git history.
    pub fn needs_history(&self) -> bool {
        self.family() == "history"
    }

    /// The marker `caplint rules` shows after the summary: ` (fixable)`,
    /// ` (unsafe fix)` or nothing.
    pub fn fix_marker(&self) -> &'static str {
        match self.fixable {
            Some((Applicability::Safe, _)) => " (fixable)",
            Some((Applicability::Unsafe, _)) => " (unsafe fix)",
            None => "",
        }
    }

    /// The full documentation as Markdown (`caplint explain`).
    pub fn markdown(&self) -> String {
        let autofix = match self.fixable {
            Some((Applicability::Safe, what)) => {
                format!("\nFix: safe, `caplint check --fix`: {what}\n")
            }
            Some((Applicability::Unsafe, what)) => {
                format!("\nFix: unsafe, `caplint check --fix --unsafe-fixes`: {what}\n")
            }
            None => String::new(),
        };
        format!(
            "# {id}\n\nDefault severity: {sev}\n\n{summary}\n\n## What it does\n{what}\n\n## Why\n{why}\n\n## Example\nBad:\n```{lang}\n{bad}\n```\nGood:\n```{lang}\n{good}\n```\n\n## Fix\n{fix}\n{autofix}",
            id = self.id,
            sev = self.default.as_str(),
            summary = self.summary,
            what = self.what,
            why = self.why,
            lang = self.lang,
            bad = self.bad.trim_end(),
            good = self.good.trim_end(),
            fix = self.fix,
            autofix = autofix,
        )
    }
}

/// Every rule, in a stable order: profiles, skills, security, history.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    profile::RULES
        .iter()
        .chain(skill::RULES.iter())
        .chain(security::RULES.iter())
        .chain(history::RULES.iter())
}

pub fn get(id: &str) -> Option<&'static Rule> {
    all().find(|r| r.id == id)
}

/// The default severity of a registered rule. Unknown ids are a programming
/// error caught by the registry tests; they default to `error`.
pub fn default_severity(id: &str) -> Severity {
    get(id).map_or(Severity::Error, |r| r.default)
}

/// The README's rule table, generated from the registry.
pub fn markdown_table() -> String {
    let mut out = String::from("| rule | default | fires when |\n|---|---|---|\n");
    for rule in all() {
        out.push_str(&format!(
            "| `{}` | {} | {}{} |\n",
            rule.id,
            rule.default.as_str(),
            rule.summary.replace('|', "\\|"),
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
                ["profile", "skill", "security", "history"].contains(&family),
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
                ("summary", rule.summary),
                ("what", rule.what),
                ("why", rule.why),
                ("bad", rule.bad),
                ("good", rule.good),
                ("fix", rule.fix),
            ] {
                assert!(!text.trim().is_empty(), "{} has no {what}", rule.id);
            }
            assert_ne!(
                rule.bad.trim(),
                rule.good.trim(),
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

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

/// `caplint rules`: one rule a line (id, default severity, when it fires),
/// the text wrapped under its column to fit `width` columns.
pub fn listing(width: usize) -> String {
    let id_width = all().map(|r| r.id.chars().count()).max().unwrap_or(0);
    let indent = id_width + 2 + 7 + 2;
    let room = width.saturating_sub(indent).max(20);
    let mut out = String::new();
    for r in all() {
        let text = format!("{}{}", r.summary(), r.fix_marker());
        let mut lines = wrap(&text, room).into_iter();
        out.push_str(&format!(
            "{:<id_width$}  {:<7}  {}\n",
            r.id,
            r.default.as_str(),
            lines.next().unwrap_or_default()
        ));
        for line in lines {
            out.push_str(&format!("{:indent$}{line}\n", ""));
        }
    }
    out
}

/// `text` in lines of at most `width` characters, broken at spaces (a
/// longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
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

    /// The rules whose findings need the other files declare it; the
    /// language server keeps their findings from whole runs.
    #[test]
    fn rules_declare_their_scope() {
        use crate::diagnostic::rule::Scope;
        let repository: Vec<&str> = all()
            .filter(|r| r.scope == Scope::Repository)
            .map(|r| r.id)
            .collect();
        for id in [
            "profile/duplicate-agent-id",
            "skill/duplicate-name",
            "plugin/duplicate-name",
            "plugin/missing-source",
        ] {
            assert!(repository.contains(&id), "{id}: {repository:?}");
        }
        for id in ["profile/invalid-level", "skill/broken-reference"] {
            assert_eq!(get(id).unwrap().scope, Scope::File, "{id}");
        }
    }

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
mod explain {
    /// The paragraphs of `caplint explain RULE`: blocks between blank lines,
    /// each list item on its own; headings and fenced examples left out.
    fn paragraphs(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut current = String::new();
        let mut fenced = false;
        for line in text.lines() {
            let fence = line.trim_start().starts_with("```");
            let breaks = fence
                || fenced
                || line.trim().is_empty()
                || line.starts_with('#')
                || line.starts_with("- ");
            if breaks && !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            if fence {
                fenced = !fenced;
                continue;
            }
            if fenced || line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(line.trim());
        }
        if !current.is_empty() {
            out.push(current);
        }
        out
    }

    /// Every section of every rule's explanation is short enough to read:
    /// no paragraph over 600 characters, examples in their own blocks.
    #[test]
    fn every_explain_paragraph_is_short() {
        for rule in super::all() {
            let text = rule.markdown();
            assert!(
                text.contains("```"),
                "{}: examples are not separate",
                rule.id
            );
            for p in paragraphs(&text) {
                let n = p.chars().count();
                assert!(n <= 600, "{}: a paragraph of {n} characters: {p}", rule.id);
            }
        }
    }

    #[test]
    fn paragraphs_split_on_blank_lines_and_list_items() {
        let text = "# t\n\none\ntwo\n\n- a\n- b\n```\ncode\n```\nend";
        assert_eq!(paragraphs(text), ["one two", "- a", "- b", "end"]);
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

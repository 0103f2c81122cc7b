//! `skill/duplicate-name`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::discover::parent_of;
use crate::rules::skill::context::{Repository, SkillRule};
use crate::rules::skill::values::nfkc;
use crate::source::Span;
use std::collections::BTreeMap;

declare_rule! {
    /// two skills in the repository share a name (labels on both)
    ///
    /// ## What it does
    /// Reports skills in different folders that declare the same `name`, labelling both. Only skills that one installation puts side by side are compared: the skills of a plugin (a folder with `.claude-plugin/` or `.codex-plugin/`) are namespaced by the plugin, a client's own folder (`.cursor/skills/`, `.agents/skills/`, any hidden folder) is installed apart from the rest, and a translation (`docs/ja-JP/skills/`) is another edition of the same skills.
    ///
    /// Severity: an error when both skills sit in the same folder (every client that loads the folder loads both); a warning when they are in different folders of one installation set (category folders of a collection, a snapshot beside `skills/`), which only an installation taking both meets.
    ///
    /// ## Why
    /// Installers that match skills by name (the open format's, Codex's) keep one of the two and skip the other silently; a client that loads both (Claude Code, inside one plugin) lists two skills under one name, and the agent picks by the description alone.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/a/SKILL.md: name: code-review
    /// skills/b/SKILL.md: name: code-review
    /// ```
    /// Good:
    /// ```text
    /// skills/a/SKILL.md: name: code-review
    /// skills/b/SKILL.md: name: security-review
    /// ```
    ///
    /// ## Fix
    /// Give each skill its own name.
    pub static RULE = "skill/duplicate-name", Error, scope: Repository;
}

/// The rule's check: runs once per run, on every skill's name.
pub struct Check;

impl SkillRule for Check {
    fn repository(&self, cx: &Repository<'_>, out: &mut Vec<Diagnostic>) {
        let names: Vec<(String, String, Span)> = cx
            .names
            .iter()
            // Templates' placeholders (`REPLACE-WITH-SKILL-NAME` in each
            // skeleton) are one name by design, replaced in every copy.
            .filter(|n| !crate::model::skill::templates::is_placeholder_name(&n.name))
            .map(|n| {
                let set = install_set(&n.path, n.plugin.as_deref());
                (n.path.clone(), format!("{set}\0{}", n.name), n.span)
            })
            .collect();
        out.extend(duplicate_names(&names));
    }
}

/// The set of skills one installation puts side by side with the skill at
/// `path` (its `SKILL.md`): the deepest of its plugin (`plugin`), a hidden
/// folder above it (a client's folder such as `.cursor/skills/`) and a
/// translation folder above it (`docs/ja-JP/`, `docs/tr/`); the repository
/// (`""`) when there is none.
fn install_set(path: &str, plugin: Option<&str>) -> String {
    let parts: Vec<&str> = path.split('/').collect();
    // The skill's own folder and SKILL.md are not sets.
    let above = &parts[..parts.len().saturating_sub(2)];
    let is_locale = |i: usize| {
        let b = above[i].as_bytes();
        let lower2 = |x: &[u8]| x.len() == 2 && x.iter().all(u8::is_ascii_lowercase);
        let region = b.len() == 5
            && lower2(&b[..2])
            && matches!(b[2], b'-' | b'_')
            && b[3..].iter().all(u8::is_ascii_uppercase);
        let script = b.len() == 7
            && lower2(&b[..2])
            && b[2] == b'-'
            && b[3].is_ascii_uppercase()
            && b[4..].iter().all(u8::is_ascii_lowercase);
        let in_docs = i > 0
            && ["docs", "doc", "i18n", "l10n", "locales", "translations"]
                .contains(&above[i - 1].to_ascii_lowercase().as_str());
        region || script || (lower2(b) && in_docs)
    };
    let folder = (0..above.len())
        .rev()
        .find(|&i| (above[i].starts_with('.') && above[i].len() > 1) || is_locale(i))
        .map(|i| above[..=i].join("/"));
    match (folder, plugin) {
        (Some(f), Some(p)) if p.len() > f.len() => format!("plugin {p}"),
        (Some(f), _) => f,
        (None, Some(p)) => format!("plugin {p}"),
        (None, None) => String::new(),
    }
}

/// `skill/duplicate-name`: one finding in each file whose name another skill
/// also declares, with a label in the other file. `names` holds (path of
/// SKILL.md, name, span of the name's value).
fn duplicate_names(names: &[(String, String, Span)]) -> Vec<Diagnostic> {
    let mut groups: BTreeMap<String, Vec<&(String, String, Span)>> = BTreeMap::new();
    for n in names {
        groups.entry(nfkc(&n.1)).or_default().push(n);
    }
    let mut out = Vec::new();
    for (key, group) in groups {
        // The name after the set it is compared in.
        let name = key.rsplit('\0').next().unwrap_or(&key);
        if group.len() < 2 {
            continue;
        }
        for (i, (path, _, span)) in group.iter().map(|g| (*g).clone()).enumerate() {
            let others: Vec<&&(String, String, Span)> = group
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, g)| g)
                .collect();
            let list = others
                .iter()
                .map(|o| o.0.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let mut d = Diagnostic::new(
                &RULE,
                path.clone(),
                format!("the skill name `{name}` is also declared by {list}"),
            )
            .at(span)
            .label("declared here")
            .help("give each skill its own name: an installer that matches skills by name keeps only one of them, and a client that loads both lists two skills under one name, so the agent cannot tell them apart");
            // Side by side in one folder, every client that loads the folder
            // loads both: certain. In different folders of one set (category
            // folders of a collection, a snapshot folder beside `skills/`),
            // only an installation that takes both meets the collision.
            let shelf = |p: &str| parent_of(&parent_of(p));
            if !others.iter().any(|o| shelf(&o.0) == shelf(&path)) {
                d = d.with_severity(crate::diagnostic::Severity::Warning);
            }
            for o in others {
                d = d.with_label_in(o.0.clone(), o.2, "also declared here");
            }
            out.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn duplicate_names_label_the_other_file() {
        let names = vec![
            (
                "skills/a/SKILL.md".to_string(),
                "code-review".to_string(),
                Span::new(10, 11),
            ),
            (
                "skills/b/SKILL.md".to_string(),
                "code-review".to_string(),
                Span::new(12, 11),
            ),
            (
                "skills/c/SKILL.md".to_string(),
                "other".to_string(),
                Span::new(12, 5),
            ),
        ];
        let d = duplicate_names(&names);
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].path, "skills/a/SKILL.md");
        assert_eq!(d[0].labels[0].path.as_deref(), Some("skills/b/SKILL.md"));
        assert_eq!(d[0].labels[0].span, Span::new(12, 11));
        assert_eq!(d[1].labels[0].path.as_deref(), Some("skills/a/SKILL.md"));
        assert!(d.iter().all(|d| d.severity == crate::diagnostic::Severity::Error));
    }

    #[test]
    fn names_in_different_folders_of_one_set_are_a_warning() {
        // Category folders of a collection, and a snapshot beside `skills/`.
        let names = vec![
            ("skills/development/brainstorming/SKILL.md".to_string(), "brainstorming".to_string(), Span::new(10, 13)),
            ("skills/productivity/brainstorming/SKILL.md".to_string(), "brainstorming".to_string(), Span::new(10, 13)),
            ("preview/review/SKILL.md".to_string(), "review".to_string(), Span::new(10, 6)),
            ("skills/review/SKILL.md".to_string(), "review".to_string(), Span::new(10, 6)),
        ];
        let d = duplicate_names(&names);
        assert_eq!(d.len(), 4);
        assert!(d.iter().all(|d| d.severity == crate::diagnostic::Severity::Warning), "{d:?}");
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/refunds/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the skill name `refund-policy` is also declared by skills/refunds/SKILL.md");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "refund-policy");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/refunds/SKILL.md", "---\nname: refunds\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

//! `skill/field-type`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::parsed::ParsedSkill;
use crate::model::skill::targets::{Target, PLATFORM_CATEGORIES};
use crate::rules::skill::context::{has, Skill, SkillRule};
use crate::rules::skill::values::quoted;
use crate::source::SourceFile;
use crate::yaml::{Node, NodeKind, Resolved};

/// `compatibility` holds 1 to this many characters.
pub const COMPATIBILITY_MAX_CHARS: usize = 500;

declare_rule! {
    /// `license` not a string; `compatibility` not a string of 1–500 chars; `metadata` not a map of strings to strings; `allowed-tools` not a string or a list of strings (also `name` or `description` not a string; with target `platform`, `category` not a string)
    ///
    /// ## What it does
    /// Checks the types of the optional fields of the Agent Skills format, with YAML 1.2 core-schema resolution: an unquoted `2` or `true` is not a string. `name` and `description` must be strings too. `allowed-tools` may be one string (`Read Grep`) or a list of strings: the reference validator and clients accept both. With target `platform`, `category` must be a string. The help shows the quoted form, or the list joined into one string.
    ///
    /// ## Why
    /// Clients validate these types on registration and reject the skill when they are wrong.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// metadata:
    ///   tags: [incident, sev1]
    ///   priority: 2
    /// ```
    /// Good:
    /// ```yaml
    /// metadata:
    ///   tags: "incident sev1"
    ///   priority: "2"
    /// ```
    ///
    /// ## Fix
    /// Use the type in the message; quote values.
    pub static RULE = "skill/field-type", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if cx.parsed.frontmatter.is_none() {
            return;
        }
        let path = cx.path();
        // `name` and `description` are strings; null is `skill/missing-field`.
        for key in ["name", "description"] {
            let Some(f) = cx.parsed.field(key) else {
                continue;
            };
            if matches!(f.resolved(), Some(Resolved::Null | Resolved::Str)) {
                continue;
            }
            let found = f.value.type_name();
            let mut d = Diagnostic::new(
                &RULE,
                path,
                format!("`{key}` must be a string, found {found}"),
            )
            .at(f.value.span)
            .label(found);
            if let Some(text) = f.text() {
                d = d.help(format!("quote it: `{key}: {}`", quoted(text)));
            }
            out.push(d);
        }
        check_optional_types(cx.source, cx.parsed, out);
        if has(cx.settings, Target::Platform) {
            category(cx, out);
        }
    }
}

fn type_help(key: &str, node: &Node) -> String {
    match (&node.kind, node.scalar()) {
        (_, Some((text, _))) => format!("quote it: `{key}: {}`", quoted(text)),
        (NodeKind::Seq(_), _) => format!("write `{key}` as one string"),
        _ => format!("write `{key}` as a string"),
    }
}

fn check_optional_types(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let path = source.path.as_str();
    if let Some(f) = skill.field("license") {
        if f.as_str().is_none() {
            let found = f.value.type_name();
            out.push(
                Diagnostic::new(
                    &RULE,
                    path,
                    format!("`license` must be a string, found {found}"),
                )
                .at(f.value.span)
                .label(found)
                .help(type_help("license", f.value)),
            );
        }
    }
    if let Some(f) = skill.field("compatibility") {
        match f.as_str() {
            None => {
                let found = f.value.type_name();
                out.push(
                    Diagnostic::new(
                        &RULE,
                        path,
                        format!("`compatibility` must be a string, found {found}"),
                    )
                    .at(f.value.span)
                    .label(found)
                    .help(type_help("compatibility", f.value)),
                );
            }
            Some(text) => {
                let chars = text.chars().count();
                if chars == 0 || chars > COMPATIBILITY_MAX_CHARS {
                    let what = if chars == 0 {
                        "is empty".to_string()
                    } else {
                        format!("is {chars} characters long")
                    };
                    out.push(
                        Diagnostic::new(
                            &RULE,
                            path,
                            format!("`compatibility` {what}; it must be 1–{COMPATIBILITY_MAX_CHARS} characters"),
                        )
                        .at(f.value.span)
                        .label(what)
                        .help("name the environment requirements briefly (products, system packages, network access), or remove the field"),
                    );
                }
            }
        }
    }
    if let Some(f) = skill.field("metadata") {
        match f.value.as_map() {
            None => {
                let found = f.value.type_name();
                out.push(
                    Diagnostic::new(
                        &RULE,
                        path,
                        format!(
                            "`metadata` must be a mapping of strings to strings, found {found}"
                        ),
                    )
                    .at(f.value.span)
                    .label(found)
                    .help("write `metadata:` followed by indented `key: \"value\"` lines"),
                );
            }
            Some(entries) => {
                for e in entries {
                    let key = e.key.scalar().map_or("?", |(k, _)| k);
                    if e.key.as_str().is_none() {
                        let found = e.key.type_name();
                        out.push(
                            Diagnostic::new(
                                &RULE,
                                path,
                                format!("`metadata` keys must be strings, found {found}"),
                            )
                            .at(e.key.span)
                            .label(found)
                            .help(format!("quote the key: `{}:`", quoted(key))),
                        );
                    }
                    if e.value.as_str().is_none() {
                        let found = e.value.type_name();
                        let help = match &e.value.kind {
                            NodeKind::Seq(items) => {
                                let joined: Vec<&str> = items
                                    .iter()
                                    .filter_map(|i| i.scalar().map(|s| s.0))
                                    .collect();
                                format!(
                                    "metadata values are strings; join the items into one: `{key}: {}`",
                                    quoted(&joined.join(" "))
                                )
                            }
                            _ => type_help(key, &e.value),
                        };
                        out.push(
                            Diagnostic::new(
                                &RULE,
                                path,
                                format!("`metadata.{key}` must be a string, found {found}"),
                            )
                            .at(e.value.span)
                            .label(found)
                            .help(help),
                        );
                    }
                }
            }
        }
    }
    // One string (`Read Grep`) or a list of strings: the reference
    // validator and every client accept both.
    if let Some(f) = skill.field("allowed-tools") {
        match f.value.as_seq() {
            Some(items) => {
                for item in items {
                    if item.as_str().is_none() {
                        let found = item.type_name();
                        out.push(
                            Diagnostic::new(
                                &RULE,
                                path,
                                format!(
                                    "each tool in `allowed-tools` must be a string, found {found}"
                                ),
                            )
                            .at(item.span)
                            .label(found)
                            .help(match item.scalar() {
                                Some((text, _)) => format!("quote it: `- {}`", quoted(text)),
                                None => "write one tool name per item, e.g. `- Read`".to_string(),
                            }),
                        );
                    }
                }
            }
            None if f.as_str().is_none() => {
                let found = f.value.type_name();
                out.push(
                    Diagnostic::new(
                        &RULE,
                        path,
                        format!(
                            "`allowed-tools` must be a string or a list of strings, found {found}"
                        ),
                    )
                    .at(f.value.span)
                    .label(found)
                    .help(type_help("allowed-tools", f.value)),
                );
            }
            None => {}
        }
    }
}

/// With target `platform`: `category` is one string (which one is
/// `skill/invalid-category`).
fn category(cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
    let Some(f) = cx.parsed.field("category") else {
        return;
    };
    if f.as_str().is_some() {
        return;
    }
    let found = f.value.type_name();
    out.push(
        Diagnostic::new(
            &RULE,
            cx.path(),
            format!("`category` must be a string, found {found}"),
        )
        .at(f.value.span)
        .label(found)
        .help(format!(
            "write one category, e.g. `category: support` (target `platform`; known: {})",
            PLATFORM_CATEGORIES.join(", ")
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn field_types() {
        let r = run(&fm(&format!("{OK}license: 2\n")));
        assert_eq!(r, vec![(&field_type::RULE, "2".into())]);
        let r = run(&fm(&format!("{OK}compatibility: \"\"\n")));
        assert_eq!(r, vec![(&field_type::RULE, "\"\"".into())]);
        let r = run(&fm(&format!("{OK}compatibility: {}\n", "x".repeat(501))));
        assert_eq!(r[0].0, &field_type::RULE);
        let r = run(&fm(&format!(
            "{OK}metadata:\n  priority: 2\n  owner: support\n  tags:\n    - a\n    - b\n"
        )));
        assert_eq!(
            r,
            vec![
                (&field_type::RULE, "2".into()),
                (&field_type::RULE, "- a\n    - b".into())
            ]
        );
        let r = run(&fm(&format!("{OK}metadata: x\n")));
        assert_eq!(r, vec![(&field_type::RULE, "x".into())]);
        // A list of strings is as good as one string; other types are not.
        assert_eq!(
            run(&fm(&format!("{OK}allowed-tools:\n  - Read\n  - Grep\n"))),
            vec![]
        );
        let r = run(&fm(&format!("{OK}allowed-tools:\n  - Read\n  - 3\n")));
        assert_eq!(r, vec![(&field_type::RULE, "3".into())]);
        let r = run(&fm(&format!("{OK}allowed-tools:\n  read: true\n")));
        assert_eq!(r, vec![(&field_type::RULE, "read: true".into())]);
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nlicense: [MIT]\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`license` must be a string, found a list");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "[MIT]");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nlicense: MIT\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

//! `skill/field-type`.

use crate::diagnostic::{declare_rule, Diagnostic, Severity};
use crate::model::skill::parsed::ParsedSkill;
use crate::model::skill::targets::{Target, PLATFORM_CATEGORIES};
use crate::rules::skill::context::{has, Skill, SkillRule};
use crate::rules::skill::values::quoted;
use crate::source::SourceFile;
use crate::yaml::{Node, NodeKind, Resolved};

/// The keys under `metadata` that Codex reads as `short-description`.
const CODEX_SHORT_DESCRIPTION: [&str; 3] =
    ["short-description", "shortDescription", "short_description"];

/// `compatibility` holds 1 to this many characters.
pub const COMPATIBILITY_MAX_CHARS: usize = 500;

declare_rule! {
    /// `license` not a string; `compatibility` not a string of 1–500 chars; `metadata` not a map (its values not strings: a warning); `allowed-tools` not a string or a list of strings (also `name` or `description` not a string; with target `platform`, `category` not a string)
    ///
    /// ## What it does
    /// Checks the types of the optional fields of the Agent Skills format, with YAML 1.2 core-schema resolution: an unquoted `2` or `true` is not a string. `name` and `description` must be strings too. `allowed-tools` may be one string (`Read Grep`) or a list of strings: the reference validator and clients accept both. With target `platform`, `category` must be a string. The help shows the quoted form, or the list joined into one string.
    ///
    /// The format makes `metadata` a map of strings to strings. A value of another type is a warning: skills-ref turns it into text, Codex reads only `short-description`, and Claude Code does not read `metadata`. A list of strings under `metadata.tags` is agentskills-core's form for tags: the default target accepts it, other targets get a warning.
    ///
    /// Severity: an error for a type a client rejects (`metadata` that is not a map, or a `metadata.short-description` that is not a string, which Codex drops the skill for); a warning for other `metadata` values and keys.
    ///
    /// `license` and `compatibility` are a warning where no target is chosen (neither `targets:` nor `--target`) and only Claude Code installs the skill (a Claude Code plugin's, or a project's `.claude/skills`): Claude Code reads neither field, so only an installer of the open format would meet the type. A chosen target makes them errors again.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// Clients validate these types when they load a skill and drop the skill when they are wrong; a value the format types as a string but clients only read as text makes the skill less portable.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// metadata:
    ///   priority: 2
    ///   owners: [support, billing]
    /// ```
    /// Good:
    /// ```yaml
    /// metadata:
    ///   priority: "2"
    ///   owners: "support billing"
    ///   tags: [incident, sev1]
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
        let unread = crate::model::skill::install::only_claude_code(cx.settings, cx.folder);
        check_optional_types(cx.source, cx.parsed, unread, out);
        tags_portability(cx, out);
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

/// `license` and `compatibility`, whose types the open format states; where
/// only Claude Code installs the skill and no target is chosen (`unread`),
/// a warning: Claude Code reads neither.
fn check_optional_types(
    source: &SourceFile,
    skill: &ParsedSkill,
    unread: bool,
    out: &mut Vec<Diagnostic>,
) {
    let path = source.path.as_str();
    let start = out.len();
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
    if unread {
        for d in &mut out[start..] {
            d.lower(crate::model::skill::install::claude_code_note(
                "reads neither `license` nor `compatibility`",
            ));
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
                            .with_severity(Severity::Warning)
                            .at(e.key.span)
                            .label(found)
                            .help(format!("quote the key: `{}:`", quoted(key))),
                        );
                    }
                    if e.value.as_str().is_none() && !(key == "tags" && is_string_list(&e.value))
                    {
                        // Codex deserializes `short-description` as a string
                        // and drops the skill otherwise; other values are
                        // read as text (skills-ref) or not read at all.
                        let severity = if CODEX_SHORT_DESCRIPTION.contains(&key) {
                            Severity::Error
                        } else {
                            Severity::Warning
                        };
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
                            .with_severity(severity)
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

/// A list of strings (`[a, b]` or block items), none of them empty.
fn is_string_list(node: &Node) -> bool {
    node.as_seq()
        .is_some_and(|items| items.iter().all(|i| i.as_str().is_some()))
}

/// `metadata.tags` as a list of strings is how agentskills-core reads tags
/// (the default target accepts it); a selected target other than
/// `agentskills` reads `metadata` values as strings only, so there it is a
/// portability warning.
fn tags_portability(cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
    let Some(tags) = cx
        .parsed
        .field("metadata")
        .and_then(|f| f.value.as_map())
        .and_then(|entries| {
            entries
                .iter()
                .find(|e| e.key.as_str() == Some("tags") && is_string_list(&e.value))
        })
    else {
        return;
    };
    let strict: Vec<Target> = crate::rules::skill::context::selected(cx.settings)
        .into_iter()
        .filter(|t| *t != Target::Agentskills)
        .collect();
    if strict.is_empty() {
        return;
    }
    let names: Vec<String> = strict.iter().map(|t| format!("`{}`", t.name())).collect();
    let joined: Vec<&str> = tags
        .value
        .as_seq()
        .unwrap_or(&[])
        .iter()
        .filter_map(|i| i.as_str())
        .collect();
    out.push(
        Diagnostic::new(
            &RULE,
            cx.path(),
            format!(
                "`metadata.tags` is a list: agentskills-core reads it, but target {} reads `metadata` values as strings only",
                names.join(", ")
            ),
        )
        .with_severity(Severity::Warning)
        .at(tags.value.span)
        .label("a list")
        .help(format!(
            "keep the list for agentskills-core, or write one string for every client: `tags: {}`",
            quoted(&joined.join(" "))
        )),
    );
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
            "{OK}metadata:\n  priority: 2\n  owner: support\n  tags:\n    - a\n    - b\n  labels:\n    - c\n"
        )));
        assert_eq!(
            r,
            vec![
                (&field_type::RULE, "2".into()),
                (&field_type::RULE, "- c".into())
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
    fn metadata_tags_as_a_list_is_agentskills_cores_form() {
        // The form agentskills-core documents: no finding under the default
        // target, neither a type error nor a flow-collection warning.
        let text = fm(&format!("{OK}metadata:\n  tags: [incident, sev1]\n"));
        assert_eq!(run(&text), vec![]);
        let block = fm(&format!("{OK}metadata:\n  tags:\n    - incident\n    - sev1\n"));
        assert_eq!(run(&block), vec![]);
        // A client that reads metadata values as strings: a warning.
        for target in [Target::Codex, Target::ClaudeApi, Target::ClaudeCode, Target::Claude, Target::Platform] {
            let mut s = settings();
            s.config.targets = vec![target];
            let (source, d) = lint_in("refund-policy", &block, &s);
            let d: Vec<_> = d.into_iter().filter(|d| d.rule == &RULE).collect();
            assert_eq!(d.len(), 1, "{target:?}: {d:?}");
            assert_eq!(d[0].severity, Severity::Warning);
            assert_eq!(source.slice(d[0].span.unwrap()), "- incident\n    - sev1");
            assert!(d[0].message.contains(target.name()), "{}", d[0].message);
        }
        // Other shapes under `tags` stay errors.
        let r = run(&fm(&format!("{OK}metadata:\n  tags:\n    - 1\n    - b\n")));
        assert_eq!(r, vec![(&field_type::RULE, "- 1\n    - b".into())]);
    }

    #[test]
    fn metadata_values_are_warnings_unless_a_client_drops_the_skill() {
        let severities = |text: &str| -> Vec<(Severity, String)> {
            let (source, d) = lint_in("refund-policy", &fm(text), &settings());
            d.into_iter()
                .filter(|d| d.rule == &RULE)
                .map(|d| (d.severity, source.slice(d.span.unwrap()).to_string()))
                .collect()
        };
        // A list or a number where the format says string: every known
        // client reads on (skills-ref turns it into text).
        assert_eq!(
            severities(&format!("{OK}metadata:\n  services: [\"crm\"]\n  2: two\n")),
            vec![
                (Severity::Warning, "[\"crm\"]".into()),
                (Severity::Warning, "2".into())
            ]
        );
        // Codex drops the skill: `short-description` is read as a string.
        for key in CODEX_SHORT_DESCRIPTION {
            assert_eq!(
                severities(&format!("{OK}metadata:\n  {key}: [a, b]\n")),
                vec![(Severity::Error, "[a, b]".into())]
            );
        }
        // `metadata` itself must be a map.
        assert_eq!(
            severities(&format!("{OK}metadata: crm\n")),
            vec![(Severity::Error, "crm".into())]
        );
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

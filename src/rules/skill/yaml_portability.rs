//! `skill/yaml-portability`.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::model::skill::parsed::ParsedSkill;
use crate::rules::skill::context::{Skill, SkillRule};
use crate::rules::skill::values::{is_yaml11_bool, is_yaml11_timestamp};
use crate::source::{SourceFile, Span};
use crate::yaml::{Node, NodeKind, Style};

declare_rule! {
    /// YAML that other clients read differently or reject: tabs, anchors/aliases, tags, flow collections, unquoted YAML 1.1 booleans (`yes`, `on`) and dates as values
    ///
    /// ## What it does
    /// Flags YAML that parsers disagree on: tab characters outside values and comments, anchors and aliases, tags, flow collections (`[a, b]`, `{a: b}`), and plain values that YAML 1.1 readers (PyYAML and most skill clients) turn into booleans (`yes`, `no`, `on`, `off`, `y`, `n`) or dates (`2024-01-15`). An unquoted `version` is left to `skill/invalid-version`.
    ///
    /// Severity: always a warning; the YAML is valid, only read differently by some readers.
    ///
    /// ## Why
    /// Skills are read by many clients with different YAML parsers; `on` is a boolean to some and a string to others, and tabs or aliases are rejected by several. The reference validator, `skills-ref validate`, reads frontmatter with strictyaml, which refuses flow collections, anchors, aliases and tags.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// user-invocable: yes
    /// ```
    /// Good:
    /// ```yaml
    /// user-invocable: "yes"
    /// ```
    ///
    /// ## Fix
    /// Quote scalars and write plain block YAML.
    pub static RULE = "skill/yaml-portability", Warning,
        fixable: Safe, "quotes a plain YAML 1.1 boolean or date used as a string (`yes` becomes `'yes'`, `2024-01-15` becomes `'2024-01-15'`); anchors, tags and flow collections are left to you.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some(root) = &cx.parsed.frontmatter else {
            return;
        };
        // `metadata.tags: [a, b]` is agentskills-core's own documented form:
        // under the default target alone it is not a portability finding
        // (other targets get `skill/field-type`'s warning instead).
        let tags = (crate::rules::skill::context::selected(cx.settings)
            == [crate::model::skill::targets::Target::Agentskills])
            .then(|| {
                cx.parsed
                    .field("metadata")?
                    .value
                    .as_map()?
                    .iter()
                    .find(|e| e.key.as_str() == Some("tags"))
                    .filter(|e| {
                        e.value
                            .as_seq()
                            .is_some_and(|i| i.iter().all(|i| i.as_str().is_some()))
                    })
                    .map(|e| e.value.span)
            })
            .flatten();
        let first = out.len();
        check_portability(cx.source, cx.parsed, root, out);
        if let Some(tags) = tags {
            let mut i = first;
            while i < out.len() {
                if out[i].rule == &RULE && out[i].label.as_deref() == Some("flow list") && out[i].span == Some(tags) {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }
}

fn check_portability(
    source: &SourceFile,
    skill: &ParsedSkill,
    root: &Node,
    out: &mut Vec<Diagnostic>,
) {
    let first = out.len();
    let mut quotable: Vec<Span> = Vec::new();
    portability_findings(source, skill, root, out, &mut quotable);
    for d in &mut out[first..] {
        if let Some(span) = d
            .span
            .filter(|s| d.rule == &RULE && quotable.contains(s))
        {
            let value = source.slice(span);
            d.fix = Some(Box::new(Fix::replace(
                Applicability::Safe,
                format!("quote `{value}` as `'{value}'`"),
                source.path.clone(),
                span.offset..span.end(),
                format!("'{value}'"),
            )));
        }
    }
}

/// The findings of [`check_portability`]; `quotable` gets the spans of the
/// plain values `--fix` may quote.
fn portability_findings(
    source: &SourceFile,
    skill: &ParsedSkill,
    root: &Node,
    out: &mut Vec<Diagnostic>,
    quotable: &mut Vec<Span>,
) {
    let path = source.path.as_str();
    let text = source.text.as_str();
    let version_span = skill.version().map(|f| f.value.span);
    let mut scalars: Vec<Span> = Vec::new();
    let mut push = |span: Span, message: String, label: &str, help: &str| {
        out.push(
            Diagnostic::new(&RULE, path, message)
                .at(span)
                .label(label.to_string())
                .help(help.to_string()),
        );
    };
    // Values (not keys): every map value and sequence item, recursively.
    fn values<'a>(node: &'a Node, f: &mut dyn FnMut(&'a Node)) {
        match &node.kind {
            NodeKind::Map(entries) => entries.iter().for_each(|e| {
                f(&e.value);
                values(&e.value, f);
            }),
            NodeKind::Seq(items) => items.iter().for_each(|i| {
                f(i);
                values(i, f);
            }),
            _ => {}
        }
    }
    let mut value_nodes: Vec<&Node> = Vec::new();
    values(root, &mut |n| value_nodes.push(n));
    let mut all: Vec<&Node> = Vec::new();
    root.walk(&mut |n| all.push(n));
    for n in &all {
        if n.scalar().is_some() {
            scalars.push(n.span);
        }
        if let Some(anchor) = n.anchor {
            push(
                anchor,
                format!("anchor `{}` in the frontmatter", source.slice(anchor)),
                "anchor",
                "write the value out: several skill readers reject anchors and aliases, and aliases can expand without limit",
            );
        }
        if n.kind == NodeKind::Alias {
            push(
                n.span,
                format!("alias `{}` in the frontmatter", source.slice(n.span)),
                "alias",
                "write the value out: several skill readers reject anchors and aliases, and aliases can expand without limit",
            );
        }
        if let Some((tag, tspan)) = &n.tag {
            push(
                tspan.unwrap_or(n.span),
                format!("tag `{tag}` in the frontmatter"),
                "tag",
                "remove the tag and quote the value if it must stay a string: readers differ in which tags they accept",
            );
        }
        if n.flow {
            let open = Span::new(n.span.offset, 1);
            let (label, help) = if n.as_seq().is_some() {
                ("flow list", "write the list in block style, one `- item` per line: the reference validator (`skills-ref validate`, which reads with strictyaml) refuses flow collections, and other readers differ on them")
            } else {
                ("flow mapping", "write the mapping in block style, one `key: value` per line: the reference validator (`skills-ref validate`, which reads with strictyaml) refuses flow collections, and other readers differ on them")
            };
            let span = if source.slice(n.span).contains('\n') {
                open
            } else {
                n.span
            };
            push(span, format!("{label} in the frontmatter"), label, help);
        }
    }
    for n in value_nodes {
        let Some((value, Style::Plain)) = n.scalar() else {
            continue;
        };
        if n.tag.is_some() || Some(n.span) == version_span {
            continue;
        }
        // Plain YAML 1.1 booleans and dates, quoted by `--fix`: they are
        // strings to caplint (YAML 1.2) already, so quoting keeps them so.
        if (is_yaml11_bool(value) || is_yaml11_timestamp(value)) && source.slice(n.span) == value {
            quotable.push(n.span);
        }
        if is_yaml11_bool(value) {
            let truth = if matches!(
                value,
                "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON"
            ) {
                "true"
            } else {
                "false"
            };
            push(
                n.span,
                format!("`{value}` is a string in YAML 1.2 but the boolean {truth} in YAML 1.1 (PyYAML and most skill clients)"),
                "YAML 1.1 boolean",
                &format!("quote it (`\"{value}\"`) if it is text, or write `{truth}`"),
            );
        } else if is_yaml11_timestamp(value) {
            push(
                n.span,
                format!("`{value}` is a string in YAML 1.2 but a date in YAML 1.1 (PyYAML and most skill clients)"),
                "YAML 1.1 date",
                &format!("quote it: `\"{value}\"`"),
            );
        }
    }
    // Tabs outside values and comments.
    let Some(yaml) = skill.yaml_range() else {
        return;
    };
    let mut pos = yaml.start;
    for line in text[yaml.clone()].split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let mut in_comment = false;
        for (i, c) in line.char_indices() {
            let at = start + i;
            if scalars.iter().any(|s| s.offset <= at && at < s.end()) {
                continue;
            }
            if c == '#' && (i == 0 || line[..i].ends_with([' ', '\t'])) {
                in_comment = true;
            }
            if c == '\t' && !in_comment {
                push(
                    Span::new(at, 1),
                    "tab character in the frontmatter".to_string(),
                    "tab",
                    "use spaces: YAML forbids tabs in indentation and several readers reject them anywhere outside a value",
                );
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn portability() {
        let r = run(&fm(&format!(
            "{OK}metadata:\n  beta: yes\n  since: 2024-01-15\n  ok: \"no\"\n"
        )));
        assert_eq!(
            r,
            vec![
                (&yaml_portability::RULE, "yes".into()),
                (&yaml_portability::RULE, "2024-01-15".into())
            ]
        );
        let r = run(&fm(&format!(
            "{OK}metadata:\n  a: &x v\n  b: *x\n  c: !!str w\n"
        )));
        assert_eq!(
            r,
            vec![
                (&yaml_portability::RULE, "&x".into()),
                (&field_type::RULE, "*x".into()),
                (&yaml_portability::RULE, "*x".into()),
                (&yaml_portability::RULE, "!!str".into()),
            ]
        );
        let r = run(&fm("name:\trefund-policy\ndescription: x\n"));
        assert_eq!(r, vec![(&yaml_portability::RULE, "\t".into())]);
        // Tabs inside quoted values and comments are fine.
        assert_eq!(
            run(&fm("name: refund-policy # a\tb\ndescription: \"x\ty\"\n")),
            vec![]
        );
        let r = run(&fm(&format!("{OK}metadata: {{a: b}}\n")));
        assert_eq!(r, vec![(&yaml_portability::RULE, "{a: b}".into())]);
    }

    #[test]
    fn alias_bombs_finish_instantly() {
        let mut yaml = String::from(OK);
        yaml.push_str("metadata:\n  a0: &a0 x\n");
        for i in 1..60 {
            yaml.push_str(&format!(
                "  a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n",
                p = i - 1
            ));
        }
        let started = std::time::Instant::now();
        let r = run(&fm(&yaml));
        assert!(started.elapsed().as_secs() < 2);
        assert!(r
            .iter()
            .any(|(rule, t)| *rule == &yaml_portability::RULE && t == "*a58"));
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nmetadata:\n  enabled: yes\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert!(d[0].message.starts_with("`yes` is a string in YAML 1.2 but the boolean true in YAML 1.1"), "{}", d[0].message);
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "yes");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nmetadata:\n  enabled: \"yes\"\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

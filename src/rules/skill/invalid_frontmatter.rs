//! `skill/invalid-frontmatter`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::parsed::{ParsedSkill, Problem};
use crate::model::skill::install;
use crate::model::skill::targets::Target;
use crate::rules::skill::context::{selected, Skill, SkillRule};
use crate::rules::skill::values::quoted;
use crate::source::{SourceFile, Span};
use std::collections::BTreeMap;

declare_rule! {
    /// no opening `---` line, no closing `---` line, YAML that does not parse (span), or not a mapping; an unquoted `: ` inside a value gets a hint to quote the value
    ///
    /// ## What it does
    /// Splits `SKILL.md` on whole `---` lines (CRLF accepted, a `---` inside a value never splits) and parses the frontmatter as YAML, pointing at the exact position of a syntax error. An unquoted `: ` inside a value gets the quoted form in the help. Also reported: a frontmatter that is not a mapping, a key that appears twice, and a file that is not valid UTF-8.
    ///
    /// Severity: an error: YAML that does not parse, frontmatter that does not open or close, duplicate keys. A `SKILL.md` without frontmatter inside another skill's folder is a file of that skill and is not reported. One without frontmatter above skills that have one is their index (a catalogue, a log), not a skill: a warning, and the skills below are judged on their own.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// A `SKILL.md` with no frontmatter at all (or empty) is a warning where Claude Code is the only client: no target is chosen and only Claude Code installs the skill (a Claude Code plugin's, a project's `.claude/skills`), or the only target is `claude-code`. Claude Code loads it under the folder's name with the first paragraph as its description, and its own validator warns; the open format's installers and Codex skip it.
    ///
    /// A `SKILL.md` with no frontmatter in no skills folder (no folder above it named `skills` or `skill`, no skill root, plugin or client folder) and beside no skill with frontmatter, such as a `docs/SKILL.md` among a project's notes, marks no skill for certain: this finding and every skill rule's error in its folder are warnings. Named on the command line, the folder keeps its errors.
    ///
    /// ## Why
    /// A skill whose frontmatter does not parse is dropped by clients without a word. The commonest cause is an unquoted `: ` inside a description.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// ---
    /// name: refund-policy
    /// description: Refunds: when to give one
    /// ---
    /// ```
    /// Good:
    /// ```markdown
    /// ---
    /// name: refund-policy
    /// description: "Refunds: when to give one"
    /// ---
    /// ```
    ///
    /// ## Fix
    /// Fix the YAML at the position shown; quote values that contain `: `.
    pub static RULE = "skill/invalid-frontmatter", Error;
}

/// What the finding's help says on an index of skills
/// ([`crate::model::skill::folder::Folder::is_index`]).
pub const INDEX_NOTE: &str = "a warning here: this `SKILL.md` has skills with frontmatter below it, so it is read as their index (a catalogue or log), not as a skill; no client loads it, and the skills below are judged as skills of their own";

/// What Claude Code does with a `SKILL.md` that has no frontmatter.
const NO_FRONTMATTER_WHY: &str = "loads a `SKILL.md` without frontmatter, under the folder's name and with the first paragraph as its description (its own `claude plugin validate` warns)";

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let path = cx.path();
        let source = cx.source;
        if let Some(offset) = cx.bad_utf8 {
            out.push(
                Diagnostic::new(&RULE, path, "SKILL.md is not valid UTF-8")
                    .at(source.char_span_at(offset))
                    .label("first invalid byte")
                    .help("save the file as UTF-8: clients fail to read it and drop the skill"),
            );
        }
        if let Some(problem) = &cx.parsed.problem {
            // A `SKILL.md` without frontmatter inside another skill's folder
            // (`deploy/SKILL.md` of a skill's phases) is a file of that
            // skill: no client loads a skill nested in a skill.
            let fragment = matches!(problem, Problem::NoOpening { .. }) && install::enclosing_skill(cx.folder).is_some();
            if !fragment {
                let mut found = problem_diagnostic(source, cx.parsed, problem);
                // A `SKILL.md` without frontmatter over skills that have one
                // is their index (a catalogue, a log): no client loads it.
                if let Some(d) = found.as_mut().filter(|_| cx.folder.is_index()) {
                    d.lower(INDEX_NOTE);
                } else if let Some(d) = found
                    .as_mut()
                    .filter(|_| matches!(problem, Problem::NoOpening { .. } | Problem::Empty))
                {
                    // Claude Code loads a `SKILL.md` without frontmatter
                    // under the folder's name and takes the description
                    // from the first paragraph; its own validator warns.
                    if install::only_claude_code(cx.settings, cx.folder) {
                        d.lower(install::claude_code_note(NO_FRONTMATTER_WHY));
                    } else if selected(cx.settings) == [Target::ClaudeCode] {
                        d.lower(format!("a warning here: the only target is `claude-code`, which {NO_FRONTMATTER_WHY}"));
                    }
                }
                out.extend(found);
            }
        }
        let Some(root) = &cx.parsed.frontmatter else {
            return;
        };
        // Duplicate keys: YAML forbids them and readers disagree on which wins.
        let mut first: BTreeMap<&str, Span> = BTreeMap::new();
        for e in root.as_map().unwrap_or(&[]) {
            let Some((k, _)) = e.key.scalar() else {
                continue;
            };
            if let Some(prev) = first.get(k) {
                out.push(
                    Diagnostic::new(&RULE, path, format!("`{k}` appears twice in the frontmatter"))
                        .at(e.key.span)
                        .label("repeated here")
                        .with_label(*prev, "first defined here")
                        .help("keep one: YAML forbids duplicate keys, strict readers reject the file and the others silently keep the last value"),
                );
            } else {
                first.insert(k, e.key.span);
            }
        }
    }
}

fn problem_diagnostic(
    source: &SourceFile,
    skill: &ParsedSkill,
    problem: &Problem,
) -> Option<Diagnostic> {
    let path = source.path.as_str();
    let text = source.text.as_str();
    Some(match problem {
        Problem::Empty => Diagnostic::new(&RULE, path, "SKILL.md is empty")
            .help("start the file with `---`, then `name:` and `description:`, then `---` and the instructions"),
        Problem::NoOpening { first_line } => {
            let blank_first = text[if skill.bom { 3 } else { 0 }..]
                .lines()
                .next()
                .is_some_and(|l| l.trim().is_empty());
            let help = if blank_first && source.slice(*first_line).trim_end() == "---" {
                "remove the blank lines before the opening `---`: it must be the first line".to_string()
            } else {
                "start the file with a `---` line, then `name:` and `description:`, then a closing `---` line".to_string()
            };
            Diagnostic::new(
                &RULE,
                path,
                "SKILL.md does not start with a `---` frontmatter line",
            )
            .at(*first_line)
            .label("expected `---` as the first line")
            .help(help)
        }
        Problem::NoClosing { open } => Diagnostic::new(
            &RULE,
            path,
            "the frontmatter is never closed by a `---` line",
        )
        .at(*open)
        .label("opened here")
        .help("end the frontmatter with a line holding only `---`"),
        // `skill/frontmatter-too-large`.
        Problem::TooLarge { .. } => return None,
        Problem::Yaml { offset, message } => yaml_error(source, skill, *offset, message),
        Problem::NotAMapping { span, found } => Diagnostic::new(
            &RULE,
            path,
            format!("the frontmatter is {found}, not a mapping of fields"),
        )
        .at(first_line_of(text, *span))
        .label(found.to_string())
        .help("write the frontmatter as `key: value` lines: `name: ...` and `description: ...`"),
    })
}

fn first_line_of(text: &str, span: Span) -> Span {
    let slice = text.get(span.range()).unwrap_or("");
    match slice.find(['\n', '\r']) {
        Some(i) => Span::new(span.offset, i),
        None => span,
    }
}

/// `key: value` on one line: (indent, key range, value range) in `line`.
fn key_value(line: &str) -> Option<(usize, std::ops::Range<usize>, std::ops::Range<usize>)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    let rest_off = indent + rest.len() - rest.trim_start_matches("- ").len();
    let rest = &line[rest_off..];
    if rest.starts_with(['#', '\'', '"', '[', '{', '-', '?', ':']) {
        return None;
    }
    let colon = rest
        .find(": ")
        .or_else(|| rest.strip_suffix(':').map(|r| r.len()))?;
    let key = rest_off..rest_off + colon;
    let vstart = (key.end + 1..line.len())
        .find(|&i| !line[i..].starts_with([' ', '\t']))
        .unwrap_or(line.len());
    Some((indent, key, vstart..line.trim_end().len().max(vstart)))
}

/// `skill/invalid-frontmatter` for a YAML syntax error, with a precise hint
/// for the commonest cause: an unquoted `: ` inside a value.
fn yaml_error(
    source: &SourceFile,
    skill: &ParsedSkill,
    offset: usize,
    message: &str,
) -> Diagnostic {
    let path = source.path.as_str();
    let text = source.text.as_str();
    let offset = source.clamp(offset);
    let len = text[offset..].chars().next().map_or(0, char::len_utf8);
    let generic = Diagnostic::new(
        &RULE,
        path,
        format!("invalid YAML in the frontmatter: {message}"),
    )
    .at(Span::new(offset, len))
    .label(message.to_string());
    let yaml = skill.yaml_range().unwrap_or(0..text.len());
    let line_start = text[..offset]
        .rfind('\n')
        .map_or(0, |i| i + 1)
        .max(yaml.start);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = text[line_start..line_end].trim_end_matches('\r');
    let at = offset - line_start;
    let colon =
        text[offset..].starts_with(':') && text[offset + 1..].starts_with([' ', '\t', '\r', '\n']);
    if colon {
        if let Some((_, key, value)) = key_value(line) {
            if value.start < at && at <= value.end {
                let k = &line[key];
                let v = &line[value];
                return Diagnostic::new(
                    &RULE,
                    path,
                    format!("invalid YAML: the value of `{k}` contains `: `, which YAML reads as the start of a nested key"),
                )
                .at(Span::new(offset, 1))
                .label("this `: ` starts a nested key")
                .help(format!("quote the value: `{k}: {}`", quoted(v)));
            }
        }
        // A continuation line of a multi-line plain value: find its key.
        let indent = line.len() - line.trim_start().len();
        let mut pos = line_start;
        while pos > yaml.start {
            let prev_end = pos - 1;
            let prev_start = text[..prev_end]
                .rfind('\n')
                .map_or(0, |i| i + 1)
                .max(yaml.start);
            let prev = text[prev_start..prev_end].trim_end_matches('\r');
            pos = prev_start;
            if prev.trim().is_empty() {
                continue;
            }
            let prev_indent = prev.len() - prev.trim_start().len();
            if prev_indent < indent {
                if let Some((_, key, _)) = key_value(prev) {
                    let k = &prev[key];
                    return Diagnostic::new(
                        &RULE,
                        path,
                        format!("invalid YAML: the value of `{k}` contains `: ` on a continuation line, which YAML reads as a nested key"),
                    )
                    .at(Span::new(offset, 1))
                    .label("this `: ` starts a nested key")
                    .help(format!("quote the whole value of `{k}`, or write it as a folded block: `{k}: >-` with the text indented on the lines below"));
                }
                break;
            }
        }
        return generic.help("quote the value that contains `: `");
    }
    if let Some((_, key, value)) = key_value(line) {
        let c = text[offset..].chars().next().unwrap_or(' ');
        if value.start == at && matches!(c, '@' | '`' | '%' | '!' | '&' | '*' | '|' | '>') {
            let k = &line[key];
            let v = &line[value];
            return Diagnostic::new(
                &RULE,
                path,
                format!("invalid YAML: the value of `{k}` starts with `{c}`, which YAML reserves"),
            )
            .at(Span::new(offset, len))
            .label(format!("a plain value cannot start with `{c}`"))
            .help(format!("quote the value: `{k}: {}`", quoted(v)));
        }
    }
    generic.help("fix the YAML at the position shown; quoting values that hold `: `, `#` or leading punctuation avoids most errors")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn fences_and_yaml_errors() {
        assert_eq!(
            run("# Refunds\n"),
            vec![(&invalid_frontmatter::RULE, "# Refunds".into())]
        );
        assert_eq!(
            run("---\nname: a\n"),
            vec![(&invalid_frontmatter::RULE, "---".into())]
        );
        assert_eq!(
            run(&fm("- a\n- b\n")),
            vec![(&invalid_frontmatter::RULE, "- a".into())]
        );
        let d = diags(&fm(
            "name: refund-policy\ndescription: Refunds: when to give one\n",
        ));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].rule, &invalid_frontmatter::RULE);
        assert!(
            d[0].message.contains("`description` contains `: `"),
            "{}",
            d[0].message
        );
        assert_eq!(
            d[0].help.as_deref(),
            Some("quote the value: `description: \"Refunds: when to give one\"`")
        );
        let text = fm("name: refund-policy\ndescription: Refunds: when to give one\n");
        assert_eq!(d[0].span.map(|s| &text[s.range()]), Some(":"));
        assert_eq!(d[0].span.unwrap().offset, text.find("s: when").unwrap() + 1);
        // On a continuation line.
        let d = diags(&fm(
            "name: refund-policy\ndescription: Refunds\n  and more: here\n",
        ));
        assert!(
            d[0].message.contains("continuation line"),
            "{}",
            d[0].message
        );
        // A reserved first character.
        let d = diags(&fm("name: refund-policy\ndescription: `refund` rules\n"));
        assert_eq!(
            d[0].help.as_deref(),
            Some("quote the value: `description: \"`refund` rules\"`")
        );
    }

    #[test]
    fn duplicate_keys_are_invalid() {
        let r = run(&fm(&format!("{OK}name: refund-policy\n")));
        assert_eq!(r, vec![(&invalid_frontmatter::RULE, "name".into())]);
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Refunds: when asked\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "invalid YAML: the value of `description` contains `: `, which YAML reads as the start of a nested key");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), ":");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn a_skill_md_inside_a_skill_is_a_file_of_it() {
        // A skill's phases, each a `SKILL.md` without frontmatter.
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/refund-policy/deploy/SKILL.md", "# Deploy\n\nSteps.\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
        // On its own in a skills root it is a broken skill.
        let (_, d) = lint_repo(&[("skills/deploy/SKILL.md", "# Deploy\n")], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
    }

}

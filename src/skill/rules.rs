//! Single-file checks of a `SKILL.md` (frontmatter and fields) and the
//! repository-wide `skill/duplicate-name`. Every finding points at the key or
//! value it is about; a missing field points at the opening `---` fence.

use super::model::{ParsedSkill, Problem, MAX_FRONTMATTER_BYTES};
use crate::config::Settings;
use crate::diagnostic::{did_you_mean, Applicability, Diagnostic, Fix};
use crate::rules::skill::*;
use crate::source::{SourceFile, Span};
use crate::yaml::{Node, NodeKind, Resolved, Style};
use std::collections::BTreeMap;
use unicode_normalization::UnicodeNormalization;

pub const NAME_MAX_CHARS: usize = 64;
pub const COMPATIBILITY_MAX_CHARS: usize = 500;
pub const HINTS_MAX_ITEMS: usize = 5;
pub const HINT_MAX_CHARS: usize = 200;

/// Plain scalars that YAML 1.1 readers (PyYAML and most skill clients) take
/// as booleans, while YAML 1.2 keeps them as strings.
const YAML11_BOOLS: &[&str] = &[
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off",
    "OFF",
];

/// NFKC normal form, the form names are compared in.
pub fn nfkc(s: &str) -> String {
    // ASCII text is its own normal form (nearly every name).
    if s.is_ascii() {
        return s.to_string();
    }
    s.nfkc().collect()
}

/// Why a name does not have the required form, or `None` when it does:
/// 1–64 characters matching `^[a-z0-9]+(-[a-z0-9]+)*$`.
pub fn name_problem(name: &str) -> Option<String> {
    let chars = name.chars().count();
    if chars == 0 {
        return Some("is empty".into());
    }
    if chars > NAME_MAX_CHARS {
        return Some(format!(
            "is {chars} characters long; the limit is {NAME_MAX_CHARS}"
        ));
    }
    if let Some(c) = name.chars().find(|c| c.is_whitespace()) {
        let what = if c == ' ' { "a space" } else { "white space" };
        return Some(format!("contains {what}"));
    }
    if name.chars().any(|c| c.is_uppercase()) {
        return Some("contains upper-case letters".into());
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Some(format!(
            "contains `{c}`; only lower-case letters a–z, digits and hyphens are allowed"
        ));
    }
    if name.starts_with('-') || name.ends_with('-') {
        return Some("starts or ends with a hyphen".into());
    }
    if name.contains("--") {
        return Some("contains consecutive hyphens".into());
    }
    None
}

/// A valid name close to `name`, when one can be made from ASCII text.
pub fn suggest_name(name: &str) -> Option<String> {
    if !name.is_ascii() {
        return None;
    }
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let mut out = out.trim_matches('-').to_string();
    if out.len() > NAME_MAX_CHARS {
        out.truncate(NAME_MAX_CHARS);
        out = out.trim_end_matches('-').to_string();
    }
    (!out.is_empty() && out != name && name_problem(&out).is_none()).then_some(out)
}

/// YAML 1.1's timestamp form: what PyYAML turns into a date.
pub fn is_yaml11_timestamp(s: &str) -> bool {
    use regex::Regex;
    use std::sync::OnceLock;
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$",
        )
        .expect("timestamp regex")
    })
    .is_match(s)
}

/// A YAML 1.1 boolean written as a plain scalar (`yes`, `on`, `n`, …).
pub fn is_yaml11_bool(s: &str) -> bool {
    YAML11_BOOLS.contains(&s)
}

/// A value as YAML text in double quotes (or single quotes when that reads better).
pub fn quoted(value: &str) -> String {
    if value.contains('"') && !value.contains('\'') {
        format!("'{value}'")
    } else {
        format!(
            "\"{}\"",
            value
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\t', "\\t")
        )
    }
}

/// Everything a single skill is checked against.
pub struct Context<'a> {
    pub settings: &'a Settings,
    /// The folder's own name (what `name` must equal).
    pub folder: &'a str,
}

/// All frontmatter and field findings for one `SKILL.md`.
pub fn check(source: &SourceFile, skill: &ParsedSkill, cx: &Context<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let path = source.path.as_str();
    if skill.bom {
        out.push(
            Diagnostic::new(BYTE_ORDER_MARK, path, "SKILL.md starts with a UTF-8 byte-order mark")
                .at(Span::new(0, 3))
                .label("byte-order mark")
                .help("save the file as UTF-8 without a BOM: several clients look for `---` as the very first bytes and skip the skill otherwise")
                .with_fix(Fix::replace(Applicability::Safe, "remove the byte-order mark", path, 0..3, "")),
        );
    }
    if let Some(problem) = &skill.problem {
        out.push(problem_diagnostic(source, skill, problem));
    }
    let Some(root) = &skill.frontmatter else {
        return out;
    };
    let entries = root.as_map().unwrap_or(&[]);
    let open = skill.open_fence().unwrap_or_default();

    // Duplicate keys: YAML forbids them and readers disagree on which wins.
    let mut first: BTreeMap<&str, Span> = BTreeMap::new();
    for e in entries {
        let Some((k, _)) = e.key.scalar() else {
            continue;
        };
        if let Some(prev) = first.get(k) {
            out.push(
                Diagnostic::new(INVALID_FRONTMATTER, path, format!("`{k}` appears twice in the frontmatter"))
                    .at(e.key.span)
                    .label("repeated here")
                    .with_label(*prev, "first defined here")
                    .help("keep one: YAML forbids duplicate keys, strict readers reject the file and the others silently keep the last value"),
            );
        } else {
            first.insert(k, e.key.span);
        }
    }

    check_required(source, skill, cx, open, &mut out);
    check_optional_types(source, skill, &mut out);
    check_version(source, skill, &mut out);
    for key in ["when_to_use", "when_not_to_use"] {
        if !super::targets::checks_selection_hints(cx.settings) {
            break;
        }
        if let Some(f) = skill.field(key) {
            check_hints(path, key, f.value, &mut out);
        }
    }
    check_unknown(path, entries, cx, &mut out);
    check_portability(source, skill, root, &mut out);
    out.extend(super::targets::check(source, skill, cx.settings));
    out
}

fn problem_diagnostic(source: &SourceFile, skill: &ParsedSkill, problem: &Problem) -> Diagnostic {
    let path = source.path.as_str();
    let text = source.text.as_str();
    match problem {
        Problem::Empty => Diagnostic::new(INVALID_FRONTMATTER, path, "SKILL.md is empty")
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
                INVALID_FRONTMATTER,
                path,
                "SKILL.md does not start with a `---` frontmatter line",
            )
            .at(*first_line)
            .label("expected `---` as the first line")
            .help(help)
        }
        Problem::NoClosing { open } => Diagnostic::new(
            INVALID_FRONTMATTER,
            path,
            "the frontmatter is never closed by a `---` line",
        )
        .at(*open)
        .label("opened here")
        .help("end the frontmatter with a line holding only `---`"),
        Problem::TooLarge { open, bytes } => Diagnostic::new(
            FRONTMATTER_TOO_LARGE,
            path,
            format!(
                "the frontmatter is {} KiB; clients refuse more than {} KiB",
                bytes.div_ceil(1024),
                MAX_FRONTMATTER_BYTES / 1024
            ),
        )
        .at(*open)
        .label("frontmatter starts here")
        .help("keep the frontmatter to a name and a one-paragraph description; move the bulk into the body or a referenced file"),
        Problem::Yaml { offset, message } => yaml_error(source, skill, *offset, message),
        Problem::NotAMapping { span, found } => Diagnostic::new(
            INVALID_FRONTMATTER,
            path,
            format!("the frontmatter is {found}, not a mapping of fields"),
        )
        .at(first_line_of(text, *span))
        .label(found.to_string())
        .help("write the frontmatter as `key: value` lines: `name: ...` and `description: ...`"),
    }
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
        INVALID_FRONTMATTER,
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
                    INVALID_FRONTMATTER,
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
                        INVALID_FRONTMATTER,
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
                INVALID_FRONTMATTER,
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

fn check_required(
    source: &SourceFile,
    skill: &ParsedSkill,
    cx: &Context<'_>,
    open: Span,
    out: &mut Vec<Diagnostic>,
) {
    let path = source.path.as_str();
    for key in ["name", "description"] {
        let Some(f) = skill.field(key) else {
            let help = if key == "name" {
                match name_problem(cx.folder) {
                    None => format!("add `name: {}` (the folder's name)", cx.folder),
                    Some(_) => "add `name:` with the skill's id: lower-case words joined by hyphens, the same as the folder's name".to_string(),
                }
            } else {
                "add `description:` saying when an agent should reach for this skill; it is the only part a model sees before loading it".to_string()
            };
            out.push(
                Diagnostic::new(
                    MISSING_FIELD,
                    path,
                    format!("the frontmatter has no `{key}`"),
                )
                .at(open)
                .label("frontmatter starts here")
                .help(help),
            );
            continue;
        };
        let value = f.value;
        let empty_span = if value.span.length == 0 {
            f.key.span
        } else {
            value.span
        };
        match f.resolved() {
            Some(Resolved::Null) => {
                out.push(
                    Diagnostic::new(MISSING_FIELD, path, format!("`{key}` is empty"))
                        .at(empty_span)
                        .label("no value")
                        .help(format!("give `{key}` a value")),
                );
                continue;
            }
            Some(Resolved::Str) => {}
            _ => {
                let found = value.type_name();
                let mut d = Diagnostic::new(
                    FIELD_TYPE,
                    path,
                    format!("`{key}` must be a string, found {found}"),
                )
                .at(value.span)
                .label(found);
                if let Some(text) = f.text() {
                    d = d.help(format!("quote it: `{key}: {}`", quoted(text)));
                }
                out.push(d);
                continue;
            }
        }
        let text = f.as_str().unwrap_or("");
        if text.trim().is_empty() {
            out.push(
                Diagnostic::new(MISSING_FIELD, path, format!("`{key}` is empty"))
                    .at(empty_span)
                    .label("empty")
                    .help(format!("give `{key}` a value")),
            );
            continue;
        }
        if key == "name" {
            check_name(source, text, value.span, cx, out);
        } else {
            let chars = text.chars().count();
            let (max, by) = super::targets::description_limit(cx.settings);
            if chars > max {
                let whose = by.map_or(String::new(), |t| format!(" for target `{}`", t.name()));
                out.push(
                    Diagnostic::new(
                        DESCRIPTION_TOO_LONG,
                        path,
                        format!("the description is {chars} characters long; the limit is {max}{whose}"),
                    )
                    .at(value.span)
                    .label(format!("{chars} characters"))
                    .help("say when to reach for the skill in a few sentences and move the detail into the body: the description is charged on every turn for every bound skill"),
                );
            }
        }
    }
}

fn check_name(
    source: &SourceFile,
    name: &str,
    span: Span,
    cx: &Context<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let path = source.path.as_str();
    if let Some(problem) = name_problem(name) {
        let help = match suggest_name(name) {
            Some(s) => format!("use lower-case words joined by single hyphens, e.g. `name: {s}`"),
            None => "use 1–64 lower-case letters and digits joined by single hyphens, e.g. `refund-policy`".to_string(),
        };
        out.push(
            Diagnostic::new(INVALID_NAME, path, format!("the name `{name}` {problem}"))
                .at(span)
                .label(problem)
                .help(help),
        );
    }
    let normalized = nfkc(name);
    if !cx.folder.is_empty() && normalized != nfkc(cx.folder) {
        out.push(
            Diagnostic::new(
                NAME_MISMATCH,
                path,
                format!("the name `{name}` is not the folder's name `{}`", cx.folder),
            )
            .at(span)
            .label(format!("folder is `{}`", cx.folder))
            .help(format!(
                "rename the folder to `{name}`, or set `name: {}`: installers and galleries match a skill by its folder",
                cx.folder
            ))
            .maybe_fix(name_fix(source, span, cx.folder)),
        );
    }
    if cx
        .settings
        .config
        .reserved_skill_names
        .iter()
        .any(|r| nfkc(r) == normalized)
    {
        out.push(
            Diagnostic::new(
                RESERVED_NAME,
                path,
                format!("`{name}` is reserved for a capability"),
            )
            .at(span)
            .label("reserved name")
            .help(format!("skills share one namespace with capabilities; choose a more specific name, such as `{name}-guide` or one that says what the procedure is for")),
        );
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
                    FIELD_TYPE,
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
                        FIELD_TYPE,
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
                            FIELD_TYPE,
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
                        FIELD_TYPE,
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
                                FIELD_TYPE,
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
                                FIELD_TYPE,
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
                                FIELD_TYPE,
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
                        FIELD_TYPE,
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

/// A SemVer version near `text`, for help messages (`1.0` → `1.0.0`).
fn semver_suggestion(text: &str) -> Option<String> {
    let t = text.trim().trim_start_matches(['v', 'V']);
    if semver::Version::parse(t).is_ok() {
        return Some(t.to_string());
    }
    let parts: Vec<&str> = t.split('.').collect();
    if parts.len() <= 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        let mut nums: Vec<String> = parts
            .iter()
            .map(|p| {
                p.parse::<u64>()
                    .map(|n| n.to_string())
                    .unwrap_or_else(|_| p.to_string())
            })
            .collect();
        while nums.len() < 3 {
            nums.push("0".into());
        }
        return Some(nums.join("."));
    }
    None
}

/// `--fix --unsafe-fixes` for `skill/name-mismatch`: `name` becomes the
/// folder's name, in the value's own quote style. Unsafe: the name is the
/// id clients load the skill by.
fn name_fix(source: &SourceFile, span: Span, folder: &str) -> Option<Fix> {
    let valid = !folder.is_empty()
        && folder
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return None;
    }
    let old = source.text.get(span.offset..span.offset + span.length)?;
    let replacement = match old.as_bytes().first() {
        Some(q @ (b'"' | b'\'')) if old.len() >= 2 && old.as_bytes().last() == Some(q) => {
            let q = *q as char;
            format!("{q}{folder}{q}")
        }
        Some(b'"' | b'\'' | b'|' | b'>') => return None,
        _ => folder.to_string(),
    };
    Some(Fix::replace(
        Applicability::Unsafe,
        format!("set `name` to the folder's name `{folder}`"),
        source.path.clone(),
        span.offset..span.offset + span.length,
        replacement,
    ))
}

fn check_version(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let path = source.path.as_str();
    let Some(f) = skill.version() else { return };
    let span = f.value.span;
    let Some((text, style)) = f.value.scalar() else {
        let found = f.value.type_name();
        out.push(
            Diagnostic::new(
                INVALID_VERSION,
                path,
                format!("`version` must be a quoted SemVer string, found {found}"),
            )
            .at(span)
            .label(found)
            .help("write `version: \"1.0.0\"`"),
        );
        return;
    };
    let suggestion = semver_suggestion(text);
    let fix = |s: &Option<String>| match s {
        Some(s) => format!("write `version: \"{s}\"`"),
        None => "write a quoted SemVer version such as `version: \"1.0.0\"`".to_string(),
    };
    if !style.is_quoted() {
        let (message, label) = match f.resolved() {
            Some(Resolved::Float) => (
                match text.parse::<f64>() {
                    Ok(f) => format!("`version: {text}` is a number to YAML, not a string: unquoted, it is read as the float {f:?}"),
                    Err(_) => format!("`version: {text}` is a number to YAML, not a string"),
                },
                "read as a float".to_string(),
            ),
            Some(Resolved::Int) => (
                format!("`version: {text}` is an integer to YAML, not a version string"),
                "read as an integer".to_string(),
            ),
            Some(Resolved::Null) => (
                "`version` is empty".to_string(),
                "no value".to_string(),
            ),
            Some(Resolved::Bool) => (
                format!("`version: {text}` is a boolean to YAML"),
                "read as a boolean".to_string(),
            ),
            _ if is_yaml11_timestamp(text) => (
                format!("`version: {text}` is a date to YAML 1.1 readers (PyYAML and most skill clients), not a string"),
                "read as a date".to_string(),
            ),
            _ => (
                format!("`version` must be quoted: `{text}` is a plain YAML scalar"),
                "not quoted".to_string(),
            ),
        };
        let help = format!(
            "{}; clients require a quoted version because YAML turns unquoted versions such as `1.0` into numbers and `2024-01-15` into dates",
            fix(&suggestion.clone().or_else(|| {
                (semver::Version::parse(text).is_ok()).then(|| text.to_string())
            }))
        );
        let mut d = Diagnostic::new(INVALID_VERSION, path, message)
            .at(span)
            .label(label)
            .help(help);
        // Only a plain SemVer is quoted as it stands: a `1.0` or a date
        // would need a guess at the version meant.
        let plain_semver = !matches!(
            f.resolved(),
            Some(Resolved::Float | Resolved::Int | Resolved::Null | Resolved::Bool)
        ) && !is_yaml11_timestamp(text)
            && semver::Version::parse(text).is_ok()
            && source.text.get(span.offset..span.offset + span.length) == Some(text);
        if plain_semver {
            d = d.with_fix(Fix::replace(
                Applicability::Safe,
                format!("quote `version: \"{text}\"`"),
                path,
                span.offset..span.offset + span.length,
                format!("\"{text}\""),
            ));
        }
        out.push(d);
        return;
    }
    if let Err(err) = semver::Version::parse(text) {
        out.push(
            Diagnostic::new(
                INVALID_VERSION,
                path,
                format!("`{text}` is not a SemVer version: {err}"),
            )
            .at(span)
            .label("not SemVer (MAJOR.MINOR.PATCH)")
            .help(fix(&suggestion)),
        );
    }
}

fn check_hints(path: &str, key: &str, value: &Node, out: &mut Vec<Diagnostic>) {
    let example =
        format!("write a list: `{key}:` followed by lines like `  - A production service is down`");
    let Some(items) = value.as_seq() else {
        let found = value.type_name();
        let help = match value.as_str() {
            Some(text) if !text.trim().is_empty() => format!(
                "make it a list of one case: `{key}:` and on the next line `  - {}`",
                text.trim()
            ),
            _ => example,
        };
        out.push(
            Diagnostic::new(
                SELECTION_HINTS,
                path,
                format!("`{key}` must be a list of 1–{HINTS_MAX_ITEMS} strings, found {found}"),
            )
            .at(value.span)
            .label(found)
            .help(help),
        );
        return;
    };
    if items.is_empty() {
        out.push(
            Diagnostic::new(SELECTION_HINTS, path, format!("`{key}` is an empty list"))
                .at(value.span)
                .label("no cases")
                .help(format!("give 1–{HINTS_MAX_ITEMS} cases, or remove `{key}`")),
        );
        return;
    }
    if items.len() > HINTS_MAX_ITEMS {
        let first = items[HINTS_MAX_ITEMS].span;
        let last = items[items.len() - 1].span;
        out.push(
            Diagnostic::new(
                SELECTION_HINTS,
                path,
                format!("`{key}` has {} cases; at most {HINTS_MAX_ITEMS} are allowed", items.len()),
            )
            .at(Span::new(first.offset, last.end() - first.offset))
            .label("over the limit")
            .help("keep the five that best separate this skill from its neighbours: every case is charged on every turn"),
        );
    }
    for item in items {
        match item.as_str() {
            None => {
                let found = item.type_name();
                let mut d = Diagnostic::new(
                    SELECTION_HINTS,
                    path,
                    format!("each case of `{key}` must be a string, found {found}"),
                )
                .at(item.span)
                .label(found);
                if let Some((text, _)) = item.scalar() {
                    d = d.help(format!("quote it: `- {}`", quoted(text)));
                }
                out.push(d);
            }
            Some(text) if text.trim().is_empty() => out.push(
                Diagnostic::new(SELECTION_HINTS, path, format!("a case of `{key}` is empty"))
                    .at(if item.span.length == 0 {
                        value.span
                    } else {
                        item.span
                    })
                    .label("empty")
                    .help("write the case or remove the item"),
            ),
            Some(text) => {
                let chars = text.chars().count();
                if chars > HINT_MAX_CHARS {
                    out.push(
                        Diagnostic::new(
                            SELECTION_HINTS,
                            path,
                            format!("a case of `{key}` is {chars} characters long; the limit is {HINT_MAX_CHARS}"),
                        )
                        .at(item.span)
                        .label(format!("{chars} characters"))
                        .help("say it in one short sentence"),
                    );
                }
            }
        }
    }
}

fn check_unknown(
    path: &str,
    entries: &[crate::yaml::Entry],
    cx: &Context<'_>,
    out: &mut Vec<Diagnostic>,
) {
    use super::targets::{list_names, selected, unknown_field_effects, unknown_to};
    let all = selected(cx.settings);
    let mut known: Option<Vec<&'static str>> = None;
    for e in entries {
        let Some((key, _)) = e.key.scalar() else {
            continue;
        };
        let missing = unknown_to(cx.settings, key);
        if missing.is_empty() {
            continue;
        }
        let known = known.get_or_insert_with(|| super::targets::known_to_any(cx.settings));
        // A key another selected target reads is no misspelling.
        let read_by: Vec<_> = all
            .iter()
            .copied()
            .filter(|t| !missing.contains(t))
            .collect();
        // `tools` is a subagent's field; a skill grants tools with `allowed-tools`.
        let alias = (key == "tools" && known.contains(&"allowed-tools")).then_some("allowed-tools");
        let suggestion = read_by
            .is_empty()
            .then(|| alias.or_else(|| did_you_mean(key, known.iter().copied())))
            .flatten();
        let message = if read_by.is_empty() {
            format!(
                "unknown frontmatter field `{key}`: {}",
                unknown_field_effects(&missing)
            )
        } else {
            format!(
                "frontmatter field `{key}` is read by target {} but not by {}: {}",
                list_names(&read_by),
                list_names(&missing),
                unknown_field_effects(&missing)
            )
        };
        let help = match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => "move it under `metadata`, drop the target that does not read it, or list it in `extra_skill_fields` in .caplint.yaml".to_string(),
        };
        out.push(
            Diagnostic::new(UNKNOWN_FIELD, path, message)
                .at(e.key.span)
                .label("not a skill field")
                .help(help),
        );
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
            .filter(|s| d.rule == YAML_PORTABILITY && quotable.contains(s))
        {
            let value = source.slice(span);
            d.fix = Some(Fix::replace(
                Applicability::Safe,
                format!("quote `{value}` as `'{value}'`"),
                source.path.clone(),
                span.offset..span.end(),
                format!("'{value}'"),
            ));
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
            Diagnostic::new(YAML_PORTABILITY, path, message)
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
                ("flow list", "write the list in block style, one `- item` per line: several readers handle flow collections differently")
            } else {
                ("flow mapping", "write the mapping in block style, one `key: value` per line: several readers handle flow collections differently")
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

pub const BODY_MAX_LINES: usize = 500;
pub const BODY_MAX_TOKENS: usize = 5000;
/// The usual estimate, as in agentskills-core: about four characters a token.
pub const CHARS_PER_TOKEN: usize = 4;

/// `skill/body-too-long`: the body is over [`BODY_MAX_LINES`] lines or about
/// [`BODY_MAX_TOKENS`] tokens. Points at the line where the limit is passed.
pub fn body_length(source: &SourceFile, skill: &ParsedSkill) -> Option<Diagnostic> {
    let text = source.text.get(skill.body.clone())?;
    let lines = text.lines().count();
    let chars = text.chars().count();
    let tokens = chars.div_ceil(CHARS_PER_TOKEN);
    let line_span = |index: usize| -> Option<Span> {
        let mut pos = skill.body.start;
        for (i, line) in text.split_inclusive('\n').enumerate() {
            if i == index {
                let content = line.trim_end_matches(['\n', '\r']);
                return Some(Span::new(pos, content.len()));
            }
            pos += line.len();
        }
        None
    };
    let help = "keep the body to the procedure every use needs and move details into referenced files (`references/…`): the whole body is loaded into the conversation each time the skill is used";
    if lines > BODY_MAX_LINES {
        return Some(
            Diagnostic::new(
                BODY_TOO_LONG,
                source.path.clone(),
                format!("the body is {lines} lines long; keep it under {BODY_MAX_LINES}"),
            )
            .at(line_span(BODY_MAX_LINES)?)
            .label(format!("line {} of the body", BODY_MAX_LINES + 1))
            .help(help),
        );
    }
    let max_chars = BODY_MAX_TOKENS * CHARS_PER_TOKEN;
    if chars > max_chars {
        let (at, _) = text.char_indices().nth(max_chars)?;
        let offset = skill.body.start + at;
        let rest = text[at..].find('\n').unwrap_or(text.len() - at);
        return Some(
            Diagnostic::new(
                BODY_TOO_LONG,
                source.path.clone(),
                format!("the body is about {tokens} tokens ({chars} characters at {CHARS_PER_TOKEN} a token); keep it under about {BODY_MAX_TOKENS}"),
            )
            .at(Span::new(offset, rest))
            .label(format!("about {BODY_MAX_TOKENS} tokens in"))
            .help(help),
        );
    }
    None
}

/// `skill/duplicate-name`: one finding in each file whose name another skill
/// also declares, with a label in the other file. `names` holds (path of
/// SKILL.md, name, span of the name's value).
pub fn duplicate_names(names: &[(String, String, Span)]) -> Vec<Diagnostic> {
    let mut groups: BTreeMap<String, Vec<&(String, String, Span)>> = BTreeMap::new();
    for n in names {
        groups.entry(nfkc(&n.1)).or_default().push(n);
    }
    let mut out = Vec::new();
    for (name, group) in groups {
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
                DUPLICATE_NAME,
                path.clone(),
                format!("the skill name `{name}` is also declared by {list}"),
            )
            .at(span)
            .label("declared here")
            .help("give each skill its own name: installation matches skills by name, so one of them is silently skipped");
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
    use crate::date::Date;
    use crate::skill::model::parse_skill_md;

    fn settings() -> Settings {
        Settings::defaults("/tmp", Date::parse_ymd("2026-10-15").unwrap())
    }

    /// (rule, spanned text) of every finding for `text` in folder `folder`.
    fn run_in(
        folder: &str,
        text: &str,
        settings: &Settings,
    ) -> Vec<(&'static crate::diagnostic::Rule, String)> {
        let source = SourceFile::new(format!("skills/{folder}/SKILL.md"), text);
        let skill = parse_skill_md(&source.path, text);
        let cx = Context { settings, folder };
        let mut d = check(&source, &skill, &cx);
        d.sort_by_key(|d| (d.span.map(|s| s.offset), d.rule));
        d.into_iter()
            .map(|d| {
                (
                    d.rule,
                    d.span
                        .map_or(String::new(), |s| source.slice(s).to_string()),
                )
            })
            .collect()
    }

    fn run(text: &str) -> Vec<(&'static crate::diagnostic::Rule, String)> {
        run_in("refund-policy", text, &settings())
    }

    fn diags(text: &str) -> Vec<Diagnostic> {
        let source = SourceFile::new("skills/refund-policy/SKILL.md", text);
        let skill = parse_skill_md(&source.path, text);
        let s = settings();
        check(
            &source,
            &skill,
            &Context {
                settings: &s,
                folder: "refund-policy",
            },
        )
    }

    fn fm(body: &str) -> String {
        format!("---\n{body}---\n# Refunds\n")
    }

    const OK: &str = "name: refund-policy\ndescription: When a refund is given without asking.\n";

    #[test]
    fn a_good_skill_has_no_findings() {
        assert_eq!(run(&fm(OK)), vec![]);
        let full = format!(
            "{OK}license: MIT\ncompatibility: Needs python3\nmetadata:\n  owner: support\n  tier: \"2\"\nallowed-tools: Read Grep\nversion: \"1.2.0\"\nwhen_to_use:\n  - A customer asks for a refund\nwhen_not_to_use:\n  - Chargebacks\n"
        );
        assert_eq!(run(&fm(&full)), vec![]);
    }

    #[test]
    fn bom_is_reported_and_tolerated() {
        let text = format!("\u{feff}{}", fm(OK));
        assert_eq!(run(&text), vec![(BYTE_ORDER_MARK, "\u{feff}".to_string())]);
    }

    #[test]
    fn fences_and_yaml_errors() {
        assert_eq!(
            run("# Refunds\n"),
            vec![(INVALID_FRONTMATTER, "# Refunds".into())]
        );
        assert_eq!(
            run("---\nname: a\n"),
            vec![(INVALID_FRONTMATTER, "---".into())]
        );
        assert_eq!(
            run(&fm("- a\n- b\n")),
            vec![(INVALID_FRONTMATTER, "- a".into())]
        );
        let d = diags(&fm(
            "name: refund-policy\ndescription: Refunds: when to give one\n",
        ));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].rule, INVALID_FRONTMATTER);
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
        assert_eq!(r, vec![(INVALID_FRONTMATTER, "name".into())]);
    }

    #[test]
    fn too_large_frontmatter() {
        let text = fm(&format!("{OK}notes: {}\n", "x".repeat(300 * 1024)));
        assert_eq!(run(&text), vec![(FRONTMATTER_TOO_LARGE, "---".into())]);
    }

    #[test]
    fn missing_and_empty_fields() {
        assert_eq!(
            run(&fm("name: refund-policy\n")),
            vec![(MISSING_FIELD, "---".into())]
        );
        assert_eq!(
            run("---\n---\n"),
            vec![(MISSING_FIELD, "---".into()), (MISSING_FIELD, "---".into())]
        );
        assert_eq!(
            run(&fm("name: refund-policy\ndescription: \"\"\n")),
            vec![(MISSING_FIELD, "\"\"".into())]
        );
        assert_eq!(
            run(&fm("name:\ndescription: x\n")),
            vec![(MISSING_FIELD, "name".into())]
        );
        assert_eq!(
            run(&fm("name: refund-policy\ndescription: [a, b]\n")),
            vec![
                (FIELD_TYPE, "[a, b]".into()),
                (YAML_PORTABILITY, "[a, b]".into())
            ]
        );
    }

    #[test]
    fn names() {
        assert_eq!(name_problem("refund-policy"), None);
        assert_eq!(name_problem("a1-b2"), None);
        assert!(name_problem("Refund").is_some());
        assert!(name_problem("refund policy").is_some());
        assert!(name_problem("refund--policy").is_some());
        assert!(name_problem("-refund").is_some());
        assert!(name_problem("refund_policy").is_some());
        assert!(name_problem(&"a".repeat(64)).is_none());
        assert!(name_problem(&"a".repeat(65)).is_some());
        assert_eq!(
            suggest_name("Refund Policy").as_deref(),
            Some("refund-policy")
        );
        let d = diags(&fm("name: Refund Policy\ndescription: x\n"));
        let rules: Vec<_> = d.iter().map(|d| d.rule).collect();
        assert_eq!(rules, vec![INVALID_NAME, NAME_MISMATCH]);
        assert!(d[0]
            .help
            .as_deref()
            .unwrap()
            .contains("`name: refund-policy`"));
        assert_eq!(
            run_in(
                "refund-policy",
                &fm("name: refund-policy\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
    }

    #[test]
    fn nfkc_keeps_ascii_and_folds_compatibility_forms() {
        assert_eq!(nfkc("pdf-tools_2"), "pdf-tools_2");
        assert_eq!(nfkc("\u{fb01}le"), "file");
        assert_eq!(nfkc("ｐｄｆ"), "pdf");
    }

    #[test]
    fn name_must_match_folder_after_nfkc() {
        // Full-width letters normalize to ASCII under NFKC.
        assert_eq!(
            run_in(
                "ｒｅｆｕｎｄ",
                &fm("name: refund\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
        assert_eq!(
            run_in(
                "refunds",
                &fm("name: refund\ndescription: x\n"),
                &settings()
            ),
            vec![(NAME_MISMATCH, "refund".into())]
        );
    }

    #[test]
    fn reserved_names() {
        assert_eq!(
            run_in(
                "planning",
                &fm("name: planning\ndescription: x\n"),
                &settings()
            ),
            vec![(RESERVED_NAME, "planning".into())]
        );
        assert_eq!(
            run_in(
                "sprint-planning",
                &fm("name: sprint-planning\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
    }

    #[test]
    fn description_counts_characters_not_bytes() {
        let ok = fm(&format!(
            "name: refund-policy\ndescription: {}\n",
            "é".repeat(1024)
        ));
        assert_eq!(run(&ok), vec![]);
        let long = fm(&format!(
            "name: refund-policy\ndescription: {}\n",
            "é".repeat(1025)
        ));
        let r = run(&long);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, DESCRIPTION_TOO_LONG);
        assert_eq!(r[0].1.chars().count(), 1025);
    }

    #[test]
    fn field_types() {
        let r = run(&fm(&format!("{OK}license: 2\n")));
        assert_eq!(r, vec![(FIELD_TYPE, "2".into())]);
        let r = run(&fm(&format!("{OK}compatibility: \"\"\n")));
        assert_eq!(r, vec![(FIELD_TYPE, "\"\"".into())]);
        let r = run(&fm(&format!("{OK}compatibility: {}\n", "x".repeat(501))));
        assert_eq!(r[0].0, FIELD_TYPE);
        let r = run(&fm(&format!(
            "{OK}metadata:\n  priority: 2\n  owner: support\n  tags:\n    - a\n    - b\n"
        )));
        assert_eq!(
            r,
            vec![
                (FIELD_TYPE, "2".into()),
                (FIELD_TYPE, "- a\n    - b".into())
            ]
        );
        let r = run(&fm(&format!("{OK}metadata: x\n")));
        assert_eq!(r, vec![(FIELD_TYPE, "x".into())]);
        // A list of strings is as good as one string; other types are not.
        assert_eq!(
            run(&fm(&format!("{OK}allowed-tools:\n  - Read\n  - Grep\n"))),
            vec![]
        );
        let r = run(&fm(&format!("{OK}allowed-tools:\n  - Read\n  - 3\n")));
        assert_eq!(r, vec![(FIELD_TYPE, "3".into())]);
        let r = run(&fm(&format!("{OK}allowed-tools:\n  read: true\n")));
        assert_eq!(r, vec![(FIELD_TYPE, "read: true".into())]);
    }

    #[test]
    fn versions() {
        let d = diags(&fm(&format!("{OK}version: 1.0\n")));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].rule, INVALID_VERSION);
        assert!(d[0].message.contains("float"), "{}", d[0].message);
        assert!(d[0]
            .help
            .as_deref()
            .unwrap()
            .starts_with("write `version: \"1.0.0\"`"));
        let d = diags(&fm(&format!("{OK}version: 2024-01-15\n")));
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("date"), "{}", d[0].message);
        let r = run(&fm(&format!("{OK}version: 1.2.3\n")));
        assert_eq!(r, vec![(INVALID_VERSION, "1.2.3".into())]);
        let r = run(&fm(&format!("{OK}version: \"1.0\"\n")));
        assert_eq!(r, vec![(INVALID_VERSION, "\"1.0\"".into())]);
        assert_eq!(run(&fm(&format!("{OK}version: '2.1.0-rc.1'\n"))), vec![]);
    }

    #[test]
    fn selection_hints() {
        let r = run(&fm(&format!("{OK}when_to_use: A service is down\n")));
        assert_eq!(r, vec![(SELECTION_HINTS, "A service is down".into())]);
        let r = run(&fm(&format!("{OK}when_to_use: []\n")));
        assert_eq!(r[0], (SELECTION_HINTS, "[]".into()));
        let items: String = (1..=6).map(|i| format!("  - case {i}\n")).collect();
        let r = run(&fm(&format!("{OK}when_not_to_use:\n{items}")));
        assert_eq!(r, vec![(SELECTION_HINTS, "case 6".into())]);
        let r = run(&fm(&format!(
            "{OK}when_to_use:\n  - \"\"\n  - {}\n  - 3\n",
            "x".repeat(201)
        )));
        let rules: Vec<_> = r.iter().map(|(r, t)| (*r, t.len())).collect();
        assert_eq!(
            rules,
            vec![
                (SELECTION_HINTS, 2),
                (SELECTION_HINTS, 201),
                (SELECTION_HINTS, 1)
            ]
        );
    }

    #[test]
    fn unknown_fields() {
        let d = diags(&fm("name: refund-policy\ndescripton: x\n"));
        let unknown: Vec<_> = d.iter().filter(|d| d.rule == UNKNOWN_FIELD).collect();
        assert_eq!(unknown.len(), 1);
        assert_eq!(
            unknown[0].help.as_deref(),
            Some("did you mean `description`?")
        );
        let d = diags(&fm(&format!("{OK}tools: Read\n")));
        assert_eq!(d[0].help.as_deref(), Some("did you mean `allowed-tools`?"));
        let r = run(&fm(&format!("{OK}category: support\n")));
        assert_eq!(r, vec![(UNKNOWN_FIELD, "category".into())]);
        let mut s = settings();
        s.config.extra_skill_fields = vec!["category".into()];
        assert_eq!(
            run_in(
                "refund-policy",
                &fm(&format!("{OK}category: support\n")),
                &s
            ),
            vec![]
        );
    }

    #[test]
    fn portability() {
        let r = run(&fm(&format!(
            "{OK}metadata:\n  beta: yes\n  since: 2024-01-15\n  ok: \"no\"\n"
        )));
        assert_eq!(
            r,
            vec![
                (YAML_PORTABILITY, "yes".into()),
                (YAML_PORTABILITY, "2024-01-15".into())
            ]
        );
        let r = run(&fm(&format!(
            "{OK}metadata:\n  a: &x v\n  b: *x\n  c: !!str w\n"
        )));
        assert_eq!(
            r,
            vec![
                (YAML_PORTABILITY, "&x".into()),
                (FIELD_TYPE, "*x".into()),
                (YAML_PORTABILITY, "*x".into()),
                (YAML_PORTABILITY, "!!str".into()),
            ]
        );
        let r = run(&fm("name:\trefund-policy\ndescription: x\n"));
        assert_eq!(r, vec![(YAML_PORTABILITY, "\t".into())]);
        // Tabs inside quoted values and comments are fine.
        assert_eq!(
            run(&fm("name: refund-policy # a\tb\ndescription: \"x\ty\"\n")),
            vec![]
        );
        let r = run(&fm(&format!("{OK}metadata: {{a: b}}\n")));
        assert_eq!(r, vec![(YAML_PORTABILITY, "{a: b}".into())]);
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
            .any(|(rule, t)| *rule == YAML_PORTABILITY && t == "*a58"));
    }

    #[test]
    fn crlf_spans() {
        let text = "---\r\nname: Refund\r\ndescription: x\r\n---\r\n";
        let r = run(text);
        assert_eq!(r[0], (INVALID_NAME, "Refund".into()));
    }

    #[test]
    fn body_length() {
        let source_of = |body: String| {
            let text = format!("---\n{OK}---\n{body}");
            let src = SourceFile::new("skills/refund-policy/SKILL.md", text.clone());
            let parsed = parse_skill_md(&src.path, &text);
            super::body_length(&src, &parsed).map(|d| src.slice(d.span.unwrap()).to_string())
        };
        let lines: String = (1..=500).map(|i| format!("line {i}\n")).collect();
        assert_eq!(source_of(lines.clone()), None);
        assert_eq!(
            source_of(format!("{lines}line 501\n")).as_deref(),
            Some("line 501")
        );
        let para = "word ".repeat(4000);
        assert_eq!(source_of(para.clone()), None);
        let long = format!("{para}{}", "x".repeat(10));
        assert_eq!(source_of(long).as_deref(), Some("xxxxxxxxxx"));
    }

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
    }
}

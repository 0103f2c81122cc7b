//! Targets: the clients a skill is written for. Each target knows its own
//! frontmatter fields, limits and extra rules; several targets at once mean
//! the strictest union (a field must be known to every target, the shortest
//! description limit applies, every target's extra rules run).
//!
//! - `agentskills`: the open Agent Skills format (what `skills-ref validate`
//!   and agentskills-core check). The default.
//! - `claude`: Anthropic's upload rules and Claude Code's frontmatter.
//! - `codex`: Codex's `agents/openai.yaml` metadata.
//! - `platform`: the agent platform's skills (description ≤ 500, `category`).

use super::model::ParsedSkill;
use crate::config::Settings;
use crate::diagnostic::{did_you_mean, Diagnostic};
use crate::rules::skill::{
    CODEX_METADATA, DESCRIPTION_TOO_LONG, FIELD_TYPE, INVALID_CATEGORY, INVALID_NAME, UNKNOWN_TOOL,
    XML_IN_FRONTMATTER,
};
use crate::source::{SourceFile, Span};
use crate::yaml::{Node, NodeKind, Resolved};

pub use crate::settings::Target;

impl Target {
    /// Top-level frontmatter keys this target reads.
    pub fn known_fields(self) -> &'static [&'static str] {
        match self {
            Target::Agentskills => AGENTSKILLS_FIELDS,
            Target::Claude => CLAUDE_FIELDS,
            Target::Codex => CODEX_FIELDS,
            Target::Platform => PLATFORM_FIELDS,
        }
    }

    /// The longest description this target accepts, in characters.
    pub fn description_limit(self) -> usize {
        match self {
            Target::Platform => PLATFORM_DESCRIPTION_MAX,
            _ => 1024,
        }
    }

    /// How the target treats a top-level key it does not know, for messages.
    fn unknown_field_effect(self) -> &'static str {
        match self {
            Target::Agentskills => {
                "`skills-ref validate` rejects the skill and agentskills-core warns"
            }
            Target::Claude => "Claude Code ignores it and Anthropic's skill validator rejects it",
            Target::Codex => "Codex ignores it and OpenAI's skill validator rejects it",
            Target::Platform => "the platform ignores it",
        }
    }
}

/// The open format's fields, plus agentskills-core's `version` and selection
/// hints.
const AGENTSKILLS_FIELDS: &[&str] = &[
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
    "version",
    "when_to_use",
    "when_not_to_use",
];

/// The open format's fields, `version`, and Claude Code's own frontmatter.
const CLAUDE_FIELDS: &[&str] = &[
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
    "version",
    "when_to_use",
    "argument-hint",
    "arguments",
    "disable-model-invocation",
    "user-invocable",
    "model",
    "effort",
    "context",
    "agent",
    "hooks",
    "paths",
    "shell",
];

/// Codex reads `name`, `description` and `metadata`; the rest of the open
/// format is accepted by its validator.
const CODEX_FIELDS: &[&str] = &[
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
];

/// The platform reads skills with agentskills-core and adds `category`.
const PLATFORM_FIELDS: &[&str] = &[
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
    "version",
    "when_to_use",
    "when_not_to_use",
    "category",
];

pub const PLATFORM_DESCRIPTION_MAX: usize = 500;

/// Words Anthropic reserves: no skill name may contain them.
pub const CLAUDE_RESERVED_WORDS: &[&str] = &["anthropic", "claude"];

/// The platform's suggested categories that its documentation names.
pub const PLATFORM_CATEGORIES: &[&str] = &[
    "support",
    "engineering",
    "finance",
    "legal",
    "security",
    "marketing",
];

/// Claude Code's built-in tools, as written in permission rules and
/// `allowed-tools` (current names, and older names still accepted).
pub const CLAUDE_TOOLS: &[&str] = &[
    "Agent",
    "AskUserQuestion",
    "Bash",
    "BashOutput",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "KillShell",
    "LS",
    "LSP",
    "ListMcpResourcesTool",
    "Monitor",
    "MultiEdit",
    "NotebookEdit",
    "NotebookRead",
    "PowerShell",
    "Read",
    "ReadMcpResourceTool",
    "SendMessage",
    "Skill",
    "SlashCommand",
    "Task",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskOutput",
    "TaskStop",
    "TaskUpdate",
    "TeamCreate",
    "TeamDelete",
    "TodoRead",
    "TodoWrite",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
    "Workflow",
    "Write",
];

/// The selected targets, deduplicated, in a stable order; never empty.
pub fn selected(settings: &Settings) -> Vec<Target> {
    let mut t = settings.config.targets.clone();
    t.sort();
    t.dedup();
    if t.is_empty() {
        t.push(Target::Agentskills);
    }
    t
}

pub fn has(settings: &Settings, target: Target) -> bool {
    settings.config.targets.contains(&target)
}

/// `a`, `a and b`, `a, b and c` of target names in backticks.
pub fn list_names(targets: &[Target]) -> String {
    let names: Vec<String> = targets.iter().map(|t| format!("`{}`", t.name())).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// The effective description limit: the config's, lowered by every selected
/// target's own; with the target that sets it when a target does.
pub fn description_limit(settings: &Settings) -> (usize, Option<Target>) {
    let mut best = (settings.config.description_max_chars, None);
    for t in selected(settings) {
        if t.description_limit() < best.0 {
            best = (t.description_limit(), Some(t));
        }
    }
    best
}

/// The selected targets that do not read `key` (empty: every one does).
pub fn unknown_to(settings: &Settings, key: &str) -> Vec<Target> {
    if settings.config.extra_skill_fields.iter().any(|x| x == key) {
        return Vec::new();
    }
    selected(settings)
        .into_iter()
        .filter(|t| !t.known_fields().contains(&key))
        .collect()
}

/// Every key some selected target reads, for did-you-mean.
pub fn known_to_any(settings: &Settings) -> Vec<&'static str> {
    let mut all: Vec<&'static str> = selected(settings)
        .into_iter()
        .flat_map(|t| t.known_fields().iter().copied())
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// What the targets that do not know a key do with it.
pub fn unknown_field_effects(targets: &[Target]) -> String {
    targets
        .iter()
        .map(|t| t.unknown_field_effect())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whether a selected target reads agentskills-core's selection hints
/// (`when_to_use` / `when_not_to_use` as lists); Claude Code's own
/// `when_to_use` is a string.
pub fn checks_selection_hints(settings: &Settings) -> bool {
    has(settings, Target::Agentskills) || has(settings, Target::Platform)
}

/// Target-specific checks of one `SKILL.md`'s frontmatter.
pub fn check(source: &SourceFile, skill: &ParsedSkill, settings: &Settings) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if skill.frontmatter.is_none() {
        return out;
    }
    if has(settings, Target::Claude) {
        claude(source, skill, &mut out);
    }
    if has(settings, Target::Platform) {
        platform(source, skill, &mut out);
    }
    if has(settings, Target::Codex) {
        codex_short_description(source, skill, &mut out);
    }
    out
}

/// Codex's one-line summary in `metadata.short-description`: over 1024
/// characters, Codex refuses to load the skill.
fn codex_short_description(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let Some(meta) = skill.field("metadata") else {
        return;
    };
    let Some(entry) = meta.value.get("short-description") else {
        return;
    };
    let Some(text) = entry.value.as_str() else {
        return;
    };
    let chars = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .count();
    if chars > CODEX_TEXT_MAX {
        out.push(
            Diagnostic::new(
                DESCRIPTION_TOO_LONG,
                source.path.clone(),
                format!("`metadata.short-description` is {chars} characters long; the limit is {CODEX_TEXT_MAX} for target `codex`"),
            )
            .at(entry.value.span)
            .label(format!("{chars} characters"))
            .help("Codex refuses to load a skill whose short description is over the limit; keep it to one line"),
        );
    }
}

/// The first XML-like tag in `text` (`<name>`, `</name>`, `<name attr="x">`,
/// `<name/>`): its byte range. `a < b`, `<=`, `<3` and `->` are not tags.
pub fn find_xml_tag(text: &str) -> Option<std::ops::Range<usize>> {
    use regex::Regex;
    use std::sync::OnceLock;
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"</?[A-Za-z][A-Za-z0-9_.:-]*(?:\s+[^<>]*)?/?>").expect("tag regex")
    })
    .find(text)
    .map(|m| m.range())
}

/// The span of `needle` inside the written value, or the whole value.
fn span_in_value(source: &SourceFile, value: Span, needle: &str) -> Span {
    match source.slice(value).find(needle) {
        Some(i) if !needle.is_empty() => Span::new(value.offset + i, needle.len()),
        _ => value,
    }
}

fn claude(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let path = source.path.as_str();
    if let Some(f) = skill.name() {
        if let Some(name) = f.as_str() {
            let lower = name.to_lowercase();
            if let Some(word) = CLAUDE_RESERVED_WORDS.iter().find(|w| lower.contains(*w)) {
                out.push(
                    Diagnostic::new(
                        INVALID_NAME,
                        path,
                        format!("the name `{name}` contains the reserved word `{word}`"),
                    )
                    .at(span_in_value(source, f.value.span, word))
                    .label("reserved by Anthropic")
                    .help("Anthropic's skill upload (the API and claude.ai) rejects names that contain `anthropic` or `claude`, though Claude Code loads them from a folder (target `claude`); name the skill for what it does"),
                );
            }
        }
    }
    for key in ["name", "description"] {
        let Some(f) = skill.field(key) else { continue };
        let Some(text) = f.as_str() else { continue };
        if let Some(range) = find_xml_tag(text) {
            let tag = &text[range];
            out.push(
                Diagnostic::new(
                    XML_IN_FRONTMATTER,
                    path,
                    format!("the {key} contains the XML tag `{tag}`"),
                )
                .at(span_in_value(source, f.value.span, tag))
                .label("XML tag")
                .help(format!("Anthropic rejects a skill whose name or description holds an XML tag (target `claude`), even inside backticks; write it without angle brackets, e.g. `{}`", tag.trim_start_matches(['<', '/']).trim_end_matches(['>', '/']).split_whitespace().next().unwrap_or("name"))),
            );
        }
    }
    if let Some(f) = skill.field("allowed-tools") {
        check_tools(source, f.value, out);
    }
}

/// Splits an `allowed-tools` string into tool specs: on spaces and commas
/// outside parentheses (`Bash(git add *)` is one spec). Ranges are byte
/// ranges in `text`.
pub fn split_tools(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match c {
            '(' => {
                depth += 1;
                start.get_or_insert(i);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                start.get_or_insert(i);
            }
            c if depth == 0 && (c.is_whitespace() || c == ',') => {
                if let Some(s) = start.take() {
                    out.push(s..i);
                }
            }
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Why a tool spec is not one Claude Code knows, with a suggestion.
pub fn tool_problem(spec: &str) -> Option<(String, Option<&'static str>)> {
    let base = match spec.find('(') {
        Some(i) => {
            if !spec.ends_with(')') {
                return Some((
                    format!("`{spec}` opens a `(` pattern that is never closed"),
                    None,
                ));
            }
            &spec[..i]
        }
        None => spec,
    };
    if let Some(rest) = base.strip_prefix("mcp__") {
        // `mcp__server`, `mcp__server__tool` and `mcp__server__*`.
        return (rest.is_empty() || rest.starts_with('_')).then(|| {
            (
                format!("`{spec}` names no MCP server; write `mcp__server__tool`"),
                None,
            )
        });
    }
    if CLAUDE_TOOLS.contains(&base) {
        return None;
    }
    let exact_case = CLAUDE_TOOLS
        .iter()
        .find(|t| t.eq_ignore_ascii_case(base))
        .copied();
    let suggestion = exact_case.or_else(|| did_you_mean(base, CLAUDE_TOOLS.iter().copied()));
    Some((format!("`{base}` is not a Claude Code tool"), suggestion))
}

fn check_tools(source: &SourceFile, value: &Node, out: &mut Vec<Diagnostic>) {
    let path = source.path.as_str();
    let mut report = |spec: &str, span: Span| {
        if let Some((message, suggestion)) = tool_problem(spec) {
            let help = match suggestion {
                Some(s) if s.eq_ignore_ascii_case(spec.split('(').next().unwrap_or(spec)) => {
                    format!("write `{s}`: tool names are case-sensitive")
                }
                Some(s) => format!("did you mean `{s}`?"),
                None => "use a built-in tool name (`Read`, `Grep`, `Bash(git:*)`, …) or an MCP tool as `mcp__server__tool`; `caplint explain skill/unknown-tool` lists them".to_string(),
            };
            out.push(
                Diagnostic::new(UNKNOWN_TOOL, path, message)
                    .at(span)
                    .label("unknown tool")
                    .help(help),
            );
        }
    };
    match &value.kind {
        NodeKind::Scalar { .. } => {
            let Some(text) = value.as_str() else { return };
            let written = source.slice(value.span);
            // Spans point into the source when the value is written as is
            // (plain or a simple quoted string); else at the whole value.
            let base = written.find(text).filter(|_| !text.is_empty());
            for r in split_tools(text) {
                let spec = &text[r.clone()];
                let span = match base {
                    Some(b) => Span::new(value.span.offset + b + r.start, r.len()),
                    None => value.span,
                };
                report(spec, span);
            }
        }
        NodeKind::Seq(items) => {
            for item in items {
                let Some(text) = item.as_str() else { continue };
                let spec = text.trim();
                if spec.is_empty() {
                    continue;
                }
                report(spec, item.span);
            }
        }
        _ => {}
    }
}

fn platform(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let path = source.path.as_str();
    let Some(f) = skill.field("category") else {
        return;
    };
    let Some(text) = f.as_str() else {
        let found = f.value.type_name();
        out.push(
            Diagnostic::new(
                FIELD_TYPE,
                path,
                format!("`category` must be a string, found {found}"),
            )
            .at(f.value.span)
            .label(found)
            .help(format!(
                "write one category, e.g. `category: support` (target `platform`; known: {})",
                PLATFORM_CATEGORIES.join(", ")
            )),
        );
        return;
    };
    if PLATFORM_CATEGORIES.contains(&text) {
        return;
    }
    let help = match did_you_mean(text, PLATFORM_CATEGORIES.iter().copied()) {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!(
            "the platform suggests twenty categories and files a skill under its own filter only when the category is one of them; the documented ones are {}",
            PLATFORM_CATEGORIES.join(", ")
        ),
    };
    out.push(
        Diagnostic::new(
            INVALID_CATEGORY,
            path,
            format!("`{text}` is not one of the platform's suggested categories"),
        )
        .at(f.value.span)
        .label("unknown category")
        .help(help),
    );
}

// ---------------------------------------------------------------------------
// Codex: agents/openai.yaml

pub const OPENAI_YAML: &str = "agents/openai.yaml";
/// Larger metadata files are refused unread.
const OPENAI_YAML_MAX_BYTES: u64 = 256 * 1024;
const CODEX_NAME_MAX: usize = 64;
const CODEX_TEXT_MAX: usize = 1024;

const OPENAI_TOP_KEYS: &[&str] = &["interface", "dependencies", "policy", "permissions"];
const OPENAI_INTERFACE_KEYS: &[&str] = &[
    "display_name",
    "short_description",
    "icon_small",
    "icon_large",
    "brand_color",
    "default_prompt",
];
const OPENAI_TOOL_KEYS: &[&str] = &[
    "type",
    "value",
    "description",
    "transport",
    "command",
    "url",
];
const OPENAI_POLICY_KEYS: &[&str] = &["allow_implicit_invocation", "products"];

/// What the codex check of one skill folder found: diagnostics, the source
/// of `agents/openai.yaml` (for snippets), and the skill-relative paths the
/// metadata names (itself and its icons), which count as referenced.
#[derive(Default)]
pub struct CodexMetadata {
    pub diagnostics: Vec<Diagnostic>,
    pub source: Option<SourceFile>,
    pub referenced: Vec<String>,
}

/// Checks `agents/openai.yaml` of the skill folder `dir` (repo-relative),
/// when there is one. `exists` says whether a skill-relative file exists.
pub fn codex_metadata(
    settings: &Settings,
    dir: &str,
    exists: &dyn Fn(&str) -> bool,
) -> CodexMetadata {
    let mut found = CodexMetadata::default();
    let rel = crate::discover::join_rel(dir, OPENAI_YAML);
    if settings.is_excluded(&rel) {
        return found;
    }
    let open = settings.open_path(&rel);
    let Ok(meta) = std::fs::symlink_metadata(&open) else {
        return found;
    };
    found.referenced.push(OPENAI_YAML.to_string());
    if !meta.is_file() {
        return found;
    }
    if meta.len() > OPENAI_YAML_MAX_BYTES {
        found.diagnostics.push(
            Diagnostic::new(
                CODEX_METADATA,
                rel,
                format!(
                    "`{OPENAI_YAML}` is {} KiB; caplint reads at most {} KiB",
                    meta.len().div_ceil(1024),
                    OPENAI_YAML_MAX_BYTES / 1024
                ),
            )
            .help("keep the metadata to the interface, dependencies and policy"),
        );
        return found;
    }
    let Ok(bytes) = std::fs::read(&open) else {
        return found;
    };
    let (source, bad_utf8) = SourceFile::from_bytes(rel.clone(), bytes);
    if let Some(offset) = bad_utf8 {
        found.diagnostics.push(
            Diagnostic::new(
                CODEX_METADATA,
                rel,
                format!("`{OPENAI_YAML}` is not valid UTF-8"),
            )
            .at(source.char_span_at(offset))
            .label("first invalid byte")
            .help("save the file as UTF-8: Codex ignores metadata it cannot read"),
        );
        found.source = Some(source);
        return found;
    }
    let text = source.text.strip_prefix('\u{feff}').unwrap_or(&source.text);
    let shift = source.text.len() - text.len();
    match crate::yaml::parse(text) {
        Err(e) => found.diagnostics.push(
            Diagnostic::new(
                CODEX_METADATA,
                rel,
                format!("invalid YAML in `{OPENAI_YAML}`: {}", e.message),
            )
            .at(source.char_span_at(source.clamp(e.offset + shift)))
            .label(e.message.clone())
            .help("fix the YAML at the position shown: Codex ignores the whole file when it does not parse, so the skill loses its display name, icons and dependencies"),
        ),
        Ok(None) => {}
        Ok(Some(root)) => {
            let root = super::model::shifted(root, shift);
            let mut cx = Meta {
                source: &source,
                out: &mut found.diagnostics,
                referenced: &mut found.referenced,
                exists,
            };
            cx.root(&root);
        }
    }
    found.source = Some(source);
    found
}

struct Meta<'a> {
    source: &'a SourceFile,
    out: &'a mut Vec<Diagnostic>,
    referenced: &'a mut Vec<String>,
    exists: &'a dyn Fn(&str) -> bool,
}

impl Meta<'_> {
    fn push(&mut self, node: &Node, message: String, label: &str, help: &str) {
        self.out.push(
            Diagnostic::new(CODEX_METADATA, self.source.path.clone(), message)
                .at(node.span)
                .label(label.to_string())
                .help(help.to_string()),
        );
    }

    fn map<'n>(&mut self, node: &'n Node, what: &str) -> Option<&'n [crate::yaml::Entry]> {
        if matches!(node.resolved(), Some(Resolved::Null)) {
            return Some(&[]);
        }
        let entries = node.as_map();
        if entries.is_none() {
            let found = node.type_name();
            self.push(
                node,
                format!("`{what}` must be a mapping, found {found}"),
                found,
                "Codex ignores the whole file when a section has the wrong type; write the section as indented `key: value` lines",
            );
        }
        entries
    }

    fn unknown_keys(&mut self, entries: &[crate::yaml::Entry], what: &str, known: &[&str]) {
        for e in entries {
            let Some((key, _)) = e.key.scalar() else {
                continue;
            };
            if known.contains(&key) {
                continue;
            }
            let help = match did_you_mean(key, known.iter().copied()) {
                Some(s) => format!("did you mean `{s}`? Codex ignores keys it does not know"),
                None => format!(
                    "Codex ignores keys it does not know; `{what}` has {}",
                    known.join(", ")
                ),
            };
            let name = if what.is_empty() {
                format!("`{key}`")
            } else {
                format!("`{what}.{key}`")
            };
            self.push(
                &e.key,
                format!("unknown key {name} in `{OPENAI_YAML}`"),
                "unknown key",
                &help,
            );
        }
    }

    /// A string of 1–`max` characters (after joining white space, as Codex
    /// does), else a finding.
    fn text<'n>(&mut self, node: &'n Node, field: &str, max: usize) -> Option<&'n str> {
        let Some(text) = node.as_str() else {
            let found = node.type_name();
            let help = if matches!(node.resolved(), Some(Resolved::Null)) {
                "give it a value or remove the key"
            } else {
                "quote the value: Codex ignores the whole file when a field has the wrong type"
            };
            self.push(
                node,
                format!("`{field}` must be a string, found {found}"),
                found,
                help,
            );
            return None;
        };
        let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let chars = joined.chars().count();
        if chars == 0 {
            self.push(
                node,
                format!("`{field}` is empty"),
                "empty",
                "give it a value or remove the key: Codex ignores an empty value",
            );
            return None;
        }
        if chars > max {
            self.push(
                node,
                format!("`{field}` is {chars} characters long; Codex ignores values over {max}"),
                &format!("{chars} characters"),
                "shorten it: Codex drops the value without a word",
            );
            return None;
        }
        Some(text)
    }

    fn root(&mut self, root: &Node) {
        let Some(entries) = self.map(root, "agents/openai.yaml") else {
            return;
        };
        self.unknown_keys(entries, "", OPENAI_TOP_KEYS);
        for e in entries {
            match e.key.scalar().map(|(k, _)| k) {
                Some("interface") => self.interface(&e.value),
                Some("dependencies") => self.dependencies(&e.value),
                Some("policy") => self.policy(&e.value),
                _ => {}
            }
        }
    }

    fn interface(&mut self, node: &Node) {
        let Some(entries) = self.map(node, "interface") else {
            return;
        };
        self.unknown_keys(entries, "interface", OPENAI_INTERFACE_KEYS);
        for e in entries {
            let Some((key, _)) = e.key.scalar() else {
                continue;
            };
            let field = format!("interface.{key}");
            match key {
                "display_name" => {
                    self.text(&e.value, &field, CODEX_NAME_MAX);
                }
                "short_description" | "default_prompt" => {
                    self.text(&e.value, &field, CODEX_TEXT_MAX);
                }
                "brand_color" => {
                    if let Some(text) = self.text(&e.value, &field, CODEX_TEXT_MAX) {
                        let t = text.trim();
                        let ok = t.len() == 7
                            && t.starts_with('#')
                            && t[1..].bytes().all(|b| b.is_ascii_hexdigit());
                        if !ok {
                            self.push(
                                &e.value,
                                format!("`{field}` is `{t}`; Codex expects a colour as `#RRGGBB`"),
                                "not #RRGGBB",
                                "write six hex digits after `#`, e.g. `\"#3B82F6\"`; Codex ignores any other form",
                            );
                        }
                    }
                }
                "icon_small" | "icon_large" => {
                    if let Some(text) = self.text(&e.value, &field, usize::MAX) {
                        self.icon(&e.value, &field, text);
                    }
                }
                _ => {}
            }
        }
    }

    fn icon(&mut self, node: &Node, field: &str, text: &str) {
        let path = text.trim();
        if path.starts_with('/') || path.contains('\\') || path.contains(':') {
            self.push(
                node,
                format!("`{field}` is `{path}`; Codex reads icons only by a relative path under `assets/`"),
                "not a relative path",
                "write the path from the skill folder, e.g. `./assets/icon.png`",
            );
            return;
        }
        let parts: Vec<&str> = path
            .split('/')
            .filter(|p| !p.is_empty() && *p != ".")
            .collect();
        if parts.contains(&"..") {
            self.push(
                node,
                format!("`{field}` is `{path}`; Codex ignores icon paths with `..`"),
                "leaves the skill folder",
                "put the icon in the skill's `assets/` folder and name it from there",
            );
            return;
        }
        let rel = parts.join("/");
        if parts.first() != Some(&"assets") || parts.len() < 2 {
            self.push(
                node,
                format!("`{field}` is `{path}`; Codex ignores icons outside the skill's `assets/` folder"),
                "not under assets/",
                "move the icon into `assets/` and write `./assets/…`",
            );
            if (self.exists)(&rel) {
                self.referenced.push(rel);
            }
            return;
        }
        if (self.exists)(&rel) {
            self.referenced.push(rel);
        } else {
            self.push(
                node,
                format!("`{field}` names `{path}`, which does not exist in the skill folder"),
                "no such file",
                "add the icon or fix the path: Codex shows no icon for the skill",
            );
        }
    }

    fn dependencies(&mut self, node: &Node) {
        let Some(entries) = self.map(node, "dependencies") else {
            return;
        };
        self.unknown_keys(entries, "dependencies", &["tools"]);
        let Some(tools) = node.get("tools").map(|e| &e.value) else {
            return;
        };
        if matches!(tools.resolved(), Some(Resolved::Null)) {
            return;
        }
        let Some(items) = tools.as_seq() else {
            let found = tools.type_name();
            self.push(
                tools,
                format!("`dependencies.tools` must be a list, found {found}"),
                found,
                "write one `- type: …` entry per dependency",
            );
            return;
        };
        for item in items {
            let Some(fields) = self.map(item, "dependencies.tools[]") else {
                continue;
            };
            self.unknown_keys(fields, "dependencies.tools[]", OPENAI_TOOL_KEYS);
            for required in ["type", "value"] {
                if item.get(required).is_none() {
                    // The entry's first line, not the whole mapping.
                    let text = self.source.slice(item.span);
                    let first = text.find(['\n', '\r']).unwrap_or(text.len());
                    let line = Node {
                        span: Span::new(item.span.offset, text[..first].trim_end().len()),
                        ..item.clone()
                    };
                    self.push(
                        &line,
                        format!("a `dependencies.tools` entry has no `{required}`"),
                        &format!("no `{required}`"),
                        "Codex skips a dependency without `type` and `value`",
                    );
                }
            }
            for e in fields {
                let Some((key, _)) = e.key.scalar() else {
                    continue;
                };
                let max = match key {
                    "type" | "transport" => CODEX_NAME_MAX,
                    k if OPENAI_TOOL_KEYS.contains(&k) => CODEX_TEXT_MAX,
                    _ => continue,
                };
                self.text(&e.value, &format!("dependencies.tools[].{key}"), max);
            }
        }
    }

    fn policy(&mut self, node: &Node) {
        let Some(entries) = self.map(node, "policy") else {
            return;
        };
        self.unknown_keys(entries, "policy", OPENAI_POLICY_KEYS);
        if let Some(e) = node.get("allow_implicit_invocation") {
            if e.value.resolved() != Some(Resolved::Bool) {
                let found = e.value.type_name();
                self.push(
                    &e.value,
                    format!("`policy.allow_implicit_invocation` must be `true` or `false`, found {found}"),
                    found,
                    "write `true` or `false` unquoted: Codex ignores the whole file when the type is wrong",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_tags_are_found_and_comparisons_are_not() {
        let t = "Use the `<ViewTransition>` component";
        assert_eq!(find_xml_tag(t).map(|r| &t[r]), Some("<ViewTransition>"));
        assert!(find_xml_tag("</example>").is_some());
        assert!(find_xml_tag("<br/>").is_some());
        assert!(find_xml_tag("<a href=\"x\">").is_some());
        for clean in [
            "a < b and c > d",
            "x <= 5",
            "<3",
            "a -> b",
            "<-- back",
            "1<2>0",
        ] {
            assert_eq!(find_xml_tag(clean), None, "{clean}");
        }
    }

    #[test]
    fn tool_specs_split_outside_parentheses() {
        let t = "Read, Grep Bash(git add *) mcp__github__create_issue";
        let specs: Vec<&str> = split_tools(t).into_iter().map(|r| &t[r]).collect();
        assert_eq!(
            specs,
            vec![
                "Read",
                "Grep",
                "Bash(git add *)",
                "mcp__github__create_issue"
            ]
        );
    }

    #[test]
    fn tool_names() {
        for ok in [
            "Read",
            "Bash(git:*)",
            "Bash(npm run test *)",
            "mcp__github",
            "mcp__github__*",
            "WebFetch(domain:example.com)",
        ] {
            assert_eq!(tool_problem(ok), None, "{ok}");
        }
        assert!(tool_problem("List").is_some());
        assert_eq!(tool_problem("read").map(|p| p.1), Some(Some("Read")));
        assert!(tool_problem("Bash(git").is_some());
        assert!(tool_problem("mcp__").is_some());
    }
}

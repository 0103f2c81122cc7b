//! `skill/codex-metadata`.

use crate::settings::Settings;
use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::model::skill::targets::{CODEX_TEXT_MAX, OPENAI_YAML};
use crate::rules::skill::context::{CodexMetadata, Skill, SkillRule};
use crate::source::{SourceFile, Span};
use crate::yaml::{Node, Resolved};

declare_rule! {
    /// with target `codex`: `agents/openai.yaml` does not parse, has a wrong type or unknown key, or names an icon that is missing or outside `assets/`
    ///
    /// ## What it does
    /// Enabled by target `codex`. Checks the skill's `agents/openai.yaml`: valid YAML; top-level `interface`, `dependencies`, `policy` and `permissions`; `interface.display_name` (at most 64 characters), `short_description` and `default_prompt` (at most 1024) as non-empty strings; `brand_color` as `#RRGGBB`; `icon_small` and `icon_large` as relative paths under the skill's `assets/` folder that exist; each `dependencies.tools` entry a mapping with `type` and `value`; `policy.allow_implicit_invocation` a boolean.
    ///
    /// Unknown keys get a did-you-mean. The file and the icons it names count as referenced for `skill/unreferenced-file`.
    ///
    /// Severity: an error: each finding is a value Codex refuses or cannot read.
    ///
    /// ## Why
    /// Codex reads this file to show the skill (name, icon, colour, starting prompt) and to install its dependencies. It fails open: a file that does not parse or has a wrong type is ignored whole, and a bad value is dropped, without a word to the author.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// interface:
    ///   display_name: "PDF tools"
    ///   icon_small: "./icons/pdf.png"
    ///   brand_color: "blue"
    /// ```
    /// Good:
    /// ```yaml
    /// interface:
    ///   display_name: "PDF tools"
    ///   icon_small: "./assets/pdf.png"
    ///   brand_color: "#3B82F6"
    /// ```
    ///
    /// ## Fix
    /// Fix the value at the position shown.
    pub static RULE = "skill/codex-metadata", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if let Some(meta) = cx.codex {
            out.extend(meta.diagnostics.iter().cloned());
        }
    }
}

/// Larger metadata files are refused unread.
const OPENAI_YAML_MAX_BYTES: u64 = 256 * 1024;

const CODEX_NAME_MAX: usize = 64;

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

/// Reads and checks `agents/openai.yaml` of the skill folder `dir`
/// (repo-relative), when there is one. `exists` says whether a
/// skill-relative file exists. The engine calls it once per skill with
/// target `codex` (its source is scanned for secrets, and the files it
/// names count as referenced for `skill/unreferenced-file`); [`Check`]
/// reports its findings.
pub fn read(
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
    // The side judged holds it (the staged text with `--staged`, an
    // editor's buffer), or the disk does.
    let held = match settings.contents().read(&rel) {
        crate::contents::Read::Absent => return found,
        crate::contents::Read::Held(bytes) => Some(bytes),
        crate::contents::Read::Disk => None,
    };
    let len = match &held {
        Some(bytes) => {
            found.referenced.push(OPENAI_YAML.to_string());
            bytes.len() as u64
        }
        None => {
            let Ok(meta) = std::fs::symlink_metadata(&open) else {
                return found;
            };
            found.referenced.push(OPENAI_YAML.to_string());
            if !meta.is_file() {
                return found;
            }
            meta.len()
        }
    };
    if len > OPENAI_YAML_MAX_BYTES {
        found.diagnostics.push(
            Diagnostic::new(
                &RULE,
                rel,
                format!(
                    "`{OPENAI_YAML}` is {} KiB; caplint reads at most {} KiB",
                    len.div_ceil(1024),
                    OPENAI_YAML_MAX_BYTES / 1024
                ),
            )
            .help("keep the metadata to the interface, dependencies and policy"),
        );
        return found;
    }
    let Some(bytes) = held.or_else(|| std::fs::read(&open).ok()) else {
        return found;
    };
    let (source, bad_utf8) = SourceFile::from_bytes(rel.clone(), bytes);
    if let Some(offset) = bad_utf8 {
        found.diagnostics.push(
            Diagnostic::new(
                &RULE,
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
                &RULE,
                rel,
                format!("invalid YAML in `{OPENAI_YAML}`: {}", e.message),
            )
            .at(source.char_span_at(source.clamp(e.offset + shift)))
            .label(e.message.clone())
            .help("fix the YAML at the position shown: Codex ignores the whole file when it does not parse, so the skill loses its display name, icons and dependencies"),
        ),
        Ok(None) => {}
        Ok(Some(root)) => {
            let root = crate::yaml::shifted(root, shift);
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
            Diagnostic::new(&RULE, self.source.path.clone(), message)
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
    use crate::rules::skill::context::*;

    #[test]
    fn reports_and_passes() {
        use crate::model::skill::targets::Target;
        let (sources, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/refund-policy/agents/openai.yaml", "interface:\n  display_name: [Refunds\n"),
            ],
            &[Target::Codex],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/agents/openai.yaml");
        assert!(d[0].message.starts_with("invalid YAML in `agents/openai.yaml`: "), "{}", d[0].message);
        assert!(d[0].span.is_some());
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
                ("skills/refund-policy/agents/openai.yaml", "interface:\n  display_name: Refunds\n"),
            ],
            &[Target::Codex],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

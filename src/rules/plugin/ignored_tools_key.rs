//! `plugin/ignored-tools-key`.

use super::context::{frontmatter_entries, PathKind, PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::rules::skill::unknown_tool::{split_tools, tool_problem};
use crate::yaml::Node;

declare_rule! {
    /// an agent file (`agents/*.md`) declares `allowed-tools`, or a skill or command declares `tools`: Claude Code ignores that key without a word, so the agent's restriction or the skill's pre-approval it states does not apply
    ///
    /// ## What it does
    /// Reads the frontmatter of a plugin's agents (`agents/*.md`), commands (`commands/*.md`) and skills (`skills/*/SKILL.md`). An agent restricts its tools with `tools`; a command or a skill with `allowed-tools`. The other key is reported when its value names Claude Code tools (`Read`, `Bash(git:*)`, `mcp__github`, or a tool in another letter case), so that it states a restriction.
    ///
    /// A value that names no tool (`tools: []`, a list of the skill's scripts such as `tools: [quality-gate.py]`) is the file's own data under that key, not a restriction, and is not reported.
    ///
    /// Severity: an error in an agent, which then can use every tool. A warning in a skill or a command: there `allowed-tools` only pre-approves the tools it names while the skill runs (it restricts nothing), so the ignored key costs permission prompts, not safety.
    ///
    /// ## Why
    /// Claude Code ignores the key that does not belong to the file's kind, with no warning. The author believes the agent is restricted to a few tools, and it can use every tool; or that the skill's tools run without a prompt, and each one asks.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// agents/reviewer.md: ---
    /// allowed-tools: Read, Grep
    /// ---
    /// ```
    /// Good:
    /// ```markdown
    /// agents/reviewer.md: ---
    /// tools: Read, Grep
    /// ---
    /// ```
    ///
    /// ## Fix
    /// Rename the key: `tools` in agents, `allowed-tools` in skills and commands.
    pub static RULE = "plugin/ignored-tools-key", Error, scope: Repository;
}

/// Whether a value names Claude Code tools: one of its specs is a tool,
/// a tool pattern or an MCP tool, or a tool in another letter case.
fn names_tools(value: &Node) -> bool {
    let spec_is_tool = |spec: &str| match tool_problem(spec) {
        None => true,
        Some((_, suggestion)) => suggestion.is_some_and(|s| s.eq_ignore_ascii_case(spec)),
    };
    let text_names_tools =
        |text: &str| split_tools(text).into_iter().any(|r| spec_is_tool(&text[r]));
    match (value.scalar(), value.as_seq()) {
        (Some((text, _)), _) => text_names_tools(text),
        (_, Some(items)) => items
            .iter()
            .filter_map(|i| i.scalar().map(|(t, _)| t))
            .any(|t| spec_is_tool(t.trim())),
        _ => false,
    }
}

fn check(cx: &RepoCx<'_>, file: &str, wrong: &str, right: &str, kind: &str, out: &mut Vec<Diagnostic>) {
    let Some(text) = (cx.read)(file) else { return };
    let agents = kind == "agents";
    for (key, span, value) in frontmatter_entries(&text) {
        if key == wrong && names_tools(&value) {
            let d = if agents {
                Diagnostic::new(&RULE, file, format!("Claude Code ignores `{wrong}` in {kind}: the restriction does not apply"))
                    .help(format!("{kind} restrict their tools with `{right}`: rename the key"))
            } else {
                // `allowed-tools` pre-approves; it restricts nothing.
                Diagnostic::new(&RULE, file, format!("Claude Code ignores `{wrong}` in {kind}: the tools it names are not pre-approved"))
                    .help(format!("{kind} pre-approve tools with `{right}` (they run without a prompt while it is active; nothing is restricted): rename the key"))
                    .with_severity(crate::diagnostic::Severity::Warning)
            };
            out.push(d.at(span).label("ignored key"));
        }
    }
}

/// Every plugin's agents, commands and skills.
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for p in cx.plugins {
            let sub = |name: &str| if p.dir.is_empty() { name.to_string() } else { format!("{}/{name}", p.dir) };
            for f in (cx.list)(&sub("agents")) {
                if f.ends_with(".md") && (cx.kind_of)(&f) == Some(PathKind::File) {
                    check(cx, &f, "allowed-tools", "tools", "agents", out);
                }
            }
            for f in (cx.list)(&sub("commands")) {
                if f.ends_with(".md") && (cx.kind_of)(&f) == Some(PathKind::File) {
                    check(cx, &f, "tools", "allowed-tools", "commands", out);
                }
            }
            for d in (cx.list)(&sub("skills")) {
                let md = format!("{d}/SKILL.md");
                if (cx.kind_of)(&md) == Some(PathKind::File) {
                    check(cx, &md, "tools", "allowed-tools", "skills", out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn an_agent_with_allowed_tools_and_a_skill_with_tools() {
        let mut files = with("plugins/review/agents/reviewer.md", "---\nname: reviewer\ndescription: Reviews\nallowed-tools: Read, Grep\n---\nReview.\n");
        files.retain(|(p, _)| *p != "plugins/review/skills/check/SKILL.md");
        files.push(("plugins/review/skills/check/SKILL.md", "---\nname: check\ndescription: Checks. Use when checking.\ntools: Read\n---\n# Check\n"));
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 2, "{ds:#?}");
        assert_eq!(ds[0].message, "Claude Code ignores `allowed-tools` in agents: the restriction does not apply");
        assert_eq!(ds[0].severity, crate::diagnostic::Severity::Error);
        assert_eq!(ds[1].message, "Claude Code ignores `tools` in skills: the tools it names are not pre-approved");
        assert_eq!(ds[1].severity, crate::diagnostic::Severity::Warning);
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn a_value_that_names_no_tool_is_no_restriction() {
        for value in ["[]", "[quality-gate-checker.py, scorer.py]", "scripts/run.sh"] {
            let mut files = GOOD.to_vec();
            let md = format!("---\nname: check\ndescription: Checks. Use when checking.\ntools: {value}\n---\n# Check\n");
            files.retain(|(p, _)| *p != "plugins/review/skills/check/SKILL.md");
            files.push(("plugins/review/skills/check/SKILL.md", Box::leak(md.into_boxed_str())));
            assert!(of(&RULE, &files).is_empty(), "{value}");
        }
        // Tools in a list, in another letter case, or a pattern still are.
        for value in ["[Read, Grep]", "read", "Bash(git:*)", "mcp__github__get_issue"] {
            let mut files = GOOD.to_vec();
            let md = format!("---\nname: check\ndescription: Checks. Use when checking.\ntools: {value}\n---\n# Check\n");
            files.retain(|(p, _)| *p != "plugins/review/skills/check/SKILL.md");
            files.push(("plugins/review/skills/check/SKILL.md", Box::leak(md.into_boxed_str())));
            assert_eq!(of(&RULE, &files).len(), 1, "{value}");
        }
    }

    #[test]
    fn the_right_keys_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

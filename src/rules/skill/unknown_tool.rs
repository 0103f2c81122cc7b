//! `skill/unknown-tool`.

use crate::diagnostic::{declare_rule, did_you_mean, Diagnostic};
use crate::model::skill::targets::{Target, CLAUDE_TOOLS};
use crate::rules::skill::context::{has, Skill, SkillRule};
use crate::source::{SourceFile, Span};
use crate::yaml::{Node, NodeKind};

declare_rule! {
    /// with target `claude-code`: `allowed-tools` names a tool Claude Code does not have
    ///
    /// ## What it does
    /// Enabled by target `claude-code` (and `claude`, which includes it). Splits `allowed-tools` (a string split on spaces and commas outside parentheses, or a list) into tool specs and checks each base name against the tools Claude Code has.
    ///
    /// Claude Code's tools: Agent, AskUserQuestion, Bash, BashOutput, CronCreate, CronDelete, CronList, Edit, EnterPlanMode, EnterWorktree, ExitPlanMode, ExitWorktree, Glob, Grep, KillShell, LS, LSP, ListMcpResourcesTool, Monitor, MultiEdit, NotebookEdit, NotebookRead, PowerShell, Read, ReadMcpResourceTool, SendMessage, Skill, SlashCommand, Task, TaskCreate, TaskGet, TaskList, TaskOutput, TaskStop, TaskUpdate, TeamCreate, TeamDelete, TodoRead, TodoWrite, ToolSearch, WebFetch, WebSearch, Workflow, Write.
    ///
    /// Patterns such as `Bash(git:*)` or `Bash(npm run test *)` and MCP tools (`mcp__server`, `mcp__server__tool`) are valid. Names are case-sensitive; the help suggests the nearest tool.
    ///
    /// Severity: always an error; Claude Code ignores a tool it does not have.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// A tool that does not exist is never granted: the skill asks for permission at every use, or is rejected on upload.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// allowed-tools: Read List Bash(git:*)
    /// ```
    /// Good:
    /// ```yaml
    /// allowed-tools: Read LS Bash(git:*)
    /// ```
    ///
    /// ## Fix
    /// Use the tool's exact name.
    pub static RULE = "skill/unknown-tool", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if !has(cx.settings, Target::ClaudeCode) {
            return;
        }
        if let Some(f) = cx.parsed.field("allowed-tools") {
            check_tools(cx.source, f.value, out);
        }
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
                Diagnostic::new(&RULE, path, message)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

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

    #[test]
    fn reports_and_passes() {
        use crate::model::skill::targets::Target;
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nallowed-tools: Read List\n---\n# Refunds\n"),
            ],
            &[Target::ClaudeCode],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`List` is not a Claude Code tool");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "List");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nallowed-tools: Read LS\n---\n# Refunds\n"),
            ],
            &[Target::ClaudeCode],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
        // The tool names are Claude Code's: the upload alone does not judge them.
        let listed = [("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nallowed-tools: Read List\n---\n# Refunds\n")];
        assert!(lint_repo(&listed, &[Target::ClaudeApi], &RULE).1.is_empty());
        assert_eq!(lint_repo(&listed, &[Target::Claude], &RULE).1.len(), 1);
    }
}

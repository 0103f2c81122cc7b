//! `skill/unknown-tool`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// with target `claude`: `allowed-tools` names a tool Claude Code does not have
    ///
    /// ## What it does
    /// Enabled by target `claude`. Splits `allowed-tools` (a string split on spaces and commas outside parentheses, or a list) into tool specs and checks each base name against Claude Code's tools: Agent, AskUserQuestion, Bash, BashOutput, CronCreate, CronDelete, CronList, Edit, EnterPlanMode, EnterWorktree, ExitPlanMode, ExitWorktree, Glob, Grep, KillShell, LS, LSP, ListMcpResourcesTool, Monitor, MultiEdit, NotebookEdit, NotebookRead, PowerShell, Read, ReadMcpResourceTool, SendMessage, Skill, SlashCommand, Task, TaskCreate, TaskGet, TaskList, TaskOutput, TaskStop, TaskUpdate, TeamCreate, TeamDelete, TodoRead, TodoWrite, ToolSearch, WebFetch, WebSearch, Workflow, Write. Patterns such as `Bash(git:*)` or `Bash(npm run test *)` and MCP tools (`mcp__server`, `mcp__server__tool`) are valid. Names are case-sensitive; the help suggests the nearest tool.
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

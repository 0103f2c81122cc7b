//! Targets: the clients a skill is written for. Each target knows its own
//! frontmatter fields, limits and extra rules; several targets at once mean
//! the strictest union (a field must be known to every target, the shortest
//! description limit applies, every target's extra rules run).
//!
//! - `agentskills`: the open Agent Skills format (what `skills-ref validate`
//!   and agentskills-core check). The default.
//! - `claude-code`: Claude Code's frontmatter, tools and skill listing.
//! - `claude-api`: Anthropic's skill upload (the API and claude.ai).
//! - `claude`: both of them, the strictest union.
//! - `codex`: Codex's `agents/openai.yaml` metadata.
//! - `platform`: the agent platform's skills (description ≤ 500, `category`).

pub use crate::settings::Target;

impl Target {
    /// Top-level frontmatter keys this target reads: the open format's,
    /// and the target's own.
    pub fn known_fields(self) -> impl Iterator<Item = &'static str> {
        let own: &[&str] = match self {
            Target::Agentskills => AGENTSKILLS_FIELDS,
            Target::ClaudeCode => CLAUDE_CODE_FIELDS,
            // The upload accepts the open format's fields and no other.
            Target::ClaudeApi | Target::Codex => &[],
            // `claude` is both: a key must be known to each.
            Target::Claude => &[],
            Target::Platform => PLATFORM_FIELDS,
        };
        OPEN_FIELDS.iter().chain(own).copied()
    }

    /// Whether this target reads the top-level key `key`.
    pub fn knows_field(self, key: &str) -> bool {
        self.known_fields().any(|k| k == key)
    }

    /// The longest description this target accepts, in characters.
    pub fn description_limit(self) -> usize {
        match self {
            Target::Platform => PLATFORM_DESCRIPTION_MAX,
            _ => 1024,
        }
    }

    /// How the target treats a top-level key it does not know, for messages.
    pub fn unknown_field_effect(self) -> &'static str {
        match self {
            Target::Agentskills => {
                "`skills-ref validate` rejects the skill and agentskills-core warns"
            }
            Target::ClaudeCode => "Claude Code ignores it",
            Target::ClaudeApi | Target::Claude => {
                "the skill upload (claude.ai, the API) rejects the skill with `unexpected key in SKILL.md frontmatter`"
            }
            Target::Codex => "Codex ignores it and OpenAI's skill validator rejects it",
            Target::Platform => "the platform ignores it",
        }
    }
}

/// The open format's fields, which every target reads (Codex reads `name`,
/// `description` and `metadata`, and its validator accepts the rest).
const OPEN_FIELDS: &[&str] = &[
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
];

/// agentskills-core's `version` and selection hints.
const AGENTSKILLS_FIELDS: &[&str] = &["version", "when_to_use", "when_not_to_use"];

/// `version`, and Claude Code's own frontmatter (its skills document's
/// frontmatter reference).
const CLAUDE_CODE_FIELDS: &[&str] = &[
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

/// The platform reads skills with agentskills-core and adds `category`.
const PLATFORM_FIELDS: &[&str] = &["version", "when_to_use", "when_not_to_use", "category"];

pub const PLATFORM_DESCRIPTION_MAX: usize = 500;

/// Words Anthropic's skill upload reserves: no uploaded skill's name may
/// contain them (Claude Code loads such a skill from a folder).
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

/// The largest skill the upload takes: the Skills API guide's "total upload
/// size must be under 8MB", read as 8 MiB (the larger reading: a skill
/// between 8,000,000 and 8,388,608 bytes is not reported).
pub const CLAUDE_API_UPLOAD_MAX_BYTES: u64 = 8 * 1024 * 1024;

/// The metadata file Codex reads for a skill (display name, icons).
pub const OPENAI_YAML: &str = "agents/openai.yaml";

/// Codex's limit on its text fields (`metadata.short-description`, the
/// interface's descriptions), in characters.
pub const CODEX_TEXT_MAX: usize = 1024;

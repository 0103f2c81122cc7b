//! Command-line interface (clap derive): commands and flags, nothing else.

use crate::render::{ColorChoice, Format};
pub use crate::schema::SchemaKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const AFTER_HELP: &str = "Examples:
  caplint                          lint the repository (same as `caplint check`)
  caplint check --staged           pre-commit: the index against HEAD
  caplint check --base origin/main CI: the working tree against the merge-base
  caplint diff --format markdown   review claim changes for a pull request
  caplint explain profile/missing-evidence";

#[derive(Debug, Parser)]
#[command(
    name = "caplint",
    version,
    about = "Lint agent skills and capability profiles, and hold them to their git history",
    long_about = "caplint checks agent skills (folders with a SKILL.md) and capability profiles (*.profile.json) against their format, and uses git history so that a claim change always raises the version, declared_at only moves with an honest recheck, an agent_id never changes, and a profile is retired instead of deleted.",
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `caplint` with no subcommand is `caplint check`.
    #[command(flatten)]
    pub check: CheckArgs,
}

impl Cli {
    /// Parses the process's arguments, after [`hoist_subcommand`].
    pub fn parse_args() -> Cli {
        Cli::parse_from(hoist_subcommand(std::env::args_os().collect()))
    }

    /// The names of the subcommands, for "did you mean" help.
    pub fn subcommand_names() -> Vec<String> {
        use clap::CommandFactory;
        Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect()
    }
}

/// Lets flags come before the subcommand: `caplint --format json check
/// testdata` is read as `caplint check --format json testdata`. The first
/// argument that is neither a flag nor a flag's value moves to the front
/// when it names a subcommand; anything else stays as written (`caplint
/// --no-history agents/` is still `check` on a path).
pub fn hoist_subcommand(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    use clap::CommandFactory;
    let cmd = Cli::command();
    let mut with_value = Vec::new();
    for arg in cmd.get_arguments() {
        if arg.is_positional() || !arg.get_action().takes_values() {
            continue;
        }
        if let Some(l) = arg.get_long() {
            with_value.push(format!("--{l}"));
        }
        if let Some(s) = arg.get_short() {
            with_value.push(format!("-{s}"));
        }
    }
    let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
    let mut i = 1;
    while i < args.len() {
        let Some(tok) = args[i].to_str() else { break };
        if tok == "--" {
            break;
        }
        if tok.starts_with('-') && tok.len() > 1 {
            i += if with_value.iter().any(|w| w == tok) {
                2
            } else {
                1
            };
            continue;
        }
        if i > 1 && names.contains(&tok) {
            let sub = args.remove(i);
            args.insert(1, sub);
        }
        break;
    }
    args
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lint profiles and skills under PATHs, with history rules against a base
    #[command(
        after_help = "Examples:\n  caplint check\n  caplint check agents/ skills/ --format json\n  caplint check --staged\n  caplint check --base origin/main --format github\n  caplint check --no-history --as-of 2026-10-15"
    )]
    Check(CheckArgs),
    /// Review claim changes between two revisions (for pull requests)
    #[command(
        after_help = "Examples:\n  caplint diff                      merge-base with the default branch vs the working tree\n  caplint diff origin/main HEAD --format markdown > review.md"
    )]
    Diff(DiffArgs),
    /// Audit every commit that touched a profile or versioned skill
    #[command(
        after_help = "Examples:\n  caplint history\n  caplint history agents/ --since v1.0 --format json"
    )]
    History(HistoryArgs),
    /// Match candidate profiles against a requirements file: the routing decision
    #[command(
        after_help = "Exit 0 when a candidate meets every requirement, 1 when none does, 2 on bad input.\n\nExamples:\n  caplint match routing/refunds.requirements.json\n  caplint match routing/refunds.requirements.json agents/a.profile.json agents/b.profile.json --format markdown\n  caplint match routing/refunds.requirements.json --record decisions/refunds.decision.json \\\n      --assign support-agent-01 --exception 'tool:crm: writes go through a person'"
    )]
    Match(MatchArgs),
    /// The decision-ready summary of one profile, in Markdown (the Output Contract)
    #[command(
        after_help = "Examples:\n  caplint summary agents/support.profile.json\n  caplint summary agents/support.profile.json --requirements routing/refunds.requirements.json > summary.md"
    )]
    Summary(SummaryArgs),
    /// Print the reference checker's summary for one profile, byte for byte
    #[command(
        after_help = "Examples:\n  caplint report agents/research.profile.json --as-of 2026-10-15\n  caplint report --make-fixture --as-of 2026-10-15"
    )]
    Report(ReportArgs),
    /// List every rule with its default severity
    #[command(
        after_help = "Examples:\n  caplint rules\n  caplint rules --format markdown > RULES.md"
    )]
    Rules(RulesArgs),
    /// Explain one rule, with a bad and a good example
    #[command(after_help = "Example:\n  caplint explain profile/missing-evidence")]
    Explain {
        /// A rule id, e.g. profile/missing-evidence
        rule: String,
    },
    /// Print a JSON Schema for editors
    #[command(
        after_help = "Examples:\n  caplint schema profile > profile.schema.json\n  caplint schema config > caplint.schema.json"
    )]
    Schema {
        #[arg(value_enum)]
        kind: SchemaKind,
    },
    /// Write a commented .caplint.yaml with the defaults
    #[command(after_help = "Examples:\n  caplint init\n  caplint init --path config/caplint.yaml")]
    Init(InitArgs),
    /// Serve the Language Server Protocol over stdio, for editors
    #[command(
        after_help = "The editor starts it; see docs/editors.md.\n\nExample:\n  caplint server"
    )]
    Server(ServerArgs),
    /// Print a shell completion script
    #[command(
        after_help = "Examples:\n  caplint completions bash > ~/.local/share/bash-completion/completions/caplint\n  caplint completions zsh > ~/.zfunc/_caplint\n  caplint completions fish > ~/.config/fish/completions/caplint.fish"
    )]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Flags shared by `check` and `history`.
#[derive(Debug, Args, Clone, Default)]
pub struct CommonArgs {
    /// Output format
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Configuration file (default: .caplint.yaml at the repository root)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Judge dates as of this day (YYYY-MM-DD; default: today)
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub as_of: Option<String>,
    /// When to use colors (NO_COLOR is respected)
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Fail when there are more than N warnings
    #[arg(long, value_name = "N")]
    pub max_warnings: Option<usize>,
    /// Print findings only: no summary, no notes
    #[arg(short, long)]
    pub quiet: bool,
    /// Fail (exit 1) when no profile and no skill matched the paths and globs
    #[arg(long)]
    pub error_on_empty: bool,
}

#[derive(Debug, Args, Clone, Default)]
#[command(group(clap::ArgGroup::new("fixing").args(["fix", "diff"]).multiple(true)))]
pub struct CheckArgs {
    /// Files or folders to lint (default: the repository root, or `.` outside git)
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub common: CommonArgs,
    /// Compare the index (what will be committed) against HEAD: for pre-commit hooks
    #[arg(long, conflicts_with_all = ["base", "no_history"])]
    pub staged: bool,
    /// Neither use nor update the cache under the git directory (.git/caplint/): lint every file
    #[arg(long)]
    pub no_cache: bool,
    /// Compare the working tree against merge-base(REV, HEAD): for CI and pull requests
    #[arg(long, value_name = "REV", conflicts_with = "no_history")]
    pub base: Option<String>,
    /// Skip history rules
    #[arg(long)]
    pub no_history: bool,
    /// The client the skills are for; repeat for several (the strictest union applies).
    /// Overrides `targets:` in the config
    #[arg(long = "target", value_enum, value_name = "TARGET")]
    pub targets: Vec<crate::model::skill::targets::Target>,
    /// Apply the safe fixes in place, then report what remains
    #[arg(long)]
    pub fix: bool,
    /// Print the fixes as a unified diff and write nothing (implies --fix)
    #[arg(long)]
    pub diff: bool,
    /// With --fix or --diff: also apply the fixes that may change meaning
    #[arg(long, requires = "fixing")]
    pub unsafe_fixes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    Human,
    Markdown,
    Json,
}

#[derive(Debug, Args, Clone)]
pub struct DiffArgs {
    /// Base revision (default: merge-base with the upstream or default branch)
    pub base: Option<String>,
    /// Head revision (default: the working tree)
    pub head: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    pub format: DiffFormat,
    /// Configuration file
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Judge dates as of this day (YYYY-MM-DD)
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub as_of: Option<String>,
    /// When to use colors
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print the review only
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Debug, Args, Clone)]
pub struct HistoryArgs {
    /// Profiles or folders to audit (default: all)
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Only commits after REV
    #[arg(long, value_name = "REV")]
    pub since: Option<String>,
    /// Only the first-parent commits of TO that FROM does not reach, instead
    /// of HEAD's (e.g. a push's `OLD..NEW`; also in a bare repository)
    #[arg(long, value_name = "[FROM..]TO", conflicts_with = "since")]
    pub range: Option<String>,
    #[command(flatten)]
    pub common: CommonArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MatchFormat {
    Human,
    Markdown,
    Json,
}

#[derive(Debug, Args, Clone)]
pub struct MatchArgs {
    /// The requirements file (JSON or YAML), written before any profile is read
    #[arg(value_name = "REQUIREMENTS")]
    pub requirements: PathBuf,
    /// Candidate profiles, or folders of them (default: every profile in the repository)
    #[arg(value_name = "PROFILE")]
    pub profiles: Vec<PathBuf>,
    /// Output format
    #[arg(long, value_enum, default_value_t = MatchFormat::Human)]
    pub format: MatchFormat,
    /// Configuration file (default: .caplint.yaml at the repository root)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Judge freshness as of this day (YYYY-MM-DD; default: today)
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub as_of: Option<String>,
    /// Write the decision record to FILE (needs --assign)
    #[arg(long, value_name = "FILE", requires = "assign")]
    pub record: Option<PathBuf>,
    /// The agent_id of the candidate the work is assigned to (with --record)
    #[arg(long, value_name = "AGENT_ID", requires = "record")]
    pub assign: Option<String>,
    /// An exception for an unmet requirement, with its reason: 'skill:NAME: reason',
    /// 'tool:NAME: reason' or 'limit:PHRASE: reason' (repeatable; with --record)
    #[arg(long = "exception", value_name = "REQ: REASON", requires = "record")]
    pub exceptions: Vec<String>,
}

#[derive(Debug, Args, Clone)]
pub struct SummaryArgs {
    /// The profile to summarize
    #[arg(value_name = "PROFILE")]
    pub profile: PathBuf,
    /// A requirements file: adds the match table (else the summary says "general use")
    #[arg(long, value_name = "FILE")]
    pub requirements: Option<PathBuf>,
    /// Configuration file (default: .caplint.yaml at the repository root)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Judge freshness as of this day (YYYY-MM-DD; default: today)
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub as_of: Option<String>,
}

#[derive(Debug, Args, Clone)]
pub struct ReportArgs {
    /// The profile to summarize
    #[arg(value_name = "PROFILE")]
    pub profile: Option<PathBuf>,
    /// Judge freshness as of this day (YYYY-MM-DD; default: today)
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub as_of: Option<String>,
    /// Summarize the reference's worked example instead of a file
    #[arg(long)]
    pub make_fixture: bool,
}

#[derive(Debug, Args, Clone)]
pub struct RulesArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = RulesFormat::Human)]
    pub format: RulesFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    Human,
    Json,
    Markdown,
}

#[derive(Debug, Args, Clone)]
pub struct ServerArgs {
    /// Configuration file (default: .caplint.yaml at the repository root)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Judge dates as of this day (YYYY-MM-DD; default: today)
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub as_of: Option<String>,
    /// The client the skills are for; repeat for several. Overrides
    /// `targets:` in the config
    #[arg(long = "target", value_enum, value_name = "TARGET")]
    pub targets: Vec<crate::model::skill::targets::Target>,
}

#[derive(Debug, Args, Clone)]
pub struct InitArgs {
    /// Where to write the file (default: .caplint.yaml at the repository root)
    #[arg(long, value_name = "FILE")]
    pub path: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hoisted(args: &[&str]) -> Vec<String> {
        hoist_subcommand(args.iter().map(Into::into).collect())
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn flags_before_the_subcommand_move_after_it() {
        assert_eq!(
            hoisted(&["caplint", "--format", "json", "check", "testdata"]),
            ["caplint", "check", "--format", "json", "testdata"]
        );
        assert_eq!(
            hoisted(&["caplint", "--format=json", "-q", "history"]),
            ["caplint", "history", "--format=json", "-q"]
        );
        // A flag's value that names a subcommand is a value.
        assert_eq!(
            hoisted(&["caplint", "--config", "check", "x"]),
            ["caplint", "--config", "check", "x"]
        );
        // A path stays a path; after `--` nothing moves.
        assert_eq!(
            hoisted(&["caplint", "--no-history", "agents", "check"]),
            ["caplint", "--no-history", "agents", "check"]
        );
        assert_eq!(
            hoisted(&["caplint", "-q", "--", "check"]),
            ["caplint", "-q", "--", "check"]
        );
        let cli = Cli::parse_from(hoisted(&["caplint", "--format", "json", "check", "t"]));
        match cli.command {
            Some(Command::Check(a)) => {
                assert_eq!(a.common.format, Some(Format::Json));
                assert_eq!(a.paths, [PathBuf::from("t")]);
            }
            other => panic!("{other:?}"),
        }
    }
}

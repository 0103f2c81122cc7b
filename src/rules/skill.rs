//! `skill/*` rule registry entries. The checks live in `crate::skill`.

use super::Rule;

pub const MISSING_SKILL_MD: &str = "skill/missing-skill-md";
pub const MISNAMED_SKILL_MD: &str = "skill/misnamed-skill-md";
pub const INVALID_FRONTMATTER: &str = "skill/invalid-frontmatter";
pub const FRONTMATTER_TOO_LARGE: &str = "skill/frontmatter-too-large";
pub const BYTE_ORDER_MARK: &str = "skill/byte-order-mark";
pub const MISSING_FIELD: &str = "skill/missing-field";
pub const INVALID_NAME: &str = "skill/invalid-name";
pub const NAME_MISMATCH: &str = "skill/name-mismatch";
pub const RESERVED_NAME: &str = "skill/reserved-name";
pub const DUPLICATE_NAME: &str = "skill/duplicate-name";
pub const DESCRIPTION_TOO_LONG: &str = "skill/description-too-long";
pub const FIELD_TYPE: &str = "skill/field-type";
pub const INVALID_VERSION: &str = "skill/invalid-version";
pub const SELECTION_HINTS: &str = "skill/selection-hints";
pub const UNKNOWN_FIELD: &str = "skill/unknown-field";
pub const YAML_PORTABILITY: &str = "skill/yaml-portability";
pub const BROKEN_REFERENCE: &str = "skill/broken-reference";
pub const REFERENCE_ESCAPES: &str = "skill/reference-escapes";
pub const UNREFERENCED_FILE: &str = "skill/unreferenced-file";
pub const BODY_TOO_LONG: &str = "skill/body-too-long";
pub const XML_IN_FRONTMATTER: &str = "skill/xml-in-frontmatter";
pub const UNKNOWN_TOOL: &str = "skill/unknown-tool";
pub const CODEX_METADATA: &str = "skill/codex-metadata";
pub const INVALID_CATEGORY: &str = "skill/invalid-category";

pub static RULES: &[Rule] = &[
    rule!(MISSING_SKILL_MD, Error, "text", "a folder under a skills root (`skill_roots`) has no `SKILL.md`",
        "Every folder directly inside a skills root (`skill_roots`, default `**/skills`) must hold a `SKILL.md`. Hidden folders are not checked. A folder that only groups skills gets a hint to list it in `skill_roots` instead.",
        "Clients discover skills by their `SKILL.md`; a folder without one is silently skipped, and whatever it was meant to teach never reaches an agent.",
        "skills/refund-policy/README.md", "skills/refund-policy/SKILL.md",
        "Add a `SKILL.md` with `name` and `description` frontmatter, or move the folder out of the skills root."),
    rule!(MISNAMED_SKILL_MD, Error, "text", "the file is `skill.md`, `Skill.md`, …",
        "Reports a file named `SKILL.md` in another casing (`skill.md`, `Skill.md`) when it is meant as one: in a skills root, next to a real `SKILL.md`, or starting with a `---` frontmatter line. A page about skills elsewhere (`docs/skill.md`) is left alone.",
        "Clients look for the exact name `SKILL.md`; on case-sensitive file systems `skill.md` is never found.",
        "skills/refund-policy/skill.md", "skills/refund-policy/SKILL.md",
        "Rename the file to `SKILL.md`.",
        fixable: Safe, "renames the file to `SKILL.md` when no `SKILL.md` exists next to it."),
    rule!(INVALID_FRONTMATTER, Error, "markdown", "no opening `---` line, no closing `---` line, YAML that does not parse (span), or not a mapping; an unquoted `: ` inside a value gets a hint to quote the value",
        "Splits `SKILL.md` on whole `---` lines (CRLF accepted, a `---` inside a value never splits) and parses the frontmatter as YAML, pointing at the exact position of a syntax error. An unquoted `: ` inside a value gets the quoted form in the help. Also reported: a frontmatter that is not a mapping, a key that appears twice, and a file that is not valid UTF-8.",
        "A skill whose frontmatter does not parse is dropped by clients without a word. The commonest cause is an unquoted `: ` inside a description.",
        "---\nname: refund-policy\ndescription: Refunds: when to give one\n---", "---\nname: refund-policy\ndescription: \"Refunds: when to give one\"\n---",
        "Fix the YAML at the position shown; quote values that contain `: `."),
    rule!(FRONTMATTER_TOO_LARGE, Error, "markdown", "frontmatter over 256 KiB",
        "Refuses frontmatter larger than 256 KiB before parsing it.",
        "Clients reject oversized frontmatter to avoid memory exhaustion; metadata that large belongs in the body or a resource file.",
        "---\nname: x\ndescription: (300 KB of text)\n---", "---\nname: x\ndescription: One line that says when to use the skill.\n---",
        "Move the bulk into the body or a referenced file."),
    rule!(BYTE_ORDER_MARK, Warning, "text", "file starts with a UTF-8 BOM (several clients then skip the skill)",
        "Warns when `SKILL.md` starts with a UTF-8 byte-order mark.",
        "Several clients look for `---` as the very first bytes; with a BOM in front they find no frontmatter and skip the skill.",
        "EF BB BF 2D 2D 2D  (BOM, then ---)", "2D 2D 2D  (---)",
        "Save the file as UTF-8 without a BOM.",
        fixable: Safe, "removes the byte-order mark."),
    rule!(MISSING_FIELD, Error, "yaml", "`name` or `description` absent or empty",
        "Checks that the frontmatter has a non-empty `name` and `description`. A missing field is reported at the opening `---` fence; an empty one (`name:`, `description: \"\"`) at its value.",
        "The name is the id a model loads the skill by, and the description is the only part the model sees before deciding to load it.",
        "name: refund-policy", "name: refund-policy\ndescription: When a refund is given without asking, when it needs approval, and how to say no.",
        "Add the missing field."),
    rule!(INVALID_NAME, Error, "yaml", "not 1–64 characters of lower-case letters, digits and single hyphens, or starts/ends with `-`; with target `claude`, contains `anthropic` or `claude`",
        "Checks the name format: 1–64 characters (counted as Unicode scalar values) matching `^[a-z0-9]+(-[a-z0-9]+)*$`, for every target. The help suggests a valid name when one can be made from the text. With target `claude`, a name that contains the reserved words `anthropic` or `claude` is reported too: Anthropic's skill upload (the API and claude.ai) rejects it, though Claude Code loads such a skill from a folder.",
        "Models write ids in this form; a name such as `Refund policy` is loaded as `refund-policy` and the call fails.",
        "name: Refund Policy", "name: refund-policy",
        "Rename to lower-case words joined by single hyphens."),
    rule!(NAME_MISMATCH, Error, "text", "`name` is not the folder's name (NFKC on both)",
        "Compares `name` with the name of the folder holding `SKILL.md`, both after Unicode NFKC normalization (so a folder written in full-width letters, or in another normalization form, still matches).",
        "Installers and galleries match skills by folder name; a mismatch is skipped or installed twice.",
        "skills/refunds/SKILL.md:  name: refund-policy", "skills/refund-policy/SKILL.md:  name: refund-policy",
        "Rename the folder or the skill so they agree.",
        fixable: Unsafe, "sets `name` to the folder's name, in the value's quote style; unsafe, because clients load the skill by its name."),
    rule!(RESERVED_NAME, Error, "yaml", "`name` is in `reserved_skill_names` (capability names such as `knowledge`, `planning`, `skills`)",
        "Rejects names reserved for capabilities (`reserved_skill_names`, default `knowledge`, `planning`, `skills`).",
        "Skills share one namespace with capabilities; a skill named `planning` on an agent with the planning capability is a duplicate the framework rejects before the first token.",
        "name: planning", "name: sprint-planning",
        "Choose a more specific name."),
    rule!(DUPLICATE_NAME, Error, "text", "two skills in the repository share a name (labels on both)",
        "Reports skills in different folders that declare the same `name`, labelling both.",
        "Installation matches by name; a collision is skipped silently forever.",
        "skills/a/SKILL.md: name: code-review\nskills/b/SKILL.md: name: code-review", "skills/a/SKILL.md: name: code-review\nskills/b/SKILL.md: name: security-review",
        "Give each skill its own name."),
    rule!(DESCRIPTION_TOO_LONG, Error, "yaml", "over `description_max_chars` (1024) characters, counted as Unicode scalar values; 500 with target `platform`",
        "Counts the description in Unicode scalar values (not bytes) and compares with `description_max_chars` (1024), or with the lowest limit of the selected targets when that is lower: `platform` accepts at most 500 characters, `agentskills`, `claude` and `codex` 1024. With target `codex`, `metadata.short-description` is held to 1024 characters too: Codex refuses to load a skill whose short description is longer.",
        "The description is charged on every turn for every bound skill, and clients reject long ones.",
        "description: (1,500 characters)", "description: When a refund is given without asking, when it needs approval, and how to say no.",
        "Shorten it to when to reach for the skill; move detail into the body."),
    rule!(FIELD_TYPE, Error, "yaml", "`license` not a string; `compatibility` not a string of 1–500 chars; `metadata` not a map of strings to strings; `allowed-tools` not a string or a list of strings (also `name` or `description` not a string; with target `platform`, `category` not a string)",
        "Checks the types of the optional fields of the Agent Skills format, with YAML 1.2 core-schema resolution: an unquoted `2` or `true` is not a string. `name` and `description` must be strings too. `allowed-tools` may be one string (`Read Grep`) or a list of strings: the reference validator and clients accept both. With target `platform`, `category` must be a string. The help shows the quoted form, or the list joined into one string.",
        "Clients validate these types on registration and reject the skill when they are wrong.",
        "metadata:\n  tags: [incident, sev1]\n  priority: 2", "metadata:\n  tags: \"incident sev1\"\n  priority: \"2\"",
        "Use the type in the message; quote values."),
    rule!(INVALID_VERSION, Error, "yaml", "`version` present but not a **quoted** SemVer string; an unquoted `1.0` or `2024-01-15` says why quoting matters",
        "Checks that `version`, when present, is a quoted SemVer 2.0 string. An unquoted version is reported with what YAML makes of it (a float, an integer, or for YAML 1.1 readers a date), and the help gives the quoted SemVer form (`1.0` → `\"1.0.0\"`).",
        "YAML reads an unquoted `1.0` as a float and `2024-01-15` as a date, so the value never reaches a validator as a string; `1.10` becomes `1.1`.",
        "version: 1.0", "version: \"1.0.0\"",
        "Quote a full SemVer version.",
        fixable: Safe, "quotes an unquoted SemVer (`version: 1.2.3` becomes `version: \"1.2.3\"`); an unquoted `1.0` or date is not guessed."),
    rule!(SELECTION_HINTS, Error, "yaml", "`when_to_use` / `when_not_to_use` not a list of 1–5 non-empty strings of at most 200 chars",
        "Checks the optional selection hints: each a list of one to five non-empty strings of at most 200 characters.",
        "The hints are charged on every turn for every registered skill; clients enforce these limits.",
        "when_to_use: A production service is down", "when_to_use:\n  - A production service is degraded or down",
        "Write a short list of plain cases."),
    rule!(UNKNOWN_FIELD, Warning, "yaml", "a top-level key outside the spec, `version`, `when_to_use`, `when_not_to_use` and `extra_skill_fields` (each target has its own list; with several, a key must be known to all)",
        "Warns about top-level frontmatter keys a selected target does not read, with a did-you-mean for misspellings, and says what each such target does with the key. Target `agentskills` (the default) knows `name`, `description`, `license`, `compatibility`, `metadata`, `allowed-tools`, `version`, `when_to_use` and `when_not_to_use`; `skills-ref validate` rejects any other key. Target `claude` adds Claude Code's fields (`argument-hint`, `arguments`, `disable-model-invocation`, `user-invocable`, `model`, `effort`, `context`, `agent`, `hooks`, `paths`, `shell`, `when_to_use`); `codex` knows the open format's six fields; `platform` adds `category`. With several targets a key must be known to every one of them. Extend every list with `extra_skill_fields`.",
        "Unknown keys are ignored or rejected depending on the client; a misspelt key (`descripton`) silently loses the field.",
        "descripton: Triage incidents.", "description: Triage incidents.",
        "Rename the key, move it under `metadata`, or list it in `extra_skill_fields`."),
    rule!(YAML_PORTABILITY, Warning, "yaml", "YAML that other clients read differently or reject: tabs, anchors/aliases, tags, flow collections, unquoted YAML 1.1 booleans (`yes`, `on`) and dates as values",
        "Flags YAML that parsers disagree on: tab characters outside values and comments, anchors and aliases, tags, flow collections (`[a, b]`, `{a: b}`), and plain values that YAML 1.1 readers (PyYAML and most skill clients) turn into booleans (`yes`, `no`, `on`, `off`, `y`, `n`) or dates (`2024-01-15`). An unquoted `version` is left to `skill/invalid-version`.",
        "Skills are read by many clients with different YAML parsers; `on` is a boolean to some and a string to others, and tabs or aliases are rejected by several.",
        "user-invocable: yes", "user-invocable: \"yes\"",
        "Quote scalars and write plain block YAML.",
        fixable: Safe, "quotes a plain YAML 1.1 boolean or date used as a string (`yes` becomes `'yes'`, `2024-01-15` becomes `'2024-01-15'`); anchors, tags and flow collections are left to you."),
    rule!(BROKEN_REFERENCE, Error, "markdown", "the body (or a referenced file) names a relative file — Markdown link, or a bare or back-ticked path like `scripts/run.py` — that does not exist in the skill folder",
        "Resolves the files named in `SKILL.md` and, transitively, in the text files it references: from the referencing file's folder, then from the skill folder; a path after a skill-root placeholder (`{baseDir}`, `${CLAUDE_SKILL_DIR}`, `$SKILL_DIR`) from the skill folder, wherever it is written, and one after a plugin-root placeholder (`${CLAUDE_PLUGIN_ROOT}`) from the nearest folder with `.claude-plugin/` or `.codex-plugin/`. `SKILL.md` and `../SKILL.md` name the skill's own file. Markdown links, images, reference definitions and `href`/`src` must exist. A bare or back-ticked word must exist when it is clearly a path into the skill: a file name with an extension after a folder the skill has (in `SKILL.md` also `scripts/`, `references/`, `assets/`), a path starting with `./`, or a name that exists only in another letter case. Fenced code, paths introduced as examples (`e.g.`, `Example:`), paths into the user's files (`out/report.pdf`, an option's argument such as `-x ./dict.dict`, a hidden folder such as `./.github/`) the paths in templates (under `templates/`, or named `…_template`), paths the text has the agent make (`Create ./x.cedar`, `write … to x.md`), paths in the user's project (`| Project root | ./CLAUDE.md |`) and paths that resolve from the repository root never have to exist. A path that is missing from the skill but exists in a sibling skill is a warning naming that file. A symlink to nothing is reported too.",
        "An agent told to read `scripts/extract.py` that does not exist wastes a turn and improvises.",
        "Run `scripts/extract.py` (the folder has no scripts/extract.py)", "Run `scripts/extract.py` (and the file exists)",
        "Fix the path or add the file."),
    rule!(REFERENCE_ESCAPES, Error, "markdown", "a reference or a symlink leads outside the skill folder (`..`, absolute path); a warning when the target exists in the repository (it breaks only when the skill is installed alone)",
        "Reports links with an absolute path, references that climb out of the folder with `..`, references through a symlink that leaves the folder, and symlinks in the folder whose target is outside it (never followed). A reference out of the folder to a file that exists in the repository (a sibling skill's file, the repository's README) is a warning: it works in the repository and breaks when the skill is installed alone. A severity configured for the rule applies to both cases.",
        "A skill is copied as a folder into workspaces and galleries; anything outside it is not there.",
        "See [guide](../shared/guide.md)", "See [guide](references/guide.md)",
        "Copy the file into the skill folder and reference it there."),
    rule!(UNREFERENCED_FILE, Warning, "text", "a file in the skill folder is never named by `SKILL.md` or a file it references",
        "Warns about each file of the skill folder that neither `SKILL.md` nor a file it references names. Any mention counts: links, prose, fenced code, frontmatter values, a folder (`themes/`), a glob or `{placeholder}` path, a trailing part of a path, and Python imports. `__init__.py` comes with its package. Also counted: a path after a placeholder (`{baseDir}/x`), JavaScript modules named without their extension (`require('./util')`), `@./skills/x/y.md` in the `AGENTS.md`, `CLAUDE.md` or `GEMINI.md` of the repository root or the plugin root, and back-ticked stems (`async-parallel`) of files in a folder the same text names. Exempt: licence, notice and change-log files, READMEs, client metadata (`agents/openai.yaml` and the files it names, `metadata.json`), dependency manifests and lock files (`pyproject.toml`, `uv.lock`, `requirements.txt`, `package.json`, `Cargo.toml`, `go.mod`, …), hidden files and `__pycache__`. Files in nested skills belong to those skills.",
        "Resources are loaded only when the body points at them; an unreferenced file is dead weight or a forgotten instruction.",
        "skills/x/notes.md (never mentioned)", "SKILL.md: \"For edge cases read `notes.md`.\"",
        "Reference the file from the body or remove it."),
    rule!(BODY_TOO_LONG, Warning, "text", "body over 500 lines or about 5000 tokens (4 chars a token)",
        "Warns when the body after the frontmatter is over 500 lines or about 5000 tokens (counted as four characters a token), pointing at the line where the limit is passed.",
        "The body is loaded whole into the conversation; details only some conversations need belong in resource files.",
        "SKILL.md with 900 lines", "SKILL.md with 120 lines pointing at references/details.md",
        "Move details into referenced files."),
    rule!(XML_IN_FRONTMATTER, Error, "yaml", "with target `claude`: the name or description holds an XML tag (`<tag>`, `</tag>`)",
        "Enabled by target `claude`. Reports an XML-like tag — `<name>`, `</name>`, `<name attr=\"…\">`, `<name/>` — in `name` or `description`, even inside backticks. Comparisons and arrows (`a < b`, `<=`, `->`) are not tags.",
        "Anthropic rejects a skill whose name or description contains XML tags on upload: the description is placed in the system prompt, where a tag could pass for structure.",
        "description: Animate route changes with the `<ViewTransition>` component.", "description: Animate route changes with the ViewTransition component.",
        "Write the name or description without angle brackets (`ViewTransition` rather than `<ViewTransition>`)."),
    rule!(UNKNOWN_TOOL, Error, "yaml", "with target `claude`: `allowed-tools` names a tool Claude Code does not have",
        "Enabled by target `claude`. Splits `allowed-tools` (a string split on spaces and commas outside parentheses, or a list) into tool specs and checks each base name against Claude Code's tools: Agent, AskUserQuestion, Bash, BashOutput, CronCreate, CronDelete, CronList, Edit, EnterPlanMode, EnterWorktree, ExitPlanMode, ExitWorktree, Glob, Grep, KillShell, LS, LSP, ListMcpResourcesTool, Monitor, MultiEdit, NotebookEdit, NotebookRead, PowerShell, Read, ReadMcpResourceTool, SendMessage, Skill, SlashCommand, Task, TaskCreate, TaskGet, TaskList, TaskOutput, TaskStop, TaskUpdate, TeamCreate, TeamDelete, TodoRead, TodoWrite, ToolSearch, WebFetch, WebSearch, Workflow, Write. Patterns such as `Bash(git:*)` or `Bash(npm run test *)` and MCP tools (`mcp__server`, `mcp__server__tool`) are valid. Names are case-sensitive; the help suggests the nearest tool.",
        "A tool that does not exist is never granted: the skill asks for permission at every use, or is rejected on upload.",
        "allowed-tools: Read List Bash(git:*)", "allowed-tools: Read LS Bash(git:*)",
        "Use the tool's exact name."),
    rule!(CODEX_METADATA, Error, "yaml", "with target `codex`: `agents/openai.yaml` does not parse, has a wrong type or unknown key, or names an icon that is missing or outside `assets/`",
        "Enabled by target `codex`. Checks the skill's `agents/openai.yaml`: valid YAML; top-level `interface`, `dependencies`, `policy` and `permissions`; `interface.display_name` (at most 64 characters), `short_description` and `default_prompt` (at most 1024) as non-empty strings; `brand_color` as `#RRGGBB`; `icon_small` and `icon_large` as relative paths under the skill's `assets/` folder that exist; each `dependencies.tools` entry a mapping with `type` and `value`; `policy.allow_implicit_invocation` a boolean. Unknown keys get a did-you-mean. The file and the icons it names count as referenced for `skill/unreferenced-file`.",
        "Codex reads this file to show the skill (name, icon, colour, starting prompt) and to install its dependencies. It fails open: a file that does not parse or has a wrong type is ignored whole, and a bad value is dropped, without a word to the author.",
        "interface:\n  display_name: \"PDF tools\"\n  icon_small: \"./icons/pdf.png\"\n  brand_color: \"blue\"", "interface:\n  display_name: \"PDF tools\"\n  icon_small: \"./assets/pdf.png\"\n  brand_color: \"#3B82F6\"",
        "Fix the value at the position shown."),
    rule!(INVALID_CATEGORY, Warning, "yaml", "with target `platform`: `category` is not one of the platform's suggested categories",
        "Enabled by target `platform`. Compares `category` with the platform's suggested categories that its documentation names (support, engineering, finance, legal, security, marketing), with a did-you-mean for misspellings.",
        "The category drives the filter of the platform's skill list; a misspelt category files the skill where nobody looks. It has no effect on what the agent sees.",
        "category: suport", "category: support",
        "Use one of the suggested categories."),
];

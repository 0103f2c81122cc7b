//! How paths written in a skill's files are read: normalizing, placeholders
//! (`{baseDir}/x`), globs, and which files need no reference.

use crate::model::skill::targets::OPENAI_YAML;
use crate::source::SourceFile;
use crate::syntax::markdown::Ref;
use regex::Regex;

/// Extensions of files read as Markdown; every other text file is read as code.
const MARKDOWN_EXTS: &[&str] = &["md", "markdown", "mdx"];

/// `base` joined with `path`, `.` and `..` resolved; `None` if it climbs out.
pub fn normalize(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|s| !s.is_empty()).collect();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// Verbs that send the agent to a file.
const READ: &[&str] = &[
    "read", "see", "load", "run", "use", "follow", "consult", "open", "check", "refer", "execute",
    "call", "invoke",
];

pub use crate::model::skill::lines::{line_around, LINE_REACH};

/// How [`whose`] knows a path is not the skill's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The words about the path say so (a making or editing verb before
    /// it, "is created" or "at project root" after it, a secret store, an
    /// instruction file): true wherever the text names the path again.
    Said,
    /// Only the line around it does ("the user's task in `x.md`", a
    /// listing's caption): true here, not of the path.
    Line,
}

/// Whether, and how, the text around a reference makes it a file the skill has the
/// agent make (`Create ./policy.cedar`, "the first run generates
/// `./app.key`", "write the result to `reports/summary.md`"), a file it
/// edits ("Add to `assets/global.css`") or says is absent ("an absent
/// `./policy.cedar`"), a file of the user's project ("| Project root |
/// `./NOTES.md` |", `./CLAUDE.md`), or the caption of a listing that
/// shows the file's text: none is one of the skill's files, and none has
/// to exist.
pub fn whose(source: &SourceFile, r: &Ref) -> Option<Whose> {
    const MAKE: &[&str] = &[
        "create", "generate", "write", "writes", "save", "produce", "emit", "store", "append",
    ];
    const USERS: &[&str] = &["project root", "your project", "the user's", "your repo"];
    let text = &source.text;
    let at = r.span.offset.min(text.len());
    let std::ops::Range {
        start: line_start,
        end: line_end,
    } = line_around(text, at);
    // The clause before the reference, and the words right after it
    // ("`x.md` records findings", "`x.md` stores examples").
    let before = &text[line_start..at];
    let clause = before
        .rfind(['.', ';', '|', ':'])
        .map_or(before, |i| &before[i + 1..])
        .to_ascii_lowercase();
    let end = (at + r.span.length).min(line_end);
    let after: String = text[end..line_end]
        .trim_start_matches(['`', ')', ']', '*', ' ', '(', ',', '-', '—'])
        .chars()
        .take(24)
        .collect::<String>()
        .to_ascii_lowercase();
    let line = text[line_start..line_end].to_ascii_lowercase();
    // A making verb among the last few words, with no reading verb after
    // it ("to create a form, read `forms.md`" is a reference).
    let mut made_before = false;
    for w in clause.split_whitespace().rev().take(5) {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphabetic());
        if READ.iter().any(|v| w.starts_with(v)) {
            break;
        }
        if MAKE.iter().any(|m| w.starts_with(m)) {
            made_before = true;
            break;
        }
    }
    // Made after it, not written yet ("`x.md` (to be written in a
    // follow-up)", "`x.md` — TBD"), or looked for ("check if `x.json`
    // exists": a file the skill ships is there).
    let made_after = [
        "exists",
        "already exists",
        "records ",
        "stores ",
        "is created",
        "is generated",
        "is written",
        "to be written",
        "to be added",
        "to be created",
        "not yet",
        "not written yet",
        "tbd",
        "todo",
        "coming soon",
    ]
    .iter()
    .any(|m| after.starts_with(m));
    // A file edited in place ("Add to `assets/global.css`"), or said to be
    // absent ("an absent `./policy.cedar`").
    const EDIT: &[&str] = &["add", "update", "edit", "modify", "patch"];
    const ABSENT: &[&str] = &[
        "absent",
        "missing",
        "nonexistent",
        "non-existent",
        "without",
    ];
    let edited = clause
        .split_whitespace()
        .rev()
        .take(3)
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphabetic()))
        .take_while(|w| !READ.contains(w))
        .any(|w| EDIT.contains(&w));
    let absent = clause
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphabetic() && c != '-'))
        .rfind(|w| !w.is_empty())
        .is_some_and(|w| ABSENT.contains(&w));
    // The agent instruction files of a project (`./CLAUDE.md`): a skill
    // has `SKILL.md`, these are the user's.
    let instructions = is_instruction_file(&r.text);
    if made_before
        || is_secret_store(&r.text)
        || made_after
        || edited
        || absent
        || instructions
        || USERS.iter().any(|u| after.contains(u))
    {
        Some(Whose::Said)
    } else if USERS.iter().any(|u| line.contains(u)) || captions_listing(text, line_start, line_end)
    {
        Some(Whose::Line)
    } else {
        None
    }
}

/// Whether a path names a file of secrets or local settings (`.env`,
/// `config/api.env`, `credentials.json`, `secrets.yaml`, a key): the
/// user's, made on their machine; a skill never ships one.
pub fn is_secret_store(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    if [".example", ".sample", ".template", ".dist"]
        .iter()
        .any(|s| name.ends_with(s))
    {
        return false;
    }
    name == ".env"
        || name.starts_with(".env.")
        || name.ends_with(".env")
        || name.ends_with(".pem")
        || name.ends_with(".key")
        || ["credentials", "secrets", "secret", ".netrc", "token"]
            .iter()
            .any(|s| name.split('.').next() == Some(s))
}

/// Whether a path names an agent instruction file of a project
/// (`./CLAUDE.md`, `AGENTS.md`): a skill has `SKILL.md`.
pub fn is_instruction_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    ["CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "GEMINI.md"]
        .iter()
        .any(|f| f.eq_ignore_ascii_case(name))
}

/// Whether the line is the caption of a listing: a heading or a label
/// (`**File:** scripts/x.sh`) followed by a fenced code block, which holds
/// the file's text itself.
fn captions_listing(text: &str, line_start: usize, line_end: usize) -> bool {
    let line = text[line_start..line_end].trim();
    let caption = line.starts_with('#')
        || (line.starts_with("**") && line.len() < 120 && !line.contains(". "));
    caption
        && text[line_end..]
            .lines()
            .skip(1)
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| {
                let l = l.trim_start();
                l.starts_with("```") || l.starts_with("~~~")
            })
}

/// Whether the reference is an argument inside a back-ticked command or
/// statement (`bun build ./src/index.ts`, `import d from './data/d.json'`):
/// not the span's first word.
pub fn in_inline_command(source: &SourceFile, r: &Ref) -> bool {
    let text = &source.text;
    let at = r.span.offset.min(text.len());
    let std::ops::Range {
        start: line_start,
        end: line_end,
    } = line_around(text, at);
    let before = &text[line_start..at];
    if before.matches('`').count().is_multiple_of(2) {
        return false;
    }
    let open = before.rfind('`').map_or(0, |i| i + 1);
    let close = text[at..line_end].find('`').map_or(line_end, |i| at + i);
    let lead = &text[line_start + open..at];
    let span = &text[line_start + open..close];
    !lead.trim().is_empty() && span.trim().contains(char::is_whitespace)
}

/// Whether the frontmatter of a skill (its name and description) says that
/// the skill teaches how to write skills, plugins, hooks, commands,
/// subagents or agent instruction files ("create a skill", "improve
/// CLAUDE.md", `plugin-structure`): such a guide names the paths of the
/// reader's skill (`references/api-reference.md`, `./hooks/hooks.json`),
/// not its own.
pub fn is_authoring_guide(frontmatter: &str) -> bool {
    const VERBS: &[&str] = &[
        "create",
        "creates",
        "creating",
        "write",
        "writes",
        "writing",
        "author",
        "authoring",
        "build",
        "builds",
        "building",
        "develop",
        "develops",
        "developing",
        "design",
        "designing",
        "scaffold",
        "scaffolds",
        "scaffolding",
        "improve",
        "improves",
        "improving",
        "package",
        "packaging",
        "edit",
        "editing",
        "update",
        "updates",
        "updating",
        "validate",
        "validating",
        "optimize",
        "optimizes",
        "optimizing",
        "refactor",
        "refactoring",
        "make",
        "making",
        "generate",
        "generates",
        "generating",
        "convert",
        "converts",
        "converting",
        "configure",
        "configuring",
        "structure",
        "structuring",
        "audit",
        "auditing",
        "review",
        "reviewing",
        "evaluate",
        "evaluating",
    ];
    // Verbs that also make a noun before the object ("review subagents",
    // "audit skill"): they count only with a word between.
    const NOUNLIKE: &[&str] = &["audit", "review", "design", "package", "structure"];
    const FILLERS: &[&str] = &[
        "a",
        "an",
        "new",
        "the",
        "claude",
        "code",
        "agent",
        "effective",
        "existing",
        "your",
        "and",
        "or",
        "custom",
        "own",
        "codex",
        "other",
        "any",
        "their",
        "its",
        "reusable",
    ];
    const OBJECTS: &[&str] = &[
        "skill",
        "skills",
        "plugin",
        "plugins",
        "hook",
        "hooks",
        "subagent",
        "subagents",
        "command",
        "commands",
        "claude.md",
        "agents.md",
        "skill.md",
        "marketplace",
    ];
    const ASPECTS: &[&str] = &[
        "creation",
        "creator",
        "development",
        "authoring",
        "structure",
        "settings",
        "writing",
    ];
    let lower = frontmatter
        .chars()
        .take(4096)
        .collect::<String>()
        .to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        let fillers = words[i + 1..]
            .iter()
            .take(3)
            .take_while(|x| FILLERS.contains(x))
            .count();
        let object = words
            .get(i + 1 + fillers)
            .is_some_and(|o| OBJECTS.contains(o));
        let by_verb = VERBS.contains(w)
            && object
            && (fillers > 0 || !NOUNLIKE.contains(w))
            // "this skill": the skill itself.
            && !(fillers == 0 && words.get(i + 1) == Some(&"skill"));
        let by_aspect = OBJECTS.contains(w)
            && words.get(i + 1).is_some_and(|a| ASPECTS.contains(a))
            && (i == 0 || !["this", "the"].contains(&words[i - 1]));
        by_verb || by_aspect
    })
}

/// Whether the clause before a reference tells the agent to read, load or
/// run it ("See references/workflows.md", "run `scripts/x.py`").
pub fn directed(source: &SourceFile, r: &Ref) -> bool {
    let text = &source.text;
    let at = r.span.offset.min(text.len());
    let before = &text[line_around(text, at).start..at];
    // An imperative inside a quotation ("Link from SKILL.md: 'See
    // references/topic.md for…'") is the quoted text's, shown to the
    // reader; `Run "scripts/x.py"` quotes only the path.
    let imperative = |clause: &str| {
        clause.split_whitespace().rev().take(5).any(|w| {
            let w = w
                .trim_matches(|c: char| !c.is_ascii_alphabetic())
                .to_ascii_lowercase();
            READ.contains(&w.as_str())
        })
    };
    // Only the sentence's reach before the reference is read, so a line of
    // many references costs each of them the same.
    let mut near = before.len().saturating_sub(240);
    while !before.is_char_boundary(near) {
        near += 1;
    }
    let near = &before[near..];
    if quotation_start(near).is_some_and(|q| imperative(&near[q..])) {
        return false;
    }
    let clause = before
        .rfind(['.', ';', '|', ':', '(', ','])
        .map_or(before, |i| &before[i + 1..])
        .to_ascii_lowercase();
    // The imperative itself: "references" and "readme" are no verbs.
    clause.split_whitespace().rev().take(5).any(|w| {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphabetic());
        READ.contains(&w)
    })
}

/// Where the quotation that the end of `before` (a line up to a reference)
/// is in starts, if it is in one: after an odd number of `"`, a `“` not
/// closed by `”`, or a `'` that opens a quoted sentence (after a space or
/// `:`, before a capital) and is not closed. An apostrophe (`the skill's`)
/// opens nothing.
fn quotation_start(before: &str) -> Option<usize> {
    if before.matches('"').count() % 2 == 1 {
        return before.rfind('"').map(|i| i + 1);
    }
    if let Some(i) = before.rfind('“').filter(|&i| !before[i..].contains('”')) {
        return Some(i + '“'.len_utf8());
    }
    let b = before.as_bytes();
    let opens = (0..b.len()).rev().find(|&i| {
        b[i] == b'\''
            && (i == 0 || matches!(b[i - 1], b' ' | b'\t' | b':' | b'('))
            && b.get(i + 1).is_some_and(u8::is_ascii_uppercase)
    });
    opens
        .filter(|&i| {
            !b[i + 1..]
                .iter()
                .enumerate()
                .any(|(k, &c)| c == b'\'' && !b.get(i + 2 + k).is_some_and(u8::is_ascii_alphabetic))
        })
        .map(|i| i + 1)
}

/// Whether a path's file name stands for any name (`references/xxx.md`,
/// `scripts/script_name.py`, `foo.md`, `scripts/SCRIPT.py`), or the path
/// for any path (`path/to/file.md`): a shape to copy, not a file.
pub fn is_placeholder_name(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    // A fill-in in the file's name (`task.{id}.bug.{number}.md`,
    // `report-{date}.md`): a template's name, one file per value.
    let fill_in = name.split('{').skip(1).any(|part| {
        part.split_once('}').is_some_and(|(inner, _)| {
            !inner.is_empty()
                && inner
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        })
    });
    // The usual stand-in for any path (`path/to/file.md`).
    let stand_in = path
        .to_ascii_lowercase()
        .split('/')
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w == ["path", "to"]);
    // A template's expression (`{url_for(name)}`).
    fill_in
        || stand_in
        || (path.starts_with('{') && path.ends_with('}'))
        || (stem.len() >= 2 && stem.bytes().all(|b| b == b'x'))
        || [
            "foo",
            "bar",
            "baz",
            "script_name",
            "script-name",
            "file_name",
            "file-name",
            "filename",
            "your_script",
            "your-script",
            "your_file",
            "your-file",
        ]
        .contains(&stem.as_str())
        || (!name.contains('.') && ["link", "url"].contains(&stem.as_str()))
        // What the path is, in capitals (`scripts/SCRIPT.py`,
        // `references/FILE.md`): a pattern's slot, not a file.
        || ["SCRIPT", "FILE", "FILENAME", "NAME", "PATH", "MODULE"]
            .contains(&name.split('.').next().unwrap_or(name))
}

/// Whether the last segment of `path` has a file extension (`x.md`, not `v1.2`).
pub fn has_extension(path: &str) -> bool {
    // Byte scans: this runs for every prose word, most of them short.
    let bytes = path.as_bytes();
    let last = match bytes.iter().rposition(|&b| b == b'/') {
        Some(i) => &path[i + 1..],
        None => path,
    };
    let dot = last.as_bytes().iter().rposition(|&b| b == b'.');
    match dot.map(|i| (&last[..i], &last[i + 1..])) {
        Some((stem, ext)) => {
            !stem.is_empty()
                && !ext.is_empty()
                && ext.len() <= 10
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

/// The folder a placeholder at the start of a path stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Root {
    /// `{baseDir}`, `${CLAUDE_SKILL_DIR}`, `$SKILL_DIR`, `{skill_dir}`, …
    Skill,
    /// `${CLAUDE_PLUGIN_ROOT}`, `$PLUGIN_ROOT`, …
    Plugin,
    /// Any other variable (`$OUTPUT_DIR`, `{lang}`).
    Other,
}

/// A path that starts at a placeholder (`{baseDir}/x`, `{{baseDir}}/x`,
/// `${DIR}/x`, `$DIR/x`): what it stands for, and the path after it.
pub fn placeholder(text: &str) -> Option<(Root, &str)> {
    let (head, rest) = text.split_once('/')?;
    let dollar = head.strip_prefix('$');
    let bare = dollar.unwrap_or(head);
    let name = if let Some(n) = bare.strip_prefix("{{").and_then(|n| n.strip_suffix("}}")) {
        n
    } else if let Some(n) = bare.strip_prefix('{').and_then(|n| n.strip_suffix('}')) {
        n
    } else if dollar.is_some() {
        bare
    } else {
        return None;
    };
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return None;
    }
    let key: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let root = match key.as_str() {
        "basedir" | "skilldir" | "skillroot" | "skillpath" | "skillbasedir" | "skillfolder"
        | "claudeskilldir" | "codexskilldir" => Root::Skill,
        "pluginroot" | "plugindir" | "pluginpath" | "claudepluginroot" | "codexpluginroot" => {
            Root::Plugin
        }
        _ => Root::Other,
    };
    Some((root, rest))
}

pub fn is_glob(text: &str) -> bool {
    text.contains('*') || (text.contains('{') && text.contains('}'))
}

/// A pattern's `<name>` segments as `*` (`references/<lane>/*.md`).
pub fn angle_segments_as_stars(text: &str) -> String {
    text.split('/')
        .map(|seg| {
            if seg.starts_with('<') && seg.ends_with('>') {
                "*"
            } else {
                seg
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A glob's regex: `*` within a segment, `**` across, `{x}` one segment part.
pub fn glob_regex(text: &str) -> Option<Regex> {
    let mut re = String::from("^");
    let mut chars = text.trim_start_matches("./").chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                re.push_str(".*");
            }
            '*' => re.push_str("[^/]*"),
            '{' => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
                re.push_str("[^/]+");
            }
            c => re.push_str(&regex::escape(&c.to_string())),
        }
    }
    re.push('$');
    Regex::new(&re).ok()
}

/// Whether a file is a template for the skill's output (under `templates/`,
/// or named `template`, `…_template`, `template-…`) or one example of it
/// (`readme-example-maximal.md`, `sample-report.md`): it is copied into, or
/// shows, the user's work, and the paths
/// in it are written for that place. (Other files under `assets/`, such as
/// guides the agent reads, are judged like any other.)
pub fn is_output_material(rel: &str) -> bool {
    let (dirs, name) = rel.rsplit_once('/').unwrap_or(("", rel));
    let name = name.to_ascii_lowercase();
    let stem = name.split('.').next().unwrap_or(&name);
    // `template.md`, `soap_note_template.md`, `template-report.md`; not a
    // guide about templates (`widget-templates.md`). Also a page named as
    // one example of the output (`readme-example-maximal.md`,
    // `sample-report.md`), not a collection of examples (`examples.md`).
    let one_example = stem.contains(['-', '_'])
        && stem
            .split(['-', '_'])
            .any(|part| part == "example" || part == "sample");
    one_example
        || stem == "template"
        || ["_", "-"].iter().any(|sep| {
            stem.ends_with(&format!("{sep}template")) || stem.starts_with(&format!("template{sep}"))
        })
        || dirs
            .split('/')
            .any(|d| d.eq_ignore_ascii_case("templates") || d.eq_ignore_ascii_case("template"))
}

pub fn is_markdown(rel: &str) -> bool {
    rel.rsplit_once('.')
        .is_some_and(|(_, ext)| MARKDOWN_EXTS.contains(&ext.to_ascii_lowercase().as_str()))
}

/// Manifests and lock files of a skill's scripts: the package manager
/// reads them, not the agent.
const MANIFESTS: &[&str] = &[
    "pyproject.toml",
    "uv.lock",
    "poetry.lock",
    "pipfile",
    "pipfile.lock",
    "setup.py",
    "setup.cfg",
    "environment.yml",
    "environment.yaml",
    "package.json",
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lock",
    "bun.lockb",
    "deno.json",
    "deno.lock",
    "tsconfig.json",
    "cargo.toml",
    "cargo.lock",
    "go.mod",
    "go.sum",
    "gemfile",
    "gemfile.lock",
    "composer.json",
    "composer.lock",
];

/// Files that need no reference: legal files and change logs that travel
/// with any folder, READMEs (for people browsing the repository), client
/// metadata (`agents/openai.yaml`, `metadata.json`), dependency manifests
/// and lock files, hidden files, and generated caches.
pub fn is_exempt(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let upper = name.to_ascii_uppercase();
    let lower = name.to_ascii_lowercase();
    let stem = upper.split('.').next().unwrap_or(&upper);
    rel == OPENAI_YAML
        || rel == "metadata.json"
        || MANIFESTS.contains(&lower.as_str())
        || (lower.starts_with("requirements") && lower.ends_with(".txt"))
        || [
            "LICENSE",
            "LICENCE",
            "COPYING",
            "COPYRIGHT",
            "NOTICE",
            "THIRD_PARTY_NOTICES",
            "PATENTS",
            "AUTHORS",
            "CONTRIBUTORS",
            "CHANGELOG",
            "CHANGES",
            "HISTORY",
            "RELEASE_NOTES",
            "RELEASES",
            "NEWS",
            "README",
            "CLAUDE",
            "AGENTS",
            "GEMINI",
        ]
        .iter()
        .any(|l| {
            stem == *l || stem.starts_with(&format!("{l}-")) || stem.starts_with(&format!("{l}_"))
        })
        || rel
            .split('/')
            .any(|seg| seg.starts_with('.') || seg == "__pycache__")
        || name.ends_with(".pyc")
        || is_maintainers(rel)
}

/// Files for the people who keep the skill, not for its agent: tests
/// (`tests/`, `test_x.py`, `x.test.ts`), and the logos and icons a
/// gallery or marketplace shows (`logo.png`, `assets/icon.svg`).
fn is_maintainers(rel: &str) -> bool {
    let lower = rel.to_ascii_lowercase();
    let (dirs, name) = lower.rsplit_once('/').unwrap_or(("", &lower));
    let stem = name.split('.').next().unwrap_or(name);
    let image = [".png", ".svg", ".jpg", ".jpeg", ".webp", ".ico", ".gif"]
        .iter()
        .any(|e| name.ends_with(e));
    dirs.split('/').any(|d| {
        matches!(
            d,
            "tests" | "test" | "__tests__" | "spec" | "evals" | "evaluations"
        )
    }) || stem.starts_with("test_")
        || stem.ends_with("_test")
        || name.contains(".test.")
        || name.contains(".spec.")
        || (image
            && [
                "logo",
                "icon",
                "banner",
                "screenshot",
                "preview",
                "thumbnail",
                "cover",
                "favicon",
            ]
            .iter()
            .any(|w| stem.contains(w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(normalize("", "./a/../b.md").as_deref(), Some("b.md"));
        assert_eq!(normalize("refs", "../x.md").as_deref(), Some("x.md"));
        assert_eq!(normalize("", "../x.md"), None);
        assert!(has_extension("a/b.md"));
        assert!(!has_extension("v1.2"));
        assert!(!has_extension(".bashrc"));
        assert!(is_exempt("LICENSE.txt"));
        assert!(is_exempt("LICENSE"));
        assert!(is_exempt("sub/.DS_Store"));
        assert!(!is_exempt("licenses.md"));
        assert!(is_exempt("evaluations/README.md"));
        for rel in [
            "CLAUDE.md",
            "HISTORY.md",
            "RELEASE_NOTES.md",
            "tests/test_run.py",
            "scripts/x.test.ts",
            "assets/logo.png",
            "icon-dark.svg",
        ] {
            assert!(is_exempt(rel), "{rel}");
        }
        assert!(!is_exempt("assets/diagram.png"));
        assert!(!is_exempt("scripts/testing_guide.md"));
        assert!(glob_regex("{lang}/x/*.md").unwrap().is_match("go/x/a.md"));
    }

    #[test]
    fn secret_stores_are_the_users() {
        for p in [
            "config/crypto-apis.env",
            ".env",
            ".env.local",
            "credentials.json",
            "keys/server.pem",
            "secrets.yaml",
        ] {
            assert!(is_secret_store(p), "{p}");
        }
        for p in [
            ".env.example",
            "references/env.md",
            "scripts/tokenize.py",
            "assets/secrets-guide.md",
        ] {
            assert!(!is_secret_store(p), "{p}");
        }
    }
}

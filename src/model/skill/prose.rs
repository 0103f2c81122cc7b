//! How certain a path read from prose is to be one of the skill's files.
//!
//! The reference rules report an error only where a client or a reader
//! will hit the defect: a Markdown link (or image, reference definition,
//! `href`/`src`) to a relative file that is missing, or text that sends the
//! agent to a file after a client's own placeholder (`Run
//! ${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`). A path read from prose (a
//! back-ticked or bare word, even after `Read`) is a heuristic reading and
//! at most a warning,
//! and it is no reference at all where the text says whose file it is: an
//! output the skill writes, a file of the user's project, a code sample, a
//! file of another repository or plugin, or a path quoted as what not to do.

use crate::diagnostic::Severity;
use crate::model::skill::paths::{directed, line_around};
use crate::source::SourceFile;
use crate::syntax::markdown::{fence_close, fence_open, Ref, RefKind};

/// The severity of a missing file, by how it was named: a link (or image,
/// reference definition, `href`/`src`) is followed by a client or a
/// Markdown reader as written, so a missing target is certain (an error).
/// Any reading of prose is a warning, even an imperative (`Read
/// references/x.md`): whether the path is the skill's, the user's, an
/// output's or another skill's is a reading of the sentence, and on
/// repositories nobody tuned on that reading was wrong too often to fail a
/// gate on.
pub fn missing_severity(r: &Ref) -> Severity {
    if r.kind == RefKind::Link {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// The severity of a path out of the skill to nothing: [`missing_severity`]
/// for a file with an extension; a warning without one, which is as likely
/// a page of the site the text is published on (`[PR #205](../../pull/205)`
/// on a code host) as a file.
pub fn escape_severity(r: &Ref) -> Severity {
    if crate::model::skill::paths::has_extension(&r.text) {
        missing_severity(r)
    } else {
        Severity::Warning
    }
}

/// The severity of a missing file whose path is certainly the skill's: named
/// after a client's own placeholder (`${CLAUDE_SKILL_DIR}/x`,
/// `${CLAUDE_PLUGIN_ROOT}/x`, `{baseDir}/x`), which the client expands to
/// the skill's or the plugin's folder, or misnamed in a folder of the other
/// number (`reference/x.md` where the skill has `references/x.md`). Text
/// that sends the agent to it (`Run ${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`)
/// meets the missing file for certain.
pub fn own_path_severity(source: &SourceFile, r: &Ref) -> Severity {
    if r.kind == RefKind::Link
        || (directed(source, r) && !conditional(source, r) && !quoted_as_wrong(source, r))
    {
        Severity::Error
    } else {
        Severity::Warning
    }
}

/// Whether the line makes the file optional ("Load `x.md` if available",
/// "(optional)"): the text itself allows it to be absent.
pub fn conditional(source: &SourceFile, r: &Ref) -> bool {
    const IF: &[&str] = &[
        "if available",
        "if present",
        "if it exists",
        "if exists",
        "if one exists",
        "if any",
        "when available",
        "when present",
        "where available",
        "optional",
        "if provided",
        "if found",
    ];
    let (line, _, col) = lines_around(&source.text, r.span.offset);
    // The words around the path, not the path (`optional-features.md`).
    let end = (col + r.span.length).min(line.len());
    let col = col.min(end);
    let line = format!("{} {}", &line[..col], &line[end..]).to_ascii_lowercase();
    IF.iter().any(|w| line.contains(w))
}

/// Whether a path in code is an argument of a command on its line: the
/// program itself (`{baseDir}/scan.sh`), or after a program that runs or
/// reads a file (`python3 {baseDir}/x.py`, `Bash({baseDir}/x.sh)`,
/// `cat`, `source`), possibly after `$ `, `cd … &&` or `VAR=value`.
pub fn in_command(source: &SourceFile, r: &Ref) -> bool {
    const PROGRAMS: &[&str] = &[
        "python",
        "python3",
        "py",
        "uv",
        "uvx",
        "pipx",
        "node",
        "npx",
        "bun",
        "bunx",
        "deno",
        "tsx",
        "ts-node",
        "bash",
        "sh",
        "zsh",
        "fish",
        "source",
        ".",
        "cat",
        "less",
        "head",
        "tail",
        "ruby",
        "perl",
        "php",
        "rscript",
        "pwsh",
        "powershell",
        "go",
        "java",
        "jq",
        "osascript",
        "exec",
        "sudo",
        "time",
        "nohup",
        "env",
        "chmod",
        "run",
        "read",
        "open",
        "swift",
        "kotlin",
        "dotnet",
        "lua",
        "julia",
    ];
    let text = &source.text;
    let at = r.span.offset.min(text.len());
    let before = &text[line_around(text, at).start..at];
    // A comment naming a file (`# {baseDir}/terraform/main.tf` over a
    // listing) is a caption, not a command.
    let lead = before.trim_start();
    if lead.starts_with('#') || lead.starts_with("//") || lead.starts_with("--") {
        return false;
    }
    // The command the path is part of: after the last separator.
    let segment = ["&&", "||", ";", "|", "$(", "`", "Bash(", "Read("]
        .iter()
        .filter_map(|sep| before.rfind(sep).map(|i| i + sep.len()))
        .max()
        .map_or(before, |i| &before[i..]);
    let segment = segment
        .trim_start()
        .trim_start_matches(['$', '>', '!', '#']);
    let mut words = segment
        .split_whitespace()
        .skip_while(|w| w.contains('=') && !w.starts_with('-'));
    match words.next() {
        // The path is the program, or what `Bash(` runs.
        None => true,
        Some(first) => {
            let first = first
                .rsplit('/')
                .next()
                .unwrap_or(first)
                .to_ascii_lowercase();
            PROGRAMS.contains(&first.as_str())
        }
    }
}

/// The line holding `at`, and the line before it.
pub fn lines_around(text: &str, at: usize) -> (&str, &str, usize) {
    let at = at.min(text.len());
    let line = line_around(text, at);
    // The line before, when the reach found this line's start (a line
    // longer than the reach has none in sight).
    let prev = match line.start {
        start if start > 0 && text.as_bytes()[start - 1] == b'\n' => {
            &text[line_around(text, start - 1)]
        }
        _ => "",
    };
    (&text[line.clone()], prev, at - line.start)
}

/// Whether the line has the agent copy the file it names into the user's
/// work ("Copy from `assets/SCHEMA.md`", "copy `assets/report.md` to
/// …"): a template, whose paths are written for where the copy goes.
pub fn copies(source: &SourceFile, r: &Ref) -> bool {
    let (line, _, col) = lines_around(&source.text, r.span.offset);
    line[..col.min(line.len())]
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| {
            ["copy", "copies", "copied", "scaffold"].contains(&w.to_ascii_lowercase().as_str())
        })
}

/// Whether the text says a path read from prose is not one of the skill's
/// files: an output the skill writes ("Store the report at
/// `./run/data/report.json`"), a file of the user's project ("your
/// `./build.sh`"), a code sample (`using './main.bicep'`), a file of
/// another plugin or repository ("the `zai` plugin's `scripts/x.sh`", on
/// the line or the one before), or what not to do ("Don't write
/// `../x.md`").
pub fn not_the_skills(source: &SourceFile, r: &Ref) -> bool {
    if r.kind == RefKind::Link {
        return false;
    }
    let (line, prev, col) = lines_around(&source.text, r.span.offset);
    let lower = line.to_ascii_lowercase();
    let before = &lower[..col.min(lower.len())];
    let prev = prev.to_ascii_lowercase();
    // What not to do ("Do NOT use `./pic.png`", "never execute …") and
    // another project's file are no direction to the skill's, whatever
    // the verb.
    if forbidden(before) || others(&lower, &prev) {
        return true;
    }
    // A reading verb after a making one still sends the agent to it
    // ("Save time: see `scripts/export.py`").
    if directed(source, r) {
        return false;
    }
    quoted_in_code(line, col) || output(before) || users(&lower)
}

/// A path in quotes inside a back-ticked statement: a code sample's string
/// (`using './main.bicep'`, `& './login.ps1'`).
fn quoted_in_code(line: &str, col: usize) -> bool {
    let col = col.min(line.len());
    let before = &line[..col];
    if before.matches('`').count().is_multiple_of(2) {
        return false;
    }
    before.ends_with('\'') || before.ends_with('"')
}

/// The clause before the path makes it something the skill writes.
fn output(before: &str) -> bool {
    const OUT: &[&str] = &[
        "store ",
        "stored ",
        "save ",
        "saved ",
        "saves ",
        "write ",
        "writes ",
        "written ",
        "output ",
        "outputs ",
        "output:",
        "generates ",
        "produces ",
        "creates ",
        "export ",
        "exports ",
        "results in",
        "report at",
        "persist",
        "download ",
        "downloads ",
    ];
    let clause = before.rsplit(['.', ';', '|']).next().unwrap_or(before);
    OUT.iter().any(|w| clause.contains(w))
}

/// The line says the file is the user's project's.
fn users(line: &str) -> bool {
    const USERS: &[&str] = &[
        "your ",
        "user's ",
        "the user ",
        "project's ",
        "in the project",
        "working directory",
        "current directory",
        "repository root",
        "repo root",
        "the target repo",
    ];
    USERS.iter().any(|w| line.contains(w))
}

/// The line says the file is another plugin's or another repository's
/// ("the `zai` plugin's", "in the upstream repo", "for git checkouts, run
/// `./autogen.sh`"), or the line before ends naming one.
fn others(line: &str, prev: &str) -> bool {
    const OTHERS: &[&str] = &[
        "upstream",
        "other repo",
        "another repo",
        "another plugin",
        "other plugin",
        "git checkout",
        "checkouts",
        "tarball",
        "source tree",
    ];
    OTHERS.iter().any(|w| line.contains(w))
        || others_possessive(line)
        || (prev.trim_end().ends_with(':') && others_possessive(prev))
        || others_possessive_end(prev)
}

/// "the `zai` plugin's", "llm-wiki skill's", "the upstream repo's": a
/// possessive naming another plugin, skill or repository (not "the
/// plugin's", which is the skill's own plugin).
fn others_possessive(text: &str) -> bool {
    let text = text.replace('’', "'");
    ["plugin's ", "skill's ", "repo's ", "repository's "]
        .iter()
        .any(|p| {
            text.match_indices(p).any(|(i, _)| {
                let word = text[..i]
                    .trim_end()
                    .rsplit(' ')
                    .next()
                    .unwrap_or("")
                    .trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_');
                !word.is_empty()
                    && ![
                        "the", "this", "our", "its", "a", "each", "every", "your", "same",
                    ]
                    .contains(&word)
            })
        })
}

/// The line ends with such a possessive, so the path on the next line is
/// the other one's.
fn others_possessive_end(prev: &str) -> bool {
    let t = prev.trim_end();
    others_possessive(&format!("{t} "))
        && [
            "plugin's",
            "skill's",
            "repo's",
            "repository's",
            "plugin’s",
            "skill’s",
        ]
        .iter()
        .any(|e| t.ends_with(e))
}

/// Whether the text before a reference on its line quotes it as what not
/// to do (`- Bad: "See [x](./src/x.ts)"`, "❌ [guide](../guide.md)"): an
/// example of a wrong form, often of the user's files, and not certain to
/// be the skill's.
///
/// So is one the text sets against another form after it (`Use
/// `${CLAUDE_PLUGIN_ROOT}/server.js` not absolute paths`, "`./run.sh`
/// instead of …"): a form to write paths in, shown by a sample.
pub fn quoted_as_wrong(source: &SourceFile, r: &Ref) -> bool {
    let (line, _, col) = lines_around(&source.text, r.span.offset);
    let lower = line.to_ascii_lowercase();
    let end = (col + r.span.length).min(lower.len());
    let after = lower[end..].trim_start_matches(['`', '"', '\'', ')', ']', '*', ' ']);
    // The other form is a kind of path (`not absolute paths`, "instead
    // of hard-coded ones"), not another file to read.
    let form = |rest: &str| {
        rest.split_whitespace().take(3).any(|w| {
            ["path", "absolute", "hardcoded", "hard-coded", "relative"]
                .iter()
                .any(|k| w.starts_with(k))
        })
    };
    forbidden(&lower[..col.min(lower.len())])
        || ["not ", "instead of ", "rather than "]
            .iter()
            .any(|w| after.strip_prefix(w).is_some_and(form))
}

/// The path is quoted as what not to do.
fn forbidden(before: &str) -> bool {
    const NOT: &[&str] = &[
        "don't",
        "don’t",
        "do not",
        "never ",
        "avoid",
        "instead of",
        "rather than",
        "❌",
        "wrong:",
        "bad:",
        "not like",
    ];
    // "Don't forget to read `x.md`" sends the agent to it.
    const YET: &[&str] = &["forget", "skip", "miss", "hesitate"];
    let clause = before.rsplit(['.', ';', '|']).next().unwrap_or(before);
    NOT.iter().any(|w| {
        clause.match_indices(w).any(|(i, _)| {
            let after = clause[i + w.len()..].trim_start();
            !YET.iter().any(|y| after.starts_with(y))
        })
    })
}

/// The file names that a page prints whole: a fenced block whose first
/// line (after a `#!` line) is a comment naming it (`# collect-evidence.sh`
/// followed by what it does, `// deploy.js`), or whose info string names it
/// (`title="deploy.sh"`). A later "run `./collect-evidence.sh`" runs the
/// reader's saved copy, not a file of the skill.
pub fn printed_files(text: &str) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some((c, n)) = fence_open(line) else {
            continue;
        };
        let info = &line.trim_start()[n * c.len_utf8()..];
        if let Some(name) = info.split(['"', '\'', ' ', '=']).find(|w| is_file_name(w)) {
            if info.contains("title") || info.contains("file") {
                out.insert(name.to_string());
            }
        }
        // The block's lines, up to and with its closing fence (an
        // unclosed fence runs to the end, as CommonMark reads it).
        let mut body = lines.by_ref().take_while(|l| !fence_close(l, c, n));
        // Its first line, after a `#!` line.
        for inner in body.by_ref().take(2) {
            let i = inner.trim();
            if i.starts_with("#!") {
                continue;
            }
            let comment = ["#", "//", "--", ";", "/*", "<!--"]
                .into_iter()
                .find(|c| i.starts_with(*c));
            if let Some(c) = comment {
                let first = i[c.len()..].split_whitespace().next().unwrap_or("");
                let first = first.trim_end_matches([':', ',', '*', '/']);
                if is_file_name(first) {
                    out.insert(first.to_string());
                }
            }
            break;
        }
        body.for_each(drop);
    }
    out
}

/// A bare file name with an extension of letters (`collect-evidence.sh`).
fn is_file_name(word: &str) -> bool {
    let Some((stem, ext)) = word.rsplit_once('.') else {
        return false;
    };
    !stem.is_empty()
        && !word.contains('/')
        && (1..=5).contains(&ext.len())
        && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        && ext.bytes().any(|b| b.is_ascii_alphabetic())
        && stem
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Whether a referenced file is a copy of another site's or repository's
/// document (its first lines cite where it came from: `> Source:
/// https://…`, "Adapted from …", a frontmatter's `source_url:` or
/// `canonical_url:`, the page's address on the site it was saved from; or it is a
/// whole web page saved as it was served, `<!DOCTYPE html>` or `<html>`
/// first, such as a javadoc page, or converted from it, its first heading
/// keeping the site's permalink mark, `# Tutorials¶`): its relative links
/// and the files its text names are the original's.
pub fn is_copied_document(text: &str) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .chars()
        .take(14)
        .collect::<String>()
        .to_ascii_lowercase();
    if first.starts_with("<!doctype html") || first.starts_with("<html") {
        return true;
    }
    let heading = text.lines().take(12).find(|l| l.starts_with('#'));
    if heading.is_some_and(|h| h.trim_end().ends_with('¶') || h.contains("[¶](#")) {
        return true;
    }
    text.lines().take(12).any(|l| {
        let l = l
            .trim_start_matches(['>', ' ', '*', '_', '#', '-'])
            .to_ascii_lowercase();
        let cites = [
            "source:",
            "original:",
            "originally from",
            "adapted from",
            "copied from",
            "mirrored from",
            "from:",
            "fetched from",
            "url:",
            "source_url:",
            "source-url:",
            "original_url:",
            "upstream_url:",
            "canonical_url:",
            "canonical:",
        ]
        .iter()
        .any(|w| l.starts_with(w));
        cites && (l.contains("http://") || l.contains("https://") || l.contains("]("))
    })
}

/// Whether a link destination cannot be a file: only digits and
/// separators (`[cwd](0:12)` in `SHA256[cwd](0:12)`), or a colon before
/// any `/` that is no URL scheme.
pub fn not_a_path(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() {
        return true;
    }
    if t.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ':' | '.' | ',' | '-' | ' ' | '+'))
    {
        return true;
    }
    match t.find(':') {
        Some(i) => {
            !t[..i].contains('/') && !t[..i].contains('.')
                || t[..i].chars().any(char::is_whitespace)
        }
        None => false,
    }
}

/// The placeholders a client itself replaces with the skill's or the
/// plugin's folder: Claude Code's `{baseDir}`, `${CLAUDE_SKILL_DIR}` and
/// `${CLAUDE_PLUGIN_ROOT}`, Codex's. Others (`{skill_path}`, `$SKILL_DIR`)
/// are conventions an agent has to read.
pub fn is_client_placeholder(text: &str) -> bool {
    let head = text.split('/').next().unwrap_or(text);
    let key: String = head
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    matches!(
        key.as_str(),
        "basedir" | "claudeskilldir" | "codexskilldir" | "claudepluginroot" | "codexpluginroot"
    ) && !head.starts_with('$')
        || (head.starts_with("${")
            && matches!(
                key.as_str(),
                "claudeskilldir" | "codexskilldir" | "claudepluginroot" | "codexpluginroot"
            ))
        || (head.starts_with('$') && matches!(key.as_str(), "claudeskilldir" | "claudepluginroot"))
}

/// Whether the text sets the variable a path starts with (`SKILL_DIR=`,
/// `export SKILL_DIR=`, `$env:SKILL_DIR =`).
pub fn assigns_variable(text: &str, path: &str) -> bool {
    let head = path.split('/').next().unwrap_or(path);
    let name = head.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_');
    if name.is_empty() {
        return false;
    }
    text.match_indices(name).any(|(i, _)| {
        let after = text[i + name.len()..].trim_start_matches(' ');
        let before_ok = i == 0
            || !text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '{' || c == '$');
        before_ok && after.starts_with('=') && !after.starts_with("==")
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::source::Span;

    /// A source of `text` and a reference of `kind` at `needle` in it.
    pub(crate) fn at(text: &str, needle: &str, kind: RefKind) -> (SourceFile, Ref) {
        let offset = text.find(needle).unwrap();
        let source = SourceFile::new("SKILL.md", text);
        let r = Ref {
            span: Span {
                offset,
                length: needle.len(),
            },
            text: needle.trim_start_matches("./").to_string(),
            kind,
        };
        (source, r)
    }

    #[test]
    fn links_are_errors_prose_warnings_and_own_paths_sent_to_errors() {
        let (_, r) = at("See [x](refs/a.md).\n", "refs/a.md", RefKind::Link);
        assert_eq!(missing_severity(&r), Severity::Error);
        let (s, r) = at("Read `refs/a.md` first.\n", "refs/a.md", RefKind::Prose);
        assert_eq!(missing_severity(&r), Severity::Warning);
        assert_eq!(own_path_severity(&s, &r), Severity::Error);
        let (_, r) = at("Complete list: `refs/a.md`\n", "refs/a.md", RefKind::Prose);
        assert_eq!(missing_severity(&r), Severity::Warning);
        // A form to write paths in, set against another form: a sample.
        for text in [
            "**MCP Servers**: Use `${CLAUDE_PLUGIN_ROOT}/server.js` not absolute paths.\n",
            "Use `${CLAUDE_PLUGIN_ROOT}/server.js` instead of hard-coded ones.\n",
        ] {
            let (s, r) = at(text, "${CLAUDE_PLUGIN_ROOT}/server.js", RefKind::Prose);
            assert_eq!(own_path_severity(&s, &r), Severity::Warning, "{text}");
        }
        // Another file after `not` is no form: the agent is sent to this one.
        let (s, r) = at(
            "Run `${CLAUDE_PLUGIN_ROOT}/a.sh`, not `b.sh`.\n",
            "${CLAUDE_PLUGIN_ROOT}/a.sh",
            RefKind::Prose,
        );
        assert_eq!(own_path_severity(&s, &r), Severity::Error);
    }

    #[test]
    fn outputs_users_samples_others_and_donts_are_not_the_skills() {
        for (text, needle) in [
            (
                "Store the report at `./run/data/report.json`.\n",
                "./run/data/report.json",
            ),
            ("Then your `./build.sh` builds the app.\n", "./build.sh"),
            ("Deploy with `using './main.bicep'`.\n", "./main.bicep"),
            (
                "Uses the `zai` plugin's\n`scripts/setup.sh` helper.\n",
                "scripts/setup.sh",
            ),
            (
                "the template is the llm-wiki skill's `references/page-formats.md`\n",
                "references/page-formats.md",
            ),
            ("Don't link `../shared/x.md` from here.\n", "../shared/x.md"),
        ] {
            let (s, r) = at(text, needle, RefKind::Prose);
            assert!(not_the_skills(&s, &r), "{text}");
        }
        for (text, needle) in [
            ("Read `references/api.md`.\n", "references/api.md"),
            (
                "Load the plugin's `references/api.md`.\n",
                "references/api.md",
            ),
        ] {
            let (s, r) = at(text, needle, RefKind::Prose);
            assert!(!not_the_skills(&s, &r), "{text}");
        }
        // A link is the author's own pointer, whatever the line says.
        let (s, r) = at("Save [it](out/x.md).\n", "out/x.md", RefKind::Link);
        assert!(!not_the_skills(&s, &r));
    }

    #[test]
    fn placeholders() {
        assert!(is_client_placeholder("{baseDir}/scripts/x.py"));
        assert!(is_client_placeholder("${CLAUDE_SKILL_DIR}/x.md"));
        assert!(!is_client_placeholder("{skill_path}/scripts/x.py"));
        assert!(!is_client_placeholder("$SKILL_DIR/x.py"));
        let text = "SKILL_DIR=\"$HOME/.claude/skills/x/scripts\"\n\n`$SKILL_DIR/run.sh`\n";
        assert!(assigns_variable(text, "$SKILL_DIR/run.sh"));
        assert!(!assigns_variable(
            "Run `$SKILL_DIR/run.sh`.\n",
            "$SKILL_DIR/run.sh"
        ));
    }

    #[test]
    fn copies_and_non_paths() {
        assert!(is_copied_document(
            "# Art of README\n\n> Source: [a/b](https://github.com/a/b)\n"
        ));
        assert!(!is_copied_document("# Guide\n\nSee [x](x.md).\n"));
        // A web page saved as served (a javadoc page kept as `.md`).
        assert!(is_copied_document(
            "<!DOCTYPE HTML>\n<html lang=\"en\">\n<a href=\"package-summary.html\">x</a>\n"
        ));
        assert!(is_copied_document(
            "\n  <html>\n<body><a href=\"a.html\">a</a>"
        ));
        // A script printed whole is the reader's to save.
        let printed = printed_files(
            "```bash\n#!/bin/bash\n# collect-evidence.sh - Keep logs\nx\n```\n\
             ```\n```\n```js title=\"deploy.js\"\nrun()\n```\n```py\nprint(1)  # not.py here\n```\n",
        );
        let mut printed: Vec<_> = printed.into_iter().collect();
        printed.sort();
        assert_eq!(printed, vec!["collect-evidence.sh", "deploy.js"]);
        // Fences are read as the Markdown reader reads them: a four-mark
        // fence is not closed by three marks, nor by a line with an info
        // string, so the block after it is still the same one.
        let printed = printed_files(
            "````md\n```bash\n# inner.sh\n```\n````\n~~~~\n# tilde.sh\n~~~ x\n~~~~~\n",
        );
        let mut printed: Vec<_> = printed.into_iter().collect();
        printed.sort();
        assert_eq!(printed, vec!["tilde.sh"]);
        // HTML inside a page is not a saved page.
        assert!(!is_copied_document(
            "# Page\n\n<html> is the root element.\n"
        ));
        assert!(is_copied_document(
            "---\nsource_url: https://example.com/docs/cli/themes\nsource_type: llms-txt\n---\n\n# Themes\n"
        ));
        assert!(is_copied_document(
            "---\ntitle: Release notes\ncanonical_url: https://docs.example.com/pi/5.2/notes.html\n---\n\nSee [dsconfig](dsconfig.html).\n"
        ));
        // A site's page converted to Markdown keeps its permalink marks.
        assert!(is_copied_document(
            "# Tutorials¶\n\n![](../_images/overview.png)\n"
        ));
        assert!(is_copied_document(
            "# Setup[¶](#setup \"Permanent link\")\n\nx\n"
        ));
        assert!(!is_copied_document("# Marks\n\nThe ¶ sign.\n"));
        assert!(not_a_path("0:12"));
        assert!(not_a_path("1,024"));
        assert!(!not_a_path("references/a.md"));
        assert!(!not_a_path("a.md#x:y"));
    }

    #[test]
    fn commands_run_or_read_the_path() {
        for (line, path) in [
            (
                "python3 {baseDir}/scripts/x.py --in a.csv\n",
                "{baseDir}/scripts/x.py",
            ),
            ("$ cd /tmp && uv run {baseDir}/x.py\n", "{baseDir}/x.py"),
            ("{baseDir}/scan.sh --all\n", "{baseDir}/scan.sh"),
            (
                "allowed-tools: Bash({baseDir}/scan.sh:*)\n",
                "{baseDir}/scan.sh",
            ),
            ("OUT=1 bash {baseDir}/run.sh\n", "{baseDir}/run.sh"),
        ] {
            let (source, r) = at(line, path, RefKind::Code);
            assert!(in_command(&source, &r), "{line}");
        }
        for (line, path) in [
            (
                "**File**: {baseDir}/terraform/storage.tf\n",
                "{baseDir}/terraform/storage.tf",
            ),
            (
                "report: {baseDir}/reports/out.md\n",
                "{baseDir}/reports/out.md",
            ),
        ] {
            let (source, r) = at(line, path, RefKind::Code);
            assert!(!in_command(&source, &r), "{line}");
        }
    }

    #[test]
    fn optional_files_are_conditional() {
        let (source, r) = at(
            "Load `templates/brand.md` if available.\n",
            "templates/brand.md",
            RefKind::Prose,
        );
        assert!(conditional(&source, &r));
        assert_eq!(own_path_severity(&source, &r), Severity::Warning);
        let (source, r) = at(
            "Load `templates/brand.md`.\n",
            "templates/brand.md",
            RefKind::Prose,
        );
        assert!(!conditional(&source, &r));
        assert_eq!(own_path_severity(&source, &r), Severity::Error);
    }
}

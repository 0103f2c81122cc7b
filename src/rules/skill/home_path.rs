//! `skill/home-path`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::rules::skill::context::{Skill, SkillRule};
use crate::source::{SourceFile, Span};

declare_rule! {
    /// a file of the skill names a path in one person's home folder (`/Users/sam/…`, `/home/sam/…`, `C:\Users\sam\…`)
    ///
    /// ## What it does
    /// Warns, for every target, when `SKILL.md` or a text file of the skill folder (scripts, references, configuration) holds an absolute path into a named user's home folder: `/Users/NAME/`, `/home/NAME/`, or `C:\Users\NAME\` (any drive, `\`, `\\` or `/` as the separator). Each file gets one finding, at its first such path, with the count of the others.
    ///
    /// Placeholders are not reported: `<name>`, `{user}`, `$USER`, `you`, `username`, `yourname`, `me`, `name`, `user`, and the names examples use (`alice`, `john.doe`, `testuser`); nor shared folders (`/Users/Shared`, `C:\Users\Public`, `Default`, `All Users`), `~/…` or `$HOME/…`. A path a Markdown reference names is `skill/reference-escapes`'s, and is not reported twice. Every finding is a warning: the path may be an example written on purpose.
    ///
    /// Severity: always a warning; a path in prose may be an example, and no client refuses the skill for it.
    ///
    /// ## Why
    /// A skill is installed into other people's machines and containers. A path into the author's home folder exists only on the author's machine: a script that runs `/Users/sam/skills/pdf/fill.py` fails for everyone else.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// python3 /Users/sam/.claude/skills/pdf/scripts/fill.py form.pdf
    /// ```
    /// Good:
    /// ```text
    /// python3 scripts/fill.py form.pdf
    /// ```
    ///
    /// ## Fix
    /// Name the file relative to the skill folder (`scripts/fill.py`, or `${CLAUDE_SKILL_DIR}/scripts/fill.py` in Claude Code), or from the user's own home (`~/…`, `$HOME/…`) when it is the user's file.
    pub static RULE = "skill/home-path", Warning;
}

/// The rule's check: runs on each `SKILL.md` and the folder's text files.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        // What `skill/reference-escapes` (which runs first) reported: an
        // absolute reference, by file.
        let escapes = cx.references.escaped.borrow();
        let sources = std::iter::once(cx.source).chain(cx.folder.texts.values());
        for source in sources {
            let reported = |span: Span| {
                escapes.iter().any(|(path, e)| {
                    *path == source.path
                        && e.offset < span.offset + span.length
                        && span.offset < e.offset + e.length
                })
            };
            let found: Vec<Span> = home_paths(&source.text)
                .into_iter()
                .filter(|s| !reported(*s))
                .collect();
            if let Some(d) = finding(source, &found) {
                out.push(d);
            }
        }
    }
}

/// One finding for a file: at its first home path, with the count of the rest.
fn finding(source: &SourceFile, found: &[Span]) -> Option<Diagnostic> {
    let first = *found.first()?;
    let shown = source.slice(first);
    let more = match found.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more in this file)".to_string(),
        n => format!(" (and {n} more in this file)"),
    };
    Some(
        Diagnostic::new(
            &RULE,
            source.path.clone(),
            format!("`{shown}` is a path in one person's home folder{more}"),
        )
        .at(first)
        .label("exists only on the author's machine")
        .help("name the file relative to the skill folder (`scripts/run.py`; `${CLAUDE_SKILL_DIR}/scripts/run.py` in Claude Code), or from the user's own home (`~/…`, `$HOME/…`): the skill runs on other people's machines, where this folder does not exist"),
    )
}

/// Names that stand for "your name" in examples, compared in lower case.
const PLACEHOLDERS: &[&str] = &[
    "you",
    "your",
    "yourname",
    "your-name",
    "your_name",
    "username",
    "user-name",
    "user_name",
    "user",
    "me",
    "name",
    "someone",
    "example",
    "foo",
    "xxx",
    // The names examples are written for.
    "alice",
    "bob",
    "carol",
    "dave",
    "eve",
    "john",
    "jane",
    "johndoe",
    "john.doe",
    "john_doe",
    "jane.doe",
    "janedoe",
    "jdoe",
    "test",
    "testuser",
    "demo",
];

/// Folders under `/Users` or `C:\Users` that are no one's home.
const SHARED: &[&str] = &["shared", "public", "default", "default user", "all users"];

/// The spans of the home-folder paths in `text`: from the root (`/` or the
/// drive) through the user's name.
pub fn home_paths(text: &str) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(end) = home_path_at(bytes, i) {
            out.push(Span::new(i, end - i));
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// The end of a home-folder path that starts at `i`, if one does.
fn home_path_at(b: &[u8], i: usize) -> Option<usize> {
    // A path starts a word: not inside a longer path or a name
    // (`/var/home/x`, `docs/Users/x`, `a:/Users`).
    if i > 0 {
        let prev = b[i - 1];
        if prev.is_ascii_alphanumeric() || matches!(prev, b'/' | b'\\' | b'.' | b'_' | b'-' | b'$' | b'~') {
            return None;
        }
    }
    let rest = &b[i..];
    let (after_root, sep): (usize, &[u8]) = if rest.starts_with(b"/Users/") {
        (7, b"/")
    } else if rest.starts_with(b"/home/") {
        (6, b"/")
    } else if rest.len() > 3 && rest[0].is_ascii_alphabetic() && rest[1] == b':' {
        // `C:\Users\`, `C:\\Users\\`, `C:/Users/`.
        let sep: &[u8] = match &rest[2..] {
            [b'\\', b'\\', ..] => b"\\\\",
            [b'\\', ..] => b"\\",
            [b'/', ..] => b"/",
            _ => return None,
        };
        let users = 2 + sep.len();
        let word = rest.get(users..users + 5)?;
        if !word.eq_ignore_ascii_case(b"users") || !rest[users + 5..].starts_with(sep) {
            return None;
        }
        (users + 5 + sep.len(), sep)
    } else {
        return None;
    };
    let name_start = i + after_root;
    let name_len = b[name_start..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b' '))
        .count();
    // The name ends at a separator: a folder, not a file or a sentence's end.
    let name = std::str::from_utf8(&b[name_start..name_start + name_len]).ok()?;
    if name.is_empty() || !b[name_start + name_len..].starts_with(sep) {
        return None;
    }
    // Spaces only in Windows names (`C:\Users\Sam Lee\`).
    if name.contains(' ') && sep == b"/" && b[i] == b'/' {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    if PLACEHOLDERS.contains(&lower.as_str()) || SHARED.contains(&lower.as_str()) || lower.starts_with('.') {
        return None;
    }
    Some(name_start + name_len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    fn shown(text: &str) -> Vec<&str> {
        home_paths(text)
            .into_iter()
            .map(|s| &text[s.offset..s.offset + s.length])
            .collect()
    }

    #[test]
    fn finds_home_folders_of_named_users() {
        assert_eq!(shown("python3 /Users/sam/skills/x.py"), ["/Users/sam"]);
        assert_eq!(shown("cd /home/sam.lee/work && make"), ["/home/sam.lee"]);
        assert_eq!(shown(r"C:\Users\Sam Lee\skills\x.ps1"), [r"C:\Users\Sam Lee"]);
        assert_eq!(shown(r#"{"path": "C:\\Users\\sam\\x"}"#), [r"C:\\Users\\sam"]);
        assert_eq!(shown("d:/users/sam/x"), ["d:/users/sam"]);
        assert_eq!(shown("`/Users/sam/a` and \"/home/kim/b\""), ["/Users/sam", "/home/kim"]);
    }

    #[test]
    fn placeholders_shared_folders_and_other_paths_pass() {
        for text in [
            "/Users/<name>/x",
            "/home/{user}/x",
            "/home/$USER/x",
            "/Users/you/x",
            "/home/username/x",
            "/home/user/x",
            "/Users/alice/x",
            "/home/john.doe/x",
            "/Users/Shared/x",
            r"C:\Users\Public\x",
            r"C:\Users\Default\x",
            "~/skills/x",
            "$HOME/skills/x",
            "/var/home/sam/x",
            "docs/Users/sam/x",
            "/Users/sam",
            "/home/sam.",
            "/home/sam lee/x",
            "/homes/sam/x",
            "/home/.cache/x",
            r"C:Users\sam\x",
        ] {
            assert_eq!(shown(text), Vec::<&str>::new(), "{text}");
        }
    }

    #[test]
    fn one_finding_a_file_with_the_count_of_the_rest() {
        let md = fm(OK) + "\nOr python3 /Users/sam/a.py, /Users/sam/b.py, /home/sam/c.py\n";
        let script = "#!/bin/sh\nexec /Users/sam/bin/tool \"$@\"\n";
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", md.as_str()),
                ("skills/refund-policy/scripts/fill.py", script),
            ],
            &[],
            &RULE,
        );
        let got: Vec<(&str, &str)> = d
            .iter()
            .map(|d| (d.path.as_str(), d.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "skills/refund-policy/SKILL.md",
                    "`/Users/sam` is a path in one person's home folder (and 2 more in this file)"
                ),
                (
                    "skills/refund-policy/scripts/fill.py",
                    "`/Users/sam` is a path in one person's home folder"
                ),
            ]
        );
        assert!(d.iter().all(|d| d.severity == crate::diagnostic::Severity::Warning));
    }

    #[test]
    fn a_reference_escapes_reports_is_not_reported_twice() {
        // A Markdown link to an absolute path is `skill/reference-escapes`'s.
        let md = fm(OK) + "\nSee [the form](/Users/sam/forms/a.pdf).\n";
        let (_, d) = lint_repo(&[("skills/refund-policy/SKILL.md", md.as_str())], &[], &RULE);
        assert_eq!(d.len(), 0, "{d:?}");
        let (_, d) = lint_repo(
            &[("skills/refund-policy/SKILL.md", md.as_str())],
            &[],
            &reference_escapes::RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
    }

    #[test]
    fn message_snapshot() {
        let md = fm(OK) + "\nRun `python3 /Users/sam/.claude/skills/refund-policy/run.py`.\n";
        let (sources, d) = lint_repo(&[("skills/refund-policy/SKILL.md", md.as_str())], &[], &RULE);
        assert_eq!(d.len(), 1, "{d:?}");
        insta::assert_snapshot!(human(sources, d));
    }
}

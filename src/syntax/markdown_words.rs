//! Words that may be file names: the word scanner of prose, inline code
//! and code, and Python imports as paths. [`crate::syntax::markdown`] finds
//! the Markdown structure around them.

use crate::source::Span;
use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

/// How a file name was written, which decides how strictly it is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    /// A Markdown link or image, a reference definition, or an HTML
    /// `href`/`src`: the author linked a file, so it must exist.
    Link,
    /// A word in prose or in inline code (back-ticks). It must exist only
    /// when it is clearly a path into the skill folder (see `references.rs`).
    Prose,
    /// A word in fenced code, frontmatter or a non-Markdown file: commands
    /// and programs that run elsewhere. It never has to exist, but when it
    /// names a file of the skill, that file counts as referenced.
    Code,
    /// A prose word introduced as an example (`Example:`, `e.g.`,
    /// `for instance`, `such as` in its paragraph or list item, or in the
    /// lead-in of its list): a guide about skills showing what a path looks
    /// like. It must exist only when it exists in another letter case.
    Example,
    /// A client's placeholder path in a fenced Markdown sample (```` ```markdown ````
    /// showing another skill's text, or text the agent writes elsewhere):
    /// the sample's path, so at most a warning when it is missing.
    Sample,
    /// A back-ticked bare name (`async-parallel`): the stem of a file when
    /// the same text names the file's folder (an index of rule files).
    Name,
}

/// One candidate file name: its text (decoded, without `#fragment`) and span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ref {
    pub span: Span,
    pub text: String,
    pub kind: RefKind,
}

/// Characters of a path word: letters, digits and `._-/+`.
pub(crate) fn is_path_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '/' | '+')
}

/// Path characters plus the wildcards `*` and `{placeholder}`.
pub(crate) fn is_glob_char(c: char) -> bool {
    is_path_char(c) || matches!(c, '*' | '{' | '}')
}

/// Whether a byte below 0x80 is `char::is_whitespace`: tab, line feed,
/// vertical tab, form feed, carriage return and space.
pub(crate) fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// The end of the word of `line` that goes on at `i` (a char boundary):
/// the first whitespace char at or after `i`, or `end`.
fn word_end(line: &str, mut i: usize, end: usize) -> usize {
    let bytes = line.as_bytes();
    while i < end {
        let b = bytes[i];
        if b < 0x80 {
            if is_ascii_space(b) {
                return i;
            }
            i += 1;
        } else {
            // Non-ASCII whitespace (U+00A0, U+3000, …) is rare: decode.
            let c = line[i..].chars().next().unwrap_or('\0');
            if c.is_whitespace() {
                return i;
            }
            i += c.len_utf8();
        }
    }
    end
}

/// The start of the word of `line` that holds the char boundary `i`, not
/// before `lo`: just after the last whitespace char in `line[lo..i]`.
fn word_start(line: &str, lo: usize, mut i: usize) -> usize {
    let bytes = line.as_bytes();
    while i > lo {
        let b = bytes[i - 1];
        if b < 0x80 {
            if is_ascii_space(b) {
                return i;
            }
            i -= 1;
        } else {
            let c = line[lo..i].chars().next_back().unwrap_or('\0');
            if c.is_whitespace() {
                return i;
            }
            i -= c.len_utf8();
        }
    }
    lo
}

/// Whitespace-separated words of `line[range]` as prose references; a word
/// with other characters in it (`print("scripts/x.py")`) is split like code.
pub(crate) fn words(line: &str, range: Range<usize>, start: usize, out: &mut Vec<Ref>) {
    // Everything kept below holds a `.` or `/` of the word: only the words
    // around those bytes are looked at (most words have neither).
    let bytes = line.as_bytes();
    let mut pos = range.start;
    while let Some(hit) = memchr::memchr2(b'.', b'/', &bytes[pos..range.end]) {
        let w_start = word_start(line, pos, pos + hit);
        let w_end = word_end(line, pos + hit + 1, range.end);
        pos = w_end;
        let first = out.len();
        word(line, w_start..w_end, start, out);
        // An option's argument (`-x ./dict.dict`, `--input data/in.csv`)
        // names a file of the user's, as `-dict=./dict.dict` does.
        if out.len() > first && follows_option(&line[range.start..w_start]) {
            for r in &mut out[first..] {
                r.kind = RefKind::Code;
            }
        }
        if pos >= range.end {
            break;
        }
    }
}

/// Whether the last word of `before` is a command-line option (`-x`,
/// `--input`), so that the word after it is the option's argument.
fn follows_option(before: &str) -> bool {
    let t = before.trim_end();
    if t.len() == before.len() {
        // No space between: not the next word.
        return false;
    }
    let last = t.rsplit(char::is_whitespace).next().unwrap_or(t);
    let name = last.trim_start_matches('-');
    let dashes = last.len() - name.len();
    (dashes == 1 || dashes == 2)
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// One word of prose (no whitespace, holds a `.` or `/`).
pub(crate) fn word(line: &str, range: Range<usize>, start: usize, out: &mut Vec<Ref>) {
    let word = &line[range.clone()];
    let (mut a, b) = trim_word(word);
    // `@path` includes a file (`@./docs/x.md`, `@${CLAUDE_SKILL_DIR}/x.md`);
    // an e-mail address has its `@` inside.
    if word[a..b].starts_with('@') {
        a += 1;
    }
    let core = &word[a..b];
    if core.is_empty() {
        return;
    }
    // One pass up to the first `#`: whether every byte is a path char, and
    // whether one is a `.` or `/`; non-ASCII words take the exact char test.
    let mut all = PATH;
    let mut any = 0;
    let mut cut = core.len();
    for (i, &b) in core.as_bytes().iter().enumerate() {
        if b == b'#' {
            cut = i;
            break;
        }
        let class = BYTE_CLASS[b as usize];
        all &= class;
        any |= class;
    }
    if cut == 0 {
        return;
    }
    let core = &core[..cut];
    let path = if any & NON_ASCII == 0 {
        all & PATH != 0
    } else {
        core.chars().all(is_path_char)
    };
    // (A path word has no `:`, so no URL scheme either.)
    if path {
        // A word of Markdown prose names a file only with a `.` or `/`
        // in it; the others (most of the text) are never kept.
        if any & DOT_OR_SLASH == 0 {
            return;
        }
        out.push(Ref {
            span: Span::new(start + range.start + a, cut),
            text: core.to_string(),
            kind: RefKind::Prose,
        });
    } else if !core.contains("://") && !core.contains('@') {
        let first = out.len();
        code_words(word, start + range.start, false, out);
        // A path after a placeholder (`{baseDir}/references/x.md`,
        // `$SKILL_DIR/scripts/x.py`) is still prose: it may be an example.
        for r in &mut out[first..] {
            if r.text.starts_with(['{', '$']) {
                r.kind = RefKind::Prose;
            }
        }
    }
}

/// `BYTE_CLASS` bits: an ASCII `is_path_char`, a `.` or `/`, a byte of a
/// non-ASCII char, …
const PATH: u8 = 1;
const DOT_OR_SLASH: u8 = 2;
const NON_ASCII: u8 = 4;
/// An ASCII `is_glob_char`.
const GLOB: u8 = 8;
/// An ASCII letter or digit.
const ALPHANUMERIC: u8 = 16;

static BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c >= 0x80 {
            t[b] = NON_ASCII;
        } else if c.is_ascii_alphanumeric() {
            t[b] = PATH | GLOB | ALPHANUMERIC;
        } else if matches!(c, b'_' | b'-' | b'+') {
            t[b] = PATH | GLOB;
        } else if matches!(c, b'.' | b'/') {
            t[b] = PATH | GLOB | DOT_OR_SLASH;
        } else if matches!(c, b'*' | b'{' | b'}') {
            t[b] = GLOB;
        }
        b += 1;
    }
    t
};

/// Strips punctuation around a word: brackets, quotes, sentence ends, and
/// emphasis markers that come in pairs (`**x**`, `_x_`, but not `__init__.py`).
fn trim_word(word: &str) -> (usize, usize) {
    let w = word.as_bytes();
    let mut a = 0;
    let mut b = w.len();
    loop {
        let before = (a, b);
        let s = &w[a..b];
        if let Some(&c) = s.first() {
            if matches!(c, b'(' | b'[' | b'"' | b'\'' | b'<') {
                a += 1;
                continue;
            }
            if s.starts_with("“".as_bytes()) || s.starts_with("‘".as_bytes()) {
                a += 3;
                continue;
            }
        }
        if let Some(&c) = s.last() {
            if matches!(
                c,
                b')' | b']' | b'"' | b'\'' | b'>' | b'.' | b',' | b';' | b':' | b'!' | b'?'
            ) {
                b -= 1;
                continue;
            }
            if s.ends_with("”".as_bytes()) || s.ends_with("’".as_bytes()) {
                b -= 3;
                continue;
            }
        }
        for m in [b'*', b'_', b'~'] {
            let s = &w[a..b];
            if s.len() >= 2 && s[0] == m && s[s.len() - 1] == m {
                a += 1;
                b -= 1;
            }
        }
        if (a, b) == before || a >= b {
            break;
        }
    }
    (a, b.max(a))
}

/// Whether a word of Markdown can name a file: it has a `.` or a `/`. A
/// plain word (`scripts`) is a file name only in code, where a program may
/// join it to a path; in Markdown it is just a word.
fn may_name_a_file(word: &str) -> bool {
    word.bytes().any(|b| b == b'.' || b == b'/')
}

/// Words of a code line: maximal runs of path and wildcard characters that
/// look like file names (contain `.` or `/`, or are a plain word when
/// `bare` is set, as in code files).
pub(crate) fn code_words(line: &str, start: usize, bare: bool, out: &mut Vec<Ref>) {
    let bytes = line.as_bytes();
    // Without `bare` every word kept has a `.` or `/` (most code lines of
    // Markdown have none).
    if !bare && memchr::memchr2(b'.', b'/', bytes).is_none() {
        return;
    }
    let n = bytes.len();
    let mut i = 0;
    loop {
        // The next glob char starts a word; a byte at a time while ASCII.
        while i < n {
            let b = bytes[i];
            if b < 0x80 {
                if BYTE_CLASS[b as usize] & GLOB != 0 {
                    break;
                }
                i += 1;
            } else {
                let c = line[i..].chars().next().unwrap_or('\0');
                if is_glob_char(c) {
                    break;
                }
                i += c.len_utf8();
            }
        }
        if i >= n {
            return;
        }
        let s = i;
        while i < n {
            let b = bytes[i];
            if b < 0x80 {
                if BYTE_CLASS[b as usize] & GLOB == 0 {
                    break;
                }
                i += 1;
            } else {
                let c = line[i..].chars().next().unwrap_or('\0');
                if !is_glob_char(c) {
                    break;
                }
                i += c.len_utf8();
            }
        }
        let mut word = &bytes[s..i];
        let mut ws = s;
        // Unbalanced braces and sentence punctuation at the edges.
        loop {
            let before = word.len();
            if word.first() == Some(&b'{') && !word.contains(&b'}') || word.first() == Some(&b'}') {
                word = &word[1..];
                ws += 1;
            }
            if word.last() == Some(&b'}') && !word.contains(&b'{')
                || matches!(word.last(), Some(b'{' | b'.' | b'-'))
            {
                word = &word[..word.len() - 1];
            }
            if word.len() == before || word.is_empty() {
                break;
            }
        }
        let mut len = word.len();
        // A shell variable keeps its `$` (`$SKILL_DIR/x.py`, `${DIR}/x.py`):
        // the path then starts at a placeholder, not at a folder `SKILL_DIR`.
        if ws > 0 && bytes[ws - 1] == b'$' {
            ws -= 1;
            len += 1;
        }
        let word = &line[ws..ws + len];
        // A glob char beyond ASCII is alphanumeric.
        let alphanumeric = |b: u8| BYTE_CLASS[b as usize] & (ALPHANUMERIC | NON_ASCII) != 0;
        if (bare || may_name_a_file(word)) && word.bytes().any(alphanumeric) {
            out.push(Ref {
                span: Span::new(start + ws, word.len()),
                text: word.to_string(),
                kind: RefKind::Code,
            });
        }
    }
}

/// Scans a non-Markdown text (code, data, frontmatter) as code. (No word
/// holds a line end, so the text is one line to `code_words`.)
pub fn code(text: &str, range: Range<usize>) -> Vec<Ref> {
    let mut out = Vec::new();
    code_words(&text[range.clone()], range.start, true, &mut out);
    out
}

/// Modules Python code imports or runs (`python -m scripts.x`), as path
/// candidates relative to it:
/// `from helpers.merge_runs import x` → `helpers/merge_runs.py`,
/// `helpers/merge_runs`, `helpers/merge_runs/x.py`, `helpers/merge_runs/x`.
pub fn python_imports(text: &str) -> Vec<Ref> {
    static FROM: OnceLock<Regex> = OnceLock::new();
    static IMPORT: OnceLock<Regex> = OnceLock::new();
    let from = FROM.get_or_init(|| {
        Regex::new(r"(?m)^[ \t]*from[ \t]+(\.*)([A-Za-z_][\w.]*)?[ \t]+import[ \t]+\(?([\w, \t]*)")
            .expect("from regex")
    });
    let import = IMPORT.get_or_init(|| {
        Regex::new(r"(?m)^[ \t]*import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)")
            .expect("import regex")
    });
    let mut out = Vec::new();
    let mut push = |span: Span, module: &str| {
        // `a.b.c` imports the packages `a` and `a/b` too.
        let parts: Vec<&str> = module.split('.').collect();
        for i in 1..=parts.len() {
            let path = parts[..i].join("/");
            if i == parts.len() {
                out.push(Ref {
                    span,
                    text: format!("{path}.py"),
                    kind: RefKind::Code,
                });
            }
            out.push(Ref {
                span,
                text: path,
                kind: RefKind::Code,
            });
        }
    };
    for caps in from.captures_iter(text) {
        let whole = caps.get(0).expect("match");
        let module = caps.get(2).map_or("", |m| m.as_str());
        let span = caps.get(2).map_or(Span::from_range(whole.range()), |m| {
            Span::from_range(m.range())
        });
        if !module.is_empty() {
            push(span, module);
        }
        for name in caps.get(3).map_or("", |m| m.as_str()).split(',') {
            let name = name.split_whitespace().next().unwrap_or("");
            if name.is_empty() || name == "*" {
                continue;
            }
            if module.is_empty() {
                push(span, name);
            } else {
                push(span, &format!("{module}.{name}"));
            }
        }
    }
    static RUN: OnceLock<Regex> = OnceLock::new();
    let run = RUN.get_or_init(|| {
        Regex::new(r"\bpython[0-9.]*[ \t]+-m[ \t]+([A-Za-z_][\w.]*)").expect("python -m regex")
    });
    for caps in run.captures_iter(text) {
        let m = caps.get(1).expect("group");
        push(Span::from_range(m.range()), m.as_str());
    }
    for caps in import.captures_iter(text) {
        let m = caps.get(1).expect("group");
        for name in m.as_str().split(',') {
            let name = name.trim();
            if !name.is_empty() {
                push(Span::from_range(m.range()), name);
            }
        }
    }
    out
}

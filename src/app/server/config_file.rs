//! The server's configuration: the settings it loads (again when
//! `.caplint.yaml` changes), and the edits of `.caplint.yaml` it offers as
//! code actions ("disable this rule for this file": an override added).
//!
//! An edit is found on the parsed document's spans ([`crate::yaml`]), not
//! by reading lines: the `overrides` key, its list and its last item are
//! located by their byte ranges, and the new text goes in at one offset
//! (or replaces one null value), so every other byte of the file — its
//! comments, quoting, indentation, line ends and flow lists — stays as it
//! was. A text the edit cannot be placed in safely (not YAML, not a
//! mapping, an `overrides` that is not a list) gets no edit, and an edit
//! whose result would not read as the same configuration with the override
//! added is never offered.

use super::protocol::{range, Encoding};
use crate::error::Fatal;
use crate::settings::{Level, Override, Settings};
use crate::yaml::{self, Node, NodeKind, Resolved};
use lsp_types as lsp;
use std::ops::Range;
use std::path::Path;

/// `settings` with `--target`'s targets, when any were given.
pub(super) fn with_targets(
    mut settings: Settings,
    targets: &[crate::settings::Target],
) -> Settings {
    if !targets.is_empty() {
        settings.config.targets = targets.to_vec();
        settings.config.targets_chosen = true;
    }
    settings
}

pub(super) fn load_settings(
    root: &Path,
    config_flag: Option<&Path>,
    as_of: Option<&str>,
) -> Result<Settings, Fatal> {
    let as_of = crate::app::workspace::as_of(as_of)?;
    let (config, config_path) = crate::config::load(root, config_flag)?;
    Settings::new(root.to_path_buf(), config, config_path, as_of)
}

/// The edit that turns `rule` off for the file `rel` in the configuration
/// text `text` (`""` for a file still to be created); see
/// [`override_splice`].
pub(super) fn override_edit(
    text: &str,
    rel: &str,
    rule: &str,
    enc: Encoding,
) -> Option<lsp::TextEdit> {
    let (at, new_text) = override_splice(text, rel, rule)?;
    Some(lsp::TextEdit::new(
        range(text, at.start, at.end, enc),
        new_text,
    ))
}

/// The bytes of `text` to replace, and what with, to add an override
/// turning `rule` off for the file `rel`. It goes after every other
/// override, since the last matching one wins: after the last item of a
/// block list (indented as its dashes), at the end of a flow list, in place
/// of a null `overrides`, or as a new `overrides:` key after the last key
/// (an empty file, one of comments only or a bare `---` gets the key).
/// `None` when there is no safe place, or when the edited text would not
/// read as the original with the override added.
pub(super) fn override_splice(text: &str, rel: &str, rule: &str) -> Option<(Range<usize>, String)> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let shift = text.len() - body.len();
    let root = yaml::parse(body).ok()?.map(|n| yaml::shifted(n, shift));
    let new = New {
        eol: line_break(text),
        paths: quoted(&glob_escape(rel)),
        rule: quoted(rule),
    };
    let (at, insert) = match &root {
        None => line_after(text, text.len(), new.key("")),
        Some(root) => match &root.kind {
            NodeKind::Scalar { .. } if root.resolved() == Some(Resolved::Null) => {
                if root.span.length == 0 {
                    line_after(text, root.span.end(), new.key(""))
                } else {
                    (
                        root.span.range(),
                        format!("{{overrides: [{}]}}", new.flow()),
                    )
                }
            }
            NodeKind::Map(entries) => match root.get("overrides") {
                Some(entry) => in_overrides(text, entry, root.flow, &new)?,
                None if root.flow => {
                    let item = format!("overrides: [{}]", new.flow());
                    match entries.last() {
                        None => (before_close(text, root, '}')?, item),
                        Some(last) => {
                            let end = content_end(&last.key).max(content_end(&last.value));
                            (end..end, format!(", {item}"))
                        }
                    }
                }
                None => {
                    let indent = indent_of(text, root.span.offset)?;
                    line_after(text, content_end(root), new.key(indent))
                }
            },
            _ => return None,
        },
    };
    let edited = format!("{}{insert}{}", &text[..at.start], &text[at.end..]);
    let added = Override {
        paths: vec![glob_escape(rel)],
        rules: vec![(rule.to_string(), Level::Off)],
    };
    faithful(text, &edited, added).then_some((at, insert))
}

/// Where and what to add in an existing `overrides` entry.
fn in_overrides(
    text: &str,
    entry: &yaml::Entry,
    in_flow: bool,
    new: &New,
) -> Option<(Range<usize>, String)> {
    let value = &entry.value;
    Some(match &value.kind {
        NodeKind::Seq(items) if value.flow => match items.last() {
            None => (before_close(text, value, ']')?, new.flow()),
            Some(last) => {
                let end = content_end(last);
                (end..end, format!(", {}", new.flow()))
            }
        },
        NodeKind::Seq(items) => {
            let first = items.first()?;
            let indent = dash_indent(text, entry.key.span.end(), first.span.offset)?;
            line_after(text, content_end(value), new.item(indent))
        }
        NodeKind::Scalar { .. } if value.resolved() == Some(Resolved::Null) => {
            if value.span.length > 0 {
                (value.span.range(), format!("[{}]", new.flow()))
            } else {
                // `overrides:` and nothing (but perhaps a comment) after it:
                // a flow list after the colon in a flow mapping, a block
                // list on the lines below in a block one.
                let key_end = entry.key.span.end();
                let after_key = &text[key_end..];
                let colon = after_key
                    .trim_start_matches([' ', '\t'])
                    .starts_with(':')
                    .then(|| key_end + after_key.find(':').unwrap_or(0) + 1);
                match (in_flow, colon) {
                    (true, Some(at)) => (at..at, format!(" [{}]", new.flow())),
                    (true, None) => (key_end..key_end, format!(": [{}]", new.flow())),
                    (false, Some(at)) => {
                        let indent = format!("{}  ", indent_of(text, entry.key.span.offset)?);
                        line_after(text, at, new.item(&indent))
                    }
                    (false, None) => return None,
                }
            }
        }
        _ => return None,
    })
}

/// The override to add, its strings quoted, in the file's line ends.
struct New {
    eol: &'static str,
    paths: String,
    rule: String,
}

impl New {
    /// As a flow mapping, for a flow list.
    fn flow(&self) -> String {
        format!("{{paths: [{}], rules: {{{}: off}}}}", self.paths, self.rule)
    }

    /// As an item of a block list whose dashes are indented by `indent`.
    fn item(&self, indent: &str) -> String {
        let (paths, rule, eol) = (&self.paths, &self.rule, self.eol);
        format!("{indent}- paths: [{paths}]{eol}{indent}  rules:{eol}{indent}    {rule}: off{eol}")
    }

    /// As a new `overrides:` key of a block mapping indented by `indent`.
    fn key(&self, indent: &str) -> String {
        format!(
            "{indent}overrides:{}{}",
            self.eol,
            self.item(&format!("{indent}  "))
        )
    }
}

/// A YAML double-quoted string (JSON's escapes are YAML's too).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

/// A path as a glob that matches only itself (`settings::compile_glob`
/// reads a backslash as an escape).
fn glob_escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if matches!(c, '\\' | '*' | '?' | '[' | ']' | '{' | '}') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The file's line break: that of its first line, else `\n`.
fn line_break(text: &str) -> &'static str {
    match text.find(['\n', '\r']) {
        Some(i) if text[i..].starts_with("\r\n") => "\r\n",
        Some(i) if text.as_bytes()[i] == b'\r' => "\r",
        _ => "\n",
    }
}

/// `insert` placed at the start of the line after the one holding `offset`
/// (at `offset` itself when a line starts there); at the end of a text
/// whose last line has no line break, after one.
fn line_after(text: &str, offset: usize, insert: String) -> (Range<usize>, String) {
    let bytes = text.as_bytes();
    let at_line_start = offset == 0 && text.is_empty()
        || offset > 0
            && (bytes[offset - 1] == b'\n'
                || bytes[offset - 1] == b'\r' && bytes.get(offset) != Some(&b'\n'));
    if at_line_start {
        return (offset..offset, insert);
    }
    match text[offset..].find(['\n', '\r']) {
        Some(i) => {
            let at = offset
                + i
                + if text[offset + i..].starts_with("\r\n") {
                    2
                } else {
                    1
                };
            (at..at, insert)
        }
        None => (
            text.len()..text.len(),
            format!("{}{insert}", line_break(text)),
        ),
    }
}

/// Where a node's own text ends: a block collection's span runs on over
/// the comments and blank lines after it, its last scalar's does not.
fn content_end(node: &Node) -> usize {
    match &node.kind {
        NodeKind::Seq(items) if !node.flow => items.iter().map(content_end).max(),
        NodeKind::Map(entries) if !node.flow => entries
            .iter()
            .map(|e| content_end(&e.key).max(content_end(&e.value)))
            .max(),
        _ => None,
    }
    .unwrap_or(node.span.end())
}

/// The offset of a flow collection's closing bracket `close`.
fn before_close(text: &str, node: &Node, close: char) -> Option<Range<usize>> {
    let at = node.span.end().checked_sub(1)?;
    text[at..].starts_with(close).then_some(at..at)
}

/// The indentation of the line holding `offset`, when only spaces come
/// before `offset` on it (after the byte order mark on the first line).
fn indent_of(text: &str, offset: usize) -> Option<&str> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let start = text[..offset].rfind(['\n', '\r']).map_or(bom, |i| i + 1);
    let indent = &text[start..offset];
    indent.bytes().all(|b| b == b' ').then_some(indent)
}

/// The indentation of a block list's dashes: that of the first line after
/// its key's (`from`) that holds more than a comment, which must start with
/// the dash of the first item (at `first`).
fn dash_indent(text: &str, from: usize, first: usize) -> Option<&str> {
    let mut start = line_after(text, from, String::new()).0.start;
    while start < first {
        let end = text[start..]
            .find(['\n', '\r'])
            .map_or(text.len(), |i| start + i);
        let line = &text[start..end];
        let rest = line.trim_start_matches(' ');
        if !rest.is_empty() && !rest.starts_with('#') {
            return rest
                .starts_with('-')
                .then(|| &line[..line.len() - rest.len()]);
        }
        start = line_after(text, end, String::new()).0.start;
    }
    None
}

/// Whether `edited` parses as `original` does, `added` aside: as YAML, and,
/// when `original` is a valid configuration, as the same configuration
/// with `added` after its overrides (no other value changed).
fn faithful(original: &str, edited: &str, added: Override) -> bool {
    use crate::config::{parse, CONFIG_FILE};
    use crate::source::SourceFile;
    let body = edited.strip_prefix('\u{feff}').unwrap_or(edited);
    if yaml::parse(body).is_err() {
        return false;
    }
    let config = |t: &str| parse(&SourceFile::new(CONFIG_FILE, t.to_string())).ok();
    match config(original) {
        None => true,
        Some(mut expected) => {
            expected.overrides.push(added);
            config(edited) == Some(expected)
        }
    }
}

#[cfg(test)]
mod tests;

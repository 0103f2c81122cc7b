//! Renderers: one module per output format. Each takes a finished
//! [`Report`](crate::diagnostic::Report) and returns text; none of them decides
//! anything about the findings.

pub mod audit;
pub mod claims_json;
pub mod concise;
pub mod diff;
pub mod diff_markdown;
pub mod github;
pub mod human;
pub mod json;
pub mod location;
pub mod matching;
pub mod sarif;
pub mod summary;

use clap::ValueEnum;

/// Output formats of `check` and `history`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    /// One line per finding: `path:line:col: severity[rule] message`.
    Concise,
    Json,
    Github,
    Sarif,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// How text output looks: colors and links, decided once from the flags,
/// `NO_COLOR` and whether stdout is a terminal.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
    pub links: bool,
    pub width: usize,
}

impl Style {
    pub fn plain() -> Style {
        Style {
            color: false,
            links: false,
            width: 100,
        }
    }
}

/// How paths are shown to a person: relative to the working directory, the
/// way an editor or a terminal opens them. Reports hold paths relative to the
/// repository root; `Paths` holds both folders to rebase them.
#[derive(Debug, Clone, Default)]
pub struct Paths {
    /// The root's components and the working directory's, when they differ.
    root: Vec<String>,
    cwd: Vec<String>,
}

impl Paths {
    /// Paths shown as the report holds them (relative to the root).
    pub fn as_is() -> Paths {
        Paths::default()
    }

    /// Paths shown relative to `cwd`; both folders should be absolute.
    pub fn relative_to(root: &std::path::Path, cwd: &std::path::Path) -> Paths {
        let parts = |p: &std::path::Path| -> Vec<String> {
            p.components()
                .filter(|c| !matches!(c, std::path::Component::CurDir))
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect()
        };
        let (root, cwd) = (parts(root), parts(cwd));
        if root == cwd {
            return Paths::default();
        }
        Paths { root, cwd }
    }

    /// A report path (`/`-separated, relative to the root; empty for the
    /// root itself) as the person sees it, `/`-separated.
    pub fn show(&self, path: &str) -> String {
        if self.root.is_empty() && self.cwd.is_empty() {
            return if path.is_empty() {
                ".".to_string()
            } else {
                path.to_string()
            };
        }
        let full: Vec<&str> = self
            .root
            .iter()
            .map(String::as_str)
            .chain(path.split('/').filter(|c| !c.is_empty()))
            .collect();
        let common = full
            .iter()
            .zip(&self.cwd)
            .take_while(|(a, b)| **a == b.as_str())
            .count();
        if common == 0 {
            // Nothing shared (another drive): the root-relative path.
            return if path.is_empty() {
                ".".into()
            } else {
                path.into()
            };
        }
        let mut out: Vec<&str> = vec![".."; self.cwd.len() - common];
        out.extend(&full[common..]);
        if out.is_empty() {
            ".".to_string()
        } else {
            out.join("/")
        }
    }
}

/// Writes `skeleton` as pretty JSON, exactly as `serde_json` prints it,
/// with `items` in place of the empty array under its last key `key`: one
/// item at a time, so that the whole document is never held in memory (a
/// report of hundreds of thousands of findings). Each call of `put` is a
/// whole piece of the text (the part before the items, one item, the part
/// after them).
pub fn pretty_with_items(
    skeleton: &serde_json::Value,
    key: &str,
    items: impl Iterator<Item = serde_json::Value>,
    put: &mut dyn FnMut(&str),
) {
    let text = serde_json::to_string_pretty(skeleton).unwrap_or_default();
    let marker = format!("\"{key}\": []");
    let Some(at) = text.rfind(&marker) else {
        put(&text);
        return;
    };
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = &text[line_start..at];
    let inner = format!("\n{indent}  ");
    let open = at + marker.len() - 1;
    put(&text[..open]);
    let mut any = false;
    for item in items {
        let pretty = serde_json::to_string_pretty(&item).unwrap_or_default();
        let mut unit = String::with_capacity(pretty.len() + pretty.len() / 8 + 8);
        unit.push_str(if any { "," } else { "" });
        unit.push_str(&inner);
        // serde_json escapes line breaks inside strings: every one here is
        // between tokens.
        for (i, line) in pretty.split('\n').enumerate() {
            if i > 0 {
                unit.push_str(&inner);
            }
            unit.push_str(line);
        }
        put(&unit);
        any = true;
    }
    if any {
        put(&format!("\n{indent}]"));
    } else {
        put("]");
    }
    put(&text[open + 1..]);
}

#[cfg(test)]
mod stream_tests {
    use serde_json::json;

    #[test]
    fn items_streamed_print_as_the_whole_document_does() {
        let items = [
            json!({"a": 1, "b": [1, {"c": "x\ny"}]}),
            json!({}),
            json!([]),
        ];
        for n in 0..=items.len() {
            let whole =
                json!({"x": "\"k\": []", "outer": [{"k": items[..n].to_vec(), "z": 1}], "end": {}});
            let skeleton = json!({"x": "\"k\": []", "outer": [{"k": [], "z": 1}], "end": {}});
            let mut out = String::new();
            super::pretty_with_items(&skeleton, "k", items[..n].iter().cloned(), &mut |t| {
                out.push_str(t)
            });
            assert_eq!(out, serde_json::to_string_pretty(&whole).unwrap(), "{n}");
        }
    }
}

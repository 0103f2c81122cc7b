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

//! What a `plugin/*` rule judges, and the trait each rule implements. The
//! engine (`crate::lint::plugins`) reads and parses every manifest once,
//! builds the installation model ([`crate::model::plugin`]), and calls each
//! rule on every manifest, then once on the whole repository.

use crate::diagnostic::{Diagnostic, Rule};
use crate::json::Value;
use crate::model::plugin::{ManifestKind, Parsed, Plugin};
use crate::source::{SourceFile, Span};

/// One manifest, parsed.
#[derive(Clone, Copy)]
pub struct ManifestCx<'a> {
    pub source: &'a SourceFile,
    pub kind: ManifestKind,
    /// The plugin's or marketplace's root folder.
    pub root_dir: &'a str,
    pub value: &'a Value,
}

impl ManifestCx<'_> {
    pub fn diag(&self, rule: &'static Rule, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(rule, &self.source.path, message)
    }
}

/// What a path of the repository is on the side being judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    File,
    Dir,
}

/// The whole repository's manifests and plugins, and a view of its files
/// (the working tree, or the index with `--staged`).
pub struct RepoCx<'a> {
    pub manifests: &'a [Parsed],
    pub plugins: &'a [Plugin],
    /// What `rel` (relative to the root) is, if it exists.
    pub kind_of: &'a dyn Fn(&str) -> Option<PathKind>,
    /// The files and folders directly inside the folder `rel` (paths
    /// relative to the root).
    pub list: &'a dyn Fn(&str) -> Vec<String>,
    /// The text of the file `rel`.
    pub read: &'a dyn Fn(&str) -> Option<String>,
}

/// A span in `path`'s text, with the label of a related place.
pub fn at(rule: &'static Rule, path: &str, span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(rule, path, message).at(span)
}

/// A `plugin/*` rule.
pub trait PluginRule {
    /// Judges one parsed manifest on its own.
    fn manifest(&self, _cx: &ManifestCx<'_>, _out: &mut Vec<Diagnostic>) {}
    /// Judges the repository's plugins and marketplaces together.
    fn repository(&self, _cx: &RepoCx<'_>, _out: &mut Vec<Diagnostic>) {}
}

/// The top-level keys of a Markdown file's YAML frontmatter, with their
/// spans (none when it has no frontmatter that parses).
pub fn frontmatter_keys(text: &str) -> Vec<(String, Span)> {
    frontmatter_entries(text)
        .into_iter()
        .map(|(key, span, _)| (key, span))
        .collect()
}

/// The top-level keys of a Markdown file's frontmatter with their spans and
/// values.
pub fn frontmatter_entries(text: &str) -> Vec<(String, Span, crate::yaml::Node)> {
    let Ok(split) = crate::model::skill::frontmatter::split(text) else {
        return Vec::new();
    };
    let yaml = &text[split.yaml.clone()];
    let Ok(Some(node)) = crate::yaml::parse(yaml) else {
        return Vec::new();
    };
    let node = crate::yaml::shifted(node, split.yaml.start);
    let crate::yaml::NodeKind::Map(entries) = node.kind else {
        return Vec::new();
    };
    entries
        .into_iter()
        .filter_map(|e| {
            let key = e.key.as_str()?.to_string();
            Some((key, e.key.span, e.value))
        })
        .collect()
}

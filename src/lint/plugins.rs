//! Plugins and marketplaces (`plugin/*`): each manifest read through
//! [`crate::contents`] (the disk, an editor's buffer, or the index with
//! `--staged`), scanned for secrets and parsed
//! once; every manifest rule; then the installation model
//! ([`crate::model::plugin`]) built from all of them and every repository
//! rule, with a view of the same side's files. The parsed manifests are
//! returned for history (`history/plugin-*`).

use crate::contents::PathKind as SideKind;
use crate::diagnostic::Report;
use crate::model::plugin::{self, ManifestKind, Parsed};
use crate::rules::plugin::context::{ManifestCx, PathKind, RepoCx};
use crate::rules::plugin::{self as rules};
use crate::rules::security;
use crate::settings::Settings;
use crate::source::SourceFile;

/// The side's files, for the repository rules: what its contents say
/// (`Settings::contents`: the index with `--staged`), else the disk.
struct Files<'a>(&'a Settings);

impl Files<'_> {
    fn kind_of(&self, rel: &str) -> Option<PathKind> {
        let settings = self.0;
        if let Some(kind) = settings.contents().kind(rel) {
            return kind.map(|k| match k {
                SideKind::File | SideKind::Symlink => PathKind::File,
                SideKind::Dir => PathKind::Dir,
            });
        }
        let meta = std::fs::metadata(settings.open_path(rel)).ok()?;
        // A link is followed only when it stays in the repository.
        let inside = std::fs::canonicalize(settings.open_path(rel))
            .ok()
            .zip(settings.root.canonicalize().ok())
            .is_some_and(|(p, root)| p.starts_with(root));
        if !inside {
            return None;
        }
        Some(if meta.is_dir() {
            PathKind::Dir
        } else {
            PathKind::File
        })
    }

    fn list(&self, rel: &str) -> Vec<String> {
        let settings = self.0;
        if let Some(paths) = settings.contents().list(rel) {
            return paths;
        }
        let Ok(read) = std::fs::read_dir(settings.open_path(rel)) else {
            return Vec::new();
        };
        let mut out: Vec<String> = read
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                e.file_name()
                    .to_str()
                    .map(|name| crate::discover::join_rel(rel, name))
            })
            .collect();
        out.sort();
        out
    }

    fn read(&self, rel: &str) -> Option<Vec<u8>> {
        let settings = self.0;
        settings
            .contents()
            .read_with(rel, || std::fs::read(settings.open_path(rel)).ok())
    }
}

/// Lints the manifests at `paths` into `report`; returns them parsed.
/// `settings`' contents are the side judged.
pub fn lint(settings: &Settings, paths: &[String], report: &mut Report) -> Vec<Parsed> {
    if paths.is_empty() {
        return Vec::new();
    }
    let files = Files(settings);
    let mut parsed = Vec::new();
    let mut out = Vec::new();
    for rel in paths {
        let Some((kind, root)) = ManifestKind::of(rel) else {
            continue;
        };
        let bytes = files.read(rel);
        let Some(bytes) = bytes else { continue };
        let (mut source, _) = SourceFile::from_bytes(rel.as_str(), bytes);
        let mut found = security::check(security::CHECKS, &mut source);
        crate::redact::learn_source(&source);
        match rules::invalid_manifest::parse(&source) {
            Err(d) => found.push(*d),
            Ok(value) => {
                let cx = ManifestCx {
                    source: &source,
                    kind,
                    root_dir: root,
                    value: &value,
                };
                for check in rules::CHECKS {
                    check.manifest(&cx, &mut found);
                }
                parsed.push(Parsed {
                    path: rel.clone(),
                    kind,
                    root_dir: root.to_string(),
                    value,
                });
            }
        }
        report.mark_linted(rel);
        if !found.is_empty() {
            report.add_source(source);
        }
        out.extend(found);
    }
    let plugins = plugin::plugins(&parsed);
    let kind_of = |rel: &str| files.kind_of(rel);
    let list = |rel: &str| files.list(rel);
    let read = |rel: &str| files.read(rel).and_then(|b| String::from_utf8(b).ok());
    let cx = RepoCx {
        manifests: &parsed,
        plugins: &plugins,
        kind_of: &kind_of,
        list: &list,
        read: &read,
    };
    for check in rules::CHECKS {
        check.repository(&cx, &mut out);
    }
    lower_unread(&plugins, &parsed, &mut out);
    report.extend(out);
    parsed
}

/// A plugin's error in a manifest no client reads ([`plugin::unread`]) is a
/// warning: no install meets it, though installing that folder on its own
/// would.
fn lower_unread(
    plugins: &[plugin::Plugin],
    parsed: &[Parsed],
    out: &mut [crate::diagnostic::Diagnostic],
) {
    use crate::diagnostic::Severity;
    for (inner, outer) in plugin::unread(plugins, parsed) {
        let outer = if outer.is_empty() {
            "the repository root"
        } else {
            outer
        };
        for d in out.iter_mut() {
            let here = inner.manifests.iter().any(|&i| parsed[i].path == d.path);
            if !here || d.severity != Severity::Error || !d.rule.id.starts_with("plugin/") {
                continue;
            }
            d.lower(format!(
                "no client reads this manifest: it is inside the plugin `{outer}`, whose own manifest is the one loaded, and no marketplace entry points here"
            ));
        }
    }
}

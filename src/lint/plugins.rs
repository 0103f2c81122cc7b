//! Plugins and marketplaces (`plugin/*`): each manifest read (from the
//! disk, or from the index with `--staged`), scanned for secrets and parsed
//! once; every manifest rule; then the installation model
//! ([`crate::model::plugin`]) built from all of them and every repository
//! rule, with a view of the same side's files. The parsed manifests are
//! returned for history (`history/plugin-*`).

use crate::diagnostic::Report;
use crate::git::{Index, IndexKind, Repo};
use crate::lint::decisions::From;
use crate::model::plugin::{self, ManifestKind, Parsed};
use crate::rules::plugin::context::{ManifestCx, PathKind, RepoCx};
use crate::rules::plugin::{self as rules};
use crate::rules::security;
use crate::settings::Settings;
use crate::source::SourceFile;

/// The side's files, for the repository rules.
enum Files<'a> {
    Disk(&'a Settings),
    Index(&'a Repo, Index),
}

impl Files<'_> {
    fn kind_of(&self, rel: &str) -> Option<PathKind> {
        match self {
            Files::Disk(settings) => {
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
            Files::Index(repo, index) => match index.kind_of(&repo.to_git(rel))? {
                IndexKind::File | IndexKind::Link => Some(PathKind::File),
                IndexKind::Dir => Some(PathKind::Dir),
            },
        }
    }

    fn list(&self, rel: &str) -> Vec<String> {
        let join = |name: &str| {
            if rel.is_empty() {
                name.to_string()
            } else {
                format!("{rel}/{name}")
            }
        };
        match self {
            Files::Disk(settings) => {
                let Ok(read) = std::fs::read_dir(settings.open_path(rel)) else {
                    return Vec::new();
                };
                let mut out: Vec<String> = read
                    .filter_map(|e| e.ok())
                    .filter_map(|e| e.file_name().to_str().map(join))
                    .collect();
                out.sort();
                out
            }
            Files::Index(repo, index) => index
                .children(&repo.to_git(rel))
                .into_iter()
                .map(|(name, _)| join(name))
                .collect(),
        }
    }

    fn read(&self, rel: &str) -> Option<String> {
        let bytes = match self {
            Files::Disk(settings) => settings
                .contents()
                .read_with(rel, || std::fs::read(settings.open_path(rel)).ok())?,
            Files::Index(repo, index) => {
                let e = index
                    .get(&repo.to_git(rel))
                    .filter(|e| !e.link && !e.intent)?;
                repo.blob(e.id).ok()?
            }
        };
        String::from_utf8(bytes).ok()
    }
}

/// Lints the manifests at `paths` into `report`; returns them parsed.
pub fn lint(
    settings: &Settings,
    paths: &[String],
    from: From<'_>,
    report: &mut Report,
) -> Vec<Parsed> {
    if paths.is_empty() {
        return Vec::new();
    }
    let files = match from {
        From::Index(repo) => match repo.index() {
            Ok(Some(index)) => Files::Index(repo, index),
            _ => Files::Index(repo, Index::default()),
        },
        From::Disk => Files::Disk(settings),
    };
    let mut parsed = Vec::new();
    let mut out = Vec::new();
    for rel in paths {
        let Some((kind, root)) = ManifestKind::of(rel) else {
            continue;
        };
        let bytes = match &files {
            // An editor's unsaved buffer stands in for the file.
            Files::Disk(_) => settings
                .contents()
                .read_with(rel, || std::fs::read(settings.open_path(rel)).ok()),
            Files::Index(repo, index) => index
                .get(&repo.to_git(rel))
                .filter(|e| !e.link && !e.intent)
                .and_then(|e| repo.blob(e.id).ok()),
        };
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
    let read = |rel: &str| files.read(rel);
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
    report.extend(out);
    parsed
}

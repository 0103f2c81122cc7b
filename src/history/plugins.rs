//! The history rules of plugins (`history/plugin-version-not-bumped`,
//! `history/plugin-version-decreased`, and `history/version-taken` for
//! plugins): what each plugin ships, compared file by file with the base,
//! and the version clients read on both sides. Judged against a `check`
//! run's base ([`Session::review_plugins`]) and on every commit `caplint
//! history` walks ([`commit`]).

use crate::diagnostic::{Diagnostic, Report};
use crate::error::Fatal;
use crate::git::{FileChange, ObjectId, Repo};
use crate::history::review::PluginReview;
use crate::history::side::{Ctx, FolderFiles, Head, WorkTree};
use crate::history::Session;
use crate::model::plugin::{self, ManifestKind, Parsed, Plugin};
use crate::rules::history::context::{ChangedPlugin, Tip};
use crate::source::SourceFile;
use std::collections::{BTreeMap, BTreeSet};

/// The manifests at `paths` as the tree `tree` holds them.
pub fn parse_at(repo: &Repo, tree: ObjectId, paths: &[String]) -> Vec<Parsed> {
    let mut out = Vec::new();
    for rel in paths {
        let Some((kind, root)) = ManifestKind::of(rel) else {
            continue;
        };
        let Ok(Some(id)) = repo.file_at(tree, &repo.to_git(rel)) else {
            continue;
        };
        let Ok(bytes) = repo.blob(id) else { continue };
        let (mut source, _) = SourceFile::from_bytes(rel.as_str(), bytes);
        // Messages quote a revision's versions and names: its secrets are
        // learnt by the masking gate first.
        let _ = crate::rules::security::check(crate::rules::security::CHECKS, &mut source);
        crate::redact::learn_source(&source);
        if let Ok(value) = crate::json::parse(&source.text) {
            out.push(Parsed {
                path: rel.clone(),
                kind,
                root_dir: root.to_string(),
                value,
            });
        }
    }
    out
}

/// What a plugin ships: its folder, or, for a plugin that only a
/// marketplace entry defines with a list of components, those paths.
fn shipped(p: &Plugin, manifests: &[Parsed]) -> Vec<String> {
    if !p.manifests.is_empty() {
        return vec![p.dir.clone()];
    }
    let mut out = Vec::new();
    for &(m, e) in &p.entries {
        let market = &manifests[m];
        let Some(entry) = plugin::entries(market.kind, &market.root_dir, &market.value)
            .into_iter()
            .nth(e)
        else {
            continue;
        };
        for key in plugin::COMPONENTS {
            let Some(v) = entry.value.get(key).map(|m| &m.value) else {
                continue;
            };
            let list: Vec<&str> = match (v.as_str(), v.as_array()) {
                (Some(s), _) => vec![s],
                (None, Some(items)) => items.iter().filter_map(|i| i.as_str()).collect(),
                _ => Vec::new(),
            };
            out.extend(list.into_iter().filter_map(|s| plugin::join(&p.dir, s)));
        }
    }
    if out.is_empty() {
        out.push(p.dir.clone());
    }
    out.sort();
    out.dedup();
    out
}

/// The entry texts of a plugin's marketplace entries without their
/// `version`, for comparing an entry-defined plugin across revisions.
fn entry_texts(p: &Plugin, manifests: &[Parsed]) -> Vec<String> {
    p.entries
        .iter()
        .filter_map(|&(m, e)| {
            let market = &manifests[m];
            let entry = plugin::entries(market.kind, &market.root_dir, &market.value)
                .into_iter()
                .nth(e)?;
            let mut members: Vec<String> = entry
                .value
                .as_object()
                .unwrap_or_default()
                .iter()
                .filter(|m| m.key != "version")
                .map(|m| format!("{}={:?}", m.key, strip_spans(&m.value)))
                .collect();
            members.sort();
            Some(members.join(";"))
        })
        .collect()
}

fn strip_spans(v: &crate::json::Value) -> String {
    use crate::json::Kind;
    match &v.kind {
        Kind::Object(ms) => ms
            .iter()
            .map(|m| format!("{}:{}", m.key, strip_spans(&m.value)))
            .collect::<Vec<_>>()
            .join(","),
        Kind::Array(items) => items.iter().map(strip_spans).collect::<Vec<_>>().join(","),
        other => format!("{other:?}"),
    }
}

/// The files under `root` on both sides (a component path may name a
/// single file).
fn files_of(
    ctx: &Ctx<'_>,
    base: ObjectId,
    head: &Head<'_>,
    root: &str,
) -> Result<(FolderFiles, FolderFiles), Fatal> {
    let base_files = ctx.tree_folder(base, root)?;
    let head_files = head.folder(ctx, root, &base_files)?;
    if !base_files.is_empty() || !head_files.is_empty() {
        return Ok((base_files, head_files));
    }
    // A file: its folder's listing, that one name.
    let parent = crate::discover::parent_of(root);
    let name = root.rsplit('/').next().unwrap_or(root).to_string();
    let keep = |files: FolderFiles| -> FolderFiles {
        files.into_iter().filter(|(k, _)| *k == name).collect()
    };
    let b = ctx.tree_folder(base, &parent)?;
    let h = head.folder(ctx, &parent, &b)?;
    Ok((keep(b), keep(h)))
}

/// The history rules of every plugin of `head_manifests` against `base`.
#[allow(clippy::too_many_arguments)]
pub fn judge(
    ctx: &Ctx<'_>,
    base: ObjectId,
    head: &Head<'_>,
    head_manifests: &[Parsed],
    base_manifests: &[Parsed],
    tip: Option<(&[Parsed], &str)>,
    touched: &dyn Fn(&Plugin, &[Parsed]) -> bool,
    out: &mut Vec<Diagnostic>,
) -> Result<Vec<PluginReview>, Fatal> {
    let mut reviews = Vec::new();
    let settings = ctx.settings;
    let plugins = plugin::plugins(head_manifests);
    let base_plugins = plugin::plugins(base_manifests);
    let tip_plugins = tip.map(|(m, _)| plugin::plugins(m));
    for p in &plugins {
        if !touched(p, head_manifests) {
            continue;
        }
        let base_p = base_plugins.iter().find(|b| b.dir == p.dir);
        let Some(base_p) = base_p else { continue };
        let mut components: BTreeSet<String> = BTreeSet::new();
        // Plugins inside this one, on either side, ship their own files.
        let nested: Vec<&str> = plugins
            .iter()
            .chain(base_plugins.iter())
            .filter(|o| {
                o.dir != p.dir && (p.dir.is_empty() || o.dir.starts_with(&format!("{}/", p.dir)))
            })
            .map(|o| o.dir.as_str())
            .collect();
        let mut base_seen = false;
        for root in shipped(p, head_manifests) {
            let (b, h) = files_of(ctx, base, head, &root)?;
            base_seen |= !b.is_empty();
            let keys: BTreeSet<&String> = b.keys().chain(h.keys()).collect();
            for k in keys {
                if b.get(k) == h.get(k) {
                    continue;
                }
                let full = if root.is_empty() {
                    k.clone()
                } else if k.is_empty() {
                    root.clone()
                } else {
                    format!("{root}/{k}")
                };
                if nested
                    .iter()
                    .any(|n| n.is_empty() || full.starts_with(&format!("{n}/")))
                {
                    continue;
                }
                let in_plugin = if p.dir.is_empty() {
                    full.as_str()
                } else {
                    full.strip_prefix(&format!("{}/", p.dir)).unwrap_or(&full)
                };
                // In a client's manifest folder only its manifest ships (a
                // marketplace beside it is no part of the plugin).
                let first = in_plugin.split('/').next().unwrap_or("");
                let other_manifest =
                    plugin::MANIFEST_DIRS.contains(&first) && !in_plugin.ends_with("/plugin.json");
                if other_manifest
                    || !plugin::ships(in_plugin)
                    || settings.plugin_ignore_globs.is_match(in_plugin)
                {
                    continue;
                }
                components.insert(plugin::component(in_plugin));
            }
        }
        if !base_seen && p.manifests.is_empty() {
            continue;
        }
        if p.manifests.is_empty()
            && entry_texts(p, head_manifests) != entry_texts(base_p, base_manifests)
        {
            components.insert("marketplace entry".into());
        }
        let head_v = plugin::read_version(p, head_manifests);
        let base_v = plugin::read_version(base_p, base_manifests);
        let versions = plugin::versions(p, head_manifests);
        let name = plugin::name_of(p, head_manifests)
            .unwrap_or(&p.dir)
            .to_string();
        let anchor = p
            .manifests
            .first()
            .or(p.entries.first().map(|(m, _)| m))
            .map_or(p.dir.clone(), |&i| head_manifests[i].path.clone());
        let tip_v = tip_plugins.as_ref().and_then(|tps| {
            let tp = tps.iter().find(|t| t.dir == p.dir)?;
            plugin::read_version(tp, tip?.0).map(|v| v.version)
        });
        let tip_name = tip.map_or("", |(_, n)| n);
        let tip_ref = tip_v
            .as_deref()
            .filter(|t| Some(*t) != base_v.as_ref().map(|b| b.version.as_str()))
            .map(|t| Tip {
                rev: Some(t),
                name: tip_name,
            });
        let components: Vec<String> = components.into_iter().collect();
        let change = ChangedPlugin {
            name: &name,
            base: base_v.as_ref().map(|v| v.version.as_str()),
            head: head_v.as_ref(),
            anchor: &anchor,
            versions: &versions,
            components: &components,
            tip: if components.is_empty() { None } else { tip_ref },
        };
        if components.is_empty() && change.base == change.head.map(|h| h.version.as_str()) {
            continue;
        }
        for check in crate::rules::history::CHECKS {
            check.changed_plugin(&change, out);
        }
        reviews.push(PluginReview {
            dir: p.dir.clone(),
            name: name.clone(),
            version: (
                base_v.map(|v| v.version),
                head_v.as_ref().map(|v| v.version.clone()),
            ),
            components: components.clone(),
            path: head_v.as_ref().map_or(anchor.clone(), |v| v.path.clone()),
            span: head_v.as_ref().map(|v| v.span),
        });
    }
    Ok(reviews)
}

impl Session<'_> {
    /// The plugins of the head side (`manifests`, as linted) against the
    /// base and the target branch's tip.
    pub fn review_plugins(&self, manifests: &[Parsed], report: &mut Report) {
        let Some(base) = self.base_tree() else { return };
        if manifests.is_empty() {
            return;
        }
        let ctx = self.ctx();
        let paths: Vec<String> = manifests.iter().map(|m| m.path.clone()).collect();
        let base_manifests = parse_at(self.repo(), base, &paths);
        let tip = self
            .base
            .tip
            .as_ref()
            .map(|t| (parse_at(self.repo(), t.tree, &paths), t.name.clone()));
        let inventory = crate::discover::Inventory::default();
        let no_sources = BTreeMap::new();
        let index = self.staged_index();
        let head = if self.is_staged() {
            Head::Index(&index)
        } else {
            Head::Work(WorkTree::new(
                &inventory,
                &no_sources,
                &[],
                self.index.as_deref(),
            ))
        };
        let mut out = Vec::new();
        let tip_ref = tip.as_ref().map(|(m, n)| (m.as_slice(), n.as_str()));
        if let Err(e) = judge(
            &ctx,
            base,
            &head,
            manifests,
            &base_manifests,
            tip_ref,
            &|_, _| true,
            &mut out,
        ) {
            report
                .notes
                .push(format!("the plugins' history could not be read: {e}"));
        }
        report.extend(out);
    }
}

/// The manifests at `paths` as the working tree holds them.
pub fn parse_disk(settings: &crate::settings::Settings, paths: &[String]) -> Vec<Parsed> {
    paths
        .iter()
        .filter_map(|rel| {
            let (kind, root) = ManifestKind::of(rel)?;
            let bytes = std::fs::read(settings.open_path(rel)).ok()?;
            let (mut source, _) = SourceFile::from_bytes(rel.as_str(), bytes);
            let _ = crate::rules::security::check(crate::rules::security::CHECKS, &mut source);
            crate::redact::learn_source(&source);
            let value = crate::json::parse(&source.text).ok()?;
            Some(Parsed {
                path: rel.clone(),
                kind,
                root_dir: root.to_string(),
                value,
            })
        })
        .collect()
}

/// The manifest paths a tree holds.
pub fn manifests_in(repo: &Repo, tree: ObjectId) -> Vec<String> {
    let descend = |dir: &str| {
        let name = dir.rsplit('/').next().unwrap_or(dir);
        !crate::settings::ALWAYS_SKIPPED.contains(&name)
    };
    let keep = |p: &str| {
        repo.from_git(p)
            .is_some_and(|rel| ManifestKind::of(rel).is_some())
    };
    repo.list_files(tree, "", &descend, &keep, None, None)
        .map(|files| {
            files
                .keys()
                .filter_map(|p| repo.from_git(p).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Keeps `paths` (the manifests of the tree before a commit) up to date
/// with the commit's `changes`.
pub fn update_manifests(repo: &Repo, paths: &mut BTreeSet<String>, changes: &[FileChange]) {
    for ch in changes.iter().filter(|c| !c.submodule) {
        let Some(rel) = repo.from_git(&ch.path) else {
            continue;
        };
        if ManifestKind::of(rel).is_none() {
            continue;
        }
        if ch.new.is_some() {
            paths.insert(rel.to_string());
        } else {
            paths.remove(rel);
        }
    }
}

/// The plugin history rules of one commit (its tree `head` against its
/// first parent's `base`), for `caplint history`; `manifests` are the
/// head tree's manifest paths.
pub fn commit(
    ctx: &Ctx<'_>,
    base: ObjectId,
    head: ObjectId,
    manifests: &BTreeSet<String>,
    changes: &[FileChange],
) -> Result<Vec<Diagnostic>, Fatal> {
    // Only the plugins this commit touched: the marketplaces (their entries
    // define plugins), and the manifests whose folder holds a changed file.
    let changed: Vec<&str> = changes
        .iter()
        .filter_map(|c| ctx.repo.from_git(&c.path))
        .collect();
    let touched =
        |dir: &str| dir.is_empty() || changed.iter().any(|c| c.starts_with(&format!("{dir}/")));
    let paths: Vec<String> = manifests
        .iter()
        .filter(|m| {
            ManifestKind::of(m).is_some_and(|(kind, root)| kind.is_marketplace() || touched(root))
        })
        .cloned()
        .collect();
    let head_manifests = parse_at(ctx.repo, head, &paths);
    let base_manifests = parse_at(ctx.repo, base, &paths);
    let mut out = Vec::new();
    // A plugin whose folder and marketplaces this commit left alone has
    // nothing to judge.
    let plugin_touched = |p: &Plugin, manifests: &[Parsed]| {
        touched(&p.dir)
            || p.entries
                .iter()
                .any(|&(m, _)| changed.contains(&manifests[m].path.as_str()))
    };
    judge(
        ctx,
        base,
        &Head::Tree(head),
        &head_manifests,
        &base_manifests,
        None,
        &plugin_touched,
        &mut out,
    )?;
    Ok(out)
}

//! The skill engine: lints every skill folder of the inventory with the
//! `skill/*` rules ([`crate::rules::skill`]), in parallel per folder, then
//! the repository-wide ones; and looks for secrets in every text file of
//! each folder.
//!
//! A skill as data ([`crate::model::skill`]) is worked out once per folder
//! here (`SKILL.md` parsed, the folder's files listed, the reference graph
//! followed) and every rule of [`crate::rules::skill::CHECKS`] runs on it.

use crate::diagnostic::{Diagnostic, Report};
use crate::discover::{Inventory, SkillDir};
use crate::error::Fatal;
use crate::load::{read_sized, read_source};
use crate::model::skill::folder::{self, FileKind};
use crate::model::skill::parsed::parse_skill_md;
use crate::model::skill::references;
use crate::model::skill::targets::{Target, OPENAI_YAML};
use crate::rules::security::{self, LargeFile};
use crate::rules::skill::context::{has, Dir, Repository, Skill, SkillName};
use crate::rules::skill::{codex_metadata, CHECKS};
use crate::settings::Settings;

/// Lints every skill of the inventory into `report`.
pub fn check_all(
    settings: &Settings,
    inventory: &Inventory,
    report: &mut Report,
) -> Result<(), Fatal> {
    let by_name = folders_by_name(inventory);
    let layout = Layout::of(inventory, &|rel| disk_text(settings, rel));
    let reserved = reserved_for_certain(settings, inventory);
    check_all_by(inventory, report, &layout.plugins, reserved, |dir| {
        lint_dir(
            settings,
            inventory,
            dir,
            Some(&inventory.listing),
            &by_name,
            &layout,
        )
    })
}

/// What the run's files say about where its skills are, beyond their own
/// folders: the plugin folders ([`plugin_dirs`]) and the folders whose
/// `SKILL.md` is an index of skills, not a skill ([`index_dirs`]).
pub struct Layout {
    pub plugins: Vec<String>,
    pub indexes: Vec<String>,
}

impl Layout {
    /// `read` gives a file's text from the side being judged.
    pub fn of(inventory: &Inventory, read: &dyn Fn(&str) -> Option<String>) -> Layout {
        Layout {
            plugins: plugin_dirs(inventory, read),
            indexes: index_dirs(inventory, read),
        }
    }
}

/// The folders whose `SKILL.md` has no frontmatter and stands above a
/// skill that has one: a log or catalogue named `SKILL.md` (at a
/// repository's root, over the skills it lists). No client loads it as a
/// skill, and the `SKILL.md` files below it are skills of their own, not
/// its pages. Only a `SKILL.md` with another one below it is read here,
/// and each file at most once.
pub fn index_dirs(inventory: &Inventory, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    use std::collections::{BTreeMap, HashMap};
    let skills: BTreeMap<&str, &str> = inventory
        .skills
        .iter()
        .filter_map(|s| Some((s.dir.as_str(), s.skill_md.as_deref()?)))
        .collect();
    let below = |outer: &str, dir: &str| {
        dir != outer
            && (outer.is_empty() || dir.strip_prefix(outer).is_some_and(|r| r.starts_with('/')))
    };
    // The folders with a skill below them, found from each skill upwards.
    let mut outers: Vec<&str> = Vec::new();
    for dir in skills.keys() {
        let ups = dir.match_indices('/').map(|(i, _)| &dir[..i]);
        for up in std::iter::once("").chain(ups) {
            if up != *dir && skills.contains_key(up) && !outers.contains(&up) {
                outers.push(up);
            }
        }
    }
    let mut known: HashMap<String, bool> = HashMap::new();
    let mut has_frontmatter = |md: &str| -> bool {
        *known
            .entry(md.to_string())
            .or_insert_with(|| read(md).is_none_or(|text| !lacks_frontmatter(md, &text)))
    };
    let mut indexes: Vec<String> = Vec::new();
    outers.sort_unstable();
    for outer in outers {
        if has_frontmatter(skills[outer]) {
            continue;
        }
        let inner: Vec<&str> = skills
            .range(outer..)
            .filter(|(dir, _)| below(outer, dir))
            .map(|(_, md)| *md)
            .collect();
        if inner.into_iter().any(&mut has_frontmatter) {
            indexes.push(outer.to_string());
        }
    }
    indexes
}

/// The plugin folders the inventory's manifests define: every folder with
/// a client manifest and every local source of a marketplace entry (a
/// plugin a marketplace defines may keep its `plugin.json` at its root, or
/// have none). Skills are namespaced by the plugin that ships them.
/// A file's text as the side judged holds it (the disk, an editor's
/// buffer, or the index with `--staged`).
pub fn disk_text(settings: &Settings, rel: &str) -> Option<String> {
    let bytes = settings
        .contents()
        .read_with(rel, || std::fs::read(settings.open_path(rel)).ok())?;
    String::from_utf8(bytes).ok()
}

/// `read` gives a marketplace's text from the side being judged (the disk,
/// or the index with `--staged`).
pub fn plugin_dirs(inventory: &Inventory, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    use crate::model::plugin::{self, ManifestKind, Parsed};
    let parsed: Vec<Parsed> = inventory
        .manifests
        .iter()
        .filter_map(|rel| {
            let (kind, root) = ManifestKind::of(rel)?;
            let value = if kind.is_marketplace() {
                crate::json::parse(&read(rel)?).ok()?
            } else {
                crate::json::parse("{}").ok()?
            };
            Some(Parsed {
                path: rel.clone(),
                kind,
                root_dir: root.to_string(),
                value,
            })
        })
        .collect();
    plugin::plugins(&parsed)
        .into_iter()
        .map(|p| p.dir)
        .collect()
}

/// Skill folders by their folder name.
pub type FoldersByName<'a> = std::collections::HashMap<&'a str, Vec<&'a str>>;

/// The skill folders of an inventory by their folder name, for copies of a
/// skill elsewhere.
pub fn folders_by_name(inventory: &Inventory) -> FoldersByName<'_> {
    let mut by_name = FoldersByName::new();
    for s in inventory.skills.iter().filter(|s| s.skill_md.is_some()) {
        let name = s.dir.rsplit('/').next().unwrap_or(&s.dir);
        by_name.entry(name).or_default().push(&s.dir);
    }
    by_name
}

/// [`check_all`], each folder linted by `lint`.
pub fn check_all_by(
    inventory: &Inventory,
    report: &mut Report,
    plugins: &[String],
    reserved: bool,
    lint: impl Fn(&SkillDir) -> Result<Linted, Fatal> + Sync,
) -> Result<(), Fatal> {
    use rayon::prelude::*;
    // Each skill folder is independent: lint them in parallel, then merge in
    // inventory order so that output stays deterministic.
    let results = inventory
        .skills
        .par_iter()
        .map(&lint)
        .collect::<Result<Vec<_>, Fatal>>()?;
    merge_all(report, results, plugins, reserved);
    Ok(())
}

/// Whether a skill named in `reserved_skill_names` clashes for certain:
/// the repository holds capability profiles (agents whose capabilities
/// share the skills' namespace), `platform` is a chosen target (its
/// framework rejects such a skill), or `.caplint.yaml` sets the names.
/// Otherwise no client the skill is for reserves them: a warning.
pub fn reserved_for_certain(settings: &Settings, inventory: &Inventory) -> bool {
    let config = &settings.config;
    !inventory.profiles.is_empty()
        || config.reserved_names_chosen
        || (config.targets_chosen
            && crate::rules::skill::context::has(settings, crate::settings::Target::Platform))
}

/// Adds what each folder found (in inventory order) to `report`, then runs
/// the repository-wide skill rules. `reserved`: whether a reserved name is
/// an error ([`reserved_for_certain`]); it is decided for the run, never
/// kept with a folder's cached findings.
pub fn merge_all(report: &mut Report, results: Vec<Linted>, plugins: &[String], reserved: bool) {
    let mut names: Vec<SkillName> = Vec::new();
    let mut skills = 0;
    for mut linted in results {
        if !reserved {
            lower_reserved(&mut linted.diagnostics);
        }
        skills += usize::from(linted.is_skill);
        report.append(linted.diagnostics);
        names.extend(linted.name);
        for path in &linted.paths {
            report.mark_linted(path);
        }
        for source in linted.sources {
            report.add_source(source);
        }
    }
    // A plugin a marketplace defines namespaces its skills as one with a
    // manifest folder does: the deepest plugin folder above the skill.
    for n in &mut names {
        if let Some(d) = crate::model::plugin::deepest(plugins, &n.path) {
            if n.plugin.as_ref().is_none_or(|p| p.len() < d.len()) {
                n.plugin = Some(d.to_string());
            }
        }
    }
    let cx = Repository { names: &names };
    let mut found = Vec::new();
    for check in CHECKS {
        check.repository(&cx, &mut found);
    }
    report.extend(found);
    report.summary.skills = skills;
}

/// What one skill folder contributed to the run.
pub struct Linted {
    pub is_skill: bool,
    pub diagnostics: Vec<Diagnostic>,
    /// The texts findings point into (the others are let go).
    pub sources: Vec<crate::source::SourceFile>,
    /// Every file linted.
    pub paths: Vec<String>,
    /// The declared name, for repository-wide duplicates.
    pub name: Option<SkillName>,
    /// What the lint asked of the repository outside the folder.
    pub probes: Vec<folder::Probe>,
}

/// Lints one skill folder; its files are listed from `listing` when it
/// covers the folder, else from the disk. `by_name`: the skill folders of
/// the run by their folder name ([`folders_by_name`]); `layout`: the
/// plugin and index folders of the run ([`Layout`]).
pub fn lint_dir(
    settings: &Settings,
    inventory: &Inventory,
    dir: &SkillDir,
    listing: Option<&crate::discover::Listing>,
    by_name: &FoldersByName<'_>,
    layout: &Layout,
) -> Result<Linted, Fatal> {
    let mut out = Linted {
        is_skill: false,
        diagnostics: Vec::new(),
        sources: Vec::new(),
        paths: Vec::new(),
        name: None,
        probes: Vec::new(),
    };
    let cx = Dir::new(settings, inventory, dir);
    for check in CHECKS {
        check.folder(&cx, &mut out.diagnostics);
    }
    let Some(rel) = &dir.skill_md else {
        return Ok(out);
    };
    out.is_skill = true;
    let (mut source, bad_utf8) = read_source(settings, rel)?;
    let found = &mut out.diagnostics;
    found.extend(security::check(security::CHECKS, &mut source));
    crate::redact::learn_source(&source);
    let parsed = parse_skill_md(rel, &source.text);
    let folder_name = folder_name(settings, &dir.dir);
    let mut folder = folder::walk(settings, &dir.dir, listing, read_sized);
    folder.use_plugins(&layout.plugins);
    folder.use_indexes(&layout.indexes);
    let name = dir.dir.rsplit('/').next().unwrap_or(&dir.dir);
    folder.copies = by_name
        .get(name)
        .into_iter()
        .flatten()
        .filter(|d| **d != dir.dir)
        .map(|d| d.to_string())
        .collect();
    out.name = SkillName::of(rel, &parsed).map(|mut n| {
        n.plugin = folder.plugin_root().map(str::to_string);
        n
    });
    let references = references::build(
        &folder,
        &folder_name,
        &source,
        parsed.body.clone(),
        parsed.yaml_range(),
    );
    let codex = has(settings, Target::Codex).then(|| {
        let exists = |rel: &str| {
            let path = folder.repo_path(rel);
            folder.files.iter().any(|f| f.rel == rel)
                || match settings.contents().kind(&path) {
                    Some(kind) => kind == Some(crate::contents::PathKind::File),
                    None => settings
                        .open_path(&path)
                        .symlink_metadata()
                        .is_ok_and(|m| m.is_file()),
                }
        };
        codex_metadata::read(settings, &dir.dir, &exists)
    });
    let cx = Skill {
        settings,
        source: &source,
        bad_utf8,
        parsed: &parsed,
        folder_name: &folder_name,
        folder: &folder,
        references: &references,
        codex: codex.as_ref(),
    };
    for check in CHECKS {
        check.skill(&cx, found);
    }
    if let Some(name) = placeholder_name(&parsed, &source.text) {
        lower_template(&dir.dir, name, found);
    }
    if crate::model::skill::install::only_claude_code(settings, &folder) {
        if let Some(outer) = crate::model::skill::install::enclosing_skill(&folder) {
            lower_nested(rel, &outer, found);
        }
    }
    if let Some(mut source) = codex.and_then(|meta| meta.source) {
        // Read as a resource too, unless it was not (not UTF-8): then its
        // secrets are looked for here, so that no message quotes one.
        if !folder.texts.contains_key(OPENAI_YAML) {
            found.extend(security::check(security::CHECKS, &mut source));
            crate::redact::learn_source(&source);
            out.sources.push(source);
        }
    }
    for file in &folder.files {
        if file.kind == FileKind::Large {
            // Scanned in pieces, never held whole.
            let path = folder.repo_path(&file.rel);
            let secrets = match settings.contents().read(&path) {
                crate::contents::Read::Held(bytes) => {
                    crate::secrets::scan_reader(&mut std::io::Cursor::new(bytes)).ok()
                }
                crate::contents::Read::Absent => None,
                crate::contents::Read::Disk => std::fs::File::open(settings.open_path(&path))
                    .ok()
                    .and_then(|mut f| crate::secrets::scan_reader(&mut f).ok()),
            };
            found.extend(security::check_large(
                security::CHECKS,
                &LargeFile {
                    path: &path,
                    limit: crate::model::skill::limits::MAX_RESOURCE_BYTES,
                    secrets: secrets.as_deref(),
                },
            ));
        }
    }
    out.probes = folder.probes.take();
    for (_, mut text) in folder.texts {
        found.extend(security::check(security::CHECKS, &mut text));
        crate::redact::learn_source(&text);
        out.sources.push(text);
    }
    out.sources.push(source);
    out.paths = out.sources.iter().map(|s| s.path.clone()).collect();
    // One pass over the findings, not one per file (a folder of 100,000
    // unreferenced files has as many findings as files).
    let pointed = Report::pointed_paths(&out.diagnostics);
    out.sources.retain(|s| pointed.contains(s.path.as_str()));
    Ok(out)
}

/// A `name` that is a template's placeholder (`<skill-name>`, `[TODO: …]`,
/// `{{name}}`, `your-skill-name`, `SKILL_NAME`), as written: the `SKILL.md` is a template
/// to copy, not a skill a client installs.
fn placeholder_name<'t>(
    parsed: &crate::model::skill::parsed::ParsedSkill,
    text: &'t str,
) -> Option<&'t str> {
    let raw = text.get(parsed.name()?.value.span.range())?.trim();
    let raw = raw.trim_matches(['"', '\'']).trim();
    crate::model::skill::templates::is_placeholder_name(raw).then_some(raw)
}

/// A reserved name no client of the run holds the skill to
/// ([`reserved_for_certain`]) is a warning.
fn lower_reserved(found: &mut [Diagnostic]) {
    for d in found.iter_mut() {
        if d.rule.id == crate::rules::skill::reserved_name::RULE.id
            && d.severity == crate::diagnostic::Severity::Error
        {
            d.lower("a warning here: no capability profile is in the repository and `platform` is not a chosen target, so no framework that reserves the name loads this skill; set `reserved_skill_names` in .caplint.yaml to hold it as an error");
        }
    }
}

/// A template's skill rule errors are warnings: its name, links and
/// fields are the copy's to fill in.
fn lower_template(dir: &str, name: &str, found: &mut [Diagnostic]) {
    let inside = format!("{dir}/");
    for d in found.iter_mut() {
        let here = dir.is_empty() || d.path == dir || d.path.starts_with(&inside);
        if !here
            || d.severity != crate::diagnostic::Severity::Error
            || !d.rule.id.starts_with("skill/")
        {
            continue;
        }
        d.lower(format!("its `name` is a placeholder (`{name}`): a template to copy, not a skill a client installs"));
    }
}

/// A `SKILL.md` inside the skill folder `outer`, which only Claude Code
/// installs: its frontmatter's errors are warnings, since Claude Code never
/// lists it as a skill (its links are still followed, and still judged).
fn lower_nested(rel: &str, outer: &str, found: &mut [Diagnostic]) {
    use crate::model::skill::install;
    let outer = if outer.is_empty() {
        "the repository's root"
    } else {
        outer
    };
    for d in found.iter_mut() {
        if d.path != rel
            || d.severity != crate::diagnostic::Severity::Error
            || !install::lowers_nested(d.rule.id)
        {
            continue;
        }
        d.lower(install::claude_code_note(&format!(
            "lists the skills one folder down in a skills folder, not this `SKILL.md` inside the skill `{outer}`, so it reads this file only as a page of that skill"
        )));
    }
}

/// The folder's own name; the repository's folder name for a skill at the root.
fn folder_name(settings: &Settings, dir: &str) -> String {
    match dir.rsplit('/').next().filter(|s| !s.is_empty()) {
        Some(name) => name.to_string(),
        None => settings
            .root
            .canonicalize()
            .unwrap_or_else(|_| settings.root.clone())
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// A skill rule's error where no client installs the skill is a warning
/// (a plugin rule's too in a test-fixture folder, and a secret in a test's
/// file, where it is planted to test with): the installation
/// model's [`crate::model::skill::install::not_installed`] says why — a
/// fixture, where a file is often wrong on purpose, a template, a copy of
/// another project, a folder set aside by its leading `_`, or a snapshot of a skill kept outside every skills
/// folder (`preview/`, a build's overlay such as `skill-flavors/web/<skill>/`).
/// A README beside a `SKILL.md` in a mirror's copy of another repository
/// ([`crate::model::skill::mirror::mirrored_readme`]) is lowered too.
/// The finding is kept, so a real mistake there is still seen.
///
/// So is a skill rule's error in a folder whose `SKILL.md` marks no skill
/// for certain ([`crate::model::skill::unmarked`]); `read` gives a file's
/// text from the side judged.
pub fn soften_uninstalled(
    inventory: &Inventory,
    report: &mut Report,
    read: &dyn Fn(&str) -> Option<String>,
) {
    use crate::model::skill::install;
    let dirs = inventory
        .skills
        .iter()
        .filter(|s| s.skill_md.is_some())
        .map(|s| s.dir.as_str());
    let skills: std::collections::HashSet<&str> = dirs.clone().collect();
    let copies = crate::model::skill::mirror::mirror_copies(dirs.clone());
    let snapshots = install::snapshot_copies(dirs, &inventory.skill_roots, &inventory.named);
    let unmarked = unmarked_dirs(inventory, read);
    let named_snapshots = named_snapshots(inventory, read);
    let inside = |path: &str, dir: &str| {
        dir.is_empty() || path == dir || path.strip_prefix(dir).is_some_and(|r| r.starts_with('/'))
    };
    // The unmarked folder whose skill the file at `path` is of: it holds
    // the file, and no skill folder inside it does.
    let unmarked_of = |path: &str| {
        let dir = *unmarked
            .iter()
            .filter(|u| inside(path, u))
            .max_by_key(|u| u.len())?;
        let deeper = skills
            .iter()
            .any(|s| s.len() > dir.len() && inside(s, dir) && inside(path, s));
        (!deeper).then_some(dir)
    };
    for d in &mut report.diagnostics {
        if d.severity != crate::diagnostic::Severity::Error {
            continue;
        }
        if d.rule.id.starts_with("skill/") {
            if let Some(copy) =
                crate::model::skill::mirror::mirrored_readme(&d.path, &skills, &copies)
            {
                d.lower(crate::model::skill::mirror::mirror_note(copy));
                continue;
            }
            if let Some(dir) = unmarked_of(&d.path) {
                d.lower(crate::model::skill::unmarked::note(dir));
                continue;
            }
            let snapshot = named_snapshots
                .iter()
                .filter(|(dir, _)| inside(&d.path, dir))
                .max_by_key(|(dir, _)| dir.len())
                .filter(|(dir, _)| {
                    !skills
                        .iter()
                        .any(|s| s.len() > dir.len() && inside(s, dir) && inside(&d.path, s))
                });
            if let Some((dir, name)) = snapshot {
                d.lower(crate::model::skill::mirror::snapshot_note(dir, name));
                continue;
            }
        }
        let Some(why) = install::not_installed(&d.path, &inventory.named, &snapshots, &skills)
        else {
            continue;
        };
        if !why.lowers(d.rule.id) {
            continue;
        }
        d.lower(why.note(d.rule.id));
    }
}

/// The skill folders that are snapshots of another skill, each with the
/// name its `SKILL.md` gives ([`crate::model::skill::mirror::is_named_snapshot`]):
/// only folders whose name has the word `snapshot` are read.
fn named_snapshots<'a>(
    inventory: &'a Inventory,
    read: &dyn Fn(&str) -> Option<String>,
) -> Vec<(&'a str, String)> {
    inventory
        .skills
        .iter()
        .filter(|s| {
            let folder = s.dir.rsplit('/').next().unwrap_or(&s.dir);
            folder.to_ascii_lowercase().contains("snapshot")
        })
        .filter_map(|s| {
            let md = s.skill_md.as_deref()?;
            let parsed = parse_skill_md(md, &read(md)?);
            let name = parsed.field("name")?.value.as_str()?.to_string();
            crate::model::skill::mirror::is_named_snapshot(&s.dir, &name)
                .then_some((s.dir.as_str(), name))
        })
        .collect()
}

/// The skill folders whose `SKILL.md` marks no skill for certain
/// ([`crate::model::skill::unmarked::unmarked_dirs`]). Files are read only
/// for the folders outside every skills place, and the plugin folders only
/// when there is one.
fn unmarked_dirs<'a>(
    inventory: &'a Inventory,
    read: &dyn Fn(&str) -> Option<String>,
) -> Vec<&'a str> {
    use crate::model::skill::unmarked;
    let skills: Vec<(&str, &str, bool)> = inventory
        .skills
        .iter()
        .filter_map(|s| Some((s.dir.as_str(), s.skill_md.as_deref()?, s.in_root)))
        .collect();
    if !skills
        .iter()
        .any(|(dir, _, in_root)| !dir.is_empty() && !unmarked::in_skills_place(dir, *in_root))
    {
        return Vec::new();
    }
    let plugins = plugin_dirs(inventory, read);
    unmarked::unmarked_dirs(&skills, &plugins, &inventory.named, |md| {
        read(md).is_some_and(|text| lacks_frontmatter(md, &text))
    })
}

/// Whether the `SKILL.md` at `md` with `text` has no frontmatter at all
/// (empty, or no opening `---`).
fn lacks_frontmatter(md: &str, text: &str) -> bool {
    use crate::model::skill::parsed::Problem;
    matches!(
        parse_skill_md(md, text).problem,
        Some(Problem::NoOpening { .. } | Problem::Empty)
    )
}

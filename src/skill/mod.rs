//! Skill folders: `SKILL.md` frontmatter and fields ([`rules`]), the files
//! of the folder and the references between them ([`references`]), and
//! secrets in every text file of the folder.
//!
//! [`parse_skill_md`] is the reusable entry point for other parts of caplint
//! (history reads `name` and `version` of a `SKILL.md` from a git blob).

pub mod frontmatter;
pub mod markdown;
pub mod model;
pub mod references;
pub mod rules;
pub mod targets;

pub use model::{parse_skill_md, Field, ParsedSkill, Problem, MAX_FRONTMATTER_BYTES};

use crate::config::Settings;
use crate::diagnostic::Diagnostic;
use crate::diagnostic::Report;
use crate::discover::{Inventory, SkillDir, SKILL_MD};
use crate::error::Fatal;
use crate::load::read_source;
use crate::rules::security;
use crate::rules::skill::{
    INVALID_FRONTMATTER, MISNAMED_SKILL_MD, MISSING_SKILL_MD, UNREFERENCED_FILE,
};
use crate::source::Span;
use std::io::Read;

/// Lints every skill of the inventory into `report`.
pub fn check_all(
    settings: &Settings,
    inventory: &Inventory,
    report: &mut Report,
) -> Result<(), Fatal> {
    use rayon::prelude::*;
    // Each skill folder is independent: lint them in parallel, then merge in
    // inventory order so that output stays deterministic.
    let results = inventory
        .skills
        .par_iter()
        .map(|dir| lint_dir(settings, inventory, dir))
        .collect::<Result<Vec<_>, Fatal>>()?;
    let mut names: Vec<(String, String, Span)> = Vec::new();
    let mut skills = 0;
    for linted in results {
        skills += usize::from(linted.is_skill);
        report.extend(linted.diagnostics);
        names.extend(linted.name);
        for source in linted.sources {
            report.add_source(source);
        }
    }
    report.extend(rules::duplicate_names(&names));
    report.summary.skills = skills;
    Ok(())
}

/// The folder's own name; the repository's folder name for a skill at the root.
/// What one skill folder contributed to the run.
struct Linted {
    is_skill: bool,
    diagnostics: Vec<Diagnostic>,
    sources: Vec<crate::source::SourceFile>,
    /// (SKILL.md path, name, span of the name) for repository-wide duplicates.
    name: Option<(String, String, Span)>,
}

fn lint_dir(settings: &Settings, inventory: &Inventory, dir: &SkillDir) -> Result<Linted, Fatal> {
    let mut out = Linted {
        is_skill: false,
        diagnostics: misnamed(settings, dir),
        sources: Vec::new(),
        name: None,
    };
    let Some(rel) = &dir.skill_md else {
        if dir.in_root && out.diagnostics.is_empty() {
            out.diagnostics.push(missing_skill_md(inventory, dir));
        }
        return Ok(out);
    };
    out.is_skill = true;
    let (mut source, bad_utf8) = read_source(settings, rel)?;
    let found = &mut out.diagnostics;
    found.extend(security::check(security::CHECKS, &mut source));
    crate::redact::learn_source(&source);
    if let Some(offset) = bad_utf8 {
        found.push(
            Diagnostic::new(
                INVALID_FRONTMATTER,
                rel.clone(),
                "SKILL.md is not valid UTF-8",
            )
            .at(source.char_span_at(offset))
            .label("first invalid byte")
            .help("save the file as UTF-8: clients fail to read it and drop the skill"),
        );
    }
    let parsed = parse_skill_md(rel, &source.text);
    let folder_name = folder_name(settings, &dir.dir);
    let cx = rules::Context {
        settings,
        folder: &folder_name,
    };
    found.extend(rules::check(&source, &parsed, &cx));
    found.extend(rules::body_length(&source, &parsed));
    if let Some(f) = parsed.name() {
        if let Some(name) = f.as_str().filter(|n| !n.trim().is_empty()) {
            out.name = Some((rel.clone(), name.to_string(), f.value.span));
        }
    }
    let folder = references::walk(settings, &dir.dir, Some(&inventory.listing));
    let mut refs = references::check(
        &folder,
        &folder_name,
        &source,
        parsed.body.clone(),
        parsed.yaml_range(),
    );
    if targets::has(settings, targets::Target::Codex) {
        let exists = |rel: &str| {
            folder.files.iter().any(|f| f.rel == rel)
                || settings
                    .open_path(&folder.repo_path(rel))
                    .symlink_metadata()
                    .is_ok_and(|m| m.is_file())
        };
        let meta = targets::codex_metadata(settings, &dir.dir, &exists);
        // Client metadata and the icons it names are read by Codex, not
        // by the agent: they need no reference from SKILL.md.
        let referenced: Vec<String> = meta
            .referenced
            .iter()
            .map(|r| folder.repo_path(r))
            .collect();
        refs.retain(|d| !(d.rule == UNREFERENCED_FILE && referenced.contains(&d.path)));
        refs.extend(meta.diagnostics);
        if let Some(mut source) = meta.source {
            // Read as a resource too, unless it was not (not UTF-8): then its
            // secrets are looked for here, so that no message quotes one.
            if !folder.texts.contains_key(targets::OPENAI_YAML) {
                refs.extend(security::check(security::CHECKS, &mut source));
                crate::redact::learn_source(&source);
                out.sources.push(source);
            }
        }
    }
    found.extend(refs);
    for file in &folder.files {
        if let references::FileKind::Large { secrets } = &file.kind {
            found.extend(security::check_large(
                security::CHECKS,
                &security::LargeFile {
                    path: &folder.repo_path(&file.rel),
                    limit: references::MAX_RESOURCE_BYTES,
                    secrets: secrets.as_deref(),
                },
            ));
        }
    }
    for (_, mut text) in folder.texts {
        found.extend(security::check(security::CHECKS, &mut text));
        crate::redact::learn_source(&text);
        out.sources.push(text);
    }
    out.sources.push(source);
    Ok(out)
}

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

/// Whether a file starts like a skill: `---` on its first line (BOM allowed).
fn looks_like_skill(settings: &Settings, rel: &str) -> bool {
    let mut head = [0u8; 8];
    let Ok(mut file) = std::fs::File::open(settings.open_path(rel)) else {
        return false;
    };
    let n = file.read(&mut head).unwrap_or(0);
    let head = &head[..n];
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    head.starts_with(b"---\n") || head.starts_with(b"---\r\n")
}

/// `skill/misnamed-skill-md` for each other casing of `SKILL.md` that is
/// meant as one: in a skills root, next to a real `SKILL.md`, or opening
/// with frontmatter. (`docs/skill.md`, a page about skills, is not.)
fn misnamed(settings: &Settings, dir: &SkillDir) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for rel in &dir.misnamed {
        if !(dir.in_root || dir.skill_md.is_some() || looks_like_skill(settings, rel)) {
            continue;
        }
        let name = rel.rsplit('/').next().unwrap_or(rel);
        let message = if dir.skill_md.is_some() {
            format!("`{name}` is another casing of `SKILL.md`; clients read only `SKILL.md`, so this file is ignored")
        } else {
            format!("the skill file is named `{name}`; clients look for exactly `SKILL.md`")
        };
        let help = if dir.skill_md.is_some() {
            "merge it into SKILL.md and delete it"
        } else {
            "rename it to `SKILL.md`: on case-sensitive file systems (Linux, zip archives) any other casing is never found"
        };
        let mut d = Diagnostic::new(MISNAMED_SKILL_MD, rel.clone(), message).help(help);
        if dir.skill_md.is_none() {
            let to = match rel.rsplit_once('/') {
                Some((folder, _)) => format!("{folder}/SKILL.md"),
                None => "SKILL.md".to_string(),
            };
            d = d.with_fix(crate::diagnostic::Fix {
                message: format!("rename `{name}` to `SKILL.md`"),
                applicability: crate::diagnostic::Applicability::Safe,
                edits: Vec::new(),
                rename: Some((rel.clone(), to)),
            });
        }
        out.push(d);
    }
    out
}

fn missing_skill_md(inventory: &Inventory, dir: &SkillDir) -> Diagnostic {
    let prefix = format!("{}/", dir.dir);
    let groups = inventory
        .skills
        .iter()
        .any(|s| s.skill_md.is_some() && s.dir.starts_with(&prefix));
    let root = crate::discover::parent_of(&dir.dir);
    let help = if groups {
        format!(
            "this folder groups skills; list `{}/*` in `skill_roots` in .caplint.yaml so that each folder inside it is checked as a skill instead",
            dir.dir
        )
    } else {
        format!(
            "add a `{SKILL_MD}` with `name` and `description` frontmatter, or move the folder out of the skills root `{root}`"
        )
    };
    Diagnostic::new(
        MISSING_SKILL_MD,
        dir.dir.clone(),
        format!("this folder is in the skills root `{root}` but has no `{SKILL_MD}`"),
    )
    .help(help)
}

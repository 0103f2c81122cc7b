//! What a `skill/*` rule is given, and the trait each rule's `Check`
//! implements. The engine (`crate::lint::skills`) builds the contexts once per
//! skill folder and runs every rule of [`super::CHECKS`] on them, in three
//! phases: each folder that is (or must be) a skill ([`Dir`]), each folder
//! with a `SKILL.md` ([`Skill`]), and once per run ([`Repository`]).

use crate::diagnostic::Diagnostic;
use crate::discover::{Inventory, SkillDir};
use crate::model::skill::folder::Folder;
use crate::model::skill::graph::References;
use crate::model::skill::parsed::{Field, ParsedSkill};
use crate::model::skill::targets::Target;
use crate::settings::Settings;
use crate::source::{SourceFile, Span};
use crate::yaml::Resolved;
use std::io::Read;

#[cfg(test)]
pub(crate) use testing::*;

/// One `skill/*` rule's check. Each phase defaults to finding nothing.
pub trait SkillRule {
    /// A folder found as a skill, or one that must be a skill (directly in
    /// a skills root), with or without a `SKILL.md`.
    fn folder(&self, _cx: &Dir<'_>, _out: &mut Vec<Diagnostic>) {}

    /// A folder with a `SKILL.md`: the file, parsed, and the folder's files
    /// and references.
    fn skill(&self, _cx: &Skill<'_>, _out: &mut Vec<Diagnostic>) {}

    /// Once per run, after every folder.
    fn repository(&self, _cx: &Repository<'_>, _out: &mut Vec<Diagnostic>) {}
}

/// A folder that is, or must be, a skill.
pub struct Dir<'a> {
    pub settings: &'a Settings,
    pub inventory: &'a Inventory,
    pub dir: &'a SkillDir,
    /// The files named `SKILL.md` in another casing that are meant as one:
    /// in a skills root, next to a real `SKILL.md`, or opening with
    /// frontmatter. (`docs/skill.md`, a page about skills, is not.)
    pub misnamed: Vec<&'a str>,
}

impl<'a> Dir<'a> {
    pub fn new(settings: &'a Settings, inventory: &'a Inventory, dir: &'a SkillDir) -> Dir<'a> {
        let misnamed = dir
            .misnamed
            .iter()
            .filter(|rel| {
                let (name, description) = skill_keys(settings, rel);
                // A template of a skill file (`name: "{skill-name}"`) is
                // copied and renamed by whoever fills it in.
                !name
                    .as_deref()
                    .is_some_and(crate::model::skill::templates::is_placeholder_name)
                    && (dir.in_root || dir.skill_md.is_some() || name.is_some() || description)
            })
            .map(String::as_str)
            .collect();
        Dir {
            settings,
            inventory,
            dir,
            misnamed,
        }
    }
}

/// Whether a file opens with a skill's own frontmatter, `name` and
/// `description` both: a skill's file under another name (`README.md`).
/// A page of a documentation site has a `description` of its own.
pub(crate) fn opens_as_skill(settings: &Settings, rel: &str) -> bool {
    matches!(skill_keys(settings, rel), (Some(_), true))
}

/// A file's frontmatter (`---` on its first line, BOM allowed, within its
/// first 4 KiB): its top-level `name:` value (quotes removed), and whether
/// it has a `description:`. A file starts like a skill with either (a
/// generated page with frontmatter of its own, `concept: skill`, does not).
fn skill_keys(settings: &Settings, rel: &str) -> (Option<String>, bool) {
    let mut head = [0u8; 4096];
    let n = match settings.contents().read(rel) {
        crate::contents::Read::Held(bytes) => {
            let n = bytes.len().min(head.len());
            head[..n].copy_from_slice(&bytes[..n]);
            n
        }
        crate::contents::Read::Absent => return (None, false),
        crate::contents::Read::Disk => {
            // Only a regular file is opened: a FIFO would block the run.
            let path = settings.open_path(rel);
            if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                return (None, false);
            }
            let Ok(mut file) = std::fs::File::open(path) else {
                return (None, false);
            };
            let mut n = 0;
            while n < head.len() {
                match file.read(&mut head[n..]) {
                    Ok(0) | Err(_) => break,
                    Ok(k) => n += k,
                }
            }
            n
        }
    };
    let head = &head[..n];
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    let mut lines = text.lines();
    if lines.next().map(str::trim_end) != Some("---") {
        return (None, false);
    }
    let keys: Vec<&str> = lines.take_while(|l| l.trim_end() != "---").collect();
    let name = keys.iter().find_map(|l| {
        let value = l.strip_prefix("name:")?.trim();
        Some(value.trim_matches(['"', '\'']).trim().to_string())
    });
    (name, keys.iter().any(|l| l.starts_with("description:")))
}

/// A skill folder with its `SKILL.md`.
pub struct Skill<'a> {
    pub settings: &'a Settings,
    /// `SKILL.md` (invalid UTF-8 replaced).
    pub source: &'a SourceFile,
    /// The offset of the first byte of `SKILL.md` that is not UTF-8.
    pub bad_utf8: Option<usize>,
    pub parsed: &'a ParsedSkill,
    /// The folder's own name (what `name` must equal).
    pub folder_name: &'a str,
    pub folder: &'a Folder,
    /// The folder's reference graph.
    pub references: &'a References,
    /// `agents/openai.yaml`, read when target `codex` is selected.
    pub codex: Option<&'a CodexMetadata>,
}

impl Skill<'_> {
    pub fn path(&self) -> &str {
        self.source.path.as_str()
    }

    /// A required field (`name`, `description`) written as a string that
    /// is not blank: its text and entry. (A missing, empty or mistyped one
    /// is `skill/missing-field` or `skill/field-type`.)
    pub fn required_text(&self, key: &str) -> Option<(&str, Field<'_>)> {
        let f = self.parsed.field(key)?;
        if f.resolved() != Some(Resolved::Str) {
            return None;
        }
        let text = f.as_str().unwrap_or("");
        (!text.trim().is_empty()).then_some((text, f))
    }
}

/// What the codex check of one skill folder found: diagnostics, the source
/// of `agents/openai.yaml` (for snippets), and the skill-relative paths the
/// metadata names (itself and its icons), which count as referenced.
#[derive(Default)]
pub struct CodexMetadata {
    pub diagnostics: Vec<Diagnostic>,
    pub source: Option<SourceFile>,
    pub referenced: Vec<String>,
}

/// A skill's declared name, for the repository-wide checks.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct SkillName {
    /// The path of `SKILL.md`.
    pub path: String,
    pub name: String,
    /// The span of the name's value.
    pub span: Span,
    /// The plugin folder the skill belongs to (its skills are namespaced by
    /// the plugin), when there is one.
    pub plugin: Option<String>,
}

impl SkillName {
    /// The name of a parsed `SKILL.md`, when it is a string that is not blank.
    pub fn of(path: &str, parsed: &ParsedSkill) -> Option<SkillName> {
        let f = parsed.name()?;
        let name = f.as_str().filter(|n| !n.trim().is_empty())?;
        Some(SkillName {
            path: path.to_string(),
            name: name.to_string(),
            span: f.value.span,
            plugin: None,
        })
    }
}

/// Every skill of the run.
pub struct Repository<'a> {
    /// The declared names, in inventory order.
    pub names: &'a [SkillName],
}

// ---------------------------------------------------------------------------
// Targets, as the settings select them.

/// The selected clients (`claude` stands for `claude-api` and
/// `claude-code`), deduplicated, in a stable order; never empty.
pub fn selected(settings: &Settings) -> Vec<Target> {
    let mut t: Vec<Target> = settings
        .config
        .targets
        .iter()
        .flat_map(|t| t.clients().iter().copied())
        .collect();
    t.sort();
    t.dedup();
    if t.is_empty() {
        t.push(Target::Agentskills);
    }
    t
}

/// Whether the client `target` is selected, by its own name or by a name
/// that stands for it (`claude`).
pub fn has(settings: &Settings, target: Target) -> bool {
    settings
        .config
        .targets
        .iter()
        .any(|t| t.clients().contains(&target))
}

/// `a`, `a and b`, `a, b and c` of target names in backticks.
pub fn list_names(targets: &[Target]) -> String {
    let names: Vec<String> = targets.iter().map(|t| format!("`{}`", t.name())).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// The effective description limit: the config's, lowered by every selected
/// target's own; with the target that sets it when a target does.
pub fn description_limit(settings: &Settings) -> (usize, Option<Target>) {
    let mut best = (settings.config.description_max_chars, None);
    for t in selected(settings) {
        if t.description_limit() < best.0 {
            best = (t.description_limit(), Some(t));
        }
    }
    best
}

/// The selected targets that do not read `key` (empty: every one does).
pub fn unknown_to(settings: &Settings, key: &str) -> Vec<Target> {
    if settings.config.extra_skill_fields.iter().any(|x| x == key) {
        return Vec::new();
    }
    selected(settings)
        .into_iter()
        .filter(|t| !t.knows_field(key))
        .collect()
}

/// Every key some selected target reads, for did-you-mean.
pub fn known_to_any(settings: &Settings) -> Vec<&'static str> {
    let mut all: Vec<&'static str> = selected(settings)
        .into_iter()
        .flat_map(|t| t.known_fields())
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// What the targets that do not know a key do with it.
pub fn unknown_field_effects(targets: &[Target]) -> String {
    targets
        .iter()
        .map(|t| t.unknown_field_effect())
        .collect::<Vec<_>>()
        .join("; ")
}

/// What the rule files' tests run: every rule of the family on a
/// `SKILL.md` text, or on a folder built on disk.
#[cfg(test)]
mod testing {
    use super::{Skill, SkillRule as _};
    use crate::date::Date;
    use crate::diagnostic::{Diagnostic, Rule};
    use crate::model::skill::folder::{self, Folder};
    use crate::model::skill::graph::References;
    use crate::model::skill::parsed::parse_skill_md;
    use crate::model::skill::references;
    use crate::settings::Settings;
    use crate::source::SourceFile;
    use std::path::Path;

    pub fn settings() -> Settings {
        Settings::defaults("/tmp", Date::parse_ymd("2026-10-15").unwrap())
    }

    pub fn settings_at(root: &Path) -> Settings {
        Settings::defaults(root, Date::parse_ymd("2026-10-15").unwrap())
    }

    /// A `SKILL.md` with this frontmatter and a one-line body.
    pub fn fm(body: &str) -> String {
        format!("---\n{body}---\n# Refunds\n")
    }

    /// A skill no rule objects to, as `(path, text)` for [`lint_repo`]: the
    /// passing case of the rules that look at whole folders.
    pub const CLEAN_SKILL: (&str, &str) = (
        "skills/refund-policy/SKILL.md",
        "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n",
    );

    /// Frontmatter no rule objects to, for the folder `refund-policy`.
    pub const OK: &str =
        "name: refund-policy\ndescription: When a refund is given without asking.\n";

    /// The source and every finding of every skill rule for `text` as
    /// `skills/{folder}/SKILL.md`, in a folder with no other file.
    pub fn lint_in(folder: &str, text: &str, settings: &Settings) -> (SourceFile, Vec<Diagnostic>) {
        let source = SourceFile::new(format!("skills/{folder}/SKILL.md"), text);
        let parsed = parse_skill_md(&source.path, text);
        let files = Folder::default();
        let refs = References::default();
        let cx = Skill {
            settings,
            source: &source,
            bad_utf8: None,
            parsed: &parsed,
            folder_name: folder,
            folder: &files,
            references: &refs,
            codex: None,
        };
        let mut out = Vec::new();
        for check in crate::rules::skill::CHECKS {
            check.skill(&cx, &mut out);
        }
        (source, out)
    }

    /// Every finding for `text` in the folder `refund-policy`.
    pub fn diags(text: &str) -> Vec<Diagnostic> {
        lint_in("refund-policy", text, &settings()).1
    }

    /// (rule, spanned text) of every finding for `text` in `folder`, by
    /// position.
    pub fn run_in(folder: &str, text: &str, settings: &Settings) -> Vec<(&'static Rule, String)> {
        let (source, mut d) = lint_in(folder, text, settings);
        d.sort_by_key(|d| (d.span.map(|s| s.offset), d.rule));
        d.into_iter()
            .map(|d| {
                (
                    d.rule,
                    d.span
                        .map_or(String::new(), |s| source.slice(s).to_string()),
                )
            })
            .collect()
    }

    /// [`run_in`] for the folder `refund-policy` with default settings.
    pub fn run(text: &str) -> Vec<(&'static Rule, String)> {
        run_in("refund-policy", text, &settings())
    }

    /// Builds `skills/demo` with `files` in a new repository and runs the
    /// reference rules: (rule, path, spanned text).
    pub fn run_files(files: &[(&str, &str)]) -> Vec<(&'static str, String, String)> {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for (rel, text) in files {
            let p = root.join("skills/demo").join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        run_at(root)
    }

    /// The reference rules on `skills/demo` under `root`.
    pub fn run_at(root: &Path) -> Vec<(&'static str, String, String)> {
        let s = settings_at(root);
        let folder = folder::walk(&s, "skills/demo", None, crate::load::read_sized);
        let text = std::fs::read_to_string(root.join("skills/demo/SKILL.md")).unwrap();
        let src = SourceFile::new("skills/demo/SKILL.md", text.clone());
        let parsed = parse_skill_md(&src.path, &text);
        let refs = references::build(
            &folder,
            "demo",
            &src,
            parsed.body.clone(),
            parsed.yaml_range(),
        );
        let cx = Skill {
            settings: &s,
            source: &src,
            bad_utf8: None,
            parsed: &parsed,
            folder_name: "demo",
            folder: &folder,
            references: &refs,
            codex: None,
        };
        let mut d = Vec::new();
        use crate::rules::skill::{broken_reference, reference_escapes, unreferenced_file};
        broken_reference::Check.skill(&cx, &mut d);
        reference_escapes::Check.skill(&cx, &mut d);
        unreferenced_file::Check.skill(&cx, &mut d);
        d.sort_by_key(|d| (d.path.clone(), d.span.map(|s| s.offset)));
        d.into_iter()
            .map(|d| {
                let spanned = match d.span {
                    None => String::new(),
                    Some(s) if d.path == src.path => src.slice(s).to_string(),
                    Some(s) => {
                        let rel = d.path.strip_prefix("skills/demo/").unwrap();
                        folder.texts[rel].slice(s).to_string()
                    }
                };
                (d.rule.id, d.path, spanned)
            })
            .collect()
    }

    /// Makes a FIFO (a named pipe) at `path`.
    pub fn mkfifo(path: &Path) {
        extern "C" {
            #[link_name = "mkfifo"]
            fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
        }
        let fifo = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc_mkfifo(fifo.as_ptr(), 0o644) }, 0);
    }

    /// Writes `files` (repository-relative path, text) under `root`.
    pub fn write_files(root: &Path, files: &[(&str, &str)]) {
        for (rel, text) in files {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
    }

    /// Runs the skill engine on a new repository holding `files`, with
    /// `targets` (none: the default): the sources it read and the findings
    /// of `rule`.
    pub fn lint_repo(
        files: &[(&str, &str)],
        targets: &[crate::model::skill::targets::Target],
        rule: &Rule,
    ) -> (Vec<SourceFile>, Vec<Diagnostic>) {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        write_files(root, files);
        lint_root(root, targets, rule)
    }

    /// Runs the skill engine on the repository at `root`, with `targets`
    /// (none: the default): the sources it read and the findings of `rule`.
    pub fn lint_root(
        root: &Path,
        targets: &[crate::model::skill::targets::Target],
        rule: &Rule,
    ) -> (Vec<SourceFile>, Vec<Diagnostic>) {
        let mut config = crate::settings::Config::default();
        if !targets.is_empty() {
            config.targets = targets.to_vec();
            config.targets_chosen = true;
        }
        let settings = Settings::new(
            root.to_path_buf(),
            config,
            None,
            Date::parse_ymd("2026-10-15").unwrap(),
        )
        .unwrap();
        let inventory = crate::discover::discover(&settings, &[]).unwrap();
        let mut report = crate::diagnostic::Report::default();
        crate::lint::skills::check_all(&settings, &inventory, &mut report).unwrap();
        // As `lint::run` does: the texts of files without findings were let
        // go; those the findings point into are read again.
        report.restore_sources(|path| {
            crate::load::read_source(&settings, path)
                .ok()
                .map(|(source, _)| source)
        });
        let found = report
            .diagnostics
            .into_iter()
            .filter(|d| d.rule == rule)
            .collect();
        (report.sources.into_values().collect(), found)
    }

    /// The human output (no colour) of `diagnostics`.
    pub fn human(sources: Vec<SourceFile>, diagnostics: Vec<Diagnostic>) -> String {
        crate::render::human::plain(sources, diagnostics)
    }
}

//! The reference graph of a skill folder, computed once per skill: which
//! files SKILL.md names (and the files they name in turn), and the names
//! that do not resolve or lead outside the folder.
//!
//! The names at fault are typed findings ([`Broken`], [`Escape`] in
//! [`crate::model::skill::graph`]): what is wrong, where, and the severity
//! judged here. The rule files (`skill/broken-reference`,
//! `skill/reference-escapes`) word them; nothing here makes a diagnostic.
//!
//! How a name is judged depends on how it was written (see [`RefKind`]):
//!
//! * **Links** (`[t](path)`, images, `[id]: path`, `href`/`src`) must exist;
//!   an absolute path or one that climbs out with `..` escapes the folder.
//! * **Prose and back-ticked words** must exist when they are clearly a path
//!   into the skill: a file name with an extension after a folder that exists
//!   in the skill (or, in SKILL.md, one of the spec's `scripts/`,
//!   `references/`, `assets/`), or starting with `./` or `../`; or any name that exists only
//!   in another letter case (`REFERENCE.md` for `reference.md`). Other words
//!   (`output.pdf`, `src/main.rs`, `Node.js`) are about the user's files, not
//!   the skill's, and only count as mentions.
//! * **Code** (fenced blocks, frontmatter, non-Markdown files) never has to
//!   exist: commands and programs name files in the user's working
//!   directory. A word there that names a file of the skill counts as a
//!   reference to it, and so do Python imports and `*`/`{placeholder}` globs.
//!
//! Referenced text files are scanned in turn, so a file named only by a
//! referenced file is referenced too. Names resolve from the referencing
//! file's folder, then from the skill folder.

use crate::diagnostic::{did_you_mean, Severity};
use crate::discover::{join_rel, parent_of, SKILL_MD};
use crate::model::skill::citations;
use crate::model::skill::folder::{FileKind, Folder, RESOURCE_DIRS};
use crate::model::skill::graph::{Broken, Escape, Finding, References, Where};
use crate::model::skill::install;
use crate::model::skill::paths::{
    directed, glob_regex, has_extension, in_inline_command, is_authoring_guide, is_exempt, is_glob,
    is_instruction_file, is_markdown, is_output_material, is_placeholder_name, line_around,
    normalize, placeholder, whose, Root, Whose,
};
use crate::model::skill::prose;
use crate::model::skill::targets::OPENAI_YAML;
use crate::model::skill::templates;
use crate::source::{SourceFile, Span};
use crate::syntax::markdown::{self, Ref, RefKind};
use foldhash::{HashMap, HashSet};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

mod case;
mod elsewhere;
mod generated;
mod mentions;
mod placeholders;
mod record;
mod tree;

use record::Claim;

/// Agent entry files that may name a skill's files (`@./skills/x/y.md`),
/// read at the repository root and at the plugin root.
pub const ENTRY_FILES: &[&str] = &["AGENTS.md", "CLAUDE.md", "GEMINI.md"];

/// Extensions tried for a module path written without one (`./lib/util`,
/// `require('./helpers')`).
const MODULE_EXTS: &[&str] = &["js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "py"];

/// The result of looking a normalized path up in the folder.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Found {
    File(String),
    Dir(String),
    /// Exists, but only with other letter case: the real path.
    CaseOnly(String),
    /// Exists on disk, inside the folder, but is not listed (a nested skill).
    Unlisted,
    /// Leads through a symlink out of the folder: the path of the link.
    Outside(String),
    Missing,
}

/// One mention of a file in another letter case (`REFERENCE.md` for
/// `reference.md`).
#[derive(Debug, Clone)]
struct CaseMention {
    path: String,
    span: crate::source::Span,
    shown: String,
    /// The edit that writes the real name, when one can be made.
    edit: Option<crate::diagnostic::Edit>,
    /// The name as written, without `./` (the key of [`Scan::theirs`]).
    key: String,
    /// A link, or a path the text sends the agent to: a reader meets the
    /// wrong name for certain (a capitalised word in prose may be the
    /// start of a sentence).
    certain: bool,
}

/// One pass over a skill's references.
struct Scan<'a> {
    folder: &'a Folder,
    /// The skill's folder name, for paths written from outside it
    /// (`/mnt/skills/pdf/scripts/x.py`).
    name: String,
    lower: BTreeMap<String, String>,
    covered: BTreeSet<String>,
    queued: BTreeSet<String>,
    queue: VecDeque<String>,
    /// Mentions already handled, by folder of the mentioning file, then text.
    mentioned: HashMap<String, HashSet<String>>,
    /// Claims that resolved to a file or folder (already covered), by folder
    /// of the claiming file, then text: a repeated claim has nothing to add.
    resolved: HashMap<String, HashSet<String>>,
    globs: HashMap<String, Option<Regex>>,
    /// Files by their name, files by their name without extension, and
    /// folders by their name: candidates for a trailing part of a path.
    by_name: HashMap<String, Vec<String>>,
    by_stem: HashMap<String, Vec<String>>,
    dir_by_name: HashMap<String, Vec<String>>,
    /// The findings so far, of each rule.
    broken: Vec<Finding<Broken>>,
    escapes: Vec<Finding<Escape>>,
    /// Names that exist only in another letter case, by the real path, in
    /// the order first met: one finding per file named, however often.
    case_only: Vec<(String, Vec<CaseMention>)>,
    /// The file being scanned is a template (see [`is_output_material`]),
    /// or a file a line has the agent copy ([`prose::copies`]).
    material: bool,
    copied: HashSet<String>,
    /// The skill teaches how to write skills or plugins (see
    /// [`is_authoring_guide`]): a path it names without sending the agent
    /// to it is the reader's, not the skill's.
    guide: bool,
    /// Why the errors of the file being scanned are warnings, if they are:
    /// it is in a copy of another project
    /// ([`install::in_copy_within`]), a site's documentation
    /// for models ([`install::is_site_dump`]), a page no client reads or
    /// a template ([`templates::template_note`]).
    lowered_by: Option<&'static str>,
    /// The file being scanned is a page copied from another site or project
    /// ([`prose::is_copied_document`], [`generated`]), judged once per file.
    copied_page: bool,
    /// Its prose that a Markdown sample may hold, as its author paired the
    /// fences ([`markdown::misnested_sample_prose`]): no link there is certain.
    doubts: Vec<std::ops::Range<usize>>,
    /// Its sections that cite other documents ([`citations::cited_sections`]):
    /// no link there is certain to be the skill's.
    cited: Vec<std::ops::Range<usize>>,
    /// The file names the file being scanned prints whole
    /// ([`prose::printed_files`]): the reader's to save and run.
    printed: std::collections::HashSet<String>,
    /// The links of each page below `SKILL.md`, resolved and broken, to
    /// judge whether the page links another tree ([`tree`]).
    page_links: HashMap<String, tree::PageLinks>,
    /// Missing paths whose own words said they are an output or the user's
    /// (`Whose::Said`: "`./ucp.config.json` at project root"): the same
    /// path mentioned again later in the skill is still theirs.
    theirs: HashSet<String>,
}

impl<'a> Scan<'a> {
    /// Scans the queued files, and the files they name in turn.
    fn drain(&mut self) {
        let folder = self.folder;
        while let Some(rel) = self.queue.pop_front() {
            let Some(source) = folder.texts.get(&rel) else {
                continue;
            };
            let all = 0..source.text.len();
            self.material = is_output_material(&rel) || self.copied.contains(&rel);
            self.lowered_by = templates::lowering_note(folder, &rel, &source.text);
            self.doubts = markdown::misnested_sample_prose(&source.text);
            self.cited = citations::cited_sections(&source.text);
            self.copied_page = rel != SKILL_MD && self.is_copy(&rel, &source.text);
            self.printed = prose::printed_files(&source.text);
            if is_markdown(&rel) {
                let mut refs = markdown::markdown(&source.text, all);
                refs.extend(markdown::python_imports(&source.text));
                if self.material {
                    // Written for where the output will live: its links
                    // need not resolve in the skill.
                    for r in &mut refs {
                        if r.kind != RefKind::Name {
                            r.kind = RefKind::Code;
                        }
                    }
                }
                self.scan(source, &rel, refs, false);
            } else {
                let mut refs = markdown::code(&source.text, all);
                if rel.ends_with(".py") {
                    refs.extend(markdown::python_imports(&source.text));
                }
                self.scan(source, &rel, refs, true);
            }
        }
        self.material = false;
        self.lowered_by = None;
        self.copied_page = false;
        self.doubts.clear();
        self.cited.clear();
    }

    fn new(folder: &'a Folder, name: &str) -> Scan<'a> {
        let mut lower = BTreeMap::new();
        let mut by_name: HashMap<String, Vec<String>> = HashMap::default();
        let mut by_stem: HashMap<String, Vec<String>> = HashMap::default();
        let mut dir_by_name: HashMap<String, Vec<String>> = HashMap::default();
        let name_of = |rel: &str| rel.rsplit('/').next().unwrap_or(rel).to_string();
        for f in &folder.files {
            lower.insert(f.rel.to_lowercase(), f.rel.clone());
            let name = name_of(&f.rel);
            if let Some((stem, _)) = name.rsplit_once('.') {
                by_stem
                    .entry(stem.to_string())
                    .or_default()
                    .push(f.rel.clone());
            }
            by_name.entry(name).or_default().push(f.rel.clone());
        }
        for d in &folder.dirs {
            lower.insert(d.to_lowercase(), d.clone());
            dir_by_name.entry(name_of(d)).or_default().push(d.clone());
        }
        Scan {
            folder,
            name: name.to_string(),
            lower,
            covered: BTreeSet::new(),
            queued: BTreeSet::new(),
            queue: VecDeque::new(),
            mentioned: HashMap::default(),
            resolved: HashMap::default(),
            globs: HashMap::default(),
            by_name,
            by_stem,
            dir_by_name,
            broken: Vec::new(),
            escapes: Vec::new(),
            case_only: Vec::new(),
            material: false,
            lowered_by: None,
            copied_page: false,
            doubts: Vec::new(),
            cited: Vec::new(),
            theirs: HashSet::default(),
            page_links: HashMap::default(),
            printed: Default::default(),
            copied: HashSet::default(),
            guide: false,
        }
    }

    fn lookup(&self, rel: &str) -> Found {
        if rel.is_empty() || self.folder.dirs.contains(rel) {
            return Found::Dir(rel.to_string());
        }
        // The skill's own SKILL.md (not in `files`).
        if rel == SKILL_MD {
            return Found::File(rel.to_string());
        }
        match self.folder.kind(rel) {
            Some(FileKind::SymlinkOutside { .. }) => return Found::Outside(rel.to_string()),
            Some(FileKind::SymlinkDangling { .. }) => return Found::Missing,
            Some(_) => return Found::File(rel.to_string()),
            None => {}
        }
        // A path below a symlink that leaves the folder: each of its
        // prefixes, as slices of the path (building each prefix anew was
        // quadratic in a path of 200,000 segments).
        let prefixes = rel
            .match_indices('/')
            .map(|(i, _)| &rel[..i])
            .chain(std::iter::once(rel));
        for prefix in prefixes.filter(|p| !p.is_empty()) {
            if matches!(
                self.folder.kind(prefix),
                Some(FileKind::SymlinkOutside { .. })
            ) {
                return Found::Outside(prefix.to_string());
            }
        }
        // Skip-worktree: git holds it unchanged, on disk or not.
        if self.folder.skipped.contains(rel) {
            return Found::Unlisted;
        }
        if let Some(real) = self.lower.get(&rel.to_lowercase()) {
            return Found::CaseOnly(real.clone());
        }
        let abs = self.folder.abs.join(rel);
        if self.folder.is_unlisted(rel) && std::fs::symlink_metadata(&abs).is_ok() {
            return match abs.canonicalize() {
                Ok(c) if c.starts_with(self.folder.canon()) => Found::Unlisted,
                Ok(_) => Found::Outside(rel.to_string()),
                Err(_) => Found::Missing,
            };
        }
        Found::Missing
    }

    /// Marks a file, or every file below a folder, as referenced.
    fn cover(&mut self, found: &Found) {
        match found {
            Found::File(rel) | Found::CaseOnly(rel) => {
                if self.folder.dirs.contains(rel) {
                    self.cover(&Found::Dir(rel.clone()));
                } else {
                    self.cover_file(rel.clone());
                }
            }
            Found::Dir(dir) => {
                let prefix = if dir.is_empty() {
                    String::new()
                } else {
                    format!("{dir}/")
                };
                if dir.is_empty() {
                    return;
                }
                let below: Vec<String> = self
                    .folder
                    .files
                    .iter()
                    .filter(|f| f.rel.starts_with(&prefix))
                    .map(|f| f.rel.clone())
                    .collect();
                for rel in below {
                    self.cover_file(rel);
                }
            }
            _ => {}
        }
    }

    fn cover_file(&mut self, rel: String) {
        if self.folder.texts.contains_key(&rel) && self.queued.insert(rel.clone()) {
            self.queue.push_back(rel.clone());
        }
        self.covered.insert(rel);
    }

    /// Bases a name in `from` resolves against: its folder, then the root.
    fn bases(from: &str) -> Vec<String> {
        let dir = parent_of(from);
        if dir.is_empty() {
            vec![String::new()]
        } else {
            vec![dir, String::new()]
        }
    }

    /// Resolves a name strictly; the first base where it exists wins.
    /// `Err(())` when it climbs out of the folder.
    fn resolve(&self, from: &str, text: &str) -> Result<Found, ()> {
        let mut best = Found::Missing;
        for (i, base) in Self::bases(from).into_iter().enumerate() {
            // Relative to the file's own folder, a path may not climb out;
            // tried from the skill root as well, it just does not resolve.
            // `../pdf/scripts/x.py`, written in the skill `pdf`, climbs out
            // and comes back in.
            let back_in = || {
                let dir = &self.folder.dir;
                let full = normalize(&join_rel(dir, &base), text)?;
                (!dir.is_empty())
                    .then(|| full.strip_prefix(&format!("{dir}/")).map(str::to_string))
                    .flatten()
            };
            let Some(rel) = normalize(&base, text).or_else(back_in) else {
                if i == 0 {
                    return Err(());
                }
                continue;
            };
            match self.lookup(&rel) {
                Found::Missing => {}
                f @ (Found::File(_) | Found::Dir(_) | Found::Unlisted | Found::Outside(_)) => {
                    return Ok(f)
                }
                f @ Found::CaseOnly(_) => {
                    if best == Found::Missing {
                        best = f;
                    }
                }
            }
        }
        Ok(best)
    }

    /// A name that must exist (a link, or a prose word that is clearly a path).
    /// Whether `text`, written in `from`, was already claimed and found (and
    /// so what it names is covered).
    fn already_found(&self, from: &str, text: &str) -> bool {
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        self.resolved
            .get(dir)
            .is_some_and(|seen| seen.contains(text))
    }

    fn claim(&mut self, source: &SourceFile, from: &str, r: &Ref, strength: Claim) {
        // A link in a passage cited from another document is that
        // document's: whatever its judgement, at most a warning.
        let cited = self.lowered_by.is_none()
            && r.kind == RefKind::Link
            && (markdown::in_ranges(&self.cited, r.span.offset)
                || citations::in_quotation(source, r));
        if cited {
            self.lowered_by = Some(citations::CITED_NOTE);
        }
        self.claim_as_written(source, from, r, strength);
        if cited {
            self.lowered_by = None;
        }
    }

    fn claim_as_written(&mut self, source: &SourceFile, from: &str, r: &Ref, strength: Claim) {
        if self.already_found(from, &r.text) {
            return self.link_resolved(from, r);
        }
        if install::is_skill_pointer(&r.text) {
            return;
        }
        // A glob (`references/concepts/*.md`, `references/<lane>/*.md`)
        // names the files it matches; one that matches none is at most a
        // warning, since what it stands for is a reading.
        if r.text.contains('*') {
            let pattern = crate::model::skill::paths::angle_segments_as_stars(&r.text);
            if self.cover_glob(from, &pattern) == Some(false) && !r.text.starts_with(['/', '~']) {
                let where_ = self.where_from(from);
                let missing = Broken::Missing {
                    shown: source.slice(r.span).to_string(),
                    where_,
                    suggestion: None,
                    prose: r.kind == RefKind::Prose,
                };
                self.broken(source.path.clone(), r.span, Severity::Warning, missing);
            }
            return;
        }
        // `SHA256[cwd](0:12)` is no link to a file, and the links of a copy
        // of another site's page (`> Source: https://…`) are the original's.
        if r.kind == RefKind::Link
            && (prose::not_a_path(&r.text) || (from != SKILL_MD && self.copied_page))
        {
            return;
        }
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        let path = source.path.clone();
        let shown = source.slice(r.span).to_string();
        if r.text.starts_with('/') || r.text.starts_with('\\') || r.text.starts_with('~') {
            return self.absolute(from, r, path, shown);
        }
        // A guide's example of the reader's files.
        let example = r.kind != RefKind::Link && self.guide && !directed(source, r);
        match self.resolve(from, &r.text) {
            Err(()) => {
                let target = normalize(&join_rel(&self.folder.dir, &parent_of(from)), &r.text)
                    .filter(|t| self.folder.exists_in_repository(t))
                    .or_else(|| self.at_real_place(from, &r.text));
                if (example || prose::not_the_skills(source, r)) && target.is_none() {
                    return;
                }
                let relaid = || self.climbs_to_elsewhere(from, &r.text, &shown);
                if let Some(kind) = target.is_none().then(relaid).flatten() {
                    return self.escape(path, r.span, Severity::Warning, kind);
                }
                let severity = match target {
                    // It works in the repository, and breaks once the skill
                    // is installed on its own; or it names a file of the
                    // project a client folder (`.claude/skills/x`) sits in.
                    Some(_) => Severity::Warning,
                    None if self.leaves_for_the_project(from, &r.text) => Severity::Warning,
                    None => prose::escape_severity(r),
                };
                self.escape(path, r.span, severity, Escape::Climbs { shown, target });
                self.link_broken(from, r, true);
            }
            // A link to a file of this repository (a plugin's shared
            // `scripts/`) works where the repository or the plugin is
            // installed whole; the link's own warning says the rest.
            Ok(Found::Outside(link)) if self.folder.link_stays_in_repository(&link) => {}
            Ok(Found::Outside(_)) => self.escape(
                path,
                r.span,
                Severity::Error,
                Escape::ThroughSymlink { shown },
            ),
            Ok(found @ (Found::File(_) | Found::Dir(_))) => {
                if let Found::File(rel) = &found {
                    if prose::copies(source, r) {
                        self.copied.insert(rel.clone());
                    }
                }
                self.cover(&found);
                self.link_resolved(from, r);
                self.resolved
                    .entry(dir.to_string())
                    .or_default()
                    .insert(r.text.clone());
            }
            Ok(Found::Unlisted) => {}
            // `## AGENTS.md Integration` names the convention, not the
            // skill's `references/agents.md`.
            Ok(Found::CaseOnly(_)) if r.kind != RefKind::Link && is_instruction_file(&r.text) => {}
            Ok(Found::CaseOnly(real)) => self.case_only_mention(source, from, r, path, shown, real),
            Ok(Found::Missing)
                if is_placeholder_name(&r.text)
                    || self.numbered_stand_in(from, &r.text)
                    || (r.kind == RefKind::Link && self.is_web_page(&r.text)) => {}
            Ok(Found::Missing)
                if r.kind != RefKind::Link
                    && (example
                        || (in_inline_command(source, r) && !self.has_first_folder(&r.text))
                        || self.at_plugin_root(source, r)
                        || self.at_repository_root(r)
                        || self.printed.contains(r.text.trim_start_matches("./"))
                        || self.said_theirs(source, r)) => {}
            Ok(Found::Missing) if prose::not_the_skills(source, r) => {}
            // A copy of another site's page names the original's files.
            Ok(Found::Missing) if from != SKILL_MD && self.copied_page => {}
            Ok(Found::Missing) if self.in_folder_the_line_names(source, r) => {}
            Ok(Found::Missing) if self.read_from_skill_folder(from, &r.text).is_some() => {
                let found = self
                    .read_from_skill_folder(from, &r.text)
                    .unwrap_or_default();
                self.broken(
                    path,
                    r.span,
                    Severity::Warning,
                    Broken::FromSkillFolder { shown, found },
                );
            }
            // A client's own placeholder (`{baseDir}/x`) names the skill
            // folder for certain: a file above it is not found there.
            Ok(Found::Missing)
                if strength != Claim::Placeholder
                    && (self.at_real_place(from, &r.text).is_some()
                        || self.enclosing(r).is_some()) =>
            {
                let found = self
                    .at_real_place(from, &r.text)
                    .or_else(|| self.enclosing(r))
                    .unwrap_or_default();
                self.broken(
                    path,
                    r.span,
                    Severity::Warning,
                    Broken::OutsideSkill { shown, found },
                );
            }
            Ok(Found::Missing) if self.elsewhere(r).is_some() => {
                let sibling = self.elsewhere(r).unwrap_or_default();
                self.broken(
                    path,
                    r.span,
                    Severity::Warning,
                    Broken::OtherSkill { shown, sibling },
                );
            }
            Ok(Found::Missing) => {
                let where_ = self.where_from(from);
                let hidden = r
                    .text
                    .split('/')
                    .any(|seg| seg.starts_with('.') && seg != "." && seg != "..");
                let severity = if strength == Claim::Weak {
                    Severity::Warning
                } else if r.kind == RefKind::Link && self.guide && from != SKILL_MD {
                    // A guide's page about a skill's layout links the
                    // reader's files (`[forms.md](forms.md)`) as often as
                    // its own.
                    Severity::Warning
                } else if hidden
                    || markdown::in_ranges(&self.doubts, r.span.offset)
                    || templates::fill_in_line(source, r)
                    || prose::quoted_as_wrong(source, r)
                    || (!r.text.trim_start_matches("./").contains('/')
                        && in_inline_command(source, r)
                        && (from != SKILL_MD || !prose::in_command(source, r)))
                {
                    // A hidden folder (`.repo-wiki/entities/x.md`) is the
                    // user's project's, where the skill keeps its output; a
                    // line with a fill-in (`- [x.md](./x.md) - [Description]`)
                    // is a template's;
                    // so, as often, is a bare file in a command of a page
                    // (`git bisect run ./bug-script.sh`) or one a command
                    // of `SKILL.md` takes as data (`tool compare
                    // ./before.json ./after.json`).
                    Severity::Warning
                } else if r.kind != RefKind::Link && self.deeper_in_skill(&r.text).is_some() {
                    // `scripts/x.py` in prose where the skill has
                    // `assets/scripts/x.py`: written from another folder
                    // (a working copy the skill makes, a subfolder), and an
                    // agent finds it; a link is followed as written.
                    Severity::Warning
                } else if has_extension(&r.text)
                    && matches!(strength, Claim::Placeholder | Claim::Misnamed)
                {
                    prose::own_path_severity(source, r)
                } else if has_extension(&r.text) {
                    prose::missing_severity(r)
                } else {
                    // No extension: as likely a page of a site as a file.
                    Severity::Warning
                };
                let missing = Broken::Missing {
                    shown,
                    where_,
                    suggestion: self.suggestion(&r.text),
                    prose: r.kind == RefKind::Prose,
                };
                self.broken(path, r.span, severity, missing);
                self.link_broken(from, r, false);
            }
        }
    }

    fn scan(&mut self, source: &SourceFile, from: &str, refs: Vec<Ref>, bare_words: bool) {
        let mut names = false;
        for r in &refs {
            if r.kind == RefKind::Name {
                names = true;
                continue;
            }
            if r.text.starts_with(['{', '$']) {
                match placeholder(&r.text) {
                    Some((Root::Skill, rest)) => {
                        self.skill_placeholder(source, r, rest, bare_words || self.material);
                        continue;
                    }
                    Some((Root::Plugin, rest)) => {
                        self.plugin_placeholder(source, r, rest, bare_words || self.material);
                        continue;
                    }
                    // Some other variable: the rest may still end in a
                    // file of the skill.
                    Some((Root::Other, rest)) if r.text.starts_with('$') => {
                        self.mention(from, rest, false);
                        continue;
                    }
                    _ => {}
                }
            }
            match r.kind {
                // Found before from the same folder: claimed or mentioned
                // again, it would cover the same files (most references
                // repeat a few names).
                RefKind::Prose | RefKind::Example if self.already_found(from, &r.text) => {}
                RefKind::Link => self.claim(source, from, r, Claim::Plain),
                RefKind::Prose | RefKind::Example if self.is_claim(from, &r.text, r.kind) => {
                    self.claim(source, from, r, Claim::Plain)
                }
                // `SKILL.md` sends the agent to a path in a folder the skill
                // lacks ("open `resources/playbook.md`"): the skill's or the
                // user's, unless the skill has the file in the folder of the
                // other number (`reference/x.md` for `references/x.md`).
                RefKind::Prose if from == SKILL_MD && self.sent_to_missing_material(source, r) => {
                    let strength = if self.in_folder_of_other_number(&r.text) {
                        Claim::Misnamed
                    } else {
                        Claim::Weak
                    };
                    self.claim(source, from, r, strength);
                }
                RefKind::Prose | RefKind::Example | RefKind::Code | RefKind::Sample => {
                    self.mention(from, &r.text, bare_words)
                }
                RefKind::Name => {}
            }
        }
        if names {
            self.stems(from, &refs);
        }
    }
}

/// Follows the references of one skill. `skill_md` is the skill's source,
/// `body` and `frontmatter` ranges into it; `name` is the folder's name.
pub fn build(
    folder: &Folder,
    name: &str,
    skill_md: &SourceFile,
    body: std::ops::Range<usize>,
    frontmatter: Option<std::ops::Range<usize>>,
) -> References {
    let mut scan = Scan::new(folder, name);
    scan.guide = frontmatter
        .clone()
        .is_some_and(|fm| is_authoring_guide(&skill_md.text[fm]));
    let mut refs = markdown::markdown(&skill_md.text, body.clone());
    refs.extend(
        markdown::python_imports(&skill_md.text[body.clone()])
            .into_iter()
            .map(|mut r| {
                r.span.offset += body.start;
                r
            }),
    );
    scan.doubts = markdown::misnested_sample_prose(&skill_md.text);
    scan.cited = citations::cited_sections(&skill_md.text);
    scan.scan(skill_md, SKILL_MD, refs, false);
    scan.cited.clear();
    if let Some(fm) = frontmatter {
        scan.scan(
            skill_md,
            SKILL_MD,
            markdown::code(&skill_md.text, fm),
            false,
        );
    }
    // A client's metadata for the skill comes with it, and so do the
    // files (icons) it names.
    if folder.texts.contains_key(OPENAI_YAML) {
        scan.cover_file(OPENAI_YAML.to_string());
    }
    scan.drain();
    // Files named by nothing in the skill may be named by an agent entry
    // file of the repository or of the plugin (`@./skills/x/y.md`).
    if folder
        .files
        .iter()
        .any(|f| !scan.covered.contains(&f.rel) && !is_exempt(&f.rel))
    {
        scan.entry_files();
        scan.drain();
    }
    // A package's `__init__.py` comes with any module of it that is used.
    let packages: Vec<String> = scan
        .covered
        .iter()
        .flat_map(|rel| {
            let mut dirs = Vec::new();
            let mut dir = parent_of(rel);
            while !dir.is_empty() {
                dirs.push(join_rel(&dir, "__init__.py"));
                dir = parent_of(&dir);
            }
            dirs
        })
        .filter(|init| folder.index.contains_key(init))
        .collect();
    scan.covered.extend(packages);
    // Before `forget_theirs`, which drops findings: the pages' counts hold
    // indices into the findings.
    scan.lower_other_trees();
    scan.forget_theirs();
    scan.case_findings();
    let mut out = References {
        broken: std::cell::RefCell::new(std::mem::take(&mut scan.broken)),
        escapes: std::cell::RefCell::new(std::mem::take(&mut scan.escapes)),
        unreferenced: Vec::new(),
        escaped: Default::default(),
    };
    for f in &folder.files {
        let path = folder.repo_path(&f.rel);
        match &f.kind {
            FileKind::SymlinkOutside { target } => {
                // A link to a file of this repository works in a checkout
                // (a client's folder of links to the repository's skills)
                // and breaks once the skill is copied: like a `../` link
                // to an existing file, a warning.
                let in_repository = folder.link_stays_in_repository(&f.rel);
                out.escapes.get_mut().push(Finding {
                    path,
                    span: None,
                    severity: if in_repository {
                        Severity::Warning
                    } else {
                        Severity::Error
                    },
                    kind: Escape::SymlinkOutside {
                        target: target.clone(),
                    },
                    note: None,
                });
            }
            FileKind::SymlinkDangling { target } => out.broken.get_mut().push(Finding {
                path,
                span: None,
                severity: Severity::Error,
                kind: Broken::DanglingSymlink {
                    target: target.clone(),
                },
                note: None,
            }),
            _ if scan.covered.contains(&f.rel) || is_exempt(&f.rel) => {}
            _ => out.unreferenced.push(path),
        }
    }
    out
}

//! The reference graph of a skill folder, computed once per skill: which
//! files SKILL.md names (and the files they name in turn), and the names
//! that do not resolve or lead outside the folder.
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

use crate::diagnostic::{did_you_mean, Diagnostic, Severity, NO_RULE};
use crate::discover::{join_rel, parent_of, SKILL_MD};
use crate::model::skill::folder::{FileKind, Folder, RESOURCE_DIRS};
use crate::model::skill::graph::{Finding, References};
use crate::model::skill::paths::{
    directed, glob_regex, has_extension, in_inline_command, is_authoring_guide, is_exempt, is_glob,
    is_instruction_file, is_markdown, is_output_material, is_placeholder_name, made_or_users,
    normalize, placeholder, Root,
};
use crate::model::skill::prose;
use crate::model::skill::targets::OPENAI_YAML;
use crate::source::SourceFile;
use crate::syntax::markdown::{self, Ref, RefKind};
use foldhash::{HashMap, HashSet};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Agent entry files that may name a skill's files (`@./skills/x/y.md`),
/// read at the repository root and at the plugin root.
/// The agent entry files at a repository or plugin root.
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
    /// Leads through a symlink out of the folder.
    Outside,
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
}

/// `text` with its trailing segments in the letter case of `real` (the
/// segments that differ from it only in case).
fn recase(text: &str, real: &str) -> String {
    let mut segs: Vec<String> = text.split('/').map(str::to_string).collect();
    let mut reals = real.split('/').rev();
    for seg in segs.iter_mut().rev() {
        let Some(r) = reals.next() else { break };
        if seg.is_empty() || seg == "." || seg == ".." || seg.to_lowercase() != r.to_lowercase() {
            break;
        }
        *seg = r.to_string();
    }
    segs.join("/")
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
    out: Vec<Finding>,
    /// Names that exist only in another letter case, by the real path, in
    /// the order first met: one finding per file named, however often.
    case_only: Vec<(String, Vec<CaseMention>)>,
    /// The file being scanned is a template (see [`is_output_material`]).
    material: bool,
    /// The skill teaches how to write skills or plugins (see
    /// [`is_authoring_guide`]): a path it names without sending the agent
    /// to it is the reader's, not the skill's.
    guide: bool,
    /// The claim being judged is a path after a client's own placeholder.
    placeholder_claim: bool,
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
            self.material = is_output_material(&rel);
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
    }

    /// Covers the skill's files that the agent entry files at the
    /// repository root and at the plugin root name.
    fn entry_files(&mut self) {
        let dir = self.folder.dir.clone();
        if dir.is_empty() {
            return;
        }
        let mut roots = vec![String::new()];
        if let Some(plugin) = self.folder.plugin_root() {
            if !plugin.is_empty() {
                roots.push(plugin.to_string());
            }
        }
        let prefix = format!("{dir}/");
        for root in roots {
            for name in ENTRY_FILES {
                let Some(text) = self.folder.repository_text(&join_rel(&root, name)) else {
                    continue;
                };
                for r in markdown::code(&text, 0..text.len()) {
                    let word = r.text.trim_start_matches('@');
                    let Some(full) = normalize(&root, word) else {
                        continue;
                    };
                    if let Some(inner) = full.strip_prefix(&prefix) {
                        let found = self.lookup(inner);
                        self.cover(&found);
                    }
                }
            }
        }
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
            out: Vec::new(),
            case_only: Vec::new(),
            material: false,
            guide: false,
            placeholder_claim: false,
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
            Some(FileKind::SymlinkOutside { .. }) => return Found::Outside,
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
                return Found::Outside;
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
                Ok(_) => Found::Outside,
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
            let Some(rel) = normalize(&base, text) else {
                if i == 0 {
                    return Err(());
                }
                continue;
            };
            match self.lookup(&rel) {
                Found::Missing => {}
                f @ (Found::File(_) | Found::Dir(_) | Found::Unlisted | Found::Outside) => {
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

    fn claim(&mut self, source: &SourceFile, from: &str, r: &Ref) {
        if self.already_found(from, &r.text) || is_skill_pointer(&r.text) {
            return;
        }
        // `SHA256[cwd](0:12)` is no link to a file, and the links of a copy
        // of another site's page (`> Source: https://…`) are the original's.
        if r.kind == RefKind::Link
            && (prose::not_a_path(&r.text)
                || (from != SKILL_MD && prose::is_copied_document(&source.text)))
        {
            return;
        }
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        let path = source.path.clone();
        let shown = source.slice(r.span).to_string();
        if r.text.starts_with('/') || r.text.starts_with('\\') || r.text.starts_with('~') {
            // Certain only for a link of `SKILL.md` to a file that is nowhere
            // (a referenced page's are most often a copied site's): a link that
            // resolves from the repository root (`/docs/adr/x.md`), or a
            // site path without an extension (`/en/hooks`), is the same
            // defect as a `../` link out of the skill, a warning.
            let rooted = r.text.trim_start_matches('/');
            let severity = if r.kind == RefKind::Link
                && from == SKILL_MD
                && has_extension(&r.text)
                && !self.folder.exists_in_repository(rooted)
            {
                Severity::Error
            } else {
                Severity::Warning
            };
            self.out.push(Finding::escapes(
                Diagnostic::new(&NO_RULE, path, format!("`{shown}` is an absolute path"))
                    .with_severity(severity)
                    .at(r.span)
                    .label("absolute path")
                    .help("name files relative to the skill folder (a skill is copied as a folder into workspaces and galleries, and an absolute path points elsewhere there); for a web page, write its full https:// URL"),
            ));
            return;
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
                let d = match target {
                    // It works in the repository, and breaks once the skill
                    // is installed on its own.
                    Some(target) => Diagnostic::new(
                        &NO_RULE,
                        path,
                        format!("`{shown}` leads outside the skill folder, to `{target}`"),
                    )
                    .with_severity(Severity::Warning)
                    .at(r.span)
                    .label("outside the skill folder")
                    .help("the file exists in this repository, but a skill is installed alone (copied as a folder into a client's skills directory), and there this reference breaks: copy the file into the skill folder, or link to it by its full https:// URL"),
                    None => Diagnostic::new(&NO_RULE, path, format!("`{shown}` leads outside the skill folder"))
                        .with_severity(prose::missing_severity(source, r))
                        .at(r.span)
                        .label("outside the skill folder")
                        .help("copy the file into the skill folder and reference it there: a skill is copied as a folder, and nothing outside it travels with it"),
                };
                self.out.push(Finding::escapes(d));
            }
            Ok(Found::Outside) => self.out.push(Finding::escapes(
                Diagnostic::new(&NO_RULE, path, format!("`{shown}` resolves through a symlink to a path outside the skill folder"))
                    .at(r.span)
                    .label("leaves the skill folder through a symlink")
                    .help("replace the symlink with the file itself: a skill is copied as a folder, and the link's target does not travel with it"),
            )),
            Ok(found @ (Found::File(_) | Found::Dir(_))) => {
                self.cover(&found);
                self.resolved
                    .entry(dir.to_string())
                    .or_default()
                    .insert(r.text.clone());
            }
            Ok(Found::Unlisted) => {}
            // `## AGENTS.md Integration` names the convention, not the
            // skill's `references/agents.md`.
            Ok(Found::CaseOnly(_)) if r.kind != RefKind::Link && is_instruction_file(&r.text) => {}
            Ok(Found::CaseOnly(real)) => {
                let edit = self.case_edit(source, from, r, &shown, &real);
                let mention = CaseMention {
                    path,
                    span: r.span,
                    shown,
                    edit,
                };
                match self.case_only.iter_mut().find(|(k, _)| *k == real) {
                    Some((_, list)) => {
                        if !list
                            .iter()
                            .any(|m| m.path == mention.path && m.span == mention.span)
                        {
                            list.push(mention);
                        }
                    }
                    None => self.case_only.push((real.clone(), vec![mention])),
                }
                self.cover(&Found::CaseOnly(real));
            }
            Ok(Found::Missing)
                if is_placeholder_name(&r.text)
                    || (r.kind == RefKind::Link && self.is_web_page(&r.text)) => {}
            Ok(Found::Missing)
                if r.kind != RefKind::Link
                    && (example
                        || (in_inline_command(source, r) && !self.has_first_folder(&r.text))
                        || self.at_plugin_root(source, r)
                        || self.at_repository_root(r)
                        || made_or_users(source, r)) => {}
            Ok(Found::Missing) if prose::not_the_skills(source, r) => {}
            // A client's own placeholder (`{baseDir}/x`) names the skill
            // folder for certain: a file above it is not found there.
            Ok(Found::Missing)
                if !self.placeholder_claim
                    && (self.at_real_place(from, &r.text).is_some()
                        || self.enclosing(r).is_some()) =>
            {
                let found = self
                    .at_real_place(from, &r.text)
                    .or_else(|| self.enclosing(r))
                    .unwrap_or_default();
                self.out.push(Finding::broken(
                    Diagnostic::new(
                        &NO_RULE,
                        path,
                        format!("`{shown}` is not in the skill folder; it is `{found}`, outside it"),
                    )
                    .with_severity(Severity::Warning)
                    .at(r.span)
                    .label("outside the skill folder")
                    .help("the path resolves from a folder above the skill (the plugin root, or a folder a build copies in), not from the skill folder an agent reads it from: name it from there (`${CLAUDE_PLUGIN_ROOT}/…`), or copy the file into the skill"),
                ));
            }
            Ok(Found::Missing) if self.elsewhere(r).is_some() => {
                let sibling = self.elsewhere(r).unwrap_or_default();
                self.out.push(Finding::broken(
                    Diagnostic::new(
                        &NO_RULE,
                        path,
                        format!("`{shown}` is not in the skill folder; it is `{sibling}`, a file of another skill"),
                    )
                    .with_severity(Severity::Warning)
                    .at(r.span)
                    .label("another skill's file")
                    .help("a skill is installed alone, without its neighbours: copy the file into this skill, or name the other skill and let the agent load it"),
                ));
            }
            Ok(Found::Missing) => {
                let where_ = if parent_of(from).is_empty() {
                    "in the skill folder".to_string()
                } else {
                    format!("next to `{}` or in the skill folder", self.folder.repo_path(from))
                };
                let mut help = self.suggestion(&r.text);
                if help.is_none() && r.kind == RefKind::Prose {
                    help = Some("add the file, fix the path, or put the name in a code block if it is a file of the user's and not of the skill".into());
                }
                self.out.push(Finding::broken(
                    Diagnostic::new(
                        &NO_RULE,
                        path,
                        format!("`{shown}` does not exist {where_}"),
                    )
                    .with_severity(if has_extension(&r.text) {
                        prose::missing_severity(source, r)
                    } else {
                        // No extension: as likely a page of a site as a file.
                        Severity::Warning
                    })
                    .at(r.span)
                    .label("no such file")
                    .help(help.unwrap_or_else(|| "add the file or fix the path".into())),
                ));
            }
        }
    }

    /// The edit that writes `real`'s letter case into a mention of it, when
    /// the written name then resolves to the file (safe: the file exists).
    fn case_edit(
        &self,
        source: &SourceFile,
        from: &str,
        r: &Ref,
        shown: &str,
        real: &str,
    ) -> Option<crate::diagnostic::Edit> {
        let fixed = recase(&r.text, real);
        if fixed == r.text
            || !matches!(
                self.resolve(from, &fixed),
                Ok(Found::File(_) | Found::Dir(_))
            )
        {
            return None;
        }
        // The written text holds the name once (a link may add an anchor).
        let at = if shown == r.text {
            0
        } else if shown.matches(r.text.as_str()).count() == 1 {
            shown.find(r.text.as_str())?
        } else {
            return None;
        };
        let start = r.span.offset + at;
        Some(crate::diagnostic::Edit {
            path: source.path.clone(),
            range: start..start + r.text.len(),
            replacement: fixed,
        })
    }

    /// One finding per file named in another letter case: at its first
    /// mention, the others as labels, and a safe fix that writes the real
    /// name everywhere.
    fn case_findings(&mut self) {
        for (real, mentions) in std::mem::take(&mut self.case_only) {
            let first = &mentions[0];
            let n = mentions.len();
            let message = if n == 1 {
                format!("`{}` does not exist; the file is `{real}`", first.shown)
            } else {
                format!(
                    "`{}` does not exist; the file is `{real}` ({n} mentions)",
                    first.shown
                )
            };
            let mut d = Diagnostic::new(&NO_RULE, first.path.clone(), message)
                .at(first.span)
                .label("differs in letter case")
                .help(format!("write `{real}`: file names are case-sensitive on Linux and in zip archives, where this reference fails"));
            for m in &mentions[1..] {
                d = if m.path == first.path {
                    d.with_label(m.span, "here too")
                } else {
                    d.with_label_in(m.path.clone(), m.span, "here too")
                };
            }
            let edits: Option<Vec<crate::diagnostic::Edit>> =
                mentions.iter().map(|m| m.edit.clone()).collect();
            // Two mentions read from one stretch of text (a link and the
            // word inside it) make overlapping edits: the fix keeps one.
            let edits = edits.map(|mut edits| {
                edits.sort_by_key(|e| (e.path.clone(), e.range.start));
                edits.dedup_by(|b, a| a.path == b.path && b.range.start < a.range.end);
                edits
            });
            if let Some(edits) = edits {
                let times = if n == 1 {
                    String::new()
                } else {
                    format!(" ({n} mentions)")
                };
                d = d.with_fix(crate::diagnostic::Fix {
                    message: format!("write `{real}`{times}"),
                    applicability: crate::diagnostic::Applicability::Safe,
                    edits,
                    rename: None,
                });
            }
            self.out.push(Finding::broken(d));
        }
    }

    /// "did you mean": a file with the same name elsewhere, or a close path.
    fn suggestion(&self, text: &str) -> Option<String> {
        let wanted = text.trim_start_matches("./");
        let base = wanted.rsplit('/').next().unwrap_or(wanted);
        let same_name: Vec<&str> = self
            .folder
            .files
            .iter()
            .map(|f| f.rel.as_str())
            .filter(|r| r.rsplit('/').next() == Some(base))
            .collect();
        if let [one] = same_name.as_slice() {
            return Some(format!("did you mean `{one}`?"));
        }
        did_you_mean(wanted, self.folder.files.iter().map(|f| f.rel.as_str()))
            .map(|s| format!("did you mean `{s}`?"))
    }

    /// A name that need not exist: covers what it names, if anything.
    fn mention(&mut self, from: &str, text: &str, bare_words: bool) {
        // Looked up before allocating: most words repeat.
        let dir = from.rsplit_once('/').map_or("", |(p, _)| p);
        if !self.mentioned.contains_key(dir) {
            self.mentioned.insert(dir.to_string(), HashSet::default());
        }
        let seen = self.mentioned.get_mut(dir).expect("inserted above");
        if seen.contains(text) {
            return;
        }
        seen.insert(text.to_string());
        // `themes/` is a folder name even without an extension.
        let pathy = text.contains('/') || text.contains('.');
        let text = text.trim_end_matches('/');
        if text.is_empty() || text.starts_with('-') {
            return;
        }
        if is_glob(text) {
            self.cover_glob(from, text);
            return;
        }
        if !pathy && !bare_words {
            return;
        }
        self.mention_path(from, text, pathy);
    }

    /// Covers the files a glob matches from the bases of `from`.
    fn cover_glob(&mut self, from: &str, text: &str) {
        {
            // Only globs with a literal folder or name part, anchored at a base.
            if !text
                .split('/')
                .any(|seg| !seg.is_empty() && !is_glob(seg) && seg != "." && seg != "..")
            {
                return;
            }
            let Some(re) = self
                .globs
                .entry(text.to_string())
                .or_insert_with(|| glob_regex(text))
                .clone()
            else {
                return;
            };
            for base in Self::bases(from) {
                let hits: Vec<String> = self
                    .folder
                    .files
                    .iter()
                    .filter(|f| {
                        let rel = if base.is_empty() {
                            Some(f.rel.as_str())
                        } else {
                            f.rel.strip_prefix(&format!("{base}/"))
                        };
                        rel.is_some_and(|r| re.is_match(r))
                    })
                    .map(|f| f.rel.clone())
                    .collect();
                for h in hits {
                    self.cover_file(h);
                }
            }
        }
    }

    /// A mentioned name that is not a glob.
    fn mention_path(&mut self, from: &str, text: &str, pathy: bool) {
        if !pathy {
            // A plain word in code (`Path(__file__).parent.parent / "schemas"`):
            // a folder or file next to the code file or in a folder above it.
            let mut dir = parent_of(from);
            loop {
                if let Some(rel) = normalize(&dir, text) {
                    if let found @ (Found::File(_) | Found::Dir(_)) = self.lookup(&rel) {
                        self.cover(&found);
                        return;
                    }
                }
                if dir.is_empty() {
                    return;
                }
                dir = parent_of(&dir);
            }
        }
        let relative = text.starts_with("./") || text.starts_with("../");
        if relative && !has_extension(text) {
            // A module named without its extension (`require('./helpers')`,
            // `import x from '../lib/util'`).
            for ext in MODULE_EXTS {
                if let Ok(found @ Found::File(_)) = self.resolve(from, &format!("{text}.{ext}")) {
                    self.cover(&found);
                    return;
                }
            }
        }
        let text = text.trim_start_matches("./");
        // A path written from outside the skill (`skills/pdf/scripts/x.py`).
        let inner = text
            .rfind(&format!("/{}/", self.name))
            .map(|i| &text[i + self.name.len() + 2..])
            .or_else(|| text.strip_prefix(&format!("{}/", self.name)));
        for candidate in [Some(text), inner].into_iter().flatten() {
            if let Ok(found @ (Found::File(_) | Found::Dir(_) | Found::CaseOnly(_))) =
                self.resolve(from, candidate)
            {
                self.cover(&found);
                return;
            }
        }
        if text.starts_with("../") || text.starts_with('/') {
            return;
        }
        // A trailing part of a path (`helpers/merge_runs.py`, `forms.md`),
        // or a path without its extension (`./lib/util` for `lib/util.js`).
        let suffix = format!("/{text}");
        let last = text.rsplit('/').next().unwrap_or(text);
        let mut files: Vec<String> = self
            .by_name
            .get(last)
            .into_iter()
            .flatten()
            .filter(|rel| *rel == text || rel.ends_with(&suffix))
            .cloned()
            .collect();
        if !has_extension(text) && text.contains('/') {
            files.extend(
                self.by_stem
                    .get(last)
                    .into_iter()
                    .flatten()
                    .filter(|rel| {
                        rel.rsplit_once('.')
                            .is_some_and(|(stem, _)| stem == text || stem.ends_with(&suffix))
                    })
                    .cloned(),
            );
        }
        for f in files {
            self.cover_file(f);
        }
        if text.contains('/') {
            let dirs: Vec<String> = self
                .dir_by_name
                .get(last)
                .into_iter()
                .flatten()
                .filter(|d| *d == text || d.ends_with(&suffix))
                .cloned()
                .collect();
            for d in dirs {
                self.cover(&Found::Dir(d));
            }
        }
    }

    /// Whether a prose word is clearly a path into the skill.
    fn is_claim(&self, from: &str, text: &str, kind: RefKind) -> bool {
        if text.starts_with('/') || text.starts_with('~') {
            return false;
        }
        if kind == RefKind::Example {
            return has_extension(text)
                && matches!(self.resolve(from, text), Ok(Found::CaseOnly(_)));
        }
        if text.contains('/') {
            if !has_extension(text) {
                return false;
            }
            // A hidden folder (`./.github/workflows/x.yml`) is the user's
            // repository's: a skill's hidden files are not part of it.
            if text
                .split('/')
                .any(|seg| seg.starts_with('.') && seg != "." && seg != "..")
                && !matches!(self.resolve(from, text), Ok(Found::File(_)))
            {
                return false;
            }
            if text.starts_with("./") || text.starts_with("../") {
                return true;
            }
            let first = text.split('/').next().unwrap_or("");
            // SKILL.md addresses its own folder: `scripts/x.py` there is the
            // skill's even when the folder was never committed. Other files
            // (guides about writing skills) use such paths as examples.
            if from == SKILL_MD && RESOURCE_DIRS.contains(&first) {
                return true;
            }
            return Self::bases(from).iter().any(|b| {
                normalize(b, first).is_some_and(|rel| {
                    let lower = rel.to_lowercase();
                    self.folder.dirs.contains(&rel)
                        || self
                            .lower
                            .get(&lower)
                            .is_some_and(|real| self.folder.dirs.contains(real))
                })
            });
        }
        // A single name: only when it exists in another letter case.
        has_extension(text) && matches!(self.resolve(from, text), Ok(Found::CaseOnly(_)))
    }

    /// A path after a skill-root placeholder: resolved from the skill root,
    /// wherever Markdown writes it (links, back-ticks, fenced code). In a
    /// program (`in_code`) it is data, such as a test's sample, and only
    /// counts as a mention.
    fn skill_placeholder(&mut self, source: &SourceFile, r: &Ref, rest: &str, in_code: bool) {
        let rest = rest.trim_start_matches("./").trim_end_matches('/');
        if rest.is_empty() {
            return;
        }
        if is_glob(rest) {
            self.cover_glob(SKILL_MD, rest);
            return;
        }
        let exists = matches!(
            self.resolve(SKILL_MD, rest),
            Ok(Found::File(_) | Found::Dir(_))
        );
        // A guide's example, or a name that is not a file's, only counts
        // as a mention; so does a variable the text sets itself
        // (`SKILL_DIR=…/scripts`), which stands for what it was set to.
        if !in_code
            && r.kind != RefKind::Example
            && (has_extension(rest) || exists)
            && !prose::assigns_variable(&source.text, &r.text)
        {
            // A client's own placeholder (`{baseDir}`, `${CLAUDE_SKILL_DIR}`)
            // is the skill folder for certain; a convention of the text's
            // (`{skill_path}`, `$SKILL_DIR`) is a reading of it.
            let kind = if prose::is_client_placeholder(&r.text) {
                RefKind::Link
            } else {
                RefKind::Prose
            };
            let inner = Ref {
                span: r.span,
                text: rest.to_string(),
                kind,
            };
            self.placeholder_claim = kind == RefKind::Link;
            self.claim(source, SKILL_MD, &inner);
            self.placeholder_claim = false;
        } else {
            self.mention(SKILL_MD, rest, false);
        }
    }

    /// A path after a plugin-root placeholder: resolved from the plugin
    /// folder; inside the skill it is a reference like any other.
    fn plugin_placeholder(&mut self, source: &SourceFile, r: &Ref, rest: &str, in_code: bool) {
        let rest = rest.trim_start_matches("./").trim_end_matches('/');
        if in_code || rest.is_empty() || is_glob(rest) || r.kind == RefKind::Example {
            return;
        }
        let Some(plugin) = self.folder.plugin_root() else {
            return;
        };
        let Some(full) = normalize(plugin, rest) else {
            return;
        };
        let dir = &self.folder.dir;
        let inner = if dir.is_empty() {
            Some(full.as_str())
        } else {
            full.strip_prefix(dir.as_str())
                .and_then(|t| t.strip_prefix('/'))
        };
        if let Some(inner) = inner {
            let inner = Ref {
                span: r.span,
                text: inner.to_string(),
                kind: RefKind::Link,
            };
            self.claim(source, SKILL_MD, &inner);
            return;
        }
        // Missing from the plugin: an error where the text names the file
        // (a link, prose, back-ticks). Fenced code that uses the plugin root
        // is most often a sample of a plugin's own files (a hook, an MCP
        // server's command) in a guide to writing one.
        if !has_extension(rest)
            || r.kind == RefKind::Code
            || self.folder.exists_in_repository(&full)
        {
            return;
        }
        let shown = source.slice(r.span).to_string();
        let plugin = if plugin.is_empty() {
            "the plugin folder (the repository root)".to_string()
        } else {
            format!("the plugin folder `{plugin}`")
        };
        self.out.push(Finding::broken(
            Diagnostic::new(
                &NO_RULE,
                source.path.clone(),
                format!("`{shown}` does not exist in {plugin}"),
            )
            .with_severity(prose::missing_severity(source, r))
            .at(r.span)
            .label("no such file")
            .help("add the file to the plugin or fix the path"),
        ));
    }

    /// Whether a path that is not in the skill is one the text places at
    /// the plugin root ("the plugin directory that contains `x/y.md`"), and
    /// exists there.
    fn at_plugin_root(&self, source: &SourceFile, r: &Ref) -> bool {
        let text = &source.text;
        let at = r.span.offset.min(text.len());
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = &text[start..end];
        if !line.to_ascii_lowercase().contains("plugin") {
            return false;
        }
        let Some(plugin) = self.folder.plugin_root() else {
            return false;
        };
        normalize(plugin, r.text.trim_start_matches("./"))
            .is_some_and(|full| self.folder.exists_in_repository(&full))
    }

    /// The repository path of a file that a path in a symlinked file
    /// (`.gemini/skills/x/SKILL.md` linking to `agents/x.md`) names from
    /// the folder the file really is in: written for that place, it works
    /// there and not from the skill folder.
    fn at_real_place(&self, from: &str, text: &str) -> Option<String> {
        let Some(FileKind::SymlinkOutside { target }) = self.folder.kind(from) else {
            return None;
        };
        let link = self.folder.repo_path(from);
        let real = normalize(&parent_of(&link), target)?;
        normalize(&parent_of(&real), text.trim_start_matches("./"))
            .filter(|t| self.folder.exists_in_repository(t))
    }

    /// The repository path of a file that a relative path without `../`
    /// names from a folder above the skill (the plugin root, whether a
    /// manifest or a marketplace entry makes it one, or a source tree a
    /// build copies into the skill): the nearest such folder wins.
    fn enclosing(&self, r: &Ref) -> Option<String> {
        let t = r.text.trim_start_matches("./");
        if self.folder.dir.is_empty() || !t.contains('/') || t.starts_with("../") {
            return None;
        }
        let mut dir = parent_of(&self.folder.dir);
        loop {
            if let Some(full) = normalize(&dir, t) {
                if self.folder.exists_in_repository(&full) {
                    return Some(full);
                }
            }
            if dir.is_empty() {
                return None;
            }
            dir = parent_of(&dir);
        }
    }

    /// The repository path of a file a path with a folder names in a
    /// sibling skill (a folder next to this one with its own `SKILL.md`).
    fn in_sibling(&self, text: &str) -> Option<String> {
        let t = text.trim_start_matches("./");
        if self.folder.dir.is_empty() || !t.contains('/') || t.starts_with("../") {
            return None;
        }
        let parent = parent_of(&self.folder.dir);
        let dirs: Vec<String> = self
            .folder
            .subdirs_in_repository(&parent)
            .into_iter()
            .filter(|d| *d != self.folder.dir)
            .collect();
        self.first_holding(dirs.into_iter(), t)
    }

    /// The skill folder among `dirs` that holds `t`, as a repository path.
    fn first_holding(&self, dirs: impl Iterator<Item = String>, t: &str) -> Option<String> {
        let mut dirs = dirs;
        dirs.find_map(|d| {
            let full = normalize(&d, t)?;
            (self.folder.is_file_in_repository(&join_rel(&d, SKILL_MD))
                && self.folder.is_file_in_repository(&full))
            .then_some(full)
        })
    }

    /// Where a missing path is found instead: a sibling skill's file (not
    /// for a link, whose author pointed at this skill), or the same path in
    /// a copy of this skill elsewhere (a translation that kept the links
    /// and not the files, another client's copy).
    fn elsewhere(&self, r: &Ref) -> Option<String> {
        let t = r.text.trim_start_matches("./");
        if r.kind != RefKind::Link {
            if let Some(found) = self.in_sibling(&r.text) {
                return Some(found);
            }
        }
        if t.starts_with("../") {
            return None;
        }
        self.first_holding(self.folder.copies.iter().cloned(), t)
    }

    /// Whether a path starts with a folder the skill has (or a resource
    /// folder of the format, `scripts/`): without one, an argument in a
    /// command is a file of the user's project.
    fn has_first_folder(&self, text: &str) -> bool {
        let t = text.trim_start_matches("./");
        match t.split_once('/') {
            Some((first, _)) => RESOURCE_DIRS.contains(&first) || self.folder.dirs.contains(first),
            None => true,
        }
    }

    /// Whether a missing link target reads as a page of a web site (a
    /// wiki's `internal-wiki/deployment-runbook`): no file extension, no
    /// trailing `/`, and a first folder the skill does not have.
    fn is_web_page(&self, text: &str) -> bool {
        text.contains('/')
            && !text.ends_with('/')
            && !text.starts_with('.')
            && !has_extension(text)
            && !self.has_first_folder(text)
    }

    /// Whether a path with a folder that is not in the skill names a file
    /// of the repository from its root (`scripts/validate.sh`, run from a
    /// checkout of the repository the skill lives in).
    fn at_repository_root(&self, r: &Ref) -> bool {
        let t = r.text.trim_start_matches("./");
        !self.folder.dir.is_empty()
            && t.contains('/')
            && !t.starts_with("../")
            && normalize("", t).is_some_and(|full| {
                !full.starts_with(&format!("{}/", self.folder.dir))
                    && self.folder.exists_in_repository(&full)
            })
    }

    /// Back-ticked bare names (`async-parallel`) that are the stem of a file
    /// in a folder the same text names (`rules/`, `rules/x.md`): an index
    /// of the folder's files.
    fn stems(&mut self, from: &str, refs: &[Ref]) {
        let hits: Vec<&Ref> = refs
            .iter()
            .filter(|n| n.kind == RefKind::Name && self.by_stem.contains_key(&n.text))
            .collect();
        if hits.is_empty() {
            return;
        }
        // The folders the text names, relative to the skill.
        let mut named: HashSet<String> = HashSet::default();
        for r in refs.iter().filter(|r| r.kind != RefKind::Name) {
            let t = r.text.trim_start_matches("./").trim_end_matches('/');
            let Some(t) = placeholder(t).map_or(Some(t), |(root, rest)| {
                (root == Root::Skill).then_some(rest)
            }) else {
                continue;
            };
            let dir = if has_extension(t) {
                parent_of(t)
            } else {
                t.to_string()
            };
            if dir.is_empty() {
                continue;
            }
            for base in Self::bases(from) {
                if let Some(d) = normalize(&base, &dir) {
                    if self.folder.dirs.contains(&d) {
                        named.insert(d);
                    }
                }
            }
        }
        if named.is_empty() {
            return;
        }
        let files: Vec<String> = hits
            .iter()
            .flat_map(|n| self.by_stem.get(&n.text).into_iter().flatten())
            .filter(|f| named.contains(&parent_of(f)))
            .cloned()
            .collect();
        for f in files {
            self.cover_file(f);
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
                RefKind::Link => self.claim(source, from, r),
                RefKind::Prose | RefKind::Example if self.is_claim(from, &r.text, r.kind) => {
                    self.claim(source, from, r)
                }
                RefKind::Prose | RefKind::Example | RefKind::Code => {
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
    scan.scan(skill_md, SKILL_MD, refs, false);
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
    scan.case_findings();
    let mut out = References {
        findings: std::cell::RefCell::new(std::mem::take(&mut scan.out)),
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
                let mut d = Diagnostic::new(
                    &NO_RULE,
                    path,
                    format!("symlink to `{target}`, outside the skill folder"),
                )
                .help("replace the symlink with a copy of the file: a skill is copied as a folder, and the link's target does not travel with it");
                if in_repository {
                    d = d.with_severity(Severity::Warning);
                }
                out.findings.get_mut().push(Finding::escapes(d));
            }
            FileKind::SymlinkDangling { target } => out.findings.get_mut().push(Finding::broken(
                Diagnostic::new(
                    &NO_RULE,
                    path,
                    format!("symlink to `{target}`, which does not exist"),
                )
                .help("remove the symlink or restore its target"),
            )),
            _ if scan.covered.contains(&f.rel) || is_exempt(&f.rel) => {}
            _ => out.unreferenced.push(path),
        }
    }
    out
}

/// A pointer to another skill by its installed name, `plugin:skill` (also
/// written `/plugin:skill`, as a slash command): clients resolve it by name,
/// so it is no file of the folder.
pub fn is_skill_pointer(text: &str) -> bool {
    let t = text.strip_prefix('/').unwrap_or(text);
    let Some((plugin, skill)) = t.split_once(':') else {
        return false;
    };
    let word = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
            && !w.starts_with('-')
    };
    plugin.len() >= 2 && word(plugin) && word(skill)
}

#[cfg(test)]
mod tests {
    use super::is_skill_pointer;

    #[test]
    fn plugin_skill_pointers_are_not_paths() {
        for t in [
            "/acme:acme-functions",
            "acme:setup",
            "superpowers:brainstorming",
        ] {
            assert!(is_skill_pointer(t), "{t}");
        }
        for t in [
            "/etc/passwd",
            "C:/x",
            "c:x",
            "scripts/run.py",
            "/a:b/c",
            "https://x.org",
            "a:",
        ] {
            assert!(!is_skill_pointer(t), "{t}");
        }
    }
}

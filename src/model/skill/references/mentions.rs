//! Paths mentioned in prose (back-ticked or bare words) and globs: which
//! ones are claims the skill must hold, which only cover files; and the
//! files a name covers by its stem.

use super::*;

impl<'a> Scan<'a> {
    /// A name that need not exist: covers what it names, if anything.
    pub(super) fn mention(&mut self, from: &str, text: &str, bare_words: bool) {
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
    /// Whether the glob matched a file (`None` for one with no literal
    /// folder or name part, which is not followed).
    pub(super) fn cover_glob(&mut self, from: &str, text: &str) -> Option<bool> {
        {
            // Only globs with a literal folder or name part, anchored at a base.
            if !text
                .split('/')
                .any(|seg| !seg.is_empty() && !is_glob(seg) && seg != "." && seg != "..")
            {
                return None;
            }
            let re = self
                .globs
                .entry(text.to_string())
                .or_insert_with(|| glob_regex(text))
                .clone()?;
            let mut any = false;
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
                any |= !hits.is_empty();
                for h in hits {
                    self.cover_file(h);
                }
            }
            Some(any)
        }
    }

    /// A mentioned name that is not a glob.
    pub(super) fn mention_path(&mut self, from: &str, text: &str, pathy: bool) {
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

    /// Whether `SKILL.md` sends the agent to a path in a folder where
    /// skills keep what the agent reads ([`SKILL_MATERIAL`]) that the skill
    /// does not have ("open `resources/playbook.md`").
    pub(super) fn sent_to_missing_material(&self, source: &SourceFile, r: &Ref) -> bool {
        let first = r.text.split('/').next().unwrap_or("").to_ascii_lowercase();
        r.text.contains('/')
            && has_extension(&r.text)
            && !r.text.starts_with(['/', '~', '.'])
            && !r.text.contains(['{', '<', '*', '$', '['])
            && SKILL_MATERIAL.contains(&first.as_str())
            && directed(source, r)
    }

    /// Whether the text says the missing path `r` is an output or the
    /// user's, here or where the skill named it before ([`Scan::theirs`]).
    pub(super) fn said_theirs(&mut self, source: &SourceFile, r: &Ref) -> bool {
        let key = r.text.trim_start_matches("./");
        if self.theirs.contains(key) {
            return true;
        }
        match whose(source, r) {
            Some(Whose::Said) => {
                self.theirs.insert(key.to_string());
                true
            }
            Some(Whose::Line) => true,
            None => false,
        }
    }

    /// Drops the missing prose paths reported before the text said whose
    /// they are ([`Scan::theirs`] is complete only after the scan), so the
    /// verdict does not depend on which mention comes first.
    pub(super) fn forget_theirs(&mut self) {
        if self.theirs.is_empty() {
            return;
        }
        let theirs = &self.theirs;
        self.broken.retain(|f| match &f.kind {
            Broken::Missing {
                shown, prose: true, ..
            } => !theirs.contains(shown.trim_matches('`').trim_start_matches("./")),
            _ => true,
        });
    }

    /// Whether the skill has the file `text` names in a first folder of the
    /// other number: `references/x.md` for `reference/x.md`, `script/x.py`
    /// for `scripts/x.py`.
    pub(super) fn in_folder_of_other_number(&self, text: &str) -> bool {
        let Some((first, rest)) = text.split_once('/') else {
            return false;
        };
        let other = match first.strip_suffix('s') {
            Some(one) if !one.is_empty() => one.to_string(),
            _ => format!("{first}s"),
        };
        matches!(
            self.resolve(SKILL_MD, &format!("{other}/{rest}")),
            Ok(Found::File(_))
        )
    }

    /// Whether a prose word is clearly a path into the skill.
    pub(super) fn is_claim(&self, from: &str, text: &str, kind: RefKind) -> bool {
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

    /// Back-ticked bare names (`async-parallel`) that are the stem of a file
    /// in a folder the same text names (`rules/`, `rules/x.md`): an index
    /// of the folder's files.
    pub(super) fn stems(&mut self, from: &str, refs: &[Ref]) {
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
}

/// Folders in which skills keep what the agent reads (besides the format's
/// `scripts/`, `references/`, `assets/`): a path sent to in one the skill
/// lacks is as likely its missing file as the user's (`src/`, `config/`
/// are the project's).
const SKILL_MATERIAL: &[&str] = &[
    "resources",
    "reference",
    "docs",
    "examples",
    "templates",
    "guides",
    "prompts",
    "rules",
    "workflows",
    "checklists",
    "playbooks",
    "schemas",
];

//! Where a path the skill names is found outside its folder: at the
//! plugin root, in a sibling skill or a copy of the skill, at the
//! repository root, or where a symlinked `SKILL.md` really lives; each
//! place makes a missing file a warning that names it.

use super::*;

/// The skills folders of clients in a user's home (`~/.claude/skills/`,
/// `~/.agents/skills/`, `~/.config/opencode/skill/`): a path below one
/// names a skill installed there, this one or a neighbour.
fn below_home_skills(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("~/")?;
    let at = rest.find("/skills/").map(|i| (i, "/skills/".len()));
    let at = at.or_else(|| rest.find("/skill/").map(|i| (i, "/skill/".len())))?;
    rest[..at.0]
        .starts_with('.')
        .then(|| &rest[at.0 + at.1..])
        .filter(|tail| !tail.is_empty())
}

impl<'a> Scan<'a> {
    /// An absolute path (`/x`, `~/x`). Certain only for a link of
    /// `SKILL.md` to a file that is nowhere (a referenced page's are most
    /// often a copied site's): a link that resolves from the repository
    /// root (`/docs/adr/x.md`), or a site path without an extension
    /// (`/en/hooks`), is the same defect as a `../` link out of the skill,
    /// a warning. So is a path into a client's skills folder in the home
    /// (`~/.claude/skills/_shared/x.md`) whose file the repository keeps
    /// in the folder this skill is installed from with its neighbours.
    pub(super) fn absolute(&mut self, from: &str, r: &Ref, path: String, shown: String) {
        let installed = below_home_skills(&r.text).and_then(|tail| {
            normalize(&parent_of(&self.folder.dir), tail)
                .filter(|full| self.folder.exists_in_repository(full))
        });
        if let Some(found) = installed {
            let kind = Escape::Relocated { shown, found };
            return self.escape(path, r.span, Severity::Warning, kind);
        }
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
        self.escape(path, r.span, severity, Escape::Absolute { shown });
    }

    /// Whether a path that climbs out of a skill in a client's folder of a
    /// project (`.claude/skills/x`, `.agents/skills/x`) leaves that client
    /// folder: it names a file of the project the folder is installed in
    /// (`../../vite.config.ts`), the user's, not the skill's.
    ///
    /// A skill of no plugin and no client folder is installed into one
    /// (`<project>/.claude/skills/<name>/`, `.agents/skills/<name>/`), so a
    /// path that climbs exactly three folders above it and out of the
    /// repository (`../../../openspec/config.yaml` from `skills/x/`) names
    /// the project root's file the same way.
    pub(super) fn leaves_for_the_project(&self, from: &str, text: &str) -> bool {
        let dir = &self.folder.dir;
        if self.payload_sibling(from, text) {
            return true;
        }
        let Some(client) = crate::model::skill::install::client_folder(dir) else {
            return self.folder.plugin_root().is_none()
                && levels_above_skill(from, text) == 3
                && normalize(&join_rel(dir, &parent_of(from)), text).is_none();
        };
        match normalize(&join_rel(dir, &parent_of(from)), text) {
            Some(full) => !full.starts_with(&format!("{client}/")),
            None => true,
        }
    }

    /// Whether a path climbs one level out of a skill that lies in another
    /// skill's resource folder (`resources/`, `assets/`, `templates/`),
    /// into a sibling skill (`resources/foundation-skills/plan/SKILL.md`
    /// linking `../add-e2e-test/SKILL.md`): such a skill is the outer
    /// skill's payload, which it copies out or renders where it sets up
    /// skills, so what sits beside it there is the outer skill's to decide.
    fn payload_sibling(&self, from: &str, text: &str) -> bool {
        const RESOURCES: &[&str] = &["resources", "assets", "templates"];
        let dir = &self.folder.dir;
        levels_above_skill(from, text) == 1
            && text.trim_start_matches("./").starts_with("../")
            && crate::model::skill::install::enclosing_skill(self.folder).is_some_and(|outer| {
                let inner = if outer.is_empty() {
                    Some(dir.as_str())
                } else {
                    dir.strip_prefix(&format!("{outer}/"))
                };
                inner
                    .and_then(|i| i.split('/').next())
                    .is_some_and(|first| RESOURCES.iter().any(|r| first.eq_ignore_ascii_case(r)))
            })
    }

    /// The repository path of a file outside the skill that a `../` path
    /// of a page below the skill folder names when read from the skill
    /// folder (`references/x.md` linking `../review/SKILL.md`, the sibling
    /// skill): written from where `SKILL.md` is.
    pub(super) fn read_from_skill_folder(&self, from: &str, text: &str) -> Option<String> {
        let t = text.trim_start_matches("./");
        let dir = &self.folder.dir;
        if parent_of(from).is_empty() || !t.starts_with("../") {
            return None;
        }
        normalize(dir, t).filter(|full| {
            !full.starts_with(&format!("{dir}/")) && self.folder.exists_in_repository(full)
        })
    }

    /// Where a path that climbs out of the skill to nothing is found when
    /// read as an install lays the skills out: from the skill folder
    /// rather than the file's own folder (a page of `references/` linking
    /// `../sibling/SKILL.md`), with the part below the climb in a folder
    /// higher up (a pack installs its shared `references/` next to its
    /// skills), or from a copy of the skill elsewhere (`.agents/skills/x`).
    /// Each makes the path uncertain: the finding it is, a warning.
    pub(super) fn climbs_to_elsewhere(
        &self,
        from: &str,
        text: &str,
        shown: &str,
    ) -> Option<Escape> {
        let shown = shown.to_string();
        let dir = &self.folder.dir;
        let t = text.trim_start_matches("./");
        if let Some(full) = self.read_from_skill_folder(from, text) {
            return Some(Escape::Climbs {
                shown,
                target: Some(full),
            });
        }
        for copy in &self.folder.copies {
            if let Some(full) = normalize(&join_rel(copy, &parent_of(from)), t)
                .filter(|f| self.folder.exists_in_repository(f))
            {
                return Some(Escape::Relocated { shown, found: full });
            }
        }
        // The part below the climb, a folder and a name in it (a bare file
        // name found higher up is as likely another file of that name).
        let mut tail = t;
        let mut ups = 0;
        while let Some(rest) = tail.strip_prefix("../") {
            tail = rest.trim_start_matches("./");
            ups += 1;
        }
        // A folder alone (`../../protect-mcp/`) found higher up is a
        // neighbour the path misses by a level, not a layout.
        if ups == 0 || !tail.trim_end_matches('/').contains('/') || tail.starts_with("../") {
            return None;
        }
        let landed = normalize(&join_rel(dir, &parent_of(from)), &"../".repeat(ups))?;
        let mut above = landed;
        while !above.is_empty() {
            above = parent_of(&above);
            if let Some(full) =
                normalize(&above, tail).filter(|f| self.folder.exists_in_repository(f))
            {
                return Some(Escape::Relocated { shown, found: full });
            }
        }
        None
    }

    /// Whether the line names the folder of the skill that holds the file
    /// ("Run `./install-deps.sh` in scripts directory", with
    /// `scripts/install-deps.sh`): the path is written from there.
    pub(super) fn in_folder_the_line_names(&mut self, source: &SourceFile, r: &Ref) -> bool {
        let t = r.text.trim_start_matches("./");
        if t.contains('/') {
            return false;
        }
        let text = &source.text;
        let line = text[line_around(text, r.span.offset)].to_ascii_lowercase();
        let Some(found) = self.by_name.get(t).cloned() else {
            return false;
        };
        let named: Vec<String> = found
            .into_iter()
            .filter(|f| {
                let folder = parent_of(f);
                let last = folder
                    .rsplit('/')
                    .next()
                    .unwrap_or(&folder)
                    .to_ascii_lowercase();
                !last.is_empty()
                    && line
                        .split(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_')
                        .any(|w| w == last)
            })
            .collect();
        for f in &named {
            self.cover_file(f.clone());
        }
        !named.is_empty()
    }

    /// Whether a path that is not in the skill is one the text places at
    /// the plugin root ("the plugin directory that contains `x/y.md`"), and
    /// exists there.
    pub(super) fn at_plugin_root(&self, source: &SourceFile, r: &Ref) -> bool {
        let text = &source.text;
        let line = &text[line_around(text, r.span.offset)];
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
    pub(super) fn at_real_place(&self, from: &str, text: &str) -> Option<String> {
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
    pub(super) fn enclosing(&self, r: &Ref) -> Option<String> {
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
    pub(super) fn in_sibling(&self, text: &str) -> Option<String> {
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
    pub(super) fn first_holding(
        &self,
        dirs: impl Iterator<Item = String>,
        t: &str,
    ) -> Option<String> {
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
    pub(super) fn elsewhere(&self, r: &Ref) -> Option<String> {
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
    pub(super) fn has_first_folder(&self, text: &str) -> bool {
        let t = text.trim_start_matches("./");
        match t.split_once('/') {
            Some((first, _)) => RESOURCE_DIRS.contains(&first) || self.folder.dirs.contains(first),
            None => true,
        }
    }

    /// Whether a missing link target reads as a page of a web site (a
    /// wiki's `internal-wiki/deployment-runbook`): no file extension, no
    /// trailing `/`, and a first folder the skill does not have; or a host
    /// name without its scheme.
    pub(super) fn is_web_page(&self, text: &str) -> bool {
        // A host written without its scheme (`bailian.aliyun.com`,
        // `docs.example.org/guide`): a site, not a file.
        const HOSTS: &[&str] = &["com", "org", "net", "cn", "io", "gov", "edu", "co"];
        let host = text.split('/').next().unwrap_or(text);
        if host.split('.').count() >= 3
            && host
                .rsplit('.')
                .next()
                .is_some_and(|tld| HOSTS.contains(&tld))
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        {
            return true;
        }
        text.contains('/')
            && !text.ends_with('/')
            && !text.starts_with('.')
            && !has_extension(text)
            && !self.has_first_folder(text)
    }

    /// Whether a path with a folder that is not in the skill names a file
    /// of the repository from its root (`scripts/validate.sh`, run from a
    /// checkout of the repository the skill lives in).
    pub(super) fn at_repository_root(&self, r: &Ref) -> bool {
        let t = r.text.trim_start_matches("./");
        !self.folder.dir.is_empty()
            && t.contains('/')
            && !t.starts_with("../")
            && normalize("", t).is_some_and(|full| {
                !full.starts_with(&format!("{}/", self.folder.dir))
                    && self.folder.exists_in_repository(&full)
            })
    }
}

/// How many folders above the skill folder a relative path climbs at its
/// highest, read from the file `from` (skill-relative): 3 for
/// `../../../x` in `SKILL.md`, 1 for `../../x` in `references/a.md`.
fn levels_above_skill(from: &str, text: &str) -> usize {
    let mut depth = parent_of(from).split('/').filter(|s| !s.is_empty()).count() as isize;
    let mut lowest = depth;
    for seg in text.split('/') {
        match seg {
            ".." => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        lowest = lowest.min(depth);
    }
    (-lowest).max(0) as usize
}

impl Scan<'_> {
    /// Covers the skill's files that the agent entry files at the
    /// repository root and at the plugin root name.
    pub(super) fn entry_files(&mut self) {
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
}

#[cfg(test)]
mod tests {
    use super::below_home_skills;

    #[test]
    fn a_path_below_a_clients_skills_folder_in_the_home() {
        assert_eq!(
            below_home_skills("~/.claude/skills/_shared/scope-guard.md"),
            Some("_shared/scope-guard.md")
        );
        assert_eq!(
            below_home_skills("~/.config/opencode/skill/x/a.md"),
            Some("x/a.md")
        );
        // Not a client's folder, or nothing below it.
        assert_eq!(below_home_skills("~/projects/skills/x.md"), None);
        assert_eq!(below_home_skills("~/.claude/skills/"), None);
        assert_eq!(below_home_skills("/.claude/skills/x.md"), None);
    }
}

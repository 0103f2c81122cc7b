//! Names that exist only in another letter case: one finding per file,
//! with every other mention, and the edits of the fix that writes the real
//! name.

use super::*;
use crate::model::skill::graph::CaseOnly;

impl<'a> Scan<'a> {
    /// Records a mention of a name that exists only in another letter
    /// case (`real`), with the others of the same file.
    pub(super) fn case_only_mention(
        &mut self,
        source: &SourceFile,
        from: &str,
        r: &Ref,
        path: String,
        shown: String,
        real: String,
    ) {
        let edit = self.case_edit(source, from, r, &shown, &real);
        // "write `PRODUCT.md` (project-root)": the name of a file the skill
        // makes in the project, not a wrong name of its own page.
        let theirs = r.kind != RefKind::Link && self.said_theirs(source, r);
        let mention = CaseMention {
            path,
            span: r.span,
            shown,
            edit,
            key: r.text.trim_start_matches("./").to_string(),
            // A mention in prose is a reading of the text, at most a
            // warning, unless the text sends the agent to the file.
            certain: !theirs
                && (r.kind == RefKind::Link
                    || (!names_a_convention(&r.text)
                        && crate::model::skill::prose::own_path_severity(source, r)
                            == Severity::Error)),
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

    /// The edit that writes `real`'s letter case into a mention of it, when
    /// the written name then resolves to the file (safe: the file exists).
    pub(super) fn case_edit(
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
    /// mention, the others as labels, and the edits of a safe fix that
    /// writes the real name everywhere.
    pub(super) fn case_findings(&mut self) {
        for (real, mentions) in std::mem::take(&mut self.case_only) {
            let edits: Option<Vec<crate::diagnostic::Edit>> =
                mentions.iter().map(|m| m.edit.clone()).collect();
            // Two mentions read from one stretch of text (a link and the
            // word inside it) make overlapping edits: the fix keeps one.
            let edits = edits.map(|mut edits| {
                edits.sort_by_key(|e| (e.path.clone(), e.range.start));
                edits.dedup_by(|b, a| a.path == b.path && b.range.start < a.range.end);
                edits
            });
            // A name the text said is the project's anywhere in the skill
            // is uncertain everywhere.
            let severity = if mentions
                .iter()
                .any(|m| m.certain && !self.theirs.contains(&m.key))
            {
                Severity::Error
            } else {
                Severity::Warning
            };
            let mut mentions = mentions.into_iter();
            let Some(first) = mentions.next() else {
                continue;
            };
            let others = mentions.map(|m| (m.path, m.span)).collect();
            self.broken(
                first.path,
                first.span,
                severity,
                Broken::CaseOnly(Box::new(CaseOnly {
                    shown: first.shown,
                    real,
                    others,
                    edits,
                })),
            );
        }
    }

    /// The file a missing name probably means ("did you mean"): a file with
    /// the same name elsewhere, or a close path.
    /// The skill's file whose path ends with all of `text` (a path with a
    /// folder, `scripts/x.py` for `assets/scripts/x.py`): the same file,
    /// written from a folder below the skill's.
    pub(super) fn deeper_in_skill(&self, text: &str) -> Option<&str> {
        let wanted = text.trim_start_matches("./");
        if !wanted.contains('/') || wanted.starts_with("../") {
            return None;
        }
        let tail = format!("/{wanted}");
        self.folder
            .files
            .iter()
            .map(|f| f.rel.as_str())
            .find(|rel| rel.ends_with(&tail))
    }

    pub(super) fn suggestion(&self, text: &str) -> Option<String> {
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
            return Some(one.to_string());
        }
        did_you_mean(wanted, self.folder.files.iter().map(|f| f.rel.as_str())).map(str::to_string)
    }
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

/// Whether a name is a project's conventional file in capitals
/// (`CONTRIBUTING.md`, `MEMORY.md`, `CHANGELOG.md`): in prose it names the
/// convention (the user's project's file, a client's memory) as often as a
/// page of the skill that happens to share it in lower case.
fn names_a_convention(text: &str) -> bool {
    const NAMES: &[&str] = &[
        "README",
        "CONTRIBUTING",
        "CHANGELOG",
        "CHANGES",
        "HISTORY",
        "LICENSE",
        "NOTICE",
        "SECURITY",
        "CODE_OF_CONDUCT",
        "AUTHORS",
        "ROADMAP",
        "TODO",
        "MEMORY",
    ];
    let name = text.rsplit('/').next().unwrap_or(text);
    let stem = name.split('.').next().unwrap_or(name);
    NAMES.contains(&stem)
}

//! Names that exist only in another letter case: one finding per file,
//! with every other mention, and the edits of the fix that writes the real
//! name.

use super::*;
use crate::model::skill::graph::CaseOnly;

impl<'a> Scan<'a> {
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
            let severity = if mentions.iter().any(|m| m.certain) {
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

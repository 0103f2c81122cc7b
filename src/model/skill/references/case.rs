//! Names that exist only in another letter case: one finding per file,
//! every mention a label, and the fix that writes the real name.

use super::*;

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
    /// mention, the others as labels, and a safe fix that writes the real
    /// name everywhere.
    pub(super) fn case_findings(&mut self) {
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
            return Some(format!("did you mean `{one}`?"));
        }
        did_you_mean(wanted, self.folder.files.iter().map(|f| f.rel.as_str()))
            .map(|s| format!("did you mean `{s}`?"))
    }
}

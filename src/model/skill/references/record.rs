//! How the scan records a finding: where a name was looked for, and the
//! severity the place of the file lowers (a copy of another project).

use super::*;

/// How strongly a claim names a file of the skill, which bounds what its
/// absence can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Claim {
    /// As its kind and wording say (a link, or prose).
    Plain,
    /// A path after a client's own placeholder (`{baseDir}/x`): certain to
    /// name the skill folder, so a file above it is not found there.
    Placeholder,
    /// A path sent to in a folder the skill does not have: at most a
    /// warning.
    Weak,
    /// A path sent to in the folder of the other number of one the skill
    /// has (`reference/x.md` for its `references/x.md`): its own, misnamed.
    Misnamed,
}

impl Scan<'_> {
    /// Where a name written in `from` was looked for.
    pub(super) fn where_from(&self, from: &str) -> Where {
        if parent_of(from).is_empty() {
            Where::SkillFolder
        } else {
            Where::NextTo(self.folder.repo_path(from))
        }
    }

    /// Records a name that does not resolve.
    pub(super) fn broken(&mut self, path: String, span: Span, severity: Severity, kind: Broken) {
        let (severity, note) = self.lowered(severity);
        self.broken.push(Finding {
            path,
            span: Some(span),
            severity,
            kind,
            note,
        });
    }

    /// An error in a file whose links are written for another tree is a
    /// warning, with the note that says which ([`Scan::lowered_by`]): a
    /// copy of another project (`vendor/`, `colima-upstream/`), a site's
    /// documentation for models, a page titled as a template.
    fn lowered(&self, severity: Severity) -> (Severity, Option<&'static str>) {
        match self.lowered_by {
            Some(note) if severity == Severity::Error => (Severity::Warning, Some(note)),
            _ => (severity, None),
        }
    }

    /// Records a name that leads outside the folder.
    pub(super) fn escape(&mut self, path: String, span: Span, severity: Severity, kind: Escape) {
        let (severity, note) = self.lowered(severity);
        self.escapes.push(Finding {
            path,
            span: Some(span),
            severity,
            kind,
            note,
        });
    }
}

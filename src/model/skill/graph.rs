//! What following a skill's references found: the names that do not
//! resolve or lead outside the folder, and the files nothing references.
//! [`crate::model::skill::references::build`] works it out.
//!
//! A finding here is typed: it says *what* is wrong ([`Broken`],
//! [`Escape`]), where, and how grave it is; the rule files
//! (`rules/skill/broken_reference.rs`, `rules/skill/reference_escapes.rs`)
//! say it, turning each kind into its message, label, help and fix.

use crate::diagnostic::{Diagnostic, Edit, Severity};
use crate::source::Span;
use std::cell::RefCell;

/// One finding of the reference graph: the file that holds the name (or
/// the symlink), repository-relative; the name's span in it, if any; the
/// severity the model judged; and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding<K> {
    pub path: String,
    pub span: Option<Span>,
    pub severity: Severity,
    pub kind: K,
    /// Why the model lowered the severity, when the place of the file did
    /// it (a copy of another project): added to the help in parentheses.
    pub note: Option<&'static str>,
}

/// Where a missing name was looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Where {
    /// In the skill folder (the name is written in a file at its top).
    SkillFolder,
    /// Next to the file that names it (its repository path), then in the
    /// skill folder.
    NextTo(String),
}

/// A name that does not resolve (`skill/broken-reference`). `shown` is the
/// name as written (the span's text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// Not found in the skill folder, nor anywhere it says.
    Missing {
        shown: String,
        where_: Where,
        /// A file of the skill it probably means (`did you mean`).
        suggestion: Option<String>,
        /// Read from prose (a bare or back-ticked word), not a link.
        prose: bool,
    },
    /// Not in the skill folder, but found from a folder above it (the
    /// plugin root, a source tree a build copies in) or from where a
    /// symlinked file really is: `found`, a repository path.
    OutsideSkill { shown: String, found: String },
    /// A `../` path of a page below the skill folder that names nothing
    /// from the page, and a file outside the skill (`found`) when read
    /// from the skill folder: written from where `SKILL.md` is.
    FromSkillFolder { shown: String, found: String },
    /// Not in the skill folder, but a file of another skill (a sibling, or
    /// a copy of this one): `sibling`, a repository path.
    OtherSkill { shown: String, sibling: String },
    /// Exists only in another letter case (boxed: rare, and the largest).
    CaseOnly(Box<CaseOnly>),
    /// A path after the plugin-root placeholder that the plugin folder
    /// (`plugin`, repository-relative, empty for the repository root) does
    /// not have.
    NotInPlugin { shown: String, plugin: String },
    /// A path after the plugin-root placeholder in a skill of a project's
    /// client folder (`client`, such as `.claude`), which no plugin holds:
    /// the placeholder is set only for a plugin's skills.
    NoPlugin { shown: String, client: String },
    /// A symlink of the folder whose target (as the link writes it) does
    /// not exist.
    DanglingSymlink { target: String },
}

/// The mentions of one file in another letter case: the finding is at the
/// first, the others are labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseOnly {
    /// The first mention, as written.
    pub shown: String,
    /// The file's real path in the skill folder.
    pub real: String,
    /// The other mentions: repository path and span.
    pub others: Vec<(String, Span)>,
    /// The edits that write the real name in every mention, when each can
    /// be made (overlapping ones dropped).
    pub edits: Option<Vec<Edit>>,
}

/// A name or symlink that leads outside the skill folder
/// (`skill/reference-escapes`). `shown` is the name as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Escape {
    /// An absolute path (`/x`, `\x`, `~/x`).
    Absolute { shown: String },
    /// A path that climbs out with `..`; `target` is the repository path
    /// it reaches when a file exists there.
    Climbs {
        shown: String,
        target: Option<String>,
    },
    /// A path that climbs out with `..` to a file that is not there, and
    /// that the repository has where an install or a copy puts it
    /// (`found`): one folder higher (a pack's shared `references/` that
    /// its installer copies next to the skills), or from a copy of the
    /// skill.
    Relocated { shown: String, found: String },
    /// A path through a symlink that leaves the folder.
    ThroughSymlink { shown: String },
    /// A symlink of the folder whose target (as the link writes it) is
    /// outside it.
    SymlinkOutside { target: String },
}

/// The reference graph of one skill, worked out once for the three
/// reference rules.
#[derive(Debug, Clone, Default)]
pub struct References {
    /// Names that do not resolve, and dangling symlinks, in the order they
    /// were found. Handed out once, to their rule
    /// ([`References::take_broken`]): a skill with hundreds of thousands of
    /// broken links never holds two copies.
    pub broken: RefCell<Vec<Finding<Broken>>>,
    /// Names and symlinks that lead outside the folder, in the order they
    /// were found; handed out once ([`References::take_escapes`]).
    pub escapes: RefCell<Vec<Finding<Escape>>>,
    /// Where the findings of `escapes` were, once handed out
    /// (repository-relative path and span): another rule that must not
    /// report the same text twice asks here.
    pub escaped: RefCell<Vec<(String, Span)>>,
    /// The folder's files (repository-relative) that nothing references
    /// and that need a reference (see `is_exempt`).
    pub unreferenced: Vec<String>,
}

/// Moves every finding of `list` to `out`, each said by `say` (a second
/// call finds none).
fn take<K>(
    list: &RefCell<Vec<Finding<K>>>,
    out: &mut Vec<Diagnostic>,
    mut say: impl FnMut(Finding<K>) -> Diagnostic,
) {
    let findings = std::mem::take(&mut *list.borrow_mut());
    out.reserve_exact(findings.len());
    out.extend(findings.into_iter().map(|f| {
        let note = f.note;
        let mut d = say(f);
        if let Some(note) = note {
            d.note(note);
        }
        d
    }));
}

impl References {
    /// Moves the names that do not resolve to `out`, each turned into its
    /// diagnostic by `say` (the rule's wording).
    pub fn take_broken(
        &self,
        out: &mut Vec<Diagnostic>,
        say: impl FnMut(Finding<Broken>) -> Diagnostic,
    ) {
        take(&self.broken, out, say);
    }

    /// Moves the names and symlinks that lead outside the folder to `out`,
    /// each turned into its diagnostic by `say`, and records where they
    /// were (`escaped`).
    pub fn take_escapes(
        &self,
        out: &mut Vec<Diagnostic>,
        say: impl FnMut(Finding<Escape>) -> Diagnostic,
    ) {
        self.escaped.borrow_mut().extend(
            self.escapes
                .borrow()
                .iter()
                .filter_map(|f| Some((f.path.clone(), f.span?))),
        );
        take(&self.escapes, out, say);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_is_smaller_than_its_diagnostic() {
        // Hundreds of thousands of them are held until their rule runs.
        let size = std::mem::size_of::<Finding<Broken>>();
        assert!(size < std::mem::size_of::<Diagnostic>(), "{size}");
        assert!(std::mem::size_of::<Finding<Escape>>() <= size);
    }
}

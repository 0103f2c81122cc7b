//! What following a skill's references found: the names that do not
//! resolve or lead outside the folder, and the files nothing references.
//! [`crate::model::skill::references::build`] works it out.

use crate::diagnostic::Diagnostic;
use std::cell::RefCell;

/// What is wrong with a name the skill writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// It does not resolve (`skill/broken-reference`).
    Broken,
    /// It leads outside the skill folder (`skill/reference-escapes`).
    Escapes,
}

/// One name that does not resolve or leads outside the folder: the finding
/// as it is reported, made with no rule yet (its rule file gives it one).
#[derive(Debug, Clone)]
pub struct Finding {
    pub problem: Problem,
    pub diagnostic: Diagnostic,
}

impl Finding {
    pub(crate) fn broken(diagnostic: Diagnostic) -> Finding {
        Finding {
            problem: Problem::Broken,
            diagnostic,
        }
    }

    pub(crate) fn escapes(diagnostic: Diagnostic) -> Finding {
        Finding {
            problem: Problem::Escapes,
            diagnostic,
        }
    }
}

/// The reference graph of one skill, worked out once for the three
/// reference rules.
#[derive(Debug, Clone, Default)]
pub struct References {
    /// Names that do not resolve or lead outside the folder, and symlinks
    /// that do, in the order they were found. Each is handed out once, to
    /// the rule it belongs to ([`References::take_diagnostics`]): a skill with
    /// hundreds of thousands of broken links never holds two copies.
    pub findings: RefCell<Vec<Finding>>,
    /// Where the findings of `Problem::Escapes` were, once handed out
    /// (repository-relative path and span): another rule that must not
    /// report the same text twice asks here.
    pub escaped: RefCell<Vec<(String, crate::source::Span)>>,
    /// The folder's files (repository-relative) that nothing references
    /// and that need a reference (see `is_exempt`).
    pub unreferenced: Vec<String>,
}

impl References {
    /// Moves the findings of one problem to `out`, given the rule they are
    /// reported under (a second call for the same problem finds none).
    pub fn take_diagnostics(
        &self,
        problem: Problem,
        rule: &'static crate::diagnostic::Rule,
        out: &mut Vec<Diagnostic>,
    ) {
        let mut findings = self.findings.borrow_mut();
        let count = findings.iter().filter(|f| f.problem == problem).count();
        if problem == Problem::Escapes {
            self.escaped.borrow_mut().extend(
                findings
                    .iter()
                    .filter(|f| f.problem == problem)
                    .filter_map(|f| Some((f.diagnostic.path.clone(), f.diagnostic.span?))),
            );
        }
        out.reserve_exact(count);
        out.extend(
            findings
                .extract_if(.., |f| f.problem == problem)
                .map(|f| Diagnostic {
                    rule,
                    ..f.diagnostic
                }),
        );
        // The emptied list would keep its room (as large as the findings
        // just moved) until the skill is linted.
        if findings.is_empty() {
            *findings = Vec::new();
        }
    }
}

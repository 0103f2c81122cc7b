//! What a `decision/*` rule judges, and the trait each rule implements. The
//! engine (`crate::lint::decisions`) parses a record, reads the profile and
//! the requirements at the revisions the record names, recomputes the match
//! table from them, and calls every rule of [`super::CHECKS`] on the result.

use crate::diagnostic::{Diagnostic, Rule};
use crate::model::decision::Record;
use crate::model::matching::Candidate;
use crate::model::requirements::Requirements;
use crate::source::SourceFile;

/// What the engine found for one record.
#[derive(Debug, Clone, Copy)]
pub struct Audit<'a> {
    /// Some revision of the repository (the blob the record names, the
    /// work tree, the index, or a commit reachable from HEAD) holds the
    /// assigned `agent_id` at the recorded `version`.
    pub profile_found: bool,
    /// The requirements at the revision the record names, or why they
    /// cannot be read.
    pub requirements: Result<&'a Requirements, &'a str>,
    /// The match table of that profile revision against those
    /// requirements, as of the record's `as_of` (when both were found).
    pub recomputed: Option<&'a Candidate>,
}

/// One record with its audit.
#[derive(Debug, Clone, Copy)]
pub struct DecisionCx<'a> {
    pub source: &'a SourceFile,
    pub record: &'a Record,
    pub audit: &'a Audit<'a>,
}

impl DecisionCx<'_> {
    pub fn diag(&self, rule: &'static Rule, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(rule, &self.source.path, message)
    }
}

/// A `decision/*` rule.
pub trait DecisionRule {
    /// Judges one parsed record.
    fn record(&self, _cx: &DecisionCx<'_>, _out: &mut Vec<Diagnostic>) {}
}

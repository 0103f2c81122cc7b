//! What the cache keeps of one unit ([`Entry`]), and how it is written
//! and read back: serde derives, encoded with postcard (see
//! docs/development.md for why that codec).
//!
//! Postcard writes no schema and no field names: integers and lengths are
//! varints, enums a variant number, so an entry is about as small as the
//! hand-made format it replaced, and reading it is one pass over its bytes.
//! A diagnostic's rule is a `&'static Rule`: [`StoredDiagnostic`] keeps
//! its id, and decoding finds it again in the registry; an id this build
//! does not know fails the entry's decoding, which reads as a miss. The
//! file around the entries (its header, framing and checksum) is in the
//! parent module.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Fix, Label, Severity};
use crate::model::skill::folder::Probe;
use crate::rules::skill::context::SkillName;
use crate::source::Span;

/// What linting one unit found.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Entry {
    Profile {
        #[serde(with = "stored")]
        diagnostics: Vec<Diagnostic>,
        parsed: bool,
        agent_id: Option<(String, Span)>,
    },
    Skill {
        #[serde(with = "stored")]
        diagnostics: Vec<Diagnostic>,
        is_skill: bool,
        name: Option<SkillName>,
        /// Every file the folder's lint read.
        paths: Vec<String>,
        /// What the lint asked of the repository outside the folder: the
        /// entry holds only while the answers are the same.
        probes: Vec<Probe>,
    },
    /// A history review of a changed profile (its key names the pair of
    /// revisions) that found nothing.
    Judged,
}

impl Entry {
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Entry::Profile { diagnostics, .. } | Entry::Skill { diagnostics, .. } => diagnostics,
            Entry::Judged => &[],
        }
    }

    /// Whether the entry may be written: no credential finding, and only
    /// what the file rules find (history findings are never cached).
    pub fn storable(&self) -> bool {
        self.diagnostics()
            .iter()
            .all(|d| !d.rule.id.starts_with("security/") && d.commit.is_none())
    }
}

/// An entry's bytes; `None` if it cannot be encoded (it is then not
/// stored).
pub(super) fn encode_entry(entry: &Entry) -> Option<Vec<u8>> {
    postcard::to_stdvec(entry).ok()
}

/// The entry `bytes` hold, all of them; `None` for bytes that do not
/// decode (damage, or a rule this build does not know).
pub(super) fn decode_entry(bytes: &[u8]) -> Option<Entry> {
    match postcard::take_from_bytes::<Entry>(bytes) {
        Ok((entry, [])) => Some(entry),
        _ => None,
    }
}

/// A [`Diagnostic`] as the cache keeps it: its rule by id. Written from
/// borrowed fields, read into owned ones (`Cow`), so that neither way
/// copies a string more than the codec does. Never one with a commit
/// (see [`Entry::storable`]).
#[derive(Serialize, Deserialize)]
pub(super) struct StoredDiagnostic<'a> {
    #[serde(borrow)]
    rule: Cow<'a, str>,
    severity: Severity,
    message: Cow<'a, str>,
    path: Cow<'a, str>,
    span: Option<Span>,
    label: Cow<'a, Option<String>>,
    labels: Cow<'a, [Label]>,
    help: Cow<'a, Option<String>>,
    fix: Cow<'a, Option<Box<Fix>>>,
}

impl<'a> From<&'a Diagnostic> for StoredDiagnostic<'a> {
    fn from(d: &'a Diagnostic) -> Self {
        StoredDiagnostic {
            rule: Cow::Borrowed(d.rule.id),
            severity: d.severity,
            message: Cow::Borrowed(&d.message),
            path: Cow::Borrowed(&d.path),
            span: d.span,
            label: Cow::Borrowed(&d.label),
            labels: Cow::Borrowed(&d.labels),
            help: Cow::Borrowed(&d.help),
            fix: Cow::Borrowed(&d.fix),
        }
    }
}

impl StoredDiagnostic<'_> {
    /// The diagnostic, with its rule found again; `None` for an id that
    /// names no rule of this build.
    pub(super) fn into_diagnostic(self) -> Option<Diagnostic> {
        Some(Diagnostic {
            rule: crate::rules::get(&self.rule)?,
            severity: self.severity,
            message: self.message.into_owned(),
            path: self.path.into_owned(),
            span: self.span,
            label: self.label.into_owned(),
            labels: self.labels.into_owned(),
            help: self.help.into_owned(),
            commit: None,
            fix: self.fix.into_owned(),
        })
    }
}

/// An entry's diagnostics (`#[serde(with)]`), as [`StoredDiagnostic`]s.
mod stored {
    use super::{Diagnostic, StoredDiagnostic};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(ds: &[Diagnostic], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(ds.iter().map(StoredDiagnostic::from))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Diagnostic>, D::Error> {
        Vec::<StoredDiagnostic<'de>>::deserialize(d)?
            .into_iter()
            .map(|s| {
                s.into_diagnostic()
                    .ok_or_else(|| D::Error::custom("a rule this build does not know"))
            })
            .collect()
    }
}

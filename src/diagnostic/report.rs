//! What a run found: the diagnostics, the texts they point into, notes and
//! counts; [`Report::finish`] applies configured severities, masks secrets,
//! sorts and counts before any renderer sees it.

use super::{sort, Diagnostic};
use crate::diagnostic::rule::Severity;
use crate::redact;
use crate::settings::Settings;
use crate::source::SourceFile;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub profiles: usize,
    pub skills: usize,
    pub errors: usize,
    pub warnings: usize,
}

/// Everything a run found, ready for a renderer.
#[derive(Debug, Default)]
pub struct Report {
    pub sources: BTreeMap<String, SourceFile>,
    pub diagnostics: Vec<Diagnostic>,
    /// One-line notes for stderr (e.g. history skipped outside git).
    pub notes: Vec<String>,
    pub summary: Summary,
    /// Files as of a commit (`caplint history`), keyed by (commit id, path):
    /// the texts that findings carrying that commit point into.
    pub commit_sources: BTreeMap<(String, String), SourceFile>,
    /// Every file the run linted, by a 64-bit hash of its path (see
    /// [`Report::mark_linted`]). `sources` keeps the texts of those with
    /// findings only (a run's memory grows with its findings, not with the
    /// repository); the others are counted here, in 8 bytes each.
    pub linted: foldhash::HashSet<u64>,
}

impl Report {
    /// The key of a path in [`Report::linted`].
    fn path_key(path: &str) -> u64 {
        use std::hash::BuildHasher;
        foldhash::fast::FixedState::with_seed(0x11a7ed).hash_one(path)
    }

    /// Counts the file at `path` as linted (once, however often it is said).
    pub fn mark_linted(&mut self, path: &str) {
        self.linted.insert(Self::path_key(path));
    }

    /// Whether the file at `path` was counted as linted.
    pub fn is_linted(&self, path: &str) -> bool {
        self.linted.contains(&Self::path_key(path))
    }

    /// The text a diagnostic's span points into: the file as of the
    /// diagnostic's commit when it has one, else the file as linted.
    pub fn source_of(&self, d: &Diagnostic) -> Option<&SourceFile> {
        d.commit
            .as_ref()
            .and_then(|c| self.commit_sources.get(&(c.id.clone(), d.path.clone())))
            .or_else(|| self.sources.get(&d.path))
    }

    /// Line and column of an offset in the diagnostic's own text.
    pub fn line_col_of(&self, d: &Diagnostic, offset: usize) -> (usize, usize) {
        self.source_of(d).map_or((1, 1), |s| s.line_col(offset))
    }

    /// The texts of the files findings point into (their own file, the
    /// files their labels name, and those their fixes edit) that the report
    /// does not hold, read by
    /// `read`; called once every finding is in.
    pub fn restore_sources(&mut self, mut read: impl FnMut(&str) -> Option<SourceFile>) {
        let mut wanted = std::collections::BTreeSet::new();
        for d in &self.diagnostics {
            if d.commit.is_some() {
                continue;
            }
            if d.span.is_some() && !self.sources.contains_key(&d.path) {
                wanted.insert(d.path.clone());
            }
            for l in &d.labels {
                let path = l.path.as_ref().unwrap_or(&d.path);
                if !self.sources.contains_key(path) {
                    wanted.insert(path.clone());
                }
            }
            // A fix may edit other files (a plugin's version in every
            // manifest): `--fix` needs their texts too.
            for e in d.fix.iter().flat_map(|f| &f.edits) {
                if !self.sources.contains_key(&e.path) {
                    wanted.insert(e.path.clone());
                }
            }
        }
        for path in wanted {
            if let Some(source) = read(&path) {
                self.add_source(source);
            }
        }
    }

    /// Whether a finding points into the file at `path` (its own span or a
    /// label's): its text must stay for the renderers.
    pub fn points_into(diagnostics: &[Diagnostic], path: &str) -> bool {
        diagnostics
            .iter()
            .any(|d| d.path == path || d.labels.iter().any(|l| l.path.as_deref() == Some(path)))
    }

    /// The paths the findings point into (their own or a label's), to ask
    /// of many files at once in one pass over the findings.
    pub fn pointed_paths(diagnostics: &[Diagnostic]) -> std::collections::HashSet<&str> {
        let mut out = std::collections::HashSet::new();
        for d in diagnostics {
            out.insert(d.path.as_str());
            out.extend(d.labels.iter().filter_map(|l| l.path.as_deref()));
        }
        out
    }

    pub fn add_source(&mut self, source: SourceFile) {
        self.sources.insert(source.path.clone(), source);
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(ds);
    }

    /// Adds `ds` after the findings already held, moving the larger list
    /// rather than copying it (one skill may have hundreds of thousands).
    pub fn append(&mut self, ds: Vec<Diagnostic>) {
        append(&mut self.diagnostics, ds);
    }

    /// Applies configured severities (dropping rules that are off), masks
    /// secret values in every text, sorts, and counts. A diagnostic keeps
    /// the severity it was made with (its rule's default, or a milder one
    /// for a milder case) unless the configuration names its rule.
    pub fn finish(&mut self, settings: &Settings) {
        self.diagnostics
            .retain_mut(|d| match settings.configured_level(d.rule.id, &d.path) {
                None => true,
                Some(level) => match level.severity() {
                    Some(sev) => {
                        d.severity = sev;
                        true
                    }
                    None => false,
                },
            });
        // The gate knows every text the run read; the report's own texts
        // were scanned as they were loaded, and are added in case not.
        for source in self.sources.values().chain(self.commit_sources.values()) {
            redact::learn_source(source);
        }
        if let Some(redactor) = redact::current() {
            scrub_with(&redactor, &mut self.diagnostics);
        }
        sort(&mut self.diagnostics);
        self.diagnostics.dedup();
        self.summary.errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        self.summary.warnings = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count();
    }
}

/// Puts `ds` after the items of `to`, in order, copying the shorter list.
pub fn append<T>(to: &mut Vec<T>, mut ds: Vec<T>) {
    if to.len() < ds.len() {
        std::mem::swap(to, &mut ds);
        to.splice(0..0, ds);
    } else {
        to.append(&mut ds);
    }
}

/// Replaces any secret value that a message, label, help or commit subject
/// might quote: every secret of `sources` and every secret the run has read
/// elsewhere (see [`crate::redact`]), whole or in part (a secret cut short
/// by message truncation), in one linear pass over each text.
pub fn scrub_secrets(sources: &BTreeMap<String, SourceFile>, diagnostics: &mut [Diagnostic]) {
    let mut secrets = redact::known();
    secrets.extend(
        sources
            .values()
            .flat_map(|s| s.secret_values())
            .map(str::to_string),
    );
    if !secrets.is_empty() {
        scrub_with(&redact::Redactor::new(&secrets), diagnostics);
    }
}

/// Masks every text of the diagnostics with one redactor.
pub fn scrub_with(redactor: &redact::Redactor, diagnostics: &mut [Diagnostic]) {
    for d in diagnostics {
        redactor.mask_in_place(&mut d.message);
        if let Some(h) = d.help.as_mut() {
            redactor.mask_in_place(h);
        }
        if let Some(l) = d.label.as_mut() {
            redactor.mask_in_place(l);
        }
        for l in &mut d.labels {
            redactor.mask_in_place(&mut l.text);
        }
        if let Some(c) = d.commit.as_mut() {
            redactor.mask_in_place(&mut c.subject);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    #[test]
    fn scrubs_secrets_and_their_heads_from_every_text() {
        let mut src = SourceFile::new("a", "k1 AKIAQWERTYUIOPASDFGH k2 S3cr3tPassw0rd! x");
        src.add_secret(3..23);
        src.add_secret(27..42);
        src.add_secret(43..44); // too short to scrub
        let mut sources = BTreeMap::new();
        sources.insert("a".to_string(), src);
        let mut ds = vec![Diagnostic::new(
            &crate::rules::security::secret_value::RULE,
            "a",
            "key AKIAQWERTYUIOPASDFGH and S3cr3tPassw0rd! x",
        )
        .label("cut: AKIAQWER…")
        .help("S3cr3tPa")
        .with_label(Span::new(0, 1), "again AKIAQWERTYUIOPASDFGH")];
        scrub_secrets(&sources, &mut ds);
        let d = &ds[0];
        assert_eq!(d.message, "key **** and **** x");
        assert_eq!(d.label.as_deref(), Some("cut: ****…"));
        assert_eq!(d.help.as_deref(), Some("****"));
        assert_eq!(d.labels[0].text, "again ****");
    }

    #[test]
    fn scrubbing_many_secrets_is_linear() {
        let mut text = String::new();
        let mut ranges = Vec::new();
        for i in 0..20_000 {
            let start = text.len();
            text.push_str(&format!("AKIA{i:016} "));
            ranges.push(start..start + 20);
        }
        let mut src = SourceFile::new("a", text);
        for r in ranges {
            src.add_secret(r);
        }
        let mut sources = BTreeMap::new();
        sources.insert("a".to_string(), src);
        let mut ds: Vec<Diagnostic> = (0..20_000)
            .map(|i| {
                Diagnostic::new(
                    &crate::rules::security::secret_value::RULE,
                    "a",
                    format!("found AKIA{i:016}"),
                )
            })
            .collect();
        let start = std::time::Instant::now();
        scrub_secrets(&sources, &mut ds);
        assert!(start.elapsed() < std::time::Duration::from_secs(20));
        assert!(ds.iter().all(|d| d.message == "found ****"));
    }
}

//! Diagnostics: what a rule found, where, and how to fix it. Rules produce
//! these; renderers turn them into text.

use crate::source::Span;
use serde::{Deserialize, Serialize};

pub mod report;
pub mod rule;

pub use report::{scrub_secrets, scrub_with, Report, Summary};
pub(crate) use rule::{declare_rule, rule_family};
pub use rule::{Applicability, Rule, Severity, NO_RULE};

/// A secondary label: a span with a short text, in the diagnostic's own file
/// (`path: None`) or in another file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    pub path: Option<String>,
    pub span: Span,
    pub text: String,
}

/// The commit a `caplint history` finding belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommitRef {
    pub id: String,
    pub short_id: String,
    pub date: String,
    pub subject: String,
}

/// One text edit: replace `range` (byte offsets) of the file at `path`
/// (relative to the repository root, like [`Diagnostic::path`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    pub path: String,
    pub range: std::ops::Range<usize>,
    pub replacement: String,
}

/// A mechanical repair of a finding: text edits, or a file rename
/// (`(from, to)`, both relative to the repository root).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fix {
    pub message: String,
    pub applicability: Applicability,
    pub edits: Vec<Edit>,
    pub rename: Option<(String, String)>,
}

impl Fix {
    /// A fix made of one edit in one file.
    pub fn replace(
        applicability: Applicability,
        message: impl Into<String>,
        path: impl Into<String>,
        range: std::ops::Range<usize>,
        replacement: impl Into<String>,
    ) -> Self {
        Fix {
            message: message.into(),
            applicability,
            edits: vec![Edit {
                path: path.into(),
                range,
                replacement: replacement.into(),
            }],
            rename: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub rule: &'static Rule,
    pub severity: Severity,
    pub message: String,
    /// Relative to the repository root, `/`-separated.
    pub path: String,
    /// `None` for findings about a whole file or folder.
    pub span: Option<Span>,
    /// Text for the primary span's label.
    pub label: Option<String>,
    pub labels: Vec<Label>,
    pub help: Option<String>,
    /// Boxed, as the fix: most findings have neither, and a report may
    /// hold hundreds of thousands of findings.
    pub commit: Option<Box<CommitRef>>,
    /// A mechanical repair, when the rule has one for this case.
    pub fix: Option<Box<Fix>>,
}

impl Diagnostic {
    /// A new diagnostic with the rule's default severity.
    pub fn new(rule: &'static Rule, path: impl Into<String>, message: impl Into<String>) -> Self {
        let severity = rule.default;
        Diagnostic {
            rule,
            severity,
            message: message.into(),
            path: path.into(),
            span: None,
            label: None,
            labels: Vec::new(),
            help: None,
            commit: None,
            fix: None,
        }
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Box::new(fix));
        self
    }

    pub fn maybe_fix(mut self, fix: Option<Fix>) -> Self {
        if fix.is_some() {
            self.fix = fix.map(Box::new);
        }
        self
    }

    /// A severity of its own, for a case of the rule milder (or graver)
    /// than its default; a severity configured for the rule still wins.
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Adds `note` to the help, in brackets after it: why this finding is
    /// what it is here.
    pub fn note(&mut self, note: impl Into<String>) {
        let note = note.into();
        self.help = Some(match self.help.take() {
            Some(help) => format!("{help} ({note})"),
            None => note,
        });
    }

    /// Lowers an error to a warning, saying why in the help.
    pub fn lower(&mut self, note: impl Into<String>) {
        self.severity = Severity::Warning;
        self.note(note);
    }

    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    pub fn label(mut self, text: impl Into<String>) -> Self {
        self.label = Some(text.into());
        self
    }

    pub fn with_label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            path: None,
            span,
            text: text.into(),
        });
        self
    }

    pub fn with_label_in(
        mut self,
        path: impl Into<String>,
        span: Span,
        text: impl Into<String>,
    ) -> Self {
        self.labels.push(Label {
            path: Some(path.into()),
            span,
            text: text.into(),
        });
        self
    }

    pub fn help(mut self, text: impl Into<String>) -> Self {
        self.help = Some(text.into());
        self
    }

    pub fn maybe_help(mut self, text: Option<String>) -> Self {
        if text.is_some() {
            self.help = text;
        }
        self
    }

    /// The deterministic output order: path, then offset, then rule.
    pub fn sort_key(&self) -> (&str, usize, &str, &str) {
        (
            self.path.as_str(),
            self.span.map_or(0, |s| s.offset),
            self.rule.id,
            self.message.as_str(),
        )
    }
}

pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        a.sort_key().cmp(&b.sort_key()).then_with(|| {
            a.commit
                .as_ref()
                .map(|c| &c.date)
                .cmp(&b.commit.as_ref().map(|c| &c.date))
        })
    });
}

/// Closest candidate by edit distance, for "did you mean" help.
pub fn did_you_mean<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = input.to_lowercase();
    let len = lower.chars().count();
    candidates
        .into_iter()
        // The distance is at least the difference in length: skip the
        // candidates that cannot pass, which also keeps a megabyte-long key
        // from costing a megabyte-sized distance table per candidate.
        .filter(|c| len.abs_diff(c.chars().count()) <= 2.max(c.chars().count() / 3))
        .map(|c| {
            (
                strsim::damerau_levenshtein(&lower, &c.to_lowercase().replace('_', "-"))
                    .min(strsim::damerau_levenshtein(&lower, &c.to_lowercase())),
                c,
            )
        })
        .filter(|(d, c)| *d <= 2.max(c.chars().count() / 3) && *d < c.chars().count())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn did_you_mean_on_a_huge_input_is_quick() {
        let huge = "x".repeat(4 << 20);
        let start = std::time::Instant::now();
        assert_eq!(did_you_mean(&huge, ["agent_id", "declared_at"]), None);
        assert_eq!(did_you_mean("agent_i", ["agent_id"]), Some("agent_id"));
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn did_you_mean_finds_close_names() {
        let keys = ["agent_id", "declared_at", "version"];
        assert_eq!(did_you_mean("declared-at", keys), Some("declared_at"));
        assert_eq!(did_you_mean("verison", keys), Some("version"));
        assert_eq!(did_you_mean("zzz", keys), None);
        assert_eq!(
            did_you_mean("expert", ["basic", "proficient", "advanced"]),
            None
        );
        assert_eq!(
            did_you_mean("advance", ["basic", "proficient", "advanced"]),
            Some("advanced")
        );
    }
}

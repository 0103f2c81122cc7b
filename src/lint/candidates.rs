//! The candidates of a routing decision (`caplint match`, `caplint
//! summary`): each profile read, linted as `caplint check` lints it (its
//! errors make it `invalid`: not fit to route from), and judged against the
//! requirements by [`crate::model::matching`].

use crate::diagnostic::{Diagnostic, Severity};
use crate::error::Fatal;
use crate::lint::profile::lint_profile;
use crate::load::read_source;
use crate::model::matching::{candidate, Bar, Candidate};
use crate::model::requirements::Requirements;
use crate::settings::Settings;
use crate::source::SourceFile;

/// One profile as judged: the table, the text it was judged on, and its
/// findings (with the configured severities).
pub struct Judged {
    pub candidate: Candidate,
    pub source: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
}

/// The findings of `diagnostics` that are errors under the configuration.
pub fn errors(settings: &Settings, diagnostics: &[Diagnostic]) -> usize {
    diagnostics
        .iter()
        .filter(|d| settings.severity(d.rule, &d.path) == Some(Severity::Error))
        .count()
}

/// Judges the profile text `source` against `req`.
pub fn judge_source(
    settings: &Settings,
    req: &Requirements,
    bar: Bar,
    source: SourceFile,
    bad: Option<usize>,
) -> Judged {
    let (source, value, mut diagnostics) = lint_profile(settings, source, bad);
    for d in &mut diagnostics {
        if let Some(s) = settings.severity(d.rule, &d.path) {
            d.severity = s;
        }
    }
    diagnostics.retain(|d| settings.severity(d.rule, &d.path).is_some());
    let n = errors(settings, &diagnostics);
    let candidate = candidate(req, bar, &source.path, value.as_ref(), n);
    Judged {
        candidate,
        source,
        diagnostics,
    }
}

/// Reads and judges the profiles at `paths` (relative to the root).
pub fn judge_all(
    settings: &Settings,
    req: &Requirements,
    bar: Bar,
    paths: &[String],
) -> Result<Vec<Judged>, Fatal> {
    use rayon::prelude::*;
    paths
        .par_iter()
        .map(|rel| {
            let (source, bad) = read_source(settings, rel)?;
            Ok(judge_source(settings, req, bar, source, bad))
        })
        .collect()
}

//! What a `security/*` rule checks: a text file, whose secret ranges the
//! check records on it so that every output masks them, or the secrets
//! found in a file too large to be read whole.
//!
//! The engine runs a family's checks through `security::CHECKS` with
//! [`check`] and [`check_large`].

use crate::diagnostic::Diagnostic;
use crate::secrets::SecretMatch;
use crate::source::SourceFile;

/// A file too large to be read whole: listed, and scanned for secrets in
/// pieces ([`crate::secrets::scan_reader`]), never held.
pub struct LargeFile<'a> {
    /// The file's path, as findings name it.
    pub path: &'a str,
    /// The size, in bytes, over which a file is not read whole.
    pub limit: u64,
    /// The secrets found in it, as byte offsets in the file; `None` when
    /// reading it failed.
    pub secrets: Option<&'a [SecretMatch]>,
}

/// A `security/*` rule's check.
pub trait SecurityRule {
    /// Findings in a text file. Each secret's byte range is recorded on
    /// `source` ([`SourceFile::add_secret`]), so that every output masks it.
    fn check(&self, source: &mut SourceFile) -> Vec<Diagnostic>;

    /// Findings for a file too large to be read whole.
    fn check_large(&self, file: &LargeFile<'_>) -> Vec<Diagnostic>;
}

/// Every check of `checks` (a family's `CHECKS`) on a text file.
pub fn check(checks: &[&(dyn SecurityRule + Sync)], source: &mut SourceFile) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for rule in checks {
        out.extend(rule.check(source));
    }
    out
}

/// Every check of `checks` (a family's `CHECKS`) on a file too large to be
/// read whole.
pub fn check_large(checks: &[&(dyn SecurityRule + Sync)], file: &LargeFile<'_>) -> Vec<Diagnostic> {
    checks
        .iter()
        .flat_map(|rule| rule.check_large(file))
        .collect()
}

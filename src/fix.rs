//! `caplint check --fix`: applies the fixes that findings carry.
//!
//! A pass takes the fixes of one run, drops those that are unsafe (unless
//! asked for), that point into a text other than the file on disk, or that
//! overlap an earlier edit in the same file (they are retried on the next
//! pass), and applies the rest. An edited file that no longer parses is left
//! as it was. Files are written atomically (a temporary file in the same
//! folder, renamed over the original, its permissions kept) and never
//! through a symbolic link.

use crate::diagnostic::Report;
use crate::diagnostic::{Applicability, Edit, Fix};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path};

/// How many passes `--fix` runs at most before it stops.
pub const MAX_PASSES: usize = 10;

/// What the passes did, for the messages after the run.
#[derive(Debug, Default)]
pub struct Outcome {
    /// `path: what was done`, in the order applied.
    pub applied: Vec<String>,
    /// Fixes left out, with the reason.
    pub skipped: Vec<String>,
    /// Unsafe fixes left out because `--unsafe-fixes` was not given.
    pub unsafe_available: usize,
    /// Files changed (edited or renamed), by their final path.
    pub written: BTreeSet<String>,
    /// Whether a `version` was changed (the `declared_at` reminder).
    pub version_changed: bool,
}

/// The in-memory result of one pass: each edited file's text before and
/// after, and the renames.
#[derive(Debug, Default)]
pub struct Pass {
    pub files: BTreeMap<String, (String, String)>,
    pub renames: Vec<(String, String)>,
}

impl Pass {
    pub fn is_empty(&self) -> bool {
        self.files.iter().all(|(_, (a, b))| a == b) && self.renames.is_empty()
    }
}

/// A path relative to the root that stays inside it.
fn safe_rel(rel: &str) -> bool {
    !rel.is_empty()
        && Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// Whether `rel` under `root` is a plain file reached without a symbolic
/// link on the way.
fn plain_file(root: &Path, rel: &str) -> bool {
    if !safe_rel(rel) {
        return false;
    }
    let mut at = root.to_path_buf();
    for part in rel.split('/') {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return false,
            Ok(_) => {}
            Err(_) => return false,
        }
    }
    std::fs::symlink_metadata(&at).is_ok_and(|m| m.is_file())
}

/// Whether an edited text still parses as what the file is.
fn still_parses(path: &str, text: &str) -> bool {
    if path.ends_with(".json") {
        return crate::json::parse(text).is_ok();
    }
    if path
        .rsplit('/')
        .next()
        .is_some_and(|n| n.eq_ignore_ascii_case("SKILL.md"))
    {
        return crate::model::skill::parsed::parse_skill_md(path, text)
            .problem
            .is_none();
    }
    true
}

/// Plans one pass over a report's fixes, reading the files from `root`.
pub fn plan(root: &Path, report: &Report, unsafe_fixes: bool, outcome: &mut Outcome) -> Pass {
    let mut pass = Pass::default();
    // Per file: the ranges taken in this pass.
    let mut taken: BTreeMap<String, Vec<std::ops::Range<usize>>> = BTreeMap::new();
    let mut edits: BTreeMap<String, Vec<Edit>> = BTreeMap::new();
    let mut renamed: BTreeSet<String> = BTreeSet::new();
    for d in &report.diagnostics {
        let Some(fix) = &d.fix else { continue };
        if fix.applicability == Applicability::Unsafe && !unsafe_fixes {
            outcome.unsafe_available += 1;
            continue;
        }
        if !accept(root, report, fix, &mut taken, outcome) {
            continue;
        }
        if let Some((from, to)) = &fix.rename {
            if renamed.insert(from.clone()) {
                pass.renames.push((from.clone(), to.clone()));
            }
        }
        for e in &fix.edits {
            edits.entry(e.path.clone()).or_default().push(e.clone());
        }
        outcome.applied.push(format!("{}: {}", d.path, fix.message));
        if d.rule.id.starts_with("history/version")
            || d.rule.id == "history/skill-version-not-bumped"
        {
            outcome.version_changed = true;
        }
    }
    for (path, mut list) in edits {
        let Some(before) = report.sources.get(&path).map(|s| s.text.clone()) else {
            continue;
        };
        list.sort_by_key(|e| std::cmp::Reverse(e.range.start));
        let mut after = before.clone();
        for e in &list {
            after.replace_range(e.range.clone(), &e.replacement);
        }
        if !still_parses(&path, &after) {
            outcome.skipped.push(format!(
                "{path}: the fixed file would not parse; nothing changed"
            ));
            outcome
                .applied
                .retain(|a| !a.starts_with(&format!("{path}: ")));
            continue;
        }
        pass.files.insert(path, (before, after));
    }
    pass
}

/// Whether one finding's fix can go into this pass; records why not.
fn accept(
    root: &Path,
    report: &Report,
    fix: &Fix,
    taken: &mut BTreeMap<String, Vec<std::ops::Range<usize>>>,
    outcome: &mut Outcome,
) -> bool {
    if let Some((from, to)) = &fix.rename {
        if !plain_file(root, from) || !safe_rel(to) {
            outcome.skipped.push(format!(
                "{from}: not renamed (a symbolic link, or outside the repository)"
            ));
            return false;
        }
        // `exists` is true for `SKILL.md` when only `skill.md` exists on a
        // case-insensitive file system: compare the names in the folder.
        let target = root.join(to);
        let same_folder_names = target
            .parent()
            .and_then(|p| std::fs::read_dir(p).ok())
            .map(|it| {
                it.filter_map(|e| e.ok())
                    .any(|e| Some(e.file_name().as_os_str()) == target.file_name())
            })
            .unwrap_or(false);
        if same_folder_names
            || std::fs::symlink_metadata(&target).is_ok() && !same_case_only(from, to)
        {
            outcome
                .skipped
                .push(format!("{from}: not renamed to `{to}`, which exists"));
            return false;
        }
    }
    for e in &fix.edits {
        let Some(source) = report.sources.get(&e.path) else {
            return false;
        };
        if !plain_file(root, &e.path) {
            outcome.skipped.push(format!(
                "{}: not fixed (a symbolic link, or outside the repository)",
                e.path
            ));
            return false;
        }
        let on_disk = std::fs::read(root.join(&e.path)).unwrap_or_default();
        if on_disk != source.text.as_bytes() {
            outcome.skipped.push(format!(
                "{}: not fixed: the file on disk is not the text that was checked (staged in part?); fix it by hand",
                e.path
            ));
            return false;
        }
        let t = &source.text;
        if e.range.end > t.len()
            || !t.is_char_boundary(e.range.start)
            || !t.is_char_boundary(e.range.end)
        {
            return false;
        }
    }
    // Overlaps with an edit already in this pass wait for the next pass.
    for e in &fix.edits {
        if taken.get(&e.path).is_some_and(|rs| {
            rs.iter().any(|r| {
                r.start < e.range.end.max(e.range.start + 1)
                    && e.range.start < r.end.max(r.start + 1)
            })
        }) {
            return false;
        }
    }
    for e in &fix.edits {
        taken
            .entry(e.path.clone())
            .or_default()
            .push(e.range.clone());
    }
    true
}

/// `skill.md` → `SKILL.md`: the same name to a case-insensitive file system.
fn same_case_only(from: &str, to: &str) -> bool {
    from.eq_ignore_ascii_case(to)
}

/// Writes a pass to disk. Returns the files changed.
pub fn write(root: &Path, pass: &Pass, outcome: &mut Outcome) -> std::io::Result<()> {
    for (path, (before, after)) in &pass.files {
        if before == after {
            continue;
        }
        write_atomic(&root.join(path), after.as_bytes())?;
        outcome.written.insert(path.clone());
    }
    for (from, to) in &pass.renames {
        std::fs::rename(root.join(from), root.join(to))?;
        outcome.written.remove(from);
        outcome.written.insert(to.clone());
    }
    Ok(())
}

fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let perms = std::fs::metadata(path)?.permissions();
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.as_file().set_permissions(perms)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A pass as a unified diff (`--fix --diff`).
pub fn unified_diff(pass: &Pass) -> String {
    let mut out = String::new();
    for (from, to) in &pass.renames {
        out.push_str(&format!("rename from {from}\nrename to {to}\n"));
    }
    for (path, (before, after)) in &pass.files {
        if before == after {
            continue;
        }
        let diff = similar::TextDiff::from_lines(before, after);
        out.push_str(
            &diff
                .unified_diff()
                .context_radius(3)
                .header(&format!("a/{path}"), &format!("b/{path}"))
                .to_string(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Diagnostic;
    use crate::source::SourceFile;

    const TEXT: &str = "{\n  \"version\": \"3\"\n}\n";

    fn report_with(dir: &Path, fixes: Vec<Fix>) -> Report {
        std::fs::write(dir.join("a.profile.json"), TEXT).unwrap();
        let mut report = Report::default();
        report.add_source(SourceFile::new("a.profile.json", TEXT));
        for fix in fixes {
            report.push(
                Diagnostic::new(
                    &crate::rules::history::version_not_bumped::RULE,
                    "a.profile.json",
                    "m",
                )
                .with_fix(fix),
            );
        }
        report
    }

    fn at(range: std::ops::Range<usize>, with: &str, app: Applicability) -> Fix {
        Fix::replace(app, format!("write {with}"), "a.profile.json", range, with)
    }

    #[test]
    fn a_result_that_does_not_parse_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let report = report_with(dir.path(), vec![at(15..18, "3,,", Applicability::Safe)]);
        let mut outcome = Outcome::default();
        let pass = plan(dir.path(), &report, false, &mut outcome);
        assert!(pass.is_empty());
        assert!(outcome.applied.is_empty());
        assert_eq!(outcome.skipped.len(), 1, "{:?}", outcome.skipped);
        assert!(outcome.skipped[0].contains("would not parse"));
    }

    #[test]
    fn overlapping_edits_wait_and_unsafe_needs_asking() {
        let dir = tempfile::tempdir().unwrap();
        let report = report_with(
            dir.path(),
            vec![
                at(15..18, "\"4\"", Applicability::Safe),
                at(16..17, "5", Applicability::Safe),
                at(0..0, "", Applicability::Unsafe),
            ],
        );
        let mut outcome = Outcome::default();
        let pass = plan(dir.path(), &report, false, &mut outcome);
        assert_eq!(
            pass.files["a.profile.json"].1,
            "{\n  \"version\": \"4\"\n}\n"
        );
        assert_eq!(outcome.applied.len(), 1);
        assert_eq!(outcome.unsafe_available, 1);
    }

    #[test]
    fn the_file_on_disk_must_be_the_text_checked() {
        let dir = tempfile::tempdir().unwrap();
        let report = report_with(dir.path(), vec![at(15..18, "\"4\"", Applicability::Safe)]);
        std::fs::write(dir.path().join("a.profile.json"), "{}\n").unwrap();
        let mut outcome = Outcome::default();
        assert!(plan(dir.path(), &report, false, &mut outcome).is_empty());
        assert!(outcome.skipped[0].contains("not the text that was checked"));
    }
}

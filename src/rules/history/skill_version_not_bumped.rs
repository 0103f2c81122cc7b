//! `history/skill-version-not-bumped`.

use super::context::{diag, raise_help, ChangedSkill, HistoryRule, LISTED};
use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::model::version;
use crate::source::{SourceFile, Span};
use std::cmp::Ordering;

declare_rule! {
    /// a skill that declares `version` changed (SKILL.md outside `version`, or any file in its folder) and `version` did not rise
    ///
    /// ## What it does
    /// For skills that declare `version`, any change to a file git tracks in the skill folder — SKILL.md outside its `version` value, a script, a reference — requires a higher version. Files git does not track are not part of the skill.
    ///
    /// ## Why
    /// Consumers pin and compare skill versions to detect drift; a changed skill under the same version is drift they cannot see.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// SKILL.md body edited, version: "1.2.0" kept
    /// ```
    /// Good:
    /// ```diff
    /// SKILL.md body edited, version: "1.3.0"
    /// ```
    ///
    /// ## Fix
    /// Raise `version`.
    pub static RULE = "history/skill-version-not-bumped", Error,
        fixable: Safe, "sets the skill's `version` to the next free version, in the value's quote style.";
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_skill(&self, s: &ChangedSkill<'_>, out: &mut Vec<Diagnostic>) {
        if s.changed_files.is_empty() {
            return;
        }
        let path = s.source.path.as_str();
        let old = s.base.and_then(|m| m.version.as_ref());
        let new = s.head.and_then(|m| m.version.as_ref());
        match (old, new) {
            (Some((old, _)), Some((new, span))) => {
                let same = match version::compare(new, old) {
                    Some(order) => order == Ordering::Equal,
                    None => old == new,
                };
                if same {
                    let tip = s.tip.and_then(|t| t.rev);
                    out.push(
                        diag(&RULE, path, Some(*span), format!("skill changed but `version` is still \"{new}\": {}", listed(s.changed_files)))
                            .label("raise this version")
                            .help(raise_help(old, ": consumers pin skill versions, and a change under the same version is drift they cannot see"))
                            .maybe_fix(skill_version_fix(s.source, *span, &[Some(old.as_str()), tip])),
                    );
                }
            }
            (Some((old, _)), None) => out.push(
                diag(&RULE, path, s.head.map(|m| m.fence), format!("skill changed and its `version` \"{old}\" was removed: {}", listed(s.changed_files)))
                    .label("no version any more")
                    .help(raise_help(old, " instead of removing it")),
            ),
            _ => {}
        }
    }
}

/// The changed files for a message: `a, b, and 3 more`.
fn listed(files: &[String]) -> String {
    let mut names = files.to_vec();
    if names.len() > LISTED {
        let rest = names.len() - LISTED;
        names.truncate(LISTED);
        names.push(format!("and {rest} more"));
    }
    names.join(", ")
}

/// `--fix` for a skill's `version` that must rise: the scalar at `span`
/// becomes the next free version, in its own quote style.
fn skill_version_fix(source: &SourceFile, span: Span, versions: &[Option<&str>]) -> Option<Fix> {
    let next = version::next_free_version(versions)?;
    let old = source.text.get(span.offset..span.offset + span.length)?;
    let replacement = match old.as_bytes().first() {
        Some(q @ (b'"' | b'\'')) if old.len() >= 2 && old.as_bytes().last() == Some(q) => {
            let q = *q as char;
            format!("{q}{next}{q}")
        }
        Some(b'"' | b'\'' | b'|' | b'>') => return None,
        _ => next.clone(),
    };
    Some(Fix::replace(
        Applicability::Safe,
        format!("set the skill's `version` to \"{next}\""),
        source.path.clone(),
        span.offset..span.offset + span.length,
        replacement,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{human, skill};

    const BASE: &str = "---\nname: pdf\nversion: '1.2.0'\n---\nold body\n";

    #[test]
    fn a_change_under_the_same_version_is_reported_with_a_fix() {
        let head = "---\nname: pdf\nversion: '1.2.0'\n---\nnew body\n";
        let (source, out) = skill(&Check, BASE, head, &["SKILL.md", "forms.md"], None);
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(
            d.message,
            "skill changed but `version` is still \"1.2.0\": SKILL.md, forms.md"
        );
        assert_eq!(&head[d.span.unwrap().range()], "'1.2.0'");
        let fix = d.fix.as_ref().unwrap();
        assert_eq!(fix.message, "set the skill's `version` to \"1.3.0\"");
        assert_eq!(fix.edits[0].replacement, "'1.3.0'");
        insta::assert_snapshot!(human(&source.path, head, out));
    }

    #[test]
    fn a_removed_version_is_reported_at_the_fence() {
        let head = "---\nname: pdf\n---\nnew body\n";
        let files: Vec<String> = (0..8).map(|i| format!("f{i}.md")).collect();
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let (_, out) = skill(&Check, BASE, head, &files, None);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "skill changed and its `version` \"1.2.0\" was removed: f0.md, f1.md, f2.md, f3.md, f4.md, f5.md, and 2 more"
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "---");
    }

    #[test]
    fn a_raised_version_or_no_change_passes() {
        let head = "---\nname: pdf\nversion: '1.3.0'\n---\nnew body\n";
        assert!(skill(&Check, BASE, head, &["SKILL.md"], None).1.is_empty());
        assert!(skill(&Check, BASE, BASE, &[], None).1.is_empty());
    }
}

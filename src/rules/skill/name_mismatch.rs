//! `skill/name-mismatch`.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::rules::skill::context::{Skill, SkillRule};
use crate::rules::skill::values::nfkc;
use crate::source::{SourceFile, Span};

declare_rule! {
    /// `name` is not the folder's name (NFKC on both)
    ///
    /// ## What it does
    /// Compares `name` with the name of the folder holding `SKILL.md`, both after Unicode NFKC normalization (so a folder written in full-width letters, or in another normalization form, still matches).
    ///
    /// ## Why
    /// Installers and galleries match skills by folder name; a mismatch is skipped or installed twice.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/refunds/SKILL.md:  name: refund-policy
    /// ```
    /// Good:
    /// ```text
    /// skills/refund-policy/SKILL.md:  name: refund-policy
    /// ```
    ///
    /// ## Fix
    /// Rename the folder or the skill so they agree.
    pub static RULE = "skill/name-mismatch", Error,
        fixable: Unsafe, "sets `name` to the folder's name, in the value's quote style; unsafe, because clients load the skill by its name.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        let Some((name, f)) = cx.required_text("name") else {
            return;
        };
        let folder = cx.folder_name;
        if folder.is_empty() || nfkc(name) == nfkc(folder) {
            return;
        }
        let span = f.value.span;
        out.push(
            Diagnostic::new(
                &RULE,
                cx.path(),
                format!("the name `{name}` is not the folder's name `{folder}`"),
            )
            .at(span)
            .label(format!("folder is `{folder}`"))
            .help(format!(
                "rename the folder to `{name}`, or set `name: {folder}`: installers and galleries match a skill by its folder"
            ))
            .maybe_fix(name_fix(cx.source, span, folder)),
        );
    }
}

/// `--fix --unsafe-fixes` for `skill/name-mismatch`: `name` becomes the
/// folder's name, in the value's own quote style. Unsafe: the name is the
/// id clients load the skill by.
fn name_fix(source: &SourceFile, span: Span, folder: &str) -> Option<Fix> {
    let valid = !folder.is_empty()
        && folder
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return None;
    }
    let old = source.text.get(span.offset..span.offset + span.length)?;
    let replacement = match old.as_bytes().first() {
        Some(q @ (b'"' | b'\'')) if old.len() >= 2 && old.as_bytes().last() == Some(q) => {
            let q = *q as char;
            format!("{q}{folder}{q}")
        }
        Some(b'"' | b'\'' | b'|' | b'>') => return None,
        _ => folder.to_string(),
    };
    Some(Fix::replace(
        Applicability::Unsafe,
        format!("set `name` to the folder's name `{folder}`"),
        source.path.clone(),
        span.offset..span.offset + span.length,
        replacement,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn name_must_match_folder_after_nfkc() {
        // Full-width letters normalize to ASCII under NFKC.
        assert_eq!(
            run_in(
                "ｒｅｆｕｎｄ",
                &fm("name: refund\ndescription: x\n"),
                &settings()
            ),
            vec![]
        );
        assert_eq!(
            run_in(
                "refunds",
                &fm("name: refund\ndescription: x\n"),
                &settings()
            ),
            vec![(&name_mismatch::RULE, "refund".into())]
        );
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policies\ndescription: Use when a customer asks for a refund.\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "the name `refund-policies` is not the folder's name `refund-policy`");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "refund-policies");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                CLEAN_SKILL,
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

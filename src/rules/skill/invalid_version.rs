//! `skill/invalid-version`.

use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Fix};
use crate::model::skill::parsed::ParsedSkill;
use crate::rules::skill::context::{Skill, SkillRule};
use crate::rules::skill::values::is_yaml11_timestamp;
use crate::source::SourceFile;
use crate::yaml::Resolved;

declare_rule! {
    /// `version` present but not a **quoted** SemVer string; an unquoted `1.0` or `2024-01-15` says why quoting matters
    ///
    /// ## What it does
    /// Checks that `version`, when present, is a quoted SemVer 2.0 string. An unquoted version is reported with what YAML makes of it (a float, an integer, or for YAML 1.1 readers a date), and the help gives the quoted SemVer form (`1.0` → `"1.0.0"`).
    ///
    /// Severity: an error when YAML reads the value as something other than a SemVer string (a float, an integer, a date, a boolean, a quoted non-SemVer); a warning for a plain unquoted SemVer such as `1.2.3`, which every YAML reader takes as the string it is.
    ///
    /// A `SKILL.md` inside another skill's folder is a warning when only Claude Code installs the skill and no target is chosen: Claude Code lists a skills folder's skills one level down and never loads this file as a skill. Choose `codex` as a target to hold it to the rule; Codex walks a skills folder to any depth.
    ///
    /// ## Why
    /// YAML reads an unquoted `1.0` as a float and `2024-01-15` as a date, so the value never reaches a validator as a string; `1.10` becomes `1.1`.
    ///
    /// ## Example
    /// Bad:
    /// ```yaml
    /// version: 1.0
    /// ```
    /// Good:
    /// ```yaml
    /// version: "1.0.0"
    /// ```
    ///
    /// ## Fix
    /// Quote a full SemVer version.
    pub static RULE = "skill/invalid-version", Error,
        fixable: Safe, "quotes an unquoted SemVer (`version: 1.2.3` becomes `version: \"1.2.3\"`); an unquoted `1.0` or date is not guessed.";
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        check_version(cx.source, cx.parsed, out);
    }
}

/// A SemVer version near `text`, for help messages (`1.0` → `1.0.0`).
fn semver_suggestion(text: &str) -> Option<String> {
    let t = text.trim().trim_start_matches(['v', 'V']);
    if semver::Version::parse(t).is_ok() {
        return Some(t.to_string());
    }
    let parts: Vec<&str> = t.split('.').collect();
    if parts.len() <= 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        let mut nums: Vec<String> = parts
            .iter()
            .map(|p| {
                p.parse::<u64>()
                    .map(|n| n.to_string())
                    .unwrap_or_else(|_| p.to_string())
            })
            .collect();
        while nums.len() < 3 {
            nums.push("0".into());
        }
        return Some(nums.join("."));
    }
    None
}

fn check_version(source: &SourceFile, skill: &ParsedSkill, out: &mut Vec<Diagnostic>) {
    let path = source.path.as_str();
    let Some(f) = skill.version() else { return };
    let span = f.value.span;
    let Some((text, style)) = f.value.scalar() else {
        let found = f.value.type_name();
        out.push(
            Diagnostic::new(
                &RULE,
                path,
                format!("`version` must be a quoted SemVer string, found {found}"),
            )
            .at(span)
            .label(found)
            .help("write `version: \"1.0.0\"`"),
        );
        return;
    };
    let suggestion = semver_suggestion(text);
    let fix = |s: &Option<String>| match s {
        Some(s) => format!("write `version: \"{s}\"`"),
        None => "write a quoted SemVer version such as `version: \"1.0.0\"`".to_string(),
    };
    if !style.is_quoted() {
        let (message, label) = match f.resolved() {
            Some(Resolved::Float) => (
                match text.parse::<f64>() {
                    Ok(f) => format!("`version: {text}` is a number to YAML, not a string: unquoted, it is read as the float {f:?}"),
                    Err(_) => format!("`version: {text}` is a number to YAML, not a string"),
                },
                "read as a float".to_string(),
            ),
            Some(Resolved::Int) => (
                format!("`version: {text}` is an integer to YAML, not a version string"),
                "read as an integer".to_string(),
            ),
            Some(Resolved::Null) => (
                "`version` is empty".to_string(),
                "no value".to_string(),
            ),
            Some(Resolved::Bool) => (
                format!("`version: {text}` is a boolean to YAML"),
                "read as a boolean".to_string(),
            ),
            _ if is_yaml11_timestamp(text) => (
                format!("`version: {text}` is a date to YAML 1.1 readers (PyYAML and most skill clients), not a string"),
                "read as a date".to_string(),
            ),
            _ => (
                format!("`version` must be quoted: `{text}` is a plain YAML scalar"),
                "not quoted".to_string(),
            ),
        };
        let help = format!(
            "{}; clients require a quoted version because YAML turns unquoted versions such as `1.0` into numbers and `2024-01-15` into dates",
            fix(&suggestion.clone().or_else(|| {
                (semver::Version::parse(text).is_ok()).then(|| text.to_string())
            }))
        );
        let mut d = Diagnostic::new(&RULE, path, message)
            .at(span)
            .label(label)
            .help(help);
        // Only a plain SemVer is quoted as it stands: a `1.0` or a date
        // would need a guess at the version meant.
        let plain_semver = !matches!(
            f.resolved(),
            Some(Resolved::Float | Resolved::Int | Resolved::Null | Resolved::Bool)
        ) && !is_yaml11_timestamp(text)
            && semver::Version::parse(text).is_ok()
            && source.text.get(span.offset..span.offset + span.length) == Some(text);
        // A plain SemVer (`1.2.3`) is a string to every YAML reader: only a
        // habit is broken, not the value, so it is a warning.
        if plain_semver {
            d = d.with_severity(crate::diagnostic::Severity::Warning);
        }
        if plain_semver {
            d = d.with_fix(Fix::replace(
                Applicability::Safe,
                format!("quote `version: \"{text}\"`"),
                path,
                span.offset..span.offset + span.length,
                format!("\"{text}\""),
            ));
        }
        out.push(d);
        return;
    }
    if let Err(err) = semver::Version::parse(text) {
        out.push(
            Diagnostic::new(
                &RULE,
                path,
                format!("`{text}` is not a SemVer version: {err}"),
            )
            .at(span)
            .label("not SemVer (MAJOR.MINOR.PATCH)")
            .help(fix(&suggestion)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    #[test]
    fn versions() {
        let d = diags(&fm(&format!("{OK}version: 1.0\n")));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].rule, &invalid_version::RULE);
        assert!(d[0].message.contains("float"), "{}", d[0].message);
        assert!(d[0]
            .help
            .as_deref()
            .unwrap()
            .starts_with("write `version: \"1.0.0\"`"));
        let d = diags(&fm(&format!("{OK}version: 2024-01-15\n")));
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("date"), "{}", d[0].message);
        let r = run(&fm(&format!("{OK}version: 1.2.3\n")));
        assert_eq!(r, vec![(&invalid_version::RULE, "1.2.3".into())]);
        let r = run(&fm(&format!("{OK}version: \"1.0\"\n")));
        assert_eq!(r, vec![(&invalid_version::RULE, "\"1.0\"".into())]);
        assert_eq!(run(&fm(&format!("{OK}version: '2.1.0-rc.1'\n"))), vec![]);
    }

    #[test]
    fn reports_and_passes() {
        let (sources, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nversion: 1.0\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].path, "skills/refund-policy/SKILL.md");
        assert_eq!(d[0].message, "`version: 1.0` is a number to YAML, not a string: unquoted, it is read as the float 1.0");
        let source = sources.iter().find(|s| s.path == d[0].path).unwrap();
        assert_eq!(source.slice(d[0].span.unwrap()), "1.0");
        insta::assert_snapshot!(human(sources, d));
        let (_, d) = lint_repo(
            &[
                ("skills/refund-policy/SKILL.md", "---\nname: refund-policy\ndescription: Use when a customer asks for a refund.\nversion: \"1.0.0\"\n---\n# Refunds\n"),
            ],
            &[],
            &RULE,
        );
        assert!(d.is_empty(), "{d:?}");
    }
}

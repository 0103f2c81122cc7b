//! `history/version-not-comparable`.

use super::context::{diag, ChangedProfile, ChangedSkill, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::version;

declare_rule! {
    /// old and new `version` cannot be compared
    ///
    /// ## What it does
    /// Versions compare as integers when both are digit strings and as SemVer when both are SemVer; anything else cannot be ordered.
    ///
    /// ## Why
    /// If versions cannot be ordered, nobody can tell which revision is newer.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "version": "3"
    /// +  "version": "v4-beta"
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "3"
    /// +  "version": "4"
    /// ```
    ///
    /// ## Fix
    /// Keep one version scheme: plain integers or SemVer.
    pub static RULE = "history/version-not-comparable", Error;
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some(((old, _), (new, span))) = p.versions() else {
            return;
        };
        if old != new && version::compare(new, old).is_none() {
            out.push(
                diag(&RULE, p.path, Some(span), format!("`version` \"{new}\" cannot be compared with the previous \"{old}\" ({} vs {})", version::scheme(new), version::scheme(old)))
                    .label("not comparable with the previous version")
                    .help("keep one version scheme: plain integers (\"3\", \"4\") or SemVer (\"1.2.0\")"),
            );
        }
    }

    fn changed_skill(&self, s: &ChangedSkill<'_>, out: &mut Vec<Diagnostic>) {
        let (Some((old, _)), Some((new, span))) = (
            s.base.and_then(|m| m.version.as_ref()),
            s.head.and_then(|m| m.version.as_ref()),
        ) else {
            return;
        };
        if old != new && version::compare(new, old).is_none() {
            out.push(
                diag(&RULE, &s.source.path, Some(*span), format!("skill `version` \"{new}\" cannot be compared with the previous \"{old}\" ({} vs {})", version::scheme(new), version::scheme(old)))
                    .label("not comparable with the previous version")
                    .help("skill versions are SemVer: quote them, e.g. version: \"1.2.0\""),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, skill, BASE};

    #[test]
    fn a_version_in_another_scheme_is_reported() {
        let head = BASE.replace("\"3\"", "\"v4\"");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "`version` \"v4\" cannot be compared with the previous \"3\" (neither an integer nor SemVer vs an integer)"
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "\"v4\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn comparable_or_unchanged_versions_pass() {
        let up = BASE.replace("\"3\"", "\"4\"");
        assert!(changed(&Check, "a", BASE, &up, None).is_empty());
        let odd = BASE.replace("\"3\"", "\"v3\"");
        assert!(changed(&Check, "a", &odd, &odd, None).is_empty());
    }

    #[test]
    fn a_skill_version_in_another_scheme_is_reported() {
        let base = "---\nname: pdf\nversion: \"1.2.0\"\n---\nbody\n";
        let head = "---\nname: pdf\nversion: \"2\"\n---\nbody\n";
        let (_, out) = skill(&Check, base, head, &[], None);
        assert_eq!(out.len(), 1);
        assert!(out[0].message.starts_with("skill `version` \"2\" cannot be compared"));
        assert_eq!(&head[out[0].span.unwrap().range()], "\"2\"");
        let same = skill(&Check, base, base, &[], None).1;
        assert!(same.is_empty());
    }
}

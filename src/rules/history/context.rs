//! What a history rule judges, and the trait each `history/*` rule
//! implements. The engine (`crate::history::review`) pairs the revisions of
//! the two sides, builds one of these contexts for every profile or skill
//! that changed, and calls every rule of [`super::CHECKS`] on it; a rule
//! pushes its findings. Every finding points at the head file's `version`,
//! `declared_at`, `agent_id` or tool `access` value; a deleted profile is
//! reported at its old path without a span.

use crate::date::Date;
use crate::diagnostic::{Applicability, Diagnostic, Fix, Rule};
use crate::json::Value;
use crate::model::claims::{Change, Claims};
use crate::model::skill::meta::SkillMeta;
use crate::model::version;
use crate::source::{SourceFile, Span};
use std::cmp::Ordering;

/// A field's value and the span of its value.
pub type Valued<'a> = (&'a str, Span);

/// How many changes a message lists before "and N more".
pub const LISTED: usize = 6;

/// The target branch's revision, given only when the target branch changed
/// the file since the merge-base (for `history/version-taken`).
#[derive(Debug, Clone, Copy)]
pub struct Tip<'a, T> {
    /// The tip's revision of the file.
    pub rev: T,
    /// How the user named the target branch (`origin/main`).
    pub name: &'a str,
}

/// A profile that changed between the base and the head (in place, or
/// renamed: the head path, and the base revision it was paired with).
#[derive(Debug, Clone, Copy)]
pub struct ChangedProfile<'a> {
    /// The head path, which findings name.
    pub path: &'a str,
    pub base: &'a Value,
    pub head: &'a Value,
    /// The head's claims (for the spans of tool `access` values).
    pub head_claims: &'a Claims,
    /// The claim changes from the base to the head.
    pub changes: &'a [Change],
    /// The changes as one line for a message (at most [`LISTED`] parts).
    pub summary: &'a str,
    pub tip: Option<Tip<'a, &'a Value>>,
}

/// A profile new on the head side (or whose base revision was no profile).
#[derive(Debug, Clone, Copy)]
pub struct AddedProfile<'a> {
    pub path: &'a str,
    pub head: &'a Value,
    pub tip: Option<Tip<'a, &'a Value>>,
}

/// A profile gone from the head side, with no file carrying its `agent_id`.
#[derive(Debug, Clone, Copy)]
pub struct DeletedProfile<'a> {
    /// The base path.
    pub path: &'a str,
    pub base: &'a Value,
    /// The date to suggest for `retired_at`.
    pub retire_on: Date,
}

/// A skill folder whose content changed.
#[derive(Debug, Clone, Copy)]
pub struct ChangedSkill<'a> {
    /// The head SKILL.md (findings name its path; fixes edit its text).
    pub source: &'a SourceFile,
    pub base: Option<&'a SkillMeta>,
    pub head: Option<&'a SkillMeta>,
    /// Files of the folder that changed (relative to it); `SKILL.md` is
    /// listed when it changed outside its `version` value.
    pub changed_files: &'a [String],
    /// The target tip's `version` of the skill (`None` when it has none).
    pub tip: Option<Tip<'a, Option<&'a str>>>,
}

/// One `history/*` rule: each method judges one kind of change and pushes
/// its findings to `out`. A rule implements the methods it cares about.
pub trait HistoryRule {
    fn changed_profile(&self, _profile: &ChangedProfile<'_>, _out: &mut Vec<Diagnostic>) {}
    fn added_profile(&self, _profile: &AddedProfile<'_>, _out: &mut Vec<Diagnostic>) {}
    fn deleted_profile(&self, _profile: &DeletedProfile<'_>, _out: &mut Vec<Diagnostic>) {}
    fn changed_skill(&self, _skill: &ChangedSkill<'_>, _out: &mut Vec<Diagnostic>) {}
    fn decision(&self, _decision: &DecisionChange<'_>, _out: &mut Vec<Diagnostic>) {}
    fn changed_plugin(&self, _plugin: &ChangedPlugin<'_>, _out: &mut Vec<Diagnostic>) {}
}

/// A plugin whose shipped files changed against the base.
#[derive(Debug, Clone, Copy)]
pub struct ChangedPlugin<'a> {
    /// Its name (manifest, else entry), or its folder.
    pub name: &'a str,
    /// The version clients read on the base side.
    pub base: Option<&'a str>,
    /// The version clients read on the head side, and where it is written.
    pub head: Option<&'a crate::model::plugin::VersionAt>,
    /// Where a finding without a version goes: the first manifest (or the
    /// marketplace of its entry).
    pub anchor: &'a str,
    /// Every version the head side gives the plugin (manifests and
    /// entries), for the fix that raises them all at once.
    pub versions: &'a [crate::model::plugin::VersionAt],
    /// The changed components, for the message (`skill review`, `hooks`, …).
    pub components: &'a [String],
    /// The target tip's version, given when the target branch changed it.
    pub tip: Option<Tip<'a, Option<&'a str>>>,
}

/// A decision record against the base: edited, deleted, or added (with
/// whether the requirements it names changed in the same change).
#[derive(Debug, Clone, Copy)]
pub struct DecisionChange<'a> {
    /// The record's path.
    pub path: &'a str,
    pub kind: DecisionChangeKind<'a>,
}

/// What happened to a decision record between the base and the head.
#[derive(Debug, Clone, Copy)]
pub enum DecisionChangeKind<'a> {
    /// In the base and changed on the head side.
    Edited,
    /// In the base and gone.
    Deleted,
    /// New on the head side, naming requirements at `requirements` (the
    /// span of that path in the record) that changed against the base.
    AddedWithMovedRequirements {
        requirements: &'a str,
        span: crate::source::Span,
    },
}

/// A top-level string field with its value's span (trimmed; an empty
/// string is no value).
pub fn field<'a>(root: &'a Value, key: &str) -> Option<Valued<'a>> {
    let m = root.get(key)?;
    m.value
        .as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| (s, m.value.span))
}

/// A side's `declared_at`: its text, its date, and the span of its value.
pub type Declared<'a> = (&'a str, crate::date::Date, crate::source::Span);

impl ChangedProfile<'_> {
    /// The base and head `declared_at` values, when both are real dates.
    pub fn declared(&self) -> Option<(Declared<'_>, Declared<'_>)> {
        let side = |v| {
            let (text, span) = field(v, "declared_at")?;
            Some((text, crate::date::Date::parse_ymd(text)?, span))
        };
        Some((side(self.base)?, side(self.head)?))
    }

    /// The base and head `version` values, when both have one.
    pub fn versions(&self) -> Option<(Valued<'_>, Valued<'_>)> {
        Some((field(self.base, "version")?, field(self.head, "version")?))
    }

    /// How the head's version compares with the base's: two equal strings
    /// that follow no scheme count as equal; `None` when either side has
    /// none or they cannot be ordered.
    pub fn version_order(&self) -> Option<Ordering> {
        let ((old, _), (new, _)) = self.versions()?;
        match version::compare(new, old) {
            None if old == new => Some(Ordering::Equal),
            order => order,
        }
    }

    pub fn claims_changed(&self) -> bool {
        !self.changes.is_empty()
    }
}

/// A diagnostic on `path`, at `span` when there is one.
pub fn diag(rule: &'static Rule, path: &str, span: Option<Span>, message: String) -> Diagnostic {
    let mut d = Diagnostic::new(rule, path, message);
    d.span = span;
    d
}

/// "raise `version` (e.g. to "4")" and `tail`.
pub fn raise_help(v: &str, tail: &str) -> String {
    match version::next_version(v) {
        Some(n) => format!("raise `version` (e.g. to \"{n}\"){tail}"),
        None => format!("raise `version`{tail}"),
    }
}

/// `--fix` for a profile version that must rise: the JSON string at `span`
/// becomes the next free version above `versions`. `declared_at` is never
/// touched.
pub fn version_fix(path: &str, span: Span, versions: &[Option<&str>]) -> Option<Fix> {
    let next = version::next_free_version(versions)?;
    Some(Fix::replace(
        Applicability::Safe,
        format!("set `version` to \"{next}\""),
        path,
        span.offset..span.offset + span.length,
        serde_json::to_string(&next).ok()?,
    ))
}

#[cfg(test)]
mod tests {
    use super::testing::{changed_profile_order, BASE};
    use std::cmp::Ordering;

    #[test]
    fn version_order_counts_equal_odd_versions_as_equal() {
        assert_eq!(changed_profile_order(BASE, BASE), Some(Ordering::Equal));
        let odd = BASE.replace("\"3\"", "\"v3\"");
        assert_eq!(changed_profile_order(&odd, &odd), Some(Ordering::Equal));
        let other = BASE.replace("\"3\"", "\"v4\"");
        assert_eq!(changed_profile_order(&odd, &other), None);
        let up = BASE.replace("\"3\"", "\"10\"");
        assert_eq!(changed_profile_order(BASE, &up), Some(Ordering::Greater));
        let none = BASE.replace("\"version\": \"3\",", "");
        assert_eq!(changed_profile_order(BASE, &none), None);
    }
}

/// Test helpers shared by the rule files.
#[cfg(test)]
pub mod testing {
    use super::*;

    pub const BASE: &str = r#"{"agent_id": "a", "version": "3", "declared_at": "2026-10-01",
  "skills": [{"name": "web-search", "level": "proficient", "evidence": [{"kind": "log", "ref": "r1"}]}],
  "tools": [{"name": "browser", "access": "read", "evidence": [{"kind": "log", "ref": "b1"}]}],
  "limits": ["No mail."]}"#;

    pub fn parse(text: &str) -> Value {
        crate::json::parse(text).unwrap()
    }

    /// Runs `rule` on a profile changed from `base` to `head` (at `path`),
    /// with the target tip's text when given.
    pub fn changed(
        rule: &dyn HistoryRule,
        path: &str,
        base: &str,
        head: &str,
        tip: Option<&str>,
    ) -> Vec<Diagnostic> {
        let (b, h) = (parse(base), parse(head));
        let t = tip.map(parse);
        let head_claims = Claims::of(&h);
        let changes = crate::model::claims::diff(&Claims::of(&b), &head_claims);
        let summary = crate::model::claims::text::summarize(&changes, LISTED);
        let mut out = Vec::new();
        rule.changed_profile(
            &ChangedProfile {
                path,
                base: &b,
                head: &h,
                head_claims: &head_claims,
                changes: &changes,
                summary: &summary,
                tip: t.as_ref().map(|rev| Tip {
                    rev,
                    name: "origin/main",
                }),
            },
            &mut out,
        );
        out
    }

    /// [`ChangedProfile::version_order`] of two texts.
    pub fn changed_profile_order(base: &str, head: &str) -> Option<Ordering> {
        let (b, h) = (parse(base), parse(head));
        let claims = Claims::default();
        ChangedProfile {
            path: "a",
            base: &b,
            head: &h,
            head_claims: &claims,
            changes: &[],
            summary: "",
            tip: None,
        }
        .version_order()
    }

    /// Runs `rule` on a skill changed from `base` to `head` (SKILL.md texts).
    pub fn skill(
        rule: &dyn HistoryRule,
        base: &str,
        head: &str,
        changed_files: &[&str],
        tip: Option<Option<&str>>,
    ) -> (SourceFile, Vec<Diagnostic>) {
        let source = SourceFile::new("pdf/SKILL.md", head);
        let (bm, hm) = (
            crate::model::skill::meta::read(base),
            crate::model::skill::meta::read(head),
        );
        let files: Vec<String> = changed_files.iter().map(|f| f.to_string()).collect();
        let mut out = Vec::new();
        rule.changed_skill(
            &ChangedSkill {
                source: &source,
                base: bm.as_ref(),
                head: hm.as_ref(),
                changed_files: &files,
                tip: tip.map(|rev| Tip {
                    rev,
                    name: "origin/main",
                }),
            },
            &mut out,
        );
        (source, out)
    }

    /// The human output of `diagnostics` on the text `head` at `path`.
    pub fn human(path: &str, head: &str, diagnostics: Vec<Diagnostic>) -> String {
        crate::render::human::plain([SourceFile::new(path, head)], diagnostics)
    }
}

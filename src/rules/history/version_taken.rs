//! `history/version-taken`.

use super::context::{
    diag, field, version_fix, AddedProfile, ChangedPlugin, ChangedProfile, ChangedSkill, HistoryRule,
};
use crate::diagnostic::{declare_rule, Diagnostic, Fix};
use crate::model::version;
use crate::source::Span;
use std::cmp::Ordering;

declare_rule! {
    /// with `--base BRANCH`: the profile (or versioned skill) changed on this branch and its new version is not above the version the target branch's **tip** now has — another change already took that number
    ///
    /// ## What it does
    /// With a base branch (`--base`, `base:` in the configuration, or `GITHUB_BASE_REF` in GitHub Actions), changes are found against the merge-base, and the new version of every profile or versioned skill that changed on this branch is also compared with its version at the tip of the target branch, when the target branch changed it too.
    ///
    /// ## Why
    /// Two pull requests that both raise version 3 to 4 would publish two different claim sets as version 4.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// main now has "version": "4"; this branch also sets "version": "4"
    /// ```
    /// Good:
    /// ```diff
    /// main now has "version": "4"; this branch sets "version": "5"
    /// ```
    ///
    /// ## Fix
    /// Rebase or merge the target branch and raise the version above its tip.
    pub static RULE = "history/version-taken", Error,
        fixable: Safe, "sets `version` to the next free version, above the base's and the target tip's. `declared_at` is never touched.";
}

pub struct Check;

/// The finding when `new` is not above `taken`, the version the target
/// branch `tip_name` has now. `what` names the field (`version`, or the
/// skill's), and `fix` makes the fix when there is one.
fn taken(
    what: &str,
    path: &str,
    (new, span): (&str, Span),
    taken: &str,
    tip_name: &str,
    fix: impl FnOnce() -> Option<Fix>,
) -> Option<Diagnostic> {
    if !matches!(
        version::compare(new, taken),
        Some(Ordering::Less | Ordering::Equal)
    ) {
        return None;
    }
    Some(
        diag(&RULE, path, Some(span), format!("{what} \"{new}\" is not above \"{taken}\", which `{tip_name}` has now: another change already took that number"))
            .label("already taken on the target branch")
            .help(format!("merge or rebase onto `{tip_name}`, then raise `version` above \"{taken}\""))
            .maybe_fix(fix()),
    )
}

impl HistoryRule for Check {
    /// A changed profile: the fix raises the version above the head's, the
    /// tip's and the base's.
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(tip), Some(new)) = (p.tip, field(p.head, "version")) else {
            return;
        };
        let Some((t, _)) = field(tip.rev, "version") else {
            return;
        };
        let base = field(p.base, "version").map(|(v, _)| v);
        let fix = || version_fix(p.path, new.1, &[Some(new.0), Some(t), base]);
        out.extend(taken("`version`", p.path, new, t, tip.name, fix));
    }

    /// A new profile that the target branch added too.
    fn added_profile(&self, p: &AddedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(tip), Some(new)) = (p.tip, field(p.head, "version")) else {
            return;
        };
        if let Some((t, _)) = field(tip.rev, "version") {
            out.extend(taken("`version`", p.path, new, t, tip.name, || None));
        }
    }

    fn changed_plugin(&self, p: &ChangedPlugin<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(tip), Some(head)) = (p.tip, p.head) else {
            return;
        };
        if let Some(t) = tip.rev {
            let new = (head.version.as_str(), head.span);
            let what = format!("the version of the plugin `{}`", p.name);
            out.extend(taken(&what, &head.path, new, t, tip.name, || {
                let next = version::next_patch(t)?;
                let edits = p
                    .versions
                    .iter()
                    .map(|at| crate::diagnostic::Edit {
                        path: at.path.clone(),
                        range: at.span.range(),
                        replacement: format!("\"{next}\""),
                    })
                    .collect();
                Some(Fix {
                    message: format!("raise the version of `{}` to {next}", p.name),
                    applicability: crate::diagnostic::Applicability::Safe,
                    edits,
                    rename: None,
                })
            }));
        }
    }

    fn changed_skill(&self, s: &ChangedSkill<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(tip), Some((new, span))) = (s.tip, s.head.and_then(|m| m.version.as_ref()))
        else {
            return;
        };
        if let Some(t) = tip.rev {
            let new = (new.as_str(), *span);
            out.extend(taken("skill `version`", &s.source.path, new, t, tip.name, || None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, parse, skill, BASE};
    use crate::rules::history::context::Tip;

    fn ours() -> String {
        BASE.replace("\"3\"", "\"4\"")
            .replace("proficient", "advanced")
            .replace("2026-10-01", "2026-10-02")
    }

    #[test]
    fn a_version_the_tip_took_is_reported_with_a_fix() {
        let tip = BASE.replace("\"3\"", "\"4\"").replace("No mail.", "No mail, ever.");
        let head = ours();
        let out = changed(&Check, "a.profile.json", BASE, &head, Some(&tip));
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "`version` \"4\" is not above \"4\", which `origin/main` has now: another change already took that number"
        );
        assert_eq!(&head[out[0].span.unwrap().range()], "\"4\"");
        assert_eq!(out[0].fix.as_ref().unwrap().message, "set `version` to \"5\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn a_version_above_the_tip_or_no_tip_passes() {
        let tip = BASE.replace("No mail.", "No mail, ever.");
        assert!(changed(&Check, "a", BASE, &ours(), Some(&tip)).is_empty());
        assert!(changed(&Check, "a", BASE, &ours(), None).is_empty());
    }

    #[test]
    fn an_added_profile_is_judged_against_the_tip_without_a_fix() {
        let (head, tip) = (parse(&ours()), parse(&ours()));
        let mut out = Vec::new();
        Check.added_profile(
            &AddedProfile {
                path: "a",
                head: &head,
                tip: Some(Tip {
                    rev: &tip,
                    name: "origin/main",
                }),
            },
            &mut out,
        );
        assert_eq!(out.len(), 1);
        assert!(out[0].fix.is_none());
    }

    #[test]
    fn a_skill_version_the_tip_took_is_reported() {
        let base = "---\nname: pdf\nversion: 1.0.0\n---\nold\n";
        let head = "---\nname: pdf\nversion: 1.1.0\n---\nnew\n";
        let (_, out) = skill(&Check, base, head, &["SKILL.md"], Some(Some("1.1.0")));
        assert_eq!(out.len(), 1);
        assert!(out[0]
            .message
            .starts_with("skill `version` \"1.1.0\" is not above \"1.1.0\""));
        assert!(skill(&Check, base, head, &["SKILL.md"], Some(Some("1.0.5")))
            .1
            .is_empty());
        assert!(skill(&Check, base, head, &["SKILL.md"], Some(None)).1.is_empty());
    }
}

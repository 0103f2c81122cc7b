//! `history/version-not-bumped`.

use super::context::{diag, field, raise_help, version_fix, ChangedProfile, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::version;
use std::cmp::Ordering;

declare_rule! {
    /// claims changed and `version` did not rise; the message lists what changed
    ///
    /// ## What it does
    /// Compares the profile's claims (skills with level and evidence, tools with access and evidence, limits) with the base revision; when they changed, `version` must rise.
    ///
    /// ## Why
    /// A routing decision records the profile version it used. If claims change under the same version, that record no longer says what was relied on.
    ///
    /// ## Example
    /// Bad:
    /// ```diff
    /// -  "version": "3",   "level": "proficient"
    /// +  "version": "3",   "level": "advanced"
    /// ```
    /// Good:
    /// ```diff
    /// -  "version": "3",   "level": "proficient"
    /// +  "version": "4",   "level": "advanced"
    /// ```
    ///
    /// ## Fix
    /// Raise `version` (and recheck, moving `declared_at`).
    pub static RULE = "history/version-not-bumped", Error,
        fixable: Safe, "sets `version` to the next free version (digit strings: the larger of the base's and the target tip's plus one; SemVer: the next minor). `declared_at` is never touched: recheck the claims and set it yourself.";
}

pub struct Check;

impl HistoryRule for Check {
    fn changed_profile(&self, p: &ChangedProfile<'_>, out: &mut Vec<Diagnostic>) {
        let Some(((old, _), (new, span))) = p.versions() else {
            return;
        };
        if !p.claims_changed() || version::compare(new, old) != Some(Ordering::Equal) {
            return;
        }
        let tip = p.tip.and_then(|t| field(t.rev, "version")).map(|(v, _)| v);
        out.push(
            diag(&RULE, p.path, Some(span), format!("claims changed but `version` is still \"{new}\": {}", p.summary))
                .label("raise this version")
                .help(raise_help(old, " and set `declared_at` to the date the new claims were checked; `caplint check --fix` raises it (`caplint check --staged --fix` in a pre-commit hook)"))
                .maybe_fix(version_fix(p.path, span, &[Some(old), tip])),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::context::testing::{changed, human, BASE};

    #[test]
    fn a_claim_change_under_the_same_version_is_reported() {
        let head = BASE.replace("proficient", "advanced");
        let out = changed(&Check, "a.profile.json", BASE, &head, None);
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(
            d.message,
            "claims changed but `version` is still \"3\": skill web-search: level proficient → advanced"
        );
        assert_eq!(&head[d.span.unwrap().range()], "\"3\"");
        assert!(d.help.as_deref().unwrap().starts_with("raise `version` (e.g. to \"4\")"));
        let fix = d.fix.as_ref().unwrap();
        assert_eq!(fix.message, "set `version` to \"4\"");
        insta::assert_snapshot!(human("a.profile.json", &head, out));
    }

    #[test]
    fn the_fix_goes_above_the_target_tip() {
        let head = BASE.replace("proficient", "advanced");
        let tip = BASE.replace("\"3\"", "\"5\"");
        let out = changed(&Check, "a", BASE, &head, Some(&tip));
        assert_eq!(out[0].fix.as_ref().unwrap().message, "set `version` to \"6\"");
    }

    #[test]
    fn a_raised_version_or_unchanged_claims_pass() {
        let head = BASE.replace("proficient", "advanced").replace("\"3\"", "\"4\"");
        assert!(changed(&Check, "a", BASE, &head, None).is_empty());
        let formatted = BASE.replace(", ", ",\n   ");
        assert!(changed(&Check, "a", BASE, &formatted, None).is_empty());
    }
}

//! `profile/missing-evidence`.

use super::context::{EntryLabel, ProfileCx, ProfileRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::profile::EntryKind;

declare_rule! {
    /// a skill, or a tool with access above `none`, has fewer than `min_evidence` (1) evidence entries
    ///
    /// ## What it does
    /// Counts the well-formed evidence entries of every skill and of every tool whose access is above `none`, and requires at least `min_evidence` (1 by default).
    ///
    /// ## Why
    /// A claim with no evidence is advertising copy. Every claim needs a record a reviewer can open.
    ///
    /// ## Example
    /// Bad:
    /// ```json
    /// {"name": "report-writing", "level": "basic", "evidence": []}
    /// ```
    /// Good:
    /// ```json
    /// {"name": "report-writing", "level": "basic", "evidence": [{"kind": "artifact", "ref": "report-2026-10"}]}
    /// ```
    ///
    /// ## Fix
    /// Gather evidence with a small check task, or drop the claim or lower it to what the evidence shows.
    pub static RULE = "profile/missing-evidence", Error;
}

/// Each skill, and each tool with a valid access other than `none`: at
/// least `min_evidence` usable evidence entries (see
/// `model::profile::usable_evidence`).
pub struct Check;

impl ProfileRule for Check {
    fn file(&self, cx: &ProfileCx<'_>, out: &mut Vec<Diagnostic>) {
        let min = cx.min_evidence;
        for kind in EntryKind::ALL {
            for entry in kind.entries(cx.root) {
                if !entry.needs_evidence() {
                    continue;
                }
                let good = entry.usable_evidence();
                if good >= min {
                    continue;
                }
                let entries = if good == 1 { "y" } else { "ies" };
                let (span, lbl) = match entry.evidence_member() {
                    Some(m) => (m.value.span, format!("{good} usable evidence entr{entries}")),
                    None => (entry.value.open_span(), "no `evidence`".to_string()),
                };
                let label = EntryLabel::of(&entry);
                let d = cx
                    .diag(&RULE, format!("{label} has {good} evidence entr{entries}; at least {min} required"))
                    .at(span)
                    .label(lbl)
                    .help("gather evidence with a small check task, or drop the claim or lower it to what the evidence shows");
                out.push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, rules, run, span_text, OK};
    use super::*;
    use crate::diagnostic::Rule;

    #[test]
    fn a_skill_without_evidence() {
        let text = OK.replace("[{\"kind\": \"log\", \"ref\": \"r1\"}]", "[]");
        assert_eq!(rules(&text), vec![&RULE]);
        let ds = run(&text);
        assert_eq!(
            ds[0].message,
            "skill `web-search` has 0 evidence entries; at least 1 required"
        );
        assert_eq!(span_text(&text, &ds[0]), "[]");
        insta::assert_snapshot!(human(&text, ds));
    }

    #[test]
    fn bad_evidence_does_not_count() {
        use super::super::invalid_evidence;
        assert_eq!(
            rules(&OK.replace("\"kind\": \"log\"", "\"kind\": \"video\"")),
            vec![&invalid_evidence::RULE, &RULE]
        );
        assert_eq!(
            rules(&OK.replace("\"ref\": \"r1\"", "\"ref\": \"  \"")),
            vec![&invalid_evidence::RULE, &RULE]
        );
    }

    #[test]
    fn a_tool_with_no_access_needs_no_evidence() {
        assert_eq!(run(OK), vec![]);
        // access none needs no evidence; unknown access skips the evidence check
        assert_eq!(rules(&OK.replace("\"access\": \"read\", \"evidence\": [{\"kind\": \"link\", \"ref\": \"https://x.org/1\"}]", "\"access\": \"none\"")), Vec::<&Rule>::new());
        let text = OK.replace(", \"evidence\": [{\"kind\": \"link\", \"ref\": \"https://x.org/1\"}]", "");
        let ds = run(&text);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].message, "tool `browser` has 0 evidence entries; at least 1 required");
        assert_eq!(ds[0].label.as_deref(), Some("no `evidence`"));
    }
}

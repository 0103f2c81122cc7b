//! `history/plugin-version-not-bumped`.

use super::context::{diag, ChangedPlugin, HistoryRule, LISTED};
use crate::diagnostic::{declare_rule, Applicability, Diagnostic, Edit, Fix};
use crate::model::version;
use std::cmp::Ordering;

declare_rule! {
    /// a file the plugin ships changed against the base and the version clients read did not rise; the finding is on the manifest (or entry) that holds the version and names the changed components
    ///
    /// ## What it does
    /// Compares every file a plugin ships with the base: its folder's files, except `README*`, `CHANGELOG*`, `LICENSE*` and `CONTRIBUTING*` at its root, dot-folders other than the client manifest folders, and paths matching `plugin_version_ignore`. A plugin that a marketplace entry defines by a list of components ships those. When one changed and the version clients read (the manifest's `version`, else the entry's) did not rise, it reports the plugin and the changed components.
    ///
    /// Severity: an error when the version is the same string; a warning when only its build metadata moved (`0.1.9+codex.1` → `0.1.9+codex.2`): clients key an installed copy by the version string, so the change reaches it, but SemVer ranks the two versions equal.
    ///
    /// ## Why
    /// Claude Code and Codex decide whether an installed copy is stale by the plugin's version. A change merged without raising it never reaches anyone who installed the plugin, while `/plugin marketplace update` and `/plugin update` report success.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// plugins/review/skills/check/SKILL.md changed; plugin.json still says "version": "1.2.0"
    /// ```
    /// Good:
    /// ```text
    /// the same change with "version": "1.2.1" in every manifest and marketplace entry of the plugin
    /// ```
    ///
    /// ## Fix
    /// Raise the version in every manifest and marketplace entry that carries it; `--fix` raises the patch version in all of them at once. Teams that bump only at release can lower the severity in `rules:`.
    pub static RULE = "history/plugin-version-not-bumped", Error,
        fixable: Safe, "raises the patch version in every manifest and marketplace entry of the plugin at once";
}

/// The changed components as one line (at most [`LISTED`]).
pub fn listed(components: &[String]) -> String {
    let mut parts: Vec<&str> = components.iter().take(LISTED).map(String::as_str).collect();
    let more = components.len().saturating_sub(LISTED);
    let more_text = format!("and {more} more");
    if more > 0 {
        parts.push(&more_text);
    }
    parts.join(", ")
}

/// The fix: every version of the plugin set to the next patch of `v`.
pub fn raise_all(p: &ChangedPlugin<'_>, v: &str) -> Option<Fix> {
    let next = version::next_patch(v)?;
    let edits: Vec<Edit> = p
        .versions
        .iter()
        .map(|at| Edit {
            path: at.path.clone(),
            range: at.span.range(),
            replacement: format!("\"{next}\""),
        })
        .collect();
    (!edits.is_empty()).then(|| Fix {
        message: format!("raise the version of `{}` to {next} in {} place(s)", p.name, edits.len()),
        applicability: Applicability::Safe,
        edits,
        rename: None,
    })
}

/// A changed plugin whose version did not rise.
pub struct Check;

impl HistoryRule for Check {
    fn changed_plugin(&self, p: &ChangedPlugin<'_>, out: &mut Vec<Diagnostic>) {
        let changed = listed(p.components);
        match (p.base, p.head) {
            (Some(base), Some(head)) => {
                if version::compare(&head.version, base) != Some(Ordering::Equal) {
                    return;
                }
                if head.version != base {
                    // Only the build metadata moved (`0.1.9+codex.1` →
                    // `0.1.9+codex.2`): the string clients key their cache
                    // by changed, so installed copies are refreshed, but
                    // SemVer precedence ranks the two versions equal.
                    out.push(
                        diag(&RULE, &head.path, Some(head.span), format!("the plugin `{}` changed ({changed}) and only the build metadata of its version moved ({base} → {})", p.name, head.version))
                            .with_severity(crate::diagnostic::Severity::Warning)
                            .label("same precedence")
                            .help("Claude Code and Codex key an installed copy by the version string, so this change reaches it; SemVer ranks versions that differ only after `+` equal, so a tool that compares them does not offer it: raise the patch version to say so in SemVer")
                            .maybe_fix(raise_all(p, &head.version)),
                    );
                    return;
                }
                let help = match version::next_patch(&head.version) {
                    Some(n) => format!("raise the version (e.g. to \"{n}\") in every manifest and marketplace entry of the plugin, or clients never offer this change"),
                    None => "raise the version in every manifest and marketplace entry of the plugin".to_string(),
                };
                out.push(
                    diag(&RULE, &head.path, Some(head.span), format!("the plugin `{}` changed ({changed}) and its version {} did not rise", p.name, head.version))
                        .label("not raised")
                        .help(help)
                        .maybe_fix(raise_all(p, &head.version)),
                );
            }
            (Some(base), None) => out.push(
                diag(&RULE, p.anchor, None, format!("the plugin `{}` changed ({changed}) and its version {base} was removed", p.name))
                    .help("keep a `version` in the manifest and raise it, or clients fall back to comparing commits"),
            ),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::plugin::VersionAt;
    use crate::source::{SourceFile, Span};

    #[test]
    fn a_change_with_the_same_version_and_its_fix() {
        let text = r#"{"name": "review", "version": "1.2.0"}"#;
        let at = VersionAt { version: "1.2.0".into(), path: "p/.claude-plugin/plugin.json".into(), span: Span::new(29, 7) };
        let entry = VersionAt { version: "1.2.0".into(), path: ".claude-plugin/marketplace.json".into(), span: Span::new(5, 7) };
        let versions = [at.clone(), entry];
        let components = ["skill check".to_string(), "hooks".to_string()];
        let p = ChangedPlugin { name: "review", base: Some("1.2.0"), head: Some(&at), anchor: &at.path, versions: &versions, components: &components, tip: None };
        let mut out = Vec::new();
        Check.changed_plugin(&p, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "the plugin `review` changed (skill check, hooks) and its version 1.2.0 did not rise");
        let fix = out[0].fix.as_ref().unwrap();
        assert_eq!(fix.edits.len(), 2);
        assert!(fix.edits.iter().all(|e| e.replacement == "\"1.2.1\""));
        insta::assert_snapshot!(crate::render::human::plain([SourceFile::new(at.path.clone(), text)], out));
        // Only the build metadata moved: a warning.
        let stamped = VersionAt { version: "1.2.0+codex.2".into(), ..at.clone() };
        let p2 = ChangedPlugin { base: Some("1.2.0+codex.1"), head: Some(&stamped), ..p };
        let mut out = Vec::new();
        Check.changed_plugin(&p2, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, crate::diagnostic::Severity::Warning);
        assert_eq!(out[0].message, "the plugin `review` changed (skill check, hooks) and only the build metadata of its version moved (1.2.0+codex.1 → 1.2.0+codex.2)");
        // The same string with its metadata: an error.
        let p3 = ChangedPlugin { base: Some("1.2.0+codex.2"), ..p2 };
        let mut out = Vec::new();
        Check.changed_plugin(&p3, &mut out);
        assert_eq!(out[0].severity, crate::diagnostic::Severity::Error);
        let raised = VersionAt { version: "1.2.1".into(), ..at.clone() };
        let p = ChangedPlugin { head: Some(&raised), ..p };
        let mut out = Vec::new();
        Check.changed_plugin(&p, &mut out);
        assert!(out.is_empty());
    }
}

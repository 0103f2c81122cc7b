//! `history/plugin-version-decreased`.

use super::context::{diag, ChangedPlugin, HistoryRule};
use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::version;
use std::cmp::Ordering;

declare_rule! {
    /// the version clients read for a plugin went down
    ///
    /// ## What it does
    /// Compares the version clients read for each plugin (the manifest's `version`, else its marketplace entry's) with the base's, and fires when it is lower.
    ///
    /// ## Why
    /// A client holding the higher version never takes the lower one as an update: everyone who installed the plugin keeps the old copy.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// base "version": "1.3.0", head "version": "1.2.9"
    /// ```
    /// Good:
    /// ```text
    /// base "version": "1.3.0", head "version": "1.3.1"
    /// ```
    ///
    /// ## Fix
    /// Raise the version above the base's.
    pub static RULE = "history/plugin-version-decreased", Error;
}

/// A plugin whose version went down.
pub struct Check;

impl HistoryRule for Check {
    fn changed_plugin(&self, p: &ChangedPlugin<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(base), Some(head)) = (p.base, p.head) else { return };
        if version::compare(&head.version, base) == Some(Ordering::Less) {
            out.push(
                diag(&RULE, &head.path, Some(head.span), format!("the version of the plugin `{}` went down from {base} to {}", p.name, head.version))
                    .label("lower than the base's")
                    .help(format!("clients that installed {base} never take {} as an update: raise it above {base}", head.version)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::plugin::VersionAt;
    use crate::source::{SourceFile, Span};

    #[test]
    fn a_lower_version() {
        let text = r#"{"name": "review", "version": "1.2.9"}"#;
        let at = VersionAt { version: "1.2.9".into(), path: "p/.claude-plugin/plugin.json".into(), span: Span::new(29, 7) };
        let versions = [at.clone()];
        let p = ChangedPlugin { name: "review", base: Some("1.3.0"), head: Some(&at), anchor: &at.path, versions: &versions, components: &[], tip: None };
        let mut out = Vec::new();
        Check.changed_plugin(&p, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "the version of the plugin `review` went down from 1.3.0 to 1.2.9");
        insta::assert_snapshot!(crate::render::human::plain([SourceFile::new(at.path.clone(), text)], out));
        let p = ChangedPlugin { base: Some("1.2.0"), ..p };
        let mut out = Vec::new();
        Check.changed_plugin(&p, &mut out);
        assert!(out.is_empty());
    }
}

//! `plugin/*` rules: one file per rule, listed once below. Each judges a
//! client manifest or marketplace, or the plugins they define together (see
//! [`context`]); the manifests and the installation model are in
//! [`crate::model::plugin`], the engine in `crate::lint::plugins`.

pub mod context;

use crate::diagnostic::rule_family;

rule_family! {
    check: context::PluginRule;
    invalid_manifest,
    unknown_field,
    invalid_name,
    invalid_version,
    name_mismatch,
    version_mismatch,
    missing_source,
    duplicate_name,
    missing_component,
    unversioned,
    ignored_tools_key,
}

/// What the rules' tests share: a repository of manifests and files in
/// memory, judged as the engine judges it.
#[cfg(test)]
mod tests {
    use super::context::{ManifestCx, PathKind, RepoCx};
    use crate::diagnostic::{Diagnostic, Rule};
    use crate::model::plugin::{self, ManifestKind, Parsed};
    use crate::source::SourceFile;

    /// Every manifest and file of `files` judged by `checks`.
    pub fn run_checks(
        checks: &[&(dyn super::context::PluginRule + Sync)],
        files: &[(&str, &str)],
    ) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut parsed = Vec::new();
        for (path, text) in files {
            let Some((kind, root)) = ManifestKind::of(path) else {
                continue;
            };
            let source = SourceFile::new(*path, *text);
            match super::invalid_manifest::parse(&source) {
                Err(d) => out.push(*d),
                Ok(value) => {
                    let cx = ManifestCx {
                        source: &source,
                        kind,
                        root_dir: root,
                        value: &value,
                    };
                    for c in checks {
                        c.manifest(&cx, &mut out);
                    }
                    parsed.push(Parsed {
                        path: path.to_string(),
                        kind,
                        root_dir: root.to_string(),
                        value,
                    });
                }
            }
        }
        let plugins = plugin::plugins(&parsed);
        let kind_of = |rel: &str| -> Option<PathKind> {
            if files.iter().any(|(p, _)| *p == rel) {
                Some(PathKind::File)
            } else if rel.is_empty() || files.iter().any(|(p, _)| p.starts_with(&format!("{rel}/")))
            {
                Some(PathKind::Dir)
            } else {
                None
            }
        };
        let list = |dir: &str| -> Vec<String> {
            let prefix = if dir.is_empty() {
                String::new()
            } else {
                format!("{dir}/")
            };
            let mut out: Vec<String> = files
                .iter()
                .filter_map(|(p, _)| p.strip_prefix(prefix.as_str()))
                .map(|rest| format!("{prefix}{}", rest.split('/').next().unwrap_or(rest)))
                .collect();
            out.sort();
            out.dedup();
            out
        };
        let read = |rel: &str| {
            files
                .iter()
                .find(|(p, _)| *p == rel)
                .map(|(_, t)| t.to_string())
        };
        let cx = RepoCx {
            manifests: &parsed,
            plugins: &plugins,
            kind_of: &kind_of,
            list: &list,
            read: &read,
        };
        for c in checks {
            c.repository(&cx, &mut out);
        }
        out
    }

    pub fn run(files: &[(&str, &str)]) -> Vec<Diagnostic> {
        run_checks(super::CHECKS, files)
    }

    pub fn rules(files: &[(&str, &str)]) -> Vec<&'static Rule> {
        let mut r: Vec<_> = run(files).into_iter().map(|d| d.rule).collect();
        r.sort();
        r.dedup();
        r
    }

    /// The findings of one rule.
    pub fn of(rule: &'static Rule, files: &[(&str, &str)]) -> Vec<Diagnostic> {
        run(files).into_iter().filter(|d| d.rule == rule).collect()
    }

    pub fn human(files: &[(&str, &str)], diagnostics: Vec<Diagnostic>) -> String {
        crate::render::human::plain(
            files.iter().map(|(p, t)| SourceFile::new(*p, *t)),
            diagnostics,
        )
    }

    /// A marketplace of two versioned plugins that every rule passes.
    pub const GOOD: &[(&str, &str)] = &[
        (
            ".claude-plugin/marketplace.json",
            r#"{"name": "tools", "owner": {"name": "Acme"},
  "plugins": [
    {"name": "review", "source": "./plugins/review", "description": "Code review"},
    {"name": "docs", "source": "./plugins/docs", "version": "2.0.0"},
    {"name": "remote", "source": {"source": "github", "repo": "acme/remote"}}
  ]}"#,
        ),
        (
            "plugins/review/.claude-plugin/plugin.json",
            r#"{"name": "review", "version": "1.2.0", "description": "Code review", "commands": "./commands/review.md"}"#,
        ),
        (
            "plugins/review/commands/review.md",
            "---\ndescription: Review the change\n---\nReview it.\n",
        ),
        (
            "plugins/review/skills/check/SKILL.md",
            "---\nname: check\ndescription: Checks. Use when checking.\n---\n# Check\n",
        ),
        (
            "plugins/review/agents/reviewer.md",
            "---\nname: reviewer\ndescription: Reviews\ntools: Read, Grep\n---\nReview.\n",
        ),
        (
            "plugins/docs/skills/write/SKILL.md",
            "---\nname: write\ndescription: Writes. Use when writing.\n---\n# Write\n",
        ),
    ];

    #[test]
    fn the_good_marketplace_passes_every_rule() {
        assert_eq!(rules(GOOD), Vec::<&Rule>::new(), "{:#?}", run(GOOD));
    }

    /// `GOOD` with the file at `path` replaced (or added) by `text`.
    pub fn with(path: &'static str, text: &'static str) -> Vec<(&'static str, &'static str)> {
        let mut files: Vec<(&str, &str)> =
            GOOD.iter().copied().filter(|(p, _)| *p != path).collect();
        files.push((path, text));
        files
    }
}

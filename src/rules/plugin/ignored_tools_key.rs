//! `plugin/ignored-tools-key`.

use super::context::{frontmatter_keys, PathKind, PluginRule, RepoCx};
use crate::diagnostic::{declare_rule, Diagnostic};

declare_rule! {
    /// an agent file (`agents/*.md`) declares `allowed-tools`, or a skill or command declares `tools`: Claude Code ignores that key without a word, so the restriction it states does not apply
    ///
    /// ## What it does
    /// Reads the frontmatter of a plugin's agents (`agents/*.md`), commands (`commands/*.md`) and skills (`skills/*/SKILL.md`). An agent restricts its tools with `tools`; a command or a skill with `allowed-tools`. The other key is reported.
    ///
    /// ## Why
    /// Claude Code ignores the key that does not belong to the file's kind, with no warning. The author believes the agent or skill is restricted to a few tools, and it can use every tool.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// agents/reviewer.md: ---
    /// allowed-tools: Read, Grep
    /// ---
    /// ```
    /// Good:
    /// ```markdown
    /// agents/reviewer.md: ---
    /// tools: Read, Grep
    /// ---
    /// ```
    ///
    /// ## Fix
    /// Rename the key: `tools` in agents, `allowed-tools` in skills and commands.
    pub static RULE = "plugin/ignored-tools-key", Error, scope: Repository;
}

fn check(cx: &RepoCx<'_>, file: &str, wrong: &str, right: &str, kind: &str, out: &mut Vec<Diagnostic>) {
    let Some(text) = (cx.read)(file) else { return };
    for (key, span) in frontmatter_keys(&text) {
        if key == wrong {
            out.push(
                Diagnostic::new(&RULE, file, format!("Claude Code ignores `{wrong}` in {kind}: the restriction does not apply"))
                    .at(span)
                    .label("ignored key")
                    .help(format!("{kind} restrict their tools with `{right}`: rename the key")),
            );
        }
    }
}

/// Every plugin's agents, commands and skills.
pub struct Check;

impl PluginRule for Check {
    fn repository(&self, cx: &RepoCx<'_>, out: &mut Vec<Diagnostic>) {
        for p in cx.plugins {
            let sub = |name: &str| if p.dir.is_empty() { name.to_string() } else { format!("{}/{name}", p.dir) };
            for f in (cx.list)(&sub("agents")) {
                if f.ends_with(".md") && (cx.kind_of)(&f) == Some(PathKind::File) {
                    check(cx, &f, "allowed-tools", "tools", "agents", out);
                }
            }
            for f in (cx.list)(&sub("commands")) {
                if f.ends_with(".md") && (cx.kind_of)(&f) == Some(PathKind::File) {
                    check(cx, &f, "tools", "allowed-tools", "commands", out);
                }
            }
            for d in (cx.list)(&sub("skills")) {
                let md = format!("{d}/SKILL.md");
                if (cx.kind_of)(&md) == Some(PathKind::File) {
                    check(cx, &md, "tools", "allowed-tools", "skills", out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{human, of, with, GOOD};
    use super::*;

    #[test]
    fn an_agent_with_allowed_tools_and_a_skill_with_tools() {
        let mut files = with("plugins/review/agents/reviewer.md", "---\nname: reviewer\ndescription: Reviews\nallowed-tools: Read, Grep\n---\nReview.\n");
        files.retain(|(p, _)| *p != "plugins/review/skills/check/SKILL.md");
        files.push(("plugins/review/skills/check/SKILL.md", "---\nname: check\ndescription: Checks. Use when checking.\ntools: Read\n---\n# Check\n"));
        let ds = of(&RULE, &files);
        assert_eq!(ds.len(), 2, "{ds:#?}");
        assert_eq!(ds[0].message, "Claude Code ignores `allowed-tools` in agents: the restriction does not apply");
        insta::assert_snapshot!(human(&files, ds));
    }

    #[test]
    fn the_right_keys_pass() {
        assert!(of(&RULE, GOOD).is_empty());
    }
}

//! `skill/folder-too-large`.

use crate::diagnostic::{declare_rule, Diagnostic};
use crate::model::skill::targets::{Target, CLAUDE_API_UPLOAD_MAX_BYTES};
use crate::rules::skill::context::{has, Skill, SkillRule};

declare_rule! {
    /// with target `claude-api`: `SKILL.md` and the folder's files are over 8 MiB, the upload's limit
    ///
    /// ## What it does
    /// Enabled by target `claude-api` (and `claude`, which includes it). Adds up the sizes of `SKILL.md` and every file caplint lists in the skill folder (links into the folder counted once, at their target; nested skills and the folders caplint never walks, `target`, `node_modules` and `exclude`d ones, left out) and reports an error when the total is over 8 MiB. The finding names the largest files.
    ///
    /// Severity: an error, for `claude-api` only: the upload refuses a larger skill, which the API documents.
    ///
    /// ## Why
    /// Anthropic's Skills API guide (`https://platform.claude.com/docs/en/build-with-claude/skills-guide`) says the total upload size of a skill must be under 8MB: a larger skill is refused on upload. caplint reads 8MB as 8 MiB, the larger reading, so it never reports a skill the upload takes.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/brand/assets/intro.mp4   (12 MiB)
    /// ```
    /// Good:
    /// ```text
    /// skills/brand/assets/intro.gif   (900 KiB)
    /// ```
    ///
    /// ## Fix
    /// Leave build output, caches and large media out of the skill folder; fetch large data at run time. `skill/build-output` reports build and dependency folders inside a skill, which are often the bulk.
    pub static RULE = "skill/folder-too-large", Error;
}

/// The rule's check: runs on each `SKILL.md`.
pub struct Check;

impl SkillRule for Check {
    fn skill(&self, cx: &Skill<'_>, out: &mut Vec<Diagnostic>) {
        if !has(cx.settings, Target::ClaudeApi) {
            return;
        }
        let total = cx.source.text.len() as u64 + cx.folder.files.iter().map(|f| f.size).sum::<u64>();
        if total <= CLAUDE_API_UPLOAD_MAX_BYTES {
            return;
        }
        let mut largest: Vec<(&str, u64)> = cx
            .folder
            .files
            .iter()
            .map(|f| (f.rel.as_str(), f.size))
            .collect();
        largest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let named: Vec<String> = largest
            .iter()
            .take(3)
            .filter(|(_, size)| *size > 0)
            .map(|(rel, size)| format!("`{rel}` ({})", mib(*size)))
            .collect();
        let files = cx.folder.files.len() + 1;
        let mut help = "the skill upload (the API and claude.ai) takes a skill of under 8MB: leave build output, caches and large media out of the folder, and fetch large data at run time".to_string();
        if !named.is_empty() {
            help = format!("largest: {}; {help}", named.join(", "));
        }
        out.push(
            Diagnostic::new(
                &RULE,
                cx.path(),
                format!(
                    "the skill folder holds {} in {files} files; the skill upload takes under 8MB (target `claude-api`)",
                    mib(total)
                ),
            )
            .help(help),
        );
    }
}

/// A size in MiB, one decimal, never rounded down to the limit.
fn mib(bytes: u64) -> String {
    let tenths = (bytes * 10).div_ceil(1024 * 1024);
    format!("{}.{} MiB", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::skill::targets::Target;
    use crate::rules::skill::context::*;
    #[allow(unused_imports)]
    use crate::rules::skill::*;

    fn tree(extra: u64) -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        let skill = tmp.path().join("skills/brand");
        std::fs::create_dir_all(skill.join("assets")).unwrap();
        let md = "---\nname: brand\ndescription: Use when a document needs the brand's look.\n---\nSee assets/a.bin and assets/b.bin.\n";
        std::fs::write(skill.join("SKILL.md"), md).unwrap();
        let half = CLAUDE_API_UPLOAD_MAX_BYTES / 2;
        let a = half;
        let b = half - md.len() as u64 + extra;
        std::fs::write(skill.join("assets/a.bin"), vec![0u8; a as usize]).unwrap();
        std::fs::write(skill.join("assets/b.bin"), vec![0u8; b as usize]).unwrap();
        tmp
    }

    fn run_on(root: &std::path::Path, targets: &[Target]) -> Vec<Diagnostic> {
        lint_root(root, targets, &RULE).1
    }

    #[test]
    fn over_the_uploads_limit_is_an_error_for_claude_api_only() {
        // Exactly 8 MiB passes; one byte more is reported.
        let tmp = tree(0);
        assert!(run_on(tmp.path(), &[Target::ClaudeApi]).is_empty());
        let tmp = tree(1);
        let d = run_on(tmp.path(), &[Target::ClaudeApi]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, crate::diagnostic::Severity::Error);
        assert_eq!(d[0].path, "skills/brand/SKILL.md");
        assert_eq!(d[0].span, None);
        assert_eq!(d[0].message, "the skill folder holds 8.1 MiB in 3 files; the skill upload takes under 8MB (target `claude-api`)");
        assert!(d[0].help.as_deref().unwrap().starts_with("largest: `assets/a.bin` (4.0 MiB), `assets/b.bin` (4.0 MiB); "), "{:?}", d[0].help);
        assert_eq!(run_on(tmp.path(), &[Target::Claude]).len(), 1);
        for other in [Target::ClaudeCode, Target::Agentskills, Target::Codex, Target::Platform] {
            assert!(run_on(tmp.path(), &[other]).is_empty(), "{other:?}");
        }
    }

    #[test]
    fn sizes_round_up() {
        assert_eq!(mib(CLAUDE_API_UPLOAD_MAX_BYTES), "8.0 MiB");
        assert_eq!(mib(CLAUDE_API_UPLOAD_MAX_BYTES + 1), "8.1 MiB");
        assert_eq!(mib(1), "0.1 MiB");
    }
}

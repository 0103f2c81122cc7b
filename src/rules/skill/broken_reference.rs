//! `skill/broken-reference`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// the body (or a referenced file) names a relative file — Markdown link, or a bare or back-ticked path like `scripts/run.py` — that does not exist in the skill folder
    ///
    /// ## What it does
    /// Resolves the files named in `SKILL.md` and, transitively, in the text files it references: from the referencing file's folder, then from the skill folder; a path after a skill-root placeholder (`{baseDir}`, `${CLAUDE_SKILL_DIR}`, `$SKILL_DIR`) from the skill folder, wherever it is written, and one after a plugin-root placeholder (`${CLAUDE_PLUGIN_ROOT}`) from the nearest folder with `.claude-plugin/` or `.codex-plugin/`. `SKILL.md` and `../SKILL.md` name the skill's own file. Markdown links, images, reference definitions and `href`/`src` must exist. A bare or back-ticked word must exist when it is clearly a path into the skill: a file name with an extension after a folder the skill has (in `SKILL.md` also `scripts/`, `references/`, `assets/`), a path starting with `./`, or a name that exists only in another letter case. Fenced code, paths introduced as examples (`e.g.`, `Example:`), paths into the user's files (`out/report.pdf`, an option's argument such as `-x ./dict.dict`, a hidden folder such as `./.github/`) the paths in templates (under `templates/`, or named `…_template`), paths the text has the agent make (`Create ./x.cedar`, `write … to x.md`), paths in the user's project (`| Project root | ./CLAUDE.md |`) and paths that resolve from the repository root never have to exist. A path that is missing from the skill but exists in a sibling skill is a warning naming that file. A symlink to nothing is reported too.
    ///
    /// ## Why
    /// An agent told to read `scripts/extract.py` that does not exist wastes a turn and improvises.
    ///
    /// ## Example
    /// Bad:
    /// ```markdown
    /// Run `scripts/extract.py` (the folder has no scripts/extract.py)
    /// ```
    /// Good:
    /// ```markdown
    /// Run `scripts/extract.py` (and the file exists)
    /// ```
    ///
    /// ## Fix
    /// Fix the path or add the file.
    pub static RULE = "skill/broken-reference", Error;
}

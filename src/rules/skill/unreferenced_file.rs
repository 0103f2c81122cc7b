//! `skill/unreferenced-file`.

use crate::diagnostic::declare_rule;

declare_rule! {
    /// a file in the skill folder is never named by `SKILL.md` or a file it references
    ///
    /// ## What it does
    /// Warns about each file of the skill folder that neither `SKILL.md` nor a file it references names. Any mention counts: links, prose, fenced code, frontmatter values, a folder (`themes/`), a glob or `{placeholder}` path, a trailing part of a path, and Python imports. `__init__.py` comes with its package. Also counted: a path after a placeholder (`{baseDir}/x`), JavaScript modules named without their extension (`require('./util')`), `@./skills/x/y.md` in the `AGENTS.md`, `CLAUDE.md` or `GEMINI.md` of the repository root or the plugin root, and back-ticked stems (`async-parallel`) of files in a folder the same text names. Exempt: licence, notice and change-log files, READMEs, client metadata (`agents/openai.yaml` and the files it names, `metadata.json`), dependency manifests and lock files (`pyproject.toml`, `uv.lock`, `requirements.txt`, `package.json`, `Cargo.toml`, `go.mod`, …), hidden files and `__pycache__`. Files in nested skills belong to those skills.
    ///
    /// ## Why
    /// Resources are loaded only when the body points at them; an unreferenced file is dead weight or a forgotten instruction.
    ///
    /// ## Example
    /// Bad:
    /// ```text
    /// skills/x/notes.md (never mentioned)
    /// ```
    /// Good:
    /// ```text
    /// SKILL.md: "For edge cases read `notes.md`."
    /// ```
    ///
    /// ## Fix
    /// Reference the file from the body or remove it.
    pub static RULE = "skill/unreferenced-file", Warning;
}

//! `caplint init`: writes a commented `.caplint.yaml` holding the defaults,
//! never over an existing file, and prints how to wire up pre-commit.

use crate::config::CONFIG_FILE;
use crate::error::Fatal;
use crate::settings::Config;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A YAML flow list of double-quoted strings (JSON strings are valid YAML).
fn list(items: &[String]) -> String {
    let quoted: Vec<String> = items
        .iter()
        .map(|s| serde_json::to_string(s).unwrap_or_default())
        .collect();
    format!("[{}]", quoted.join(", "))
}

/// The commented configuration file, built from [`Config::default`] so that
/// it always loads back to exactly the defaults.
pub fn config_text() -> String {
    config_text_with(&[])
}

/// Words that make a skill folder a placeholder by design (`template/`,
/// `skill-template/`, `_example`), not a skill to publish.
const PLACEHOLDER_WORDS: &[&str] = &[
    "template",
    "templates",
    "example",
    "examples",
    "sample",
    "samples",
    "skeleton",
    "boilerplate",
    "placeholder",
    "scaffold",
];

/// Whether a skill folder's name marks it as a placeholder: made of a
/// placeholder word and filler only (`template`, `skill-template`,
/// `_example`, `my-new-skill-template`), not a skill about templates
/// (`templates-guide`).
fn is_placeholder_folder(name: &str) -> bool {
    const FILLER: &[&str] = &["", "skill", "skills", "my", "new", "your", "agent"];
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> = lower.split(['-', '_', '.', ' ']).collect();
    words.iter().any(|w| PLACEHOLDER_WORDS.contains(w))
        && words
            .iter()
            .all(|w| PLACEHOLDER_WORDS.contains(w) || FILLER.contains(w))
}

/// The skill folders under `root` (paths relative to it, `/`-separated)
/// whose name marks them as placeholders: `caplint init` proposes to
/// exclude them. The walk skips hidden folders and the folders caplint
/// always skips, and stops after a bounded number of entries.
pub fn placeholder_skills(root: &Path) -> Vec<String> {
    const MAX_ENTRIES: usize = 50_000;
    const MAX_DEPTH: usize = 8;
    let mut found = Vec::new();
    let mut seen = 0;
    let mut stack = vec![(root.to_path_buf(), String::new(), 0)];
    while let Some((dir, rel, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut children = Vec::new();
        let mut has_skill_md = false;
        for entry in entries.flatten() {
            seen += 1;
            if seen > MAX_ENTRIES {
                break;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_file() && name == crate::discover::SKILL_MD {
                has_skill_md = true;
            } else if kind.is_dir()
                && !name.starts_with('.')
                && !["node_modules", "target"].contains(&name.as_str())
                && depth < MAX_DEPTH
            {
                let child = if rel.is_empty() {
                    name.clone()
                } else {
                    format!("{rel}/{name}")
                };
                children.push((entry.path(), child, depth + 1));
            }
        }
        let folder = rel.rsplit('/').next().unwrap_or(&rel);
        if has_skill_md && !rel.is_empty() && is_placeholder_folder(folder) {
            found.push(format!("{rel}/**"));
            // Its own folders belong to it.
            continue;
        }
        stack.extend(children);
    }
    found.sort();
    found
}

/// [`config_text`] with `excludes` (placeholder skills found in the
/// repository) as the `exclude` list.
pub fn config_text_with(excludes: &[String]) -> String {
    let mut d = Config::default();
    let exclude_note = if excludes.is_empty() {
        String::new()
    } else {
        d.exclude = excludes.to_vec();
        "\n# `caplint init` found skills that are placeholders by design (their folder\n\
         # is named like a template or an example) and proposes to skip them;\n\
         # remove an entry to lint that skill."
            .to_string()
    };
    let base = match &d.base {
        Some(b) => serde_json::to_string(b).unwrap_or_default(),
        None => "null".to_string(),
    };
    format!(
        r#"# caplint configuration. Every key is optional; the values below are the
# defaults. Unknown keys are an error. `caplint schema config` prints a JSON
# Schema for editors; `caplint rules` lists every rule id.

# Globs are relative to the repository root: `*` does not cross `/`, `**` does.
# Capability profiles to lint.
profiles: {profiles}

# Skills roots: every folder directly inside one must be a skill (a SKILL.md).
skill_roots: {skill_roots}

# Paths to skip. .git, node_modules and target are always skipped.{exclude_note}
exclude: {exclude}

# A profile whose declared_at is more than this many days old is stale.
freshness_days: {freshness_days}

# Evidence entries every skill, and every tool with access above `none`, needs.
min_evidence: {min_evidence}

# The longest skill description, in characters.
description_max_chars: {description_max_chars}

# Names no skill may take: they belong to agent capabilities. A skill named
# so is an error where the repository holds capability profiles or
# `platform` is a target, else a warning; set the list to make it an error
# everywhere.
# reserved_skill_names: {reserved}

# Frontmatter keys to accept besides the Agent Skills fields, version,
# when_to_use and when_not_to_use.
extra_skill_fields: {extra}

# The default --base for history rules, e.g. origin/main. With null, caplint
# compares with HEAD (or with the pull request's base in GitHub Actions).
base: {base}

# The clients the skills are written for: agentskills (the open format),
# claude-code (Claude Code), claude-api (skill upload to the API and
# claude.ai), claude (both), codex, platform. Several mean the strictest
# union; `--target` overrides this list. docs/targets.md says what each one
# checks. Without it, skills are judged for agentskills, except that a skill
# only Claude Code installs (a Claude Code plugin's, or in .claude/skills) is
# not failed on the open format's letter Claude Code does not hold it to.
# targets: {targets}

# Routing decision records, written by `caplint match REQUIREMENTS --record
# FILE --assign AGENT_ID` and audited by the decision/* rules. The workflow:
# write the requirements first (caplint schema requirements), compare the
# candidates (caplint match), record the decision, commit it. See
# docs/decisions.md.
decisions: {decisions}

# Files of a plugin (globs relative to its folder) whose changes need no
# version bump, e.g. ["docs/**", "tests/**"]. README*, CHANGELOG*, LICENSE*,
# CONTRIBUTING* and dot-folders such as .github/ never need one.
plugin_version_ignore: {plugin_ignore}

# Severity per rule id: error, warning or off.
rules: {{}}
#  profile/stale: error
#  profile/unknown-field: off

# Severities for some paths; an entry that matches overrides `rules` and the
# entries before it.
overrides: []
#  - paths: ["legacy/**"]
#    rules:
#      profile/stale: off
"#,
        profiles = list(&d.profiles),
        skill_roots = list(&d.skill_roots),
        exclude = list(&d.exclude),
        freshness_days = d.freshness_days,
        min_evidence = d.min_evidence,
        description_max_chars = d.description_max_chars,
        reserved = list(&d.reserved_skill_names),
        extra = list(&d.extra_skill_fields),
        decisions = list(&d.decisions),
        plugin_ignore = list(&d.plugin_version_ignore),
        targets = list(
            &d.targets
                .iter()
                .map(|t| t.name().to_string())
                .collect::<Vec<_>>()
        ),
    )
}

/// The `.pre-commit-config.yaml` entry for caplint's hooks: the hooks that
/// run the caplint on PATH (the one running `init`), which need nothing
/// published. The tag exists from the first release on; before it, `rev:`
/// names a commit.
pub fn pre_commit_snippet() -> String {
    format!(
        "repos:\n  - repo: {}\n    rev: v{}    # before the first release: a commit, e.g. main\n    hooks:\n      - id: caplint-system\n      - id: caplint-system-pre-push\n",
        crate::render::sarif::information_uri(),
        env!("CARGO_PKG_VERSION")
    )
}

/// Writes the file (refusing to replace one) and returns what to print.
/// Placeholder skills in the folder that will hold the file are proposed
/// as `exclude` entries.
pub fn write_config(path: &Path) -> Result<String, Fatal> {
    let root = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let excludes = placeholder_skills(&root);
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(Fatal::Usage(format!(
                "{} already exists; `caplint init` never overwrites a file (edit it, or remove it and run `caplint init` again)",
                path.display()
            )))
        }
        Err(e) => return Err(Fatal::Io(format!("cannot create {}: {e}", path.display()))),
    };
    file.write_all(config_text_with(&excludes).as_bytes())
        .map_err(|e| Fatal::Io(format!("cannot write {}: {e}", path.display())))?;
    let proposed = if excludes.is_empty() {
        String::new()
    } else {
        format!(
            "It excludes {} placeholder skill{} (a template or an example, not a skill to publish):\n{}\
             Remove an entry from `exclude` to lint that skill.\n\n",
            excludes.len(),
            if excludes.len() == 1 { "" } else { "s" },
            excludes.iter().map(|e| format!("  {e}\n")).collect::<String>()
        )
    };
    Ok(format!(
        "Wrote {} with the default settings.\n\n{proposed}\
         To run caplint before every commit and push with pre-commit (https://pre-commit.com),\n\
         add this to .pre-commit-config.yaml (the hooks run the caplint on PATH; from the\n\
         first release on, the caplint-pre-commit mirror installs the wheel instead):\n\n{}\n\
         and run: pre-commit install --hook-type pre-commit --hook-type pre-push\n\n\
         Without pre-commit, copy hooks/pre-commit and hooks/pre-push from caplint's\n\
         repository into .git/hooks/ (see its README).\n",
        path.display(),
        pre_commit_snippet()
    ))
}

/// `caplint init [--path FILE]`: the default is `.caplint.yaml` at the
/// repository root (or in the working directory outside git).
pub fn default_path() -> Result<PathBuf, Fatal> {
    let (root, _) = crate::app::workspace::find_root(&[])?;
    Ok(root.join(CONFIG_FILE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    #[test]
    fn written_config_parses_to_the_defaults() {
        let source = SourceFile::new(CONFIG_FILE, config_text());
        assert_eq!(crate::config::parse(&source).unwrap(), Config::default());
    }

    #[test]
    fn placeholder_skills_are_proposed_as_excludes() {
        let dir = tempfile::tempdir().unwrap();
        let skill = |rel: &str| {
            let d = dir.path().join(rel);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("SKILL.md"), "---\nname: x\ndescription: x\n---\n").unwrap();
        };
        skill("template");
        skill("skills/refund-policy");
        skill("skills/skill-template");
        skill("skills/templates-guide/examples");
        skill(".hidden/template");
        std::fs::create_dir_all(dir.path().join("docs/examples")).unwrap();
        let found = placeholder_skills(dir.path());
        // A guide about templates is a skill; the placeholder inside it is not.
        assert_eq!(
            found,
            [
                "skills/skill-template/**",
                "skills/templates-guide/examples/**",
                "template/**"
            ]
        );
        assert!(!is_placeholder_folder("refund-policy"));
        assert!(is_placeholder_folder("_template"));
        let text = config_text_with(&found);
        let c = crate::config::parse(&SourceFile::new(CONFIG_FILE, text)).unwrap();
        assert_eq!(c.exclude, found);
        let out = write_config(&dir.path().join(CONFIG_FILE)).unwrap();
        assert!(out.contains("It excludes 3 placeholder skills"), "{out}");
        assert!(out.contains("  template/**\nRemove an entry"), "{out}");
        assert!(!out.contains('\\'), "{out}");
        // The snippet names hooks that need nothing published.
        assert!(out.contains("- id: caplint-system\n"), "{out}");
    }

    #[test]
    fn commented_examples_are_valid_when_uncommented() {
        let text = config_text()
            .replace("rules: {}\n#  ", "rules:\n  ")
            .replace("\n#  profile/unknown-field", "\n  profile/unknown-field")
            .replace("overrides: []\n#  ", "overrides:\n  ")
            .replace("\n#    rules:\n#      ", "\n    rules:\n      ");
        let c = crate::config::parse(&SourceFile::new(CONFIG_FILE, text.clone()))
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(c.rules.len(), 2);
        assert_eq!(c.overrides.len(), 1);
    }
}

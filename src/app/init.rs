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
    let d = Config::default();
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

# Paths to skip. .git, node_modules and target are always skipped.
exclude: {exclude}

# A profile whose declared_at is more than this many days old is stale.
freshness_days: {freshness_days}

# Evidence entries every skill, and every tool with access above `none`, needs.
min_evidence: {min_evidence}

# The longest skill description, in characters.
description_max_chars: {description_max_chars}

# Names no skill may take: they belong to agent capabilities.
reserved_skill_names: {reserved}

# Frontmatter keys to accept besides the Agent Skills fields, version,
# when_to_use and when_not_to_use.
extra_skill_fields: {extra}

# The default --base for history rules, e.g. origin/main. With null, caplint
# compares with HEAD (or with the pull request's base in GitHub Actions).
base: {base}

# The clients the skills are written for: agentskills (the open format),
# claude, codex, platform. Several mean the strictest union; `--target`
# overrides this list. docs/targets.md says what each one checks.
targets: {targets}

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

/// The `.pre-commit-config.yaml` entry for caplint's hooks: the mirror
/// repository, which installs the prebuilt wheel instead of compiling.
pub fn pre_commit_snippet() -> String {
    format!(
        "repos:\n  - repo: {}-pre-commit\n    rev: v{}\n    hooks:\n      - id: caplint\n      - id: caplint-pre-push\n",
        crate::render::sarif::information_uri(),
        env!("CARGO_PKG_VERSION")
    )
}

/// Writes the file (refusing to replace one) and returns what to print.
pub fn write_config(path: &Path) -> Result<String, Fatal> {
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
    file.write_all(config_text().as_bytes())
        .map_err(|e| Fatal::Io(format!("cannot write {}: {e}", path.display())))?;
    Ok(format!(
        "Wrote {} with the default settings.\n\n\
         To run caplint before every commit and push with pre-commit (https://pre-commit.com),\n\
         add this to .pre-commit-config.yaml:\n\n{}\n\
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

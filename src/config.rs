//! `.caplint.yaml` → [`Config`]: the file read and validated with spans
//! (rule ids against the registry, targets, globs); [`crate::settings::Settings`] holds the
//! result.

use crate::diagnostic::did_you_mean;
use crate::error::Fatal;
use crate::settings::Target;
use crate::source::{SourceFile, Span};
use crate::yaml::{self, Node, NodeKind, Resolved};
use std::path::{Path, PathBuf};

use crate::settings::{compile_glob, Config, Level, Override};

pub const CONFIG_FILE: &str = ".caplint.yaml";

pub const KEYS: &[&str] = &[
    "profiles",
    "skill_roots",
    "exclude",
    "freshness_days",
    "min_evidence",
    "description_max_chars",
    "reserved_skill_names",
    "extra_skill_fields",
    "base",
    "targets",
    "rules",
    "overrides",
    "decisions",
    "plugin_version_ignore",
];

/// Loads the config file: `explicit` (from `--config`) or `.caplint.yaml` at
/// the root; defaults when there is none.
pub fn load(root: &Path, explicit: Option<&Path>) -> Result<(Config, Option<PathBuf>), Fatal> {
    let path = match explicit {
        Some(p) => p.to_path_buf(),
        None => {
            let p = root.join(CONFIG_FILE);
            if std::fs::symlink_metadata(&p).is_err() {
                return Ok((Config::default(), None));
            }
            // The repository's own configuration may be a link, but only to
            // a file inside the repository: a link to `/etc/passwd` or
            // `/proc/self/environ` in a fork's pull request would otherwise
            // be read, and quoted by the error, in CI logs.
            if std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink()) {
                let inside = root.canonicalize().ok().zip(p.canonicalize().ok());
                if !inside.is_some_and(|(root, target)| target.starts_with(root)) {
                    return Err(Fatal::Io(format!(
                        "config file {} is a symbolic link that leads outside the repository (or nowhere); it was not read",
                        CONFIG_FILE
                    )));
                }
            }
            p
        }
    };
    // Reading a FIFO would block until someone writes to it, and a device may
    // never end: only a regular file (or a link to one) is a config file.
    let meta = std::fs::metadata(&path)
        .map_err(|e| Fatal::Io(format!("cannot read config file {}: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(Fatal::Io(format!(
            "config file {} is not a regular file",
            path.display()
        )));
    }
    let bytes = std::fs::read(&path)
        .map_err(|e| Fatal::Io(format!("cannot read config file {}: {e}", path.display())))?;
    // An error's snippet quotes the file: its secrets are masked too.
    crate::redact::learn_bytes(&bytes);
    let display = path
        .strip_prefix(root)
        .map(crate::source::slash_path)
        .unwrap_or_else(|_| path.display().to_string());
    let (source, bad_utf8) = SourceFile::from_bytes(display, bytes);
    if let Some(offset) = bad_utf8 {
        return Err(config_error(
            &source,
            Some(source.char_span_at(offset)),
            "the config file is not valid UTF-8",
            None,
        ));
    }
    let config = parse(&source)?;
    Ok((config, Some(path)))
}

fn config_error(
    source: &SourceFile,
    span: Option<Span>,
    message: impl Into<String>,
    help: Option<String>,
) -> Fatal {
    Fatal::Config {
        source: Box::new(source.clone()),
        span,
        message: message.into(),
        help,
    }
}

/// Parses and validates config text.
pub fn parse(source: &SourceFile) -> Result<Config, Fatal> {
    let text = source.text.strip_prefix('\u{feff}').unwrap_or(&source.text);
    let shift = source.text.len() - text.len();
    let root = yaml::parse(text).map_err(|e| {
        config_error(
            source,
            Some(source.char_span_at(e.offset + shift)),
            format!("invalid YAML: {}", e.message),
            None,
        )
    })?;
    let mut config = Config::default();
    let Some(root) = root else { return Ok(config) };
    let root = yaml::shifted(root, shift);
    let err = |node: &Node, msg: String, help: Option<String>| {
        config_error(source, Some(node.span), msg, help)
    };
    let mut no_alias = Ok(());
    root.walk(&mut |n| {
        if no_alias.is_ok() && n.kind == NodeKind::Alias {
            no_alias = Err(err(
                n,
                "aliases are not supported in the config file".into(),
                Some("write the value out".into()),
            ));
        }
    });
    no_alias?;
    if matches!(root.resolved(), Some(Resolved::Null)) {
        return Ok(config);
    }
    let entries = root.as_map().ok_or_else(|| {
        err(
            &root,
            format!(
                "the config file must be a mapping, found {}",
                root.type_name()
            ),
            None,
        )
    })?;
    let mut seen: Vec<&str> = Vec::new();
    for entry in entries {
        let Some(key) = entry.key.as_str() else {
            return Err(err(&entry.key, "config keys must be strings".into(), None));
        };
        if seen.contains(&key) {
            return Err(err(&entry.key, format!("`{key}` is set twice"), None));
        }
        seen.push(key);
        let v = &entry.value;
        match key {
            "profiles" => config.profiles = glob_list(source, v)?,
            "skill_roots" => config.skill_roots = glob_list(source, v)?,
            "exclude" => config.exclude = glob_list(source, v)?,
            "freshness_days" => config.freshness_days = uint(source, v, key)? as i64,
            "min_evidence" => config.min_evidence = uint(source, v, key)? as usize,
            "description_max_chars" => {
                config.description_max_chars = uint(source, v, key)? as usize
            }
            "reserved_skill_names" => {
                config.reserved_skill_names = string_list(source, v, key)?;
                config.reserved_names_chosen = true;
            }
            "extra_skill_fields" => config.extra_skill_fields = string_list(source, v, key)?,
            "base" => {
                config.base = match v.resolved() {
                    Some(Resolved::Null) => None,
                    _ => Some(
                        v.as_str()
                            .filter(|s| !s.trim().is_empty())
                            .ok_or_else(|| {
                                err(
                                    v,
                                    format!(
                                        "`base` must be a revision name or null, found {}",
                                        v.type_name()
                                    ),
                                    None,
                                )
                            })?
                            .to_string(),
                    ),
                }
            }
            "targets" => {
                config.targets = targets(source, v)?;
                config.targets_chosen = true;
            }
            "rules" => config.rules = rule_map(source, v)?,
            "overrides" => config.overrides = overrides(source, v)?,
            "decisions" => config.decisions = glob_list(source, v)?,
            "plugin_version_ignore" => config.plugin_version_ignore = glob_list(source, v)?,
            other => {
                let help = did_you_mean(other, KEYS.iter().copied())
                    .map(|k| format!("did you mean `{k}`?"));
                return Err(err(
                    &entry.key,
                    format!("unknown config key `{other}`"),
                    help.or_else(|| Some(format!("known keys: {}", KEYS.join(", ")))),
                ));
            }
        }
    }
    Ok(config)
}

fn string_list(source: &SourceFile, v: &Node, key: &str) -> Result<Vec<String>, Fatal> {
    let items = v.as_seq().ok_or_else(|| {
        config_error(
            source,
            Some(v.span),
            format!("`{key}` must be a list of strings, found {}", v.type_name()),
            None,
        )
    })?;
    items
        .iter()
        .map(|item| {
            item.as_str()
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .ok_or_else(|| {
                    config_error(
                        source,
                        Some(item.span),
                        format!(
                            "`{key}` items must be non-empty strings, found {}",
                            item.type_name()
                        ),
                        Some("quote the value".into()),
                    )
                })
        })
        .collect()
}

/// `targets:`: a non-empty list of target names; an unknown one gets a
/// did-you-mean.
fn targets(source: &SourceFile, v: &Node) -> Result<Vec<Target>, Fatal> {
    let names = string_list(source, v, "targets")?;
    let items = v.as_seq().unwrap_or(&[]);
    if names.is_empty() {
        return Err(config_error(
            source,
            Some(v.span),
            "`targets` is an empty list",
            Some(format!(
                "name at least one target: {}",
                Target::names().collect::<Vec<_>>().join(", ")
            )),
        ));
    }
    let mut out = Vec::new();
    for (name, item) in names.iter().zip(items) {
        let Some(t) = Target::parse(name) else {
            let help = did_you_mean(name, Target::names())
                .map(|t| format!("did you mean `{t}`?"))
                .unwrap_or_else(|| {
                    format!(
                        "known targets: {}",
                        Target::names().collect::<Vec<_>>().join(", ")
                    )
                });
            return Err(config_error(
                source,
                Some(item.span),
                format!("unknown target `{name}`"),
                Some(help),
            ));
        };
        if !out.contains(&t) {
            out.push(t);
        }
    }
    Ok(out)
}

fn glob_list(source: &SourceFile, v: &Node) -> Result<Vec<String>, Fatal> {
    let items = v.as_seq().ok_or_else(|| {
        config_error(
            source,
            Some(v.span),
            format!("expected a list of globs, found {}", v.type_name()),
            None,
        )
    })?;
    let mut out = Vec::new();
    for item in items {
        let g = item.as_str().filter(|s| !s.is_empty()).ok_or_else(|| {
            config_error(
                source,
                Some(item.span),
                format!(
                    "a glob must be a non-empty string, found {}",
                    item.type_name()
                ),
                None,
            )
        })?;
        compile_glob(g).map_err(|e| {
            config_error(
                source,
                Some(item.span),
                format!("invalid glob `{g}`: {}", e.kind()),
                None,
            )
        })?;
        out.push(g.to_string());
    }
    Ok(out)
}

fn uint(source: &SourceFile, v: &Node, key: &str) -> Result<u64, Fatal> {
    let text = match (v.resolved(), v.scalar()) {
        (Some(Resolved::Int), Some((t, _))) => t,
        _ => {
            return Err(config_error(
                source,
                Some(v.span),
                format!("`{key}` must be a whole number, found {}", v.type_name()),
                None,
            ))
        }
    };
    text.parse::<u64>()
        .ok()
        .filter(|n| *n <= 1_000_000_000)
        .ok_or_else(|| {
            config_error(
                source,
                Some(v.span),
                format!("`{key}` must be a whole number from 0 to 1000000000"),
                None,
            )
        })
}

fn level(source: &SourceFile, v: &Node) -> Result<Level, Fatal> {
    match v.scalar().map(|(s, _)| s) {
        Some("error") => Ok(Level::Error),
        Some("warning") | Some("warn") => Ok(Level::Warning),
        Some("off") => Ok(Level::Off),
        _ => Err(config_error(
            source,
            Some(v.span),
            "a severity must be `error`, `warning` or `off`".to_string(),
            None,
        )),
    }
}

fn rule_map(source: &SourceFile, v: &Node) -> Result<Vec<(String, Level)>, Fatal> {
    if matches!(v.resolved(), Some(Resolved::Null)) {
        return Ok(Vec::new());
    }
    let entries = v.as_map().ok_or_else(|| {
        config_error(
            source,
            Some(v.span),
            format!(
                "`rules` must map rule ids to severities, found {}",
                v.type_name()
            ),
            None,
        )
    })?;
    entries
        .iter()
        .map(|e| {
            let id = e.key.as_str().unwrap_or_default();
            if crate::rules::get(id).is_none() {
                let help = did_you_mean(id, crate::rules::all().map(|r| r.id))
                    .map(|k| format!("did you mean `{k}`?"))
                    .or_else(|| Some("`caplint rules` lists every rule".into()));
                return Err(config_error(
                    source,
                    Some(e.key.span),
                    format!("unknown rule `{id}`"),
                    help,
                ));
            }
            Ok((id.to_string(), level(source, &e.value)?))
        })
        .collect()
}

fn overrides(source: &SourceFile, v: &Node) -> Result<Vec<Override>, Fatal> {
    let items = v.as_seq().ok_or_else(|| {
        config_error(
            source,
            Some(v.span),
            format!("`overrides` must be a list, found {}", v.type_name()),
            None,
        )
    })?;
    items
        .iter()
        .map(|item| {
            let entries = item.as_map().ok_or_else(|| {
                config_error(
                    source,
                    Some(item.span),
                    "each override is a mapping with `paths` and `rules`",
                    None,
                )
            })?;
            let mut o = Override {
                paths: Vec::new(),
                rules: Vec::new(),
            };
            let mut has_paths = false;
            for e in entries {
                match e.key.as_str() {
                    Some("paths") => {
                        o.paths = glob_list(source, &e.value)?;
                        has_paths = true;
                    }
                    Some("rules") => o.rules = rule_map(source, &e.value)?,
                    other => {
                        return Err(config_error(
                            source,
                            Some(e.key.span),
                            format!("unknown override key `{}`", other.unwrap_or("?")),
                            Some("an override has `paths` and `rules`".into()),
                        ))
                    }
                }
            }
            if !has_paths {
                return Err(config_error(
                    source,
                    Some(Span::new(item.span.offset, 1)),
                    "an override needs `paths`",
                    None,
                ));
            }
            Ok(o)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Date;
    use crate::diagnostic::Severity;
    use crate::settings::Settings;

    fn parse_text(text: &str) -> Result<Config, Fatal> {
        parse(&SourceFile::new(".caplint.yaml", text))
    }

    #[cfg(unix)]
    #[test]
    fn a_config_that_is_not_a_regular_file_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(CONFIG_FILE);
        std::fs::create_dir(&path).unwrap();
        assert!(
            matches!(load(tmp.path(), None), Err(Fatal::Io(m)) if m.contains("not a regular file"))
        );
        std::fs::remove_dir(&path).unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(status.success());
        // Would block forever if the FIFO were opened.
        assert!(
            matches!(load(tmp.path(), None), Err(Fatal::Io(m)) if m.contains("not a regular file"))
        );
        assert!(
            matches!(load(tmp.path(), Some(&path)), Err(Fatal::Io(m)) if m.contains("not a regular file"))
        );
        let dev_null = Path::new("/dev/null");
        assert!(matches!(
            load(tmp.path(), Some(dev_null)),
            Err(Fatal::Io(_))
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_config_link_out_of_the_repository_is_not_read() {
        let outside = tempfile::tempdir().unwrap();
        let secret = outside.path().join("environ");
        std::fs::write(&secret, "OUTSIDE_VALUE_1234=visible\n").unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(CONFIG_FILE);
        for target in [
            secret.clone(),
            PathBuf::from("/etc/passwd"),
            tmp.path().join("gone"),
        ] {
            let _ = std::fs::remove_file(&path);
            std::os::unix::fs::symlink(&target, &path).unwrap();
            match load(tmp.path(), None) {
                Err(Fatal::Io(m)) => {
                    assert!(m.contains("outside the repository"), "{m}");
                    assert!(!m.contains("OUTSIDE_VALUE") && !m.contains("root:"), "{m}");
                }
                other => panic!("{target:?}: {other:?}"),
            }
        }
        // A link to a file inside the repository is read.
        std::fs::write(tmp.path().join("shared.yaml"), "freshness_days: 30\n").unwrap();
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink("shared.yaml", &path).unwrap();
        assert_eq!(load(tmp.path(), None).unwrap().0.freshness_days, 30);
    }

    #[test]
    fn invalid_utf8_span_covers_the_replacement_character() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join(CONFIG_FILE), b"a: \xff\n").unwrap();
        match load(tmp.path(), None) {
            Err(Fatal::Config {
                source,
                span: Some(span),
                ..
            }) => {
                assert_eq!(span, Span::new(3, 3));
                assert_eq!(&source.text[span.range()], "\u{fffd}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn yaml_error_at_the_end_has_an_in_bounds_span() {
        for text in ["a: [", "a: \"é", "é: [é"] {
            match parse_text(text) {
                Err(Fatal::Config {
                    span: Some(span), ..
                }) => {
                    assert!(span.end() <= text.len(), "{text:?}: {span:?}");
                    assert!(
                        text.is_char_boundary(span.offset) && text.is_char_boundary(span.end())
                    );
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn empty_file_gives_defaults() {
        assert_eq!(parse_text("").unwrap(), Config::default());
        assert_eq!(parse_text("# nothing\n").unwrap(), Config::default());
    }

    #[test]
    fn reads_every_key() {
        let c = parse_text(
            "profiles: [\"agents/*.profile.json\"]\nskill_roots: [\"skills\"]\nexclude: [\"old/**\"]\nfreshness_days: 30\nmin_evidence: 2\ndescription_max_chars: 500\nreserved_skill_names: [x]\nextra_skill_fields: [category]\nbase: origin/main\ntargets: [codex]\nrules:\n  profile/stale: off\noverrides:\n  - paths: [\"legacy/**\"]\n    rules: {profile/unknown-field: error}\n",
        )
        .unwrap();
        assert_eq!(c.freshness_days, 30);
        assert_eq!(c.min_evidence, 2);
        assert_eq!(c.base.as_deref(), Some("origin/main"));
        assert_eq!(c.targets, vec![Target::Codex]);
        assert_eq!(c.rules, vec![("profile/stale".to_string(), Level::Off)]);
        assert_eq!(c.overrides[0].paths, vec!["legacy/**".to_string()]);
    }

    #[test]
    fn unknown_key_points_at_it() {
        let text = "profiles: []\nfreshnes_days: 3\n";
        match parse_text(text).unwrap_err() {
            Fatal::Config {
                span: Some(span),
                message,
                help,
                ..
            } => {
                assert_eq!(&text[span.range()], "freshnes_days");
                assert!(message.contains("unknown config key"));
                assert_eq!(help.as_deref(), Some("did you mean `freshness_days`?"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn targets_are_read_and_unknown_ones_are_errors_with_a_suggestion() {
        assert_eq!(Config::default().targets, vec![Target::Agentskills]);
        let c = parse_text("targets: [claude, codex, claude]\n").unwrap();
        assert_eq!(c.targets, vec![Target::Claude, Target::Codex]);
        let c = parse_text("targets:\n  - platform\n  - agentskills\n").unwrap();
        assert_eq!(c.targets, vec![Target::Platform, Target::Agentskills]);
        let c = parse_text("targets: [claude-code, claude-api]\n").unwrap();
        assert_eq!(c.targets, vec![Target::ClaudeCode, Target::ClaudeApi]);
        // The client names with `_` or a typo get the spelling caplint knows.
        for (typo, meant) in [("claude_code", "claude-code"), ("claude-apl", "claude-api")] {
            match parse_text(&format!("targets: [{typo}]\n")).unwrap_err() {
                Fatal::Config { help, .. } => {
                    assert_eq!(help.unwrap(), format!("did you mean `{meant}`?"))
                }
                other => panic!("{other:?}"),
            }
        }
        let text = "targets: [claude, cladue]\n";
        match parse_text(text).unwrap_err() {
            Fatal::Config {
                span: Some(span),
                message,
                help,
                ..
            } => {
                assert_eq!(&text[span.range()], "cladue");
                assert_eq!(message, "unknown target `cladue`");
                assert_eq!(help.as_deref(), Some("did you mean `claude`?"));
            }
            other => panic!("{other:?}"),
        }
        for bad in [
            "targets: claude\n",
            "targets: []\n",
            "targets: [1]\n",
            "targets: [openai]\n",
        ] {
            assert!(
                matches!(parse_text(bad), Err(Fatal::Config { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn bad_values_are_errors() {
        for text in [
            "freshness_days: -1\n",
            "freshness_days: ten\n",
            "rules:\n  profile/nope: off\n",
            "rules:\n  profile/stale: loud\n",
            "profiles: \"x\"\n",
            "profiles: [\"a[\"]\n",
            "- a\n",
            "overrides:\n  - rules: {}\n",
            "a: [\n",
        ] {
            assert!(
                matches!(parse_text(text), Err(Fatal::Config { .. })),
                "{text}"
            );
        }
    }

    #[test]
    fn severity_follows_rules_then_overrides() {
        let config = parse_text("rules:\n  profile/stale: off\noverrides:\n  - paths: [\"legacy/**\"]\n    rules:\n      profile/stale: error\n").unwrap();
        let s = Settings::new(
            PathBuf::from("."),
            config,
            None,
            Date::parse_ymd("2026-10-15").unwrap(),
        )
        .unwrap();
        assert_eq!(
            s.severity(&crate::rules::profile::stale::RULE, "a.profile.json"),
            None
        );
        assert_eq!(
            s.severity(&crate::rules::profile::stale::RULE, "legacy/a.profile.json"),
            Some(Severity::Error)
        );
        assert_eq!(
            s.severity(&crate::rules::profile::empty_limits::RULE, "a.profile.json"),
            Some(Severity::Warning)
        );
    }

    #[test]
    fn default_globs_match_root_and_nested() {
        let s = Settings::defaults(".", Date::parse_ymd("2026-10-15").unwrap());
        assert!(s.profile_globs.is_match("a.profile.json"));
        assert!(s.profile_globs.is_match("x/y/a.profile.json"));
        assert!(!s.profile_globs.is_match("a.json"));
        assert!(s.skill_root_globs.is_match("skills"));
        assert!(s.skill_root_globs.is_match("pkg/skills"));
    }
}

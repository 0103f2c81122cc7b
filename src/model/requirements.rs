//! The requirements of a routing decision (SPEC §8; the capability-profile
//! document's workflow step 1): the skills with their minimum level, the
//! tools with the access they need, and the limits that rule a candidate
//! out, written before any profile is read. JSON or YAML, validated with
//! spans; one parse for `caplint match`, `caplint summary` and the audit of
//! decision records.

use crate::json::{Kind, Value};
use crate::model::profile::{ACCESSES, LEVELS};
use crate::source::{SourceFile, Span};

/// The decisions a requirements file may support.
pub const DECISIONS: &[&str] = &["routing", "delegation", "selection"];

/// The keys of a requirements file.
pub const KEYS: &[&str] = &[
    "task",
    "decision",
    "freshness_days",
    "min_evidence",
    "skills",
    "tools",
    "rule_out_limits",
    "$schema",
];

/// One required skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillNeed {
    pub name: String,
    pub min_level: String,
}

/// One required tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolNeed {
    pub name: String,
    pub access: String,
}

/// A parsed requirements file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirements {
    pub task: String,
    pub decision: String,
    /// `None`: the configuration's `freshness_days`.
    pub freshness_days: Option<i64>,
    /// `None`: the configuration's `min_evidence`.
    pub min_evidence: Option<usize>,
    pub skills: Vec<SkillNeed>,
    pub tools: Vec<ToolNeed>,
    pub rule_out_limits: Vec<String>,
}

/// Why a requirements file cannot be used: where, what, and how to mend it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub span: Option<Span>,
    pub message: String,
    pub help: Option<String>,
}

fn invalid(span: Span, message: impl Into<String>) -> Invalid {
    Invalid {
        span: Some(span),
        message: message.into(),
        help: None,
    }
}

/// A level's rank (`basic` 0 … `advanced` 2).
pub fn level_rank(level: &str) -> Option<usize> {
    LEVELS.iter().position(|l| *l == level)
}

/// An access value's rank (`none` 0 … `execute` 3).
pub fn access_rank(access: &str) -> Option<usize> {
    ACCESSES.iter().position(|a| *a == access)
}

/// Parses the file's text: YAML unless it starts (after white space) with
/// `{`, or its name ends in `.json`.
pub fn parse(source: &SourceFile) -> Result<Requirements, Invalid> {
    let text = &source.text;
    let json_like = source.path.ends_with(".json") || text.trim_start().starts_with('{');
    let root = if json_like {
        crate::json::parse(text).map_err(|e| Invalid {
            span: Some(source.char_span_at(e.offset)),
            message: format!("not valid JSON: {}", e.message),
            help: e.help,
        })?
    } else {
        let node = crate::yaml::parse(text)
            .map_err(|e| {
                invalid(
                    source.char_span_at(e.offset),
                    format!("invalid YAML: {}", e.message),
                )
            })?
            .ok_or_else(|| Invalid {
                span: None,
                message: "the file is empty".into(),
                help: Some(
                    "write the requirements: `skills`, `tools` and `rule_out_limits`".into(),
                ),
            })?;
        crate::yaml::to_json(&node).map_err(|(span, m)| invalid(span, m))?
    };
    from_value(&root)
}

/// Validates a parsed tree.
pub fn from_value(root: &Value) -> Result<Requirements, Invalid> {
    let members = root.as_object().ok_or_else(|| {
        invalid(
            root.open_span(),
            format!("requirements must be an object, found {}", root.type_name()),
        )
    })?;
    let mut req = Requirements {
        task: String::new(),
        decision: "routing".into(),
        freshness_days: None,
        min_evidence: None,
        skills: Vec::new(),
        tools: Vec::new(),
        rule_out_limits: Vec::new(),
    };
    let mut seen: Vec<&str> = Vec::new();
    for m in members {
        let key: &str = &m.key;
        if seen.contains(&key) {
            return Err(invalid(m.key_span, format!("`{key}` is set twice")));
        }
        seen.push(key);
        let v = &m.value;
        match key {
            "task" => req.task = string(v, "task")?.to_string(),
            "decision" => {
                let d = string(v, "decision")?;
                one_of(v, d, "decision", DECISIONS)?;
                req.decision = d.to_string();
            }
            "freshness_days" => req.freshness_days = Some(count(v, key)? as i64),
            "min_evidence" => req.min_evidence = Some(count(v, key)? as usize),
            "skills" => {
                for item in list(v, key)? {
                    let (name, min_level) = entry(
                        item,
                        "skill",
                        "min_level",
                        LEVELS,
                        req.skills.iter().map(|s| s.name.as_str()),
                    )?;
                    req.skills.push(SkillNeed { name, min_level });
                }
            }
            "tools" => {
                for item in list(v, key)? {
                    let (name, access) = entry(
                        item,
                        "tool",
                        "access",
                        ACCESSES,
                        req.tools.iter().map(|t| t.name.as_str()),
                    )?;
                    req.tools.push(ToolNeed { name, access });
                }
            }
            "rule_out_limits" => {
                for item in list(v, key)? {
                    let phrase = string(item, "a `rule_out_limits` phrase")?;
                    req.rule_out_limits.push(phrase.to_string());
                }
            }
            "$schema" => {}
            other => {
                let help = crate::diagnostic::did_you_mean(other, KEYS.iter().copied())
                    .map(|k| format!("did you mean `{k}`?"))
                    .unwrap_or_else(|| format!("known keys: {}", KEYS[..7].join(", ")));
                return Err(Invalid {
                    span: Some(m.key_span),
                    message: format!("unknown key `{other}`"),
                    help: Some(help),
                });
            }
        }
    }
    if req.skills.is_empty() && req.tools.is_empty() && req.rule_out_limits.is_empty() {
        return Err(Invalid {
            span: Some(root.open_span()),
            message: "the requirements name no skill, no tool and no ruling-out limit".into(),
            help: Some("list what the work needs under `skills` (name, min_level) and `tools` (name, access)".into()),
        });
    }
    Ok(req)
}

fn string<'v>(v: &'v Value, what: &str) -> Result<&'v str, Invalid> {
    crate::model::profile::non_empty_str(v).ok_or_else(|| {
        invalid(
            v.span,
            format!("{what} must be a non-empty string, found {}", shown_type(v)),
        )
    })
}

fn shown_type(v: &Value) -> &'static str {
    match v.as_str() {
        Some(_) => "an empty string",
        None => v.type_name(),
    }
}

fn count(v: &Value, key: &str) -> Result<u64, Invalid> {
    match &v.kind {
        Kind::Number(n) => n.parse::<u64>().map_err(|_| {
            invalid(
                v.span,
                format!("`{key}` must be a whole number of at least 0, found {n}"),
            )
        }),
        _ => Err(invalid(
            v.span,
            format!("`{key}` must be a whole number, found {}", v.type_name()),
        )),
    }
}

fn list<'v>(v: &'v Value, key: &str) -> Result<&'v [Value], Invalid> {
    v.as_array().ok_or_else(|| {
        invalid(
            v.span,
            format!("`{key}` must be a list, found {}", v.type_name()),
        )
    })
}

fn one_of(v: &Value, value: &str, key: &str, allowed: &[&str]) -> Result<(), Invalid> {
    if allowed.contains(&value) {
        return Ok(());
    }
    let mut help = format!("use one of: {}", allowed.join(", "));
    if let Some(near) = crate::diagnostic::did_you_mean(value, allowed.iter().copied()) {
        help = format!("did you mean `{near}`? ({help})");
    }
    Err(Invalid {
        span: Some(v.span),
        message: format!("`{key}` \"{value}\" is not one of {}", allowed.join(", ")),
        help: Some(help),
    })
}

/// One `skills` or `tools` entry: its name and its level or access.
fn entry<'a>(
    item: &Value,
    noun: &str,
    attr: &str,
    allowed: &[&str],
    earlier: impl Iterator<Item = &'a str>,
) -> Result<(String, String), Invalid> {
    let members = item.as_object().ok_or_else(|| {
        invalid(
            item.span,
            format!(
                "a required {noun} must be an object, found {}",
                item.type_name()
            ),
        )
    })?;
    for m in members {
        if m.key != "name" && m.key != attr {
            return Err(Invalid {
                span: Some(m.key_span),
                message: format!("unknown key `{}` in a required {noun}", m.key),
                help: Some(format!("a required {noun} has `name` and `{attr}`")),
            });
        }
    }
    let name = item
        .get("name")
        .ok_or_else(|| invalid(item.open_span(), format!("a required {noun} has no `name`")))?;
    let name = string(&name.value, "`name`")?.to_string();
    if earlier.into_iter().any(|n| n == name) {
        return Err(invalid(
            item.get("name").map_or(item.span, |m| m.value.span),
            format!("the {noun} `{name}` is required twice"),
        ));
    }
    let value = item.get(attr).ok_or_else(|| Invalid {
        span: Some(item.open_span()),
        message: format!("the required {noun} `{name}` has no `{attr}`"),
        help: Some(format!("add `\"{attr}\"`: one of {}", allowed.join(", "))),
    })?;
    let text = string(&value.value, &format!("`{attr}`"))?;
    one_of(&value.value, text, attr, allowed)?;
    Ok((name, text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(path: &str, text: &str) -> Result<Requirements, Invalid> {
        parse(&SourceFile::new(path, text))
    }

    const SPEC: &str = r#"{"task": "Route refund tickets", "decision": "routing",
 "freshness_days": 90, "min_evidence": 1,
 "skills": [{"name": "refund-policy", "min_level": "proficient"}],
 "tools":  [{"name": "crm", "access": "write"}],
 "rule_out_limits": ["no refunds", "english only"]}"#;

    #[test]
    fn the_spec_example_in_json_and_yaml() {
        let json = parse_text("r.requirements.json", SPEC).unwrap();
        assert_eq!(json.task, "Route refund tickets");
        assert_eq!(json.freshness_days, Some(90));
        assert_eq!(json.skills[0].min_level, "proficient");
        assert_eq!(json.tools[0].access, "write");
        assert_eq!(json.rule_out_limits, ["no refunds", "english only"]);
        let yaml = parse_text(
            "r.requirements.yaml",
            "task: Route refund tickets\ndecision: routing\nfreshness_days: 90\nmin_evidence: 1\nskills:\n  - {name: refund-policy, min_level: proficient}\ntools:\n  - name: crm\n    access: write\nrule_out_limits: [no refunds, english only]\n",
        )
        .unwrap();
        assert_eq!(yaml, json);
    }

    #[test]
    fn a_bad_level_points_at_its_value() {
        let text = SPEC.replace("\"proficient\"", "\"expert\"");
        let e = parse_text("r.json", &text).unwrap_err();
        assert_eq!(
            e.message,
            "`min_level` \"expert\" is not one of basic, proficient, advanced"
        );
        assert_eq!(&text[e.span.unwrap().range()], "\"expert\"");
        let e = parse_text("r.json", &SPEC.replace("\"write\"", "\"writ\"")).unwrap_err();
        assert!(e.help.unwrap().contains("did you mean `write`?"));
    }

    #[test]
    fn unknown_keys_duplicates_and_types() {
        let e = parse_text("r.json", &SPEC.replace("\"task\"", "\"tsak\"")).unwrap_err();
        assert_eq!(e.message, "unknown key `tsak`");
        assert_eq!(e.help.as_deref(), Some("did you mean `task`?"));
        let e = parse_text(
            "r.json",
            &SPEC.replace("\"min_evidence\": 1", "\"min_evidence\": -1"),
        )
        .unwrap_err();
        assert!(e.message.contains("whole number"), "{}", e.message);
        let e = parse_text(
            "r.json",
            r#"{"skills": [{"name": "a", "min_level": "basic"}, {"name": "a", "min_level": "advanced"}]}"#,
        )
        .unwrap_err();
        assert_eq!(e.message, "the skill `a` is required twice");
        let e = parse_text("r.json", r#"{"decision": "routing"}"#).unwrap_err();
        assert!(e.message.contains("name no skill"));
        let e = parse_text("r.json", r#"{"skills": [{"name": "a"}]}"#).unwrap_err();
        assert_eq!(e.message, "the required skill `a` has no `min_level`");
        let e = parse_text("r.json", "[1]").unwrap_err();
        assert!(e.message.contains("must be an object"));
        assert!(parse_text("r.yaml", "a: *x\n").is_err());
    }
}

//! `caplint schema profile|skill|config`: JSON Schemas (draft 2020-12) for
//! editors. They describe what a correct file looks like; caplint itself
//! checks more (dates on the calendar, freshness, history, secrets).

use crate::model::profile::{ACCESSES, KINDS, LEVELS, REQUIRED};
use crate::settings::Config;
use serde_json::{json, Value};

pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// `YYYY-MM-DD`, zero padded.
pub const DATE_PATTERN: &str = r"^\d{4}-\d{2}-\d{2}$";

/// SemVer 2.0 (the pattern semver.org publishes).
pub const SEMVER_PATTERN: &str = r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$";

/// A skill name: lower-case letters and digits joined by single hyphens.
pub const SKILL_NAME_PATTERN: &str = r"^[a-z0-9]+(-[a-z0-9]+)*$";

/// Which schema `caplint schema` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SchemaKind {
    Profile,
    Skill,
    Config,
    /// A plugin manifest (`.claude-plugin/plugin.json`).
    Plugin,
    /// A marketplace (`.claude-plugin/marketplace.json`).
    Marketplace,
    /// A requirements file of `caplint match`.
    Requirements,
    /// A routing decision record (`*.decision.json`).
    Decision,
}

/// The schema for `kind`, as pretty JSON with a final newline.
pub fn render(kind: SchemaKind) -> String {
    let value = match kind {
        SchemaKind::Profile => profile(),
        SchemaKind::Skill => skill(),
        SchemaKind::Config => config(),
        SchemaKind::Plugin => plugin_manifest(),
        SchemaKind::Marketplace => marketplace(),
        SchemaKind::Requirements => requirements(),
        SchemaKind::Decision => decision(),
    };
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}

fn date(description: &str) -> Value {
    json!({
        "type": "string",
        "pattern": DATE_PATTERN,
        "description": description,
    })
}

fn non_empty(description: &str) -> Value {
    json!({"type": "string", "minLength": 1, "pattern": r"\S", "description": description})
}

fn evidence_list(description: &str) -> Value {
    json!({
        "type": "array",
        "description": description,
        "items": {"$ref": "#/$defs/evidence"},
    })
}

/// A capability profile (`*.profile.json`).
pub fn profile() -> Value {
    json!({
        "$schema": DIALECT,
        "$id": "urn:caplint:schema:profile",
        "title": "Agent capability profile",
        "description": "What an agent can do, at what level, with which tools, within which limits, with evidence for each claim and the date the claims were checked. Checked by `caplint check`.",
        "type": "object",
        "required": REQUIRED,
        "additionalProperties": false,
        "properties": {
            "$schema": {"type": "string", "description": "The schema this file follows (for editors)."},
            "agent_id": non_empty("Identifies the agent across every version of this profile; it never changes (history/agent-id-changed)."),
            "version": {
                "type": "string",
                "minLength": 1,
                "pattern": r"\S",
                "description": "The profile's version, as a quoted string: digits (\"3\") or SemVer (\"1.4.0\"). Raise it whenever a claim changes (history/version-not-bumped).",
                "examples": ["3", "1.4.0"],
            },
            "declared_at": date("The date every claim was last checked, YYYY-MM-DD. Move it only with an honest recheck and a version bump."),
            "retired_at": date("The date the agent stopped taking work, YYYY-MM-DD. Retire a profile instead of deleting it."),
            "notes": {"type": "string", "description": "Free text; not a claim."},
            "skills": {
                "type": "array",
                "description": "What the agent can do; one entry per skill.",
                "items": {"$ref": "#/$defs/skill"},
            },
            "tools": {
                "type": "array",
                "description": "What the agent can use, and with which access.",
                "items": {"$ref": "#/$defs/tool"},
            },
            "limits": {
                "type": "array",
                "description": "What the agent does not do, as short testable statements. An empty list is a warning (profile/empty-limits).",
                "items": non_empty("One limit, as a plain sentence."),
            },
        },
        "$defs": {
            "skill": {
                "type": "object",
                "required": ["name", "level", "evidence"],
                "additionalProperties": false,
                "properties": {
                    "name": non_empty("A short, lower-case, hyphenated skill name, e.g. web-search."),
                    "level": {
                        "enum": LEVELS,
                        "description": "basic: does it with guidance; proficient: does it reliably alone; advanced: handles the hard cases and checks others.",
                    },
                    "evidence": {
                        "type": "array",
                        "minItems": 1,
                        "description": "Records a reviewer can open that support the claim (at least `min_evidence`, 1 by default).",
                        "items": {"$ref": "#/$defs/evidence"},
                    },
                },
            },
            "tool": {
                "type": "object",
                "required": ["name", "access"],
                "additionalProperties": false,
                "properties": {
                    "name": non_empty("The tool's name, e.g. browser."),
                    "access": {
                        "enum": ACCESSES,
                        "description": "The highest access the agent has been checked with.",
                    },
                    "evidence": evidence_list("Records that support the claim; required when access is above none."),
                },
                "if": {
                    "properties": {"access": {"enum": ["read", "write", "execute"]}},
                    "required": ["access"],
                },
                "then": {
                    "required": ["evidence"],
                    "properties": {"evidence": {"minItems": 1}},
                },
            },
            "evidence": {
                "type": "object",
                "required": ["kind", "ref"],
                "additionalProperties": false,
                "properties": {
                    "kind": {"enum": KINDS, "description": "What the record is."},
                    "ref": non_empty("Where to find the record: a URL for kind link, otherwise its identifier. Never a credential."),
                    "date": date("When the record was made, YYYY-MM-DD."),
                },
                "if": {"properties": {"kind": {"const": "link"}}, "required": ["kind"]},
                "then": {"properties": {"ref": {"pattern": "^https?://"}}},
            },
        },
    })
}

fn selection_hints(description: &str) -> Value {
    json!({
        "type": "array",
        "minItems": 1,
        "maxItems": 5,
        "description": description,
        "items": {"type": "string", "minLength": 1, "maxLength": 200, "pattern": r"\S"},
    })
}

/// The frontmatter of a `SKILL.md`.
pub fn skill() -> Value {
    let defaults = Config::default();
    json!({
        "$schema": DIALECT,
        "$id": "urn:caplint:schema:skill",
        "title": "Agent skill frontmatter (SKILL.md)",
        "description": "The YAML frontmatter of a SKILL.md: the Agent Skills fields, plus `version` and the selection hints. Other keys are allowed here because `extra_skill_fields` can permit them; caplint warns about the rest (skill/unknown-field).",
        "type": "object",
        "required": ["name", "description"],
        "properties": {
            "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": 64,
                "pattern": SKILL_NAME_PATTERN,
                "description": "The skill's id: 1-64 lower-case letters and digits joined by single hyphens, the same as its folder's name, not a reserved capability name.",
                "not": {"enum": defaults.reserved_skill_names},
            },
            "description": {
                "type": "string",
                "minLength": 1,
                "maxLength": defaults.description_max_chars,
                "description": "When to reach for the skill; the only part a model sees before loading it (at most `description_max_chars`, 1024, characters).",
            },
            "license": {"type": "string", "description": "The license's name or a bundled license file."},
            "compatibility": {
                "type": "string",
                "minLength": 1,
                "maxLength": 500,
                "description": "Environment requirements (products, system packages, network access).",
            },
            "metadata": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "Free-form string keys and string values (quote numbers and lists).",
            },
            "allowed-tools": {
                "anyOf": [
                    {"type": "string"},
                    {"type": "array", "items": {"type": "string"}},
                ],
                "description": "Tools the skill may use: one space-delimited string, or a list of strings.",
            },
            "version": {
                "type": "string",
                "pattern": SEMVER_PATTERN,
                "description": "A quoted SemVer version, e.g. \"1.2.0\" (unquoted 1.0 is a number to YAML). Raise it whenever the skill changes.",
            },
            "when_to_use": selection_hints("Cases the skill is for: 1-5 strings of at most 200 characters."),
            "when_not_to_use": selection_hints("Cases the skill is not for: 1-5 strings of at most 200 characters."),
        },
    })
}

fn severity_map(description: &str) -> Value {
    let ids: Vec<&str> = crate::rules::all().map(|r| r.id).collect();
    json!({
        "type": "object",
        "description": description,
        "propertyNames": {"enum": ids},
        "additionalProperties": {"$ref": "#/$defs/severity"},
    })
}

fn glob_list(default: &[String], description: &str) -> Value {
    json!({
        "type": "array",
        "items": {"type": "string", "minLength": 1},
        "default": default,
        "description": description,
    })
}

fn count(default: u64, description: &str) -> Value {
    json!({
        "type": "integer",
        "minimum": 0,
        "maximum": 1_000_000_000u64,
        "default": default,
        "description": description,
    })
}

/// `.caplint.yaml`.
pub fn config() -> Value {
    let d = Config::default();
    let mut properties = json!({
        "profiles": glob_list(&d.profiles, "Globs (relative to the repository root) of the profiles to lint."),
        "skill_roots": glob_list(&d.skill_roots, "Globs of skills roots: each folder directly inside one must be a skill."),
        "exclude": glob_list(&d.exclude, "Globs of paths to skip; .git, node_modules and target are always skipped."),
        "freshness_days": count(d.freshness_days as u64, "A profile older than this many days is stale (profile/stale)."),
        "min_evidence": count(d.min_evidence as u64, "Evidence entries each claim needs (profile/missing-evidence)."),
        "description_max_chars": count(d.description_max_chars as u64, "Longest skill description, in characters (skill/description-too-long)."),
        "reserved_skill_names": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "default": d.reserved_skill_names,
            "description": "Names no skill may take (skill/reserved-name).",
        },
        "extra_skill_fields": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "default": d.extra_skill_fields,
            "description": "Frontmatter keys to accept besides the spec's (skill/unknown-field).",
        },
        "base": {
            "type": ["string", "null"],
            "minLength": 1,
            "default": d.base,
            "description": "The default --base revision for history rules, e.g. origin/main.",
        },
        "targets": {
            "type": "array",
            "minItems": 1,
            "items": {"enum": crate::model::skill::targets::Target::names().collect::<Vec<_>>()},
            "default": d.targets.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "description": "The clients the skills are written for (`claude` is `claude-code` and `claude-api`); several mean the strictest union. `--target` overrides it. See docs/targets.md.",
        },
        "decisions": glob_list(&d.decisions, "Globs of routing decision records, audited by the decision/* rules."),
        "plugin_version_ignore": glob_list(&d.plugin_version_ignore, "Globs, relative to a plugin's folder, of files whose changes need no plugin version bump (history/plugin-version-not-bumped)."),
        "rules": severity_map("Rule id → severity (error, warning or off)."),
        "overrides": {
            "type": "array",
            "default": [],
            "description": "Severities for some paths; later entries win.",
            "items": {
                "type": "object",
                "required": ["paths"],
                "additionalProperties": false,
                "properties": {
                    "paths": {
                        "type": "array",
                        "items": {"type": "string", "minLength": 1},
                        "description": "Globs of the paths this override applies to.",
                    },
                    "rules": severity_map("Rule id → severity for these paths."),
                },
            },
        },
    });
    properties["rules"]["default"] = json!({});
    json!({
        "$schema": DIALECT,
        "$id": "urn:caplint:schema:config",
        "title": "caplint configuration (.caplint.yaml)",
        "description": "Every key is optional; the defaults are shown. Unknown keys are an error.",
        "type": ["object", "null"],
        "additionalProperties": false,
        "properties": properties,
        "$defs": {
            "severity": {"enum": ["error", "warning", "off"]},
        },
    })
}

/// The JSON Schema of one known field's types.
fn field_types(tys: &[crate::model::plugin::Ty]) -> Value {
    use crate::model::plugin::Ty;
    let one = |t: &Ty| match t {
        Ty::Str => json!({"type": "string"}),
        Ty::Bool => json!({"type": "boolean"}),
        Ty::Num => json!({"type": "number"}),
        Ty::Obj => json!({"type": "object"}),
        Ty::Strs => json!({"type": "array", "items": {"type": "string"}}),
        Ty::Objs => json!({"type": "array", "items": {"type": "object"}}),
        Ty::List => json!({"type": "array", "items": {"type": ["string", "object"]}}),
    };
    match tys {
        [t] => one(t),
        _ => json!({"anyOf": tys.iter().map(one).collect::<Vec<_>>()}),
    }
}

fn fields(known: &[(&str, &[crate::model::plugin::Ty])]) -> serde_json::Map<String, Value> {
    known
        .iter()
        .map(|(k, tys)| (k.to_string(), field_types(tys)))
        .collect()
}

/// A Claude Code plugin manifest (`.claude-plugin/plugin.json`).
pub fn plugin_manifest() -> Value {
    use crate::model::plugin::ManifestKind;
    let mut props = fields(ManifestKind::ClaudePlugin.known());
    props.insert(
        "name".into(),
        json!({"type": "string", "pattern": SKILL_NAME_PATTERN, "maxLength": 64}),
    );
    props.insert(
        "version".into(),
        json!({"type": "string", "pattern": SEMVER_PATTERN}),
    );
    json!({
        "$schema": DIALECT,
        "title": "Claude Code plugin manifest",
        "description": "`.claude-plugin/plugin.json`; caplint's plugin/* rules check it.",
        "type": "object",
        "required": ["name"],
        "properties": props,
    })
}

/// A Claude Code marketplace (`.claude-plugin/marketplace.json`).
pub fn marketplace() -> Value {
    use crate::model::plugin::{ManifestKind, ENTRY_KEYS};
    let mut entry = fields(ENTRY_KEYS);
    entry.insert(
        "name".into(),
        json!({"type": "string", "pattern": SKILL_NAME_PATTERN, "maxLength": 64}),
    );
    entry.insert(
        "version".into(),
        json!({"type": "string", "pattern": SEMVER_PATTERN}),
    );
    let mut props = fields(ManifestKind::ClaudeMarketplace.known());
    props.insert("plugins".into(), json!({"type": "array", "items": {"type": "object", "required": ["name", "source"], "properties": entry}}));
    props.insert(
        "owner".into(),
        json!({"type": "object", "required": ["name"]}),
    );
    json!({
        "$schema": DIALECT,
        "title": "Claude Code marketplace",
        "description": "`.claude-plugin/marketplace.json`: local sources are `./` paths from the folder that holds `.claude-plugin/`.",
        "type": "object",
        "required": ["name", "owner", "plugins"],
        "properties": props,
    })
}

/// A requirements file (`caplint match`, SPEC §8).
pub fn requirements() -> Value {
    let name = json!({"type": "string", "minLength": 1});
    json!({
        "$schema": DIALECT,
        "title": "caplint requirements",
        "description": "What a routing, delegation or selection decision needs, written before any profile is read.",
        "type": "object",
        "additionalProperties": false,
        "anyOf": [{"required": ["skills"]}, {"required": ["tools"]}, {"required": ["rule_out_limits"]}],
        "properties": {
            "$schema": {"type": "string"},
            "task": {"type": "string", "minLength": 1, "description": "The task, in one line."},
            "decision": {"enum": crate::model::requirements::DECISIONS, "default": "routing"},
            "freshness_days": {"type": "integer", "minimum": 0, "description": "Overrides the configuration's freshness_days for this decision."},
            "min_evidence": {"type": "integer", "minimum": 0, "description": "Overrides the configuration's min_evidence for this decision."},
            "skills": {"type": "array", "items": {"type": "object", "additionalProperties": false,
                "required": ["name", "min_level"],
                "properties": {"name": name, "min_level": {"enum": LEVELS}}}},
            "tools": {"type": "array", "items": {"type": "object", "additionalProperties": false,
                "required": ["name", "access"],
                "properties": {"name": name, "access": {"enum": ACCESSES}}}},
            "rule_out_limits": {"type": "array", "items": name,
                "description": "Phrases: a candidate whose limit contains one (case-insensitive) is ruled out."},
        },
    })
}

/// A decision record (`*.decision.json`, SPEC §8).
pub fn decision() -> Value {
    let text = json!({"type": "string", "minLength": 1});
    let blob = json!({"type": ["string", "null"], "pattern": "^[0-9a-f]{4,64}$", "description": "The git blob id, or null outside git."});
    let revision = json!({"type": "object", "required": ["path", "blob"], "properties": {"path": text, "blob": blob}});
    let row = json!({"type": "object", "required": ["kind", "name", "required", "found", "evidence", "verdict"],
        "properties": {"kind": {"enum": ["skill", "tool"]}, "name": text, "required": text,
            "found": {"type": ["string", "null"]}, "evidence": {"type": "integer", "minimum": 0},
            "verdict": {"enum": ["met", "missing", "below bar"]}}});
    json!({
        "$schema": DIALECT,
        "title": "caplint decision record",
        "description": "What `caplint match --record` writes and `caplint check` audits (decision/* rules).",
        "type": "object",
        "required": crate::model::decision::KEYS,
        "properties": {
            "decision": {"enum": crate::model::requirements::DECISIONS},
            "task": {"type": "string"},
            "requirements": revision,
            "as_of": date("The as-of date of the decision."),
            "assigned": {"type": "object", "required": crate::model::decision::ASSIGNED_KEYS, "properties": {
                "agent_id": text, "version": text, "path": text, "blob": blob,
                "stale": {"type": "boolean"}, "rows": {"type": "array", "items": row}}},
            "compared": {"type": "array", "items": {"type": "object"}},
            "exceptions": {"type": "array", "items": {"type": "object", "required": ["requirement", "reason"],
                "properties": {"requirement": {"type": "string", "pattern": "^(skill|tool|limit):.+"}, "reason": text}}},
            "excess_access": {"type": "array", "items": {"type": "object", "required": ["tool", "access"]}},
            "limits": {"type": "array", "items": {"type": "string"}},
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::KEYS;

    #[test]
    fn config_schema_names_every_key_and_rule() {
        let c = config();
        for key in KEYS {
            assert!(c["properties"].get(key).is_some(), "{key}");
        }
        let ids = c["properties"]["rules"]["propertyNames"]["enum"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(ids, crate::rules::all().count());
        assert_eq!(c["properties"]["freshness_days"]["default"], 90);
    }
}

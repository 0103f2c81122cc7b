//! Integrations through the binary: GitHub and SARIF output, JSON Schemas,
//! `caplint init`, secrets in every format, pipes, colors and exit codes.

use crate::support::*;
use serde_json::{json, Value};
use std::path::Path;

const SECRET_PASSWORD: &str = "Sup3rS3cretValue";
// Split so that the source holds no whole token; a written-out sequence
// (`abcdef…0123456789`) would read as a placeholder, not a credential.
const SECRET_TOKEN: &str = concat!("ghp_", "q7Wm2Rk9Tz4Lx8Vb", "3Nc6Hd1Jf5Gs0Pa2Ye7U");
const SECRET_URL_PASSWORD: &str = "S3cretPw";

/// A folder (not a git repository) with one good profile and several with
/// findings, among them secrets.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "agents/good.profile.json", GOOD);
    write(
        root,
        "agents/we%ird, na:me.profile.json",
        r#"{"agent_id": "odd", "version": 3, "declared_at": "2026-10-01",
 "skills": [{"name": "Web Search", "level": "expert", "evidence": []}],
 "tools": [], "limits": [], "declared-at": "2026-10-01"}
"#,
    );
    write(
        root,
        "agents/secret.profile.json",
        format!(
            r#"{{"agent_id": "leaky", "version": "1", "declared_at": "2026-10-01",
 "skills": [], "tools": [], "limits": ["none"],
 "notes": "password={SECRET_PASSWORD}",
 "retired_at": "2026-10-02",
 "x-token": "{SECRET_TOKEN}",
 "x-url": "https://u:{SECRET_URL_PASSWORD}@host/x"}}
"#
        ),
    );
    write(
        root,
        "agents/broken.profile.json",
        "{\"agent_id\": \"b\",\n  \"version\": \"1\",,}\n",
    );
    dir
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = caplint()
        .current_dir(dir)
        .args(["check", "--no-history", "--as-of", AS_OF])
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn fixture_json(dir: &Path) -> Value {
    let (code, stdout, _) = run(dir, &["--format", "json"]);
    assert_eq!(code, 1);
    serde_json::from_str(&stdout).unwrap()
}

fn load_schema(name: &str) -> Value {
    let path = manifest().join("tests/schemas").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

// ---------------------------------------------------------------- GitHub

#[test]
fn github_commands_escape_paths_and_messages() {
    let dir = fixture();
    let (code, stdout, _) = run(dir.path(), &["--format", "github"]);
    assert_eq!(code, 1);
    let odd: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("::") && l.contains("we%25ird%2C na%3Ame.profile.json"))
        .collect();
    assert!(!odd.is_empty(), "{stdout}");
    for line in &odd {
        let (props, message) = line[2..].split_once("::").unwrap();
        assert!(props.starts_with("error file=") || props.starts_with("warning file="));
        assert!(!props.contains("we%ird"), "unescaped % in {line}");
        assert!(!message.contains('\n') && !message.contains('\r'));
    }
    // A finding with a span has its position; help goes after escaped newlines.
    let version = odd
        .iter()
        .find(|l| l.contains("title=profile/field-type"))
        .expect("field-type on version");
    assert!(version.contains(",line=1,endLine=1,col="), "{version}");
    assert!(version.contains("%0A%0Ahelp: "), "{version}");
    // Every finding also appears as a plain line in the shape of concise
    // output, then a summary line.
    let json = fixture_json(dir.path());
    let count = json["diagnostics"].as_array().unwrap().len();
    let commands = stdout.lines().filter(|l| l.starts_with("::")).count();
    assert_eq!(commands, count);
    let plain: Vec<&str> = stdout
        .lines()
        .filter(|l| !l.starts_with("::") && !l.starts_with("caplint: "))
        .collect();
    assert_eq!(plain.len(), count, "{stdout}");
    assert!(
        plain
            .iter()
            .any(|l| l.starts_with("agents/we%ird, na:me.profile.json:1:")
                && l.contains(": error[profile/field-type] ")),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("caplint: ") && last.contains(" errors, "),
        "{last}"
    );
}

#[test]
fn github_newlines_in_paths_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a\nb.profile.json", "[]\n");
    let (code, stdout, _) = run(dir.path(), &["--format", "github"]);
    assert_eq!(code, 1);
    assert!(
        stdout.starts_with("::error file=a%0Ab.profile.json,line=1,endLine=1,col=1,endColumn=2,title=profile/not-an-object::"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\na\\nb.profile.json:1:1: error[profile/not-an-object] "),
        "{stdout}"
    );
}

#[test]
fn github_spanless_findings_name_the_file_only() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("skills/empty-skill")).unwrap();
    write(dir.path(), "skills/empty-skill/notes.md", "x\n");
    let (_, stdout, _) = run(dir.path(), &["--format", "github"]);
    for line in stdout.lines().filter(|l| l.starts_with("::")) {
        let props = line[2..].split_once("::").unwrap().0;
        if !props.contains("line=") {
            assert!(!props.contains("col="), "{line}");
            assert!(props.contains("file="), "{line}");
        }
    }
}

#[test]
fn github_step_summary_is_appended() {
    let dir = fixture();
    let summary = dir.path().join("summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let out = caplint()
        .current_dir(dir.path())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .args([
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--format",
            "github",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.starts_with("earlier step\n### caplint\n"), "{text}");
    assert!(
        text.contains("| severity | rule | location | message |"),
        "{text}"
    );
    assert!(
        text.contains("<code>agents/we%ird, na:me.profile.json:1:"),
        "{text}"
    );
    assert!(text.contains("error"), "{text}");
    // Every finding has a row.
    let rows = text
        .lines()
        .filter(|l| l.starts_with("| error |") || l.starts_with("| warning |"))
        .count();
    assert_eq!(
        rows,
        fixture_json(dir.path())["diagnostics"]
            .as_array()
            .unwrap()
            .len()
    );

    // A clean run says so, appended after the first summary.
    let clean = tempfile::tempdir().unwrap();
    write(clean.path(), "agents/good.profile.json", GOOD);
    caplint()
        .current_dir(clean.path())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .args([
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--format",
            "github",
        ])
        .assert()
        .code(0);
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.starts_with("earlier step\n### caplint\n"));
    assert!(text.contains("No findings in 1 file"), "{text}");
}

// ---------------------------------------------------------------- SARIF

fn sarif_of(dir: &Path) -> Value {
    let (code, stdout, _) = run(dir, &["--format", "sarif"]);
    assert_eq!(code, 1);
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn sarif_is_valid_against_the_sarif_2_1_0_schema() {
    let schema = load_schema("sarif-schema-2.1.0.json");
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the vendored SARIF schema compiles");
    let dir = fixture();
    let sarif = sarif_of(dir.path());
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(!sarif["runs"][0]["results"].as_array().unwrap().is_empty());

    // A clean run is valid too, and has no results.
    let clean = tempfile::tempdir().unwrap();
    write(clean.path(), "agents/good.profile.json", GOOD);
    let (code, stdout, _) = run(clean.path(), &["--format", "sarif"]);
    assert_eq!(code, 0);
    let sarif: Value = serde_json::from_str(&stdout).unwrap();
    assert!(validator.is_valid(&sarif));
    assert_eq!(sarif["runs"][0]["results"], json!([]));
}

#[test]
fn sarif_lists_every_rule_and_points_results_at_them() {
    let dir = fixture();
    let sarif = sarif_of(dir.path());
    let run = &sarif["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "caplint");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(driver["informationUri"]
        .as_str()
        .unwrap()
        .starts_with("https://"));
    let rules = driver["rules"].as_array().unwrap();
    let listed = caplint()
        .args(["rules", "--format", "json"])
        .output()
        .unwrap();
    let registry: Vec<Value> = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(rules.len(), registry.len());
    for (rule, reg) in rules.iter().zip(&registry) {
        assert_eq!(rule["id"], reg["id"]);
        assert_eq!(rule["defaultConfiguration"]["level"], reg["severity"]);
        for key in ["name", "shortDescription", "fullDescription", "help"] {
            assert!(!rule[key].is_null(), "{} has no {key}", rule["id"]);
        }
        assert!(rule["help"]["markdown"]
            .as_str()
            .unwrap()
            .contains("## Why"));
    }
    for result in run["results"].as_array().unwrap() {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        let uri = location["artifactLocation"]["uri"].as_str().unwrap();
        assert!(uri.starts_with("agents/"), "{uri}");
        assert!(!uri.contains(' ') && !uri.contains(','), "{uri}");
        assert!(result["partialFingerprints"]
            .as_object()
            .unwrap()
            .values()
            .all(|v| v.as_str().is_some_and(|s| !s.is_empty())));
    }
    // Regions count characters, 1-based, with offsets.
    let field_type = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "profile/field-type")
        .unwrap();
    let region = &field_type["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 1);
    assert_eq!(region["endLine"], 1);
    let start = region["startColumn"].as_u64().unwrap();
    assert_eq!(region["charOffset"].as_u64().unwrap(), start - 1);
    assert_eq!(
        region["endColumn"].as_u64().unwrap(),
        start + region["charLength"].as_u64().unwrap()
    );
}

#[test]
fn sarif_fingerprints_are_stable_across_runs_and_line_shifts() {
    let dir = fixture();
    let fingerprints = |dir: &Path| -> Vec<(String, String)> {
        sarif_of(dir)["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["ruleId"].as_str().unwrap().to_string(),
                    r["partialFingerprints"].to_string(),
                )
            })
            .collect()
    };
    let first = fingerprints(dir.path());
    assert_eq!(first, fingerprints(dir.path()));
    let path = dir.path().join("agents/we%ird, na:me.profile.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\n\n\n{text}")).unwrap();
    assert_eq!(first, fingerprints(dir.path()));
}

// ---------------------------------------------------------------- secrets

#[test]
fn secrets_never_appear_in_any_format() {
    let dir = fixture();
    for format in ["human", "json", "github", "sarif"] {
        let summary = dir.path().join(format!("summary-{format}.md"));
        let out = caplint()
            .current_dir(dir.path())
            .env("GITHUB_STEP_SUMMARY", &summary)
            .args([
                "check",
                "--no-history",
                "--as-of",
                AS_OF,
                "--color",
                "always",
                "--format",
                format,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        let mut all = String::from_utf8_lossy(&out.stdout).into_owned();
        all.push_str(&String::from_utf8_lossy(&out.stderr));
        all.push_str(&std::fs::read_to_string(&summary).unwrap_or_default());
        assert!(
            all.contains("security/secret-value"),
            "{format}: no secret finding"
        );
        for secret in [
            SECRET_PASSWORD,
            SECRET_TOKEN,
            SECRET_URL_PASSWORD,
            &SECRET_TOKEN[..12],
        ] {
            assert!(!all.contains(secret), "{format} shows {secret}:\n{all}");
        }
    }
    // Three secrets, three findings.
    let json = fixture_json(dir.path());
    let secrets = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "security/secret-value")
        .count();
    assert_eq!(secrets, 3);
}

// ---------------------------------------------------------------- schemas

fn schema(kind: &str) -> Value {
    let out = caplint().args(["schema", kind]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn every_schema_is_a_valid_2020_12_schema() {
    for kind in ["profile", "skill", "config"] {
        let s = schema(kind);
        assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
        if let Err(e) = jsonschema::meta::validate(&s) {
            panic!("{kind}: {e}");
        }
        jsonschema::draft202012::new(&s).unwrap_or_else(|e| panic!("{kind}: {e}"));
    }
}

#[test]
fn profile_schema_accepts_good_profiles_and_rejects_broken_ones() {
    let validator = jsonschema::draft202012::new(&schema("profile")).unwrap();
    let testdata = manifest().join("testdata/agents/research.profile.json");
    let research: Value =
        serde_json::from_str(&std::fs::read_to_string(testdata).unwrap()).unwrap();
    assert!(
        validator.is_valid(&research),
        "{:?}",
        validator.validate(&research).err()
    );
    let good: Value = serde_json::from_str(GOOD).unwrap();
    assert!(validator.is_valid(&good));
    // A tool with access `none` needs no evidence.
    let mut no_access = good.clone();
    no_access["tools"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "mailbox", "access": "none"}));
    assert!(validator.is_valid(&no_access));
    let mut retired = good.clone();
    retired["retired_at"] = json!("2026-10-05");
    retired["$schema"] = json!("./profile.schema.json");
    assert!(validator.is_valid(&retired));

    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        v
    };
    let cases: Vec<(&str, Value)> = vec![
        (
            "missing limits",
            broken(&|v| {
                v.as_object_mut().unwrap().remove("limits");
            }),
        ),
        ("numeric version", broken(&|v| v["version"] = json!(3))),
        (
            "bad date",
            broken(&|v| v["declared_at"] = json!("2026-10-1")),
        ),
        (
            "unknown level",
            broken(&|v| v["skills"][0]["level"] = json!("expert")),
        ),
        (
            "unknown access",
            broken(&|v| v["tools"][0]["access"] = json!("run")),
        ),
        (
            "unknown kind",
            broken(&|v| v["skills"][0]["evidence"][0]["kind"] = json!("video")),
        ),
        (
            "no evidence",
            broken(&|v| v["skills"][0]["evidence"] = json!([])),
        ),
        (
            "tool without evidence",
            broken(&|v| {
                v["tools"][0].as_object_mut().unwrap().remove("evidence");
            }),
        ),
        (
            "misspelt key",
            broken(&|v| v["declared-at"] = json!("2026-10-01")),
        ),
        ("empty agent_id", broken(&|v| v["agent_id"] = json!(""))),
        (
            "link not url",
            broken(&|v| v["tools"][0]["evidence"][0]["ref"] = json!("checks/9")),
        ),
        ("not an object", json!([])),
    ];
    for (what, value) in cases {
        assert!(!validator.is_valid(&value), "{what} should not validate");
    }
}

#[test]
fn skill_schema_checks_frontmatter_fields() {
    let validator = jsonschema::draft202012::new(&schema("skill")).unwrap();
    let good = json!({
        "name": "incident-response",
        "description": "Triage and mitigate production incidents.",
        "version": "1.2.0",
        "when_to_use": ["A production service is degraded or down"],
        "metadata": {"tags": "incident sev1"},
        "license": "MIT",
    });
    assert!(
        validator.is_valid(&good),
        "{:?}",
        validator.validate(&good).err()
    );
    let bad = |key: &str, value: Value| {
        let mut v = good.clone();
        v[key] = value;
        v
    };
    for (what, value) in [
        ("upper-case name", bad("name", json!("Incident Response"))),
        ("double hyphen", bad("name", json!("a--b"))),
        ("long name", bad("name", json!("a".repeat(65)))),
        ("reserved name", bad("name", json!("planning"))),
        (
            "long description",
            bad("description", json!("x".repeat(1025))),
        ),
        ("unquoted version", bad("version", json!(1.0))),
        ("short version", bad("version", json!("1.0"))),
        (
            "six hints",
            bad("when_to_use", json!(["a", "b", "c", "d", "e", "f"])),
        ),
        (
            "hint as string",
            bad("when_not_to_use", json!("local debugging")),
        ),
        ("long hint", bad("when_to_use", json!(["x".repeat(201)]))),
        ("metadata list", bad("metadata", json!({"tags": ["a"]}))),
    ] {
        assert!(!validator.is_valid(&value), "{what} should not validate");
    }
}

#[test]
fn config_schema_knows_every_key_default_and_rule() {
    let s = schema("config");
    let validator = jsonschema::draft202012::new(&s).unwrap();
    // Defaults as in SPEC §4.
    let defaults = json!({
        "profiles": ["**/*.profile.json"],
        "skill_roots": ["**/skills"],
        "exclude": [],
        "freshness_days": 90,
        "min_evidence": 1,
        "description_max_chars": 1024,
        "reserved_skill_names": ["knowledge", "planning", "skills"],
        "extra_skill_fields": [],
        "base": null,
        "targets": ["agentskills"],
        "rules": {},
        "overrides": [],
        "decisions": ["**/*.decision.json"],
        "plugin_version_ignore": [],
    });
    for (key, value) in defaults.as_object().unwrap() {
        assert_eq!(&s["properties"][key]["default"], value, "default of {key}");
    }
    assert_eq!(
        s["properties"].as_object().unwrap().len(),
        defaults.as_object().unwrap().len()
    );
    assert!(validator.is_valid(&defaults));
    assert!(validator.is_valid(&Value::Null), "an empty file is valid");

    let listed = caplint()
        .args(["rules", "--format", "json"])
        .output()
        .unwrap();
    let registry: Vec<Value> = serde_json::from_slice(&listed.stdout).unwrap();
    let ids = s["properties"]["rules"]["propertyNames"]["enum"]
        .as_array()
        .unwrap();
    assert_eq!(ids.len(), registry.len());
    for rule in &registry {
        assert!(ids.contains(&rule["id"]), "{}", rule["id"]);
        let id = rule["id"].as_str().unwrap();
        for level in ["error", "warning", "off"] {
            assert!(validator.is_valid(&json!({"rules": {id: level}})));
            assert!(validator
                .is_valid(&json!({"overrides": [{"paths": ["x/**"], "rules": {id: level}}]})));
        }
    }
    for bad in [
        json!({"rules": {"profile/nope": "off"}}),
        json!({"rules": {"profile/stale": "loud"}}),
        json!({"freshnes_days": 3}),
        json!({"freshness_days": -1}),
        json!({"profiles": "x"}),
        json!({"overrides": [{"rules": {}}]}),
        json!({"overrides": [{"paths": [], "severity": {}}]}),
        json!({"targets": []}),
        json!({"targets": ["openai"]}),
        json!({"targets": "claude"}),
    ] {
        assert!(!validator.is_valid(&bad), "{bad}");
    }
    assert!(validator.is_valid(&json!({"targets": ["claude", "codex", "platform"]})));
    assert!(validator.is_valid(&json!({"targets": ["claude-code", "claude-api"]})));
}

// ---------------------------------------------------------------- init

#[test]
fn init_writes_defaults_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let out = caplint()
        .current_dir(dir.path())
        .arg("init")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    // Hooks that run the caplint on PATH: nothing has to be published.
    assert!(stdout.contains("id: caplint-system\n"), "{stdout}");
    assert!(stdout.contains("id: caplint-system-pre-push\n"), "{stdout}");
    assert!(stdout.contains("pre-commit install"), "{stdout}");
    let path = dir.path().join(".caplint.yaml");
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.lines().any(|l| l.starts_with('#')), "commented");

    let (found, default) = lib::config_found_and_default(dir.path());
    assert_eq!(found.as_deref(), Some(path.as_path()));
    assert!(default, "init writes the default configuration");

    // A second run changes nothing and exits 2 with a clear message.
    std::fs::write(&path, "freshness_days: 30\n").unwrap();
    let out = caplint()
        .current_dir(dir.path())
        .arg("init")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("already exists"), "{stderr}");
    assert!(stderr.contains("never overwrites"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "freshness_days: 30\n"
    );

    // --path writes elsewhere; the file is a working config for check.
    let other = dir.path().join("ci.yaml");
    caplint()
        .current_dir(dir.path())
        .args(["init", "--path"])
        .arg(&other)
        .assert()
        .code(0);
    write(dir.path(), "agents/good.profile.json", GOOD);
    caplint()
        .current_dir(dir.path())
        .args(["check", "--no-history", "--as-of", AS_OF, "--config"])
        .arg(&other)
        .assert()
        .code(0);
}

/// A `template/` skill that is a placeholder by design: `init` proposes to
/// exclude it, says so, and `check` then skips it while linting the rest.
#[test]
fn init_proposes_excluding_placeholder_skills() {
    let repo = Repo::new();
    let placeholder = "---\nname: template-skill\ndescription: Replace with a description of the skill.\n---\nSee [the guide](guide.md).\n";
    repo.write("template/SKILL.md", placeholder);
    repo.write(
        "skills/pdf/SKILL.md",
        "---\nname: pdf\ndescription: Work with PDF files.\n---\n# PDF\n",
    );
    let check = || {
        let out = repo
            .caplint()
            .args(["check", "--no-history", "--format", "json"])
            .output()
            .unwrap();
        json_of(&out)
    };
    let (code, before) = check();
    assert_eq!(code, 1, "{before}");
    assert!(rules_of(&before).contains(&"skill/broken-reference".to_string()));
    let out = repo.caplint().arg("init").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("It excludes 1 placeholder skill"),
        "{stdout}"
    );
    assert!(stdout.contains("  template/**\n"), "{stdout}");
    let written = std::fs::read_to_string(repo.path().join(".caplint.yaml")).unwrap();
    assert!(
        written.contains("\nexclude: [\"template/**\"]\n"),
        "{written}"
    );
    let (code, after) = check();
    assert_eq!(code, 0, "{after}");
    assert_eq!(after["summary"]["skills"], 1);
}

#[test]
fn init_writes_at_the_repository_root() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join(".git")).unwrap();
    std::fs::create_dir_all(dir.path().join("a/b")).unwrap();
    caplint()
        .current_dir(dir.path().join("a/b"))
        .arg("init")
        .assert()
        .code(0);
    assert!(dir.path().join(".caplint.yaml").is_file());
    assert!(!dir.path().join("a/b/.caplint.yaml").exists());
}

// ---------------------------------------------------------------- CLI polish

#[test]
fn closed_pipes_exit_quietly() {
    let bin = BIN;
    let dir = fixture();
    for cmd in [
        format!("'{bin}' rules | head -1"),
        format!("'{bin}' --help | head -1"),
        // SARIF output is larger than a pipe buffer, so the write fails.
        format!("'{bin}' check --no-history --as-of {AS_OF} --format sarif | head -1"),
        format!("'{bin}' completions zsh | head -1"),
    ] {
        let out = std::process::Command::new("bash")
            .current_dir(dir.path())
            .arg("-c")
            .arg(format!("{cmd}; echo \"status=${{PIPESTATUS[0]}}\" >&2"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{cmd}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{cmd}: {stderr}");
        assert!(!stderr.contains("error"), "{cmd}: {stderr}");
        let status = stderr.lines().last().unwrap_or_default();
        assert!(
            status == "status=0" || status == "status=1",
            "{cmd}: {stderr}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().count(),
            1,
            "{cmd}"
        );
    }
}

fn has_ansi(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|w| w == b"\x1b[") || bytes.windows(2).any(|w| w == b"\x1b]")
}

#[test]
fn no_color_and_color_never_print_no_escapes() {
    let dir = fixture();
    let plain = caplint()
        .current_dir(dir.path())
        .args([
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--color",
            "never",
        ])
        .output()
        .unwrap();
    assert_eq!(plain.status.code(), Some(1));
    assert!(!has_ansi(&plain.stdout) && !has_ansi(&plain.stderr));
    let no_color = caplint()
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .args(["check", "--no-history", "--as-of", AS_OF])
        .output()
        .unwrap();
    assert!(!has_ansi(&no_color.stdout) && !has_ansi(&no_color.stderr));
    // Not a terminal: no colors and no hyperlinks by default.
    let auto = caplint()
        .current_dir(dir.path())
        .args(["check", "--no-history", "--as-of", AS_OF])
        .output()
        .unwrap();
    assert!(!has_ansi(&auto.stdout) && !has_ansi(&auto.stderr));
    assert_eq!(auto.stdout, plain.stdout);
    // --color always is the way to force them.
    let forced = caplint()
        .current_dir(dir.path())
        .args([
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--color",
            "always",
        ])
        .output()
        .unwrap();
    assert!(has_ansi(&forced.stdout));
    assert!(
        !forced.stdout.windows(4).any(|w| w == b"\x1b]8;"),
        "no OSC-8 links off a terminal"
    );
}

#[test]
fn max_warnings_and_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let warn_only = GOOD.replace(r#"["No access to private mailboxes."]"#, "[]");
    write(dir.path(), "agents/a.profile.json", &warn_only);
    let (code, stdout, _) = run(dir.path(), &[]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("0 errors, 1 warning in 1 file"), "{stdout}");
    assert_eq!(run(dir.path(), &["--max-warnings", "0"]).0, 1);
    assert_eq!(run(dir.path(), &["--max-warnings", "1"]).0, 0);
    let (_, quiet, quiet_err) = run(dir.path(), &["--quiet"]);
    assert!(quiet.contains("profile/empty-limits"));
    assert!(!quiet.contains("1 warning in"), "{quiet}");
    assert!(quiet_err.is_empty(), "{quiet_err}");
    let (_, gh, _) = run(dir.path(), &["--quiet", "--format", "github"]);
    assert!(!gh.contains("caplint: "), "{gh}");
    assert!(gh.starts_with("::warning "), "{gh}");
}

#[test]
fn every_command_has_examples_in_its_help() {
    for cmd in [
        "check",
        "diff",
        "history",
        "report",
        "rules",
        "explain",
        "schema",
        "init",
        "completions",
    ] {
        let out = caplint().args([cmd, "--help"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{cmd}");
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            help.contains("Example"),
            "{cmd} --help has no examples:\n{help}"
        );
        assert!(help.contains(&format!("caplint {cmd}")), "{cmd}:\n{help}");
    }
    let top = caplint().arg("--help").output().unwrap();
    assert!(String::from_utf8(top.stdout).unwrap().contains("Examples:"));
}

#[test]
fn completions_are_generated() {
    for shell in ["bash", "zsh", "fish"] {
        let out = caplint().args(["completions", shell]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains("caplint"), "{shell}");
        assert!(script.contains("sarif"), "{shell}: formats are completed");
    }
}

#[test]
fn config_errors_follow_the_color_flag() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".caplint.yaml", "freshnes_days: 3\n");
    let strip = |bytes: &[u8]| -> String {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    };
    for (color, ansi) in [("never", false), ("always", true)] {
        let out = caplint()
            .current_dir(dir.path())
            .args(["check", "--no-history", "--color", color])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(has_ansi(&out.stderr), ansi, "--color {color}");
        let text = strip(&out.stderr);
        assert!(
            text.contains("unknown config key `freshnes_days`"),
            "{text}"
        );
        assert!(text.contains("did you mean `freshness_days`?"), "{text}");
        assert!(!text.lines().any(|l| l.trim() == "config"), "{text}");
    }
}

// ---------------------------------------------------------------------------
// Installing and CI recipes: scripts/install.sh against a release-shaped
// folder, and the base each CI event is judged against (scripts/ci-base.sh,
// used by action.yml, and the inline step of the example workflow
// docs/examples/github/caplint-pipx.yml), in real clones shaped like the
// ones CI makes.

/// The release target scripts/install.sh picks on this machine.
fn release_target() -> String {
    let os = match std::env::consts::OS {
        "linux" => "unknown-linux-musl",
        "macos" => "apple-darwin",
        other => panic!("no release target for {other}"),
    };
    format!("{}-{os}", std::env::consts::ARCH)
}

fn sha256_line(file: &Path) -> String {
    let dir = file.parent().unwrap();
    let name = file.file_name().unwrap().to_str().unwrap();
    let out = std::process::Command::new("sha256sum")
        .arg(name)
        .current_dir(dir)
        .output()
        .or_else(|_| {
            std::process::Command::new("shasum")
                .args(["-a", "256", name])
                .current_dir(dir)
                .output()
        })
        .expect("sha256sum or shasum");
    assert!(out.status.success(), "{}", text(&out));
    String::from_utf8(out.stdout).unwrap()
}

fn run_install(releases: &Path, version: &str, to: &Path) -> std::process::Output {
    std::process::Command::new("sh")
        .arg(manifest().join("scripts/install.sh"))
        .args(["--version", version, "--base-url"])
        .arg(format!("file://{}", releases.display()))
        .arg("--to")
        .arg(to)
        .env_remove("CAPLINT_TARGET")
        .output()
        .unwrap()
}

/// A good archive installs and runs; a missing release is exit 3 (build
/// from source); a corrupted archive or a missing checksum is refused with
/// exit 1 and installs nothing, leaving an installed caplint as it was.
#[test]
fn install_script_checks_the_release_archive() {
    let curl = std::process::Command::new("curl").arg("--version").output();
    assert!(
        curl.map(|o| o.status.success()).unwrap_or(false),
        "scripts/install.sh needs curl"
    );
    let version = env!("CARGO_PKG_VERSION");
    let tmp = tempfile::tempdir().unwrap();
    let releases = tmp.path().join("releases");
    let dir = releases.join(format!("v{version}"));
    let name = format!("caplint-v{version}-{}", release_target());
    std::fs::create_dir_all(dir.join(&name)).unwrap();
    std::fs::copy(BIN, dir.join(&name).join("caplint")).unwrap();
    let archive = dir.join(format!("{name}.tar.gz"));
    let out = std::process::Command::new("tar")
        .arg("-czf")
        .arg(&archive)
        .arg(&name)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    std::fs::remove_dir_all(dir.join(&name)).unwrap();
    let checksum = dir.join(format!("{name}.tar.gz.sha256"));
    std::fs::write(&checksum, sha256_line(&archive)).unwrap();

    // A good archive.
    let bin = tmp.path().join("bin");
    let out = run_install(&releases, version, &bin);
    assert!(out.status.success(), "{}", text(&out));
    let run = std::process::Command::new(bin.join("caplint"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        format!("caplint {version}\n")
    );
    assert_eq!(
        std::fs::read_dir(&bin).unwrap().count(),
        1,
        "only caplint is written"
    );

    // No such release: exit 3, nothing installed.
    let none = tmp.path().join("none");
    let out = run_install(&releases, "999.0.0", &none);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(text(&out).contains("cargo install --locked caplint"));
    assert!(!none.exists());

    // A corrupted archive (one byte changed, same size): refused.
    let mut bytes = std::fs::read(&archive).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    std::fs::write(&archive, &bytes).unwrap();
    let fresh = tmp.path().join("fresh");
    let out = run_install(&releases, version, &fresh);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("checksum mismatch"), "{}", text(&out));
    assert!(!fresh.exists(), "nothing is installed");
    // Over an installed caplint: it stays as it was.
    let before = std::fs::read(bin.join("caplint")).unwrap();
    let out = run_install(&releases, version, &bin);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert_eq!(std::fs::read(bin.join("caplint")).unwrap(), before);
    assert_eq!(std::fs::read_dir(&bin).unwrap().count(), 1);

    // No checksum file: refused too.
    std::fs::remove_file(&checksum).unwrap();
    let out = run_install(&releases, version, &fresh);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(!fresh.exists());

    // Usage errors are exit 2.
    let out = run_install(&releases, "latest", &fresh);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

/// A remote with main at a clean profile, and the developer's clone.
struct CiWorld {
    dev: Repo,
    remote: std::path::PathBuf,
    first: String,
}

impl CiWorld {
    fn new() -> CiWorld {
        let dev = Repo::new();
        let remote = dev.add_remote();
        dev.write("agents/a.profile.json", GOOD);
        dev.git(&["add", "."]);
        dev.git(&["commit", "-q", "-m", "first"]);
        dev.git(&["push", "-q", "origin", "main"]);
        let first = dev.git(&["rev-parse", "HEAD"]).trim().to_string();
        CiWorld { dev, remote, first }
    }

    fn url(&self) -> String {
        format!("file://{}", self.remote.display())
    }

    /// A full clone of the remote checked out at `rev` (fetch-depth: 0).
    fn full_clone(&self, name: &str, rev: &str) -> std::path::PathBuf {
        let ci = self.dev.tmp().join(name);
        self.dev
            .git(&["clone", "-q", &self.url(), &ci.display().to_string()]);
        self.git_in(&ci, &["checkout", "-q", "--detach", rev]);
        ci
    }

    fn git_in(&self, dir: &Path, args: &[&str]) -> String {
        self.dev.git_in(dir, args).trim().to_string()
    }

    /// The base from scripts/ci-base.sh (the action) and from the example
    /// workflow's inline step, which must agree; `env` as GitHub sets it.
    fn bases(&self, ci: &Path, env: &[(&str, &str)]) -> String {
        let get = |name: &str| {
            env.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| *v)
                .unwrap_or("")
        };
        let mut action = self.dev.command("sh");
        action
            .current_dir(ci)
            .arg(manifest().join("scripts/ci-base.sh"))
            .env("CAPLINT_BEFORE", get("before"))
            .env("CAPLINT_DEFAULT_BRANCH", get("default_branch"))
            .env("CAPLINT_PR_BASE_SHA", get("pr_base_sha"));
        if !get("base_ref").is_empty() {
            action.env("GITHUB_BASE_REF", get("base_ref"));
        }
        let out = action.output().unwrap();
        assert!(out.status.success(), "ci-base.sh: {}", text(&out));
        let from_action = String::from_utf8_lossy(&out.stdout).trim().to_string();

        let example =
            std::fs::read_to_string(manifest().join("docs/examples/github/caplint-pipx.yml"))
                .unwrap();
        let block = &example[example.find("# caplint-base: begin").unwrap()
            ..example.find("# caplint-base: end").unwrap()];
        let script: String = block
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("run: |"))
            .skip(1)
            .map(|l| format!("{}\n", l.get(10..).unwrap_or("")))
            .collect();
        let github_env = ci.join("../github-env");
        let _ = std::fs::remove_file(&github_env);
        let mut inline = self.dev.command("bash");
        inline
            .current_dir(ci)
            .args(["-euc", &script])
            .env("BEFORE", get("before"))
            .env("DEFAULT_BRANCH", get("default_branch"))
            .env("GITHUB_ENV", &github_env);
        if !get("base_ref").is_empty() {
            inline.env("GITHUB_BASE_REF", get("base_ref"));
        }
        let out = inline.output().unwrap();
        assert!(out.status.success(), "example step: {}", text(&out));
        let from_example = std::fs::read_to_string(&github_env).unwrap();
        let from_example = from_example
            .trim()
            .strip_prefix("CAPLINT_BASE=")
            .unwrap()
            .to_string();
        // The same commit, however it is named.
        assert_eq!(
            self.git_in(ci, &["rev-parse", &format!("{from_action}^{{commit}}")]),
            self.git_in(ci, &["rev-parse", &format!("{from_example}^{{commit}}")]),
            "ci-base.sh said {from_action}, the example said {from_example}"
        );
        from_action
    }

    fn check(&self, ci: &Path, base: &str) -> std::process::Output {
        self.dev
            .caplint()
            .current_dir(ci)
            .args(["check", "--base", base])
            .output()
            .unwrap()
    }
}

fn assert_not_bumped(out: &std::process::Output) {
    assert_eq!(out.status.code(), Some(1), "{}", text(out));
    assert!(
        text(out).contains("history/version-not-bumped"),
        "{}",
        text(out)
    );
}

/// A push to the default branch is judged against the pushed range
/// (github.event.before): an unbumped claim change in it fails, while the
/// same profile judged against the last commit alone would not.
#[test]
fn ci_recipe_judges_a_push_by_its_range() {
    let w = CiWorld::new();
    w.dev
        .write("agents/a.profile.json", &claim_change_without_bump());
    w.dev.git(&["commit", "-q", "-am", "claim more"]);
    w.dev.write("notes.txt", "later\n");
    w.dev.git(&["add", "."]);
    w.dev.git(&["commit", "-q", "-m", "notes"]);
    w.dev.git(&["push", "-q", "origin", "main"]);
    let head = w.dev.git(&["rev-parse", "HEAD"]).trim().to_string();
    let ci = w.full_clone("ci-push", &head);
    let base = w.bases(
        &ci,
        &[("before", w.first.as_str()), ("default_branch", "main")],
    );
    assert_eq!(base, w.first);
    assert_not_bumped(&w.check(&ci, &base));
    // HEAD~1 alone (what a last-commit check sees) has no claim change.
    assert!(w.check(&ci, "HEAD~1").status.success());
}

/// A new branch (before is all zeros) is judged against the default branch.
#[test]
fn ci_recipe_judges_a_new_branch_against_the_default_branch() {
    let w = CiWorld::new();
    w.dev.git(&["checkout", "-q", "-b", "feature"]);
    w.dev
        .write("agents/a.profile.json", &claim_change_without_bump());
    w.dev.git(&["commit", "-q", "-am", "claim more"]);
    w.dev.git(&["push", "-q", "origin", "feature"]);
    let ci = w.full_clone("ci-new-branch", "origin/feature");
    let base = w.bases(
        &ci,
        &[
            ("before", "0000000000000000000000000000000000000000"),
            ("default_branch", "main"),
        ],
    );
    assert_eq!(base, "origin/main");
    assert_not_bumped(&w.check(&ci, &base));
}

/// A pull request checked out as GitHub does with fetch-depth: 2 (the merge
/// commit refs/pull/N/merge and its parents, no origin/main) is judged
/// against its target branch: check and the review comment's diff agree.
#[test]
fn ci_recipe_judges_a_fetch_depth_2_pull_request_against_its_target() {
    let w = CiWorld::new();
    w.dev.git(&["checkout", "-q", "-b", "feature"]);
    w.dev
        .write("agents/a.profile.json", &claim_change_without_bump());
    w.dev.git(&["commit", "-q", "-am", "claim more"]);
    // main moved on meanwhile.
    w.dev.git(&["checkout", "-q", "main"]);
    w.dev.write("README.txt", "main moved\n");
    w.dev.git(&["add", "."]);
    w.dev.git(&["commit", "-q", "-m", "main moves"]);
    w.dev.git(&["push", "-q", "origin", "main"]);
    let main_tip = w.dev.git(&["rev-parse", "HEAD"]).trim().to_string();
    w.dev.git(&["checkout", "-q", "--detach", "main"]);
    w.dev.git(&[
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "Merge feature into main",
        "feature",
    ]);
    w.dev
        .git(&["push", "-q", "origin", "HEAD:refs/pull/1/merge"]);

    let ci = w.dev.tmp().join("ci-pr");
    std::fs::create_dir(&ci).unwrap();
    w.git_in(&ci, &["init", "-q"]);
    w.git_in(
        &ci,
        &[
            "fetch",
            "-q",
            "--depth",
            "2",
            &w.url(),
            "+refs/pull/1/merge:refs/remotes/pull/1/merge",
        ],
    );
    w.git_in(
        &ci,
        &["checkout", "-q", "--detach", "refs/remotes/pull/1/merge"],
    );
    assert!(
        w.dev
            .command("git")
            .current_dir(&ci)
            .args(["rev-parse", "-q", "--verify", "origin/main"])
            .output()
            .unwrap()
            .stdout
            .is_empty(),
        "the clone has no origin/main"
    );
    let base = w.bases(
        &ci,
        &[
            ("base_ref", "main"),
            ("pr_base_sha", main_tip.as_str()),
            ("before", "0000000000000000000000000000000000000000"),
        ],
    );
    assert_eq!(base, main_tip);
    assert_not_bumped(&w.check(&ci, &base));

    // The review comment's body.
    let out = w
        .dev
        .caplint()
        .current_dir(&ci)
        .args(["diff", &base, "HEAD", "--format", "markdown"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let review = String::from_utf8_lossy(&out.stdout);
    assert!(review.contains("data-cleaning"), "{review}");
    assert!(!review.contains("No claim changes: "), "{review}");
}

/// scripts/pr-comment.sh (the action's review comment) with a stand-in for
/// the GitHub CLI that records each call: one comment, found by its marker
/// and updated in place; none while no claims changed; a notice, not a
/// failure, when the token may not comment.
#[test]
fn pr_comment_script_keeps_one_comment() {
    let w = CiWorld::new();
    w.dev
        .write("agents/a.profile.json", &claim_change_without_bump());
    w.dev.git(&["commit", "-q", "-am", "claim more"]);
    let review = |base: &str| {
        let out = w
            .dev
            .caplint()
            .args(["diff", base, "HEAD", "--format", "markdown"])
            .output()
            .unwrap();
        assert!(out.status.code().unwrap_or(2) <= 1, "{}", text(&out));
        out.stdout
    };
    let tmp = w.dev.tmp();
    let changed = tmp.join("changed.md");
    std::fs::write(&changed, review(&w.first)).unwrap();
    let unchanged = tmp.join("unchanged.md");
    std::fs::write(&unchanged, review("HEAD")).unwrap();

    let bin = tmp.join("fake-bin");
    std::fs::create_dir(&bin).unwrap();
    let gh = bin.join("gh");
    std::fs::write(
        &gh,
        r#"#!/bin/sh
printf '%s\n' "$*" >> "$FAKE_GH_LOG"
case "$*" in
    *--paginate*)
        if [ -n "${FAKE_GH_EXISTING:-}" ]; then echo "$FAKE_GH_EXISTING"; fi
        exit 0 ;;
esac
for a; do
    case "$a" in body=@*) cp "${a#body=@}" "$FAKE_GH_BODY" ;; esac
done
case "${FAKE_GH_FAIL:-}" in
    403) echo "gh: Resource not accessible by integration (HTTP 403)" >&2; exit 1 ;;
    500) echo "gh: Server Error (HTTP 500)" >&2; exit 1 ;;
esac
"#,
    )
    .unwrap();
    let out = std::process::Command::new("chmod")
        .arg("+x")
        .arg(&gh)
        .output()
        .unwrap();
    assert!(out.status.success());

    let run = |review: &Path, existing: &str, fail: &str| {
        let log = tmp.join("gh.log");
        let body = tmp.join("gh-body.md");
        let _ = std::fs::remove_file(&log);
        let _ = std::fs::remove_file(&body);
        let out = w
            .dev
            .command("sh")
            .arg(manifest().join("scripts/pr-comment.sh"))
            .arg(review)
            .env("PATH", path_with(&bin))
            .env("GITHUB_REPOSITORY", "acme/agents")
            .env("CAPLINT_PR", "7")
            .env("FAKE_GH_LOG", &log)
            .env("FAKE_GH_BODY", &body)
            .env("FAKE_GH_EXISTING", existing)
            .env("FAKE_GH_FAIL", fail)
            .output()
            .unwrap();
        let calls = std::fs::read_to_string(&log).unwrap_or_default();
        let posted = std::fs::read_to_string(&body).ok();
        (out, calls, posted)
    };
    let marker = "<!-- caplint-review -->";

    // Claims changed, no comment yet: one new comment, with the marker.
    let (out, calls, posted) = run(&changed, "", "");
    assert!(out.status.success(), "{}", text(&out));
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert!(
        calls[0].starts_with("api --paginate repos/acme/agents/issues/7/comments --jq")
            && calls[0].contains(marker),
        "{calls:?}"
    );
    assert!(
        calls[1].contains("-X POST repos/acme/agents/issues/7/comments"),
        "{calls:?}"
    );
    let posted = posted.unwrap();
    assert!(posted.starts_with(&format!("{marker}\n")), "{posted}");
    assert!(posted.contains("data-cleaning"), "{posted}");

    // A comment with the marker exists: it is updated, no new one.
    let (out, calls, posted) = run(&changed, "4242", "");
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        calls.contains("-X PATCH repos/acme/agents/issues/comments/4242")
            && !calls.contains("POST"),
        "{calls}"
    );
    assert!(posted.unwrap().contains("data-cleaning"));

    // No claim changes and no comment: nothing is posted.
    let (out, calls, posted) = run(&unchanged, "", "");
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(calls.lines().count(), 1, "{calls}");
    assert!(posted.is_none());
    // No claim changes, an earlier comment: it is updated to say so.
    let (out, calls, posted) = run(&unchanged, "4242", "");
    assert!(out.status.success(), "{}", text(&out));
    assert!(calls.contains("-X PATCH"), "{calls}");
    assert!(posted.unwrap().contains("No claim changes: "));

    // A token that may not comment: a notice, exit 0.
    let (out, _, _) = run(&changed, "", "403");
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("::notice"),
        "{}",
        text(&out)
    );
    // Any other failure fails the step.
    let (out, _, _) = run(&changed, "", "500");
    assert!(!out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("HTTP 500"), "{}", text(&out));
}

// ------------------------------------------------- secrets from every revision

/// Fake credentials, generated so that no credential-shaped literal sits in
/// this file: a fixed seed, so a failure can be replayed.
struct Fake(u64);

impl Fake {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn from(&mut self, alphabet: &str, n: usize) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        loop {
            let s: String = (0..n)
                .map(|_| chars[(self.next() % chars.len() as u64) as usize])
                .collect();
            // Words that make the scanner take a value for a placeholder.
            let lower = s.to_ascii_lowercase();
            let words = [
                "env",
                "your",
                "fake",
                "example",
                "dummy",
                "redacted",
                "placeholder",
            ];
            if s.chars().any(|c| c.is_ascii_digit()) && !words.iter().any(|w| lower.contains(w)) {
                return s;
            }
        }
    }

    fn alnum(&mut self, n: usize) -> String {
        self.from(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            n,
        )
    }

    fn upper(&mut self, n: usize) -> String {
        self.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", n)
    }

    fn digits(&mut self, n: usize) -> String {
        self.from("0123456789", n)
    }
}

/// Every piece of `secret` of 8 characters found in `text` (ASCII case
/// ignored).
fn windows_in(text: &str, secret: &str) -> Vec<String> {
    let text = text.to_ascii_lowercase();
    let chars: Vec<char> = secret.chars().collect();
    chars
        .windows(8)
        .map(|w| w.iter().collect::<String>())
        .filter(|w| text.contains(&w.to_ascii_lowercase()))
        .collect()
}

fn profile_text(
    agent_id: &str,
    version: &str,
    skills: &str,
    tools: &str,
    limits: &[&str],
    extra: &str,
) -> String {
    let limits: Vec<String> = limits.iter().map(|l| format!("{l:?}")).collect();
    format!(
        "{{\n  \"agent_id\": \"{agent_id}\",\n  \"version\": \"{version}\",\n  \"declared_at\": \"2026-10-01\",\n  \"skills\": [{skills}],\n  \"tools\": [{tools}],\n  \"limits\": [{}]{extra}\n}}\n",
        limits.join(", ")
    )
}

#[test]
fn no_command_prints_a_secret_from_any_revision_in_any_format() {
    let mut g = Fake(0x5eed_cafe_f00d_1234);
    let gh = format!("ghp_{}", g.alnum(36));
    // Longer than the 80 characters a quoted value is cut to.
    let gh_long = format!("ghp_{}", g.alnum(120));
    let slack = format!("xoxb-{}-{}", g.digits(12), g.alnum(24));
    let slack_cleaned = format!("xoxb-{}-{}", g.digits(12), g.alnum(24));
    let slack_id = format!("xoxb-{}", g.digits(16));
    let aws = format!("AKIA{}", g.upper(16));
    let aws_version = format!("AKIA{}", g.upper(16));
    let aws_deleted = format!("AKIA{}", g.upper(16));
    let stripe = format!("sk_live_{}", g.alnum(24));
    let stripe_tip = format!("sk_live_{}", g.alnum(24));
    let url_pw = g.alnum(14);
    let url_pw_base = g.alnum(14);
    let pass = format!("{}/{}", g.alnum(8), g.alnum(8));
    let pass_fm = g.alnum(16);
    let pass_body = g.alnum(16);
    let pass_resource = g.alnum(16);
    let key_body: Vec<String> = (0..3).map(|_| g.alnum(64)).collect();
    let key = format!(
        "-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----",
        key_body.join("\n")
    );
    let mut secrets: Vec<String> = vec![
        gh.clone(),
        gh_long.clone(),
        slack.clone(),
        slack_cleaned.clone(),
        slack_id.clone(),
        aws.clone(),
        aws_version.clone(),
        aws_deleted.clone(),
        stripe.clone(),
        stripe_tip.clone(),
        url_pw.clone(),
        url_pw_base.clone(),
        pass.clone(),
        pass_fm.clone(),
        pass_body.clone(),
        pass_resource.clone(),
    ];
    secrets.extend(key_body.iter().cloned());
    // The AI-provider and newer formats: in the base, at the target's tip,
    // removed from the working tree, and JSON-escaped in `notes`.
    let openai = format!("sk-proj-{}T3BlbkFJ{}", g.alnum(58), g.alnum(58));
    let anthropic = format!("sk-ant-api03-{}AA", g.alnum(93));
    let letters: String = g
        .alnum(400)
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    let hf = format!("hf_{}", &letters[..34]);
    let glpat = format!("glpat-{}", g.alnum(20));
    let bearer = g.alnum(40);
    let openai_env = g.alnum(40);
    let quoted_pw = format!("{}!{}", g.alnum(8), g.alnum(5));
    secrets.extend([
        openai.clone(),
        anthropic.clone(),
        hf.clone(),
        glpat.clone(),
        bearer.clone(),
        openai_env.clone(),
        quoted_pw.clone(),
    ]);

    let a = |limits: &[&str], ci_pw: &str, web_evidence: &str, version: &str| {
        profile_text(
            "research-agent-07",
            version,
            &format!(
                r#"{{"name": "web-search", "level": "proficient", "evidence": [{web_evidence}]}},
    {{"name": "deploy-{gh}", "level": "basic", "evidence": [{{"kind": "log", "ref": "run-1"}}]}}"#
            ),
            &format!(
                r#"{{"name": "browser", "access": "read", "evidence": [{{"kind": "link", "ref": "https://ci:{ci_pw}@ci.example.com/runs/7"}}]}},
    {{"name": "vault-{stripe}", "access": "read", "evidence": [{{"kind": "log", "ref": "vault-1"}}]}}"#
            ),
            limits,
            &format!(
                ",\n  \"notes\": \"password={pass}; export PASSWORD=\\\"{quoted_pw}\\\"\",\n  \"x-aws\": \"{aws}\""
            ),
        )
    };
    let long_evidence = format!(r#"{{"kind": "link", "ref": "token {gh_long}"}}"#);
    let short_evidence = r#"{"kind": "log", "ref": "run-2"}"#;
    let mailbox = "No access to private mailboxes.";
    let posts = format!("Posts only with {slack}");
    let escalates = format!("Escalates via {slack_cleaned} when stuck");
    let simple = |id: &str, version: &str| {
        profile_text(
            id,
            version,
            r#"{"name": "web-search", "level": "basic", "evidence": [{"kind": "log", "ref": "run-9"}]}"#,
            "",
            &[mailbox],
            "",
        )
    };
    let skill = |extra_body: &str| {
        format!(
            "---\nname: pdf-tools\ndescription: Extract text from PDF files.\nversion: \"1.0.0\"\nx-token: {gh}\nmetadata:\n  auth: \"password={pass_fm}\"\n---\n# PDF tools\n\nLogs are at https://ops:{url_pw}@logs.example.com/run/41.\nSee [the notes](notes.txt).\n{extra_body}\n"
        )
    };
    let notes = format!(
        "Staging key: {stripe}\npassword={pass_resource}\n{key}\nOpenAI: {openai}\nClaude: {anthropic}\nHub: {hf}\n"
    );

    let repo = Repo::new();
    let commit = |message: &str| {
        repo.git(&["add", "-A"]);
        repo.git(&["commit", "-q", "-m", message]);
        repo.git(&["rev-parse", "HEAD"]).trim().to_string()
    };
    // c1: every field holds a secret.
    repo.write(
        "agents/a.profile.json",
        &a(
            &[mailbox, &posts, &escalates],
            &url_pw_base,
            &long_evidence,
            "3",
        ),
    );
    repo.write(
        "agents/b.profile.json",
        &simple("bot-b", &format!("1+{aws_version}")),
    );
    repo.write(
        "agents/c.profile.json",
        &simple(&format!("bot-{slack_id}"), "1"),
    );
    repo.write(
        "agents/d.profile.json",
        &simple(&format!("old-{aws_deleted}"), "1"),
    );
    repo.write("skills/pdf-tools/SKILL.md", &skill(""));
    repo.write("skills/pdf-tools/notes.txt", &notes);
    let c1 = commit(&format!("Add the agents (token {gh})"));
    // c2: a cleanup that removes a leaked token and rotates a password, no bump.
    repo.write(
        "agents/a.profile.json",
        &a(&[mailbox, &posts], &url_pw, &long_evidence, "3"),
    );
    let c2 = commit("Remove a leaked token");
    repo.git(&["branch", "feature"]);
    // The target branch moves on (its tip holds a secret of its own).
    repo.write(
        "agents/a.profile.json",
        &a(
            &[mailbox, &posts, &format!("Tip {stripe_tip} via {glpat}")],
            &url_pw,
            &long_evidence,
            "4",
        ),
    );
    repo.write(
        "skills/pdf-tools/SKILL.md",
        &skill(&format!(
            "curl -H \"Authorization: Bearer {bearer}\" https://api.example.com"
        )),
    );
    commit("Raise the research agent to 4");
    repo.git(&["checkout", "-q", "feature"]);
    // Committed on the branch: an agent_id that held a token changes.
    repo.write("agents/c.profile.json", &simple("bot-two", "1"));
    commit("Rename the bot");
    // Staged: the token's limit removed without a bump; a secret version replaced.
    repo.write(
        "agents/a.profile.json",
        &a(&[mailbox], &url_pw, &long_evidence, "3"),
    );
    repo.write("agents/b.profile.json", &simple("bot-b", "2"));
    repo.git(&["add", "-A"]);
    // Only in the working tree: the long token's evidence goes, a profile
    // whose id held a key is deleted, the skill changes without a bump.
    repo.write(
        "agents/a.profile.json",
        &a(&[mailbox], &url_pw, short_evidence, "3"),
    );
    std::fs::remove_file(repo.path().join("agents/d.profile.json")).unwrap();
    repo.write(
        "skills/pdf-tools/SKILL.md",
        &skill(&format!(
            "Sign in with password={pass_body} first.\n\nOPENAI_API_KEY={openai_env}"
        )),
    );
    // The provider keys leave the resource, so only history holds them.
    repo.write(
        "skills/pdf-tools/notes.txt",
        &format!("Staging key: {stripe}\npassword={pass_resource}\n{key}\n"),
    );

    let summary = repo.tmp().join("step-summary.md");
    let mut runs: Vec<Vec<String>> = Vec::new();
    let owned = |args: &[&str]| args.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for mode in [
        &[][..],
        &["--staged"],
        &["--base", "main"],
        &["--no-history"],
    ] {
        for format in ["human", "concise", "json", "github", "sarif"] {
            let mut args = owned(&["check", "--as-of", AS_OF, "--format", format]);
            args.extend(owned(mode));
            runs.push(args);
        }
    }
    for format in ["human", "concise", "json", "github", "sarif"] {
        runs.push(owned(&["history", "--as-of", AS_OF, "--format", format]));
    }
    for revs in [
        &[][..],
        &["main"],
        &["main", "HEAD"],
        &[c1.as_str(), c2.as_str()],
    ] {
        for format in ["human", "markdown", "json"] {
            let mut args = owned(&["diff", "--as-of", AS_OF, "--format", format]);
            args.extend(owned(revs));
            runs.push(args);
        }
    }
    for profile in ["agents/a.profile.json", "agents/b.profile.json"] {
        runs.push(owned(&["report", profile, "--as-of", AS_OF]));
    }

    let mut seen = String::new();
    for args in &runs {
        let _ = std::fs::remove_file(&summary);
        let out = repo
            .caplint()
            .env("GITHUB_STEP_SUMMARY", &summary)
            .env_remove("NO_COLOR")
            .args(args)
            .output()
            .unwrap();
        let code = out.status.code();
        assert!(matches!(code, Some(0 | 1)), "{args:?}: {}", text(&out));
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        if args.iter().any(|a| a == "json" || a == "sarif") {
            let parsed: Result<Value, _> = serde_json::from_str(&stdout);
            assert!(parsed.is_ok(), "{args:?}: not JSON:\n{stdout}");
        }
        let all = format!(
            "{stdout}{}{}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(&summary).unwrap_or_default()
        );
        for secret in &secrets {
            let leaked = windows_in(&all, secret);
            assert!(
                leaked.is_empty(),
                "{args:?} shows {leaked:?} of a secret:\n{all}"
            );
        }
        seen.push_str(&all);
    }
    // The runs judged what they were meant to: the removed limits, the
    // changed id and version, the deleted profile, the quoted long ref.
    for expected in [
        "limit removed",
        "history/agent-id-changed",
        "history/version-not-comparable",
        "history/profile-deleted",
        "history/skill-version-not-bumped",
        "profile/link-not-url",
        "security/secret-value",
        "versions seen",
        "`token ****`",
    ] {
        assert!(seen.contains(expected), "no {expected} in any output");
    }
}

// ---------------------------------------------------------------------------
// `caplint server`: a small LSP client over the server's stdin and stdout.

/// A running `caplint server` and the messages it sent.
struct Lsp {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    messages: std::sync::mpsc::Receiver<Value>,
    next_id: i64,
}

impl Lsp {
    fn start(repo: &Repo) -> Lsp {
        Lsp::start_with(repo, &[])
    }

    /// [`Lsp::start`] with more arguments for `caplint server`.
    fn start_with(repo: &Repo, extra: &[&str]) -> Lsp {
        use std::io::{BufRead, Read};
        let mut child = repo
            .command(BIN)
            .args(["server", "--as-of", AS_OF])
            .args(extra)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = std::io::BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        Lsp {
            child,
            stdin,
            messages,
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        use std::io::Write;
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response's result.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let response = self.wait(|m| m["id"] == id && m.get("method").is_none());
        assert!(response.get("error").is_none(), "{response}");
        response["result"].clone()
    }

    /// The next message that `pred` accepts, within a timeout.
    fn wait(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(m) if pred(&m) => return m,
                Ok(_) => {}
                Err(e) => {
                    let _ = self.child.kill();
                    panic!("no expected message from caplint server: {e}");
                }
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        m["params"]["diagnostics"].as_array().unwrap().clone()
    }
}

fn file_uri(path: &Path) -> String {
    let path = path.canonicalize().unwrap();
    format!("file://{}", path.display())
}

fn codes(ds: &[Value]) -> Vec<&str> {
    ds.iter().map(|d| d["code"].as_str().unwrap()).collect()
}

#[test]
fn server_publishes_findings_of_open_buffers_and_offers_to_disable_a_rule() {
    let repo = Repo::new();
    repo.write("agents/a.profile.json", GOOD);
    repo.write(
        "skills/demo/SKILL.md",
        "---\nname: demo\ndescription: Demonstrates things. Use when testing.\n---\n\n# Demo\n",
    );
    repo.git(&["add", "."]);
    repo.git(&["commit", "-qm", "init"]);
    let mut lsp = Lsp::start(&repo);
    let root = file_uri(repo.path());
    let init = lsp.request(
        "initialize",
        json!({"processId": null, "rootUri": root, "capabilities": {}}),
    );
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["serverInfo"]["name"], "caplint");
    lsp.notify("initialized", json!({}));

    // An invalid level, in the buffer only (the disk holds GOOD).
    let uri = file_uri(&repo.path().join("agents/a.profile.json"));
    let bad = GOOD.replace("\"proficient\"", "\"expert\"");
    let started = std::time::Instant::now();
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": bad}}),
    );
    let ds = lsp.diagnostics(&uri);
    let answered = started.elapsed();
    let level = ds
        .iter()
        .find(|d| d["code"] == "profile/invalid-level")
        .unwrap_or_else(|| panic!("{ds:?}"))
        .clone();
    let line = bad.lines().position(|l| l.contains("expert")).unwrap();
    assert_eq!(level["range"]["start"]["line"], line);
    let column = bad.lines().nth(line).unwrap().find("\"expert\"").unwrap();
    assert_eq!(level["range"]["start"]["character"], column);
    assert_eq!(level["source"], "caplint");
    assert_eq!(level["severity"], 1);
    assert!(level["codeDescription"]["href"]
        .as_str()
        .unwrap()
        .ends_with("#profileinvalid-level"));
    eprintln!("first answer in {answered:?}");

    // "Disable for this file": a workspace edit that creates .caplint.yaml.
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": level["range"],
               "context": {"diagnostics": [level]}}),
    );
    let action = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Disable profile/invalid-level for this file")
        .unwrap_or_else(|| panic!("{actions}"));
    let ops = action["edit"]["documentChanges"].as_array().unwrap();
    assert_eq!(ops[0]["kind"], "create");
    assert!(ops[0]["uri"].as_str().unwrap().ends_with("/.caplint.yaml"));
    let new_text = ops[1]["edits"][0]["newText"].as_str().unwrap();
    assert!(new_text.contains("\"agents/a.profile.json\""), "{new_text}");
    assert!(
        new_text.contains("\"profile/invalid-level\": off"),
        "{new_text}"
    );
    assert!(!repo.path().join(".caplint.yaml").exists());

    // Fixed in the buffer: the finding goes.
    let started = std::time::Instant::now();
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": GOOD}]}),
    );
    assert_eq!(lsp.diagnostics(&uri), Vec::<Value>::new());
    eprintln!("change answered in {:?}", started.elapsed());

    // A claim added without a version bump: judged against HEAD.
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3},
               "contentChanges": [{"text": claim_change_without_bump()}]}),
    );
    let ds = lsp.diagnostics(&uri);
    assert!(codes(&ds).contains(&"history/version-not-bumped"), "{ds:?}");
    // Its fix as a quick fix: the version string becomes the next one.
    let bump = ds
        .iter()
        .find(|d| d["code"] == "history/version-not-bumped")
        .unwrap()
        .clone();
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": bump["range"],
               "context": {"diagnostics": [bump]}}),
    );
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "set `version` to \"4\"")
        .unwrap_or_else(|| panic!("{actions}"));
    assert_eq!(fix["isPreferred"], true);
    let edit = &fix["edit"]["documentChanges"][0];
    assert_eq!(edit["textDocument"]["uri"], uri);
    assert_eq!(edit["edits"][0]["newText"], "\"4\"");
    let version_line = GOOD
        .lines()
        .position(|l| l.contains("\"version\""))
        .unwrap();
    assert_eq!(edit["edits"][0]["range"]["start"]["line"], version_line);
    assert!(actions
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["title"] == "Disable history/version-not-bumped for this file"));

    // The configuration turns it off: read again when it changes on disk.
    repo.write(
        ".caplint.yaml",
        "overrides:\n  - paths: [\"agents/a.profile.json\"]\n    rules:\n      history/version-not-bumped: off\n",
    );
    lsp.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": file_uri(&repo.path().join(".caplint.yaml")), "type": 1}]}),
    );
    let ds = lsp.diagnostics(&uri);
    assert!(
        !codes(&ds).contains(&"history/version-not-bumped"),
        "{ds:?}"
    );

    // An open configuration is read from its buffer as it is typed; one that
    // does not parse keeps the last settings and says why on its own file.
    let config = file_uri(&repo.path().join(".caplint.yaml"));
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": config, "languageId": "yaml", "version": 1,
                                "text": "freshness_days: [\n"}}),
    );
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": config, "version": 2},
               "contentChanges": [{"text": "freshness_days: [\n"}]}),
    );
    let errors = lsp.diagnostics(&config);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("invalid configuration"));
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": config, "version": 3},
               "contentChanges": [{"text": "min_evidence: 1\n"}]}),
    );
    assert_eq!(lsp.diagnostics(&config), Vec::<Value>::new());
    let ds = lsp.diagnostics(&uri);
    assert!(codes(&ds).contains(&"history/version-not-bumped"), "{ds:?}");

    // A skill whose buffer links a file that does not exist.
    let skill = file_uri(&repo.path().join("skills/demo/SKILL.md"));
    let text = "---\nname: demo\ndescription: Demonstrates things. Use when testing.\n---\n\n# Demo\n\nSee [the guide](references/guide.md).\n";
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": skill, "languageId": "markdown", "version": 1, "text": text}}),
    );
    let ds = lsp.diagnostics(&skill);
    let broken = ds
        .iter()
        .find(|d| d["code"] == "skill/broken-reference")
        .unwrap_or_else(|| panic!("{ds:?}"));
    assert_eq!(broken["range"]["start"]["line"], 7);

    assert_eq!(lsp.request("shutdown", Value::Null), Value::Null);
    lsp.notify("exit", Value::Null);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let status = loop {
        if let Some(status) = lsp.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the server did not exit"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
}

/// A change is answered for its own file first (file rules and history),
/// then the whole repository is linted once the client pauses, which brings
/// the repository-wide findings (a duplicate `agent_id` with a file that is
/// not open).
#[test]
fn server_answers_a_change_for_its_file_then_lints_the_repository() {
    let repo = Repo::new();
    repo.write("agents/a.profile.json", GOOD);
    repo.write(
        "agents/b.profile.json",
        &GOOD.replace("\"agent_id\": \"", "\"agent_id\": \"other-"),
    );
    repo.write(
        "skills/demo/SKILL.md",
        "---\nname: demo\ndescription: Demonstrates things. Use when testing.\n---\n\nSee [the guide](guide.md).\n",
    );
    repo.write("skills/demo/guide.md", "# Guide\n");
    repo.git(&["add", "."]);
    repo.git(&["commit", "-qm", "init"]);
    let mut lsp = Lsp::start(&repo);
    let root = file_uri(repo.path());
    lsp.request(
        "initialize",
        json!({"processId": null, "rootUri": root, "capabilities": {}}),
    );
    lsp.notify("initialized", json!({}));
    let uri = file_uri(&repo.path().join("agents/b.profile.json"));
    let text = std::fs::read_to_string(repo.path().join("agents/b.profile.json")).unwrap();
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    assert_eq!(lsp.diagnostics(&uri), Vec::<Value>::new());

    // The buffer takes a's agent_id and an invalid level.
    let changed = GOOD.replace("\"proficient\"", "\"expert\"");
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": changed}]}),
    );
    // First the file's own findings (the file rules, and history: claims
    // changed under the same version)...
    let first = lsp.diagnostics(&uri);
    let mut first_codes = codes(&first);
    first_codes.sort();
    assert!(first_codes.contains(&"profile/invalid-level"), "{first:?}");
    assert!(
        !first_codes.contains(&"profile/duplicate-agent-id"),
        "{first:?}"
    );
    // ...then, once the client is quiet, the whole repository's.
    let settled = lsp.diagnostics(&uri);
    let mut settled_codes = codes(&settled);
    settled_codes.sort();
    assert!(
        settled_codes.contains(&"profile/duplicate-agent-id"),
        "{settled:?}"
    );
    for code in &first_codes {
        assert!(settled_codes.contains(code), "{code}: {settled:?}");
    }
    let duplicate = settled
        .iter()
        .find(|d| d["code"] == "profile/duplicate-agent-id")
        .unwrap();
    let related = duplicate["relatedInformation"].as_array().unwrap();
    assert!(related[0]["location"]["uri"]
        .as_str()
        .unwrap()
        .ends_with("agents/a.profile.json"));

    // A change to a skill's resource is linted with its folder: the link
    // from SKILL.md still resolves, so nothing is reported on the file.
    let guide = file_uri(&repo.path().join("skills/demo/guide.md"));
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": guide, "languageId": "markdown", "version": 1, "text": "# Guide\n"}}),
    );
    assert_eq!(lsp.diagnostics(&guide), Vec::<Value>::new());
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": guide, "version": 2}, "contentChanges": [{"text": "# Guide\n\nRun [the script](scripts/missing.py).\n"}]}),
    );
    let ds = lsp.diagnostics(&guide);
    assert_eq!(codes(&ds), vec!["skill/broken-reference"], "{ds:?}");
    lsp.request("shutdown", json!(null));
    lsp.notify("exit", json!(null));
}

/// The end of a session: `shutdown` then `exit` ends the server with 0, and
/// so does `shutdown` followed by the client closing the pipe (Neovim on
/// `:qa`); `exit` without `shutdown` ends it with 1, as the protocol says.
#[test]
fn server_ends_cleanly_when_the_client_leaves_after_shutdown() {
    let repo = Repo::new();
    repo.write("agents/a.profile.json", GOOD);
    let root = file_uri(repo.path());
    let start = || {
        let mut lsp = Lsp::start(&repo);
        lsp.request(
            "initialize",
            json!({"processId": null, "rootUri": root, "capabilities": {}}),
        );
        lsp.notify("initialized", json!({}));
        lsp
    };
    let status = |lsp: Lsp| {
        let Lsp {
            mut child, stdin, ..
        } = lsp;
        drop(stdin);
        child.wait().unwrap().code()
    };

    let mut lsp = start();
    lsp.request("shutdown", json!(null));
    lsp.notify("exit", json!(null));
    assert_eq!(status(lsp), Some(0));

    let mut lsp = start();
    lsp.request("shutdown", json!(null));
    assert_eq!(status(lsp), Some(0));

    let mut lsp = start();
    lsp.notify("exit", json!(null));
    assert_eq!(status(lsp), Some(1));
}

#[test]
fn server_code_actions_never_carry_a_secret() {
    // A one-line field no client reads, holding a value the run knows as a
    // secret (from the body's assignment): its fix (move it under
    // `metadata`) would copy the value into `newText`.
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = |n: usize, alphabet: &[u8]| -> String {
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                alphabet[(s % alphabet.len() as u64) as usize] as char
            })
            .collect()
    };
    let upper = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    let alnum = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let secret = format!("{}{}", rnd(24, alnum), "");
    let url = format!(
        "https://hooks.slack{}com/services/T{}/B{}/{secret}",
        '.',
        rnd(10, upper),
        rnd(10, upper)
    );
    let repo = Repo::new();
    let text = format!(
        "---\nname: demo\ndescription: Demonstrates things. Use when testing.\nalerts-hook: {url}\nrelay: {secret}\nowner: support\n---\n\n# Demo\n\n```sh\nRELAY_PASSWORD={secret}\n```\n"
    );
    repo.write("skills/demo/SKILL.md", &text);
    repo.git(&["add", "."]);
    repo.git(&["commit", "-qm", "init"]);
    let mut lsp = Lsp::start(&repo);
    let root = file_uri(repo.path());
    lsp.request(
        "initialize",
        json!({"processId": null, "rootUri": root, "capabilities": {}}),
    );
    lsp.notify("initialized", json!({}));
    let uri = file_uri(&repo.path().join("skills/demo/SKILL.md"));
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
    );
    let ds = lsp.diagnostics(&uri);
    assert!(codes(&ds).contains(&"security/secret-value"), "{ds:?}");
    let unknown: Vec<Value> = ds
        .iter()
        .filter(|d| d["code"] == "skill/unknown-field")
        .cloned()
        .collect();
    assert_eq!(unknown.len(), 3, "{ds:?}");
    let actions = lsp.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": unknown[0]["range"],
               "context": {"diagnostics": unknown}}),
    );
    let all = actions.to_string();
    assert!(!all.contains(&secret[..8]), "{all}");
    assert!(!all.contains(&secret[8..16]), "{all}");
    // The field without a secret keeps its fix, and disabling is offered.
    assert!(all.contains("metadata"), "{all}");
    assert!(all.contains("Disable skill/unknown-field"), "{all}");
}

#[test]
fn server_coalesces_a_burst_of_changes_and_answers_in_linear_time() {
    let repo = Repo::new();
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    repo.git(&["commit", "-qm", "init"]);
    let mut lsp = Lsp::start(&repo);
    let root = file_uri(repo.path());
    lsp.request(
        "initialize",
        json!({"processId": null, "rootUri": root, "capabilities": {}}),
    );
    lsp.notify("initialized", json!({}));
    let uri = file_uri(&repo.path().join("agents/a.profile.json"));
    // A large profile whose notes hold many lines, with one invalid level
    // at the end: many findings would each be placed from the start.
    let notes: String = (0..4000)
        .map(|i| format!("line {i} of the notes é\\n"))
        .collect();
    let big = |level: &str| {
        GOOD.replace("\"proficient\"", &format!("\"{level}\""))
            .replace(
                "\"limits\"",
                &format!("\"notes\": \"{notes}\",\n  \"limits\""),
            )
    };
    let started = std::time::Instant::now();
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": big("expert")}}),
    );
    assert!(codes(&lsp.diagnostics(&uri)).contains(&"profile/invalid-level"));
    // A burst of 60 changes: linted once the client pauses, for the last.
    for v in 2..62 {
        let level = if v == 61 { "advanced" } else { "expert" };
        lsp.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": v},
                   "contentChanges": [{"text": big(level)}]}),
        );
    }
    let ds = lsp.diagnostics(&uri);
    assert!(!codes(&ds).contains(&"profile/invalid-level"), "{ds:?}");
    // Every message that followed is counted: far fewer than the changes.
    std::thread::sleep(std::time::Duration::from_millis(700));
    let mut published = 1;
    while let Ok(m) = lsp.messages.try_recv() {
        if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
            published += 1;
        }
    }
    assert!(published < 10, "{published} publications for 60 changes");
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

#[test]
fn server_target_flag_replaces_the_configured_targets() {
    let repo = Repo::new();
    let text = "---\nname: demo\ndescription: Demonstrates <b>things</b>. Use when testing.\n---\n\n# Demo\n";
    repo.write("skills/demo/SKILL.md", text);
    let uri = file_uri(&repo.path().join("skills/demo/SKILL.md"));
    let codes_with = |extra: &[&str]| -> Vec<String> {
        let mut lsp = Lsp::start_with(&repo, extra);
        lsp.request(
            "initialize",
            json!({"processId": null, "rootUri": file_uri(repo.path()), "capabilities": {}}),
        );
        lsp.notify("initialized", json!({}));
        lsp.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
        );
        let ds = lsp.diagnostics(&uri);
        let _ = lsp.child.kill();
        codes(&ds).into_iter().map(str::to_string).collect()
    };
    assert!(!codes_with(&[]).contains(&"skill/xml-in-frontmatter".to_string()));
    assert!(codes_with(&["--target", "claude"]).contains(&"skill/xml-in-frontmatter".to_string()));
    // The upload rejects tags; Claude Code reads them.
    assert!(
        codes_with(&["--target", "claude-api"]).contains(&"skill/xml-in-frontmatter".to_string())
    );
    assert!(
        !codes_with(&["--target", "claude-code"]).contains(&"skill/xml-in-frontmatter".to_string())
    );
}

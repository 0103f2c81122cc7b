//! Integrations through the binary: GitHub and SARIF output, JSON Schemas,
//! `caplint init`, secrets in every format, pipes, colors and exit codes.

use assert_cmd::Command;
use serde_json::{json, Value};
use std::path::Path;

const AS_OF: &str = "2026-10-15";

const GOOD: &str = r#"{
  "agent_id": "research-agent-07",
  "version": "3",
  "declared_at": "2026-10-01",
  "skills": [{"name": "web-search", "level": "proficient",
              "evidence": [{"kind": "log", "ref": "run-2026-09-28-search"}]}],
  "tools": [{"name": "browser", "access": "read",
             "evidence": [{"kind": "link", "ref": "https://example.org/checks/browser-09"}]},
            {"name": "mailbox", "access": "none"}],
  "limits": ["No access to private mailboxes."]
}
"#;

const SECRET_PASSWORD: &str = "Sup3rS3cretValue";
// Split so that the source holds no whole token; a written-out sequence
// (`abcdef…0123456789`) would read as a placeholder, not a credential.
const SECRET_TOKEN: &str = concat!("ghp_", "q7Wm2Rk9Tz4Lx8Vb", "3Nc6Hd1Jf5Gs0Pa2Ye7U");
const SECRET_URL_PASSWORD: &str = "S3cretPw";

fn caplint() -> Command {
    let mut cmd = Command::cargo_bin("caplint").unwrap();
    for var in [
        "GITHUB_STEP_SUMMARY",
        "GITHUB_BASE_REF",
        "GITHUB_ACTIONS",
        "NO_COLOR",
        "CLICOLOR_FORCE",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

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
        &format!(
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

fn json_of(dir: &Path) -> Value {
    let (code, stdout, _) = run(dir, &["--format", "json"]);
    assert_eq!(code, 1);
    serde_json::from_str(&stdout).unwrap()
}

fn load_schema(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schemas")
        .join(name);
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
    // Every finding also appears as plain text, then a summary line.
    let json = json_of(dir.path());
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
                && l.contains(": error[profile/field-type]: ")),
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
        stdout.contains("\na\\nb.profile.json:1:1: error[profile/not-an-object]: "),
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
        json_of(dir.path())["diagnostics"].as_array().unwrap().len()
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
    let listed = Command::cargo_bin("caplint")
        .unwrap()
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
    let json = json_of(dir.path());
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
    let testdata =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/agents/research.profile.json");
    let research: Value =
        serde_json::from_str(&std::fs::read_to_string(testdata).unwrap()).unwrap();
    assert!(
        validator.is_valid(&research),
        "{:?}",
        validator.validate(&research).err()
    );
    let good: Value = serde_json::from_str(GOOD).unwrap();
    assert!(validator.is_valid(&good));
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
        "rules": {},
        "overrides": [],
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
    ] {
        assert!(!validator.is_valid(&bad), "{bad}");
    }
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
    assert!(stdout.contains("id: caplint\n"), "{stdout}");
    assert!(stdout.contains("id: caplint-pre-push\n"), "{stdout}");
    assert!(stdout.contains("pre-commit install"), "{stdout}");
    let path = dir.path().join(".caplint.yaml");
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.lines().any(|l| l.starts_with('#')), "commented");

    let (config, found) = caplint::config::load(dir.path(), None).unwrap();
    assert_eq!(found.as_deref(), Some(path.as_path()));
    assert_eq!(config, caplint::config::Config::default());

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
    let bin = env!("CARGO_BIN_EXE_caplint");
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

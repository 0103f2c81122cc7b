//! CLI tests through the binary: exit codes, the JSON schema of SPEC §5,
//! config handling, and the bundled testdata.

use crate::support::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// Runs `caplint check` in `dir` with JSON output; returns (exit code, JSON).
fn check_json(dir: &Path, extra: &[&str]) -> (i32, Value) {
    let out = caplint()
        .current_dir(dir)
        .args([
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--format",
            "json",
        ])
        .args(extra)
        .output()
        .unwrap();
    json_of(&out)
}

#[test]
fn clean_profile_exits_zero() {
    let dir = folder_with(&[("agents/a.profile.json", GOOD)]);
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 0);
    assert_eq!(json["summary"]["profiles"], 1);
}

#[test]
fn json_output_matches_the_spec_field_by_field() {
    let text = GOOD
        .replace(
            "\"evidence\": [{\"kind\": \"log\", \"ref\": \"run-2026-09-28-search\"}]",
            "\"evidence\": []",
        )
        .replace("research-agent-07", "recherche-agent-é7");
    let dir = folder_with(&[("agents/a.profile.json", &text)]);
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!(code, 1);
    let top: BTreeSet<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        top,
        BTreeSet::from(["tool", "version", "diagnostics", "summary"])
    );
    assert_eq!(json["tool"], "caplint");
    assert_eq!(json["version"], env!("CARGO_PKG_VERSION"));
    let d = &json["diagnostics"][0];
    let keys: BTreeSet<&str> = d.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        BTreeSet::from(["rule", "severity", "message", "path", "span", "help", "commit"])
    );
    assert_eq!(d["rule"], "profile/missing-evidence");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["path"], "agents/a.profile.json");
    assert!(d["commit"].is_null());
    assert!(d["help"].is_string());
    let span = &d["span"];
    let skeys: BTreeSet<&str> = span
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        skeys,
        BTreeSet::from(["offset", "length", "line", "column"])
    );
    let offset = span["offset"].as_u64().unwrap() as usize;
    let length = span["length"].as_u64().unwrap() as usize;
    assert_eq!(&text[offset..offset + length], "[]");
    assert_eq!(span["line"], 6);
    let line_start = text[..offset].rfind('\n').unwrap() + 1;
    assert_eq!(
        span["column"].as_u64().unwrap() as usize,
        text[line_start..offset].chars().count() + 1
    );
    let summary = &json["summary"];
    let sumkeys: BTreeSet<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        sumkeys,
        BTreeSet::from(["files", "profiles", "skills", "errors", "warnings"])
    );
    assert_eq!(summary["errors"], 1);
    assert_eq!(summary["warnings"], 0);
    assert_eq!(summary["files"], 1);
}

#[test]
fn columns_count_characters_not_bytes() {
    let text = "{\"agent_id\": \"é\", \"version\": 3, \"declared_at\": \"2026-10-01\", \"skills\": [], \"tools\": [], \"limits\": [\"x\"]}";
    let dir = folder_with(&[("a.profile.json", text)]);
    let (_, json) = check_json(dir.path(), &[]);
    let d = &json["diagnostics"][0];
    assert_eq!(d["rule"], "profile/field-type");
    let offset = d["span"]["offset"].as_u64().unwrap() as usize;
    assert_eq!(&text[offset..offset + 1], "3");
    assert_eq!(
        d["span"]["column"].as_u64().unwrap() as usize,
        text[..offset].chars().count() + 1
    );
    assert_ne!(d["span"]["column"].as_u64().unwrap() as usize, offset + 1);
}

#[test]
fn diagnostics_are_sorted_and_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["b", "a", "c"] {
        fs::write(
            dir.path().join(format!("{name}.profile.json")),
            GOOD.replace(
                "\"limits\": [\"No access to private mailboxes.\"]",
                "\"limits\": [], \"x\": 1",
            ),
        )
        .unwrap();
    }
    let (_, first) = check_json(dir.path(), &[]);
    let (_, second) = check_json(dir.path(), &[]);
    assert_eq!(first, second);
    let keys: Vec<(String, u64, String)> = first["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["path"].as_str().unwrap().to_string(),
                d["span"]["offset"].as_u64().unwrap_or(0),
                d["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert!(keys.len() >= 9);
}

#[test]
fn warnings_pass_unless_max_warnings_is_exceeded() {
    let text = GOOD.replace(
        "\"limits\": [\"No access to private mailboxes.\"]",
        "\"limits\": []",
    );
    let dir = folder_with(&[("a.profile.json", &text)]);
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!((code, json["summary"]["warnings"].as_u64()), (0, Some(1)));
    assert_eq!(check_json(dir.path(), &["--max-warnings", "1"]).0, 0);
    assert_eq!(check_json(dir.path(), &["--max-warnings", "0"]).0, 1);
}

#[test]
fn bare_caplint_is_check() {
    let dir = folder_with(&[("a.profile.json", "{}")]);
    let out = caplint()
        .current_dir(dir.path())
        .args(["--no-history", "--as-of", AS_OF, "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        rules_of(&json)
            .iter()
            .filter(|r| *r == "profile/missing-field")
            .count(),
        6
    );
    // One finding per field, in name order, each at the opening brace.
    let missing: Vec<(&str, &Value)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "profile/missing-field")
        .map(|d| (d["message"].as_str().unwrap(), &d["span"]))
        .collect();
    let fields = [
        "agent_id",
        "declared_at",
        "limits",
        "skills",
        "tools",
        "version",
    ];
    for ((message, span), field) in missing.iter().zip(fields) {
        assert_eq!(*message, format!("missing required field `{field}`"));
        assert_eq!((&span["offset"], &span["length"]), (&0.into(), &1.into()));
    }
}

#[test]
fn usage_errors_exit_two() {
    let dir = folder_with(&[("a.profile.json", GOOD)]);
    for args in [
        vec!["check", "--as-of", "2026-1-5"],
        vec!["check", "--as-of", "2026-02-30"],
        vec!["check", "--format", "yaml"],
        vec!["check", "does-not-exist"],
        vec!["explain", "profile/nope"],
        vec!["check", "--frobnicate"],
    ] {
        let out = caplint()
            .current_dir(dir.path())
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty() || args[0] == "explain", "{args:?}");
    }
}

#[test]
fn config_errors_point_into_the_file() {
    let dir = folder_with(&[
        ("a.profile.json", GOOD),
        (
            ".caplint.yaml",
            "profiles: [\"**/*.profile.json\"]\nfreshnes_days: 30\n",
        ),
    ]);
    let out = caplint()
        .current_dir(dir.path())
        .args(["check", "--no-history", "--color", "never"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown config key `freshnes_days`"), "{err}");
    assert!(err.contains(".caplint.yaml:2:1"), "{err}");
    assert!(err.contains("did you mean `freshness_days`?"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn config_sets_severities_and_thresholds() {
    let stale = GOOD.replace("2026-10-01", "2026-08-01");
    let dir = folder_with(&[
        ("a.profile.json", &stale),
        (
            "legacy/b.profile.json",
            &stale.replace("research-agent-07", "other"),
        ),
    ]);
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!(
        (code, json["diagnostics"].as_array().unwrap().len()),
        (0, 0)
    );
    fs::write(dir.path().join(".caplint.yaml"), "freshness_days: 30\nrules:\n  profile/stale: error\noverrides:\n  - paths: [\"legacy/**\"]\n    rules:\n      profile/stale: off\n").unwrap();
    let (code, json) = check_json(dir.path(), &[]);
    assert_eq!(code, 1, "{json}");
    let ds = json["diagnostics"].as_array().unwrap();
    assert_eq!(ds.len(), 1);
    assert_eq!(ds[0]["rule"], "profile/stale");
    assert_eq!(ds[0]["severity"], "error");
    assert_eq!(ds[0]["path"], "a.profile.json");
    assert_eq!(
        ds[0]["message"],
        "profile is stale: declared 75 days before 2026-10-15, over the 30-day limit"
    );
    assert_eq!(ds[0]["span"]["line"], 4);
    // --config points elsewhere
    fs::write(dir.path().join("other.yaml"), "min_evidence: 2\n").unwrap();
    let (_, json) = check_json(dir.path(), &["--config", "other.yaml"]);
    assert_eq!(rules_of(&json), vec!["profile/missing-evidence"; 4]);
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "skill `web-search` has 1 evidence entry; at least 2 required",
            "tool `browser` has 1 evidence entry; at least 2 required",
        ]
        .repeat(2)
    );
}

#[test]
fn explicit_paths_limit_the_run() {
    let dir = folder_with(&[
        ("a/x.profile.json", "{}"),
        ("b/y.profile.json", GOOD),
        ("c/named.json", "[]"),
    ]);
    let (code, json) = check_json(dir.path(), &["b"]);
    assert_eq!((code, json["summary"]["profiles"].as_u64()), (0, Some(1)));
    let (code, json) = check_json(dir.path(), &["c/named.json"]);
    assert_eq!(code, 1);
    assert_eq!(rules_of(&json), vec!["profile/not-an-object"]);
    assert_eq!(json["diagnostics"][0]["path"], "c/named.json");
}

#[test]
fn secrets_never_appear_in_any_output() {
    // A token-shaped value built at run time (a written-out sequence such
    // as `A1b2C3d4…` reads as a placeholder, not a credential).
    let alnum = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let token = format!(
        "ghp_{}",
        (0..36)
            .map(|i| alnum[(i * 7 + 3) % 62] as char)
            .collect::<String>()
    );
    let text = GOOD
        .replace(
            "https://example.org/checks/browser-09",
            "https://ops:S3cretPassw0rd@logs.internal.test/run/41",
        )
        .replace(
            "\"limits\": [",
            &format!(
                "\"notes\": \"token {token} and password=Sup3rS3cretValue\",\n  \"limits\": ["
            ),
        );
    let dir = folder_with(&[("a.profile.json", &text)]);
    for format in ["json", "human"] {
        let out = caplint()
            .current_dir(dir.path())
            .args([
                "check",
                "--no-history",
                "--as-of",
                AS_OF,
                "--color",
                "never",
                "--format",
                format,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for secret in [token.as_str(), "S3cretPassw0rd", "Sup3rS3cretValue"] {
            assert!(
                !all.contains(secret),
                "{format} output leaks {secret}:\n{all}"
            );
        }
        assert_eq!(all.matches("security/secret-value").count(), 3, "{all}");
    }
}

#[test]
fn hostile_profiles_end_quickly_without_panics() {
    let deep = format!("{{\"a\": {}{}}}", "[".repeat(200_000), "]".repeat(200_000));
    let files: Vec<(String, Vec<u8>)> = vec![
        ("deep.profile.json".into(), deep.into_bytes()),
        (
            "utf8.profile.json".into(),
            b"{\"agent_id\": \"\xff\xfe\"}".to_vec(),
        ),
        (
            "bom.profile.json".into(),
            format!("\u{feff}{GOOD}").into_bytes(),
        ),
        ("empty.profile.json".into(), Vec::new()),
        (
            "truncated.profile.json".into(),
            GOOD.as_bytes()[..40].to_vec(),
        ),
        (
            "nan.profile.json".into(),
            b"{\"agent_id\": NaN, \"version\": 1e999999}".to_vec(),
        ),
        (
            "nul.profile.json".into(),
            b"{\"agent_id\": \"a\0b\"}".to_vec(),
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in &files {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    fs::create_dir(dir.path().join("folder.profile.json")).unwrap();
    let start = std::time::Instant::now();
    let out = caplint()
        .current_dir(dir.path())
        .args([
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--format",
            "json",
        ])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(start.elapsed().as_secs() < 60);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let invalid: BTreeSet<String> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "profile/invalid-json")
        .map(|d| d["path"].as_str().unwrap().to_string())
        .collect();
    let expected: BTreeSet<String> = files.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(invalid, expected);
    // Nothing was changed.
    for (name, bytes) in &files {
        assert_eq!(&fs::read(dir.path().join(name)).unwrap(), bytes);
    }
}

#[test]
fn testdata_shows_every_file_rule() {
    let root = manifest();
    let (code, json) = check_json(root, &["testdata"]);
    assert_eq!(code, 1);
    let mut fired: BTreeSet<String> = rules_of(&json).into_iter().collect();
    // The rules of the other targets fire when those targets are selected.
    let (code, all_targets) = check_json(
        root,
        &[
            "testdata",
            "--target",
            "agentskills",
            "--target",
            "claude",
            "--target",
            "codex",
            "--target",
            "platform",
        ],
    );
    assert_eq!(code, 1);
    let with_targets: BTreeSet<String> = rules_of(&all_targets).into_iter().collect();
    for rule in [
        "skill/xml-in-frontmatter",
        "skill/unknown-tool",
        "skill/codex-metadata",
        "skill/invalid-category",
    ] {
        assert!(!fired.contains(rule), "{rule} fired without its target");
    }
    fired.extend(with_targets);
    for family in ["profile", "skill", "security"] {
        for rule in lib::rule_ids_of(family) {
            // A skill over 8 MiB does not belong in the repository; the test
            // of `skill/folder-too-large` (tests/it/targets.rs) makes one.
            if rule == "skill/folder-too-large" {
                continue;
            }
            assert!(fired.contains(rule), "testdata does not show {rule}");
        }
    }
    assert!(json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["path"].as_str().unwrap().starts_with("testdata/")));
    // The good examples stay clean: a passing case for every profile,
    // skill and security rule at once.
    assert!(!json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["path"] == "testdata/agents/research.profile.json"
            && d["rule"] != "profile/duplicate-agent-id"));
    for skill in ["incident-report", "refund-policy"] {
        let dir = format!("testdata/skills/{skill}/");
        assert!(
            !json["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["path"].as_str().unwrap().starts_with(&dir)),
            "{skill} has findings"
        );
    }
}

#[test]
fn findings_are_the_same_from_the_root_and_from_a_folder_below() {
    // From the root, files are opened relative to the working directory;
    // from below it, by the root's path. Both must read the same files.
    let root = manifest();
    let run = |dir: &Path, path: &str| {
        let (code, json) = check_json(dir, &[path]);
        assert_eq!(code, 1);
        json["diagnostics"].clone()
    };
    let from_root = run(root, "testdata");
    assert!(from_root.as_array().is_some_and(|d| d.len() > 20));
    assert_eq!(run(&root.join("testdata"), "."), from_root);
    assert_eq!(run(&root.join("testdata/skills"), ".."), from_root);
}

#[test]
fn rules_and_explain_come_from_the_registry() {
    let out = caplint().args(["rules"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for rule in lib::rule_ids() {
        assert!(text.contains(rule), "{rule}");
    }
    let out = caplint()
        .args(["explain", "profile/missing-evidence"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for part in [
        "# profile/missing-evidence",
        "## What it does",
        "## Why",
        "Bad:",
        "Good:",
        "## Fix",
    ] {
        assert!(text.contains(part), "{part}");
    }
    let out = caplint()
        .args(["explain", "missing-evidence"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("profile/missing-evidence"));
}

/// `caplint rules` fits a 100-column terminal: each rule starts a line with
/// its id and severity, and a long text wraps under its own column.
/// `--format json` gives tools every rule whole.
#[test]
fn rules_fit_100_columns_and_json_is_whole() {
    let out = caplint().args(["rules"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    let starts: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(starts, lib::rule_ids());
    let indent = text
        .lines()
        .find(|l| l.starts_with(' '))
        .expect("a wrapped line");
    let column = indent.len() - indent.trim_start().len();
    let first = text.lines().next().unwrap();
    assert_eq!(&first[column - 2..column], "  ", "{first}");
    let out = caplint()
        .args(["rules", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = json.as_array().unwrap();
    assert_eq!(list.len(), lib::rule_ids().len());
    let sarif = list
        .iter()
        .find(|r| r["id"] == "security/secret-value")
        .unwrap();
    assert!(sarif["summary"].as_str().unwrap().len() > 100);
    assert_eq!(sarif["severity"], "error");
}

#[test]
fn human_output_is_rustc_like() {
    let text = GOOD.replace("\"proficient\"", "\"expert\"");
    let dir = folder_with(&[("a.profile.json", &text)]);
    let out = caplint()
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
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        !stdout.contains('\u{1b}'),
        "no ANSI escapes with --color never"
    );
    insta::assert_snapshot!("human_invalid_level", stdout);
}

/// `caplint report` through the binary matches the reference script on every
/// bundled profile and on the worked fixture (the differential test in
/// `report_diff.rs` covers thousands of random profiles in-process).
#[test]
fn report_matches_the_reference_through_the_binary() {
    let root = manifest();
    let reference = root.join("tests/reference/profile_check.py");
    let mut cases: Vec<Vec<String>> = vec![vec![
        "--make-fixture".into(),
        "--as-of".into(),
        AS_OF.into(),
    ]];
    for entry in fs::read_dir(root.join("testdata/agents")).unwrap() {
        let path = entry.unwrap().path();
        cases.push(vec![
            path.to_string_lossy().into_owned(),
            "--as-of".into(),
            AS_OF.into(),
        ]);
    }
    cases.push(vec![
        "testdata/agents/research.profile.json".into(),
        "--as-of".into(),
        "2026-13-01".into(),
    ]);
    cases.push(vec![
        "no-such.profile.json".into(),
        "--as-of".into(),
        AS_OF.into(),
    ]);
    for args in cases {
        let py = std::process::Command::new("python3")
            .current_dir(root)
            .arg(&reference)
            .args(&args)
            .output()
            .expect("python3 is required for the reference comparison");
        let ours = caplint()
            .current_dir(root)
            .arg("report")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&py.stdout),
            "{args:?}"
        );
        assert_eq!(ours.status.code(), py.status.code(), "{args:?}");
    }
    // The documented difference: only zero-padded dates are accepted.
    let ours = caplint()
        .current_dir(root)
        .args([
            "report",
            "testdata/agents/research.profile.json",
            "--as-of",
            "2026-1-5",
        ])
        .output()
        .unwrap();
    assert_eq!(ours.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&ours.stdout),
        "error: --as-of must be YYYY-MM-DD\n"
    );
}

/// Runs caplint in `dir` with `args`; returns (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = caplint().current_dir(dir).args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const STABLE: [&str; 6] = [
    "--no-history",
    "--as-of",
    AS_OF,
    "--color",
    "never",
    "testdata",
];

/// The bundled example as a person sees it: reviewed with every change.
#[test]
fn testdata_human_output_snapshot() {
    let root = manifest();
    let (code, stdout, _) = run_in(root, &[&["check"][..], &STABLE].concat());
    assert_eq!(code, 1);
    insta::assert_snapshot!("testdata_human", stdout);
}

#[test]
fn testdata_concise_output_snapshot() {
    let root = manifest();
    let (code, stdout, _) = run_in(
        root,
        &[&["check", "--format", "concise"][..], &STABLE].concat(),
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("testdata_concise", stdout);
}

/// The bundled example in the machine formats, as CI and code scanning read
/// them: the JSON report whole, the GitHub annotations, and SARIF's results
/// (its rule metadata is each rule's documentation, snapshotted by
/// `docs/rules.md`).
#[test]
fn testdata_json_github_and_sarif_snapshots() {
    let root = manifest();
    let run = |format: &str| {
        let (code, stdout, _) = run_in(
            root,
            &[&["check", "--format", format][..], &STABLE].concat(),
        );
        assert_eq!(code, 1, "{format}");
        stdout
    };
    insta::assert_snapshot!("testdata_json", run("json"));
    insta::assert_snapshot!("testdata_github", run("github"));
    let sarif: serde_json::Value = serde_json::from_str(&run("sarif")).unwrap();
    let results = serde_json::to_string_pretty(&sarif["runs"][0]["results"]).unwrap();
    insta::assert_snapshot!("testdata_sarif_results", results);
}

/// One finding is one block whose first line names severity, rule, file,
/// line and column; the related file of a duplicate is inside that block;
/// and the blocks, the concise lines, the JSON and the summary all count the
/// same findings.
#[test]
fn human_blocks_concise_lines_and_counts_agree() {
    let root = manifest();
    let (_, human, _) = run_in(root, &[&["check"][..], &STABLE].concat());
    let (_, concise, _) = run_in(
        root,
        &[&["check", "--format", "concise"][..], &STABLE].concat(),
    );
    let (_, json) = check_json(root, &["testdata"]);
    let findings = json["diagnostics"].as_array().unwrap();
    let errors = json["summary"]["errors"].as_u64().unwrap() as usize;
    let warnings = json["summary"]["warnings"].as_u64().unwrap() as usize;
    assert_eq!(findings.len(), errors + warnings);
    let heads: Vec<&str> = human
        .lines()
        .filter(|l| l.starts_with("error[") || l.starts_with("warning["))
        .collect();
    assert_eq!(heads.len(), findings.len(), "{human}");
    assert!(
        !human.contains("Warning:") && !human.contains('⚠'),
        "{human}"
    );
    let lines: Vec<&str> = concise.lines().collect();
    assert_eq!(lines.len(), findings.len() + 1, "{concise}");
    assert_eq!(
        lines.last().copied(),
        // 41 profiles and skill files, and the routing decision record.
        Some(format!("{errors} errors, {warnings} warnings in 42 files").as_str())
    );
    let line_re =
        regex::Regex::new(r"^[^:]+:\d+:\d+: (error|warning)\[[a-z]+/[a-z0-9-]+\] .+$").unwrap();
    for (d, (head, line)) in findings.iter().zip(heads.iter().zip(&lines)) {
        assert!(line_re.is_match(line), "{line}");
        let (l, c) = match d["span"].as_object() {
            Some(s) => (s["line"].as_u64().unwrap(), s["column"].as_u64().unwrap()),
            None => (1, 1),
        };
        let path = d["path"].as_str().unwrap();
        let sev = d["severity"].as_str().unwrap();
        let rule = d["rule"].as_str().unwrap();
        assert!(
            line.starts_with(&format!("{path}:{l}:{c}: {sev}[{rule}] ")),
            "{line} for {d}"
        );
        let at = if d["span"].is_null() {
            path.to_string()
        } else {
            format!("{path}:{l}:{c}")
        };
        assert!(
            head.starts_with(&format!("{sev}[{rule}]: {at}: ")),
            "{head} for {d}"
        );
    }
    // A duplicate: one block, with a snippet of each file.
    let block = human
        .split("\n\n")
        .find(|b| {
            b.starts_with("warning[skill/duplicate-name]: testdata/skills/code-review/SKILL.md")
        })
        .unwrap();
    assert!(
        block.contains("╭─[testdata/skills/code-review/SKILL.md:2:7]"),
        "{block}"
    );
    assert!(
        block.contains("╭─[testdata/legacy/skills/code-review/SKILL.md:2:7]"),
        "{block}"
    );
    assert!(block.contains("also declared here"), "{block}");
}

/// A 1,094-character description is underlined under a few words, with the
/// length in the label, and the long line is cut to a window.
#[test]
fn long_spans_are_labelled_compactly() {
    let root = manifest();
    let (_, human, _) = run_in(
        root,
        &[
            &["check"][..],
            &STABLE[..5],
            &["testdata/skills/long-description"],
        ]
        .concat(),
    );
    assert!(human.contains("╰── 1094 characters"), "{human}");
    let widest = human.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest < 200, "{widest} columns:\n{human}");
}

#[test]
fn concise_paths_are_relative_to_the_working_directory() {
    let root = manifest();
    let (code, out, _) = run_in(
        &root.join("testdata/agents"),
        &[
            &["check", "--format", "concise"][..],
            &STABLE[..5],
            &["broken.profile.json"],
        ]
        .concat(),
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "broken.profile.json:5:15: error[profile/invalid-json] invalid JSON: trailing comma in object\n\
         1 error, 0 warnings in 1 file\n"
    );
    let (_, human, _) = run_in(
        &root.join("testdata/skills"),
        &[
            &["check"][..],
            &STABLE[..5],
            &["../agents/broken.profile.json"],
        ]
        .concat(),
    );
    assert!(
        human.starts_with("error[profile/invalid-json]: ../agents/broken.profile.json:5:15: "),
        "{human}"
    );
}

#[test]
fn mistyped_subcommands_get_a_suggestion_and_paths_still_work() {
    let dir = folder_with(&[("a.profile.json", GOOD)]);
    let (code, stdout, stderr) = run_in(dir.path(), &["chekc"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("did you mean `caplint check`?"), "{stderr}");
    let (code, _, stderr) = run_in(dir.path(), &["histroy"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("did you mean `caplint history`?"),
        "{stderr}"
    );
    // An existing path is still linted, even one named like a command.
    fs::create_dir(dir.path().join("chekc")).unwrap();
    fs::write(dir.path().join("chekc/b.profile.json"), "{").unwrap();
    let (code, json) = check_json(dir.path(), &["chekc"]);
    assert_eq!(code, 1);
    assert_eq!(rules_of(&json), ["profile/invalid-json"]);
    let (code, json) = {
        let (c, out, _) = run_in(
            dir.path(),
            &[
                "--no-history",
                "--as-of",
                AS_OF,
                "--format",
                "json",
                "a.profile.json",
            ],
        );
        (c, serde_json::from_str::<Value>(&out).unwrap())
    };
    assert_eq!((code, json["summary"]["profiles"].as_u64()), (0, Some(1)));
}

#[test]
fn global_flags_work_before_the_subcommand() {
    let root = manifest();
    let (code, out, err) = run_in(
        root,
        &[
            "--format",
            "json",
            "--as-of",
            AS_OF,
            "check",
            "--no-history",
            "testdata/agents/broken.profile.json",
        ],
    );
    assert_eq!(code, 1, "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rules_of(&json), ["profile/invalid-json"]);
}

#[test]
fn an_empty_run_says_what_it_looked_for() {
    let dir = folder_with(&[("a.profile.json", GOOD), ("README.md", "# hi\n")]);
    let (code, stdout, stderr) = run_in(dir.path(), &["check", "--no-history", "README.md"]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("0 errors, 0 warnings in 0 files"),
        "{stdout}"
    );
    assert!(
        stderr.contains("no profile and no skill found under README.md"),
        "{stderr}"
    );
    assert!(
        stderr.contains("`**/*.profile.json`") && stderr.contains("`**/skills`"),
        "{stderr}"
    );
    assert!(stderr.contains("--error-on-empty"), "{stderr}");
    let (code, _, stderr) = run_in(
        dir.path(),
        &[
            "check",
            "--no-history",
            "-q",
            "--error-on-empty",
            "README.md",
        ],
    );
    assert_eq!(code, 1);
    assert!(stderr.contains("no profile and no skill found"), "{stderr}");
    // A glob with a typo in the configuration.
    fs::write(
        dir.path().join(".caplint.yaml"),
        "profiles: [\"**/*.profle.json\"]\n",
    )
    .unwrap();
    let (code, _, stderr) = run_in(dir.path(), &["check", "--no-history", "--error-on-empty"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`**/*.profle.json`"), "{stderr}");
    // Something to judge: no warning, and the flag changes nothing.
    fs::remove_file(dir.path().join(".caplint.yaml")).unwrap();
    let (code, _, stderr) = run_in(dir.path(), &["check", "--no-history", "--error-on-empty"]);
    assert_eq!(code, 0);
    assert!(!stderr.contains("no profile"), "{stderr}");
}

#[test]
fn max_warnings_says_why_the_run_failed_in_every_format() {
    let text = GOOD.replace(
        "\"limits\": [\"No access to private mailboxes.\"]",
        "\"limits\": []",
    );
    let dir = folder_with(&[("a.profile.json", &text)]);
    let base = [
        "check",
        "--no-history",
        "--as-of",
        AS_OF,
        "--max-warnings",
        "0",
    ];
    let why = "1 warning, more than --max-warnings 0 allows (exit 1)";
    let run = |extra: &[&str]| {
        let (code, out, err) = run_in(dir.path(), &[&base[..], extra].concat());
        assert_eq!(code, 1, "{extra:?}");
        (out, err)
    };
    let (out, _) = run(&[]);
    assert!(out.ends_with(&format!("error: {why}\n")), "{out}");
    let (out, _) = run(&["--format", "concise"]);
    assert!(
        out.ends_with(&format!("in 1 file\nerror: {why}\n")),
        "{out}"
    );
    for format in ["human", "concise"] {
        let (out, err) = run(&["--format", format, "-q"]);
        assert!(!out.contains("max-warnings"), "{out}");
        assert_eq!(err, format!("error: {why}\n"));
    }
    let (out, _) = run(&["--format", "github"]);
    assert!(
        out.ends_with(&format!("::error title=caplint --max-warnings::{why}\n")),
        "{out}"
    );
    let (out, err) = run(&["--format", "json"]);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["summary"]["max_warnings"], 0);
    assert_eq!(json["summary"]["max_warnings_exceeded"], true);
    assert!(err.contains(why), "{err}");
    let (out, err) = run(&["--format", "sarif"]);
    let sarif: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"],
        why
    );
    assert!(err.contains(why), "{err}");
    // Within the limit, or failed by errors: no such line.
    let (code, out, err) = run_in(
        dir.path(),
        &[
            "check",
            "--no-history",
            "--as-of",
            AS_OF,
            "--max-warnings",
            "1",
        ],
    );
    assert_eq!(code, 0);
    assert!(!out.contains("--max-warnings") && !err.contains("--max-warnings"));
    let (_, json) = check_json(dir.path(), &[]);
    assert!(json["summary"].get("max_warnings").is_none());
}

/// With colors, the first line of a block is painted by severity (bold red
/// for errors) and the snippet by miette; the text is the same as without.
#[test]
fn human_output_in_color_has_the_same_text() {
    let root = manifest();
    let args = [
        "check",
        "--no-history",
        "--as-of",
        AS_OF,
        "testdata/agents/broken.profile.json",
    ];
    let (_, plain, _) = run_in(root, &[&args[..], &["--color", "never"]].concat());
    let (code, color, _) = run_in(root, &[&args[..], &["--color", "always"]].concat());
    assert_eq!(code, 1);
    assert!(
        color.starts_with("\u{1b}[1;31merror[profile/invalid-json]\u{1b}[0m"),
        "{color:?}"
    );
    let stripped = regex::Regex::new("\u{1b}\\[[0-9;]*m")
        .unwrap()
        .replace_all(&color, "");
    assert_eq!(stripped, plain);
}

/// Concise output honours `--color` as human output does: `always` paints
/// the severity and rule, the text stays the same, and `never` (or a pipe
/// with `auto`) has no escape codes.
#[test]
fn concise_output_honours_color() {
    let root = manifest();
    let args = [
        "check",
        "--no-history",
        "--as-of",
        AS_OF,
        "--format",
        "concise",
        "testdata/agents/broken.profile.json",
    ];
    let (_, plain, _) = run_in(root, &[&args[..], &["--color", "never"]].concat());
    let (_, auto, _) = run_in(root, &args);
    let (code, color, _) = run_in(root, &[&args[..], &["--color", "always"]].concat());
    assert_eq!(code, 1);
    assert!(
        !plain.contains('\u{1b}') && !auto.contains('\u{1b}'),
        "{plain:?}"
    );
    assert!(
        color.contains("\u{1b}[1;31merror[profile/invalid-json]\u{1b}[0m"),
        "{color:?}"
    );
    let stripped = regex::Regex::new("\u{1b}\\[[0-9;]*m")
        .unwrap()
        .replace_all(&color, "");
    assert_eq!(stripped, plain);
}

/// docs/rules.md (the page `caplint server` links each finding to) is what
/// scripts/rules-doc.sh writes from this binary: a rule or fix added, or a
/// text changed, without regenerating the page fails here.
#[test]
fn rules_page_is_generated_from_the_registry() {
    let root = manifest();
    let out = std::process::Command::new("sh")
        .arg(root.join("scripts/rules-doc.sh"))
        .arg(BIN)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = fs::read_to_string(root.join("docs/rules.md")).unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout) == page,
        "docs/rules.md is stale: run `scripts/rules-doc.sh target/debug/caplint > docs/rules.md`"
    );
}

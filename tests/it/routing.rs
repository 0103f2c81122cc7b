//! Routing decisions: `caplint match` on candidate profiles, decision records
//! written with `--record` and audited by `caplint check` across later
//! profile versions, the decision history rules, and `caplint summary`.

use crate::support::{json_of, rules_of, stdout, Repo, AS_OF};
use serde_json::Value;

const REQ: &str = r#"{"task": "Route refund tickets", "decision": "routing",
 "freshness_days": 90, "min_evidence": 1,
 "skills": [{"name": "refund-policy", "min_level": "proficient"}],
 "tools": [{"name": "crm", "access": "write"}],
 "rule_out_limits": ["no refunds", "english only"]}
"#;

/// A profile: `level` of refund-policy, `access` to crm, extra tools and
/// limits as given.
fn profile(
    id: &str,
    version: &str,
    level: &str,
    access: &str,
    extra_tools: &str,
    limits: &str,
) -> String {
    format!(
        r#"{{"agent_id": "{id}", "version": "{version}", "declared_at": "2026-10-01",
  "skills": [{{"name": "refund-policy", "level": "{level}",
              "evidence": [{{"kind": "test", "ref": "evals/refunds-1"}}, {{"kind": "log", "ref": "run-2"}}]}}],
  "tools": [{{"name": "crm", "access": "{access}", "evidence": [{{"kind": "log", "ref": "crm-1"}}]}}{extra_tools}],
  "limits": [{limits}]}}
"#
    )
}

/// The document's situations: met, below bar, missing, excess execute
/// access, stale, invalid, ruled out by a limit, and a long skill list with
/// lower levels.
fn candidates() -> Repo {
    let mut r = Repo::new();
    r.write("routing/refunds.requirements.json", REQ);
    r.write(
        "agents/met.profile.json",
        &profile(
            "met-01",
            "3",
            "advanced",
            "write",
            "",
            "\"Refunds over 500 EUR go to a person.\"",
        ),
    );
    r.write(
        "agents/below.profile.json",
        &profile("below-01", "1", "basic", "write", "", "\"x\""),
    );
    r.write(
        "agents/missing.profile.json",
        &profile("missing-01", "1", "advanced", "write", "", "\"x\"")
            .replace("\"crm\"", "\"helpdesk\""),
    );
    r.write(
        "agents/excess.profile.json",
        &profile(
            "excess-01",
            "2",
            "advanced",
            "write",
            r#", {"name": "shell", "access": "execute", "evidence": [{"kind": "log", "ref": "sh"}]}"#,
            "\"x\"",
        ),
    );
    r.write(
        "agents/stale.profile.json",
        &profile("stale-01", "4", "advanced", "write", "", "\"x\"")
            .replace("2026-10-01", "2026-05-01"),
    );
    r.write(
        "agents/invalid.profile.json",
        &profile("invalid-01", "1", "expert", "write", "", "\"x\""),
    );
    r.write(
        "agents/ruled.profile.json",
        &profile(
            "ruled-01",
            "1",
            "advanced",
            "write",
            "",
            "\"Handles English only tickets.\"",
        ),
    );
    let many_skills: String = (0..12)
        .map(|i| format!(r#"{{"name": "skill-{i}", "level": "advanced", "evidence": [{{"kind": "log", "ref": "s{i}"}}]}}, "#))
        .collect();
    r.write(
        "agents/long.profile.json",
        &profile("long-01", "1", "proficient", "write", "", "\"x\"")
            .replace("\"skills\": [", &format!("\"skills\": [{many_skills}")),
    );
    r.commit("profiles and requirements");
    r
}

fn match_json(r: &Repo, extra: &[&str]) -> (i32, Value) {
    let mut args = vec![
        "match",
        "routing/refunds.requirements.json",
        "--as-of",
        AS_OF,
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    json_of(&r.run(&args))
}

fn by_id<'a>(json: &'a Value, id: &str) -> &'a Value {
    json["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["agent_id"] == id)
        .unwrap_or_else(|| panic!("no candidate {id}"))
}

#[test]
fn the_match_table_of_every_situation() {
    let r = candidates();
    let (code, json) = match_json(&r, &[]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["requirements"], "routing/refunds.requirements.json");
    assert_eq!(json["as_of"], AS_OF);
    let met = by_id(&json, "met-01");
    assert_eq!(met["fit"], "met");
    assert_eq!(met["age_days"], 14);
    assert_eq!(met["stale"], false);
    assert_eq!(met["path"], "agents/met.profile.json");
    assert_eq!(
        met["rows"],
        serde_json::json!([
            {"kind": "skill", "name": "refund-policy", "required": "proficient", "found": "advanced", "evidence": 2, "verdict": "met"},
            {"kind": "tool", "name": "crm", "required": "write", "found": "write", "evidence": 1, "verdict": "met"}
        ])
    );
    assert_eq!(by_id(&json, "below-01")["rows"][0]["verdict"], "below bar");
    assert_eq!(by_id(&json, "below-01")["fit"], "partial");
    let missing = by_id(&json, "missing-01");
    assert_eq!(missing["rows"][1]["verdict"], "missing");
    assert_eq!(missing["rows"][1]["found"], Value::Null);
    assert_eq!(
        by_id(&json, "excess-01")["excess_access"],
        serde_json::json!([{"tool": "shell", "access": "execute"}])
    );
    let stale = by_id(&json, "stale-01");
    assert_eq!(
        (stale["stale"].clone(), stale["fit"].clone()),
        (Value::Bool(true), "met".into())
    );
    assert_eq!(by_id(&json, "invalid-01")["fit"], "invalid");
    let ruled = by_id(&json, "ruled-01");
    assert_eq!(ruled["fit"], "ruled-out");
    assert_eq!(ruled["ruled_out_by"], serde_json::json!(["english only"]));
    // Met first (higher level, then evidence, then fresher), never by the
    // number of skills: the long list with a lower level ranks below.
    let ranking: Vec<&str> = json["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        ranking,
        [
            "excess-01",
            "met-01",
            "stale-01",
            "long-01",
            "missing-01",
            "below-01",
            "ruled-01",
            "invalid-01"
        ]
    );
}

#[test]
fn exit_codes_formats_and_bad_requirements() {
    let r = candidates();
    let (code, _) = match_json(
        &r,
        &["agents/below.profile.json", "agents/missing.profile.json"],
    );
    assert_eq!(code, 1, "no candidate meets every requirement");
    for format in ["human", "markdown"] {
        let out = r.run(&[
            "match",
            "routing/refunds.requirements.json",
            "agents/met.profile.json",
            "agents/below.profile.json",
            "--as-of",
            AS_OF,
            "--format",
            format,
        ]);
        assert_eq!(out.status.code(), Some(0));
        let text = stdout(&out);
        // Side by side: one row per requirement, a column per candidate.
        let row = text.lines().find(|l| l.contains("refund-policy")).unwrap();
        assert!(row.contains("advanced") && row.contains("basic"), "{text}");
        assert!(
            text.find("met-01").unwrap() < text.find("below-01").unwrap(),
            "{text}"
        );
    }
    r.write(
        "routing/bad.requirements.json",
        &REQ.replace("\"proficient\"", "\"expert\""),
    );
    let out = r.run(&["match", "routing/bad.requirements.json", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(2));
    let err = crate::support::stderr(&out);
    assert!(
        err.contains("`min_level` \"expert\" is not one of basic, proficient, advanced"),
        "{err}"
    );
    assert!(err.contains("routing/bad.requirements.json:3:52"), "{err}");
    r.write(
        "routing/r.yaml",
        "skills:\n  - name: refund-policy\n    min_level: proficient\n",
    );
    let out = r.run(&[
        "match",
        "routing/r.yaml",
        "agents/met.profile.json",
        "--as-of",
        AS_OF,
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
}

fn record(r: &Repo, file: &str, assign: &str, exceptions: &[&str]) -> std::process::Output {
    let mut args = vec![
        "match",
        "routing/refunds.requirements.json",
        "--as-of",
        AS_OF,
        "--record",
        file,
        "--assign",
        assign,
    ];
    for e in exceptions {
        args.extend(["--exception", e]);
    }
    r.run(&args)
}

#[test]
fn a_record_refuses_silent_exceptions_and_invalid_candidates() {
    let r = candidates();
    let out = record(&r, "decisions/a.decision.json", "below-01", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(crate::support::stderr(&out).contains("silent exceptions are not allowed"));
    let out = record(&r, "decisions/a.decision.json", "invalid-01", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(crate::support::stderr(&out).contains("not fit to route from"));
    let out = record(
        &r,
        "decisions/a.decision.json",
        "ruled-01",
        &["skill:refund-policy: fine"],
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "a ruling-out limit needs an exception too"
    );
    let out = record(
        &r,
        "decisions/a.decision.json",
        "below-01",
        &["skill:refund-policy: "],
    );
    assert_eq!(out.status.code(), Some(2), "an exception needs a reason");
    assert!(!r.dir.join("decisions/a.decision.json").exists());
    let out = record(
        &r,
        "decisions/a.decision.json",
        "below-01",
        &["skill:refund-policy: a person reviews every reply"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    let rec: Value = serde_json::from_str(&r.read("decisions/a.decision.json")).unwrap();
    assert_eq!(rec["assigned"]["agent_id"], "below-01");
    assert_eq!(rec["assigned"]["version"], "1");
    let blob = r.git(&["rev-parse", "HEAD:agents/below.profile.json"]);
    assert_eq!(rec["assigned"]["blob"], blob.trim());
    let req_blob = r.git(&["rev-parse", "HEAD:routing/refunds.requirements.json"]);
    assert_eq!(rec["requirements"]["blob"], req_blob.trim());
    assert_eq!(
        rec["exceptions"],
        serde_json::json!([{"requirement": "skill:refund-policy", "reason": "a person reviews every reply"}])
    );
    assert_eq!(rec["compared"].as_array().unwrap().len(), 7);
    // A decision is final: the file is not overwritten.
    let out = record(&r, "decisions/a.decision.json", "met-01", &[]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_decision_made_on_version_1_still_verifies_after_the_profile_moves_on() {
    let mut r = candidates();
    let out = record(&r, "decisions/refunds.decision.json", "met-01", &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    r.commit("decide");
    let (_, json) = r.check(&["--no-history"]);
    assert_eq!(decision_rules(&json), Vec::<String>::new(), "{json}");
    // The profile moves on (lower level, new version): the record still
    // matches what version 3 claimed.
    r.write(
        "agents/met.profile.json",
        &profile("met-01", "4", "basic", "write", "", "\"x\""),
    );
    r.commit("recheck");
    let (_, json) = r.check(&[]);
    assert_eq!(decision_rules(&json), Vec::<String>::new(), "{json}");

    // Tampered: a row claims more than version 3 did.
    let text = r.read("decisions/refunds.decision.json");
    let tampered = text.replacen("\"advanced\"", "\"basic\"", 1).replacen(
        "\"verdict\": \"met\"",
        "\"verdict\": \"below bar\"",
        1,
    );
    r.write("decisions/refunds.decision.json", &tampered);
    let (_, json) = r.check(&["--no-history"]);
    let rules = decision_rules(&json);
    assert!(
        rules.contains(&"decision/table-mismatch".to_string()),
        "{json}"
    );
    // The profile met the requirement: no exception was needed.
    assert!(
        !rules.contains(&"decision/silent-exception".to_string()),
        "{json}"
    );
    // With history, editing a committed record is reported too.
    let (_, json) = r.check(&[]);
    assert!(
        rules_of(&json).contains(&"history/decision-changed".to_string()),
        "{json}"
    );

    // A version no revision holds.
    r.write(
        "decisions/refunds.decision.json",
        &text
            .replace("\"version\": \"3\"", "\"version\": \"9\"")
            .replace(&blob_of(&text), "0000000000000000000000000000000000000000"),
    );
    let (_, json) = r.check(&["--no-history"]);
    assert!(
        rules_of(&json).contains(&"decision/unknown-profile".to_string()),
        "{json}"
    );
    // Deleted.
    std::fs::remove_file(r.dir.join("decisions/refunds.decision.json")).unwrap();
    let (_, json) = r.check(&[]);
    assert_eq!(
        decision_rules(&json),
        ["history/decision-changed"],
        "{json}"
    );
}

/// The decision rules and the decision history rules a run reported.
fn decision_rules(json: &Value) -> Vec<String> {
    rules_of(json)
        .into_iter()
        .filter(|id| {
            id.starts_with("decision/")
                || id == "history/decision-changed"
                || id == "history/requirements-moved"
        })
        .collect()
}

fn blob_of(record: &str) -> String {
    let v: Value = serde_json::from_str(record).unwrap();
    v["assigned"]["blob"].as_str().unwrap().to_string()
}

#[test]
fn stale_unstated_invalid_records_and_the_staged_record() {
    let mut r = candidates();
    let out = record(&r, "decisions/stale.decision.json", "stale-01", &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    let text = r.read("decisions/stale.decision.json");
    assert!(text.contains("\"stale\": true"));
    r.write(
        "decisions/stale.decision.json",
        &text.replace("\"stale\": true", "\"stale\": false"),
    );
    let (_, json) = r.check(&["--no-history"]);
    assert_eq!(decision_rules(&json), ["decision/stale-unstated"], "{json}");
    r.write(
        "decisions/broken.decision.json",
        "{\"decision\": \"routing\"}",
    );
    let (_, json) = r.check(&["--no-history"]);
    assert!(rules_of(&json).contains(&"decision/invalid-record".to_string()));
    // --staged judges what the index holds: a fixed record on disk does
    // not hide the staged one.
    std::fs::remove_file(r.dir.join("decisions/broken.decision.json")).unwrap();
    r.git(&["add", "-A"]);
    r.write("decisions/stale.decision.json", &text);
    let (_, json) = r.check(&["--staged"]);
    assert_eq!(decision_rules(&json), ["decision/stale-unstated"], "{json}");
    let (_, json) = r.check(&["--staged", "--no-cache"]);
    assert_eq!(decision_rules(&json), ["decision/stale-unstated"], "{json}");
    r.git(&["add", "-A"]);
    let (_, json) = r.check(&["--staged"]);
    assert_eq!(decision_rules(&json), Vec::<String>::new(), "{json}");
    r.commit("stale decision, stated");
}

#[test]
fn requirements_lowered_in_the_commit_that_records_the_decision() {
    let mut r = candidates();
    r.write(
        "routing/refunds.requirements.json",
        &REQ.replace("\"proficient\"", "\"basic\""),
    );
    let out = record(&r, "decisions/low.decision.json", "below-01", &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    let (_, json) = r.check(&[]);
    assert_eq!(
        decision_rules(&json),
        ["history/requirements-moved"],
        "{json}"
    );
    r.commit("lower the bar and decide");
    let (_, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!(
        decision_rules(&json),
        ["history/requirements-moved"],
        "{json}"
    );
    // Requirements committed first, the decision later: nothing to report.
    let (_, json) = r.check(&[]);
    assert_eq!(decision_rules(&json), Vec::<String>::new(), "{json}");
}

#[test]
fn the_summary_has_every_section_in_order() {
    let mut r = candidates();
    r.write(
        "agents/met.profile.json",
        &profile(
            "met-01",
            "4",
            "proficient",
            "read",
            "",
            "\"Refunds over 500 EUR go to a person.\"",
        ),
    );
    r.commit("recheck: lower");
    let out = r.run(&[
        "summary",
        "agents/met.profile.json",
        "--requirements",
        "routing/refunds.requirements.json",
        "--as-of",
        AS_OF,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let sections = [
        "## 1. Profile header",
        "## 2. Profile document",
        "## 3. Check output",
        "## 4. Match table",
        "## 5. Downgrades and gaps",
        "## 6. Freshness record",
        "## 7. Limits",
    ];
    let mut at = 0;
    for s in sections {
        let i = text[at..]
            .find(s)
            .unwrap_or_else(|| panic!("{s} missing or out of order:\n{text}"));
        at += i;
    }
    assert!(
        text.contains("| `met-01` | 4 | 2026-10-01 | 2026-10-15 | 14 | no |"),
        "{text}"
    );
    assert!(text.contains("verdict: PASS"), "{text}");
    assert!(
        text.contains("skill `refund-policy` lowered from advanced to proficient"),
        "{text}"
    );
    assert!(
        text.contains("tool `crm` access lowered from write to read"),
        "{text}"
    );
    assert!(text.contains("Next recheck: 2026-12-30"), "{text}");
    assert!(
        text.contains("- Refunds over 500 EUR go to a person."),
        "{text}"
    );
    let out = r.run(&["summary", "agents/met.profile.json", "--as-of", AS_OF]);
    assert!(stdout(&out).contains("General use"));
}

#[test]
fn caplint_history_judges_the_records_of_every_commit() {
    let mut r = candidates();
    r.write(
        "routing/refunds.requirements.json",
        &REQ.replace("\"proficient\"", "\"basic\""),
    );
    let out = record(&r, "decisions/low.decision.json", "below-01", &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    let moved = r.commit("lower the bar and decide");
    let text = r.read("decisions/low.decision.json");
    r.write(
        "decisions/low.decision.json",
        &text.replace(
            "\"task\": \"Route refund tickets\"",
            "\"task\": \"Route refunds\"",
        ),
    );
    let edited = r.commit("edit the decision");
    let out = r.run(&["history", "--format", "json", "--as-of", AS_OF]);
    let (_, json) = json_of(&out);
    let found: Vec<(String, String)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["path"].as_str().unwrap().starts_with("decisions/"))
        .map(|d| {
            (
                d["rule"].as_str().unwrap().to_string(),
                d["commit"]["id"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        // Sorted by path, then offset: the edit (no span) first.
        [
            ("history/decision-changed".to_string(), edited),
            ("history/requirements-moved".to_string(), moved)
        ],
        "{json}"
    );
}

#[test]
fn a_secret_in_the_requirements_is_never_printed() {
    let r = candidates();
    let token = format!("ghp_{}", "N7ITq2Wk9bXc4RzLm8PvYs3DfJh6Ga1Tu5Eo");
    r.write(
        "routing/leaky.requirements.json",
        &REQ.replace(
            "Route refund tickets",
            &format!("Route tickets with {token}"),
        ),
    );
    for format in ["human", "markdown", "json"] {
        let out = r.run(&[
            "match",
            "routing/leaky.requirements.json",
            "agents/met.profile.json",
            "--as-of",
            AS_OF,
            "--format",
            format,
        ]);
        let text = crate::support::text(&out);
        if format != "json" {
            assert!(text.contains("Route tickets with"), "{format}: {text}");
        }
        assert!(!text.contains(&token), "{format} prints the token: {text}");
    }
}

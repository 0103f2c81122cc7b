//! History rules through the binary, on real git repositories built in
//! temporary folders: every `history/*` rule, every history mode, `diff` and
//! `history`, and a real pre-commit hook run by `git commit -a`.

use crate::support::*;
use serde_json::Value;
use std::fs;
use std::path::Path;
use std::process::Output;
use tempfile::TempDir;

const PROFILE: &str = "agents/research.profile.json";

/// The good sample profile with a version and a declared_at.
fn profile(version: &str, declared: &str) -> String {
    GOOD.replace("\"3\"", &format!("\"{version}\""))
        .replace("2026-10-01", declared)
}

/// The same with the web-search level raised (a claim change).
fn raised(version: &str, declared: &str) -> String {
    profile(version, declared).replace("proficient", "advanced")
}

fn skill_md(name: &str, version: Option<&str>, body: &str) -> String {
    let v = version.map_or_else(String::new, |v| format!("version: \"{v}\"\n"));
    format!("---\nname: {name}\ndescription: Extract text from PDF files.\n{v}---\n{body}\n")
}

fn rules(json: &Value) -> Vec<String> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap().to_string())
        .filter(|r| r.starts_with("history/"))
        .collect()
}

fn finding<'a>(json: &'a Value, rule: &str) -> &'a Value {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["rule"] == rule)
        .unwrap_or_else(|| panic!("no {rule} in {json:#}"))
}

/// The paths of every finding of `rule`, in output order.
fn paths_of(json: &Value, rule: &str) -> Vec<String> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == rule)
        .map(|d| d["path"].as_str().unwrap().to_string())
        .collect()
}

/// The text a finding's span covers in `text`.
fn spanned<'a>(d: &Value, text: &'a str) -> &'a str {
    let offset = d["span"]["offset"].as_u64().unwrap() as usize;
    let length = d["span"]["length"].as_u64().unwrap() as usize;
    &text[offset..offset + length]
}

/// A repository with one committed profile at version 3.
fn repo_with_profile() -> Repo {
    let mut r = Repo::new();
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.commit("Add the research agent profile");
    r
}

// ---- every history rule ------------------------------------------------

#[test]
fn paths_whose_git_order_differs_from_name_order_are_found() {
    // Git sorts a folder as if its name ended in `/` (`a-b`, `a.profile.json`,
    // `a/`); lookups by name must find each of them.
    let mut r = Repo::new();
    for p in [
        "agents/a.profile.json",
        "agents/a-b.profile.json",
        "agents/a/x.profile.json",
    ] {
        r.write(p, &profile("3", "2026-10-01"));
    }
    r.commit("Add three profiles");
    let main = r
        .git(&["rev-parse", "--abbrev-ref", "HEAD"])
        .trim()
        .to_string();
    r.git(&["checkout", "-q", "-b", "work"]);
    for p in ["agents/a.profile.json", "agents/a/x.profile.json"] {
        r.write(p, &raised("3", "2026-10-01"));
    }
    let want = ["agents/a.profile.json", "agents/a/x.profile.json"];
    for args in [vec![], vec!["--base", main.as_str()]] {
        let (code, json) = r.check(&args);
        assert_eq!(code, 1, "{args:?}");
        assert_eq!(
            paths_of(&json, "history/version-not-bumped"),
            want,
            "{args:?}"
        );
    }
    // Committed on the branch and checked against where it started.
    r.commit("Raise two levels");
    let (code, json) = r.check(&["--base", main.as_str()]);
    assert_eq!(code, 1);
    assert_eq!(paths_of(&json, "history/version-not-bumped"), want);
}

#[test]
fn claim_change_without_a_new_version() {
    let r = repo_with_profile();
    let text = raised("3", "2026-10-01");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );
    let d = finding(&json, "history/version-not-bumped");
    assert_eq!(d["path"], PROFILE);
    assert_eq!(spanned(d, &text), "\"3\"");
    assert_eq!(d["span"]["line"], 3);
    let message = d["message"].as_str().unwrap();
    assert!(
        message.contains("skill web-search: level proficient → advanced"),
        "{message}"
    );
    assert!(d["commit"].is_null());
    let d = finding(&json, "history/declared-at-not-moved");
    assert_eq!(d["severity"], "warning");
    assert_eq!(spanned(d, &text), "\"2026-10-01\"");

    // Raising the version and the date makes it honest.
    r.write(PROFILE, &raised("4", "2026-10-14"));
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn formatting_order_and_notes_are_not_claim_changes() {
    let r = repo_with_profile();
    let value: Value = serde_json::from_str(GOOD).unwrap();
    let mut reordered = serde_json::to_string(&value).unwrap();
    reordered = reordered.replace(
        "\"limits\":[",
        "\"notes\":\"rechecked nothing, reformatted\",\"limits\":[",
    );
    r.write(PROFILE, &reordered);
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn version_decreased_and_not_comparable() {
    let r = repo_with_profile();
    let text = profile("2", "2026-10-01");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(
        (code, rules(&json)),
        (1, vec!["history/version-decreased".to_string()])
    );
    let d = finding(&json, "history/version-decreased");
    assert_eq!(spanned(d, &text), "\"2\"");
    assert_eq!(d["message"], "`version` went down from \"3\" to \"2\"");
    assert_eq!(d["help"], "versions only rise: use a version above \"3\"");

    let text = raised("4.0.0", "2026-10-10");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/version-not-comparable"]);
    let d = finding(&json, "history/version-not-comparable");
    assert_eq!(spanned(d, &text), "\"4.0.0\"");
    assert_eq!(
        d["message"],
        "`version` \"4.0.0\" cannot be compared with the previous \"3\" (SemVer vs an integer)"
    );
}

#[test]
fn declared_at_rules() {
    let r = repo_with_profile();
    let text = profile("4", "2026-09-20");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/declared-at-backwards"]);
    let d = finding(&json, "history/declared-at-backwards");
    assert_eq!(spanned(d, &text), "\"2026-09-20\"");
    assert_eq!(
        d["message"],
        "`declared_at` moved back from 2026-10-01 to 2026-09-20"
    );

    let text = profile("3", "2026-10-12");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/declared-at-without-version"]);
    let d = finding(&json, "history/declared-at-without-version");
    assert_eq!(spanned(d, &text), "\"2026-10-12\"");
    assert_eq!(
        d["message"],
        "`declared_at` moved from 2026-10-01 to 2026-10-12 but `version` stayed \"3\""
    );
    assert!(
        d["help"]
            .as_str()
            .unwrap()
            .contains("raise `version` (e.g. to \"4\")"),
        "{d}"
    );
}

#[test]
fn agent_id_changed() {
    let r = repo_with_profile();
    let text = profile("3", "2026-10-01").replace("research-agent-07", "research-agent-08");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/agent-id-changed"]);
    let d = finding(&json, "history/agent-id-changed");
    assert_eq!(spanned(d, &text), "\"research-agent-08\"");
    assert_eq!(
        d["message"],
        "`agent_id` changed from `research-agent-07` to `research-agent-08`"
    );
}

#[test]
fn access_widened_is_a_warning_for_the_reviewer() {
    let r = repo_with_profile();
    let text = profile("4", "2026-10-14")
        .replace(
            r#"{"name": "browser", "access": "read","#,
            r#"{"name": "browser", "access": "write","#,
        )
        .replace(
            r#"browser-09"}]}],"#,
            r#"browser-09"}]},
            {"name": "shell", "access": "execute", "evidence": [{"kind": "test", "ref": "shell-1"}]}],"#,
        );
    assert_eq!(text.matches("\"shell\"").count(), 1, "{text}");
    r.write(PROFILE, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 0, "{json:#}");
    assert_eq!(
        rules(&json),
        ["history/access-widened", "history/access-widened"]
    );
    let spans: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| spanned(d, &text))
        .collect();
    assert_eq!(spans, ["\"write\"", "\"execute\""]);
    // Past --max-warnings it fails.
    let (code, _) = r.check(&["--max-warnings", "0"]);
    assert_eq!(code, 1);
}

#[test]
fn rename_is_not_a_deletion() {
    let mut r = repo_with_profile();
    r.git(&["mv", PROFILE, "agents/research-agent.profile.json"]);
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));

    // A rename that also changes claims is judged against the old file.
    r.write(
        "agents/research-agent.profile.json",
        &raised("3", "2026-10-01"),
    );
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    let d = finding(&json, "history/version-not-bumped");
    assert_eq!(d["path"], "agents/research-agent.profile.json");
    r.commit("Rename");
}

#[test]
fn base_profiles_in_folders_the_index_records_unchanged_keep_exclusions() {
    // After a commit, the index's cache-tree records `agents` as the base's
    // tree: its profiles are listed from the index, and what a walk of the
    // base tree would skip (excluded or always-skipped folders) stays out.
    let mut r = Repo::new();
    r.write(".caplint.yaml", "exclude:\n  - agents/vendor\n");
    r.write(PROFILE, &profile("3", "2026-10-01"));
    for (path, id) in [
        ("agents/vendor/x.profile.json", "vendor-agent"),
        ("agents/node_modules/y.profile.json", "module-agent"),
        ("team/c.profile.json", "team-agent"),
        ("team/d.profile.json", "team-agent-2"),
    ] {
        r.write(
            path,
            &profile("3", "2026-10-01").replace("research-agent-07", id),
        );
    }
    r.commit("Add profiles");
    r.git(&["rm", "-q", "team/c.profile.json"]);
    r.commit("Remove a team profile");
    let (code, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!(code, 1);
    assert_eq!(
        paths_of(&json, "history/profile-deleted"),
        ["team/c.profile.json"]
    );
    assert_eq!(rules(&json), ["history/profile-deleted"]);

    // A profile removed from the index only: `agents` is no longer recorded
    // unchanged (its tree is read from HEAD), `team` still is.
    r.git(&["rm", "-q", "--cached", PROFILE]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    assert_eq!(paths_of(&json, "history/profile-deleted"), [PROFILE]);
    assert_eq!(rules(&json), ["history/profile-deleted"]);
}

#[test]
fn deletion_is_reported_at_the_old_path() {
    let r = repo_with_profile();
    r.git(&["rm", "-q", PROFILE]);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/profile-deleted"]);
    let d = finding(&json, "history/profile-deleted");
    assert_eq!(d["path"], PROFILE);
    assert!(d["span"].is_null());
    assert_eq!(
        d["message"],
        "profile deleted (agent_id `research-agent-07`): no file carries its agent_id any more"
    );
    assert!(d["help"].as_str().unwrap().contains("retired_at"));

    // Another file carrying the agent_id means the profile lives on.
    r.write("team/research.profile.json", &profile("3", "2026-10-01"));
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn retirement_freezes_a_profile() {
    let mut r = repo_with_profile();
    let retired = profile("4", "2026-10-01").replace(
        "\"limits\"",
        "\"retired_at\": \"2026-10-05\",\n  \"limits\"",
    );
    r.write(PROFILE, &retired);
    let (code, json) = r.check(&[]);
    assert_eq!(
        (code, rules(&json)),
        (0, vec![]),
        "retiring is a fine change"
    );
    r.commit("Retire the research agent");

    let changed = retired
        .replace("proficient", "advanced")
        .replace("\"4\"", "\"5\"")
        .replace("2026-10-01", "2026-10-10");
    r.write(PROFILE, &changed);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/retired-profile-changed"]);
    assert_eq!(
        spanned(finding(&json, "history/retired-profile-changed"), &changed),
        "\"2026-10-05\""
    );

    r.write(PROFILE, &profile("5", "2026-10-10"));
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    let d = finding(&json, "history/retired-profile-changed");
    assert!(d["message"].as_str().unwrap().contains("was removed"));

    // Deleting a retired profile is still a deletion.
    fs::remove_file(r.dir.join(PROFILE)).unwrap();
    let (_, json) = r.check(&[]);
    assert_eq!(rules(&json), ["history/profile-deleted"]);
}

// ---- skills ------------------------------------------------------------

const SKILL: &str = "skills/pdf/SKILL.md";

fn repo_with_skill(version: Option<&str>) -> Repo {
    let mut r = Repo::new();
    r.write(
        SKILL,
        &skill_md("pdf", version, "Run `scripts/extract.py`."),
    );
    r.write("skills/pdf/scripts/extract.py", "print('hello')\n");
    r.commit("Add the pdf skill");
    r
}

#[cfg(unix)]
#[test]
fn a_tracked_file_replaced_by_a_fifo_is_never_opened() {
    // The index says regular file; the disk now holds a FIFO. Reading it
    // would block forever: it counts as gone from the folder instead.
    let r = repo_with_skill(Some("1.2.0"));
    let script = r.dir.join("skills/pdf/scripts/extract.py");
    fs::remove_file(&script).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&script)
        .status()
        .unwrap();
    assert!(made.success());
    let out = r
        .caplint()
        .args(["check", "--as-of", AS_OF, "--format", "json"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{json:#}");
    let d = finding(&json, "history/skill-version-not-bumped");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("scripts/extract.py"),
        "{d:#}"
    );
}

#[test]
fn versioned_skill_changes_need_a_new_version() {
    let r = repo_with_skill(Some("1.2.0"));
    let text = skill_md(
        "pdf",
        Some("1.2.0"),
        "Run `scripts/extract.py` on each page.",
    );
    r.write(SKILL, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(rules(&json), ["history/skill-version-not-bumped"]);
    let d = finding(&json, "history/skill-version-not-bumped");
    assert_eq!(d["path"], SKILL);
    assert_eq!(spanned(d, &text), "\"1.2.0\"");

    // A change to another file of the folder counts too.
    r.write(
        SKILL,
        &skill_md("pdf", Some("1.2.0"), "Run `scripts/extract.py`."),
    );
    r.write("skills/pdf/scripts/extract.py", "print('hello, world')\n");
    let (_, json) = r.check(&[]);
    assert_eq!(rules(&json), ["history/skill-version-not-bumped"]);
    assert!(
        finding(&json, "history/skill-version-not-bumped")["message"]
            .as_str()
            .unwrap()
            .contains("scripts/extract.py")
    );

    // Raising the version settles it; lowering it is its own finding.
    r.write(
        SKILL,
        &skill_md("pdf", Some("1.3.0"), "Run `scripts/extract.py`."),
    );
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
    let text = skill_md("pdf", Some("1.1.0"), "Run `scripts/extract.py`.");
    r.write(SKILL, &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/skill-version-decreased"]);
    let d = finding(&json, "history/skill-version-decreased");
    assert_eq!(d["path"], SKILL);
    assert_eq!(spanned(d, &text), "\"1.1.0\"");
    assert_eq!(
        d["message"],
        "skill `version` went down from \"1.2.0\" to \"1.1.0\""
    );
}

#[test]
fn skill_rename_and_unversioned_skills() {
    let r = repo_with_skill(None);
    // Unversioned: body edits are free.
    r.write(
        SKILL,
        &skill_md("pdf", None, "Run `scripts/extract.py` twice."),
    );
    r.write("skills/pdf/scripts/extract.py", "print('changed')\n");
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));

    let text = skill_md("pdf-tools", None, "Run `scripts/extract.py`.");
    r.write(SKILL, &text);
    let (_, json) = r.check(&[]);
    assert_eq!(rules(&json), ["history/skill-renamed"]);
    let d = finding(&json, "history/skill-renamed");
    assert_eq!(d["severity"], "warning");
    assert_eq!(spanned(d, &text), "pdf-tools");
}

#[test]
fn untracked_and_ignored_files_are_not_skill_changes() {
    let mut r = repo_with_skill(Some("1.0.0"));
    r.write(".gitignore", "__pycache__/\n");
    r.commit("Ignore caches");
    r.write("skills/pdf/scripts/__pycache__/extract.pyc", "junk");
    r.write("skills/pdf/notes.txt", "draft, not added");
    // Touch a tracked file without changing it (stat changes, content not).
    let p = r.dir.join("skills/pdf/scripts/extract.py");
    let content = fs::read(&p).unwrap();
    fs::write(&p, content).unwrap();
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
}

// ---- modes -------------------------------------------------------------

#[test]
fn staged_judges_the_index_not_the_working_tree() {
    let r = repo_with_profile();
    // Stage an unbumped claim change, then fix it only in the working tree.
    let staged = raised("3", "2026-10-01");
    r.write(PROFILE, &staged);
    r.git(&["add", PROFILE]);
    r.write(PROFILE, &raised("4", "2026-10-14"));

    let (code, json) = r.check(&[]);
    assert_eq!(
        (code, rules(&json)),
        (0, vec![]),
        "the working tree is fine"
    );

    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );
    // Spans point into the staged text.
    assert_eq!(
        spanned(finding(&json, "history/version-not-bumped"), &staged),
        "\"3\""
    );

    // And the other way round: a good index with a bad working tree passes.
    r.write(PROFILE, &raised("4", "2026-10-14"));
    r.git(&["add", PROFILE]);
    r.write(
        PROFILE,
        &raised("4", "2026-10-14").replace("\"4\"", "\"2\""),
    );
    let (code, json) = r.check(&["--staged"]);
    assert_eq!((code, rules(&json)), (0, vec![]));
    let (code, _) = r.check(&[]);
    assert_eq!(code, 1);
}

#[test]
fn staged_sees_deletions_and_renames() {
    let r = repo_with_profile();
    r.git(&["rm", "-q", "--cached", PROFILE]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/profile-deleted"]);

    r.git(&["add", PROFILE]);
    r.git(&["mv", PROFILE, "agents/renamed.profile.json"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

/// main: v3 → (feature branches off) → main takes v4; feature also takes v4.
fn diverged() -> Repo {
    let mut r = repo_with_profile();
    r.git(&["checkout", "-q", "-b", "feature"]);
    r.write(PROFILE, &raised("4", "2026-10-05"));
    r.commit("Raise web-search to advanced");
    r.git(&["checkout", "-q", "main"]);
    r.write(
        PROFILE,
        &profile("4", "2026-10-06").replace("No access", "No access at all"),
    );
    r.commit("Tighten the mailbox limit");
    r.git(&["checkout", "-q", "feature"]);
    r
}

#[test]
fn base_compares_with_the_merge_base_and_the_tip() {
    let r = diverged();
    let (code, json) = r.check(&["--base", "main"]);
    assert_eq!(code, 1);
    // Against the merge-base the change is honest (3 → 4) ...
    assert_eq!(rules(&json), ["history/version-taken"]);
    let d = finding(&json, "history/version-taken");
    let message = d["message"].as_str().unwrap();
    assert!(
        message.contains("\"4\"") && message.contains("main"),
        "{message}"
    );
    assert_eq!(spanned(d, &r.read(PROFILE)), "\"4\"");

    // ... and taking a number above the tip settles it.
    r.write(PROFILE, &raised("5", "2026-10-07"));
    let (code, json) = r.check(&["--base", "main"]);
    assert_eq!((code, rules(&json)), (0, vec![]));

    // Without --base the working tree is compared with HEAD only.
    r.write(PROFILE, &raised("4", "2026-10-05"));
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn config_base_is_a_default_base() {
    let r = diverged();
    r.write(".caplint.yaml", "base: main\n");
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/version-taken"]);
}

#[test]
fn unknown_base_is_exit_2_with_help() {
    let r = repo_with_profile();
    let out = r.run(&["check", "--base", "no-such-branch"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("no-such-branch"), "{err}");
    assert!(err.contains("help:"), "{err}");
    // A branch without an upstream: `@{u}` says so and what to do.
    let out = r.run(&["check", "--base", "@{u}"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--set-upstream-to"),
        "{}",
        stderr(&out)
    );
    // With one, `@{u}` is the base like any revision.
    let mut clone = Repo::clone_of(&r, &[]);
    clone.write(PROFILE, &raised("3", "2026-10-01"));
    clone.commit("Raise without a version");
    let (code, json) = clone.check(&["--base", "@{u}"]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(rules(&json)[0], "history/version-not-bumped");
}

#[test]
fn shallow_clone_missing_base_says_fetch_depth() {
    let mut origin = repo_with_profile();
    let first = origin.git(&["rev-parse", "HEAD"]).trim().to_string();
    origin.write(PROFILE, &raised("4", "2026-10-02"));
    origin.commit("Raise");
    origin.write(PROFILE, &raised("5", "2026-10-03"));
    origin.commit("Raise again");
    let clone = Repo::clone_of(&origin, &["--depth", "1"]);
    assert!(clone.dir.join(".git/shallow").exists());

    let out = clone.run(&["check", "--base", &first]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("fetch-depth: 0"), "{err}");
    assert!(err.contains("shallow"), "{err}");
    assert!(stdout(&out).is_empty());

    // Both branches fetched one commit deep: the merge-base is missing.
    origin.git(&["checkout", "-q", "-b", "feature", &first]);
    origin.write(PROFILE, &raised("4", "2026-10-04"));
    origin.commit("Feature work");
    let branches = Repo::clone_of(&origin, &["--depth", "1", "--no-single-branch"]);
    let out = branches.run(&["check", "--base", "origin/main"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("fetch-depth: 0"), "{}", stderr(&out));

    // The history walk stops at the boundary with a note.
    let out = clone.run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("shallow"), "{}", stderr(&out));
}

/// A pull-request checkout: a merge commit of `feature` into `main` on a
/// detached HEAD.
fn pull_request_merge(origin: &Repo, depth: Option<&str>) -> Repo {
    let extra: Vec<&str> = match depth {
        Some(d) => vec!["--depth", d, "--no-single-branch"],
        None => vec![],
    };
    let mut clone = Repo::clone_of(origin, &extra);
    clone.git(&["checkout", "-q", "--detach", "origin/main"]);
    clone.git(&[
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "Merge feature",
        "origin/feature",
    ]);
    clone.day += 1;
    clone
}

#[test]
fn github_actions_pull_request_base() {
    let mut origin = repo_with_profile();
    origin.git(&["checkout", "-q", "-b", "feature"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    origin.git(&["checkout", "-q", "main"]);
    origin.write("README.md", "docs\n");
    origin.commit("Docs");

    // origin/main present: the base is origin/$GITHUB_BASE_REF.
    let clone = pull_request_merge(&origin, None);
    let out = clone
        .caplint()
        .env("GITHUB_BASE_REF", "main")
        .args(["check", "--as-of", AS_OF, "--format", "json"])
        .output()
        .unwrap();
    let (code, json) = json_of(&out);
    assert_eq!(code, 1);
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );

    // origin/main absent, parents present (fetch-depth: 2): the first parent.
    clone.git(&["update-ref", "-d", "refs/remotes/origin/main"]);
    let out = clone
        .caplint()
        .env("GITHUB_BASE_REF", "main")
        .args(["check", "--as-of", AS_OF, "--format", "json"])
        .output()
        .unwrap();
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );

    // Without GITHUB_BASE_REF the merge commit is compared with itself.
    let (code, json) = clone.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));

    // Neither the ref nor the parents: exit 2 naming fetch-depth.
    clone.git(&["checkout", "-q", "--detach", "HEAD~1"]);
    let out = clone
        .caplint()
        .env("GITHUB_BASE_REF", "main")
        .args(["check", "--as-of", AS_OF])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("fetch-depth: 0"), "{}", stderr(&out));
}

// ---- CI events -------------------------------------------------------------

/// Writes a GitHub Actions event payload beside the repository.
fn event_file(r: &Repo, name: &str, json: &Value) -> String {
    let path = r.dir.parent().unwrap().join(format!("{name}.json"));
    fs::write(&path, serde_json::to_vec(json).unwrap()).unwrap();
    path.display().to_string()
}

/// `caplint ARGS` in a GitHub Actions run of `event` with `payload`.
fn github_run(r: &Repo, event: &str, payload: &Value, args: &[&str]) -> Output {
    let path = event_file(r, event, payload);
    r.caplint()
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_EVENT_NAME", event)
        .env("GITHUB_EVENT_PATH", path)
        .args(args)
        .output()
        .unwrap()
}

const ZEROS: &str = "0000000000000000000000000000000000000000";
const CHECK_JSON: [&str; 5] = ["check", "--as-of", AS_OF, "--format", "json"];

#[test]
fn github_push_judges_the_pushed_commits() {
    // A claim change without a new version, committed straight to main.
    let mut origin = repo_with_profile();
    let before = origin.git(&["rev-parse", "HEAD"]).trim().to_string();
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    let clone = Repo::clone_of(&origin, &[]);

    // Without the event, the checkout is compared with itself: it passes.
    let (code, json) = clone.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));

    // The push event's `before` is the base: the change is caught.
    let push = serde_json::json!({
        "ref": "refs/heads/main", "before": before, "forced": false,
        "repository": {"default_branch": "main"}, "commits": []
    });
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{}", stderr(&out));
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "note: history base: the commit before the push ({})",
            &before[..7]
        )) && err.contains("GitHub Actions push"),
        "{err}"
    );

    // The configured base does not hide the push: on main, origin/main is
    // HEAD itself.
    clone.write(".caplint.yaml", "base: origin/main\n");
    let (code, json) = json_of(&github_run(&clone, "push", &push, &CHECK_JSON));
    assert_eq!((code, rules(&json).len()), (1, 2));
    assert_eq!(clone.check(&[]).0, 0);
    // An explicit --base still wins.
    let mut args = CHECK_JSON.to_vec();
    args.extend(["--base", "HEAD"]);
    let (code, json) = json_of(&github_run(&clone, "push", &push, &args));
    assert_eq!((code, rules(&json)), (0, vec![]));
    fs::remove_file(clone.dir.join(".caplint.yaml")).unwrap();

    // `caplint diff` takes the same base.
    let out = github_run(&clone, "push", &push, &["diff", "--format", "json"]);
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{}", stderr(&out));
    assert_eq!(json["base"]["commit"], before.as_str(), "{json:#}");
    assert!(rules(&json).contains(&"history/version-not-bumped".to_string()));

    // Other events (a schedule, a manual run) name no base.
    let out = github_run(
        &clone,
        "workflow_dispatch",
        &serde_json::json!({}),
        &CHECK_JSON,
    );
    assert_eq!(json_of(&out).0, 0, "{}", stderr(&out));
}

#[test]
fn github_push_of_a_new_branch_uses_the_default_branch() {
    let mut origin = repo_with_profile();
    origin.git(&["checkout", "-q", "-b", "feature"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    origin.write("README.md", "docs\n");
    origin.commit("Docs");
    origin.git(&["checkout", "-q", "main"]);
    let clone = Repo::clone_of(&origin, &["--branch", "feature"]);

    let push = serde_json::json!({
        "ref": "refs/heads/feature", "before": ZEROS, "created": true,
        "repository": {"default_branch": "main"}
    });
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{}", stderr(&out));
    assert_eq!(rules(&json)[0], "history/version-not-bumped");
    assert!(stderr(&out).contains("origin/main"), "{}", stderr(&out));

    // No default branch named: exit 2, naming --base.
    let push = serde_json::json!({"before": ZEROS});
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--base"), "{}", stderr(&out));

    // The default branch not fetched (a one-branch shallow clone): exit 2.
    let shallow = Repo::clone_of(&origin, &["--branch", "feature", "--depth", "1"]);
    let push = serde_json::json!({"before": ZEROS, "repository": {"default_branch": "main"}});
    let out = github_run(&shallow, "push", &push, &CHECK_JSON);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("origin/main") && err.contains("fetch-depth: 0"),
        "{err}"
    );
}

#[test]
fn github_force_push_base() {
    // main: A (profile) → B (docs); feature from A: C (unbumped change).
    let mut origin = repo_with_profile();
    origin.write("README.md", "docs\n");
    let b = origin.commit("Docs");
    origin.git(&["checkout", "-q", "-b", "feature", "HEAD~1"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    origin.git(&["checkout", "-q", "main"]);
    let clone = Repo::clone_of(&origin, &["--branch", "feature"]);

    // The replaced commit is still here: the work since the common history.
    let push = serde_json::json!({"before": b, "forced": true});
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{}", stderr(&out));
    assert_eq!(rules(&json)[0], "history/version-not-bumped");
    assert!(stderr(&out).contains("forced"), "{}", stderr(&out));

    // The replaced commit is gone: exit 2 with advice, and nothing judged.
    let gone = "1234567890abcdef1234567890abcdef12345678";
    let push = serde_json::json!({"before": gone, "forced": true});
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("1234567") && err.contains("forced") && err.contains("fetch-depth: 0"),
        "{err}"
    );
    assert!(err.contains("--base"), "{err}");
    assert!(stdout(&out).is_empty());

    // Not forced, but missing (a shallow checkout): fetch-depth advice.
    let push = serde_json::json!({"before": gone, "forced": false});
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("fetch-depth: 0"), "{}", stderr(&out));

    // A push that deleted the branch names no base.
    let push = serde_json::json!({"before": gone, "deleted": true});
    let out = github_run(&clone, "push", &push, &CHECK_JSON);
    assert_eq!(json_of(&out).0, 0, "{}", stderr(&out));

    // A payload that cannot be read is exit 2 too, not a silent pass.
    let out = clone
        .caplint()
        .env("GITHUB_EVENT_NAME", "push")
        .env("GITHUB_EVENT_PATH", clone.dir.join("no-such-event.json"))
        .args(CHECK_JSON)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("GITHUB_EVENT_PATH"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn github_pull_request_base_sha_when_the_target_ref_is_absent() {
    let mut origin = repo_with_profile();
    origin.git(&["checkout", "-q", "-b", "feature"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    origin.git(&["checkout", "-q", "main"]);
    origin.write("README.md", "docs\n");
    let main_tip = origin.commit("Docs");

    // The pull request's head checked out, the target's ref not fetched,
    // but its commit present (not a merge commit: no first-parent fallback).
    let clone = Repo::clone_of(&origin, &["--no-single-branch"]);
    clone.git(&["checkout", "-q", "--detach", "origin/feature"]);
    clone.git(&["update-ref", "-d", "refs/remotes/origin/main"]);
    clone.git(&["update-ref", "-d", "refs/remotes/origin/HEAD"]);
    clone.git(&["branch", "-q", "-D", "main"]);

    let pr = serde_json::json!({
        "pull_request": {"base": {"ref": "main", "sha": main_tip}}
    });
    for event in ["pull_request", "pull_request_target"] {
        let path = event_file(&clone, event, &pr);
        let out = clone
            .caplint()
            .env("GITHUB_BASE_REF", "main")
            .env("GITHUB_EVENT_NAME", event)
            .env("GITHUB_EVENT_PATH", path)
            .args(CHECK_JSON)
            .output()
            .unwrap();
        let (code, json) = json_of(&out);
        assert_eq!(code, 1, "{event}: {}", stderr(&out));
        assert_eq!(rules(&json)[0], "history/version-not-bumped");
        assert!(
            stderr(&out).contains("pull_request.base.sha"),
            "{}",
            stderr(&out)
        );
    }
    // GITHUB_BASE_REF alone cannot find the base: exit 2.
    let out = clone
        .caplint()
        .env("GITHUB_BASE_REF", "main")
        .args(CHECK_JSON)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("fetch-depth: 0"), "{}", stderr(&out));
}

/// `caplint ARGS` in a GitLab CI job with `vars`.
fn gitlab_run(r: &Repo, vars: &[(&str, &str)], args: &[&str]) -> Output {
    let mut cmd = r.caplint();
    cmd.env("GITLAB_CI", "true");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    cmd.args(args).output().unwrap()
}

#[test]
fn gitlab_ci_bases() {
    let mut origin = repo_with_profile();
    let a = origin.git(&["rev-parse", "HEAD"]).trim().to_string();
    origin.git(&["checkout", "-q", "-b", "feature"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    let clone = Repo::clone_of(&origin, &["--branch", "feature"]);
    assert_eq!(clone.check(&[]).0, 0);

    let caught = |vars: &[(&str, &str)]| {
        let out = gitlab_run(&clone, vars, &CHECK_JSON);
        let (code, json) = json_of(&out);
        assert_eq!(code, 1, "{vars:?}: {}", stderr(&out));
        assert_eq!(rules(&json)[0], "history/version-not-bumped");
        stderr(&out)
    };
    // A merge request pipeline: the diff base.
    let err = caught(&[
        ("CI_MERGE_REQUEST_DIFF_BASE_SHA", &a),
        ("CI_COMMIT_BEFORE_SHA", ZEROS),
        ("CI_PIPELINE_SOURCE", "merge_request_event"),
    ]);
    assert!(err.contains("CI_MERGE_REQUEST_DIFF_BASE_SHA"), "{err}");
    // A push: the commit before it.
    let err = caught(&[
        ("CI_COMMIT_BEFORE_SHA", &a),
        ("CI_PIPELINE_SOURCE", "push"),
        ("CI_COMMIT_BRANCH", "feature"),
    ]);
    assert!(err.contains("CI_COMMIT_BEFORE_SHA"), "{err}");
    // A new branch: the merge-base with the default branch.
    caught(&[
        ("CI_COMMIT_BEFORE_SHA", ZEROS),
        ("CI_PIPELINE_SOURCE", "push"),
        ("CI_COMMIT_BRANCH", "feature"),
        ("CI_DEFAULT_BRANCH", "main"),
    ]);
    // A schedule has no range: against HEAD.
    let out = gitlab_run(
        &clone,
        &[
            ("CI_COMMIT_BEFORE_SHA", ZEROS),
            ("CI_PIPELINE_SOURCE", "schedule"),
            ("CI_COMMIT_BRANCH", "feature"),
            ("CI_DEFAULT_BRANCH", "main"),
        ],
        &CHECK_JSON,
    );
    assert_eq!(json_of(&out).0, 0, "{}", stderr(&out));
    // Without GITLAB_CI the variables are not GitLab's.
    let out = clone
        .caplint()
        .env("CI_COMMIT_BEFORE_SHA", &a)
        .args(CHECK_JSON)
        .output()
        .unwrap();
    assert_eq!(json_of(&out).0, 0);
    // A base that is not in the clone: exit 2 naming GIT_DEPTH.
    let out = gitlab_run(
        &clone,
        &[(
            "CI_COMMIT_BEFORE_SHA",
            "1234567890abcdef1234567890abcdef12345678",
        )],
        &CHECK_JSON,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("GIT_DEPTH: 0"), "{}", stderr(&out));
}

#[test]
fn diff_in_a_depth_2_pull_request_merge_takes_the_first_parent() {
    let mut origin = repo_with_profile();
    origin.git(&["checkout", "-q", "-b", "feature"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    origin.git(&["checkout", "-q", "main"]);
    origin.write("README.md", "docs\n");
    origin.commit("Docs");

    // actions/checkout of a pull request with fetch-depth: 2: the merge
    // commit and its parents, and no origin/main.
    let clone = pull_request_merge(&origin, Some("2"));
    clone.git(&["update-ref", "-d", "refs/remotes/origin/main"]);
    for r in ["refs/remotes/origin/HEAD", "refs/heads/main"] {
        let _ = clone.command("git").args(["update-ref", "-d", r]).output();
    }
    let out = clone
        .caplint()
        .env("GITHUB_BASE_REF", "main")
        .args(["diff", "--format", "json"])
        .output()
        .unwrap();
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{}", stderr(&out));
    assert!(
        json["base"]["label"]
            .as_str()
            .unwrap()
            .starts_with("the first parent of HEAD"),
        "{json:#}"
    );
    assert_eq!(rules(&json)[0], "history/version-not-bumped");
}

#[test]
fn outside_git_one_note_and_other_rules_decide() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("plain");
    fs::create_dir_all(dir.join("agents")).unwrap();
    fs::write(dir.join(PROFILE), profile("3", "2026-10-01")).unwrap();
    let mut cmd = caplint();
    cmd.env("GIT_CEILING_DIRECTORIES", tmp.path())
        .current_dir(&dir)
        .args(["check", "--as-of", AS_OF]);
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.matches("note:").count(), 1, "{err}");
    assert!(err.contains("git"), "{err}");

    // A broken profile still fails: the other rules decide.
    fs::write(dir.join(PROFILE), "{").unwrap();
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn staged_or_base_without_a_usable_git_is_exit_2() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("plain");
    fs::create_dir_all(dir.join("agents")).unwrap();
    fs::write(dir.join(PROFILE), profile("3", "2026-10-01")).unwrap();
    let run = |args: &[&str]| {
        let mut cmd = caplint();
        cmd.env("GIT_CEILING_DIRECTORIES", tmp.path())
            .current_dir(&dir)
            .args(["check", "--as-of", AS_OF])
            .args(args);
        cmd.output().unwrap()
    };
    // No `.git` at all, then a `.git` file that points nowhere, then an
    // empty `.git` folder.
    for broken in [None, Some("file"), Some("dir")] {
        match broken {
            Some("file") => fs::write(dir.join(".git"), "gitdir: /nonexistent/x\n").unwrap(),
            Some(_) => {
                fs::remove_file(dir.join(".git")).unwrap();
                fs::create_dir(dir.join(".git")).unwrap();
            }
            None => {}
        }
        for args in [&["--staged"][..], &["--base", "main"][..]] {
            let out = run(args);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{broken:?} {args:?}: {}",
                stderr(&out)
            );
            assert!(stderr(&out).contains(args[0]), "{}", stderr(&out));
        }
        // A plain check still lints with one note.
        assert_eq!(run(&[]).status.code(), Some(0), "{broken:?}");
    }
}

#[test]
fn unborn_repository_everything_is_new() {
    let r = Repo::new();
    r.write(PROFILE, &profile("3", "2026-10-01"));
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
    r.git(&["add", "-A"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!((code, rules(&json)), (0, vec![]));
    let out = r.run(&["history"]);
    assert_eq!(out.status.code(), Some(0));
    let out = r.run(&["diff", "--format", "markdown"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn no_history_skips_history_rules() {
    let r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    let (code, json) = r.check(&["--no-history"]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn paths_limit_the_scope() {
    let mut r = repo_with_profile();
    r.write(
        "other/writer.profile.json",
        &profile("1", "2026-10-01").replace("research-agent-07", "writer-02"),
    );
    r.commit("Add writer");
    r.write(PROFILE, &raised("3", "2026-10-01"));
    let (_, json) = r.check(&["other"]);
    assert_eq!(rules(&json), Vec::<String>::new());
    let (_, json) = r.check(&["agents"]);
    assert_eq!(rules(&json)[0], "history/version-not-bumped");
    // A profile moved out of the scope is not deleted.
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.git(&["mv", PROFILE, "other/research.profile.json"]);
    let (_, json) = r.check(&["agents"]);
    assert_eq!(rules(&json), Vec::<String>::new());
}

#[test]
fn severities_from_config_apply_to_history_rules() {
    let r = repo_with_profile();
    r.write(
        ".caplint.yaml",
        "rules:\n  history/version-not-bumped: warning\n  history/declared-at-not-moved: off\n",
    );
    r.write(PROFILE, &raised("3", "2026-10-01"));
    let (code, json) = r.check(&[]);
    assert_eq!(code, 0);
    assert_eq!(rules(&json), ["history/version-not-bumped"]);
    assert_eq!(
        finding(&json, "history/version-not-bumped")["severity"],
        "warning"
    );
}

// ---- a real pre-commit hook ----------------------------------------------

#[test]
fn git_commit_a_runs_the_hook_on_the_temporary_index() {
    let r = repo_with_profile();
    let hook = r.dir.join(".git/hooks/pre-commit");
    fs::create_dir_all(hook.parent().unwrap()).unwrap();
    fs::write(
        &hook,
        format!(
            "#!/bin/sh\necho \"index: $GIT_INDEX_FILE\" >&2\nexec \"{BIN}\" check --staged --as-of {AS_OF} --color never\n",
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&hook, fs::Permissions::from_mode(0o755)).unwrap();
    }
    // `git commit -a` stages into a temporary index: the plain index still
    // matches HEAD, so only a hook that reads GIT_INDEX_FILE sees the change.
    r.write(PROFILE, &raised("3", "2026-10-01"));
    let out = r
        .command("git")
        .args(["commit", "-a", "-m", "Raise without a version"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(
        !out.status.success(),
        "the hook must stop the commit: {err}"
    );
    assert!(err.contains("history/version-not-bumped"), "{err}");
    // The hook ran with git's temporary index.
    assert!(err.contains("index: ") && err.contains(".lock"), "{err}");

    // The honest change commits.
    r.write(PROFILE, &raised("4", "2026-10-14"));
    let out = r
        .command("git")
        .args(["commit", "-a", "-m", "Raise web-search"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));

    // `git commit PATH` (a partial commit) uses yet another index.
    r.write(
        PROFILE,
        &raised("4", "2026-10-14").replace("advanced", "basic"),
    );
    let out = r
        .command("git")
        .args(["commit", "-m", "Lower", PROFILE])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("history/version-not-bumped"));
}

// ---- caplint history -----------------------------------------------------

#[test]
fn history_names_the_commit_of_each_finding() {
    let mut r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    let bad = r.commit("Raise web-search quietly");
    r.write(PROFILE, &raised("4", "2026-10-30"));
    let future = r.commit("Recheck with a date from the future");
    r.write(
        PROFILE,
        &raised("5", "2026-10-04").replace("advanced", "basic"),
    );
    r.commit("Honest recheck: web-search lowered");

    let (code, json) = json_of(&r.run(&["history", "--as-of", AS_OF, "--format", "json"]));
    assert_eq!(code, 1);
    let diags = json["diagnostics"].as_array().unwrap();
    let mut all: Vec<&str> = diags.iter().map(|d| d["rule"].as_str().unwrap()).collect();
    all.sort();
    assert_eq!(
        all,
        [
            "history/declared-at-backwards",
            "history/declared-at-not-moved",
            "history/version-not-bumped",
            "profile/declared-in-future"
        ]
    );
    let not_bumped = finding(&json, "history/version-not-bumped");
    assert_eq!(not_bumped["commit"]["id"], bad.as_str());
    assert_eq!(not_bumped["commit"]["short_id"], &bad[..7]);
    assert_eq!(not_bumped["commit"]["date"], "2026-10-02");
    assert_eq!(not_bumped["commit"]["subject"], "Raise web-search quietly");
    assert_eq!(not_bumped["span"]["line"], 3);
    let future_d = finding(&json, "profile/declared-in-future");
    assert_eq!(future_d["commit"]["id"], future.as_str());
    assert!(diags.iter().all(|d| !d["commit"].is_null()));
    assert_eq!(
        json.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["tool", "version", "diagnostics", "summary"]
    );

    let out = r.run(&["history", "--as-of", AS_OF, "--color", "never"]);
    let text = stdout(&out);
    assert!(text.contains(&bad[..7]), "{text}");
    assert!(text.contains("Raise web-search quietly"), "{text}");
    assert!(text.contains("versions seen"), "{text}");
    assert!(text.contains("3 (2026-10-01"), "{text}");
    assert!(text.contains("downgrades seen: 1"), "{text}");
    assert!(
        text.contains("skill web-search: level advanced → basic"),
        "{text}"
    );

    // One line per finding, with its commit, then the summary.
    let out = r.run(&["history", "--as-of", AS_OF, "--format", "concise"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), diags.len() + 1, "{text}");
    assert!(
        lines.contains(&format!(
            "{PROFILE}:3:14: error[history/version-not-bumped] claims changed but `version` is still \"3\": skill web-search: level proficient → advanced (in commit {} 2026-10-02 Raise web-search quietly)",
            &bad[..7]
        ).as_str()),
        "{text}"
    );
    assert_eq!(
        lines.last(),
        Some(&"3 errors, 1 warning in 1 file"),
        "{text}"
    );
}

#[test]
fn history_since_and_paths() {
    let mut r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.commit("Quiet raise");
    let since = r.commit("Nothing");
    r.write(PROFILE, &raised("4", "2026-10-04"));
    r.commit("Proper raise");
    let (code, json) = json_of(&r.run(&["history", "--since", &since, "--format", "json"]));
    assert_eq!((code, rules(&json)), (0, vec![]));
    let out = r.run(&["history", "--format", "json", "skills"]);
    assert_eq!(out.status.code(), Some(2), "a missing path is an error");
    fs::create_dir_all(r.dir.join("skills")).unwrap();
    let (code, json) = json_of(&r.run(&["history", "--format", "json", "skills"]));
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn long_history_without_downgrades_gets_a_note() {
    let mut r = repo_with_profile();
    for v in 4..=8 {
        // New evidence each time: claims change, nothing is lowered.
        let text = profile(&v.to_string(), &format!("2026-10-{:02}", r.day))
            .replace("run-2026-09-28-search", &format!("run-{v}"));
        r.write(PROFILE, &text);
        r.commit(&format!("Recheck {v}"));
    }
    let out = r.run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains("6 versions"), "{err}");
    assert!(err.contains("downgrade"), "{err}");
}

#[test]
fn history_skills_and_renames() {
    let mut r = repo_with_skill(Some("1.0.0"));
    r.write("skills/pdf/scripts/extract.py", "print('v2')\n");
    let c = r.commit("Change the script only");
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.commit("Add profile");
    r.git(&["mv", PROFILE, "agents/moved.profile.json"]);
    r.commit("Move profile");
    let (code, json) = json_of(&r.run(&["history", "--format", "json"]));
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/skill-version-not-bumped"]);
    assert_eq!(
        finding(&json, "history/skill-version-not-bumped")["commit"]["id"],
        c.as_str()
    );
}

// ---- caplint diff --------------------------------------------------------

#[test]
fn diff_reviews_claim_changes() {
    let mut r = repo_with_profile();
    r.git(&["checkout", "-q", "-b", "feature"]);
    let text = raised("4", "2026-10-14").replace(r#""access": "read""#, r#""access": "write""#);
    r.write(PROFILE, &text);
    r.commit("Raise claims");

    // Default base: main (there is no upstream); HEAD: the working tree.
    let out = r.run(&["diff", "--format", "markdown"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let md = stdout(&out);
    assert!(
        md.starts_with("## caplint: capability claim changes"),
        "{md}"
    );
    assert!(md.contains("| claim | before | after | note |"), "{md}");
    assert!(md.contains("| version | `3` | `4` | raised |"), "{md}");
    assert!(
        md.contains("skill `web-search` level | `proficient` | `advanced` | raised"),
        "{md}"
    );
    assert!(
        md.contains("tool `browser` access | `read` | `write` | ⚠️ **raised: review**"),
        "{md}"
    );
    assert!(md.contains("**Verdict:**"), "{md}");

    let (code, json) = json_of(&r.run(&["diff", "main", "HEAD", "--format", "json"]));
    assert_eq!(code, 0);
    let p = &json["profiles"][0];
    assert_eq!(p["path"], PROFILE);
    assert_eq!(p["status"], "modified");
    assert_eq!(p["version"]["from"], "3");
    assert_eq!(p["version"]["to"], "4");
    assert_eq!(p["access_widened"], true);
    let kinds: Vec<&str> = p["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["change"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["level-raised", "access-raised"]);
    assert_eq!(rules(&json), ["history/access-widened"]);

    // A verdict with errors exits 1.
    r.write(PROFILE, &text.replace("\"4\"", "\"2\""));
    let out = r.run(&["diff"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("history/version-decreased"));

    // No changes: a short comment.
    r.write(PROFILE, &text);
    let out = r.run(&["diff", "HEAD", "--format", "markdown"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("No claim changes"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn diff_shows_deletions_and_new_profiles() {
    let mut r = repo_with_profile();
    r.git(&["checkout", "-q", "-b", "feature"]);
    r.git(&["rm", "-q", PROFILE]);
    r.write(
        "agents/writer.profile.json",
        &profile("1", "2026-10-10").replace("research-agent-07", "writer-02"),
    );
    r.commit("Replace the research agent");
    let (code, json) = json_of(&r.run(&["diff", "main", "--format", "json"]));
    assert_eq!(code, 1);
    let statuses: Vec<(&str, &str)> = json["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["path"].as_str().unwrap(), p["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        statuses,
        [
            (PROFILE, "deleted"),
            ("agents/writer.profile.json", "added")
        ]
    );
    assert_eq!(rules(&json), ["history/profile-deleted"]);
}

#[test]
fn diff_outside_git_is_exit_2() {
    let tmp = TempDir::new().unwrap();
    let out = caplint()
        .env("GIT_CEILING_DIRECTORIES", tmp.path())
        .current_dir(tmp.path())
        .args(["diff"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("git"));
}

// ---- scale ---------------------------------------------------------------

/// `--staged` on a partly staged profile (the editor shows the working copy)
/// says which copy it judged; a fully staged one says nothing of the kind.
#[test]
fn staged_findings_on_a_partly_staged_file_say_the_working_copy_differs() {
    let r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.git(&["add", PROFILE]);
    r.write(PROFILE, &raised("4", "2026-10-14"));
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    let help = finding(&json, "history/version-not-bumped")["help"]
        .as_str()
        .unwrap();
    assert!(
        help.contains(&format!("this is the staged copy of {PROFILE}"))
            && help.contains("the working copy differs"),
        "{help}"
    );
    let out = r.run(&["check", "--staged", "--as-of", AS_OF, "--color", "never"]);
    let words = stdout(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("the working copy differs"),
        "{}",
        stdout(&out)
    );

    // Staged as it is on disk: no such note.
    r.git(&["add", PROFILE]);
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.git(&["add", PROFILE]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    let help = finding(&json, "history/version-not-bumped")["help"]
        .as_str()
        .unwrap_or("");
    assert!(!help.contains("working copy"), "{help}");
}

#[test]
fn object_directories_from_the_environment_are_read() {
    // As in a pre-receive hook: some objects only in GIT_OBJECT_DIRECTORY
    // or GIT_ALTERNATE_OBJECT_DIRECTORIES, which git sets and gix ignores.
    let mut origin = repo_with_profile();
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    let bad = origin.commit("Raise web-search without a new version");
    let tmp = TempDir::new().unwrap();
    let clone = tmp.path().join("clone");
    let origin_path = origin.dir.display().to_string();
    let clone_path = clone.display().to_string();
    origin.git_in(
        tmp.path(),
        &["clone", "-q", "--shared", &origin_path, &clone_path],
    );
    // The objects are reachable only through the environment.
    fs::remove_file(clone.join(".git/objects/info/alternates")).unwrap();
    let objects = origin.dir.join(".git/objects");
    let history = |vars: &[(&str, &Path)]| {
        let mut cmd = origin.caplint();
        cmd.current_dir(&clone);
        for (k, v) in vars {
            cmd.env(k, v);
        }
        cmd.args(["history", "--format", "json"]).output().unwrap()
    };
    let (code, json) = json_of(&history(&[("GIT_ALTERNATE_OBJECT_DIRECTORIES", &objects)]));
    assert_eq!(code, 1);
    assert_eq!(
        finding(&json, "history/version-not-bumped")["commit"]["id"],
        bad.as_str()
    );
    // GIT_OBJECT_DIRECTORY alone names them too.
    let (code, _) = json_of(&history(&[("GIT_OBJECT_DIRECTORY", &objects)]));
    assert_eq!(code, 1);
    // Without the variables the objects are missing: exit 2.
    assert_eq!(history(&[]).status.code(), Some(2));
}

// ---- unusual layouts -----------------------------------------------------

#[test]
fn sha256_repositories_get_history() {
    let mut r = Repo::init(&["--object-format=sha256"]);
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.commit("Add the profile");
    r.write(PROFILE, &raised("3", "2026-10-01"));
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );
    r.git(&["add", "-A"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!((code, rules(&json).len()), (1, 2), "{json:#}");
    let head = r.commit("Raise without a bump");
    assert_eq!(head.len(), 64);
    let (code, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!((code, rules(&json).len()), (1, 2), "{json:#}");
    let out = r.run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("version-not-bumped"),
        "{}",
        stdout(&out)
    );
    let out = r.run(&["diff", "HEAD~1", "HEAD", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn a_missing_parent_object_is_exit_2_not_a_shallow_clone() {
    let mut r = repo_with_profile();
    let parent = r.git(&["rev-parse", "HEAD"]).trim().to_string();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.commit("Raise without a bump");
    // The parent commit's loose object is lost.
    fs::remove_file(
        r.dir
            .join(".git/objects")
            .join(&parent[..2])
            .join(&parent[2..]),
    )
    .unwrap();

    let out = r.run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains(&parent), "{err}");
    assert!(err.contains("missing"), "{err}");
    assert!(!err.contains("shallow"), "{err}");
    for args in [
        vec!["check", "--base", "HEAD~1"],
        vec!["check", "--base", &parent],
        vec!["diff", &parent, "HEAD"],
    ] {
        let out = r.run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("shallow"), "{}", stderr(&out));
    }
}

#[test]
fn a_base_that_does_not_exist_fails_before_the_first_commit() {
    let r = Repo::new();
    r.write(PROFILE, &profile("3", "2026-10-01"));
    let out = r.run(&["check", "--base", "nope"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("nope"), "{}", stderr(&out));
    let out = r.run(&["diff", "nope"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Without a named base, everything is new.
    let (code, _) = r.check(&[]);
    assert_eq!(code, 0);
}

/// A repository with a profile in `agents/`, one in `team/` and a
/// versioned skill, committed.
fn monorepo() -> Repo {
    let mut r = Repo::new();
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.write(
        "team/other.profile.json",
        &profile("3", "2026-10-01").replace("research-agent-07", "other-agent"),
    );
    r.write(
        SKILL,
        &skill_md("pdf", Some("1.2.0"), "Run `scripts/extract.py`."),
    );
    r.write("skills/pdf/scripts/extract.py", "print('hello')\n");
    r.commit("Add the agents and the skill");
    r
}

#[test]
fn sparse_checkouts_leave_the_files_outside_the_cone_unchanged() {
    let r = monorepo();
    for sparse_index in [false, true] {
        let mut args = vec!["sparse-checkout", "set"];
        if sparse_index {
            args.push("--sparse-index");
        }
        args.push("agents");
        r.git(&args);
        assert!(!r.dir.join("team").exists());
        assert!(!r.dir.join(SKILL).exists());
        for mode in [vec![], vec!["--base", "HEAD"], vec!["--staged"]] {
            let (code, json) = r.check(&mode);
            assert_eq!((code, rules(&json)), (0, vec![]), "{mode:?} {json:#}");
        }
        let out = r.run(&["diff", "HEAD", "--format", "json"]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));

        // A real change inside the cone is still judged.
        r.write(PROFILE, &raised("3", "2026-10-01"));
        let (code, json) = r.check(&[]);
        assert_eq!(code, 1);
        assert_eq!(
            rules(&json),
            [
                "history/version-not-bumped",
                "history/declared-at-not-moved"
            ]
        );
        r.git(&["add", PROFILE]);
        let (code, json) = r.check(&["--staged"]);
        assert_eq!((code, rules(&json).len()), (1, 2), "{json:#}");
        r.git(&["reset", "-q", "--hard"]);
        r.git(&["sparse-checkout", "disable"]);
    }
}

#[test]
fn skip_worktree_entries_are_unchanged() {
    let r = monorepo();
    let script = "skills/pdf/scripts/extract.py";
    r.git(&[
        "update-index",
        "--skip-worktree",
        script,
        "team/other.profile.json",
    ]);
    fs::remove_file(r.dir.join(script)).unwrap();
    fs::remove_file(r.dir.join("team/other.profile.json")).unwrap();
    for mode in [vec![], vec!["--base", "HEAD"], vec!["--staged"]] {
        // (The file rules see the script gone from the disk.)
        let (_, json) = r.check(&mode);
        assert_eq!(rules(&json), Vec::<String>::new(), "{mode:?} {json:#}");
    }
    // Changed on disk: git does not look, nor does caplint.
    r.write(script, "print('changed')\n");
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");

    // Without the flag the same change needs a new version.
    r.git(&["update-index", "--no-skip-worktree", script]);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/skill-version-not-bumped"]);
}

#[test]
fn intent_to_add_entries_are_not_staged_content() {
    let r = repo_with_skill(Some("1.2.0"));
    r.write("agents/new.profile.json", &profile("3", "2026-10-01"));
    r.write("skills/pdf/scripts/more.py", "print('more')\n");
    r.git(&[
        "add",
        "-N",
        "agents/new.profile.json",
        "skills/pdf/scripts/more.py",
    ]);
    let (code, json) = r.check(&["--staged"]);
    let all: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap())
        .collect();
    assert!(!all.contains(&"profile/invalid-json"), "{json:#}");
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
    // Staged for real, the new script is a change of the skill.
    r.git(&["add", "skills/pdf/scripts/more.py"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/skill-version-not-bumped"]);
}

#[test]
fn unmerged_entries_are_exit_2_naming_them() {
    let mut r = repo_with_profile();
    r.git(&["checkout", "-q", "-b", "feature"]);
    r.write(PROFILE, &raised("4", "2026-10-02"));
    r.commit("Feature");
    r.git(&["checkout", "-q", "main"]);
    r.write(PROFILE, &profile("5", "2026-10-03"));
    r.commit("Main");
    let merged = r
        .command("git")
        .args(["merge", "-q", "feature"])
        .output()
        .unwrap();
    assert!(!merged.status.success(), "the merge should conflict");
    for args in [
        vec!["check", "--staged"],
        vec!["check"],
        vec!["check", "--base", "HEAD"],
        vec!["diff", "HEAD"],
    ] {
        let out = r.run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains(PROFILE) && err.contains("conflict"), "{err}");
        assert!(
            !stdout(&out).contains("profile-deleted"),
            "{}",
            stdout(&out)
        );
    }
}

/// A repository whose last commit raised a claim without a new version.
fn repo_with_unbumped_commit() -> Repo {
    let mut r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.commit("Raise without a bump");
    r
}

#[test]
fn bare_repositories_read_revisions_and_have_nothing_to_check() {
    let r = repo_with_unbumped_commit();
    let bare = r.tmp().join("bare.git");
    r.git_in(r.tmp(), &["clone", "-q", "--bare", "repo", "bare.git"]);
    let run = |args: &[&str]| {
        let mut cmd = r.caplint();
        cmd.current_dir(&bare).args(args).output().unwrap()
    };
    let out = run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("version-not-bumped"),
        "{}",
        stdout(&out)
    );
    let out = run(&["diff", "HEAD~1", "HEAD", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("version-not-bumped"),
        "{}",
        stdout(&out)
    );
    for args in [
        vec!["check"],
        vec!["check", "--no-history"],
        vec!["diff", "HEAD~1"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains("bare repository"), "{}", stderr(&out));
    }
}

#[test]
fn git_dir_and_work_tree_from_outside_follow_git() {
    let r = repo_with_unbumped_commit();
    let outside = r.tmp().join("elsewhere");
    fs::create_dir(&outside).unwrap();
    fs::write(outside.join("stray.profile.json"), "{").unwrap();
    let out = r
        .caplint()
        .current_dir(&outside)
        .env("GIT_DIR", r.dir.join(".git"))
        .env("GIT_WORK_TREE", &r.dir)
        .args([
            "check", "--as-of", AS_OF, "--format", "json", "--base", "HEAD~1",
        ])
        .output()
        .unwrap();
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );
    // The work tree was linted, not the current folder.
    assert_eq!(json["diagnostics"][0]["path"], PROFILE);
    assert!(!stdout(&out).contains("stray"), "{}", stdout(&out));
}

#[test]
fn core_worktree_names_the_work_tree() {
    let mut r = Repo::new();
    let tree = r.tmp().join("tree");
    fs::create_dir_all(tree.join("agents")).unwrap();
    r.git(&["config", "core.worktree", &tree.display().to_string()]);
    fs::write(tree.join(PROFILE), profile("3", "2026-10-01")).unwrap();
    r.commit("Add the profile");
    assert!(r.git(&["ls-files"]).contains(PROFILE));
    fs::write(tree.join(PROFILE), raised("3", "2026-10-01")).unwrap();
    // Run from the folder holding `.git`, outside the work tree.
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        rules(&json),
        [
            "history/version-not-bumped",
            "history/declared-at-not-moved"
        ]
    );
}

#[test]
fn reftable_repositories_are_exit_2_saying_so() {
    let mut r = Repo::init(&["--ref-format=reftable"]);
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.commit("Add the profile");
    r.write(PROFILE, &raised("3", "2026-10-01"));
    for args in [vec!["check"], vec!["history"], vec!["diff", "HEAD"]] {
        let out = r.run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains("reftable"), "{}", stderr(&out));
    }
    let (code, _) = r.check(&["--no-history"]);
    assert_eq!(code, 0);
}

/// A versioned skill with a script and an `ident` file, committed.
fn repo_with_script() -> Repo {
    let mut r = Repo::new();
    r.write(
        SKILL,
        &skill_md("pdf", Some("1.2.0"), "Run `run.sh`; see `notes.txt`."),
    );
    r.write("skills/pdf/run.sh", "echo hi\nexit 0\n");
    r.write("skills/pdf/notes.txt", "$Id$\nNotes.\n");
    r.write(".gitattributes", "skills/pdf/notes.txt ident\n");
    r.commit("Add the pdf skill");
    r
}

fn skill_verdict(r: &Repo, args: &[&str]) -> (i32, Vec<String>) {
    let (code, json) = r.check(args);
    (code, rules(&json))
}

#[test]
fn files_are_compared_as_git_would_store_them() {
    let r = repo_with_script();
    let notes = r.dir.join("skills/pdf/notes.txt");
    // Checked out again, the ident is expanded on disk; git sees no change.
    fs::remove_file(&notes).unwrap();
    r.git(&["checkout", "--", "skills/pdf/notes.txt"]);
    assert!(fs::read_to_string(&notes).unwrap().contains("$Id: "));
    assert_eq!(r.git(&["status", "--porcelain"]), "");
    assert_eq!(skill_verdict(&r, &[]), (0, vec![]));

    // LF → CRLF with no attribute and no autocrlf: git stores the CRs.
    let run = "skills/pdf/run.sh";
    r.write(run, "echo hi\r\nexit 0\r\n");
    let bumped = (1, vec!["history/skill-version-not-bumped".to_string()]);
    assert_eq!(skill_verdict(&r, &[]), bumped);
    // With core.autocrlf they are taken out again: no change.
    r.git(&["config", "core.autocrlf", "true"]);
    assert_eq!(skill_verdict(&r, &[]), (0, vec![]));
    r.git(&["config", "core.autocrlf", "false"]);
    // And with a `text eol=crlf` attribute.
    r.write(
        ".gitattributes",
        "skills/pdf/notes.txt ident\n*.sh text eol=crlf\n",
    );
    assert_eq!(skill_verdict(&r, &[]), (0, vec![]));
    r.write(".gitattributes", "skills/pdf/notes.txt ident\n");
    r.git(&["checkout", "--", run]);

    // chmod +x is a change git commits.
    let mut perms = fs::metadata(r.dir.join(run)).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    fs::set_permissions(r.dir.join(run), perms).unwrap();
    assert_eq!(skill_verdict(&r, &[]), bumped);
    r.git(&["add", run]);
    assert_eq!(skill_verdict(&r, &["--staged"]), bumped);
    // Unless git is told not to trust the executable bit.
    r.git(&["reset", "-q"]);
    r.git(&["config", "core.fileMode", "false"]);
    assert_eq!(skill_verdict(&r, &[]), (0, vec![]));
}

#[test]
fn crlf_to_lf_is_a_change() {
    let mut r = Repo::new();
    r.write(SKILL, &skill_md("pdf", Some("1.2.0"), "Run `run.sh`."));
    r.write("skills/pdf/run.sh", "echo hi\r\n");
    r.commit("Add the pdf skill with CRLF");
    r.write("skills/pdf/run.sh", "echo hi\n");
    assert_eq!(
        skill_verdict(&r, &[]),
        (1, vec!["history/skill-version-not-bumped".to_string()])
    );
}

#[test]
fn a_nested_skill_is_its_own_skill() {
    let mut r = repo_with_skill(Some("1.2.0"));
    let inner = "skills/pdf/forms/SKILL.md";
    r.write(inner, &skill_md("forms", Some("0.1.0"), "Run `fill.py`."));
    r.write("skills/pdf/forms/fill.py", "print('fill')\n");
    r.commit("Add the forms skill inside the pdf skill");

    // A change inside the nested skill bumps the nested skill, not the outer one.
    r.write("skills/pdf/forms/fill.py", "print('fill all')\n");
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(rules(&json), ["history/skill-version-not-bumped"]);
    assert_eq!(paths_of(&json, "history/skill-version-not-bumped"), [inner]);
    r.write(inner, &skill_md("forms", Some("0.2.0"), "Run `fill.py`."));
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
    r.commit("Fill all");
    let out = r.run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));

    // The outer skill's own files still count.
    r.write("skills/pdf/scripts/extract.py", "print('changed')\n");
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(paths_of(&json, "history/skill-version-not-bumped"), [SKILL]);
}

#[test]
fn the_agent_id_is_the_identity_across_moves_and_swaps() {
    let mut r = repo_with_profile();
    let other = profile("3", "2026-10-01").replace("research-agent-07", "writer-agent-02");
    r.write("agents/writer.profile.json", &other);
    r.commit("Add the writer");

    // Moved away, and a new agent created at the old path.
    let moved = "agents/archive/research.profile.json";
    fs::create_dir_all(r.dir.join("agents/archive")).unwrap();
    r.git(&["mv", PROFILE, moved]);
    r.write(
        PROFILE,
        &profile("1", "2026-10-05").replace("research-agent-07", "research-agent-08"),
    );
    r.git(&["add", "-A"]);
    for args in [vec![], vec!["--staged"]] {
        let (code, json) = r.check(&args);
        assert_eq!((code, rules(&json)), (0, vec![]), "{args:?} {json:#}");
    }
    // The move is still judged as one profile's change.
    r.write(moved, &raised("3", "2026-10-01"));
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(paths_of(&json, "history/version-not-bumped"), [moved]);
    r.git(&["reset", "-q", "--hard"]);
    r.git(&["clean", "-q", "-fd"]);

    // Two files that swap their whole contents.
    let research = r.read(PROFILE);
    r.write(PROFILE, &other);
    r.write("agents/writer.profile.json", &research);
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
    let out = r.run(&["diff", "HEAD", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    r.commit("Swap the files");
    let out = r.run(&["history", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));

    // A real agent_id change is still one.
    r.write(
        PROFILE,
        &other.replace("writer-agent-02", "writer-agent-03"),
    );
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1);
    assert_eq!(rules(&json), ["history/agent-id-changed"]);
}

#[test]
fn a_skill_moved_and_renamed_together_is_seen() {
    let r = repo_with_skill(Some("1.2.0"));
    fs::rename(r.dir.join("skills/pdf"), r.dir.join("skills/pdf-tools")).unwrap();
    let text = skill_md("pdf-tools", Some("1.3.0"), "Run `scripts/extract.py`.");
    r.write("skills/pdf-tools/SKILL.md", &text);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 0, "{json:#}");
    assert_eq!(rules(&json), ["history/skill-renamed"]);
    let d = finding(&json, "history/skill-renamed");
    assert_eq!(d["path"], "skills/pdf-tools/SKILL.md");
    assert_eq!(spanned(d, &text), "pdf-tools");
    r.git(&["add", "-A"]);
    let (_, json) = r.check(&["--staged"]);
    assert_eq!(rules(&json), ["history/skill-renamed"]);

    // Moved without a new version, and a script changed: a bump is due.
    r.write(
        "skills/pdf-tools/SKILL.md",
        &skill_md("pdf-tools", Some("1.2.0"), "Run `scripts/extract.py`."),
    );
    r.write("skills/pdf-tools/scripts/extract.py", "print('changed')\n");
    r.git(&["add", "-A"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1);
    assert_eq!(
        rules(&json),
        ["history/skill-renamed", "history/skill-version-not-bumped"]
    );
    assert!(
        finding(&json, "history/skill-version-not-bumped")["message"]
            .as_str()
            .unwrap()
            .contains("scripts/extract.py")
    );

    // A new skill that merely sits beside a removed one is no rename.
    r.git(&["reset", "-q", "--hard"]);
    r.write(
        "skills/other/SKILL.md",
        &skill_md("other", Some("1.0.0"), "Something else entirely."),
    );
    fs::remove_dir_all(r.dir.join("skills/pdf")).unwrap();
    let (_, json) = r.check(&[]);
    assert_eq!(rules(&json), Vec::<String>::new(), "{json:#}");
}

#[cfg(unix)]
#[test]
fn a_symlink_pointed_elsewhere_is_judged_by_its_new_target_in_every_mode() {
    let mut r = Repo::new();
    r.write("real/research.json", &profile("3", "2026-10-01"));
    fs::create_dir_all(r.dir.join("agents")).unwrap();
    std::os::unix::fs::symlink("../real/research.json", r.dir.join(PROFILE)).unwrap();
    r.commit("Add a linked profile");
    // The link now points elsewhere; the target's claims changed too.
    r.write("real/other.json", &raised("3", "2026-10-01"));
    fs::remove_file(r.dir.join(PROFILE)).unwrap();
    std::os::unix::fs::symlink("../real/other.json", r.dir.join(PROFILE)).unwrap();
    r.git(&["add", "-A"]);
    for args in [vec![], vec!["--staged"], vec!["--base", "HEAD"]] {
        let out = r.run(&[&["check", "--as-of", AS_OF, "--format", "json"][..], &args].concat());
        let (code, json) = json_of(&out);
        // The link's text (`../real/other.json`) is never parsed as JSON:
        // the profile is what the link shows, and its claims changed.
        assert_eq!(
            (code, rules(&json)),
            (
                1,
                vec![
                    "history/version-not-bumped".to_string(),
                    "history/declared-at-not-moved".to_string()
                ]
            ),
            "{args:?} {json:#}"
        );
    }
    let out = r.run(&["diff", "HEAD", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    r.commit("Point the link elsewhere");
    let out = r.run(&["history", "--as-of", AS_OF, "--format", "json"]);
    let (code, json) = json_of(&out);
    assert_eq!(
        (code, rules(&json)),
        (
            1,
            vec![
                "history/version-not-bumped".to_string(),
                "history/declared-at-not-moved".to_string()
            ]
        ),
        "{json:#}"
    );
    let out = r.run(&["diff", "HEAD~1", "HEAD", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}

// ---- names that are not UTF-8 --------------------------------------------

#[test]
fn a_profile_whose_name_is_not_utf8_is_read_in_every_mode() {
    use std::os::unix::ffi::OsStrExt;
    let mut r = Repo::new();
    let raw = std::ffi::OsStr::from_bytes(b"agents/\xffresearch.profile.json");
    let shown = "agents/\u{FFFD}research.profile.json";
    fs::create_dir_all(r.dir.join("agents")).unwrap();
    fs::write(r.dir.join(raw), profile("3", "2026-10-01")).unwrap();
    // Not yet committed: every mode without a base reads the file.
    let (code, json) = r.check(&["--no-history"]);
    assert_eq!(code, 0, "{json:#}");
    assert_eq!(json["summary"]["files"], 1, "{json:#}");
    r.git(&["add", "-A"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
    r.commit("Add");

    // A claim change without a new version, in the work tree: every mode
    // that compares sees it at the lossy display path.
    fs::write(r.dir.join(raw), raised("3", "2026-10-01")).unwrap();
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        paths_of(&json, "history/version-not-bumped"),
        vec![shown.to_string()]
    );
    let (code, _) = r.check(&["--base", "HEAD"]);
    assert_eq!(code, 1);
    r.git(&["add", "-A"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(
        paths_of(&json, "history/version-not-bumped"),
        vec![shown.to_string()]
    );
    assert_eq!(code, 1);
    let out = r.run(&["diff", "HEAD", "--as-of", AS_OF]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains(shown), "{}", stdout(&out));
    r.commit("Raise without a version");
    let out = r.run(&["history", "--as-of", AS_OF, "--format", "json"]);
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        paths_of(&json, "history/version-not-bumped"),
        vec![shown.to_string()]
    );
    // Named on the command line from its folder.
    let mut cmd = r.caplint();
    cmd.current_dir(r.dir.join("agents"))
        .args(["check", "--no-history", "--format", "json"])
        .arg(std::ffi::OsStr::from_bytes(b"\xffresearch.profile.json"));
    let (code, json) = json_of(&cmd.output().unwrap());
    assert_eq!(
        (code, json["summary"]["files"].clone()),
        (0, 1.into()),
        "{json:#}"
    );
}

#[test]
fn github_merge_group_judges_the_queue_against_its_base_sha() {
    let mut origin = repo_with_profile();
    let base = origin.git(&["rev-parse", "HEAD"]).trim().to_string();
    origin.git(&["checkout", "-q", "-b", "gh-readonly-queue/main/pr-7"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Queued: raise web-search without a new version");
    let clone = Repo::clone_of(&origin, &["--branch", "gh-readonly-queue/main/pr-7"]);
    // No `origin/main` tip would be needed: the payload names the commit.
    let event = serde_json::json!({
        "action": "checks_requested",
        "merge_group": {"head_sha": clone.git(&["rev-parse", "HEAD"]).trim(),
                        "head_ref": "refs/heads/gh-readonly-queue/main/pr-7",
                        "base_sha": base, "base_ref": "refs/heads/main"},
        "repository": {"default_branch": "main"}
    });
    let out = github_run(&clone, "merge_group", &event, &CHECK_JSON);
    let (code, json) = json_of(&out);
    assert_eq!(code, 1, "{}", stderr(&out));
    assert_eq!(
        paths_of(&json, "history/version-not-bumped"),
        vec![PROFILE.to_string()]
    );
    let out = github_run(&clone, "merge_group", &event, &["check"]);
    assert!(
        stderr(&out).contains("merge_group.base_sha"),
        "{}",
        stderr(&out)
    );

    // A base commit the clone lacks, or a payload without one: exit 2.
    let mut gone = event.clone();
    gone["merge_group"]["base_sha"] = "1234567890123456789012345678901234567890".into();
    let out = github_run(&clone, "merge_group", &gone, &CHECK_JSON);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1234567") && stderr(&out).contains("fetch-depth: 0"),
        "{}",
        stderr(&out)
    );
    let out = github_run(&clone, "merge_group", &serde_json::json!({}), &CHECK_JSON);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--base"), "{}", stderr(&out));
}

#[test]
fn history_pairs_a_skill_folder_moved_and_renamed_together() {
    let mut r = repo_with_skill(Some("1.2.0"));
    r.git(&["mv", "skills/pdf", "skills/pdf-tools"]);
    r.write(
        "skills/pdf-tools/SKILL.md",
        &skill_md("pdf-tools", Some("1.2.0"), "Run `scripts/extract.py`."),
    );
    r.write("skills/pdf-tools/scripts/extract.py", "print('changed')\n");
    let moved = r.commit("Move and rename the skill, change its script");
    // `check --base` and `history` agree on the same change.
    let (code, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!(code, 1, "{json:#}");
    let expected = ["history/skill-renamed", "history/skill-version-not-bumped"];
    assert_eq!(rules(&json), expected);
    let (code, json) = json_of(&r.run(&["history", "--as-of", AS_OF, "--format", "json"]));
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(rules(&json), expected);
    let d = finding(&json, "history/skill-version-not-bumped");
    assert_eq!(d["commit"]["id"], moved.as_str());
    assert_eq!(d["path"], "skills/pdf-tools/SKILL.md");
    assert!(d["message"]
        .as_str()
        .unwrap()
        .contains("scripts/extract.py"));

    // Moved with a new version: only the rename is reported.
    r.git(&["mv", "skills/pdf-tools", "skills/pdf-kit"]);
    r.write(
        "skills/pdf-kit/SKILL.md",
        &skill_md("pdf-kit", Some("1.3.0"), "Run `scripts/extract.py`."),
    );
    r.write("skills/pdf-kit/scripts/extract.py", "print('again')\n");
    let again = r.commit("Move again, with a new version");
    let (_, json) = json_of(&r.run(&["history", "--as-of", AS_OF, "--format", "json"]));
    let renamed: Vec<&Value> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["commit"]["id"] == again.as_str())
        .collect();
    assert_eq!(renamed.len(), 1, "{json:#}");
    assert_eq!(renamed[0]["rule"], "history/skill-renamed");
}

#[test]
fn partial_clone_works_with_fetched_blobs_and_advises_on_missing_ones() {
    let mut origin = repo_with_profile();
    origin.git(&["config", "uploadpack.allowFilter", "true"]);
    origin.git(&["config", "uploadpack.allowAnySHA1InWant", "true"]);
    origin.write(PROFILE, &raised("3", "2026-10-01"));
    origin.commit("Raise web-search without a new version");
    let clone = Repo::clone_of(&origin, &["--filter=blob:none"]);
    // The checkout fetched HEAD's blobs: the work tree against HEAD works.
    let (code, json) = clone.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
    let (code, _) = clone.check(&["--staged"]);
    assert_eq!(code, 0);
    // The older blob was never fetched: exit 2, saying why and what to do.
    for args in [
        &["check", "--base", "HEAD~1"][..],
        &["history"],
        &["diff", "HEAD~1", "HEAD"],
    ] {
        let out = clone.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("partial clone"), "{err}");
        assert!(err.contains("git fetch --refetch"), "{err}");
    }
    // Once git fetched it (any git command that reads it), the run judges.
    clone.git(&["diff", "HEAD~1", "HEAD"]);
    let (code, json) = clone.check(&["--base", "HEAD~1"]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(
        paths_of(&json, "history/version-not-bumped"),
        vec![PROFILE.to_string()]
    );
}

#[test]
fn a_skill_moved_renamed_and_edited_is_paired_by_its_other_files() {
    let mut r = repo_with_skill(Some("1.2.0"));
    r.git(&["mv", "skills/pdf", "skills/pdf-tools"]);
    // SKILL.md's body is edited too; the script is unchanged.
    r.write(
        "skills/pdf-tools/SKILL.md",
        &skill_md(
            "pdf-tools",
            Some("1.2.0"),
            "Run `scripts/extract.py` twice.",
        ),
    );
    let expected = ["history/skill-renamed", "history/skill-version-not-bumped"];
    let (code, json) = r.check(&[]);
    assert_eq!(
        (code, rules(&json)),
        (1, expected.map(String::from).to_vec()),
        "{json:#}"
    );
    r.git(&["add", "-A"]);
    let (_, json) = r.check(&["--staged"]);
    assert_eq!(rules(&json), expected);
    r.commit("Move, rename and edit the skill");
    let (_, json) = json_of(&r.run(&["history", "--as-of", AS_OF, "--format", "json"]));
    assert_eq!(rules(&json), expected);

    // A folder with nothing but SKILL.md is not paired by its (no) files.
    let mut r = Repo::new();
    r.write(SKILL, &skill_md("pdf", Some("1.2.0"), "Read the PDF."));
    r.commit("Add");
    fs::remove_dir_all(r.dir.join("skills/pdf")).unwrap();
    r.write(
        "skills/other/SKILL.md",
        &skill_md("other", Some("1.2.0"), "Something else entirely."),
    );
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
}

#[test]
fn history_keeps_a_profile_whose_earlier_revision_was_not_json() {
    let mut r = Repo::new();
    r.write(PROFILE, "{not json\n");
    r.commit("Start the profile");
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.commit("Write it properly");
    // Nothing to compare the first good revision with: new, no finding,
    // but seen (it was left out of the history altogether).
    let (code, json) = json_of(&r.run(&["history", "--as-of", AS_OF, "--format", "json"]));
    assert_eq!((code, rules(&json)), (0, vec![]), "{json:#}");
    assert_eq!(json["summary"]["files"], 1, "{json:#}");
    let out = r.run(&["history", "--as-of", AS_OF]);
    assert!(
        stdout(&out).contains("research-agent-07"),
        "{}",
        stdout(&out)
    );
    // Later revisions are judged against it as usual.
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.commit("Raise without a version");
    let (code, json) = json_of(&r.run(&["history", "--as-of", AS_OF, "--format", "json"]));
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(rules(&json)[0], "history/version-not-bumped");
}

// ---- check --fix ---------------------------------------------------------

#[test]
fn fix_raises_the_version_and_leaves_declared_at() {
    let r = repo_with_profile();
    let text = raised("3", "2026-10-01");
    r.write(PROFILE, &text);
    let (_, json) = r.check(&[]);
    let fix = &finding(&json, "history/version-not-bumped")["fix"];
    assert_eq!(fix["applicability"], "safe");
    assert_eq!(fix["edits"][0]["replacement"], "\"4\"");

    let out = r.run(&["check", "--as-of", AS_OF, "--fix"]);
    let err = stderr(&out);
    assert!(err.contains("set `version` to \"4\""), "{err}");
    assert!(err.contains("`declared_at` was not changed"), "{err}");
    // Only the version's bytes changed; declared_at is untouched.
    assert_eq!(r.read(PROFILE), raised("4", "2026-10-01"));
    // What remains is the honest recheck: declared_at did not move.
    let (code, json) = r.check(&[]);
    assert_eq!(
        (code, rules(&json)),
        (0, vec!["history/declared-at-not-moved".to_string()])
    );
    // A second run changes nothing.
    let out = r.run(&["check", "--as-of", AS_OF, "--fix"]);
    assert!(!stderr(&out).contains("applied"), "{}", stderr(&out));
    assert_eq!(r.read(PROFILE), raised("4", "2026-10-01"));
}

#[test]
fn fix_takes_a_version_above_the_target_tip() {
    let r = diverged();
    let out = r.run(&["check", "--as-of", AS_OF, "--base", "main", "--fix"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(r.read(PROFILE), raised("5", "2026-10-05"));
}

#[test]
fn fix_diff_prints_and_writes_nothing() {
    let r = repo_with_profile();
    let text = raised("3", "2026-10-01");
    r.write(PROFILE, &text);
    let out = r.run(&["check", "--as-of", AS_OF, "--fix", "--diff"]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!(stdout(&out));
    assert_eq!(r.read(PROFILE), text);
}

#[test]
fn diff_alone_implies_fix_and_writes_nothing() {
    let r = repo_with_profile();
    let text = raised("3", "2026-10-01");
    r.write(PROFILE, &text);
    let with_fix = r.run(&["check", "--as-of", AS_OF, "--fix", "--diff"]);
    let out = r.run(&["check", "--as-of", AS_OF, "--diff"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&with_fix));
    assert!(
        stdout(&out).contains("+  \"version\": \"4\""),
        "{}",
        stdout(&out)
    );
    assert_eq!(r.read(PROFILE), text);
    // `--unsafe-fixes` still needs `--fix` or `--diff`.
    let out = r.run(&["check", "--as-of", AS_OF, "--unsafe-fixes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--fix"), "{}", stderr(&out));
}

#[test]
fn staged_diff_shows_the_staged_fix_and_writes_nothing() {
    let r = repo_with_profile();
    let text = raised("3", "2026-10-01");
    r.write(PROFILE, &text);
    r.git(&["add", "-A"]);
    let out = r.run(&["check", "--as-of", AS_OF, "--staged", "--diff"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("+  \"version\": \"4\""),
        "{}",
        stdout(&out)
    );
    assert_eq!(r.read(PROFILE), text);
    // Nothing was staged or written: the index still holds version 3.
    let (_, json) = r.check(&["--staged"]);
    assert!(rules(&json).contains(&"history/version-not-bumped".to_string()));
}

#[test]
fn fix_with_staged_fixes_the_working_tree_and_fails() {
    let r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.git(&["add", "-A"]);
    let out = r.run(&["check", "--as-of", AS_OF, "--staged", "--fix"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("stage them again"),
        "{}",
        stderr(&out)
    );
    assert_eq!(r.read(PROFILE), raised("4", "2026-10-01"));
    // Staged again, the commit passes the version rule.
    r.git(&["add", "-A"]);
    let (_, json) = r.check(&["--staged"]);
    assert!(!rules(&json).contains(&"history/version-not-bumped".to_string()));
}

#[test]
fn fix_skips_a_file_staged_in_part() {
    let r = repo_with_profile();
    r.write(PROFILE, &raised("3", "2026-10-01"));
    r.git(&["add", "-A"]);
    // The working tree differs from what is staged.
    let disk = raised("3", "2026-10-01").replace("run-2026-09-28-search", "run-2");
    r.write(PROFILE, &disk);
    let out = r.run(&["check", "--as-of", AS_OF, "--staged", "--fix"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(r.read(PROFILE), disk);
}

#[test]
fn fix_raises_a_skill_version_in_its_quote_style() {
    let r = repo_with_skill(Some("1.2.0"));
    r.write("skills/pdf/scripts/extract.py", "print('hello, pages')\n");
    let text = skill_md("pdf", Some("1.2.0"), "Run `scripts/extract.py`.")
        .replace("\"1.2.0\"", "'1.2.0'")
        .replace('\n', "\r\n");
    r.write(SKILL, &text);
    let out = r.run(&["check", "--as-of", AS_OF, "--fix"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(r.read(SKILL), text.replace("'1.2.0'", "'1.3.0'"));
    let (code, json) = r.check(&[]);
    assert_eq!((code, rules(&json)), (0, vec![]));
}

#[test]
fn a_revision_that_does_not_parse_hides_no_claim_change() {
    // valid → broken → valid with a raised level and the same version: the
    // base of the last transition is the last revision that parsed.
    let broken_shapes = [
        "{,".to_string(),
        "[]\n".to_string(),
        String::new(),
        profile("3", "2026-10-01").replace("  \"version\": \"3\",\n", ""),
        profile("3", "2026-10-01").replace("\"version\": \"3\"", "\"version\": 3"),
    ];
    for broken in &broken_shapes {
        let mut r = Repo::new();
        r.write(PROFILE, &profile("3", "2026-10-01"));
        let first = r.commit("valid");
        r.write(PROFILE, broken);
        let mid = r.commit("broken");
        r.write(PROFILE, &raised("3", "2026-10-01"));
        // `check` against a broken HEAD, and `--staged`.
        let (code, json) = r.check(&[]);
        assert_eq!(code, 1, "{broken:?}: {json:#}");
        assert!(
            rules(&json).contains(&"history/version-not-bumped".to_string()),
            "{broken:?}: {json:#}"
        );
        r.git(&["add", "-A"]);
        let (code, json) = r.check(&["--staged"]);
        assert_eq!(code, 1, "{broken:?} --staged: {json:#}");
        r.commit("raised, same version");
        for args in [
            vec!["history".to_string()],
            vec!["history".into(), "--range".into(), format!("{first}..HEAD")],
            vec!["history".into(), "--range".into(), format!("{mid}..HEAD")],
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let mut all = args.clone();
            all.extend(["--format", "json"]);
            let (code, json) = json_of(&r.run(&all));
            assert_eq!(code, 1, "{broken:?} {args:?}: {json:#}");
            assert!(
                rules(&json).contains(&"history/version-not-bumped".to_string()),
                "{broken:?} {args:?}: {json:#}"
            );
        }
        // `--base` at the broken commit.
        let (code, json) = r.check(&["--base", &mid]);
        assert_eq!(code, 1, "{broken:?} --base: {json:#}");
    }
}

#[test]
fn a_linked_profile_in_a_folder_the_index_holds_unchanged_is_judged_staged() {
    // Only the link's target is staged: the index's cache-tree still
    // records `agents/` as HEAD's tree, and the link in it shows a raised
    // claim from `data/`.
    let mut r = Repo::new();
    r.write("data/research.json", &profile("3", "2026-10-01"));
    let path = r.path().join(PROFILE);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("../data/research.json", &path).unwrap();
    r.commit("linked profile");
    r.write("data/research.json", &raised("3", "2026-10-01"));
    r.git(&["add", "data/research.json"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1, "{json:#}");
    assert!(
        rules(&json).contains(&"history/version-not-bumped".to_string()),
        "{json:#}"
    );
}

#[test]
fn a_symlinked_profile_is_judged_by_the_file_it_shows() {
    let link = |r: &Repo| {
        let path = r.path().join(PROFILE);
        let _ = fs::remove_file(&path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink("../data/research.json", &path).unwrap();
    };
    let has_bump_finding =
        |json: &Value| rules(json).contains(&"history/version-not-bumped".to_string());
    // A raised level in the link's target, the link untouched.
    let mut r = Repo::new();
    r.write("data/research.json", &profile("3", "2026-10-01"));
    link(&r);
    r.commit("linked profile");
    r.write("data/research.json", &raised("3", "2026-10-01"));
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert!(has_bump_finding(&json), "{json:#}");
    r.git(&["add", "-A"]);
    let (code, json) = r.check(&["--staged"]);
    assert_eq!(code, 1, "--staged: {json:#}");
    assert!(has_bump_finding(&json), "--staged: {json:#}");
    r.commit("raise through the link");
    let (code, json) = r.check(&["--base", "HEAD~1"]);
    assert_eq!(code, 1, "--base: {json:#}");
    assert!(has_bump_finding(&json), "--base: {json:#}");
    let (code, json) = json_of(&r.run(&["history", "--format", "json"]));
    assert_eq!(code, 1, "history: {json:#}");
    assert!(has_bump_finding(&json), "history: {json:#}");
    let (code, _) = json_of(&r.run(&["history", "--range", "HEAD~1..HEAD", "--format", "json"]));
    assert_eq!(code, 1);

    // A profile replaced by a link to a raised copy.
    let mut r = Repo::new();
    r.write(PROFILE, &profile("3", "2026-10-01"));
    r.commit("plain profile");
    r.write("data/research.json", &raised("3", "2026-10-01"));
    link(&r);
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "replaced: {json:#}");
    assert!(has_bump_finding(&json), "replaced: {json:#}");
    r.git(&["add", "-A"]);
    let (code, _) = r.check(&["--staged"]);
    assert_eq!(code, 1, "replaced --staged");
    r.commit("replace with a link");
    let (code, json) = json_of(&r.run(&["history", "--format", "json"]));
    assert_eq!(code, 1, "replaced history: {json:#}");

    // An honest bump through the link passes.
    let mut r = Repo::new();
    r.write("data/research.json", &profile("3", "2026-10-01"));
    link(&r);
    r.commit("linked profile");
    r.write("data/research.json", &raised("4", "2026-10-10"));
    let (code, json) = r.check(&[]);
    assert_eq!(code, 0, "bumped: {json:#}");
}

#[test]
fn a_skip_worktree_file_absent_from_disk_is_no_broken_reference() {
    let mut r = Repo::new();
    r.write(
        "skills/pdf/SKILL.md",
        &skill_md(
            "pdf",
            Some("1.0.0"),
            "Run [the script](scripts/extract.py) and read [the guide](docs/guide.md).",
        ),
    );
    r.write("skills/pdf/scripts/extract.py", "print('hello')\n");
    r.write("skills/pdf/docs/guide.md", "# Guide\n");
    r.commit("skill");
    r.git(&[
        "update-index",
        "--skip-worktree",
        "skills/pdf/scripts/extract.py",
        "skills/pdf/docs/guide.md",
    ]);
    fs::remove_file(r.dir.join("skills/pdf/scripts/extract.py")).unwrap();
    fs::remove_dir_all(r.dir.join("skills/pdf/docs")).unwrap();
    for mode in [
        vec![],
        vec!["--no-history"],
        vec!["--staged"],
        vec!["--base", "HEAD"],
        vec!["--no-cache"],
    ] {
        let (code, json) = r.check(&mode);
        assert_eq!((code, rules_of(&json)), (0, vec![]), "{mode:?} {json:#}");
    }
    // Without the flag the file is gone: a broken reference.
    r.git(&[
        "update-index",
        "--no-skip-worktree",
        "skills/pdf/scripts/extract.py",
    ]);
    let (_, json) = r.check(&["--no-history"]);
    assert!(
        rules_of(&json).contains(&"skill/broken-reference".to_string()),
        "{json:#}"
    );
}

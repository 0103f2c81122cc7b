//! Submodules (gitlinks, mode 160000) inside versioned skills, through the
//! binary on real git repositories: the commit a gitlink points at is part
//! of the skill's content on every side (a commit's tree, the index, the
//! working tree), so moving it needs a new version in `check`, `--staged`,
//! `--base`, `diff`, `history` and `history --range`.

use crate::support::*;
use serde_json::Value;
use std::path::PathBuf;

const SKILL: &str = "skills/pdf/SKILL.md";
const SUB: &str = "skills/pdf/vendor/lib";
const BUMP: &str = "history/skill-version-not-bumped";

fn skill_md(version: Option<&str>) -> String {
    let v = version.map_or_else(String::new, |v| format!("version: \"{v}\"\n"));
    format!("---\nname: pdf\ndescription: Extract text from PDF files.\n{v}---\nUse the library in `vendor/lib`.\n")
}

fn history_rules(json: &Value) -> Vec<String> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap().to_string())
        .filter(|r| r.starts_with("history/"))
        .collect()
}

/// The finding of [`BUMP`], which must be the only history finding, and
/// must name the submodule (under `vendor/`) as what changed.
fn assert_bump(what: &str, (code, json): (i32, Value)) -> Value {
    assert_eq!(code, 1, "{what}: {json:#}");
    assert_eq!(history_rules(&json), [BUMP], "{what}: {json:#}");
    let d = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["rule"] == BUMP)
        .unwrap()
        .clone();
    assert_eq!(d["path"], SKILL, "{what}: {d:#}");
    let message = d["message"].as_str().unwrap();
    assert!(message.contains("vendor/"), "{what}: {message}");
    d
}

fn assert_clean(what: &str, (code, json): (i32, Value)) {
    assert_eq!(
        (code, history_rules(&json)),
        (0, vec![]),
        "{what}: {json:#}"
    );
}

/// A repository outside the skill's, with two commits: (path, first, second).
fn library(r: &Repo) -> (PathBuf, String, String) {
    let lib = r.tmp().join("lib");
    std::fs::create_dir(&lib).unwrap();
    r.git_in(&lib, &["init", "-q"]);
    write(&lib, "lib.py", "VERSION = 1\n");
    r.git_in(&lib, &["add", "-A"]);
    r.git_in(&lib, &["commit", "-q", "-m", "one"]);
    let first = r.git_in(&lib, &["rev-parse", "HEAD"]).trim().to_string();
    write(&lib, "lib.py", "VERSION = 2\n");
    r.git_in(&lib, &["commit", "-q", "-am", "two"]);
    let second = r.git_in(&lib, &["rev-parse", "HEAD"]).trim().to_string();
    (lib, first, second)
}

/// `git submodule add` of the repository at `origin` (a local folder) at
/// `path` of `r`.
fn add_submodule(r: &Repo, origin: &std::path::Path, path: &str) {
    let url = origin.display().to_string();
    r.git(&[
        "-c",
        "protocol.file.allow=always",
        "submodule",
        "add",
        "-q",
        &url,
        path,
    ]);
}

/// A repository whose skill `pdf` (versioned or not) holds the library as
/// a real submodule at its first commit, committed.
fn skill_with_submodule(version: Option<&str>) -> (Repo, String, String) {
    let mut r = Repo::new();
    let (lib, first, second) = library(&r);
    r.write(SKILL, &skill_md(version));
    add_submodule(&r, &lib, SUB);
    r.git_in(&r.dir.join(SUB), &["checkout", "-q", &first]);
    r.commit("Add the pdf skill with its library");
    (r, first, second)
}

fn checkout_in_submodule(r: &Repo, rev: &str) {
    r.git_in(&r.dir.join(SUB), &["checkout", "-q", rev]);
}

fn run_json(r: &Repo, args: &[&str]) -> (i32, Value) {
    json_of(&r.run(args))
}

#[test]
fn a_moved_submodule_in_a_versioned_skill_needs_a_new_version() {
    let (mut r, _first, second) = skill_with_submodule(Some("1.2.0"));
    assert_clean("unchanged", r.check(&[]));

    // Checked out at another commit in the working tree: the working tree
    // is judged as it is (as `git diff HEAD` shows it), the index is not.
    checkout_in_submodule(&r, &second);
    assert_bump("check (working tree)", r.check(&[]));
    assert_clean("--staged, not staged yet", r.check(&["--staged"]));

    // Staged: what the next commit holds.
    r.git(&["add", SUB]);
    assert_bump("--staged", r.check(&["--staged"]));
    assert_bump("check, staged", r.check(&[]));
    let (code, json) = run_json(&r, &["diff", "HEAD", "--format", "json"]);
    assert_eq!(code, 1, "diff: {json:#}");

    // Committed: `--base`, `history` and `history --range`.
    let moved = r.commit("Move the library");
    assert_clean("check after the commit", r.check(&[]));
    assert_bump("--base HEAD~1", r.check(&["--base", "HEAD~1"]));
    let d = assert_bump("history", run_json(&r, &["history", "--format", "json"]));
    assert_eq!(d["commit"]["id"], moved, "{d:#}");
    assert_bump(
        "history --range",
        run_json(
            &r,
            &["history", "--range", "HEAD~1..HEAD", "--format", "json"],
        ),
    );
    let (code, json) = run_json(&r, &["diff", "HEAD~1", "HEAD", "--format", "json"]);
    assert_eq!(code, 1, "diff HEAD~1 HEAD: {json:#}");
}

#[test]
fn a_moved_submodule_with_a_raised_version_passes() {
    let (mut r, _first, second) = skill_with_submodule(Some("1.2.0"));
    checkout_in_submodule(&r, &second);
    r.write(SKILL, &skill_md(Some("1.3.0")));
    assert_clean("check", r.check(&[]));
    r.git(&["add", "-A"]);
    assert_clean("--staged", r.check(&["--staged"]));
    r.commit("Move the library, as 1.3.0");
    assert_clean("--base", r.check(&["--base", "HEAD~1"]));
    assert_clean(
        "history",
        run_json(&r, &["history", "--format", "json", "--as-of", AS_OF]),
    );
}

#[test]
fn an_unversioned_skill_may_move_its_submodule() {
    // As for any other file of a skill without a version: no rule applies.
    let (mut r, _first, second) = skill_with_submodule(None);
    checkout_in_submodule(&r, &second);
    assert_clean("check", r.check(&[]));
    r.git(&["add", SUB]);
    assert_clean("--staged", r.check(&["--staged"]));
    r.commit("Move the library");
    assert_clean("--base", r.check(&["--base", "HEAD~1"]));
    assert_clean(
        "history",
        run_json(&r, &["history", "--format", "json", "--as-of", AS_OF]),
    );
}

#[test]
fn a_submodule_not_checked_out_is_the_commit_the_index_records() {
    // A fresh clone without `--recurse-submodules`: the folder is empty,
    // which git takes as unchanged, and so does caplint.
    let (r, _first, _second) = skill_with_submodule(Some("1.2.0"));
    let clone = Repo::clone_of(&r, &[]);
    assert!(clone.dir.join(SUB).is_dir());
    assert!(std::fs::read_dir(clone.dir.join(SUB))
        .unwrap()
        .next()
        .is_none());
    assert_clean("fresh clone", clone.check(&[]));
    assert_clean("fresh clone --staged", clone.check(&["--staged"]));
}

#[test]
fn a_removed_submodule_is_a_change() {
    let (mut r, _first, _second) = skill_with_submodule(Some("1.2.0"));
    r.git(&["rm", "-q", SUB]);
    assert_bump("--staged", r.check(&["--staged"]));
    assert_bump("check", r.check(&[]));
    r.commit("Drop the library");
    assert_bump("--base", r.check(&["--base", "HEAD~1"]));
}

/// Sets the gitlink at `path` in the index to `id`, without a submodule.
fn raw_gitlink(r: &Repo, id: &str, path: &str) {
    let info = format!("160000,{id},{path}");
    r.git(&["update-index", "--add", "--cacheinfo", &info]);
}

fn commit_index(r: &mut Repo, message: &str) {
    // Not `git add -A`: the gitlink has no folder on disk, and would be
    // staged as deleted.
    r.git(&["commit", "-q", "-m", message]);
    r.day += 1;
}

#[test]
fn a_raw_gitlink_moved_needs_a_new_version() {
    let one = "1111111111111111111111111111111111111111";
    let two = "2222222222222222222222222222222222222222";
    let path = "skills/pdf/vendor/raw";
    let mut r = Repo::new();
    r.write(SKILL, &skill_md(Some("1.2.0")));
    r.git(&["add", "-A"]);
    raw_gitlink(&r, one, path);
    commit_index(&mut r, "Add the pdf skill with a gitlink");
    // Its folder is not on disk: the working tree holds no gitlink there
    // (`git status` says deleted), which is a change of the skill.
    let (code, json) = r.check(&[]);
    assert_eq!(code, 1, "{json:#}");
    assert_eq!(history_rules(&json), [BUMP], "{json:#}");
    assert_clean("--staged, nothing staged", r.check(&["--staged"]));
    // An empty folder is a submodule not checked out: unchanged.
    std::fs::create_dir_all(r.dir.join(path)).unwrap();
    assert_clean("check, empty folder", r.check(&[]));

    raw_gitlink(&r, two, path);
    let d = assert_bump("--staged", r.check(&["--staged"]));
    assert!(
        d["message"].as_str().unwrap().contains("vendor/raw"),
        "{d:#}"
    );
    // The working tree's unpopulated folder is what the index records.
    assert_bump("check", r.check(&[]));
    commit_index(&mut r, "Point the gitlink elsewhere");
    assert_clean("check after the commit", r.check(&[]));
    assert_bump("--base HEAD~1", r.check(&["--base", "HEAD~1"]));
    assert_bump("history", run_json(&r, &["history", "--format", "json"]));
    assert_bump(
        "history --range",
        run_json(
            &r,
            &["history", "--range", "HEAD~1..HEAD", "--format", "json"],
        ),
    );

    // Raised with the move: accepted.
    r.write(SKILL, &skill_md(Some("1.3.0")));
    r.git(&["add", SKILL]);
    raw_gitlink(&r, one, path);
    assert_clean("--staged, raised", r.check(&["--staged"]));
}

#[test]
fn a_gitlink_named_like_a_profile_or_a_skill_file_is_no_crash() {
    // Bad input never panics and never asks for a blob that is a commit.
    let mut r = Repo::new();
    r.write(SKILL, &skill_md(Some("1.2.0")));
    r.git(&["add", "-A"]);
    let one = "1111111111111111111111111111111111111111";
    raw_gitlink(&r, one, "agents/x.profile.json");
    raw_gitlink(&r, one, "skills/odd/SKILL.md");
    raw_gitlink(&r, one, "decisions/a.decision.json");
    raw_gitlink(&r, one, "plugins/p/.claude-plugin/plugin.json");
    commit_index(&mut r, "gitlinks with file names");
    let two = "2222222222222222222222222222222222222222";
    for p in [
        "agents/x.profile.json",
        "skills/odd/SKILL.md",
        "decisions/a.decision.json",
        "plugins/p/.claude-plugin/plugin.json",
    ] {
        std::fs::create_dir_all(r.dir.join(p)).unwrap();
        raw_gitlink(&r, two, p);
    }
    commit_index(&mut r, "moved");
    for args in [
        vec!["check", "--format", "json"],
        vec!["check", "--staged", "--format", "json"],
        vec!["check", "--base", "HEAD~1", "--format", "json"],
        vec!["history", "--format", "json"],
        vec!["diff", "HEAD~1", "HEAD", "--format", "json"],
    ] {
        let out = r.run(&args);
        let code = out.status.code().unwrap_or(-1);
        assert!(code == 0 || code == 1, "{args:?}: {}", text(&out));
        let _: Value = serde_json::from_slice(&out.stdout).unwrap();
    }
}

#[test]
fn a_marketplace_plugin_in_a_submodule_is_not_missing_in_a_clone_without_it() {
    // A marketplace whose plugin is another repository, added as a
    // submodule: a clone without `--recurse-submodules` has an empty
    // folder there, and Claude Code clones the marketplace with it.
    let mut r = Repo::new();
    let plugin = r.tmp().join("rca");
    std::fs::create_dir(&plugin).unwrap();
    r.git_in(&plugin, &["init", "-q"]);
    write(
        &plugin,
        "skills/triage/SKILL.md",
        "---\nname: triage\ndescription: Triages an incident. Use when an alert fires.\n---\n# Triage\n",
    );
    r.git_in(&plugin, &["add", "-A"]);
    r.git_in(&plugin, &["commit", "-q", "-m", "plugin"]);
    r.write(
        ".claude-plugin/marketplace.json",
        r#"{"name": "ops", "owner": {"name": "Acme"}, "plugins": [{"name": "rca", "source": "./rca", "version": "1.0.0", "skills": ["./skills/triage"]}]}
"#,
    );
    add_submodule(&r, &plugin, "rca");
    r.commit("A marketplace with its plugin as a submodule");
    let (code, json) = r.check(&["--no-history"]);
    assert_eq!(code, 0, "{json:#}");
    let clone = Repo::clone_of(&r, &[]);
    assert!(std::fs::read_dir(clone.path().join("rca"))
        .unwrap()
        .next()
        .is_none());
    let (code, json) = clone.check(&["--no-history"]);
    assert!(
        findings_of(&json, "plugin/missing-component").is_empty(),
        "{json:#}"
    );
    assert_eq!(code, 0, "{json:#}");
}

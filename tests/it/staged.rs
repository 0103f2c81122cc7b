//! `caplint check --staged` driven by the index, with its cache under the
//! git directory: the same findings as a run without the cache, whatever
//! is staged, edited after staging, untracked, damaged or run at once.

use crate::support::*;
use serde_json::Value;

const CACHE: &str = ".git/caplint/staged-cache";

/// `check --staged` in `format` (with extra arguments): exit code and output.
fn staged(r: &Repo, format: &str, extra: &[&str]) -> (i32, String) {
    let mut args = vec!["--staged"];
    args.extend_from_slice(extra);
    r.check_in(format, &args)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn the_cache_gives_back_what_a_run_without_it_finds_in_every_format() {
    let r = repo_with_findings();
    // A staged change: a profile with a new finding.
    r.write(
        "agents/good.profile.json",
        &GOOD.replace("proficient", "expert"),
    );
    r.git(&["add", "agents/good.profile.json"]);
    for format in ["json", "human", "concise", "sarif", "github"] {
        let without = staged(&r, format, &["--no-cache"]);
        let cold = staged(&r, format, &[]);
        let warm = staged(&r, format, &[]);
        assert_eq!(without.0, 1, "{format}: {}", without.1);
        assert_eq!(cold, without, "{format}: a cold cache");
        assert_eq!(warm, without, "{format}: a warm cache");
    }
    assert!(r.path().join(CACHE).is_file());
    let found = rules_in(&staged(&r, "json", &[]).1);
    for rule in [
        "profile/missing-field",
        "profile/duplicate-agent-id",
        "skill/broken-reference",
        "history/version-not-bumped",
    ] {
        assert!(found.iter().any(|f| f == rule), "{rule} in {found:?}");
    }
    // The human output shows the snippets of findings from the cache.
    let (_, human) = staged(&r, "human", &[]);
    assert!(human.contains("[the forms guide](FORMS.md)"), "{human}");
    assert!(human.contains("\"twin\""), "{human}");
}

#[test]
fn a_run_that_changes_nothing_does_not_write_the_cache_again() {
    let r = repo_with_findings();
    staged(&r, "json", &[]);
    let cache = r.path().join(CACHE);
    let written = std::fs::read(&cache).unwrap();
    assert_unwritten(&cache, || staged(&r, "json", &[]));
    // A staged change is a new unit: the cache is written again.
    r.write("agents/good.profile.json", &GOOD.replace("\"3\"", "\"4\""));
    r.git(&["add", "agents/good.profile.json"]);
    staged(&r, "json", &[]);
    assert_ne!(std::fs::read(&cache).unwrap(), written);
    // `--no-cache` neither reads nor writes it.
    std::fs::remove_file(&cache).unwrap();
    staged(&r, "json", &["--no-cache"]);
    assert!(!cache.exists());
}

#[test]
fn a_file_edited_after_staging_is_judged_as_staged() {
    let r = repo_with_findings();
    // Warm the cache with the committed state.
    staged(&r, "json", &[]);
    // The skill's broken link is fixed on disk, not staged: the commit would
    // still hold it.
    let fixed = "---\nname: pdf\ndescription: Extract text from PDF files. Use when a PDF is attached.\n---\n# PDF\n\nRead the forms guide first.\n";
    r.write("skills/pdf/SKILL.md", fixed);
    let (code, out) = staged(&r, "json", &[]);
    assert_eq!(code, 1);
    let report = json(&out);
    let broken: Vec<&Value> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "skill/broken-reference")
        .collect();
    assert_eq!(broken.len(), 1, "{out}");
    assert!(
        broken[0]["help"]
            .as_str()
            .unwrap_or("")
            .contains("the working copy differs"),
        "{out}"
    );
    // Staged, it is gone; the working tree agrees.
    r.git(&["add", "skills/pdf/SKILL.md"]);
    let found = rules_in(&staged(&r, "json", &[]).1);
    assert!(
        !found.iter().any(|f| f == "skill/broken-reference"),
        "{found:?}"
    );

    // The other way round, on a cold cache: a broken link staged, then fixed
    // on disk only, is still found; a skill file deleted on disk but still
    // staged is linted from the index.
    std::fs::remove_file(r.path().join(CACHE)).unwrap();
    r.write(
        "skills/notes/SKILL.md",
        "---\nname: notes\ndescription: Keep meeting notes. Use when asked to take notes.\n---\n# Notes\n\nSee [the template](missing.md).\n",
    );
    r.git(&["add", "skills/notes/SKILL.md"]);
    std::fs::remove_file(r.path().join("skills/notes/SKILL.md")).unwrap();
    let (code, out) = staged(&r, "json", &[]);
    assert_eq!(code, 1);
    let report = json(&out);
    assert!(
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["rule"] == "skill/broken-reference" && d["path"] == "skills/notes/SKILL.md"),
        "{out}"
    );
}

#[test]
fn untracked_files_are_no_part_of_the_commit() {
    let r = repo_with_findings();
    r.write("agents/new.profile.json", "{\"agent_id\": 7}\n");
    r.write("skills/draft/SKILL.md", "not a skill\n");
    // An untracked file in a tracked skill: not unreferenced, not there.
    r.write("skills/notes/scratch.md", "# Scratch\n");
    let found = rules_in(&staged(&r, "json", &[]).1);
    let (_, out) = staged(&r, "json", &[]);
    assert!(!out.contains("agents/new.profile.json"), "{found:?}");
    assert!(!out.contains("skills/draft"), "{found:?}");
    assert!(!out.contains("scratch.md"), "{found:?}");
    // A plain check of the working tree sees all three.
    let (_, json) = r.check(&[]);
    let all = json.to_string();
    for path in ["agents/new.profile.json", "skills/draft", "scratch.md"] {
        assert!(all.contains(path), "{path}: {all}");
    }
    // Staged, they are.
    r.git(&["add", "agents/new.profile.json", "skills/draft/SKILL.md"]);
    let (_, out) = staged(&r, "json", &[]);
    assert!(out.contains("agents/new.profile.json"), "{out}");
    assert!(out.contains("skills/draft/SKILL.md"), "{out}");
}

#[test]
fn a_damaged_cache_is_ignored_and_replaced() {
    let r = repo_with_findings();
    let (code, expected) = staged(&r, "json", &[]);
    let cache = r.path().join(CACHE);
    let good = std::fs::read(&cache).unwrap();
    for damaged in [
        Vec::new(),
        b"garbage".to_vec(),
        good[..good.len() / 2].to_vec(),
        {
            let mut flipped = good.clone();
            let at = flipped.len() - 10;
            flipped[at] ^= 0x41;
            flipped
        },
    ] {
        std::fs::write(&cache, &damaged).unwrap();
        assert_eq!(staged(&r, "json", &[]), (code, expected.clone()));
        // Replaced by the same entries (in the order they were linted),
        // which the next run finds whole: it writes nothing.
        let replaced = std::fs::read(&cache).unwrap();
        assert_eq!(replaced.len(), good.len());
        let again = assert_unwritten(&cache, || staged(&r, "json", &[]));
        assert_eq!(again, (code, expected.clone()));
    }
}

#[test]
fn concurrent_runs_agree_and_leave_a_sound_cache() {
    let r = repo_with_findings();
    r.write(
        "agents/good.profile.json",
        &GOOD.replace("proficient", "expert"),
    );
    r.git(&["add", "agents/good.profile.json"]);
    let (code, expected) = staged(&r, "json", &["--no-cache"]);
    let children: Vec<_> = (0..6)
        .map(|_| {
            r.command(BIN)
                .args(["check", "--staged", "--as-of", AS_OF, "--format", "json"])
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code));
        assert_eq!(stdout(&out), expected);
    }
    assert_eq!(staged(&r, "json", &[]), (code, expected));
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(r.path().join(".git/caplint"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["staged-cache"]);
}

#[test]
fn a_changed_configuration_or_date_is_not_answered_from_the_cache() {
    let r = repo_with_findings();
    staged(&r, "json", &[]);
    // Two pieces of evidence required: the good profile now falls short.
    r.write(".caplint.yaml", "min_evidence: 2\n");
    let (_, out) = staged(&r, "json", &[]);
    let (_, without) = staged(&r, "json", &["--no-cache"]);
    assert_eq!(out, without);
    assert!(out.contains("profile/missing-evidence"), "{out}");
    // Another day: a declaration goes stale.
    std::fs::remove_file(r.path().join(".caplint.yaml")).unwrap();
    let late = |extra: &[&str]| {
        let mut args = vec![
            "check",
            "--staged",
            "--as-of",
            "2027-06-01",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        stdout(&r.run(&args))
    };
    let (out, without) = (late(&[]), late(&["--no-cache"]));
    assert_eq!(out, without);
    assert!(out.contains("profile/stale"), "{out}");
}

#[test]
fn no_credential_is_written_to_the_cache() {
    let r = repo_with_findings();
    let secret = concat!("ghp_", "q7Wm2Rk9Tz4Lx8Vb", "3Nc6Hd1Jf5Gs0Pa2Ye7U");
    r.write(
        "agents/good.profile.json",
        &GOOD.replace("run-2026-09-28-search", secret),
    );
    r.write(
        "skills/notes/template.md",
        &format!("# Template\n\nexport GITHUB_TOKEN={secret}\n"),
    );
    r.git(&["add", "-A"]);
    let (code, first) = staged(&r, "human", &[]);
    let (_, second) = staged(&r, "human", &[]);
    assert_eq!(code, 1);
    assert_eq!(first, second);
    assert!(first.contains("security/secret-value"), "{first}");
    assert!(!second.contains(secret), "{second}");
    let cache = std::fs::read(r.path().join(CACHE)).unwrap();
    let cache = String::from_utf8_lossy(&cache);
    assert!(!cache.contains(&secret[..12]), "the cache holds the secret");
    assert!(
        !cache.contains("agents/good.profile.json"),
        "a unit with a credential finding was stored"
    );
}

#[test]
fn staged_files_that_are_not_on_disk_are_linted_from_the_index() {
    let mut r = repo_with_findings();
    r.write("team/broken.profile.json", &missing_field());
    r.commit("Add a team");
    let expected = |r: &Repo| staged(r, "json", &["--no-cache"]);
    // Deleted from the disk only: the commit still holds it.
    std::fs::remove_file(r.path().join("agents/missing.profile.json")).unwrap();
    let (code, out) = staged(&r, "json", &[]);
    assert_eq!((code, out.clone()), expected(&r));
    assert!(out.contains("agents/missing.profile.json"), "{out}");
    r.git(&["checkout", "--", "agents/missing.profile.json"]);
    // Outside a sparse checkout's cone, cold and warm.
    std::fs::remove_file(r.path().join(CACHE)).unwrap();
    r.git(&["sparse-checkout", "set", "agents", "skills"]);
    assert!(!r.path().join("team").exists());
    for _ in 0..2 {
        let (code, out) = staged(&r, "json", &[]);
        assert_eq!((code, out.clone()), expected(&r));
        assert!(out.contains("team/broken.profile.json"), "{out}");
    }
}

#[test]
fn a_linked_work_tree_keeps_its_own_cache() {
    let r = repo_with_findings();
    let linked = r.tmp().join("linked");
    r.git(&[
        "worktree",
        "add",
        "-q",
        "-b",
        "other",
        &linked.display().to_string(),
    ]);
    write(
        &linked,
        "agents/good.profile.json",
        GOOD.replace("proficient", "expert"),
    );
    r.git_in(&linked, &["add", "agents/good.profile.json"]);
    let run = |dir: &std::path::Path, extra: &[&str]| {
        let mut args = vec!["check", "--staged", "--as-of", AS_OF, "--format", "json"];
        args.extend_from_slice(extra);
        let out = r
            .command(BIN)
            .current_dir(dir)
            .args(&args)
            .output()
            .unwrap();
        (out.status.code(), stdout(&out))
    };
    for _ in 0..2 {
        for dir in [r.path(), linked.as_path()] {
            assert_eq!(
                run(dir, &[]),
                run(dir, &["--no-cache"]),
                "{}",
                dir.display()
            );
        }
    }
    assert!(r.path().join(CACHE).is_file());
    let linked_cache = r.path().join(".git/worktrees/linked/caplint/staged-cache");
    assert!(linked_cache.is_file());
    // The linked tree's staged change is found there, not in the main tree.
    assert!(run(&linked, &[]).1.contains("history/version-not-bumped"));
    assert!(!run(r.path(), &[]).1.contains("history/version-not-bumped"));
}

/// The keys of the skill folders in a cache file (`skill\0` and a digest).
fn skill_keys(r: &Repo) -> std::collections::BTreeSet<Vec<u8>> {
    let bytes = std::fs::read(r.path().join(CACHE)).unwrap();
    let tag = b"skill\0";
    let mut keys = std::collections::BTreeSet::new();
    let mut at = 0;
    while let Some(i) = bytes[at..].windows(tag.len()).position(|w| w == tag) {
        let start = at + i + tag.len();
        keys.insert(bytes[start..start + 20].to_vec());
        at = start;
    }
    keys
}

#[test]
fn a_new_file_elsewhere_keeps_the_skills_cached_unless_they_asked_for_it() {
    let mut r = repo_with_findings();
    r.write(
        "skills/guide/SKILL.md",
        "---\nname: guide\ndescription: Explains the house style. Use when writing docs.\n---\n# Guide\n\nFollow [the style guide](../../docs/style.md).\n",
    );
    r.commit("Add a guide");
    let (code, out) = staged(&r, "json", &[]);
    assert_eq!((code, out.clone()), staged(&r, "json", &["--no-cache"]));
    assert!(out.contains("docs/style.md"), "{out}");
    let before = skill_keys(&r);
    assert_eq!(before.len(), 3, "one key per skill folder");
    // A new profile: no skill asked about it, every skill stays cached.
    r.write(
        "agents/new.profile.json",
        &GOOD.replace("research-agent-07", "new-agent"),
    );
    r.git(&["add", "agents/new.profile.json"]);
    let (code, out) = staged(&r, "json", &[]);
    assert_eq!((code, out), staged(&r, "json", &["--no-cache"]));
    assert_eq!(skill_keys(&r), before);
    // The file the guide links to: its answer changed, so it is linted
    // again, and the link is no longer broken.
    r.write("docs/style.md", "# Style\n");
    r.git(&["add", "docs/style.md"]);
    let (code, out) = staged(&r, "json", &[]);
    assert_eq!((code, out.clone()), staged(&r, "json", &["--no-cache"]));
    let report = json(&out);
    assert!(
        !report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["path"] == "skills/guide/SKILL.md" && d["severity"] == "error"),
        "{out}"
    );
}

//! `caplint check` on the work tree with its cache: a file whose stat data
//! shows it unchanged since it was staged is found by its blob id, and every
//! other file is read. The output is the same as without the cache, however
//! the work tree differs from the index.

use crate::support::*;
use serde_json::Value;

const CACHE: &str = ".git/caplint/check-cache";

/// Checks that a cold run, a warm run and a run without the cache agree
/// (in `format`, with `extra`), and gives what they found.
fn agreed(r: &Repo, format: &str, extra: &[&str]) -> (i32, String) {
    let mut no_cache = extra.to_vec();
    no_cache.push("--no-cache");
    let without = r.check_in(format, &no_cache);
    let first = r.check_in(format, extra);
    let again = r.check_in(format, extra);
    assert_eq!(first, without, "{format} {extra:?}: the first run");
    assert_eq!(again, without, "{format} {extra:?}: a run from the cache");
    without
}

#[test]
fn the_cache_gives_back_what_a_run_without_it_finds_in_every_format() {
    let mut r = repo_with_findings();
    // A committed change for `--base` to review.
    r.write(
        "agents/good.profile.json",
        &GOOD.replace("proficient", "expert"),
    );
    r.commit("Raise a level");
    for format in ["json", "human", "concise", "sarif", "github"] {
        for extra in [&[][..], &["--base", "HEAD~1"], &["--no-history"]] {
            let (code, _) = agreed(&r, format, extra);
            assert_eq!(code, 1, "{format} {extra:?}");
        }
    }
    assert!(r.path().join(CACHE).is_file());
    let found = rules_in(&r.check_in("json", &["--base", "HEAD~1"]).1);
    for rule in [
        "profile/missing-field",
        "profile/duplicate-agent-id",
        "skill/broken-reference",
        "history/version-not-bumped",
    ] {
        assert!(found.iter().any(|f| f == rule), "{rule} in {found:?}");
    }
    // The snippets of findings from the cache are read from the disk.
    let (_, human) = r.check_in("human", &[]);
    assert!(human.contains("[the forms guide](FORMS.md)"), "{human}");
    assert!(human.contains("\"twin\""), "{human}");
}

#[test]
fn what_differs_from_the_index_is_read_from_the_disk() {
    let r = repo_with_findings();
    agreed(&r, "json", &[]);
    // Edited and not staged: the edit is what is checked.
    r.write(
        "agents/good.profile.json",
        &GOOD.replace("research-agent-07", "twin"),
    );
    r.write(
        "skills/pdf/SKILL.md",
        "---\nname: pdf\ndescription: Extract text from PDF files. Use when a PDF is attached.\n---\n# PDF\n\nRead the forms guide first.\n",
    );
    // Untracked: a profile, a skill, and a file in a tracked skill folder.
    r.write("agents/new.profile.json", "{\"agent_id\": 7}\n");
    r.write("skills/draft/SKILL.md", "not a skill\n");
    r.write("skills/notes/scratch.md", "# Scratch\n");
    // Removed from the disk only.
    std::fs::remove_file(r.path().join("agents/missing.profile.json")).unwrap();
    // History finds the changed and the deleted profile; the file rules
    // see the rest.
    let (_, out) = agreed(&r, "json", &[]);
    let found = rules_in(&out);
    assert!(
        found.iter().any(|f| f == "history/agent-id-changed"),
        "{out}"
    );
    let (_, out) = agreed(&r, "json", &["--no-history"]);
    let found = rules_in(&out);
    assert!(
        !found.iter().any(|f| f == "skill/broken-reference"),
        "{out}"
    );
    assert!(!out.contains("agents/missing.profile.json"), "{out}");
    for path in ["agents/new.profile.json", "skills/draft", "scratch.md"] {
        assert!(out.contains(path), "{path}: {out}");
    }
    // Three profiles share the agent id now.
    let report: Value = serde_json::from_str(&out).unwrap();
    let twins = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "profile/duplicate-agent-id")
        .count();
    assert_eq!(twins, 3, "{out}");
    // Put back as committed: the first findings again.
    r.git(&["checkout", "--", "."]);
    r.git(&["clean", "-fdq"]);
    let (_, back) = agreed(&r, "json", &["--no-history"]);
    assert!(rules_in(&back)
        .iter()
        .any(|f| f == "skill/broken-reference"));
}

#[test]
fn a_file_touched_but_not_changed_gives_the_same_findings() {
    let r = repo_with_findings();
    let (_, before) = agreed(&r, "json", &[]);
    // New stat data, same content: read and hashed, found in the cache.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    for rel in ["agents/missing.profile.json", "skills/pdf/SKILL.md"] {
        let path = r.path().join(rel);
        let text = std::fs::read(&path).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    assert_eq!(agreed(&r, "json", &[]).1, before);
}

#[test]
fn an_agent_entry_file_on_disk_is_part_of_a_skills_key() {
    let r = repo_with_findings();
    r.write("skills/notes/extra.md", "# Extra\n");
    r.git(&["add", "."]);
    r.git(&["commit", "-qm", "An extra file"]);
    let (_, out) = agreed(&r, "json", &[]);
    assert!(
        rules_in(&out)
            .iter()
            .any(|f| f == "skill/unreferenced-file"),
        "{out}"
    );
    // An untracked AGENTS.md naming the file: it is referenced now.
    r.write("AGENTS.md", "Read @./skills/notes/extra.md first.\n");
    let (_, out) = agreed(&r, "json", &[]);
    assert!(
        !rules_in(&out)
            .iter()
            .any(|f| f == "skill/unreferenced-file"),
        "{out}"
    );
}

#[test]
fn an_eval_workspace_is_judged_again_when_its_skill_goes() {
    let r = repo_with_findings();
    r.write(
        "skills/pdf/SKILL.md",
        "---\nname: pdf\ndescription: Use for PDFs.\n---\n# PDF\n",
    );
    r.write("skills/pdf-workspace/notes.md", "# Iteration 1\n");
    r.git(&["add", "."]);
    r.git(&["commit", "-qm", "A skill and its eval workspace"]);
    let missing =
        |out: &str| {
            let json: Value = serde_json::from_str(out).unwrap();
            json["diagnostics"].as_array().unwrap().iter().any(|d| {
                d["rule"] == "skill/missing-skill-md" && d["path"] == "skills/pdf-workspace"
            })
        };
    let (_, out) = agreed(&r, "json", &[]);
    assert!(!missing(&out), "{out}");
    // The skill goes, the workspace stays: a folder without a skill now.
    std::fs::remove_file(r.path().join("skills/pdf/SKILL.md")).unwrap();
    let (_, out) = agreed(&r, "json", &[]);
    assert!(missing(&out), "{out}");
}

#[test]
fn the_modes_keep_their_own_files_and_no_cache_touches_neither() {
    let r = repo_with_findings();
    r.check_in("json", &["--no-cache"]);
    r.check_in("json", &["--staged", "--no-cache"]);
    assert!(!r.path().join(".git/caplint").exists());
    r.check_in("json", &[]);
    r.check_in("json", &["--staged"]);
    let mut names: Vec<String> = std::fs::read_dir(r.path().join(".git/caplint"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["check-cache", "staged-cache"]);
    // A run that finds everything in the cache writes nothing.
    let cache = r.path().join(CACHE);
    assert_unwritten(&cache, || r.check_in("json", &[]));
}

#[test]
fn no_credential_is_written_to_the_check_cache() {
    let r = repo_with_findings();
    let key = format!(
        "sk-ant-api03-{}",
        "Zq7Xk2Lm9Pw4Rt6Yv8Bn3Hs5Jd1Fg0Qc".repeat(3)
    );
    r.write(
        "skills/notes/template.md",
        &format!("# Template\n\nANTHROPIC_API_KEY={key}\n"),
    );
    // An attribute file's text reaches the cache's stamp only as a digest.
    r.write(
        ".gitattributes",
        "*.md text eol=lf # keep-out-of-the-cache\n",
    );
    r.git(&["add", "."]);
    r.git(&["commit", "-qm", "A template with a key"]);
    let (code, out) = agreed(&r, "json", &[]);
    assert_eq!(code, 1);
    assert!(rules_in(&out).iter().any(|f| f == "security/secret-value"));
    assert!(!out.contains(&key));
    let cache = std::fs::read(r.path().join(CACHE)).unwrap();
    assert!(!cache
        .windows(b"keep-out-of-the-cache".len())
        .any(|w| w == b"keep-out-of-the-cache"));
    // Not even a piece of the key's random part.
    let secret = &key.as_bytes()[13..];
    assert!(
        !secret
            .windows(12)
            .any(|k| cache.windows(12).any(|w| w == k)),
        "no part of the key in the cache"
    );
}

#[test]
fn a_file_checked_out_with_other_line_ends_is_linted_again() {
    let r = repo_with_findings();
    agreed(&r, "json", &["--no-history"]);
    // The same blob, written out with CRLF: its spans are other bytes.
    r.git(&["config", "core.autocrlf", "true"]);
    let path = r.path().join("agents/missing.profile.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace('\n', "\r\n")).unwrap();
    // Staged a while after it was written: its stat data is trusted.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    r.git(&["add", "agents/missing.profile.json"]);
    assert_eq!(r.git(&["status", "--porcelain"]).trim(), "");
    let (_, crlf) = agreed(&r, "json", &["--no-history"]);
    assert!(crlf.contains("agents/missing.profile.json"), "{crlf}");
}

const REVIEWS: &str = ".git/caplint/check-reviews";

/// [`GOOD`] with a level raised, its version bumped and `declared_at`
/// moved: history finds nothing in the change.
fn raised_and_bumped() -> String {
    GOOD.replace("proficient", "advanced")
        .replace("\"version\": \"3\"", "\"version\": \"4\"")
        .replace("2026-10-01", "2026-10-10")
}

fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

/// The entries of a cache file (its trailer's count, before the length
/// and the CRC-32: 4 + 8 + 4 bytes, little-endian).
fn entries_of(path: &std::path::Path) -> u32 {
    let bytes = std::fs::read(path).unwrap();
    let at = bytes.len() - 16;
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

#[test]
fn history_remembers_the_reviews_that_found_nothing_and_judges_the_others_again() {
    let mut r = repo_with_findings();
    r.write("agents/good.profile.json", &raised_and_bumped());
    r.write(
        "agents/twin-a.profile.json",
        &claim_change_without_bump().replace("research-agent-07", "twin"),
    );
    r.commit("Raise a level with a bump, add a claim without one");
    for format in ["json", "human", "sarif", "github"] {
        let (code, _) = agreed(&r, format, &["--base", "HEAD~1"]);
        assert_eq!(code, 1, "{format}");
    }
    let (_, out) = r.check_in("json", &["--base", "HEAD~1"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    let history: Vec<(&str, &str)> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"].as_str().unwrap().starts_with("history/"))
        .map(|d| (d["rule"].as_str().unwrap(), d["path"].as_str().unwrap()))
        .collect();
    assert!(
        history.contains(&("history/version-not-bumped", "agents/twin-a.profile.json"))
            && history
                .iter()
                .all(|(_, path)| *path == "agents/twin-a.profile.json"),
        "{out}"
    );
    // Only the pair that found nothing is kept, as a digest: no path, no
    // value of either revision, no message.
    let path = r.path().join(REVIEWS);
    assert_eq!(entries_of(&path), 1);
    let bytes = std::fs::read(&path).unwrap();
    for text in [
        "agents/",
        "good.profile",
        "advanced",
        "research-agent-07",
        "version",
    ] {
        assert!(!holds(&bytes, text), "{text} in the reviews file");
    }
    // Nothing new to remember: the file is left as it is.
    assert_unwritten(&path, || r.check_in("json", &["--base", "HEAD~1"]));
    // Edited on disk, the profile is another revision: judged again, and
    // what it finds now is reported.
    r.write(
        "agents/good.profile.json",
        &raised_and_bumped().replace("\"version\": \"4\"", "\"version\": \"3\""),
    );
    let (_, out) = agreed(&r, "json", &["--base", "HEAD~1"]);
    assert!(
        out.contains("\"agents/good.profile.json\"")
            && rules_in(&out)
                .iter()
                .filter(|f| *f == "history/version-not-bumped")
                .count()
                == 2,
        "{out}"
    );
    // Against another base the pairs are others: nothing is taken as known.
    r.git(&["checkout", "--", "."]);
    let (_, out) = agreed(&r, "json", &["--base", "HEAD"]);
    assert!(
        !rules_in(&out).iter().any(|f| f.starts_with("history/")),
        "{out}"
    );
}

#[test]
fn staged_runs_remember_their_reviews_in_their_own_file() {
    let r = repo_with_findings();
    r.write("agents/good.profile.json", &raised_and_bumped());
    r.git(&["add", "agents/good.profile.json"]);
    let staged = |r: &Repo| {
        let without = r.check_in("json", &["--staged", "--no-cache"]);
        let first = r.check_in("json", &["--staged"]);
        let again = r.check_in("json", &["--staged"]);
        assert_eq!(first, without);
        assert_eq!(again, without);
        without
    };
    staged(&r);
    let path = r.path().join(".git/caplint/staged-reviews");
    assert_eq!(entries_of(&path), 1);
    assert!(!r.path().join(REVIEWS).exists());
    // The same revision staged without its bump finds something.
    r.write(
        "agents/good.profile.json",
        &raised_and_bumped().replace("\"version\": \"4\"", "\"version\": \"3\""),
    );
    r.git(&["add", "agents/good.profile.json"]);
    let (code, out) = staged(&r);
    assert_eq!(code, 1);
    assert!(
        rules_in(&out)
            .iter()
            .any(|f| f == "history/version-not-bumped"),
        "{out}"
    );
}

/// A skill folder the index records as the base's tree is taken as
/// unchanged only while every file it tracks is on disk as staged: an
/// edit, a removed file or a changed mode on disk is reviewed.
#[test]
fn a_skill_folder_as_the_base_has_it_is_reviewed_once_its_disk_copy_differs() {
    let mut r = Repo::new();
    r.write(
        "skills/pdf/SKILL.md",
        "---\nname: pdf\ndescription: Extract text from PDF files. Use when a PDF is attached.\nversion: \"1.0.0\"\n---\n# PDF\n\nRun [the script](scripts/run.py).\n",
    );
    r.write("skills/pdf/scripts/run.py", "print('pdf')\n");
    r.commit("Add a skill");
    r.commit("Nothing changed");
    let (code, out) = agreed(&r, "json", &["--base", "HEAD~1"]);
    assert_eq!(code, 0, "{out}");
    let bumped = |out: &str| {
        rules_in(out)
            .iter()
            .any(|f| f == "history/skill-version-not-bumped")
    };
    // A script edited on disk: the skill changed without a new version.
    r.write("skills/pdf/scripts/run.py", "print('pdf, faster')\n");
    let (_, out) = agreed(&r, "json", &["--base", "HEAD~1"]);
    assert!(bumped(&out), "{out}");
    r.git(&["checkout", "--", "."]);
    let (_, out) = agreed(&r, "json", &["--base", "HEAD~1"]);
    assert!(!bumped(&out), "{out}");
    // Removed from the disk only.
    std::fs::remove_file(r.path().join("skills/pdf/scripts/run.py")).unwrap();
    let (_, out) = agreed(&r, "json", &["--base", "HEAD~1"]);
    assert!(bumped(&out), "{out}");
    r.git(&["checkout", "--", "."]);
    // Made executable on disk (git tracks the mode).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let script = r.path().join("skills/pdf/scripts/run.py");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let (_, out) = agreed(&r, "json", &["--base", "HEAD~1"]);
        assert!(bumped(&out), "{out}");
    }
}

/// A pair is the base's, the head's and the target tip's revisions: the
/// same change judged clean before is judged again once the target branch
/// takes its version.
#[test]
fn a_remembered_pair_is_judged_again_when_the_target_branch_moves_it() {
    let mut r = repo_with_findings();
    r.git(&["checkout", "-q", "-b", "feature"]);
    r.write("agents/good.profile.json", &raised_and_bumped());
    r.commit("Raise a level");
    let (_, out) = agreed(&r, "json", &["--base", "main"]);
    assert!(
        !rules_in(&out).iter().any(|f| f.starts_with("history/")),
        "{out}"
    );
    assert_eq!(entries_of(&r.path().join(REVIEWS)), 1);
    // Meanwhile the target branch takes version 4 for the same profile.
    r.git(&["checkout", "-q", "main"]);
    r.write(
        "agents/good.profile.json",
        &GOOD
            .replace("\"version\": \"3\"", "\"version\": \"4\"")
            .replace("2026-10-01", "2026-10-06")
            .replace("No access", "No access at all"),
    );
    r.commit("Tighten the mailbox limit");
    r.git(&["checkout", "-q", "feature"]);
    let (_, out) = agreed(&r, "json", &["--base", "main"]);
    assert!(
        rules_in(&out).iter().any(|f| f == "history/version-taken"),
        "{out}"
    );
}

/// Whether a root `SKILL.md` is an index of the skills below it is in each
/// of their cache keys: giving it frontmatter makes them its pages again.
#[test]
fn a_root_index_that_becomes_a_skill_is_seen_through_the_cache() {
    let mut r = Repo::new();
    r.write("SKILL.md", "# Log\n");
    r.write(
        ".cursor/skills/plot/SKILL.md",
        "---\nname: plot\ndescription: Use to plot.\n---\nPlot.\n",
    );
    r.write(".cursor/skills/tables/SKILL.md", "# Tables\n");
    r.commit("Skills under a log");
    let frontmatter_findings = |out: &str| {
        let json: serde_json::Value = serde_json::from_str(out).unwrap();
        crate::support::path_severities(&json, "skill/invalid-frontmatter")
    };
    for extra in [&["--no-history"][..], &["--staged"]] {
        let (_, out) = agreed(&r, "json", extra);
        assert_eq!(
            frontmatter_findings(&out),
            [
                (
                    ".cursor/skills/tables/SKILL.md".to_string(),
                    "error".to_string()
                ),
                ("SKILL.md".to_string(), "warning".to_string()),
            ],
            "{out}"
        );
    }
    r.write(
        "SKILL.md",
        "---\nname: log\ndescription: Use to log.\n---\n# Log\n",
    );
    r.git(&["add", "SKILL.md"]);
    for extra in [&["--no-history"][..], &["--staged"]] {
        let (_, out) = agreed(&r, "json", extra);
        assert_eq!(frontmatter_findings(&out), [], "{out}");
    }
}

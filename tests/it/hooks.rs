//! The plain git hooks in `hooks/`, run by real `git commit` and `git push`
//! with the caplint under test on PATH.

use crate::support::*;
use std::path::Path;

fn install_hooks(repo: &Repo) {
    let src = manifest().join("hooks");
    let dst = repo.path().join(".git/hooks");
    for hook in ["pre-commit", "pre-push"] {
        std::fs::copy(src.join(hook), dst.join(hook)).unwrap();
    }
}

fn with_caplint(mut cmd: std::process::Command) -> std::process::Command {
    cmd.env("PATH", path_with(&bin_dir()));
    cmd
}

fn commit(repo: &Repo, args: &[&str]) -> std::process::Output {
    with_caplint(repo.command("git"))
        .args(["commit", "-q"])
        .args(args)
        .output()
        .unwrap()
}

fn push(repo: &Repo, args: &[&str]) -> std::process::Output {
    with_caplint(repo.command("git"))
        .args(["push", "-q"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn hook_scripts_are_executable() {
    use std::os::unix::fs::PermissionsExt;
    for hook in ["pre-commit", "pre-push", "pre-receive"] {
        let path = manifest().join("hooks").join(hook);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111, "{hook} is not executable");
    }
}

#[test]
fn pre_commit_hook_blocks_a_broken_profile() {
    let repo = Repo::new();
    install_hooks(&repo);
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    let out = commit(&repo, &["-m", "add a profile"]);
    assert!(out.status.success(), "{}", text(&out));

    // A staged profile without `limits` stops the commit.
    repo.write("agents/b.profile.json", &missing_field());
    repo.git(&["add", "."]);
    let out = commit(&repo, &["-m", "add a broken profile"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );
    assert_eq!(repo.git(&["rev-list", "--count", "HEAD"]).trim(), "1");

    // `git commit -a`: a tracked profile broken in the work tree.
    repo.git(&["rm", "-q", "--cached", "agents/b.profile.json"]);
    std::fs::remove_file(repo.path().join("agents/b.profile.json")).unwrap();
    repo.write("agents/a.profile.json", &missing_field());
    let out = commit(&repo, &["-a", "-m", "break a"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );

    // --no-verify is the user's way around the hook.
    let out = commit(&repo, &["-a", "--no-verify", "-m", "break a anyway"]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn pre_commit_hook_reads_the_index_being_committed() {
    let repo = Repo::new();
    install_hooks(&repo);
    repo.write("agents/a.profile.json", GOOD);
    repo.write(
        "agents/b.profile.json",
        &GOOD.replace("research-agent-07", "other-agent"),
    );
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["-m", "two profiles"]).status.success());

    // b is broken in the work tree but only a is committed: git builds a
    // temporary index (GIT_INDEX_FILE) of HEAD plus a.
    repo.write(
        "agents/b.profile.json",
        &missing_field().replace("research-agent-07", "other-agent"),
    );
    let a_only = GOOD
        .replace(
            "No access to private mailboxes.",
            "No access to private mailboxes or calendars.",
        )
        .replace("\"version\": \"3\"", "\"version\": \"4\"");
    repo.write("agents/a.profile.json", &a_only);
    let out = commit(&repo, &["-m", "recheck a", "agents/a.profile.json"]);
    assert!(out.status.success(), "{}", text(&out));

    // A claim change without a version bump is refused.
    repo.write(
        "agents/a.profile.json",
        &claim_change_without_bump().replace("\"version\": \"3\"", "\"version\": \"4\""),
    );
    repo.git(&["add", "agents/a.profile.json"]);
    let out = commit(&repo, &["-m", "new claim", "agents/a.profile.json"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

#[test]
fn pre_commit_hook_refuses_a_claim_change_without_a_version_bump() {
    let repo = Repo::new();
    install_hooks(&repo);
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["-m", "first"]).status.success());
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
    let out = commit(&repo, &["-m", "claim more"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

#[test]
fn pre_push_hook_checks_pushed_commits() {
    let repo = Repo::new();
    let bare = repo.add_remote();
    install_hooks(&repo);
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["-m", "first"]).status.success());

    // A first push of the whole history is checked without history rules.
    let out = push(&repo, &["-u", "origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));

    // A commit that slipped past the pre-commit hook is stopped at push.
    repo.write("agents/b.profile.json", &missing_field());
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["--no-verify", "-m", "broken"])
        .status
        .success());
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );
    let remote_main = repo
        .command("git")
        .args(["--git-dir"])
        .arg(&bare)
        .args(["rev-parse", "main"])
        .output()
        .unwrap();
    assert_ne!(
        String::from_utf8_lossy(&remote_main.stdout).trim(),
        repo.git(&["rev-parse", "HEAD"]).trim(),
        "the broken commit must not reach the remote"
    );

    // A new branch whose tip is not HEAD is checked in a temporary worktree;
    // the work tree's uncommitted state plays no part.
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]);
    repo.git(&["branch", "broken-branch", "HEAD@{1}"]);
    let out = push(&repo, &["origin", "broken-branch"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );
    let worktrees = repo.git(&["worktree", "list", "--porcelain"]);
    assert_eq!(worktrees.matches("worktree ").count(), 1, "{worktrees}");

    // A good new branch pushed while the work tree holds a broken file: the
    // pushed commit is good, so the push goes through.
    repo.git(&["checkout", "-q", "-b", "good-branch"]);
    repo.write(
        "agents/a.profile.json",
        &GOOD.replace("\"version\": \"3\"", "\"version\": \"4\""),
    );
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["-m", "bump"]).status.success());
    repo.write("agents/c.profile.json", "{ not json");
    let out = push(&repo, &["origin", "good-branch"]);
    assert!(out.status.success(), "{}", text(&out));
    std::fs::remove_file(repo.path().join("agents/c.profile.json")).unwrap();

    // Deleting a remote branch pushes no commit and is not checked.
    let out = push(&repo, &["origin", "--delete", "good-branch"]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn pre_push_hook_refuses_a_claim_change_without_a_version_bump() {
    let repo = Repo::new();
    repo.add_remote();
    install_hooks(&repo);
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["-m", "first"]).status.success());
    assert!(push(&repo, &["-u", "origin", "main"]).status.success());
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
    assert!(commit(&repo, &["--no-verify", "-m", "claim more"])
        .status
        .success());
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

// ---- pre-receive: the server side ------------------------------------------

/// A work repository whose `origin` is a bare repository with the
/// pre-receive hook installed (and no client hooks).
fn server() -> (Repo, std::path::PathBuf) {
    let repo = Repo::new();
    let bare = repo.add_remote();
    let src = manifest().join("hooks/pre-receive");
    std::fs::copy(src, bare.join("hooks/pre-receive")).unwrap();
    (repo, bare)
}

/// A revision of the bare repository, or None.
fn remote_rev(repo: &Repo, bare: &Path, rev: &str) -> Option<String> {
    let out = repo
        .command("git")
        .arg("--git-dir")
        .arg(bare)
        .args(["rev-parse", "--verify", "--quiet", rev])
        .output()
        .unwrap();
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn commit_all(repo: &Repo, message: &str) -> String {
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "--no-verify", "-m", message]);
    repo.git(&["rev-parse", "HEAD"]).trim().to_string()
}

#[test]
fn pre_receive_hook_judges_every_pushed_commit() {
    let (repo, bare) = server();
    // The first push of a branch into an empty repository: all of it.
    repo.write("agents/a.profile.json", GOOD);
    let first = commit_all(&repo, "first");
    let out = push(&repo, &["origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*first));

    // A claim change without a version bump is refused, and the pusher sees
    // the finding with its commit.
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    let bad = commit_all(&repo, "claim more");
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success());
    let t = text(&out);
    assert!(t.contains("history/version-not-bumped"), "{t}");
    assert!(t.contains(&bad[..7]) && t.contains("claim more"), "{t}");
    assert!(t.contains("pre-receive hook declined"), "{t}");
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*first));

    // Fixed in a later commit of the same push: the bad commit is still
    // judged on its own.
    let bumped = claim_change_without_bump().replace("\"version\": \"3\"", "\"version\": \"4\"");
    repo.write("agents/a.profile.json", &bumped);
    commit_all(&repo, "bump");
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success());
    assert!(text(&out).contains(&bad[..7]), "{}", text(&out));

    // Rewritten into one honest commit: accepted.
    repo.git(&["reset", "-q", "--soft", &first]);
    let good = commit_all(&repo, "claim more, as version 4");
    let out = push(&repo, &["origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*good));

    // A new branch: only its own commits are judged; a bad one is refused.
    repo.git(&["checkout", "-q", "-b", "feature"]);
    repo.write(
        "agents/a.profile.json",
        &bumped.replace("No access to private mailboxes.", "Read-only mail."),
    );
    let feature_bad = commit_all(&repo, "change a limit");
    let out = push(&repo, &["origin", "feature"]);
    assert!(!out.status.success());
    let t = text(&out);
    assert!(t.contains("history/version-not-bumped"), "{t}");
    assert!(t.contains(&feature_bad[..7]), "{t}");
    // Old findings are not judged again: only the new commit is named.
    assert!(!t.contains(&bad[..7]), "{t}");
    assert_eq!(remote_rev(&repo, &bare, "feature"), None);

    // A new branch at a commit the server has brings nothing: accepted.
    let out = push(&repo, &["origin", "main:refs/heads/copy"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "copy").as_deref(), Some(&*good));

    // A new branch with good commits is accepted.
    repo.git(&["reset", "-q", "--hard", &good]);
    repo.write("README.md", "docs\n");
    let docs = commit_all(&repo, "docs");
    let out = push(&repo, &["origin", "feature"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "feature").as_deref(), Some(&*docs));

    // A ref deletion is accepted.
    let out = push(&repo, &["origin", "--delete", "copy"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "copy"), None);
}

#[test]
fn pre_receive_hook_sees_through_a_revision_that_does_not_parse() {
    let (repo, bare) = server();
    repo.write("agents/a.profile.json", GOOD);
    commit_all(&repo, "first");
    assert!(push(&repo, &["origin", "main"]).status.success());
    repo.write("agents/a.profile.json", "{,");
    let broken = commit_all(&repo, "broken");
    assert!(push(&repo, &["origin", "main"]).status.success());
    // Pushed on its own after the broken one: judged against the last
    // revision that parsed.
    repo.write(
        "agents/a.profile.json",
        &GOOD.replace("proficient", "advanced"),
    );
    commit_all(&repo, "raise, same version");
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*broken));
}

#[test]
fn pre_receive_hook_refuses_a_submodule_moved_in_a_versioned_skill() {
    // A gitlink (a submodule's commit) is content of the skill's folder: a
    // push that moves it under the same version is refused.
    let (repo, bare) = server();
    let skill = "---\nname: pdf\ndescription: Extract text.\nversion: \"1.0.0\"\n---\nBody.\n";
    repo.write("skills/pdf/SKILL.md", skill);
    repo.git(&["add", "-A"]);
    let gitlink = |id: &str| {
        let info = format!("160000,{id},skills/pdf/vendor/lib");
        repo.git(&["update-index", "--add", "--cacheinfo", &info]);
    };
    gitlink("1111111111111111111111111111111111111111");
    repo.git(&["commit", "-q", "--no-verify", "-m", "first"]);
    let first = repo.git(&["rev-parse", "HEAD"]).trim().to_string();
    assert!(push(&repo, &["origin", "main"]).status.success());
    gitlink("2222222222222222222222222222222222222222");
    repo.git(&["commit", "-q", "--no-verify", "-m", "move the library"]);
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    let t = text(&out);
    assert!(t.contains("history/skill-version-not-bumped"), "{t}");
    assert!(t.contains("vendor/lib"), "{t}");
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*first));
    // With the version raised: accepted.
    repo.write("skills/pdf/SKILL.md", &skill.replace("1.0.0", "1.1.0"));
    repo.git(&["add", "skills/pdf/SKILL.md"]);
    repo.git(&[
        "commit",
        "-q",
        "--no-verify",
        "--amend",
        "-m",
        "move, as 1.1.0",
    ]);
    let out = push(&repo, &["origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn pre_receive_hook_judges_with_the_configuration_it_already_has() {
    let (repo, bare) = server();
    repo.write("agents/a.profile.json", GOOD);
    let first = commit_all(&repo, "first");
    assert!(push(&repo, &["origin", "main"]).status.success());

    // A push that turns the rule off in its own commit is judged with the
    // configuration of the ref's old tip: refused, and the change is named.
    repo.write(
        ".caplint.yaml",
        "rules:\n  history/version-not-bumped: off\n",
    );
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    commit_all(&repo, "claim more, rule off");
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    let t = text(&out);
    assert!(t.contains("history/version-not-bumped"), "{t}");
    assert!(t.contains("changes .caplint.yaml"), "{t}");
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*first));
    // The same on a new branch: judged with the configuration of the
    // commit it branches from.
    let out = push(&repo, &["origin", "main:refs/heads/sneak"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "sneak"), None);

    // The configuration alone is accepted (and reported); once accepted it
    // applies to the next push.
    repo.git(&["reset", "-q", "--hard", &first]);
    repo.write(
        ".caplint.yaml",
        "rules:\n  history/version-not-bumped: warning\n",
    );
    let config = commit_all(&repo, "rule as a warning");
    let out = push(&repo, &["origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("changes .caplint.yaml"),
        "{}",
        text(&out)
    );
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*config));
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    let tip = commit_all(&repo, "claim more, as a warning");
    let out = push(&repo, &["origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("history/version-not-bumped"));
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*tip));

    // A configuration on the server (`git config caplint.config`) wins
    // over the repository's.
    let server_config = repo.tmp().join("server-caplint.yaml");
    std::fs::write(&server_config, "freshness_days: 90\n").unwrap();
    repo.command("git")
        .arg("--git-dir")
        .arg(&bare)
        .args(["config", "caplint.config"])
        .arg(&server_config)
        .status()
        .unwrap();
    let bumped = claim_change_without_bump().replace("No access", "No write access");
    repo.write("agents/a.profile.json", &bumped);
    commit_all(&repo, "change a limit, no bump");
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("history/version-not-bumped"));

    // A broken configuration on the server refuses the push (exit 2 is
    // not a pass).
    std::fs::write(&server_config, "rules: [\n").unwrap();
    repo.git(&["reset", "-q", "--hard", &tip]);
    repo.write("README.md", "docs\n");
    commit_all(&repo, "docs");
    let out = push(&repo, &["origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert_eq!(remote_rev(&repo, &bare, "main").as_deref(), Some(&*tip));
}

#[test]
fn bare_repository_history_and_diff_work_on_revisions() {
    let (repo, bare) = server();
    repo.write("agents/a.profile.json", GOOD);
    let first = commit_all(&repo, "first");
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    let bad = commit_all(&repo, "claim more");
    // Bypass the hook to put the bad commit on the server.
    std::fs::remove_file(bare.join("hooks/pre-receive")).unwrap();
    assert!(push(&repo, &["origin", "main"]).status.success());

    let caplint = |args: &[&str]| {
        repo.caplint()
            .current_dir(&bare)
            .args(args)
            .output()
            .unwrap()
    };
    // history walks HEAD (the default branch) and names the bad commit.
    let out = caplint(&["history"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains(&bad[..7]), "{}", text(&out));
    // --range: only the commits FROM does not reach.
    let out = caplint(&["history", "--range", &format!("{first}..{bad}")]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let out = caplint(&["history", "--range", &format!("{bad}..{bad}")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let out = caplint(&["history", "--range", &format!("{bad}...{first}")]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    // diff of two revisions works; without revisions there is no work tree.
    let out = caplint(&["diff", &first, &bad]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("version-not-bumped"), "{}", text(&out));
    let out = caplint(&["diff"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    // check has no work tree to read: exit 2.
    let out = caplint(&["check"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("bare"), "{}", text(&out));
}

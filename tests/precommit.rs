//! `.pre-commit-hooks.yaml` with the real pre-commit framework: a user's
//! `.pre-commit-config.yaml` points at a snapshot of this crate, pre-commit
//! builds it with `cargo install --path .` (language: rust), and real
//! `git commit` and `git push` run the hooks.
//!
//! Uses `pre-commit` from PATH; where there is none, it is pip-installed
//! into a virtual environment under `target/precommit-venv` (so a plain
//! `cargo test` works on a fresh machine with python3 and PyPI).
//! The first run builds caplint; the build is kept in
//! `target/precommit-test` and optimized for build speed, not run speed.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder holding a working `pre-commit` to put first on PATH: `None`
/// when PATH already has one, else a virtual environment made for the tests.
fn ensure_pre_commit() -> Option<PathBuf> {
    let works = |program: &Path| {
        Command::new(program)
            .arg("--version")
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    if works(Path::new("pre-commit")) {
        return None;
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/precommit-venv");
    let bin = venv.join("bin");
    if !works(&bin.join("pre-commit")) {
        let out = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .output()
            .expect("python3 is needed to install the pre-commit framework");
        assert!(out.status.success(), "python3 -m venv: {}", text(&out));
        let out = Command::new(bin.join("python"))
            .args(["-m", "pip", "install", "--quiet", "pre-commit"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pip install pre-commit failed (or run `pip install pre-commit` yourself): {}",
            text(&out)
        );
    }
    assert!(
        works(&bin.join("pre-commit")),
        "pre-commit did not install into {}",
        venv.display()
    );
    Some(bin)
}

/// Copies this crate's files (tracked and untracked, not ignored, as they
/// are in the work tree) into a new repository with one commit, as a
/// published caplint repository would be. Returns its path and commit.
fn snapshot_of_this_crate(into: &Path, repo: &Repo) -> (PathBuf, String) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = Command::new("git")
        .current_dir(manifest)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output()
        .unwrap();
    assert!(
        listed.status.success(),
        "git ls-files in {}",
        manifest.display()
    );
    let dst = into.join("caplint-src");
    for rel in listed.stdout.split(|b| *b == 0).filter(|s| !s.is_empty()) {
        let rel = Path::new(std::str::from_utf8(rel).unwrap());
        let src = manifest.join(rel);
        if !src.is_file() {
            continue; // deleted in the work tree
        }
        let to = dst.join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&src, &to).unwrap();
    }
    let git = |args: &[&str]| {
        let mut cmd = repo.command("git");
        cmd.current_dir(&dst).args(args);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "git {args:?}: {}", text(&out));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "caplint snapshot"]);
    let rev = git(&["rev-parse", "HEAD"]);
    (dst, rev)
}

struct Framework {
    repo: Repo,
    home: PathBuf,
    /// Where `pre-commit` lives when it is not on PATH.
    extra_path: Option<PathBuf>,
}

impl Framework {
    fn command(&self, program: &str) -> Command {
        let mut cmd = self.repo.command(program);
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        cmd.env("PRE_COMMIT_HOME", &self.home)
            .env("PRE_COMMIT_COLOR", "never")
            // Reuse one build across runs, and build for speed.
            .env("CARGO_TARGET_DIR", manifest.join("target/precommit-test"))
            .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256")
            .env("CARGO_PROFILE_RELEASE_DEBUG", "0")
            .env("CARGO_TERM_COLOR", "never");
        // The caplint that runs is the one pre-commit built, never ours.
        let bin = bin_dir();
        if let Some(path) = std::env::var_os("PATH") {
            let kept: Vec<PathBuf> = self
                .extra_path
                .iter()
                .cloned()
                .chain(std::env::split_paths(&path).filter(|p| *p != bin))
                .collect();
            cmd.env("PATH", std::env::join_paths(kept).unwrap());
        }
        cmd
    }

    fn run(&self, program: &str, args: &[&str]) -> std::process::Output {
        self.command(program).args(args).output().unwrap()
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.home.join("pre-commit.log")).unwrap_or_default()
    }
}

fn setup() -> Framework {
    let extra_path = ensure_pre_commit();
    let repo = Repo::new();
    let (src, rev) = snapshot_of_this_crate(repo.dir.path(), &repo);
    let home = repo.dir.path().join("pre-commit-home");
    repo.write(
        ".pre-commit-config.yaml",
        &format!(
            "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: caplint\n      - id: caplint-pre-push\n",
            src.display()
        ),
    );
    let fw = Framework {
        repo,
        home,
        extra_path,
    };
    let out = fw.run(
        "pre-commit",
        &[
            "install",
            "--hook-type",
            "pre-commit",
            "--hook-type",
            "pre-push",
        ],
    );
    assert!(out.status.success(), "pre-commit install: {}", text(&out));
    // Build the hook environment once (cargo install --path .).
    let out = fw.run("pre-commit", &["install-hooks"]);
    assert!(
        out.status.success(),
        "pre-commit could not build caplint: {}\n{}",
        text(&out),
        fw.log()
    );
    fw
}

/// One test for both hooks: pre-commit builds caplint once per repository
/// it is pointed at.
#[test]
fn pre_commit_framework_runs_the_hooks() {
    let fw = setup();
    commit_hook(&fw);
    pre_push_hook(&fw);
}

fn commit_hook(fw: &Framework) {
    let repo = &fw.repo;

    // A clean profile passes.
    repo.write("agents/a.profile.json", GOOD);
    repo.git_ok(&["add", "."]);
    let out = fw.run("git", &["commit", "-q", "-m", "first"]);
    assert!(out.status.success(), "clean commit failed: {}", text(&out));

    // Same with `pre-commit run` by hand.
    let out = fw.run("pre-commit", &["run", "caplint", "--all-files"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("caplint"), "{}", text(&out));

    // A staged profile with a file-level error fails, naming the rule.
    repo.write("agents/b.profile.json", &missing_field());
    repo.git_ok(&["add", "."]);
    let out = fw.run("git", &["commit", "-q", "-m", "broken"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );
    repo.git_ok(&["rm", "-q", "--cached", "agents/b.profile.json"]);
    std::fs::remove_file(repo.path().join("agents/b.profile.json")).unwrap();

    // A staged claim change without a version bump fails, naming the rule.
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git_ok(&["add", "."]);
    let out = fw.run("git", &["commit", "-q", "-m", "claim more"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
    repo.git_ok(&["checkout", "-q", "HEAD", "--", "agents/a.profile.json"]);
}

fn pre_push_hook(fw: &Framework) {
    let repo = &fw.repo;
    repo.add_remote();
    // The first push sends the whole history: checked without history rules.
    let out = fw.run("git", &["push", "-q", "-u", "origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));

    // A commit that skipped the pre-commit hook is stopped at push.
    repo.write("agents/b.profile.json", &missing_field());
    repo.git_ok(&["add", "."]);
    assert!(fw
        .run("git", &["commit", "-q", "--no-verify", "-m", "broken"])
        .status
        .success());
    let out = fw.run("git", &["push", "-q", "origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );
    repo.git_ok(&["reset", "-q", "--hard", "HEAD~1"]);

    // A pushed claim change without a version bump is stopped at push.
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git_ok(&["add", "."]);
    assert!(fw
        .run("git", &["commit", "-q", "--no-verify", "-m", "claim more"])
        .status
        .success());
    let out = fw.run("git", &["push", "-q", "origin", "main"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

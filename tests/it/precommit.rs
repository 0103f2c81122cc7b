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
//!
//! The wheel tests build the caplint wheel with maturin (pip-installed into
//! the same virtual environment when it is not on PATH), install it into a
//! fresh virtual environment, and have pre-commit install the hooks of the
//! `pre-commit-mirror/` folder from it, all with no cargo on PATH. They
//! share the build folder of the source hooks.
//!
//! These tests take minutes. Locally, `CAPLINT_SKIP_SLOW_TESTS=1` skips the
//! pre-commit framework test and the wheel tests, and
//! `CAPLINT_SKIP_WHEEL_TESTS=1` the wheel tests only; in CI (`CI` set) they
//! always run.

use crate::support::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// Whether `program --version` runs.
fn works(program: &Path) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// The folder holding a working `tool` (installed by the PyPI package
/// `package`) to put first on PATH: `None` when PATH already has one, else
/// the virtual environment made for these tests.
fn ensure_python_tool(tool: &str, package: &str) -> Option<PathBuf> {
    if works(Path::new(tool)) {
        return None;
    }
    // Tests run in parallel: one at a time makes or extends the venv.
    static VENV: Mutex<()> = Mutex::new(());
    let _guard = VENV.lock().unwrap_or_else(|e| e.into_inner());
    let venv = manifest().join("target/precommit-venv");
    let bin = venv.join("bin");
    if !works(&bin.join(tool)) {
        if !bin.join("python").exists() {
            let out = Command::new("python3")
                .args(["-m", "venv"])
                .arg(&venv)
                .output()
                .expect("python3 is needed to install the pre-commit framework and maturin");
            assert!(out.status.success(), "python3 -m venv: {}", text(&out));
        }
        let out = Command::new(bin.join("python"))
            .args(["-m", "pip", "install", "--quiet", package])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pip install {package} failed (or run `pip install {package}` yourself): {}",
            text(&out)
        );
    }
    assert!(
        works(&bin.join(tool)),
        "{tool} did not install into {}",
        venv.display()
    );
    Some(bin)
}

/// The folder holding a working `pre-commit` to put first on PATH: `None`
/// when PATH already has one, else a virtual environment made for the tests.
fn ensure_pre_commit() -> Option<PathBuf> {
    ensure_python_tool("pre-commit", "pre-commit")
}

/// Environment of the builds these tests make: one build folder for the
/// source hooks and the wheel (they share the compiled dependencies), built
/// for speed, not run speed.
fn fast_build_env(cmd: &mut Command) -> &mut Command {
    cmd.env("CARGO_TARGET_DIR", manifest().join("target/precommit-test"))
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_LTO", "off")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "0")
        .env("CARGO_TERM_COLOR", "never")
}

/// PATH without any folder that holds cargo, rustc or the caplint under
/// test, with `first` in front: what a user without Rust has.
fn path_without_rust(first: &[PathBuf]) -> std::ffi::OsString {
    let ours = bin_dir();
    let old = std::env::var_os("PATH").unwrap_or_default();
    let kept = std::env::split_paths(&old)
        .filter(|p| *p != ours && !p.join("cargo").exists() && !p.join("rustc").exists());
    std::env::join_paths(first.iter().cloned().chain(kept)).unwrap()
}

/// Whether a slow test is skipped on request by one of `switches` set to
/// `1`: only outside CI.
fn skipped_by(switches: &[&str]) -> bool {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    let asked = switches
        .iter()
        .find(|s| std::env::var_os(s).is_some_and(|v| v == "1"));
    if let (Some(switch), false) = (asked, ci) {
        eprintln!("skipped: {switch}=1 (these tests always run in CI)");
    }
    asked.is_some() && !ci
}

/// Whether the wheel tests are skipped: only outside CI, on request.
fn skip_wheel_tests() -> bool {
    skipped_by(&["CAPLINT_SKIP_WHEEL_TESTS", "CAPLINT_SKIP_SLOW_TESTS"])
}

/// The folder holding the caplint wheel built from this crate with maturin,
/// built once per test run.
fn wheel_dir() -> &'static Path {
    static WHEELS: OnceLock<PathBuf> = OnceLock::new();
    WHEELS.get_or_init(|| {
        let extra = ensure_python_tool("maturin", "maturin>=1.5,<2");
        let maturin = extra
            .map(|bin| bin.join("maturin"))
            .unwrap_or_else(|| PathBuf::from("maturin"));
        let out_dir = manifest().join("target/wheel-test");
        let _ = std::fs::remove_dir_all(&out_dir);
        let mut cmd = Command::new(&maturin);
        fast_build_env(&mut cmd)
            .current_dir(manifest())
            .args(["build", "--release", "--locked", "--out"])
            .arg(&out_dir);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "maturin build: {}", text(&out));
        let wheels: Vec<_> = std::fs::read_dir(&out_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let prefix = format!("caplint-{}-", env!("CARGO_PKG_VERSION"));
        assert!(
            wheels.len() == 1 && wheels[0].starts_with(&prefix) && wheels[0].ends_with(".whl"),
            "expected one {prefix}*.whl, got {wheels:?}"
        );
        out_dir
    })
}

/// Copies this crate's files (tracked and untracked, not ignored, as they
/// are in the work tree) into a new repository with one commit, as a
/// published caplint repository would be. Returns its path and commit.
fn snapshot_of_this_crate(into: &Path, repo: &Repo) -> (PathBuf, String) {
    let manifest = manifest();
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
    let git = |args: &[&str]| repo.git_in(&dst, args).trim().to_string();
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
        cmd.env("PRE_COMMIT_HOME", &self.home)
            .env("PRE_COMMIT_COLOR", "never");
        // Reuse one build across runs, and build for speed.
        fast_build_env(&mut cmd);
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
    let (src, rev) = snapshot_of_this_crate(repo.tmp(), &repo);
    let home = repo.tmp().join("pre-commit-home");
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
    if skipped_by(&["CAPLINT_SKIP_SLOW_TESTS"]) {
        return;
    }
    let fw = setup();
    commit_hook(&fw);
    pre_push_hook(&fw);
}

fn commit_hook(fw: &Framework) {
    let repo = &fw.repo;

    // A clean profile passes.
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    let out = fw.run("git", &["commit", "-q", "-m", "first"]);
    assert!(out.status.success(), "clean commit failed: {}", text(&out));

    // Same with `pre-commit run` by hand.
    let out = fw.run("pre-commit", &["run", "caplint", "--all-files"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("caplint"), "{}", text(&out));

    // A staged profile with a file-level error fails, naming the rule.
    repo.write("agents/b.profile.json", &missing_field());
    repo.git(&["add", "."]);
    let out = fw.run("git", &["commit", "-q", "-m", "broken"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("profile/missing-field"),
        "{}",
        text(&out)
    );
    repo.git(&["rm", "-q", "--cached", "agents/b.profile.json"]);
    std::fs::remove_file(repo.path().join("agents/b.profile.json")).unwrap();

    // A staged claim change without a version bump fails, naming the rule.
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
    let out = fw.run("git", &["commit", "-q", "-m", "claim more"]);
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
    repo.git(&["checkout", "-q", "HEAD", "--", "agents/a.profile.json"]);
}

fn pre_push_hook(fw: &Framework) {
    let repo = &fw.repo;
    repo.add_remote();
    // The first push sends the whole history: checked without history rules.
    let out = fw.run("git", &["push", "-q", "-u", "origin", "main"]);
    assert!(out.status.success(), "{}", text(&out));

    // A commit that skipped the pre-commit hook is stopped at push.
    repo.write("agents/b.profile.json", &missing_field());
    repo.git(&["add", "."]);
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
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]);

    // A pushed claim change without a version bump is stopped at push.
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
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

/// The wheel, installed with pip into a fresh virtual environment, runs with
/// no Rust toolchain on PATH and judges history like the binary it holds.
#[test]
fn wheel_installs_and_runs_without_cargo() {
    if skip_wheel_tests() {
        return;
    }
    let wheels = wheel_dir();
    let repo = Repo::new();
    let venv = repo.tmp().join("venv");
    let out = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .unwrap();
    assert!(out.status.success(), "python3 -m venv: {}", text(&out));
    let bin = venv.join("bin");
    let path = path_without_rust(std::slice::from_ref(&bin));
    let out = Command::new(bin.join("python"))
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-index",
            "--find-links",
        ])
        .arg(wheels)
        .arg(format!("caplint=={}", env!("CARGO_PKG_VERSION")))
        .env("PATH", &path)
        .output()
        .unwrap();
    assert!(out.status.success(), "pip install caplint: {}", text(&out));

    let sh = |script: &str| {
        repo.command("sh")
            .args(["-c", script])
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    let out = sh("command -v cargo || command -v rustc");
    assert!(!out.status.success(), "cargo on PATH: {}", text(&out));
    let out = sh("command -v caplint && caplint --version");
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        text(&out),
        format!(
            "{}\ncaplint {}\n",
            bin.join("caplint").display(),
            env!("CARGO_PKG_VERSION")
        )
    );

    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    repo.git(&["commit", "-q", "-m", "first"]);
    let out = sh("caplint check");
    assert!(out.status.success(), "{}", text(&out));
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
    let out = sh("caplint check --staged");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

/// The pre-commit mirror folder pins the wheel of this very version, so a
/// version bump cannot leave it behind.
#[test]
fn pre_commit_mirror_pins_this_version() {
    let pyproject =
        std::fs::read_to_string(manifest().join("pre-commit-mirror/pyproject.toml")).unwrap();
    let pin = format!("\"caplint=={}\"", env!("CARGO_PKG_VERSION"));
    assert!(
        pyproject.contains(&pin),
        "pre-commit-mirror/pyproject.toml must pin {pin}: run pre-commit-mirror/update.sh {}",
        env!("CARGO_PKG_VERSION")
    );
    let readme = std::fs::read_to_string(manifest().join("pre-commit-mirror/README.md")).unwrap();
    assert!(readme.contains(&format!("rev: v{}", env!("CARGO_PKG_VERSION"))));
}

/// `update.sh` moves every pin of a copy of the mirror to a new release,
/// and commits and tags it.
#[test]
fn pre_commit_mirror_update_script_moves_the_pin() {
    let repo = Repo::new();
    copy_dir(&manifest().join("pre-commit-mirror"), repo.path());
    repo.git(&["add", "."]);
    repo.git(&["commit", "-q", "-m", "mirror"]);
    let out = repo
        .command("sh")
        .args(["./update.sh", "v12.3.4", "--commit"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let pyproject = std::fs::read_to_string(repo.path().join("pyproject.toml")).unwrap();
    assert!(pyproject.contains("\"caplint==12.3.4\""), "{pyproject}");
    assert!(pyproject.contains("version = \"12.3.4\""), "{pyproject}");
    let old = format!("caplint=={}", env!("CARGO_PKG_VERSION"));
    for file in ["pyproject.toml", "README.md", ".pre-commit-hooks.yaml"] {
        let body = std::fs::read_to_string(repo.path().join(file)).unwrap();
        assert!(!body.contains(&old), "{file}: {body}");
        assert!(
            !body.contains(&format!("rev: v{}", env!("CARGO_PKG_VERSION"))),
            "{file}: {body}"
        );
    }
    assert_eq!(repo.git(&["tag", "--points-at", "HEAD"]), "v12.3.4\n");
    assert_eq!(repo.git(&["status", "--porcelain"]), "");
    // Not a version: refused, nothing changed.
    let out = repo
        .command("sh")
        .args(["./update.sh", "latest"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert_eq!(repo.git(&["status", "--porcelain"]), "");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dst = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dst);
        } else {
            std::fs::copy(entry.path(), &dst).unwrap();
        }
    }
}

/// The mirror folder, as its own repository, installed by the real
/// pre-commit framework from the wheel (offered with PIP_FIND_LINKS) with no
/// cargo on PATH: quick to install, and its hooks block a claim change
/// without a version bump, at commit and at push.
#[test]
fn pre_commit_mirror_installs_from_the_wheel_without_cargo() {
    if skip_wheel_tests() {
        return;
    }
    let wheels = wheel_dir();
    let extra = ensure_pre_commit();
    let repo = Repo::new();
    let mirror = repo.tmp().join("caplint-pre-commit");
    copy_dir(&manifest().join("pre-commit-mirror"), &mirror);
    let in_mirror = |args: &[&str]| {
        repo.git_in(&mirror, args);
    };
    let tag = format!("v{}", env!("CARGO_PKG_VERSION"));
    in_mirror(&["init", "-q"]);
    in_mirror(&["add", "-A"]);
    in_mirror(&["commit", "-q", "-m", "mirror"]);
    in_mirror(&["tag", &tag]);

    let home = repo.tmp().join("pre-commit-home");
    let path = path_without_rust(&extra.into_iter().collect::<Vec<_>>());
    let try_repo = |hook: &str, args: &[&str]| {
        let started = Instant::now();
        let out = repo
            .command("pre-commit")
            .args(["try-repo"])
            .arg(&mirror)
            .args([hook, "--ref", &tag])
            .args(args)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", &home)
            .env("PRE_COMMIT_COLOR", "never")
            .env("PIP_FIND_LINKS", wheels)
            .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
            .env_remove("CARGO_TARGET_DIR")
            .output()
            .unwrap();
        (out, started.elapsed())
    };

    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    repo.git(&["commit", "-q", "-m", "first"]);

    // The first run installs the hook environment from the wheel.
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
    let (out, took) = try_repo("caplint", &[]);
    eprintln!("pre-commit try-repo (install and first run): {took:.1?}");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
    let log = std::fs::read_to_string(home.join("pre-commit.log")).unwrap_or_default();
    assert!(
        !text(&out).contains("An unexpected error") && log.is_empty(),
        "{}\n{log}",
        text(&out)
    );
    // How long the install takes is measured, not asserted (a loaded
    // machine doubles it): with no cargo on PATH nothing can compile, and
    // an unloaded install with the first run takes about 30 s.

    // A bumped version passes: the hook judges, it does not just fail.
    repo.write(
        "agents/a.profile.json",
        &claim_change_without_bump().replace(r#""version": "3""#, r#""version": "4""#),
    );
    repo.git(&["add", "."]);
    let (out, _) = try_repo("caplint", &[]);
    assert!(out.status.success(), "{}", text(&out));

    // At push: the pushed range holds an unbumped claim change.
    let from = repo.git(&["rev-parse", "HEAD"]);
    repo.git(&["reset", "-q", "--hard"]);
    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["commit", "-q", "-am", "claim more"]);
    let to = repo.git(&["rev-parse", "HEAD"]);
    let (out, _) = try_repo(
        "caplint-pre-push",
        &[
            "--hook-stage",
            "pre-push",
            "--from-ref",
            from.trim(),
            "--to-ref",
            to.trim(),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

/// The `caplint-system` hooks run the caplint on PATH (here the one under
/// test): nothing is built, and they judge like the source hooks.
#[test]
fn system_hooks_run_the_caplint_on_path() {
    let extra = ensure_pre_commit();
    let repo = Repo::new();
    let (src, rev) = snapshot_of_this_crate(repo.tmp(), &repo);
    let home = repo.tmp().join("pre-commit-home");
    // The caplint under test first, then pre-commit, then PATH as it is.
    let old = std::env::var_os("PATH").unwrap_or_default();
    let dirs = [bin_dir()]
        .into_iter()
        .chain(extra)
        .chain(std::env::split_paths(&old));
    let path = std::env::join_paths(dirs).unwrap();
    let try_repo = |hook: &str, args: &[&str]| {
        repo.command("pre-commit")
            .arg("try-repo")
            .arg(&src)
            .args([hook, "--ref", &rev])
            .args(args)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", &home)
            .env("PRE_COMMIT_COLOR", "never")
            .output()
            .unwrap()
    };
    repo.write("agents/a.profile.json", GOOD);
    repo.git(&["add", "."]);
    repo.git(&["commit", "-q", "-m", "first"]);
    let out = try_repo("caplint-system", &[]);
    assert!(out.status.success(), "{}", text(&out));

    repo.write("agents/a.profile.json", &claim_change_without_bump());
    repo.git(&["add", "."]);
    let out = try_repo("caplint-system", &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );

    let from = repo.git(&["rev-parse", "HEAD"]);
    repo.git(&["commit", "-q", "-m", "claim more"]);
    let to = repo.git(&["rev-parse", "HEAD"]);
    let out = try_repo(
        "caplint-system-pre-push",
        &[
            "--hook-stage",
            "pre-push",
            "--from-ref",
            from.trim(),
            "--to-ref",
            to.trim(),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("history/version-not-bumped"),
        "{}",
        text(&out)
    );
}

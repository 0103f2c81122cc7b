//! The one harness of the integration tests: the caplint command, the git
//! repository builder, the shared fixtures and the helpers that read output.
//!
//! Every test module imports it with `use crate::support::*;`. The library
//! API of caplint is used in few places (`span_props`, `report_diff` and the
//! `lib` section at the end of this file), so that moving a module of the
//! library touches few tests.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tempfile::TempDir;

// ---------------------------------------------------------------- fixtures

/// The as-of date of every run that judges dates.
pub const AS_OF: &str = "2026-10-15";

/// The good sample profile: every rule passes on it at [`AS_OF`].
pub const GOOD: &str = r#"{
  "agent_id": "research-agent-07",
  "version": "3",
  "declared_at": "2026-10-01",
  "skills": [{"name": "web-search", "level": "proficient",
              "evidence": [{"kind": "log", "ref": "run-2026-09-28-search"}]}],
  "tools": [{"name": "browser", "access": "read",
             "evidence": [{"kind": "link", "ref": "https://example.org/checks/browser-09"}]}],
  "limits": ["No access to private mailboxes."]
}
"#;

/// [`GOOD`] with one more claim and the same version and date.
pub fn claim_change_without_bump() -> String {
    GOOD.replace(
        r#"{"name": "web-search", "level": "proficient","#,
        r#"{"name": "data-cleaning", "level": "basic",
              "evidence": [{"kind": "test", "ref": "clean-suite-14"}]},
             {"name": "web-search", "level": "proficient","#,
    )
}

/// A profile with a file-level error (no `limits`).
pub fn missing_field() -> String {
    GOOD.replace(",\n  \"limits\": [\"No access to private mailboxes.\"]", "")
}

/// The root of this crate (for `testdata/`, `hooks/`, `scripts/`, …).
pub fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Writes `bytes` to `root/rel`, making the folders; returns the path.
pub fn write(root: &Path, rel: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A temporary folder (not a git repository) holding `files`.
pub fn folder_with(files: &[(&str, &str)]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in files {
        write(dir.path(), rel, text);
    }
    dir
}

// ------------------------------------------------------------ the binary

/// The path of the caplint binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_caplint");

/// Variables of the environment that caplint or git read and that the
/// machine running the tests may set: CI (caplint picks a base and an output
/// from them), colors, and git's repository location.
const OUTSIDE_VARS: &[&str] = &[
    "GIT_DIR",
    "GIT_INDEX_FILE",
    "GIT_WORK_TREE",
    "GITHUB_BASE_REF",
    "GITHUB_ACTIONS",
    "GITHUB_STEP_SUMMARY",
    "GITHUB_EVENT_PATH",
    "GITHUB_EVENT_NAME",
    "GITLAB_CI",
    "CI_MERGE_REQUEST_DIFF_BASE_SHA",
    "CI_COMMIT_BEFORE_SHA",
    "CI_DEFAULT_BRANCH",
    "CI_PIPELINE_SOURCE",
    "CI_COMMIT_BRANCH",
    "NO_COLOR",
    "CLICOLOR_FORCE",
];

/// Isolates `cmd` from the machine: removes the variables of
/// [`OUTSIDE_VARS`], and git (and caplint, which reads git's configuration)
/// reads no system or user configuration.
pub fn isolate(cmd: &mut Command) -> &mut Command {
    for var in OUTSIDE_VARS {
        cmd.env_remove(var);
    }
    cmd.env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
}

/// `caplint`, isolated from the machine ([`isolate`]).
pub fn caplint() -> assert_cmd::Command {
    let mut cmd = Command::new(BIN);
    isolate(&mut cmd);
    assert_cmd::Command::from_std(cmd)
}

/// The folder holding the caplint binary under test.
pub fn bin_dir() -> PathBuf {
    Path::new(BIN).parent().unwrap().to_path_buf()
}

/// PATH with `dir` in front.
pub fn path_with(dir: &Path) -> String {
    let old = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![dir.to_path_buf()];
    paths.extend(std::env::split_paths(&old));
    std::env::join_paths(paths)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

// ------------------------------------------------------------- output

/// stdout and stderr of a finished command, together.
pub fn text(out: &Output) -> String {
    format!("{}{}", stdout(out), stderr(out))
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// (exit code, JSON of stdout) of a finished run.
pub fn json_of(out: &Output) -> (i32, Value) {
    let json: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\nstderr: {}", stdout(out), stderr(out)));
    (out.status.code().unwrap(), json)
}

/// Runs `run` and checks that it left the file at `path` unwritten (its
/// modification time as before, with time enough between to tell).
pub fn assert_unwritten<T>(path: &Path, run: impl FnOnce() -> T) -> T {
    let before = std::fs::metadata(path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(30));
    let out = run();
    let after = std::fs::metadata(path).unwrap().modified().unwrap();
    assert_eq!(after, before, "{} was written", path.display());
    out
}

/// The rules of a JSON report's text ([`rules_of`]).
pub fn rules_in(text: &str) -> Vec<String> {
    rules_of(&serde_json::from_str(text).unwrap())
}

/// A committed repository with findings of every kind a cache must give
/// back: file findings with spans and fixes, a duplicate `agent_id` across
/// two clean files, a skill with a broken reference, and a clean skill with
/// a file it references.
pub fn repo_with_findings() -> Repo {
    let mut r = Repo::new();
    r.write("agents/good.profile.json", GOOD);
    r.write("agents/missing.profile.json", &missing_field());
    r.write(
        "agents/twin-a.profile.json",
        &GOOD.replace("research-agent-07", "twin"),
    );
    r.write(
        "agents/twin-b.profile.json",
        &GOOD.replace("research-agent-07", "twin"),
    );
    r.write(
        "skills/pdf/SKILL.md",
        "---\nname: pdf\ndescription: Extract text from PDF files. Use when a PDF is attached.\n---\n# PDF\n\nRead [the forms guide](FORMS.md) first.\n",
    );
    r.write(
        "skills/notes/SKILL.md",
        "---\nname: notes\ndescription: Keep meeting notes. Use when asked to take notes.\n---\n# Notes\n\nSee [the template](template.md).\n",
    );
    r.write("skills/notes/template.md", "# Template\n");
    r.commit("Add profiles and skills");
    r
}

/// The findings of `rule` in a run's JSON report.
pub fn findings_of<'a>(json: &'a Value, rule: &str) -> Vec<&'a Value> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == rule)
        .collect()
}

/// Each finding of `rule` in a run's JSON report: its fields `a` and `b`.
pub fn field_pairs(json: &Value, rule: &str, a: &str, b: &str) -> Vec<(String, String)> {
    findings_of(json, rule)
        .iter()
        .map(|d| {
            (
                d[a].as_str().unwrap().to_string(),
                d[b].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Each finding of `rule` in a run's JSON report: its path and severity.
pub fn path_severities(json: &Value, rule: &str) -> Vec<(String, String)> {
    field_pairs(json, rule, "path", "severity")
}

/// Each finding of `rule` in a run's JSON report: its message and severity.
pub fn message_severities(json: &Value, rule: &str) -> Vec<(String, String)> {
    field_pairs(json, rule, "message", "severity")
}

/// The severity of each finding of `rule` in a run's JSON report.
pub fn severities_of(json: &Value, rule: &str) -> Vec<String> {
    findings_of(json, rule)
        .iter()
        .map(|d| d["severity"].as_str().unwrap().to_string())
        .collect()
}

/// The help of the `nth` finding of `rule` in a run's JSON report.
pub fn help_of(json: &Value, rule: &str, nth: usize) -> String {
    let found = findings_of(json, rule);
    let Some(d) = found.get(nth) else {
        panic!("no finding {nth} of {rule} in {json}");
    };
    d["help"].as_str().unwrap_or_default().to_string()
}

/// The rule of every diagnostic of a JSON report, in output order.
pub fn rules_of(json: &Value) -> Vec<String> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap().to_string())
        .collect()
}

// ------------------------------------------------------------------ git

/// The git configuration of every test repository: no user settings
/// (signing, hooks paths, templates) play a part.
const GITCONFIG: &str = "[user]\n\tname = Test\n\temail = test@example.org\n\
[init]\n\tdefaultBranch = main\n\
[commit]\n\tgpgsign = false\n\
[tag]\n\tgpgsign = false\n\
[advice]\n\tdetachedHead = false\n";

/// A git repository in a temporary folder: the work tree is `repo/` inside
/// it, beside the repository's own git configuration (`gitconfig`) and
/// whatever else a test makes there ([`Repo::tmp`]). Git reads no system or
/// user configuration; author and committer are fixed, and the date of a
/// commit is day [`Repo::day`] of October 2026 at noon UTC, one day later
/// after each [`Repo::commit`].
pub struct Repo {
    tmp: TempDir,
    /// The work tree.
    pub dir: PathBuf,
    /// The day of the month of the next commit.
    pub day: u32,
}

impl Repo {
    /// A new repository made by `git init`.
    pub fn new() -> Repo {
        Repo::init(&[])
    }

    /// A new repository made by `git init` with extra arguments.
    pub fn init(extra: &[&str]) -> Repo {
        let r = Repo::empty("repo");
        std::fs::create_dir(&r.dir).unwrap();
        let mut args = vec!["init", "-q"];
        args.extend_from_slice(extra);
        r.git(&args);
        r
    }

    /// A clone of `origin` in a new temporary folder, made by
    /// `git clone EXTRA file://ORIGIN`.
    pub fn clone_of(origin: &Repo, extra: &[&str]) -> Repo {
        let mut r = Repo::empty("clone");
        r.day = origin.day;
        let url = format!("file://{}", origin.dir.display());
        let dir = r.dir.display().to_string();
        let mut args = vec!["clone", "-q"];
        args.extend_from_slice(extra);
        args.extend([url.as_str(), dir.as_str()]);
        r.git_in(r.tmp.path(), &args);
        r
    }

    fn empty(work: &str) -> Repo {
        let tmp = TempDir::new().unwrap();
        std::fs::write(tmp.path().join("gitconfig"), GITCONFIG).unwrap();
        let dir = tmp.path().join(work);
        Repo { tmp, dir, day: 1 }
    }

    /// The work tree.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The temporary folder holding the work tree, for files beside it.
    pub fn tmp(&self) -> &Path {
        self.tmp.path()
    }

    /// `program` in the work tree, with git isolated from the machine.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut cmd = Command::new(program);
        isolate(&mut cmd);
        let date = format!("2026-10-{:02}T12:00:00+00:00", self.day);
        cmd.current_dir(&self.dir)
            .env("GIT_CONFIG_GLOBAL", self.tmp.path().join("gitconfig"))
            .env("GIT_AUTHOR_NAME", "Test")
            .env("GIT_AUTHOR_EMAIL", "test@example.org")
            .env("GIT_COMMITTER_NAME", "Test")
            .env("GIT_COMMITTER_EMAIL", "test@example.org")
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date);
        cmd
    }

    /// `git ARGS` in the work tree, which must succeed; returns stdout.
    pub fn git(&self, args: &[&str]) -> String {
        self.git_in(&self.dir, args)
    }

    /// `git ARGS` in `dir` with this repository's environment, which must
    /// succeed; returns stdout.
    pub fn git_in(&self, dir: &Path, args: &[&str]) -> String {
        let out = self
            .command("git")
            .current_dir(dir)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?} failed:\n{}", text(&out));
        stdout(&out)
    }

    /// Writes `text` to `rel` in the work tree.
    pub fn write(&self, rel: &str, text: &str) {
        write(&self.dir, rel, text);
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.dir.join(rel)).unwrap()
    }

    /// Stages everything and commits, one day after the previous commit;
    /// returns the new commit.
    pub fn commit(&mut self, message: &str) -> String {
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "--allow-empty", "-m", message]);
        self.day += 1;
        self.git(&["rev-parse", "HEAD"]).trim().to_string()
    }

    /// A bare repository beside the work tree, added as `origin`.
    pub fn add_remote(&self) -> PathBuf {
        let bare = self.tmp.path().join("remote.git");
        let bare_s = bare.display().to_string();
        self.git_in(self.tmp.path(), &["init", "-q", "--bare", &bare_s]);
        self.git(&["remote", "add", "origin", &bare_s]);
        bare
    }

    /// caplint in the work tree, with the environment of git commands.
    pub fn caplint(&self) -> assert_cmd::Command {
        assert_cmd::Command::from_std(self.command(BIN))
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.caplint().args(args).output().unwrap()
    }

    /// `caplint check --as-of AS_OF --format json ARGS`: (exit code, JSON).
    /// `check` as of [`AS_OF`] in `format`, without colour, with `args`:
    /// exit code and output.
    pub fn check_in(&self, format: &str, args: &[&str]) -> (i32, String) {
        let mut all = vec![
            "check", "--as-of", AS_OF, "--format", format, "--color", "never",
        ];
        all.extend_from_slice(args);
        let out = self.run(&all);
        (out.status.code().unwrap_or(-1), stdout(&out))
    }

    pub fn check(&self, args: &[&str]) -> (i32, Value) {
        let mut all = vec!["check", "--as-of", AS_OF, "--format", "json"];
        all.extend_from_slice(args);
        json_of(&self.run(&all))
    }
}

// ------------------------------------------------------- the library API

/// The few facts the tests take from the caplint library rather than the
/// binary, gathered here.
pub mod lib {
    use std::path::{Path, PathBuf};

    /// The id of every rule of the registry, in its order.
    pub fn rule_ids() -> Vec<&'static str> {
        caplint::rules::all().map(|r| r.id).collect()
    }

    /// The ids of the rules of a family (`profile`, `skill`, `security`,
    /// `history`).
    pub fn rule_ids_of(family: &str) -> Vec<&'static str> {
        caplint::rules::all()
            .filter(|r| r.family() == family)
            .map(|r| r.id)
            .collect()
    }

    /// The configuration file caplint finds from `dir`, and whether what it
    /// holds is the default configuration.
    pub fn config_found_and_default(dir: &Path) -> (Option<PathBuf>, bool) {
        let (config, found) = caplint::config::load(dir, None).unwrap();
        (found, config == caplint::settings::Config::default())
    }
}

//! Helpers for tests that drive real git repositories and hooks.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

/// GOOD with one more claim and the same version and date.
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

/// A git repository in a temporary folder, with its own git configuration
/// so that the user's settings (signing, hooks paths) play no part.
pub struct Repo {
    pub dir: tempfile::TempDir,
    pub env: Vec<(String, String)>,
}

impl Repo {
    pub fn new() -> Repo {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("gitconfig");
        std::fs::write(
            &config,
            "[user]\n\tname = Test\n\temail = test@example.org\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n[advice]\n\tdetachedHead = false\n",
        )
        .unwrap();
        std::fs::create_dir(dir.path().join("work")).unwrap();
        let env = vec![
            ("GIT_CONFIG_GLOBAL".into(), config.display().to_string()),
            ("GIT_CONFIG_NOSYSTEM".into(), "1".into()),
            ("GIT_AUTHOR_DATE".into(), "2026-10-01T12:00:00Z".into()),
            ("GIT_COMMITTER_DATE".into(), "2026-10-01T12:00:00Z".into()),
        ];
        let repo = Repo { dir, env };
        repo.git_ok(&["init", "-q"]);
        repo
    }

    pub fn path(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    pub fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(self.path());
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        for var in [
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
        ] {
            cmd.env_remove(var);
        }
        cmd
    }

    pub fn git(&self, args: &[&str]) -> Output {
        self.command("git").args(args).output().unwrap()
    }

    pub fn git_ok(&self, args: &[&str]) -> String {
        let out = self.git(args);
        assert!(
            out.status.success(),
            "git {args:?} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// A bare repository beside the work tree, added as `origin`.
    pub fn add_remote(&self) -> PathBuf {
        let bare = self.dir.path().join("remote.git");
        let out = self
            .command("git")
            .args(["init", "-q", "--bare"])
            .arg(&bare)
            .output()
            .unwrap();
        assert!(out.status.success());
        self.git_ok(&["remote", "add", "origin", &bare.display().to_string()]);
        bare
    }
}

/// stdout and stderr of a finished command, together.
pub fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The folder holding the caplint binary under test.
pub fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_caplint"))
        .parent()
        .unwrap()
        .to_path_buf()
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

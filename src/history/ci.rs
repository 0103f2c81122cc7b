//! The base a CI run compares with when no `--base` is given (SPEC §2):
//! GitHub Actions' event payload (`GITHUB_EVENT_PATH`) and GitLab CI's
//! variables. [`Env`] reads the environment once, so the choice can be
//! tested without a process environment; [`base`] turns it into a [`Base`].

use super::{merge_base_named, Base};
use crate::error::Fatal;
use crate::git::{ObjectId, Repo, FETCH_DEPTH_HELP};
use serde::Deserialize;

/// The largest event payload read (GitHub's are a few hundred KB at most).
const MAX_EVENT_BYTES: u64 = 64 << 20;

/// What history needs from the environment, read once by the command layer.
#[derive(Debug, Clone, Default)]
pub struct Env {
    /// `GITHUB_BASE_REF`: the target branch of a GitHub Actions pull-request run.
    pub github_base_ref: Option<String>,
    /// `GITHUB_EVENT_NAME` (`push`, `pull_request`, …).
    pub github_event_name: Option<String>,
    /// The payload at `GITHUB_EVENT_PATH`, or why it could not be read.
    pub github_event: Option<Result<GithubEvent, String>>,
    /// GitLab CI's variables, when `GITLAB_CI` is `true`.
    pub gitlab: Option<GitlabEnv>,
}

/// The fields of a GitHub Actions event payload that decide a base.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct GithubEvent {
    /// `push`: the branch's commit before the push (all zeros when new).
    pub before: Option<String>,
    /// `push`: the push replaced history.
    #[serde(default)]
    pub forced: bool,
    /// `push`: the push deleted the ref.
    #[serde(default)]
    pub deleted: bool,
    pub repository: Option<EventRepository>,
    pub pull_request: Option<EventPullRequest>,
    /// `merge_group`: the merge queue's group and the commit it builds on.
    pub merge_group: Option<EventMergeGroup>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventMergeGroup {
    /// The target branch's commit the queued changes are merged onto.
    pub base_sha: Option<String>,
    /// `refs/heads/<target>`.
    pub base_ref: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventRepository {
    pub default_branch: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventPullRequest {
    pub base: Option<EventBase>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventBase {
    pub sha: Option<String>,
    #[serde(rename = "ref")]
    pub branch: Option<String>,
}

/// GitLab CI's predefined variables that decide a base.
#[derive(Debug, Clone, Default)]
pub struct GitlabEnv {
    /// `CI_MERGE_REQUEST_DIFF_BASE_SHA`: the merge request's diff base.
    pub mr_diff_base_sha: Option<String>,
    /// `CI_COMMIT_BEFORE_SHA`: the branch's commit before the push.
    pub before_sha: Option<String>,
    /// `CI_DEFAULT_BRANCH`.
    pub default_branch: Option<String>,
    /// `CI_PIPELINE_SOURCE` (`push`, `merge_request_event`, `schedule`, …).
    pub pipeline_source: Option<String>,
    /// `CI_COMMIT_BRANCH` (unset for tags and merge request pipelines).
    pub commit_branch: Option<String>,
}

impl Env {
    /// Reads the variables through `var` (and the event payload from disk).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Env {
        let get = |name: &str| {
            var(name)
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
        };
        let github_event = get("GITHUB_EVENT_PATH").map(|path| read_event(&path));
        let gitlab = (get("GITLAB_CI").as_deref() == Some("true")).then(|| GitlabEnv {
            mr_diff_base_sha: get("CI_MERGE_REQUEST_DIFF_BASE_SHA"),
            before_sha: get("CI_COMMIT_BEFORE_SHA"),
            default_branch: get("CI_DEFAULT_BRANCH"),
            pipeline_source: get("CI_PIPELINE_SOURCE"),
            commit_branch: get("CI_COMMIT_BRANCH"),
        });
        Env {
            github_base_ref: get("GITHUB_BASE_REF"),
            github_event_name: get("GITHUB_EVENT_NAME"),
            github_event,
            gitlab,
        }
    }
}

fn read_event(path: &str) -> Result<GithubEvent, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_EVENT_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{path} is not an event payload: {e}"))
}

/// Whether a commit id is git's "no commit" (all zeros).
fn is_zeros(sha: &str) -> bool {
    !sha.is_empty() && sha.bytes().all(|b| b == b'0')
}

/// A base chosen from CI, with why it was chosen (for a note).
pub struct CiBase {
    pub base: Base,
    pub why: String,
}

const GITLAB_DEPTH_HELP: &str = "fetch more history: in GitLab CI set the variable `GIT_DEPTH: 0` (or a depth that reaches the base); elsewhere run `git fetch --unshallow`";

/// The base CI names for this run, if any: `None` outside CI and for events
/// that name none (a schedule, a manual run), where the usual rules apply.
pub fn base(repo: &Repo, env: &Env, head: ObjectId) -> Result<Option<CiBase>, Fatal> {
    let event = match &env.github_event {
        Some(Ok(event)) => Some(event),
        Some(Err(why)) if matches!(env.github_event_name.as_deref(), Some(name) if decides(name)) => {
            return Err(Fatal::git(
                format!("GITHUB_EVENT_PATH: {why}"),
                "caplint reads the event payload to find the base; name the base instead with `--base REV`",
            ))
        }
        _ => None,
    };
    let name = env.github_event_name.as_deref();
    if name == Some("push") {
        match event {
            // A push that deleted its branch brought nothing to judge.
            Some(event) if event.deleted => return Ok(None),
            Some(event) => return github_push(repo, event, head).map(Some),
            None => {}
        }
    }
    if name == Some("merge_group") {
        if let Some(event) = event {
            return github_merge_group(repo, event, head).map(Some);
        }
    }
    let pr_event = matches!(name, Some("pull_request" | "pull_request_target"));
    if env.github_base_ref.is_some() || pr_event {
        let pr_base = event.and_then(|e| e.pull_request.as_ref()?.base.as_ref());
        let branch = env
            .github_base_ref
            .clone()
            .or_else(|| pr_base.and_then(|b| b.branch.clone()));
        let sha = pr_base.and_then(|b| b.sha.as_deref());
        if branch.is_some() || sha.is_some() {
            return github_pull_request(repo, branch.as_deref(), sha, head).map(Some);
        }
    }
    if let Some(gitlab) = &env.gitlab {
        return gitlab_base(repo, gitlab, head);
    }
    Ok(None)
}

/// The GitHub events whose payload names a base.
fn decides(name: &str) -> bool {
    matches!(
        name,
        "push" | "pull_request" | "pull_request_target" | "merge_group"
    )
}

/// A merge queue run: HEAD is the queue's commit, built on the target
/// branch's `merge_group.base_sha`; every queued change is judged against it.
fn github_merge_group(repo: &Repo, event: &GithubEvent, head: ObjectId) -> Result<CiBase, Fatal> {
    let group = event.merge_group.as_ref();
    let Some(sha) = group.and_then(|g| g.base_sha.as_deref()) else {
        return Err(Fatal::git(
            "the merge_group event payload (GITHUB_EVENT_PATH) has no `merge_group.base_sha`",
            "name the base with `--base REV`",
        ));
    };
    let Some(id) = present(repo, sha) else {
        let target = group
            .and_then(|g| g.base_ref.as_deref())
            .map(|r| r.trim_start_matches("refs/heads/"))
            .unwrap_or("target");
        return Err(Fatal::git(
            format!(
                "the merge queue's base commit ({}, the `{target}` branch) is not in this clone",
                short_sha(sha)
            ),
            FETCH_DEPTH_HELP,
        ));
    };
    Ok(CiBase {
        base: merge_base_named(repo, id, "the merge queue's base commit", head)?,
        why: "GitHub Actions merge queue: the event's `merge_group.base_sha`".into(),
    })
}

fn short(id: ObjectId) -> String {
    id.to_hex_with_len(7).to_string()
}

/// A commit id from CI, if it is one and is present.
fn present(repo: &Repo, sha: &str) -> Option<ObjectId> {
    let id = ObjectId::from_hex(sha.as_bytes()).ok()?;
    repo.has_commit(id).then_some(id)
}

fn short_sha(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

fn github_push(repo: &Repo, event: &GithubEvent, head: ObjectId) -> Result<CiBase, Fatal> {
    let Some(before) = event.before.as_deref() else {
        return Err(Fatal::git(
            "the push event payload (GITHUB_EVENT_PATH) has no `before` commit",
            "name the base with `--base REV`",
        ));
    };
    if is_zeros(before) {
        let default = event
            .repository
            .as_ref()
            .and_then(|r| r.default_branch.as_deref());
        return new_branch(
            repo,
            default,
            head,
            "GitHub Actions push of a new branch",
            FETCH_DEPTH_HELP,
        );
    }
    match present(repo, before) {
        Some(id) => {
            let why = if event.forced {
                "GitHub Actions push that rewrote history (forced): the work since its common history with the commit before the push"
            } else {
                "GitHub Actions push: the pushed commits"
            };
            pushed_since(repo, id, head, why)
        }
        None if event.forced => Err(Fatal::git(
            format!("the push rewrote history (forced), and the commit it replaced ({}) is not in this clone", short_sha(before)),
            "fetch the full history (`actions/checkout` with `fetch-depth: 0`); if the replaced commit is gone from the server too, name the base: `caplint check --base origin/<default branch>`",
        )),
        None => Err(Fatal::git(
            format!("the commit before the push ({}) is not in this clone", short_sha(before)),
            FETCH_DEPTH_HELP,
        )),
    }
}

/// The base of a push: the commit before it (or, after a forced push, the
/// merge-base with it). Not a target branch, so no tip for `version-taken`.
fn pushed_since(repo: &Repo, before: ObjectId, head: ObjectId, why: &str) -> Result<CiBase, Fatal> {
    let mut base = merge_base_named(repo, before, "the commit before the push", head)?;
    base.tip = None;
    Ok(CiBase {
        base,
        why: why.to_string(),
    })
}

/// A new branch: the merge-base with the default branch.
fn new_branch(
    repo: &Repo,
    default: Option<&str>,
    head: ObjectId,
    why: &str,
    help: &str,
) -> Result<CiBase, Fatal> {
    let Some(default) = default else {
        return Err(Fatal::git(
            "a new branch was pushed, and CI does not name the default branch to compare it with",
            "name the base with `--base REV` (e.g. `--base origin/main`)",
        ));
    };
    let rev = format!("origin/{default}");
    if repo.try_resolve(&rev).is_none() {
        return Err(Fatal::git(
            format!("a new branch was pushed: it is compared with the default branch, but `{rev}` is not in this clone"),
            help,
        ));
    }
    let target = repo.resolve(&rev)?;
    let base = merge_base_named(repo, target, &rev, head)?;
    Ok(CiBase {
        base,
        why: format!("{why}: compared with the default branch"),
    })
}

fn github_pull_request(
    repo: &Repo,
    branch: Option<&str>,
    sha: Option<&str>,
    head: ObjectId,
) -> Result<CiBase, Fatal> {
    if let Some(branch) = branch {
        let rev = format!("origin/{branch}");
        if let Some(target) = repo.try_resolve(&rev) {
            return Ok(CiBase {
                base: merge_base_named(repo, target, &rev, head)?,
                why: "GitHub Actions pull request: its target branch".into(),
            });
        }
    }
    if let Some(id) = sha.and_then(|s| present(repo, s)) {
        return Ok(CiBase {
            base: merge_base_named(
                repo,
                id,
                "the pull request's base commit",
                head,
            )?,
            why: "GitHub Actions pull request: the target branch is not in this clone, so the event's `pull_request.base.sha`".into(),
        });
    }
    // A pull-request checkout is a merge commit on a detached HEAD; with
    // `fetch-depth: 2` its first parent is the base.
    let info = repo.commit(head)?;
    if info.parents.len() >= 2 && info.parents.iter().all(|p| repo.has_commit(*p)) {
        let p1 = info.parents[0];
        return Ok(CiBase {
            base: Base::at(repo, p1, format!("the first parent of HEAD ({})", short(p1)))?,
            why: "GitHub Actions pull request: HEAD is the merge commit, so its first parent (the target branch)".into(),
        });
    }
    let what = match branch {
        Some(b) => format!("the pull request's target `origin/{b}` is not in this clone"),
        None => "the pull request's target branch is not in this clone".to_string(),
    };
    Err(Fatal::git(
        format!(
            "{what}, nor its base commit, and HEAD is not a merge commit with its parents present"
        ),
        FETCH_DEPTH_HELP,
    ))
}

fn gitlab_base(repo: &Repo, gitlab: &GitlabEnv, head: ObjectId) -> Result<Option<CiBase>, Fatal> {
    if let Some(sha) = gitlab.mr_diff_base_sha.as_deref() {
        let Some(id) = present(repo, sha) else {
            return Err(Fatal::git(
                format!(
                    "the merge request's diff base (CI_MERGE_REQUEST_DIFF_BASE_SHA, {}) is not in this clone",
                    short_sha(sha)
                ),
                GITLAB_DEPTH_HELP,
            ));
        };
        return Ok(Some(CiBase {
            base: merge_base_named(repo, id, "the merge request's diff base", head)?,
            why: "GitLab CI merge request pipeline: CI_MERGE_REQUEST_DIFF_BASE_SHA".into(),
        }));
    }
    let Some(before) = gitlab.before_sha.as_deref() else {
        return Ok(None);
    };
    if is_zeros(before) {
        // All zeros also for schedules, manual runs and tags: only a push
        // of a branch is a new branch.
        let push = matches!(gitlab.pipeline_source.as_deref(), None | Some("push"));
        if !push || gitlab.commit_branch.is_none() {
            return Ok(None);
        }
        return new_branch(
            repo,
            gitlab.default_branch.as_deref(),
            head,
            "GitLab CI push of a new branch",
            GITLAB_DEPTH_HELP,
        )
        .map(Some);
    }
    match present(repo, before) {
        Some(id) => pushed_since(repo, id, head, "GitLab CI push: the pushed commits (CI_COMMIT_BEFORE_SHA)")
            .map(Some),
        None => Err(Fatal::git(
            format!(
                "the commit before the push (CI_COMMIT_BEFORE_SHA, {}) is not in this clone",
                short_sha(before)
            ),
            format!("{GITLAB_DEPTH_HELP}; after a push that rewrote history the old commit may be gone: name the base with `--base origin/<default branch>`"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros() {
        assert!(is_zeros("0000000000000000000000000000000000000000"));
        assert!(!is_zeros(""));
        assert!(!is_zeros("0000000000000000000000000000000000000001"));
    }

    #[test]
    fn reads_variables_and_payload() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("event.json");
        std::fs::write(
            &path,
            r#"{"before": "abc", "forced": true, "repository": {"default_branch": "trunk", "name": "x"},
                "pull_request": {"base": {"sha": "def", "ref": "main"}}, "other": [1, 2]}"#,
        )
        .unwrap();
        let vars = |name: &str| match name {
            "GITHUB_EVENT_PATH" => Some(path.display().to_string()),
            "GITHUB_EVENT_NAME" => Some("push".into()),
            "GITHUB_BASE_REF" => Some("  ".into()),
            "GITLAB_CI" => Some("true".into()),
            "CI_COMMIT_BEFORE_SHA" => Some("0000".into()),
            _ => None,
        };
        let env = Env::from_vars(vars);
        assert_eq!(env.github_base_ref, None);
        assert_eq!(env.github_event_name.as_deref(), Some("push"));
        let event = env.github_event.unwrap().unwrap();
        assert_eq!(event.before.as_deref(), Some("abc"));
        assert!(event.forced && !event.deleted);
        assert_eq!(
            event.repository.unwrap().default_branch.as_deref(),
            Some("trunk")
        );
        let base = event.pull_request.unwrap().base.unwrap();
        assert_eq!(
            (base.sha.as_deref(), base.branch.as_deref()),
            (Some("def"), Some("main"))
        );
        assert_eq!(env.gitlab.unwrap().before_sha.as_deref(), Some("0000"));

        // Without GITLAB_CI the CI_ variables are not GitLab's.
        let env = Env::from_vars(|name| (name == "CI_COMMIT_BEFORE_SHA").then(|| "1".into()));
        assert!(env.gitlab.is_none());
    }

    #[test]
    fn bad_payload_is_an_error_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("event.json");
        std::fs::write(&path, "{not json").unwrap();
        let p = path.display().to_string();
        let env = Env::from_vars(|name| (name == "GITHUB_EVENT_PATH").then(|| p.clone()));
        let err = env.github_event.unwrap().unwrap_err();
        assert!(err.contains("not an event payload"), "{err}");
        let env =
            Env::from_vars(|name| (name == "GITHUB_EVENT_PATH").then(|| "/no/such/file".into()));
        assert!(env
            .github_event
            .unwrap()
            .unwrap_err()
            .contains("cannot read"));
    }
}

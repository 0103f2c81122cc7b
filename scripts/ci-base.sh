#!/bin/sh
# Prints the revision that `caplint check --base` and `caplint diff` should
# compare with in a CI run, so that every event is judged against what it
# brings. Run it in the checked-out repository:
#
#   base=$(sh scripts/ci-base.sh)
#   caplint check ${base:+--base "$base"}
#
# - A pull request (GitHub: GITHUB_BASE_REF) is judged against its target
#   branch: `origin/$GITHUB_BASE_REF` when the clone has it (fetch-depth: 0),
#   else the first parent of the merge commit GitHub checks out
#   (fetch-depth: 2), else CAPLINT_PR_BASE_SHA.
# - A GitLab merge request: CI_MERGE_REQUEST_DIFF_BASE_SHA, else
#   origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME.
# - A push is judged against the commit the branch pointed at before it
#   (GitHub: CAPLINT_BEFORE, set from github.event.before; GitLab:
#   CI_COMMIT_BEFORE_SHA). A new branch (all zeros), or a `before` this clone
#   lacks (a force push), falls back to the default branch
#   (CAPLINT_DEFAULT_BRANCH, set from github.event.repository.default_branch;
#   GitLab: CI_DEFAULT_BRANCH), as origin/BRANCH.
# - Anything else prints nothing: `caplint check` then picks its own base.
#
# Exit 2 (with a message saying how to fix it) when the revision the event
# names is not in the clone and nothing can stand in for it.
set -eu

say() { echo "caplint ci-base: $*" >&2; }
has_commit() { git rev-parse --quiet --verify "$1^{commit}" >/dev/null 2>&1; }
is_zero() {
    case "$1" in
        *[!0]*) return 1 ;;
        *) return 0 ;;
    esac
}
print_commit() { git rev-parse --verify "$1^{commit}"; }
deepen_hint="fetch the history: actions/checkout with fetch-depth: 0 (GitLab: GIT_DEPTH: 0)"

git rev-parse --git-dir >/dev/null 2>&1 || {
    say "not inside a git repository"
    exit 2
}

# Pull and merge requests.
if [ -n "${GITHUB_BASE_REF:-}" ]; then
    if has_commit "origin/$GITHUB_BASE_REF"; then
        echo "origin/$GITHUB_BASE_REF"
        exit 0
    fi
    # GitHub checks out a merge commit; with fetch-depth: 2 its parents are
    # here, and the first one is the target branch.
    if has_commit HEAD^2 && has_commit HEAD^1; then
        print_commit HEAD^1
        exit 0
    fi
    if [ -n "${CAPLINT_PR_BASE_SHA:-}" ] && has_commit "$CAPLINT_PR_BASE_SHA"; then
        print_commit "$CAPLINT_PR_BASE_SHA"
        exit 0
    fi
    say "the target branch origin/$GITHUB_BASE_REF is not in this clone; $deepen_hint"
    exit 2
fi
if [ -n "${CI_MERGE_REQUEST_IID:-}" ]; then
    if [ -n "${CI_MERGE_REQUEST_DIFF_BASE_SHA:-}" ] && has_commit "$CI_MERGE_REQUEST_DIFF_BASE_SHA"; then
        print_commit "$CI_MERGE_REQUEST_DIFF_BASE_SHA"
        exit 0
    fi
    target="${CI_MERGE_REQUEST_TARGET_BRANCH_NAME:-}"
    if [ -n "$target" ] && has_commit "origin/$target"; then
        echo "origin/$target"
        exit 0
    fi
    say "the merge request's base ${CI_MERGE_REQUEST_DIFF_BASE_SHA:-} is not in this clone; $deepen_hint"
    exit 2
fi

# Pushes.
before="${CAPLINT_BEFORE:-${CI_COMMIT_BEFORE_SHA:-}}"
default_branch="${CAPLINT_DEFAULT_BRANCH:-${CI_DEFAULT_BRANCH:-}}"
if [ -z "$before" ]; then
    exit 0 # not a push we know of: caplint picks its base
fi
if ! is_zero "$before"; then
    if has_commit "$before"; then
        print_commit "$before"
        exit 0
    fi
    say "the commit before the push ($before) is not in this clone (a force push, or a shallow clone); comparing with the default branch instead"
fi
if [ -n "$default_branch" ] && has_commit "origin/$default_branch"; then
    echo "origin/$default_branch"
    exit 0
fi
if [ -n "$default_branch" ]; then
    say "the default branch origin/$default_branch is not in this clone; $deepen_hint (GitLab: git fetch origin $default_branch)"
else
    say "a new branch is compared with the default branch: set CAPLINT_DEFAULT_BRANCH (GitHub: github.event.repository.default_branch)"
fi
exit 2

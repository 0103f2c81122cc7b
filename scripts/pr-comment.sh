#!/bin/sh
# Posts a caplint review (the output of `caplint diff --format markdown`) as
# ONE pull-request comment, updated in place on every run: the comment is
# found again by a hidden marker. A review with no claim changes posts
# nothing (and turns an earlier comment into the no-change text, so it never
# shows stale claims).
#
#   sh scripts/pr-comment.sh caplint-review.md
#
# Needs the GitHub CLI (`gh`, on GitHub's runners) and:
#   GH_TOKEN           a token that may write pull-request comments
#                      (permissions: pull-requests: write)
#   GITHUB_REPOSITORY  owner/name (set by GitHub Actions)
#   CAPLINT_PR         the pull request's number
# A token that may not comment (a pull request from a fork) gets a notice,
# not a failure. Exit 0 unless the review file is missing or gh fails for
# another reason.
set -eu

marker='<!-- caplint-review -->'
review="${1:?usage: pr-comment.sh REVIEW.md}"
[ -f "$review" ] || {
    echo "caplint pr-comment: no review file $review" >&2
    exit 1
}
: "${GITHUB_REPOSITORY:?set GITHUB_REPOSITORY (owner/name)}"
: "${CAPLINT_PR:?set CAPLINT_PR (the pull request number)}"

notice() { echo "::notice title=caplint review comment::$*"; }

changed=true
if grep -q '^No claim changes: ' "$review"; then
    changed=false
fi

existing=$(gh api --paginate "repos/$GITHUB_REPOSITORY/issues/$CAPLINT_PR/comments" \
    --jq ".[] | select(.body | contains(\"$marker\")) | .id" | head -n 1)

if [ -z "$existing" ] && ! $changed; then
    echo "caplint pr-comment: no claim changes, no comment"
    exit 0
fi

body=$(mktemp "${TMPDIR:-/tmp}/caplint-comment.XXXXXX")
trap 'rm -f "$body"' EXIT
{
    echo "$marker"
    cat "$review"
} > "$body"

err=$(mktemp "${TMPDIR:-/tmp}/caplint-comment-err.XXXXXX")
trap 'rm -f "$body" "$err"' EXIT
status=0
if [ -n "$existing" ]; then
    gh api --silent -X PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$existing" -F "body=@$body" 2>"$err" || status=$?
    action="updated comment $existing"
else
    gh api --silent -X POST "repos/$GITHUB_REPOSITORY/issues/$CAPLINT_PR/comments" -F "body=@$body" 2>"$err" || status=$?
    action="commented"
fi
if [ $status -ne 0 ]; then
    if grep -q 'HTTP 403\|Resource not accessible by integration' "$err"; then
        notice "this token may not comment on the pull request (a pull request from a fork has a read-only token); the review is in the job log"
        cat "$review"
        exit 0
    fi
    cat "$err" >&2
    exit "$status"
fi
echo "caplint pr-comment: $action on #$CAPLINT_PR"

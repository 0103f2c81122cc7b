#!/bin/sh
# Points this pre-commit mirror at a caplint release: pins the caplint wheel
# to VERSION in pyproject.toml, moves the `rev:` lines of README.md and
# .pre-commit-hooks.yaml, and, with --commit, commits and tags vVERSION.
#
#   ./update.sh 0.2.0            # rewrite the files only
#   ./update.sh 0.2.0 --commit   # also `git commit` and `git tag v0.2.0`
#
# Run it in a clone of the mirror repository after the wheel for VERSION is
# on PyPI (the release workflow does this for each tag). The caplint
# repository keeps the mirror's files in its pre-commit-mirror/ folder.
set -eu

usage() {
    echo "usage: $0 VERSION [--commit]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
version=${1#v}
commit=false
case "${2:-}" in
    "") ;;
    --commit) commit=true ;;
    *) usage ;;
esac
case "$version" in
    [0-9]*.[0-9]*.[0-9]*) ;;
    *)
        echo "update.sh: '$1' is not a version (X.Y.Z)" >&2
        exit 2
        ;;
esac

cd "$(dirname "$0")"
for file in pyproject.toml README.md .pre-commit-hooks.yaml; do
    sed -e "s/\"caplint==[^\"]*\"/\"caplint==$version\"/" \
        -e "s/^version = \"[^\"]*\"/version = \"$version\"/" \
        -e "s/rev: v[0-9][0-9.]*[0-9A-Za-z.+-]*/rev: v$version/" \
        "$file" > "$file.tmp"
    mv "$file.tmp" "$file"
done
grep -q "\"caplint==$version\"" pyproject.toml || {
    echo "update.sh: pyproject.toml has no caplint pin to move" >&2
    exit 1
}

if $commit; then
    git add pyproject.toml README.md .pre-commit-hooks.yaml
    if git diff --cached --quiet; then
        echo "update.sh: already at caplint $version"
    else
        git commit -q -m "caplint $version"
    fi
    git tag "v$version"
fi
echo "pre-commit mirror: caplint $version"

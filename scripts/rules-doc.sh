#!/bin/sh
# Writes docs/rules.md: every rule as `caplint explain RULE` prints it, one
# heading level down (the anchors `caplint server` links findings to).
# Usage: scripts/rules-doc.sh [CAPLINT] > docs/rules.md
set -eu
caplint="${1:-caplint}"
# shellcheck disable=SC2016 # the back-ticks are Markdown, not a command
printf '# Rules\n\nEvery rule caplint has, as `caplint explain RULE` prints it (written by\n`scripts/rules-doc.sh`). `caplint server` links each finding here.\n'
"$caplint" rules --format json | python3 -c 'import json,sys; [print(r["id"]) for r in json.load(sys.stdin)]' |
while read -r rule; do
    printf '\n'
    "$caplint" explain "$rule" | awk '/^```/ { fence = !fence } !fence && /^#+ / { $0 = "#" $0 } { print }'
done

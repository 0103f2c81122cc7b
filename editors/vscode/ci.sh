#!/usr/bin/env bash
# The VS Code extension's CI: install the pinned packages, type-check and
# compile, run the unit tests (node's test runner), bundle, and package the
# .vsix. Offline but for `npm ci`. Usage: editors/vscode/ci.sh (from
# anywhere); .ci/run calls it. With CAPLINT_BIN set to a caplint binary
# (relative to the current folder, e.g. target/debug/caplint), the tests
# also run fix all against that binary's `caplint server`.
set -euo pipefail
if [ -n "${CAPLINT_BIN:-}" ]; then
    CAPLINT_BIN=$(cd "$(dirname "$CAPLINT_BIN")" && pwd)/$(basename "$CAPLINT_BIN")
    export CAPLINT_BIN
fi
cd "$(dirname "$0")"
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
    echo "editors/vscode needs Node.js 20 or later (vsce, node --test); this is $(node --version)" >&2
    exit 1
fi
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
npm ci --no-audit --no-fund
rm -rf out dist ./*.vsix
npx --no-install tsc -p .
node --test out/test/*.test.js
version=$(node -p 'require("./package.json").version')
# vsce runs the vscode:prepublish script (the esbuild bundle); the bundle
# holds vscode-languageclient, so node_modules stays out of the .vsix.
npx --no-install vsce package --no-dependencies --out "caplint-$version.vsix"
npx --no-install vsce ls --no-dependencies
test -s "caplint-$version.vsix"
echo "editors/vscode: built caplint-$version.vsix"

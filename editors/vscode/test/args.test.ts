import { test } from "node:test";
import * as assert from "node:assert/strict";
import { buildServerArgs, helpHasFlag, serverFlags, Settings, stringList } from "../src/args";

// What `caplint server --help` prints (clap), trimmed.
const HELP_0_1 = `Serve the Language Server Protocol over stdio, for editors

Usage: caplint server [OPTIONS]

Options:
      --config <FILE>       Configuration file (default: .caplint.yaml at the repository root)
      --as-of <YYYY-MM-DD>  Judge dates as of this day (YYYY-MM-DD; default: today)
  -h, --help                Print help

The editor starts it; see docs/editors.md.
`;

const HELP_WITH_TARGET = HELP_0_1.replace(
  "  -h, --help",
  "      --target <TARGET>     Overrides `targets:` in the config [possible values: agentskills, claude, codex, platform]\n  -h, --help",
);

const NONE: Settings = { path: "", config: "", targets: [], args: [] };

test("reads the flags from --help", () => {
  assert.deepEqual(serverFlags(HELP_0_1), { config: true, target: false });
  assert.deepEqual(serverFlags(HELP_WITH_TARGET), { config: true, target: true });
  assert.equal(helpHasFlag("  --target=<T>", "--target"), true);
  assert.equal(helpHasFlag("  --targets <T>", "--target"), false);
  assert.equal(helpHasFlag("see --target-dir", "--target"), false);
  assert.equal(helpHasFlag("", "--config"), false);
});

test("no settings: just `server`", () => {
  assert.deepEqual(buildServerArgs(NONE, serverFlags(HELP_0_1)), { args: ["server"], warnings: [] });
});

test("caplint.config becomes --config FILE", () => {
  const r = buildServerArgs({ ...NONE, config: "/repo/ci/caplint.yaml" }, serverFlags(HELP_0_1));
  assert.deepEqual(r, { args: ["server", "--config", "/repo/ci/caplint.yaml"], warnings: [] });
});

test("caplint.args come last, as given", () => {
  const r = buildServerArgs({ ...NONE, config: "/c.yaml", args: ["--as-of", "2026-01-31"] }, serverFlags(HELP_0_1));
  assert.deepEqual(r.args, ["server", "--config", "/c.yaml", "--as-of", "2026-01-31"]);
});

test("--config in caplint.args wins over caplint.config", () => {
  const r = buildServerArgs({ ...NONE, config: "/c.yaml", args: ["--config=/d.yaml"] }, serverFlags(HELP_0_1));
  assert.deepEqual(r.args, ["server", "--config=/d.yaml"]);
  assert.equal(r.warnings.length, 1);
});

test("targets pass as --target when the server takes it", () => {
  const r = buildServerArgs({ ...NONE, targets: ["claude", "Codex", "claude"] }, serverFlags(HELP_WITH_TARGET));
  assert.deepEqual(r, { args: ["server", "--target", "claude", "--target", "codex"], warnings: [] });
});

test("targets without --target in the server: a warning naming .caplint.yaml", () => {
  const r = buildServerArgs({ ...NONE, targets: ["claude", "codex"] }, serverFlags(HELP_0_1));
  assert.deepEqual(r.args, ["server"]);
  assert.equal(r.warnings.length, 1);
  assert.match(r.warnings[0], /targets: \[claude, codex\]/);
  assert.match(r.warnings[0], /\.caplint\.yaml/);
});

test("an unknown target is left out with a warning", () => {
  const r = buildServerArgs({ ...NONE, targets: ["codx", "platform"] }, serverFlags(HELP_WITH_TARGET));
  assert.deepEqual(r.args, ["server", "--target", "platform"]);
  assert.equal(r.warnings.length, 1);
  assert.match(r.warnings[0], /unknown target `codx`/);
});

test("list settings keep only non-empty strings", () => {
  assert.deepEqual(stringList(["a", 1, "", " ", null, "b"]), ["a", "b"]);
  assert.deepEqual(stringList("a"), []);
  assert.deepEqual(stringList(undefined), []);
});

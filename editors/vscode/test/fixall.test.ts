import { test } from "node:test";
import * as assert from "node:assert/strict";
import {
  caplintDiagnostics,
  CodeAction,
  editsConflict,
  isCodeAction,
  mergeFixes,
  Range,
  selectFixes,
  summary,
  wholeDocument,
} from "../src/fixall";

const PROFILE = "file:///repo/agents/a.profile.json";
const CONFIG = "file:///repo/.caplint.yaml";

function r(l1: number, c1: number, l2: number, c2: number): Range {
  return { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } };
}

/** A fix as caplint server sends it: a preferred quickfix when safe. */
function fix(title: string, uri: string, range: Range, newText: string, safe = true): CodeAction {
  return {
    title: safe ? title : `${title} (unsafe)`,
    kind: "quickfix",
    isPreferred: safe,
    diagnostics: [{ range, message: "m", source: "caplint", code: "profile/x" }],
    edit: { documentChanges: [{ textDocument: { uri, version: null }, edits: [{ range, newText }] }] },
  };
}

/** "Disable RULE for this file", as the server sends it: never preferred. */
function disable(rule: string): CodeAction {
  return {
    title: `Disable ${rule} for this file`,
    kind: "quickfix",
    edit: {
      documentChanges: [
        { kind: "create", uri: CONFIG, options: { ignoreIfExists: true } },
        { textDocument: { uri: CONFIG, version: null }, edits: [{ range: r(0, 0, 0, 0), newText: "overrides: []\n" }] },
      ],
    },
  };
}

test("commands are not code actions", () => {
  assert.equal(isCodeAction({ title: "t", command: "x" }), false);
  assert.equal(isCodeAction({ title: "t", command: { command: "x", title: "t" } }), true);
  assert.equal(isCodeAction(null), false);
});

test("only caplint's findings are asked about", () => {
  const ds = [{ source: "caplint", n: 1 }, { source: "json", n: 2 }, { n: 3 }];
  assert.deepEqual(caplintDiagnostics(ds), [{ source: "caplint", n: 1 }]);
});

test("the whole document", () => {
  assert.deepEqual(wholeDocument(3), r(0, 0, 3, 0));
  assert.deepEqual(wholeDocument(0), r(0, 0, 1, 0));
});

test("fix all takes the safe fixes, not unsafe ones nor Disable", () => {
  const actions = [
    fix("Bump version", PROFILE, r(2, 13, 2, 20), '"1.0.1"'),
    fix("Remove key", PROFILE, r(5, 0, 6, 0), "", false),
    disable("profile/stale"),
    { title: "a command", command: "caplint.something" },
  ];
  assert.deepEqual(
    selectFixes(actions).map((a) => a.title),
    ["Bump version"],
  );
});

test("non-overlapping fixes merge into one edit per document", () => {
  const m = mergeFixes([
    fix("Lower-case level", PROFILE, r(4, 10, 4, 14), '"low"'),
    fix("Bump version", PROFILE, r(2, 13, 2, 20), '"1.0.1"'),
  ]);
  assert.deepEqual(m.applied, ["Lower-case level", "Bump version"]);
  assert.deepEqual(m.skipped, []);
  assert.deepEqual(m.edit, {
    documentChanges: [
      {
        textDocument: { uri: PROFILE, version: null },
        edits: [
          { range: r(4, 10, 4, 14), newText: '"low"' },
          { range: r(2, 13, 2, 20), newText: '"1.0.1"' },
        ],
      },
    ],
  });
  assert.equal(summary(m), "caplint: applied 2 fixes.");
});

test("an overlapping fix is left for the next run", () => {
  const m = mergeFixes([
    fix("A", PROFILE, r(1, 0, 1, 10), "x"),
    fix("B", PROFILE, r(1, 5, 2, 0), "y"),
    fix("C", PROFILE, r(1, 10, 1, 12), "z"), // touches A's end only
  ]);
  assert.deepEqual(m.applied, ["A", "C"]);
  assert.deepEqual(m.skipped, ["B"]);
  assert.match(summary(m), /applied 2 fixes\. 1 fix overlapped another; run fix all again to apply it\./);
});

test("the same fix offered for two findings is applied once", () => {
  const a = fix("A", PROFILE, r(1, 0, 1, 3), "x");
  const m = mergeFixes([a, { ...a, diagnostics: [] }]);
  assert.deepEqual(m.applied, ["A"]);
  assert.deepEqual(m.skipped, []);
});

test("edits conflict when they overlap or insert at one place", () => {
  assert.equal(editsConflict(r(0, 0, 0, 5), r(0, 4, 0, 8)), true);
  assert.equal(editsConflict(r(0, 0, 0, 5), r(0, 5, 0, 8)), false);
  assert.equal(editsConflict(r(0, 3, 0, 3), r(0, 3, 0, 3)), true);
  assert.equal(editsConflict(r(0, 3, 0, 3), r(0, 4, 0, 4)), false);
  assert.equal(editsConflict(r(0, 3, 0, 3), r(0, 0, 0, 5)), true);
  assert.equal(editsConflict(r(0, 0, 0, 5), r(0, 5, 0, 5)), false);
  assert.equal(editsConflict(r(1, 0, 3, 0), r(2, 7, 2, 9)), true);
});

test("a rename comes after every text edit, and a fix touching a renamed file waits", () => {
  const skill = "file:///repo/skills/a/skill.md";
  const renamed = "file:///repo/skills/a/SKILL.md";
  const rename: CodeAction = {
    title: "Rename to SKILL.md",
    kind: "quickfix",
    isPreferred: true,
    edit: { documentChanges: [{ kind: "rename", oldUri: skill, newUri: renamed }] },
  };
  const m = mergeFixes([
    rename,
    fix("Trim description", skill, r(2, 0, 2, 4), ""),
    fix("Bump version", PROFILE, r(2, 13, 2, 20), '"1.0.1"'),
  ]);
  assert.deepEqual(m.applied, ["Rename to SKILL.md", "Bump version"]);
  assert.deepEqual(m.skipped, ["Trim description"]);
  assert.deepEqual(m.edit.documentChanges?.map((c) => ("kind" in c ? c.kind : c.textDocument.uri)), [PROFILE, "rename"]);
});

test("`changes` edits (no documentChanges) are read too", () => {
  const a: CodeAction = {
    title: "A",
    kind: "quickfix",
    isPreferred: true,
    edit: { changes: { [PROFILE]: [{ range: r(0, 0, 0, 1), newText: "{" }] } },
  };
  const m = mergeFixes([a]);
  assert.deepEqual(m.edit.documentChanges, [
    { textDocument: { uri: PROFILE, version: null }, edits: [{ range: r(0, 0, 0, 1), newText: "{" }] },
  ]);
});

test("nothing to fix", () => {
  const m = mergeFixes([disable("skill/x")]);
  assert.deepEqual(m, { edit: { documentChanges: [] }, applied: [], skipped: [] });
  assert.equal(summary(m), "caplint: nothing to fix in this file.");
  assert.equal(summary({ ...m, applied: ["A"] }), "caplint: applied 1 fix.");
});

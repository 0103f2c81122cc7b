// The extension's wiring, with `vscode` and `vscode-languageclient/node`
// replaced by fakes (no VS Code runs here): activation finds a binary in the
// workspace's .venv, reads its `server --help`, starts the client with the
// command line the settings ask for, and fix all applies the safe fixes the
// server returns. The binary is a shell script, so this runs on POSIX only.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import Module = require("module");

/* eslint-disable @typescript-eslint/no-explicit-any */

const HELP = `Usage: caplint server [OPTIONS]

Options:
      --config <FILE>       Configuration file (default: .caplint.yaml at the repository root)
      --as-of <YYYY-MM-DD>  Judge dates as of this day (YYYY-MM-DD; default: today)
  -h, --help                Print help
`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "caplint-vscode-"));
const binary = path.join(root, ".venv", "bin", "caplint");
fs.mkdirSync(path.dirname(binary), { recursive: true });
fs.writeFileSync(binary, `#!/bin/sh\ncat <<'HELP'\n${HELP}HELP\n`, { mode: 0o755 });

let settings: Record<string, unknown> = {};
const shown: Array<{ kind: string; message: string; items: string[] }> = [];
const commands = new Map<string, (...args: any[]) => any>();
const applied: any[] = [];
const clients: FakeClient[] = [];
let activeTextEditor: any;

function show(kind: string) {
  return (message: string, ...items: string[]) => {
    shown.push({ kind, message, items });
    return Promise.resolve(undefined);
  };
}

class Kind {
  constructor(readonly value: string) {}
  append(part: string): Kind {
    return new Kind(`${this.value}.${part}`);
  }
  intersects(other: Kind): boolean {
    return this.value === other.value || this.value.startsWith(`${other.value}.`) || other.value.startsWith(`${this.value}.`);
  }
}

class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

class Range {
  constructor(
    readonly start: Position,
    readonly end: Position,
  ) {}
}

const fakeVscode = {
  window: {
    createOutputChannel: () => ({ appendLine() {}, show() {}, dispose() {} }),
    showErrorMessage: show("error"),
    showWarningMessage: show("warning"),
    showInformationMessage: show("info"),
    get activeTextEditor() {
      return activeTextEditor;
    },
  },
  commands: {
    registerCommand(name: string, fn: (...args: any[]) => any) {
      commands.set(name, fn);
      return { dispose() {} };
    },
    executeCommand: () => Promise.resolve(),
  },
  languages: {
    registerCodeActionsProvider: () => ({ dispose() {} }),
  },
  workspace: {
    workspaceFolders: [{ uri: { scheme: "file", fsPath: root }, name: "repo", index: 0 }],
    getConfiguration: () => ({
      get: (key: string, def?: unknown) => (key in settings ? settings[key] : def),
    }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
    onDidChangeWorkspaceFolders: () => ({ dispose() {} }),
    createFileSystemWatcher: (pattern: unknown) => ({ pattern, dispose() {} }),
    applyEdit(edit: unknown) {
      applied.push(edit);
      return Promise.resolve(true);
    },
  },
  extensions: { getExtension: () => undefined },
  env: { openExternal: () => Promise.resolve(true) },
  Uri: { parse: (s: string) => ({ s }), file: (fsPath: string) => ({ scheme: "file", fsPath }) },
  CodeActionKind: { SourceFixAll: new Kind("source.fixAll") },
  CodeAction: class {
    edit: unknown;
    constructor(
      readonly title: string,
      readonly kind: Kind,
    ) {}
  },
  Position,
  Range,
  WorkspaceEdit: class {},
  RelativePattern: class {
    constructor(
      readonly base: unknown,
      readonly pattern: string,
    ) {}
  },
};

const STATE_RUNNING = 2;

class FakeClient {
  state = 0;
  requests: any[] = [];
  diagnosticsByUri = new Map<unknown, any[]>();
  actions: unknown[] = [];
  constructor(
    readonly id: string,
    readonly name: string,
    readonly serverOptions: any,
    readonly clientOptions: any,
  ) {
    clients.push(this);
  }
  start() {
    this.state = STATE_RUNNING;
    return Promise.resolve();
  }
  stop() {
    this.state = 1;
    return Promise.resolve();
  }
  get diagnostics() {
    return { get: (uri: unknown) => this.diagnosticsByUri.get(uri) };
  }
  code2ProtocolConverter = {
    asUri: (uri: any) => `file://${uri.fsPath}`,
    asRange: (r: Range) => ({ start: { ...r.start }, end: { ...r.end } }),
    asDiagnostics: (ds: any[]) => Promise.resolve(ds.map((d) => ({ ...d }))),
  };
  protocol2CodeConverter = {
    asWorkspaceEdit: (e: unknown) => Promise.resolve({ converted: e }),
  };
  sendRequest(type: any, params: unknown) {
    this.requests.push({ method: type.method, params });
    return Promise.resolve(this.actions);
  }
}

const fakeClientModule = {
  LanguageClient: FakeClient,
  CodeActionKind: { QuickFix: "quickfix" },
  CodeActionRequest: { type: { method: "textDocument/codeAction" } },
  CodeActionTriggerKind: { Invoked: 1 },
  RevealOutputChannelOn: { Never: 4 },
  State: { Running: STATE_RUNNING },
};

const M = Module as any;
const load = M._load;
M._load = function (request: string, ...rest: unknown[]) {
  if (request === "vscode") {
    return fakeVscode;
  }
  if (request === "vscode-languageclient/node") {
    return fakeClientModule;
  }
  return load.call(this, request, ...rest);
};

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.ok(done(), `timed out waiting for ${what}`);
}

const posix = process.platform !== "win32";

test("activation starts the .venv's caplint with the settings' arguments", { skip: !posix }, async (t) => {
  const ext = require("../src/extension");
  t.after(() => {
    ext.deactivate();
    fs.rmSync(root, { recursive: true, force: true });
  });
  settings = {
    path: "",
    config: "${workspaceFolder}/ci/caplint.yaml",
    targets: ["claude"],
    args: ["--as-of", "2026-01-31"],
  };
  ext.activate({ subscriptions: [] });
  await until("the client", () => clients.length === 1 && clients[0].state === STATE_RUNNING);
  const c = clients[0];
  assert.equal(c.serverOptions.command, binary);
  assert.deepEqual(c.serverOptions.args, ["server", "--config", path.join(root, "ci", "caplint.yaml"), "--as-of", "2026-01-31"]);
  assert.equal(c.serverOptions.options.cwd, root);
  assert.equal(c.clientOptions.diagnosticCollectionName, "caplint");
  assert.ok(c.clientOptions.documentSelector.some((s: any) => s.pattern === "**/SKILL.md"));
  // The configuration named by caplint.config is watched where it is.
  const patterns = c.clientOptions.synchronize.fileEvents.map((w: any) => w.pattern);
  assert.equal(typeof patterns[0], "string");
  assert.deepEqual({ ...patterns[1] }, { base: { scheme: "file", fsPath: path.join(root, "ci") }, pattern: "caplint.yaml" });
  // The help lists no --target: the targets are not passed, and a warning says where to set them.
  assert.ok(shown.some((s) => s.kind === "warning" && /targets: \[claude\]/.test(s.message)));
  for (const name of ["caplint.fixAll", "caplint.restart", "caplint.showOutput"]) {
    assert.ok(commands.has(name), name);
  }

  // Fix all: the document's caplint findings go to the server; the safe fix comes back applied.
  const uri = { scheme: "file", fsPath: path.join(root, "a.profile.json") };
  const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };
  c.diagnosticsByUri.set(uri, [
    { source: "caplint", code: "profile/x", range, message: "m" },
    { source: "json", range, message: "other" },
  ]);
  const edit = { documentChanges: [{ textDocument: { uri: "file:///a", version: null }, edits: [{ range, newText: "y" }] }] };
  c.actions = [
    { title: "Fix x", kind: "quickfix", isPreferred: true, edit },
    { title: "Disable profile/x for this file", kind: "quickfix", edit: { changes: {} } },
  ];
  activeTextEditor = {
    document: { uri, lineCount: 3, lineAt: () => ({ range: { end: new Position(2, 4) } }) },
  };
  await commands.get("caplint.fixAll")!();
  assert.equal(c.requests.length, 1);
  const params = c.requests[0].params;
  assert.equal(c.requests[0].method, "textDocument/codeAction");
  assert.deepEqual(params.context.only, ["quickfix"]);
  assert.deepEqual(
    params.context.diagnostics.map((d: any) => d.source),
    ["caplint"],
  );
  assert.deepEqual(params.range, { start: { line: 0, character: 0 }, end: { line: 2, character: 4 } });
  assert.equal(applied.length, 1);
  assert.deepEqual(applied[0], { converted: edit });
  assert.ok(shown.some((s) => s.kind === "info" && s.message === "caplint: applied 1 fix."));

  // A caplint.path that names no file: an error with the way to the setting, and no client.
  settings = { path: "/nonexistent/caplint" };
  shown.length = 0;
  await commands.get("caplint.restart")!();
  assert.equal(c.state, 1, "the old client is stopped");
  assert.equal(clients.length, 1, "no new client");
  const error = shown.find((s) => s.kind === "error");
  assert.ok(error);
  assert.match(error.message, /caplint\.path setting names \/nonexistent\/caplint/);
  assert.deepEqual(error.items, ["Open settings", "How to install"]);
  await commands.get("caplint.fixAll")!();
  assert.ok(shown.some((s) => s.kind === "warning" && /not running/.test(s.message)));
});

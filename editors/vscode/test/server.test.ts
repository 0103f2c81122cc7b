// Against a real `caplint server`: the flags read from its `--help`, and fix
// all's request and merging on what it answers. The binary is $CAPLINT_BIN
// (`CAPLINT_BIN=target/debug/caplint editors/vscode/ci.sh`); without it the
// tests are skipped, as in .ci/run, which runs ci.sh before cargo builds
// caplint (a target/ folder restored from a cache may hold an older one).
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { ChildProcess, execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";
import { buildServerArgs, serverFlags } from "../src/args";
import { caplintDiagnostics, mergeFixes, wholeDocument } from "../src/fixall";

const binary = process.env.CAPLINT_BIN ? path.resolve(process.env.CAPLINT_BIN) : "";
const skip = binary === "" ? "CAPLINT_BIN is not set" : fs.existsSync(binary) ? false : `CAPLINT_BIN: no file ${binary}`;

/** A language client of the fewest words: requests, and the notifications kept. */
class Lsp {
  private buf = Buffer.alloc(0);
  private next = 1;
  private waiting = new Map<number, (msg: any) => void>();
  notifications: any[] = [];
  private listeners: Array<() => void> = [];
  constructor(readonly proc: ChildProcess) {
    proc.stdout!.on("data", (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      for (;;) {
        const head = this.buf.indexOf("\r\n\r\n");
        if (head < 0) return;
        const len = Number(/Content-Length: (\d+)/i.exec(this.buf.subarray(0, head).toString())![1]);
        if (this.buf.length < head + 4 + len) return;
        const msg = JSON.parse(this.buf.subarray(head + 4, head + 4 + len).toString());
        this.buf = this.buf.subarray(head + 4 + len);
        if (msg.id !== undefined && this.waiting.has(msg.id)) {
          this.waiting.get(msg.id)!(msg);
          this.waiting.delete(msg.id);
        } else if (msg.method) {
          this.notifications.push(msg);
          this.listeners.forEach((l) => l());
        }
      }
    });
  }
  send(msg: object): void {
    const body = JSON.stringify({ jsonrpc: "2.0", ...msg });
    this.proc.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  request(method: string, params: unknown): Promise<any> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ id, method, params });
    });
  }
  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }
  /** The first notification (already come or to come) that `pred` accepts. */
  waitFor(pred: (n: any) => boolean, ms = 20000): Promise<any> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const n = this.notifications.find(pred);
        if (n) {
          clearTimeout(timer);
          resolve(n);
        }
      };
      const timer = setTimeout(() => reject(new Error("timed out waiting for a notification")), ms);
      this.listeners.push(check);
      check();
    });
  }
}

test("flags read from the real caplint server --help", { skip }, () => {
  const help = execFileSync(binary, ["server", "--help"], { encoding: "utf8" });
  const flags = serverFlags(help);
  assert.equal(flags.config, true);
  const r = buildServerArgs({ path: "", config: "", targets: ["claude"], args: ["--as-of", "2026-01-31"] }, flags);
  if (flags.target) {
    assert.deepEqual(r.args, ["server", "--target", "claude", "--as-of", "2026-01-31"]);
  } else {
    assert.deepEqual(r.args, ["server", "--as-of", "2026-01-31"]);
    assert.equal(r.warnings.length, 1);
  }
  // The arguments built are ones the server takes: it starts and serves.
  execFileSync(binary, [...r.args, "--help"], { encoding: "utf8" });
});

test("fix all on the real server's code actions: the safe fixes, one edit", { skip }, async (t) => {
  // The real path: the server canonicalizes its root (macOS: /var is /private/var).
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "caplint-vscode-server-")));
  const skillDir = path.join(root, "skills", "demo");
  fs.mkdirSync(skillDir, { recursive: true });
  const text = "---\nname: demo\ndescription: A demo skill.\nversion: 1.2.3\n---\n\n# Demo\n";
  const file = path.join(skillDir, "SKILL.md");
  fs.writeFileSync(file, text);
  execFileSync("git", ["init", "-q", root]);
  const proc = spawn(binary, ["server", "--as-of", "2026-01-31"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  const lsp = new Lsp(proc);
  t.after(() => {
    proc.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const rootUri = pathToFileURL(root).href;
  const init = await lsp.request("initialize", {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: "demo" }],
    capabilities: {},
  });
  assert.ok(init.result.capabilities.codeActionProvider, "the server offers code actions");
  lsp.notify("initialized", {});
  const uri = pathToFileURL(file).href;
  lsp.notify("textDocument/didOpen", { textDocument: { uri, languageId: "markdown", version: 1, text } });
  const published = await lsp.waitFor(
    (n) => n.method === "textDocument/publishDiagnostics" && n.params.uri === uri && n.params.diagnostics.length > 0,
  );
  const diagnostics = caplintDiagnostics(published.params.diagnostics as Array<{ source?: string; code?: string }>);
  assert.ok(
    diagnostics.some((d) => d.code === "skill/invalid-version"),
    JSON.stringify(published.params.diagnostics),
  );
  const answer = await lsp.request("textDocument/codeAction", {
    textDocument: { uri },
    range: wholeDocument(text.split("\n").length),
    context: { diagnostics, only: ["quickfix"], triggerKind: 1 },
  });
  const actions = answer.result as any[];
  assert.ok(actions.some((a) => /^Disable /.test(a.title)), "the server offers Disable actions too");
  const merged = mergeFixes(actions);
  assert.ok(merged.applied.length >= 1, JSON.stringify(actions));
  assert.ok(merged.applied.every((title) => !/^Disable /.test(title) && !/\(unsafe\)$/.test(title)));
  const edits = (merged.edit.documentChanges ?? []).flatMap((c: any) => c.edits ?? []);
  assert.ok(
    edits.some((e: any) => e.newText === '"1.2.3"'),
    JSON.stringify(merged.edit),
  );
  await lsp.request("shutdown", null);
  lsp.notify("exit", null);
});

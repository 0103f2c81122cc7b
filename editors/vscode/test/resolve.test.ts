import { test } from "node:test";
import * as assert from "node:assert/strict";
import {
  expandVariables,
  notFoundMessage,
  pathCandidates,
  pythonCandidates,
  resolveServer,
  ResolveInput,
  settingPath,
} from "../src/resolve";

/** A file system holding exactly `files`. */
function files(...paths: string[]): { isFile(p: string): boolean; asked: string[] } {
  const set = new Set(paths);
  const asked: string[] = [];
  return {
    asked,
    isFile(p: string) {
      asked.push(p);
      return set.has(p);
    },
  };
}

function linux(over: Partial<ResolveInput>): ResolveInput {
  return {
    workspaceFolders: ["/repo"],
    env: { PATH: "/usr/local/bin:/usr/bin" },
    platform: "linux",
    homeDir: "/home/u",
    fs: files(),
    ...over,
  };
}

test("expands ${workspaceFolder}, ${userHome}, ${env:NAME} and ~", () => {
  const vars = { workspaceFolder: "/repo", homeDir: "/home/u", env: { TOOLS: "/opt/t" }, platform: "linux" as const };
  assert.equal(expandVariables("${workspaceFolder}/bin/caplint", vars), "/repo/bin/caplint");
  assert.equal(expandVariables("${workspaceFolderBasename}", vars), "repo");
  assert.equal(expandVariables("${userHome}/.cargo/bin/caplint", vars), "/home/u/.cargo/bin/caplint");
  assert.equal(expandVariables("${env:TOOLS}/caplint", vars), "/opt/t/caplint");
  assert.equal(expandVariables("${env:MISSING}caplint", vars), "caplint");
  assert.equal(expandVariables("~/bin/caplint", vars), "/home/u/bin/caplint");
  assert.equal(expandVariables("${unknown}/x", vars), "${unknown}/x");
  assert.equal(expandVariables("a~/b", vars), "a~/b");
});

test("a relative setting is taken from the first workspace folder", () => {
  const base = { workspaceFolders: ["/repo", "/other"], env: {}, platform: "linux" as const };
  assert.equal(settingPath("target/debug/caplint", base), "/repo/target/debug/caplint");
  assert.equal(settingPath("/abs/caplint", base), "/abs/caplint");
  assert.equal(settingPath("${workspaceFolder}/x", base), "/repo/x");
  assert.equal(settingPath("x", { ...base, workspaceFolders: [] }), "x");
});

test("windows paths use backslashes and drive letters", () => {
  const base = { workspaceFolders: ["C:\\repo"], env: {}, platform: "win32" as const, homeDir: "C:\\Users\\u" };
  assert.equal(settingPath("tools\\caplint.exe", base), "C:\\repo\\tools\\caplint.exe");
  assert.equal(settingPath("D:\\bin\\caplint.exe", base), "D:\\bin\\caplint.exe");
  assert.equal(settingPath("~\\bin\\caplint.exe", base), "C:\\Users\\u\\bin\\caplint.exe");
});

test("caplint.path wins when it names a file", () => {
  const r = resolveServer(
    linux({ configuredPath: "${workspaceFolder}/target/debug/caplint", fs: files("/repo/target/debug/caplint", "/usr/bin/caplint") }),
  );
  assert.deepEqual(r, { found: true, path: "/repo/target/debug/caplint", source: "setting" });
});

test("caplint.path naming no file is an error, with no fallback to PATH", () => {
  const r = resolveServer(linux({ configuredPath: "/nope/caplint", fs: files("/usr/bin/caplint") }));
  assert.equal(r.found, false);
  assert.ok(!r.found);
  assert.equal(r.configured, "/nope/caplint");
  assert.match(notFoundMessage(r), /caplint\.path setting names \/nope\/caplint/);
});

test("a blank caplint.path searches", () => {
  const r = resolveServer(linux({ configuredPath: "  ", fs: files("/usr/bin/caplint") }));
  assert.deepEqual(r, { found: true, path: "/usr/bin/caplint", source: "path" });
});

test("the workspace's .venv comes before venv and PATH", () => {
  const fs = files("/repo/.venv/bin/caplint", "/repo/venv/bin/caplint", "/usr/bin/caplint");
  assert.deepEqual(resolveServer(linux({ fs })), { found: true, path: "/repo/.venv/bin/caplint", source: "venv" });
  const fs2 = files("/repo/venv/bin/caplint", "/usr/bin/caplint");
  assert.deepEqual(resolveServer(linux({ fs: fs2 })), { found: true, path: "/repo/venv/bin/caplint", source: "venv" });
});

test("the Python extension's interpreter: caplint beside it", () => {
  const fs = files("/home/u/envs/a/bin/caplint", "/usr/bin/caplint");
  const r = resolveServer(linux({ pythonInterpreter: "/home/u/envs/a/bin/python3.12", fs }));
  assert.deepEqual(r, { found: true, path: "/home/u/envs/a/bin/caplint", source: "python" });
});

test("the Python extension's environment may be a folder", () => {
  assert.deepEqual(pythonCandidates("/home/u/envs/a", "linux"), ["/home/u/envs/a/bin/caplint"]);
  assert.deepEqual(pythonCandidates("C:\\envs\\a", "win32"), ["C:\\envs\\a\\Scripts\\caplint.exe"]);
  assert.deepEqual(pythonCandidates("C:\\Python312\\python.exe", "win32"), [
    "C:\\Python312\\caplint.exe",
    "C:\\Python312\\Scripts\\caplint.exe",
  ]);
});

test("an activated VIRTUAL_ENV is searched before PATH", () => {
  const fs = files("/home/u/v/bin/caplint", "/usr/bin/caplint");
  const r = resolveServer(linux({ env: { PATH: "/usr/bin", VIRTUAL_ENV: "/home/u/v" }, fs }));
  assert.deepEqual(r, { found: true, path: "/home/u/v/bin/caplint", source: "venv" });
});

test("PATH is searched in order, empty entries skipped", () => {
  assert.deepEqual(pathCandidates({ PATH: "/a::/b" }, "linux"), ["/a/caplint", "/b/caplint"]);
  const fs = files("/usr/bin/caplint", "/usr/local/bin/caplint");
  assert.deepEqual(resolveServer(linux({ fs })), { found: true, path: "/usr/local/bin/caplint", source: "path" });
});

test("Windows: Scripts\\caplint.exe in .venv, then caplint.exe on Path", () => {
  const base: ResolveInput = {
    workspaceFolders: ["C:\\repo"],
    env: { Path: 'C:\\Windows;"C:\\Program Files\\caplint";C:\\Windows' },
    platform: "win32",
    fs: files("C:\\repo\\.venv\\Scripts\\caplint.exe"),
  };
  assert.deepEqual(resolveServer(base), { found: true, path: "C:\\repo\\.venv\\Scripts\\caplint.exe", source: "venv" });
  assert.deepEqual(pathCandidates(base.env, "win32"), [
    "C:\\Windows\\caplint.exe",
    "C:\\Program Files\\caplint\\caplint.exe",
    "C:\\Windows\\caplint.exe",
  ]);
  const r = resolveServer({ ...base, fs: files("C:\\Program Files\\caplint\\caplint.exe", "C:\\Windows\\caplint.cmd") });
  assert.deepEqual(r, { found: true, path: "C:\\Program Files\\caplint\\caplint.exe", source: "path" });
});

test("Windows: caplint.path without .exe finds the .exe", () => {
  const r = resolveServer({
    workspaceFolders: ["C:\\repo"],
    configuredPath: "C:\\tools\\caplint",
    env: {},
    platform: "win32",
    fs: files("C:\\tools\\caplint.exe"),
  });
  assert.deepEqual(r, { found: true, path: "C:\\tools\\caplint.exe", source: "setting" });
});

test("pipx's and cargo's folders come last", () => {
  const fs = files("/home/u/.cargo/bin/caplint");
  assert.deepEqual(resolveServer(linux({ fs })), { found: true, path: "/home/u/.cargo/bin/caplint", source: "home" });
});

test("nothing found: every place looked at, each once, and how to install", () => {
  const fs = files();
  const r = resolveServer(linux({ env: { PATH: "/usr/bin:/usr/bin" }, workspaceFolders: ["/repo"], fs }));
  assert.ok(!r.found);
  assert.deepEqual(r.tried, [
    "/repo/.venv/bin/caplint",
    "/repo/venv/bin/caplint",
    "/usr/bin/caplint",
    "/home/u/.local/bin/caplint",
    "/home/u/.cargo/bin/caplint",
  ]);
  assert.equal(r.configured, undefined);
  const msg = notFoundMessage(r);
  assert.match(msg, /no caplint binary found/);
  assert.match(msg, /cargo install --locked --path \./);
  assert.match(msg, /pip install caplint/);
});

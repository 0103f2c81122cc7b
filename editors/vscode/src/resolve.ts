// Finds the caplint binary the extension starts. No `vscode` import: the
// file system and the environment come in as arguments, so the unit tests
// run it under node alone.
import * as path from "path";

/** What the search needs to know about the file system. */
export interface FileSystem {
  /** Whether `p` is an existing file (not a folder). */
  isFile(p: string): boolean;
}

export type Platform = NodeJS.Platform;

export interface ResolveInput {
  /** The `caplint.path` setting, as written (empty or unset: search). */
  configuredPath?: string;
  /** Absolute paths of the workspace folders, first one first. */
  workspaceFolders: string[];
  /**
   * The Python interpreter (or environment folder) the Python extension has
   * selected, when it is installed and says so.
   */
  pythonInterpreter?: string;
  env: Record<string, string | undefined>;
  platform: Platform;
  homeDir?: string;
  fs: FileSystem;
}

/** Where the binary was found. */
export type Source = "setting" | "venv" | "python" | "path" | "home";

export type Resolution =
  | { found: true; path: string; source: Source }
  | {
      found: false;
      /** Every place looked at, in order. */
      tried: string[];
      /** Set when `caplint.path` names a file that does not exist. */
      configured?: string;
    };

function pathFor(platform: Platform): path.PlatformPath {
  return platform === "win32" ? path.win32 : path.posix;
}

/**
 * Expands `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`,
 * `${env:NAME}` and a leading `~` in a setting's value. Unknown variables
 * are left as written.
 */
export function expandVariables(
  value: string,
  vars: {
    workspaceFolder?: string;
    homeDir?: string;
    env: Record<string, string | undefined>;
    platform: Platform;
  },
): string {
  const p = pathFor(vars.platform);
  let out = value.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    if (name === "workspaceFolder" || name === "workspaceRoot") {
      return vars.workspaceFolder ?? whole;
    }
    if (name === "workspaceFolderBasename") {
      return vars.workspaceFolder ? p.basename(vars.workspaceFolder) : whole;
    }
    if (name === "userHome") {
      return vars.homeDir ?? whole;
    }
    if (name.startsWith("env:")) {
      return vars.env[name.slice(4)] ?? "";
    }
    return whole;
  });
  if (vars.homeDir && (out === "~" || out.startsWith("~/") || (vars.platform === "win32" && out.startsWith("~\\")))) {
    out = vars.homeDir + out.slice(1);
  }
  return out;
}

/**
 * A path setting made absolute: variables expanded, a relative path taken
 * from the first workspace folder (left relative without one).
 */
export function settingPath(
  value: string,
  input: Pick<ResolveInput, "workspaceFolders" | "env" | "platform" | "homeDir">,
): string {
  const p = pathFor(input.platform);
  const workspaceFolder = input.workspaceFolders[0];
  const expanded = expandVariables(value.trim(), {
    workspaceFolder,
    homeDir: input.homeDir,
    env: input.env,
    platform: input.platform,
  });
  if (!p.isAbsolute(expanded) && workspaceFolder) {
    return p.join(workspaceFolder, expanded);
  }
  return expanded;
}

/**
 * The name of the binary: `caplint.exe` on Windows. A `caplint.cmd` or
 * `.bat` on `PATH` is not taken: Node.js starts those only through a shell.
 */
function executableName(platform: Platform): string {
  return platform === "win32" ? "caplint.exe" : "caplint";
}

/** The folder of a virtual environment that holds its scripts. */
function venvScripts(platform: Platform, venv: string): string {
  const p = pathFor(platform);
  return platform === "win32" ? p.join(venv, "Scripts") : p.join(venv, "bin");
}

/**
 * The binaries a Python environment may hold: the wheel puts `caplint` next
 * to the interpreter (`bin/` of a virtual environment, `Scripts\` on
 * Windows, where a base installation keeps `python.exe` one folder up).
 * `interpreter` may also be the environment's folder.
 */
export function pythonCandidates(interpreter: string, platform: Platform): string[] {
  const p = pathFor(platform);
  const exe = executableName(platform);
  const looksLikeInterpreter = /python[\d.]*(\.exe)?$/i.test(p.basename(interpreter));
  const dirs: string[] = [];
  if (looksLikeInterpreter) {
    const dir = p.dirname(interpreter);
    dirs.push(dir);
    if (platform === "win32") {
      dirs.push(p.join(dir, "Scripts"));
    }
  } else {
    dirs.push(venvScripts(platform, interpreter));
  }
  return dirs.map((d) => p.join(d, exe));
}

/** The workspace's own virtual environments: `.venv` and `venv`. */
export function venvCandidates(workspaceFolders: string[], platform: Platform): string[] {
  const p = pathFor(platform);
  const exe = executableName(platform);
  const out: string[] = [];
  for (const folder of workspaceFolders) {
    for (const venv of [".venv", "venv"]) {
      out.push(p.join(venvScripts(platform, p.join(folder, venv)), exe));
    }
  }
  return out;
}

/** The binaries on `PATH`, in its order. */
export function pathCandidates(env: Record<string, string | undefined>, platform: Platform): string[] {
  const p = pathFor(platform);
  const value = platform === "win32" ? (env.PATH ?? env.Path ?? env.path ?? "") : (env.PATH ?? "");
  const sep = platform === "win32" ? ";" : ":";
  const out: string[] = [];
  for (let dir of value.split(sep)) {
    dir = dir.trim();
    if (platform === "win32" && dir.length >= 2 && dir.startsWith('"') && dir.endsWith('"')) {
      dir = dir.slice(1, -1);
    }
    if (dir === "") {
      continue;
    }
    out.push(p.join(dir, executableName(platform)));
  }
  return out;
}

/** Where pipx and `cargo install` put the binary by default. */
export function homeCandidates(homeDir: string, platform: Platform): string[] {
  const p = pathFor(platform);
  const exe = executableName(platform);
  return [p.join(homeDir, ".local", "bin", exe), p.join(homeDir, ".cargo", "bin", exe)];
}

/**
 * Finds the binary: the `caplint.path` setting when set (and only it: a
 * setting that names no file is an error, not a reason to start another
 * binary); else the workspace's `.venv`/`venv`, the Python extension's
 * environment, an activated `VIRTUAL_ENV`, `PATH`, then where pipx and
 * cargo install it (`~/.local/bin`, `~/.cargo/bin`: an editor started from
 * the desktop may not have them on its `PATH`).
 */
export function resolveServer(input: ResolveInput): Resolution {
  const configured = input.configuredPath?.trim();
  if (configured) {
    const full = settingPath(configured, input);
    if (input.fs.isFile(full)) {
      return { found: true, path: full, source: "setting" };
    }
    if (input.platform === "win32" && !/\.[a-z0-9]+$/i.test(full) && input.fs.isFile(`${full}.exe`)) {
      return { found: true, path: `${full}.exe`, source: "setting" };
    }
    return { found: false, tried: [full], configured: full };
  }
  const tried: string[] = [];
  const steps: Array<[Source, string[]]> = [
    ["venv", venvCandidates(input.workspaceFolders, input.platform)],
    ["python", input.pythonInterpreter ? pythonCandidates(input.pythonInterpreter, input.platform) : []],
    ["venv", input.env.VIRTUAL_ENV ? pythonCandidates(input.env.VIRTUAL_ENV, input.platform) : []],
    ["path", pathCandidates(input.env, input.platform)],
    ["home", input.homeDir ? homeCandidates(input.homeDir, input.platform) : []],
  ];
  for (const [source, candidates] of steps) {
    for (const candidate of candidates) {
      if (tried.includes(candidate)) {
        continue;
      }
      tried.push(candidate);
      if (input.fs.isFile(candidate)) {
        return { found: true, path: candidate, source };
      }
    }
  }
  return { found: false, tried };
}

/** The message shown when no binary is found. */
export function notFoundMessage(r: Extract<Resolution, { found: false }>): string {
  if (r.configured) {
    return (
      `caplint: the caplint.path setting names ${r.configured}, which is not a file. ` +
      "Fix the setting, or clear it to look in the workspace's .venv and on PATH."
    );
  }
  return (
    "caplint: no caplint binary found (looked in the caplint.path setting, the workspace's " +
    ".venv and venv, the selected Python environment, PATH, ~/.local/bin and ~/.cargo/bin). Install it with " +
    "`pip install caplint` in the workspace's virtual environment, or from a clone with " +
    "`cargo install --locked --path .`, or set caplint.path."
  );
}

// The command line of `caplint server`, built from the settings. No
// `vscode` import, so the unit tests run it under node alone.

/** The clients `--target` accepts (as `caplint check --target`). */
export const TARGETS = ["agentskills", "claude", "claude-api", "claude-code", "codex", "platform"] as const;

/** The extension's settings, as read from the `caplint` section. */
export interface Settings {
  /** `caplint.path`: the binary ("" to search). */
  path: string;
  /** `caplint.config`: the configuration file, already made absolute ("" for the default). */
  config: string;
  /** `caplint.targets`. */
  targets: string[];
  /** `caplint.args`: extra arguments after `server`. */
  args: string[];
}

/** What the binary's `caplint server` takes, read from its `--help`. */
export interface ServerFlags {
  config: boolean;
  target: boolean;
}

/** Whether a `--help` text lists `flag` as an option. */
export function helpHasFlag(help: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[\\s,\\[])${escaped}(?=[\\s=,\\]<]|$)`, "m").test(help);
}

/** The flags of `caplint server --help`. */
export function serverFlags(help: string): ServerFlags {
  return { config: helpHasFlag(help, "--config"), target: helpHasFlag(help, "--target") };
}

export interface ServerCommand {
  args: string[];
  /** Settings that could not be passed, said to the user once. */
  warnings: string[];
}

/** Reads a setting that should be a list of strings, dropping the rest. */
export function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
}

/**
 * `server`, then `--config FILE`, one `--target` per target (when the
 * server takes it), then the extra arguments as given.
 */
export function buildServerArgs(settings: Settings, flags: ServerFlags): ServerCommand {
  const args = ["server"];
  const warnings: string[] = [];
  const extra = settings.args;
  const config = settings.config.trim();
  if (config !== "") {
    if (extra.some((a) => a === "--config" || a.startsWith("--config="))) {
      warnings.push("caplint.config is ignored: caplint.args already has --config.");
    } else {
      args.push("--config", config);
    }
  }
  const targets: string[] = [];
  for (const t of settings.targets) {
    const name = t.trim().toLowerCase();
    if (!(TARGETS as readonly string[]).includes(name)) {
      warnings.push(`caplint.targets: unknown target \`${t}\` (one of ${TARGETS.join(", ")}); it is left out.`);
    } else if (!targets.includes(name)) {
      targets.push(name);
    }
  }
  if (targets.length > 0) {
    if (flags.target) {
      for (const t of targets) {
        args.push("--target", t);
      }
    } else {
      warnings.push(
        "caplint.targets is not used: this caplint server has no --target flag. " +
          `Set \`targets: [${targets.join(", ")}]\` in .caplint.yaml instead.`,
      );
    }
  }
  args.push(...extra);
  return { args, warnings };
}

// Which files the extension hands to caplint server. No `vscode` import.

/**
 * The documents the server is told about: profiles, skills (SKILL.md and
 * the Markdown, JSON and YAML around it, which the server places in their
 * skill folder itself) and the configuration. The server ignores files
 * outside the repository and lints the rest with the repository's rules.
 */
export const DOCUMENT_SELECTOR = [
  { scheme: "file", pattern: "**/*.profile.json" },
  { scheme: "file", pattern: "**/SKILL.md" },
  { scheme: "file", pattern: "**/.caplint.yaml" },
  { scheme: "file", language: "markdown" },
  { scheme: "file", language: "json" },
  { scheme: "file", language: "jsonc" },
  { scheme: "file", language: "yaml" },
];

/**
 * Files whose changes on disk the server hears of
 * (workspace/didChangeWatchedFiles): the configuration is read again, and a
 * change to any other lints the open files again.
 */
export const WATCHED_FILES = "**/{.caplint.yaml,*.profile.json,SKILL.md,plugin.json,marketplace.json}";


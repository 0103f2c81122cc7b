// The caplint extension: starts `caplint server` for the first workspace
// folder and adds "caplint: fix all". The decisions (which binary, which
// arguments, which fixes) live in the modules without `vscode`, where the
// unit tests reach them.
import * as vscode from "vscode";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import {
  CodeActionKind,
  CodeActionRequest,
  CodeActionTriggerKind,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  WorkspaceEdit as LspWorkspaceEdit,
} from "vscode-languageclient/node";
import { buildServerArgs, serverFlags, ServerFlags, stringList } from "./args";
import { DOCUMENT_SELECTOR, WATCHED_FILES } from "./files";
import { caplintDiagnostics, FixAll, mergeFixes, summary } from "./fixall";
import { notFoundMessage, resolveServer, settingPath } from "./resolve";

const INSTALL_URL = "https://github.com/caplint/caplint/blob/main/docs/install.md";
const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append("caplint");

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let starting: Promise<void> | undefined;
/** The file watchers of the running client, disposed when it stops. */
let watchers: vscode.Disposable[] = [];

export function activate(context: vscode.ExtensionContext): void {
  output = vscode.window.createOutputChannel("caplint");
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("caplint.fixAll", fixAllCommand),
    vscode.commands.registerCommand("caplint.restart", () => restart()),
    vscode.commands.registerCommand("caplint.showOutput", () => output.show(true)),
    vscode.languages.registerCodeActionsProvider(DOCUMENT_SELECTOR, new FixAllProvider(), {
      providedCodeActionKinds: [FIX_ALL_KIND],
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("caplint")) {
        void restart();
      }
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => restart()),
  );
  void restart();
}

export function deactivate(): Thenable<void> | undefined {
  return stop();
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  for (const w of watchers) {
    w.dispose();
  }
  watchers = [];
  if (c) {
    try {
      await c.stop();
    } catch (e) {
      output.appendLine(`caplint server did not stop cleanly: ${String(e)}`);
    }
  }
}

function restart(): Promise<void> {
  // One start at a time, in the order asked; a failed one does not stop the next.
  const previous = starting ?? Promise.resolve();
  starting = previous.then(async () => {
    try {
      await stop();
      await start();
    } catch (e) {
      const message = `caplint: ${e instanceof Error ? e.message : String(e)}`;
      output.appendLine(message);
      void vscode.window.showErrorMessage(message);
    }
  });
  return starting;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function withTimeout<T>(p: Thenable<T>, ms: number): Promise<T | undefined> {
  return Promise.race([
    Promise.resolve(p),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ]);
}

/**
 * The interpreter (or environment folder) the Python extension has selected
 * for `resource`, when it is installed; undefined otherwise. Best effort:
 * the extension is optional, and its API may change.
 */
async function pythonInterpreter(resource: vscode.Uri): Promise<string | undefined> {
  const ext = vscode.extensions.getExtension("ms-python.python");
  if (!ext) {
    return undefined;
  }
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const api: any = ext.isActive ? ext.exports : await withTimeout(ext.activate(), 5000);
    const env = api?.environments?.getActiveEnvironmentPath?.(resource);
    if (typeof env?.path === "string" && env.path !== "") {
      return env.path;
    }
    const exec = api?.settings?.getExecutionDetails?.(resource)?.execCommand;
    if (Array.isArray(exec) && typeof exec[0] === "string") {
      return exec[0];
    }
  } catch (e) {
    output.appendLine(`The Python extension's environment is not known: ${String(e)}`);
  }
  return undefined;
}

/** Reads what `caplint server --help` lists; on failure, only `--config`. */
function readServerFlags(binary: string, cwd: string): Promise<ServerFlags> {
  return new Promise((resolve) => {
    execFile(binary, ["server", "--help"], { cwd, timeout: 10000, windowsHide: true }, (err, stdout) => {
      if (err) {
        output.appendLine(`${binary} server --help failed: ${err.message}`);
        resolve({ config: true, target: false });
      } else {
        resolve(serverFlags(stdout));
      }
    });
  });
}

async function start(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === "file");
  if (!folder) {
    output.appendLine("No workspace folder on disk: caplint server is not started.");
    return;
  }
  const config = vscode.workspace.getConfiguration("caplint", folder.uri);
  const env = process.env;
  const base = {
    workspaceFolders: (vscode.workspace.workspaceFolders ?? [])
      .filter((f) => f.uri.scheme === "file")
      .map((f) => f.uri.fsPath),
    env,
    platform: process.platform,
    homeDir: os.homedir(),
  };
  const configuredPath = config.get<string>("path", "");
  const resolution = resolveServer({
    ...base,
    configuredPath,
    pythonInterpreter: configuredPath.trim() === "" ? await pythonInterpreter(folder.uri) : undefined,
    fs: { isFile },
  });
  if (!resolution.found) {
    const message = notFoundMessage(resolution);
    output.appendLine(message);
    output.appendLine(`Looked at: ${resolution.tried.join(", ")}`);
    void vscode.window.showErrorMessage(message, "Open settings", "How to install").then((choice) => {
      if (choice === "Open settings") {
        void vscode.commands.executeCommand("workbench.action.openSettings", "caplint.path");
      } else if (choice === "How to install") {
        void vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
      }
    });
    return;
  }
  const configFile = config.get<string>("config", "").trim();
  const settings = {
    path: configuredPath,
    config: configFile === "" ? "" : settingPath(configFile, base),
    targets: stringList(config.get("targets")),
    args: stringList(config.get("args")),
  };
  const flags = await readServerFlags(resolution.path, folder.uri.fsPath);
  const command = buildServerArgs(settings, flags);
  for (const w of command.warnings) {
    output.appendLine(w);
    void vscode.window.showWarningMessage(w);
  }
  output.appendLine(`Starting ${resolution.path} ${command.args.join(" ")} (found in ${resolution.source}) in ${folder.uri.fsPath}`);

  const serverOptions: ServerOptions = {
    command: resolution.path,
    args: command.args,
    options: { cwd: folder.uri.fsPath },
  };
  const fileEvents = [vscode.workspace.createFileSystemWatcher(WATCHED_FILES)];
  if (settings.config !== "") {
    // The configuration named by caplint.config, wherever it is.
    const pattern = new vscode.RelativePattern(vscode.Uri.file(path.dirname(settings.config)), path.basename(settings.config));
    fileEvents.push(vscode.workspace.createFileSystemWatcher(pattern));
  }
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    workspaceFolder: folder,
    synchronize: { fileEvents },
    diagnosticCollectionName: "caplint",
    outputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
  };
  const c = new LanguageClient("caplint", "caplint", serverOptions, clientOptions);
  client = c;
  watchers = fileEvents;
  try {
    await c.start();
  } catch (e) {
    if (client === c) {
      client = undefined;
    }
    const message = `caplint server (${resolution.path}) did not start: ${e instanceof Error ? e.message : String(e)}`;
    output.appendLine(message);
    void vscode.window.showErrorMessage(message, "Show output").then((choice) => {
      if (choice === "Show output") {
        output.show(true);
      }
    });
  }
}

/** The safe fixes of `document`'s caplint findings, merged into one edit. */
async function computeFixAll(
  document: vscode.TextDocument,
  token?: vscode.CancellationToken,
): Promise<{ fix: FixAll; edit: vscode.WorkspaceEdit } | undefined> {
  const c = client;
  if (!c || c.state !== State.Running) {
    return undefined;
  }
  const diagnostics = caplintDiagnostics(c.diagnostics?.get(document.uri) ?? []);
  if (diagnostics.length === 0) {
    return { fix: { edit: {}, applied: [], skipped: [] }, edit: new vscode.WorkspaceEdit() };
  }
  const end = document.lineAt(document.lineCount - 1).range.end;
  const params = {
    textDocument: { uri: c.code2ProtocolConverter.asUri(document.uri) },
    range: c.code2ProtocolConverter.asRange(new vscode.Range(new vscode.Position(0, 0), end)),
    context: {
      diagnostics: await c.code2ProtocolConverter.asDiagnostics([...diagnostics], token),
      only: [CodeActionKind.QuickFix],
      triggerKind: CodeActionTriggerKind.Invoked,
    },
  };
  const actions = (await c.sendRequest(CodeActionRequest.type, params, token)) ?? [];
  const fix = mergeFixes(actions);
  const edit = await c.protocol2CodeConverter.asWorkspaceEdit(fix.edit as LspWorkspaceEdit, token);
  return { fix, edit };
}

async function fixAllCommand(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage("caplint: open a file to fix.");
    return;
  }
  const result = await computeFixAll(editor.document);
  if (!result) {
    void vscode.window.showWarningMessage("caplint: the server is not running (see caplint: Show output).");
    return;
  }
  if (result.fix.applied.length > 0 && !(await vscode.workspace.applyEdit(result.edit))) {
    void vscode.window.showErrorMessage("caplint: the fixes could not be applied (the files changed meanwhile?).");
    return;
  }
  for (const title of result.fix.applied) {
    output.appendLine(`fix all: ${title}`);
  }
  void vscode.window.showInformationMessage(summary(result.fix));
}

/**
 * `source.fixAll.caplint`: the same edit as the command, for the Source
 * Action menu and `editor.codeActionsOnSave`. Computed only when such a
 * kind is asked for, not for every light bulb.
 */
class FixAllProvider implements vscode.CodeActionProvider {
  async provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction[]> {
    if (!context.only || !context.only.intersects(FIX_ALL_KIND)) {
      return [];
    }
    const result = await computeFixAll(document, token);
    if (!result || result.fix.applied.length === 0) {
      return [];
    }
    const action = new vscode.CodeAction("caplint: fix all", FIX_ALL_KIND);
    action.edit = result.edit;
    return [action];
  }
}

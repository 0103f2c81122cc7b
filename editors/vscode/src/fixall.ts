// "caplint: fix all", on the protocol's JSON. caplint server offers each
// finding's fix as a `quickfix` code action (preferred when the fix is safe)
// next to "Disable RULE for this file" actions; it has no `source.fixAll`
// action and no command. So the extension asks for the code actions of
// every caplint finding of the document at once, keeps the safe fixes, and
// merges their edits into one workspace edit, leaving out a fix whose
// edits overlap one already taken (running the command again applies it
// against the new text). No `vscode` import: the unit tests run it under
// node alone.

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface TextDocumentEdit {
  textDocument: { uri: string; version: number | null };
  edits: TextEdit[];
}

export interface RenameFile {
  kind: "rename";
  oldUri: string;
  newUri: string;
  options?: { overwrite?: boolean; ignoreIfExists?: boolean };
}

export interface CreateFile {
  kind: "create";
  uri: string;
  options?: { overwrite?: boolean; ignoreIfExists?: boolean };
}

export interface DeleteFile {
  kind: "delete";
  uri: string;
  options?: { recursive?: boolean; ignoreIfNotExists?: boolean };
}

export type DocumentChange = TextDocumentEdit | RenameFile | CreateFile | DeleteFile;

export interface WorkspaceEdit {
  changes?: { [uri: string]: TextEdit[] };
  documentChanges?: DocumentChange[];
}

export interface Diagnostic {
  range: Range;
  message: string;
  source?: string;
  code?: number | string;
}

export interface CodeAction {
  title: string;
  kind?: string;
  diagnostics?: Diagnostic[];
  isPreferred?: boolean;
  edit?: WorkspaceEdit;
  command?: unknown;
}

/** A `Command` has a string `command`; a `CodeAction` does not. */
export function isCodeAction(x: unknown): x is CodeAction {
  if (typeof x !== "object" || x === null) {
    return false;
  }
  const o = x as { title?: unknown; command?: unknown };
  return typeof o.title === "string" && typeof o.command !== "string";
}

/** The findings the fix-all request names: caplint's own. */
export function caplintDiagnostics<D extends { source?: string }>(ds: readonly D[]): D[] {
  return ds.filter((d) => d.source === "caplint");
}

/** The range of a whole document of `lineCount` lines. */
export function wholeDocument(lineCount: number): Range {
  return { start: { line: 0, character: 0 }, end: { line: Math.max(lineCount, 1), character: 0 } };
}

/**
 * The actions fix all applies: quick fixes the server marks preferred (its
 * safe fixes) that carry an edit. "Disable RULE for this file" is never
 * preferred, and an unsafe fix is not either (its title ends in
 * "(unsafe)").
 */
export function selectFixes(actions: readonly unknown[]): CodeAction[] {
  return actions.filter(isCodeAction).filter(
    (a) =>
      a.isPreferred === true &&
      a.edit !== undefined &&
      (a.kind === undefined || a.kind === "quickfix" || a.kind.startsWith("quickfix.")) &&
      !/\(unsafe\)\s*$/.test(a.title),
  );
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/**
 * Whether two edits of one document touch: their ranges overlap, or both
 * insert at one place (their order would be a guess).
 */
export function editsConflict(a: Range, b: Range): boolean {
  if (samePosition(a.start, a.end) && samePosition(b.start, b.end)) {
    return samePosition(a.start, b.start);
  }
  return before(a.start, b.end) && before(b.start, a.end);
}

/** A workspace edit's parts: text edits by document, then file operations. */
function partsOf(edit: WorkspaceEdit): { texts: Array<[string, TextEdit[]]>; ops: Array<RenameFile | CreateFile | DeleteFile> } {
  const texts: Array<[string, TextEdit[]]> = [];
  const ops: Array<RenameFile | CreateFile | DeleteFile> = [];
  if (edit.documentChanges) {
    for (const change of edit.documentChanges) {
      if ("kind" in change) {
        ops.push(change);
      } else {
        texts.push([change.textDocument.uri, change.edits]);
      }
    }
  } else if (edit.changes) {
    for (const [uri, edits] of Object.entries(edit.changes)) {
      texts.push([uri, edits]);
    }
  }
  return { texts, ops };
}

function opUris(op: RenameFile | CreateFile | DeleteFile): string[] {
  return op.kind === "rename" ? [op.oldUri, op.newUri] : [op.uri];
}

export interface FixAll {
  /** The merged edit: every document's text edits, then the file operations. */
  edit: WorkspaceEdit;
  /** Titles of the fixes in it. */
  applied: string[];
  /** Titles of the fixes left out because they touch one already taken. */
  skipped: string[];
}

/**
 * Merges the safe fixes among `actions` into one workspace edit. A fix is
 * taken whole or not at all: it is left out when one of its text edits
 * conflicts with an edit taken before, or when it renames, creates or
 * deletes a file another taken fix edits or moves.
 */
export function mergeFixes(actions: readonly unknown[]): FixAll {
  const taken = new Map<string, TextEdit[]>();
  const order: string[] = [];
  const ops: Array<RenameFile | CreateFile | DeleteFile> = [];
  const opTouched = new Set<string>();
  const applied: string[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const action of selectFixes(actions)) {
    const key = JSON.stringify(action.edit);
    if (seen.has(key)) {
      continue; // one fix offered for two findings
    }
    seen.add(key);
    const parts = partsOf(action.edit!);
    const own = new Map<string, TextEdit[]>();
    let ok = true;
    for (const [uri, edits] of parts.texts) {
      if (opTouched.has(uri)) {
        ok = false;
      }
      const mine = own.get(uri) ?? [];
      for (const e of edits) {
        if ((taken.get(uri) ?? []).some((t) => editsConflict(t.range, e.range))) {
          ok = false;
        }
        mine.push(e);
      }
      own.set(uri, mine);
    }
    const ownOpUris = parts.ops.flatMap(opUris);
    for (const uri of ownOpUris) {
      if (opTouched.has(uri) || taken.has(uri)) {
        ok = false;
      }
    }
    if (!ok) {
      skipped.push(action.title);
      continue;
    }
    for (const [uri, edits] of own) {
      if (!taken.has(uri)) {
        taken.set(uri, []);
        order.push(uri);
      }
      taken.get(uri)!.push(...edits);
    }
    ops.push(...parts.ops);
    for (const uri of ownOpUris) {
      opTouched.add(uri);
    }
    applied.push(action.title);
  }
  const documentChanges: DocumentChange[] = order.map((uri) => ({
    textDocument: { uri, version: null },
    edits: taken.get(uri)!,
  }));
  documentChanges.push(...ops);
  return { edit: { documentChanges }, applied, skipped };
}

/** What the command says when it is done. */
export function summary(r: FixAll): string {
  const n = r.applied.length;
  if (n === 0 && r.skipped.length === 0) {
    return "caplint: nothing to fix in this file.";
  }
  let msg = `caplint: applied ${n} fix${n === 1 ? "" : "es"}.`;
  if (r.skipped.length > 0) {
    const s = r.skipped.length;
    msg += ` ${s} fix${s === 1 ? "" : "es"} overlapped another; run fix all again to apply ${s === 1 ? "it" : "them"}.`;
  }
  return msg;
}

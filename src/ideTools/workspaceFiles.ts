// Which files the editor tools (and Add Context's problems) read and name. A language server answers with any file it
// knows, and a folder of the workspace may be a symlink to one outside it (a pnpm or yarn workspace's node_modules),
// so a file counts as the workspace's only when it is inside a folder by its path and by where it really leads
// (workbench/workspacePaths.ts: lexically first, then every symlink followed). A file outside is named without its
// path. No `vscode` import: the unit tests reach it.
import { realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { isInside } from '../acpClient/pathInside';
import { resolveInWorkspace, type PathLookup } from '../workbench/workspacePaths';

/** How an answer names a file outside the workspace folders (or not on disk): its path is not shared. */
export const OUTSIDE_FILE = 'a file outside the workspace';

/** A document's URI as far as the check reads it (a `vscode.Uri` is one). */
export interface FileUri {
  readonly scheme: string;
  readonly fsPath: string;
}

/** `real`: where the file really is, the path to read it from. */
export type FileVerdict = { inside: true; real: string; label: string } | { inside: false; label: string };

const OUTSIDE: FileVerdict = { inside: false, label: OUTSIDE_FILE };

/** The workspace folders as one answer judges files against them: each file and folder is looked up once. */
export class WorkspaceFiles {
  private readonly verdicts = new Map<string, Promise<FileVerdict>>();
  private realFolders: Promise<string[]> | undefined;

  /** `fs`: the file-system calls (the real ones by default). */
  constructor(
    private readonly folders: readonly string[],
    private readonly fs?: PathLookup,
  ) {}

  /** Whether `uri` is a file of the workspace, where it really is, and how an answer names it. */
  judge(uri: FileUri): Promise<FileVerdict> {
    if (uri.scheme !== 'file') return Promise.resolve(OUTSIDE);
    let verdict = this.verdicts.get(uri.fsPath);
    if (!verdict) {
      verdict = this.look(uri.fsPath);
      this.verdicts.set(uri.fsPath, verdict);
    }
    return verdict;
  }

  private async look(path: string): Promise<FileVerdict> {
    this.realFolders ??= Promise.all(this.folders.map((f) => (this.fs?.realpath ?? realpath)(f).catch(() => nodePath.normalize(f))));
    const real = await this.realFolders;
    try {
      // The folders' real paths count as folders too: the editor may name a file by its resolved path (a folder opened
      // through a symlink, as /tmp is on macOS), and the real check that follows is the same for both.
      const resolved = await resolveInWorkspace(path, [...this.folders, ...real], this.fs);
      return { inside: true, real: resolved, label: fileLabel(path, this.folders, real) };
    } catch {
      return OUTSIDE; // refused, or it could not be resolved: not read, not named
    }
  }
}

/**
 * A workspace file as the answers name it: relative to its folder, under the folder's name when there are several.
 * `realFolders[i]` is `folders[i]` resolved, for a path given by its real location. OUTSIDE_FILE when in neither.
 */
export function fileLabel(path: string, folders: readonly string[], realFolders: readonly string[]): string {
  const normalized = nodePath.normalize(path);
  let at = folders.findIndex((f) => isInside(nodePath.normalize(f), normalized));
  let base = folders[at];
  if (at < 0) {
    at = realFolders.findIndex((f) => isInside(f, normalized));
    base = realFolders[at];
  }
  if (base === undefined) return OUTSIDE_FILE;
  const rel = nodePath.relative(nodePath.normalize(base), normalized) || '.';
  return folders.length > 1 ? nodePath.join(nodePath.basename(folders[at]!), rel) : rel;
}

/**
 * VS Code's diagnostics (`languages.getDiagnostics()`) of the workspace's files only, each with its verdict: the one
 * rule the editor tools' get_diagnostics and Add Context's problems both follow.
 */
export async function workspaceDiagnostics<U extends FileUri, D>(
  all: readonly (readonly [U, readonly D[]])[],
  files: WorkspaceFiles,
): Promise<{ uri: U; diagnostics: readonly D[]; label: string }[]> {
  const judged = await Promise.all(
    all.filter(([, diagnostics]) => diagnostics.length > 0).map(async ([uri, diagnostics]) => ({ uri, diagnostics, verdict: await files.judge(uri) })),
  );
  return judged.filter((j) => j.verdict.inside).map(({ uri, diagnostics, verdict }) => ({ uri, diagnostics, label: verdict.label }));
}

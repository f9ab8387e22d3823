// The workspace check on real paths: a path inside the workspace may be (or pass through) a symlink that points
// outside it, so the decision is taken again on the target's real path and the folders' real paths. A file that
// does not exist yet (a proposed new file) is judged by its nearest existing ancestor.
import { realpath as fsRealpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { checkLocation, type LocationCheck } from './locationLinks';

export type Realpath = (path: string) => Promise<string>;

/** `checkLocation`, but outside the workspace when the real target is; the path shown is then the real one. */
export async function checkRealLocation(
  path: unknown,
  line: unknown,
  workspaceFolders: readonly string[],
  realpath: Realpath = fsRealpath,
): Promise<LocationCheck> {
  const check = checkLocation(path, line, workspaceFolders);
  if (!check.ok || !check.insideWorkspace) return check;
  const [real, folders] = await Promise.all([realOrNearest(check.path, realpath), Promise.all(workspaceFolders.map((f) => realpath(f).catch(() => f)))]);
  const realCheck = checkLocation(real, check.line, folders);
  return realCheck.ok && realCheck.insideWorkspace ? check : realCheck;
}

async function realOrNearest(path: string, realpath: Realpath): Promise<string> {
  const missing: string[] = [];
  let at = path;
  for (;;) {
    try {
      return nodePath.join(await realpath(at), ...missing.reverse());
    } catch {
      const parent = nodePath.dirname(at);
      if (parent === at) return path;
      missing.push(nodePath.basename(at));
      at = parent;
    }
  }
}

// A program found on PATH as an absolute path, so that nothing is spawned by a bare name (which the OS would look up
// in whatever PATH, or on Windows in the child's working folder first). No `vscode` import.
import { accessSync, constants, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { isInside } from './pathInside';

/**
 * `name` on `pathVar`, as an absolute path: relative entries (`.`, empty) and folders inside `exclude` (the workspace,
 * whose own `bin/git` must not be the one run) are skipped. Undefined when there is none.
 */
export function findProgram(name: string, pathVar: string | undefined, exclude: readonly string[]): string | undefined {
  for (const dir of (pathVar ?? '').split(nodePath.delimiter)) {
    if (!dir || !nodePath.isAbsolute(dir)) continue;
    if (exclude.some((root) => isInside(nodePath.resolve(root), nodePath.resolve(dir)))) continue;
    for (const file of process.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`] : [name]) {
      const candidate = nodePath.join(dir, file);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not there, or not runnable: the next PATH entry
      }
    }
  }
  return undefined;
}

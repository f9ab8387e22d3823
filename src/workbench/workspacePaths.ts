// Whether a path the agent names for fs/* or a terminal's cwd is inside the workspace folders, and where it really
// leads. Checked in two steps: lexically first (a path outside every folder never reaches the file system, so a
// `\\host\share` path or an automounted one is not even looked up), then component by component, following every
// symlink, a dangling one included (its target is where a write would land). No `vscode` import.
import { lstat, readlink, realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { ServiceError } from '../acpClient/clientServices';
import { isInside } from '../acpClient/pathInside';

/** The file-system calls the check makes (the real ones by default). */
export interface PathLookup {
  realpath(path: string): Promise<string>;
  lstat(path: string): Promise<{ isSymbolicLink(): boolean }>;
  readlink(path: string): Promise<string>;
}

const nodeLookup: PathLookup = { realpath, lstat, readlink };

/** How many symlinks one path may pass through before it is taken as a loop. */
const MAX_LINKS = 40;

/**
 * The real path of `path` if it is inside a workspace folder, else ServiceError `refused`. A file that does not exist
 * yet resolves through its nearest existing parent; a symlink on the way, dangling or not, is followed.
 */
export async function resolveInWorkspace(path: unknown, folders: readonly string[], fs: PathLookup = nodeLookup): Promise<string> {
  if (typeof path !== 'string' || !path) throw new ServiceError('invalid-params', 'The path is empty.');
  if (path.includes('\0')) throw new ServiceError('invalid-params', 'The path contains a NUL character.');
  if (!nodePath.isAbsolute(path)) throw new ServiceError('invalid-params', `The path must be absolute: ${path}`);
  const normalized = nodePath.normalize(path);
  const outside = () => new ServiceError('refused', `${path} is outside the workspace folders; the client only reads and writes files inside them.`);
  // Lexically first: nothing outside the folders is looked up at all.
  if (!folders.some((folder) => isInside(nodePath.normalize(folder), normalized))) throw outside();
  const resolved = await follow(normalized, fs);
  const roots = await Promise.all(folders.map((f) => fs.realpath(f).catch(() => nodePath.normalize(f))));
  if (!roots.some((root) => isInside(root, resolved))) {
    throw new ServiceError(
      'refused',
      `${path} is outside the workspace folders (it leads to ${resolved}); the client only reads and writes files inside them.`,
    );
  }
  return resolved;
}

/** Where `path` really leads: the real path of its longest existing part, every symlink followed, plus the rest. */
async function follow(path: string, fs: PathLookup, links = 0): Promise<string> {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    try {
      return nodePath.join(await fs.realpath(current), ...rest);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new ServiceError('refused', `Cannot resolve ${path}: ${(err as Error).message}`);
    }
    // `current` is missing, or a symlink whose target is: a dangling link leads where its target is.
    const link = await fs.lstat(current).then(
      (st) => st.isSymbolicLink(),
      () => false,
    );
    if (link) {
      if (links >= MAX_LINKS) throw new ServiceError('refused', `Cannot resolve ${path}: too many symbolic links.`);
      const target = nodePath.resolve(nodePath.dirname(current), await fs.readlink(current));
      return follow(nodePath.join(target, ...rest), fs, links + 1);
    }
    const parent = nodePath.dirname(current);
    if (parent === current) return nodePath.join(current, ...rest);
    rest.unshift(nodePath.basename(current));
    current = parent;
  }
}

// Whether a path lies in a folder, decided on the text of both: `..x` is a name inside, `..` and `../x` climb out.
import * as nodePath from 'node:path';

/** `child` is `root` or inside it (both absolute and normalized). */
export function isInside(root: string, child: string, path: Pick<typeof nodePath, 'relative' | 'isAbsolute' | 'sep'> = nodePath): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

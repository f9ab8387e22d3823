// How a path is shown to a person: relative to the folder it is in (the workspace's, or a chat's worktree), whole and
// marked when it is in none of them, so a path outside, the one worth a second look, stands out. Pure and without
// Node: the approval surfaces use it in the host, the chat's page through the protocol.
import { l10n } from '../contributions/l10n';

export interface ShownPath {
  text: string;
  /** In one of the folders: `text` is relative to it. */
  inside: boolean;
}

const SEPARATOR = /[\\/]/u;

/** `path` relative to the deepest of `folders` it is in, else whole and marked "(outside workspace)". */
export function shownPath(path: string, folders: readonly string[]): ShownPath {
  const windows = /^[a-z]:[\\/]/iu.test(path) || path.startsWith('\\\\');
  const key = (p: string) => (windows ? p.replace(/\\/gu, '/').toLowerCase() : p);
  let best: string | undefined;
  for (const folder of folders) {
    const base = key(folder).replace(/\/+$/u, '');
    if (base === '' || !key(path).startsWith(`${base}/`)) continue;
    const rest = path.slice(base.length + 1);
    // A `..` in the rest climbs out of the folder again: not inside, whatever the prefix says.
    if (rest.split(SEPARATOR).some((part) => part === '..')) continue;
    if (best === undefined || rest.length < best.length) best = rest;
  }
  if (best !== undefined && best !== '') return { text: best, inside: true };
  return { text: l10n.t('{0} (outside workspace)', path), inside: false };
}

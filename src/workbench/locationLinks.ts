// Pure checks for "open this location" links. A path from the agent is opened only when it is absolute; a path
// outside every workspace folder is labelled as such and needs a confirmation (the surface asks), because the
// agent may point at any file on the machine.
import * as nodePath from 'node:path';
import { l10n } from '../contributions/l10n';
import { hasC0Control } from '../acpClient/controlChars';

export type LocationCheck = { ok: true; path: string; line?: number; insideWorkspace: boolean; relativePath?: string } | { ok: false; reason: string };

/** Which path flavour to use; injectable so tests can check Windows paths on Linux. */
export type PathFlavour = typeof nodePath.posix | typeof nodePath.win32;

/** Check an agent-supplied location against the workspace folders (absolute fs paths). Line is 1-based. */
export function checkLocation(path: unknown, line: unknown, workspaceFolders: readonly string[], flavour: PathFlavour = nodePath): LocationCheck {
  if (typeof path !== 'string' || path.length === 0) return { ok: false, reason: l10n.t('The location has no file path.') };
  if (hasC0Control(path)) return { ok: false, reason: l10n.t('The file path contains control characters.') };
  if (!flavour.isAbsolute(path)) return { ok: false, reason: l10n.t('The agent gave a relative path ({0}); only absolute paths are opened.', path) };
  const normalized = flavour.normalize(path);
  const validLine = typeof line === 'number' && Number.isInteger(line) && line >= 1 ? line : undefined;
  for (const folder of workspaceFolders) {
    const rel = flavour.relative(flavour.normalize(folder), normalized);
    const escapes = rel === '..' || rel.startsWith(`..${flavour.sep}`) || flavour.isAbsolute(rel);
    if (!escapes) {
      return { ok: true, path: normalized, line: validLine, insideWorkspace: true, relativePath: rel || flavour.basename(normalized) };
    }
  }
  return { ok: true, path: normalized, line: validLine, insideWorkspace: false };
}

/** The link text: "src/app.ts:12", or "/etc/hosts (outside workspace)". */
export function locationLabel(check: Extract<LocationCheck, { ok: true }>): string {
  const shown = check.insideWorkspace ? check.relativePath! : check.path;
  const withLine = check.line ? `${shown}:${check.line}` : shown;
  return check.insideWorkspace ? withLine : l10n.t('{0} (outside workspace)', withLine);
}

/** A location as the approval surfaces show it and the editor opens it. */
export interface PresentedLocation {
  path: string;
  line?: number;
  /** "src/app.ts:12" or "/etc/hosts (outside workspace)"; the raw path when it cannot be opened. */
  label: string;
  insideWorkspace: boolean;
  /** Why the location cannot be opened (relative path, control characters). */
  invalid?: string;
}

/**
 * What a path reaches by its text alone: touching a 'network' or 'device' path (even a realpath or stat) already
 * acts, e.g. a UNC path opens an SMB connection that sends the user's NTLM hash, /net/<host> automounts, a device
 * read blocks or answers with secrets. 'network': UNC (`\\host\share`, `//host/share`) and the automounter's /net and
 * /Network. 'device': Windows `\\.\`, `\\?\`, `\??\` and reserved names (NUL, COM1, …); POSIX /dev, /proc, /sys.
 */
export type PathKind = 'local' | 'network' | 'device';

/** The kind of an absolute path (see PathKind); check both the agent's text and its normalized form. */
export function pathKind(path: string, flavour: PathFlavour = nodePath): PathKind {
  return flavour.sep === '\\' ? windowsPathKind(path) : posixPathKind(path);
}

function windowsPathKind(path: string): PathKind {
  const p = path.replace(/\//g, '\\');
  if (/^\\\\[.?](\\|$)/u.test(p) || p.startsWith('\\??\\')) return 'device';
  if (p.startsWith('\\\\')) return 'network';
  // `C:\ws\nul.txt` and `C:\ws\COM1:` open the device, whatever the folder.
  const reserved = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/iu;
  return p.split('\\').some((part) => reserved.test(part.split(/[.:]/u)[0]!.trimEnd())) ? 'device' : 'local';
}

function posixPathKind(path: string): PathKind {
  // POSIX leaves a leading `//` to the implementation (Cygwin and Windows read it as UNC).
  if (path.startsWith('//')) return 'network';
  const p = nodePath.posix.normalize(path);
  if (/^\/(dev|proc|sys)(\/|$)/u.test(p)) return 'device';
  if (/^\/(net|Network)(\/|$)/u.test(p)) return 'network';
  return 'local';
}

// Claude Code's settings files on disk, for the Permissions view: each read bounded in size, and left unread when it is
// a symbolic link or not a regular file; one scope's file edited by reading it again, checking that it parses,
// writing the new text beside it and renaming it over the old (a reader never sees half a file). Nothing but the
// scope's own file (and its temporary twin in the same folder) is ever written. No `vscode`.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parsePermissionSettings, type Scope } from './claudeRules';

/** Above this a settings file is not read: no person writes one that large. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** Claude Code's own state (.claude.json) holds every project's history too: read up to this much. */
const MAX_CLAUDE_STATE_BYTES = 32 * 1024 * 1024;

export type SettingsFileRead =
  /** `utf16`: the file starts with the UTF-16LE mark, and is decoded (and written back) as UTF-16LE. */
  | { kind: 'absent' }
  | { kind: 'text'; text: string; utf16?: true }
  | { kind: 'refused'; why: 'symlink' | 'notFile' | 'tooLarge' }
  | { kind: 'unreadable'; code: string };

/** The file at `path` as Claude Code's settings: its text, that it is absent, or why it was not read. */
export async function readSettingsFile(path: string, limit = MAX_SETTINGS_BYTES): Promise<SettingsFileRead> {
  let handle: fs.FileHandle | undefined;
  try {
    const link = await fs.lstat(path);
    if (link.isSymbolicLink()) return { kind: 'refused', why: 'symlink' };
    if (!link.isFile()) return { kind: 'refused', why: 'notFile' };
    if (link.size > limit) return { kind: 'refused', why: 'tooLarge' };
    // O_NOFOLLOW: a link put in its place since the check is not followed either.
    handle = await fs.open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = await handle.stat();
    if (!stat.isFile()) return { kind: 'refused', why: 'notFile' };
    const buffer = Buffer.alloc(Math.min(stat.size, limit) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > limit) return { kind: 'refused', why: 'tooLarge' };
    // As Claude Code decodes a settings file: UTF-16LE after its mark (FF FE), else UTF-8 (agents/projectClaudeFiles.ts).
    if (buffer[0] === 0xff && buffer[1] === 0xfe && bytesRead >= 2) return { kind: 'text', text: buffer.toString('utf16le', 0, bytesRead), utf16: true };
    return { kind: 'text', text: buffer.toString('utf8', 0, bytesRead) };
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'absent' };
    if (code === 'ELOOP') return { kind: 'refused', why: 'symlink' };
    return { kind: 'unreadable', code };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

export type EditOutcome =
  /** Written (or, `changed: false`, already as the edit wanted: nothing written). */
  | { ok: true; changed: boolean }
  /** The file does not parse as Claude Code reads it: left as it is. */
  | { ok: false; why: 'malformed'; error: string }
  /** The file was not read (a link, not a file, too large, unreadable): left as it is. */
  | { ok: false; why: 'refused'; read: Extract<SettingsFileRead, { kind: 'refused' | 'unreadable' }> }
  /** The edit had nothing to do (the rule to remove is not there). */
  | { ok: false; why: 'noEdit' }
  /** The file changed while the edit was made: left as the other writer left it. */
  | { ok: false; why: 'changed' }
  | { ok: false; why: 'writeFailed'; code: string };

/**
 * Edits `scope`'s file (and no other): `edit` gets its current text (undefined: no file) and returns the new text, or
 * undefined for no edit. A file that does not parse, or was not read, is never written.
 */
export async function editSettingsFile(
  paths: Readonly<Record<Scope, string>>,
  scope: Scope,
  edit: (text: string | undefined) => string | undefined,
): Promise<EditOutcome> {
  const path = paths[scope];
  const before = await readSettingsFile(path);
  if (before.kind === 'refused' || before.kind === 'unreadable') return { ok: false, why: 'refused', read: before };
  const text = before.kind === 'text' ? before.text : undefined;
  const parsed = parsePermissionSettings(text, scope);
  if (!parsed.ok) return { ok: false, why: 'malformed', error: parsed.error };
  const next = edit(text);
  if (next === undefined) return { ok: false, why: 'noEdit' };
  if (next === text) return { ok: true, changed: false };
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.mkdir(dir, { recursive: true });
    const mode = before.kind === 'text' ? ((await fs.stat(path).catch(() => undefined))?.mode ?? 0o644) & 0o777 : 0o644;
    // 'wx': a file already at the temporary name (someone else's) is not written through.
    const handle = await fs.open(tmp, 'wx', mode);
    try {
      await handle.writeFile(next, before.kind === 'text' && before.utf16 ? 'utf16le' : 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Read again just before the rename: a change made meanwhile (by Claude Code or an editor) wins.
    const now = await readSettingsFile(path);
    if ((now.kind === 'text' ? now.text : now.kind === 'absent' ? undefined : null) !== text) {
      await fs.rm(tmp, { force: true });
      return { ok: false, why: 'changed' };
    }
    await fs.rename(tmp, path);
    return { ok: true, changed: true };
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    return { ok: false, why: 'writeFailed', code: errorCode(err) };
  }
}

/**
 * Whether Claude Code trusts `workspace` itself (its trust question, answered in the folder): only then does it apply
 * the repository's allow rules and extra directories. Read from its state file (`<config dir>/.claude.json`, or
 * `~/.claude.json` without CLAUDE_CONFIG_DIR); undefined when that cannot be read.
 */
export async function readClaudeTrust(stateFile: string, workspace: string): Promise<boolean | undefined> {
  const read = await readSettingsFile(stateFile, MAX_CLAUDE_STATE_BYTES);
  if (read.kind === 'absent') return false;
  if (read.kind !== 'text') return undefined;
  try {
    const projects = (JSON.parse(read.text) as { projects?: Record<string, { hasTrustDialogAccepted?: unknown }> }).projects ?? {};
    const entry = projects[workspace] ?? projects[workspace.replace(/\\/g, '/')];
    return entry?.hasTrustDialogAccepted === true;
  } catch {
    return undefined;
  }
}

function errorCode(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
  return typeof code === 'string' ? code : 'EIO';
}

// The MCP servers Claude Code loads by itself, beside those ACP Chat passes it: the user scope (`claude mcp add -s
// user`: "mcpServers" of ~/.claude.json), the local scope (`claude mcp add`: "projects"[<the folder's git root>]
// "mcpServers" of the same file) and the project scope (.mcp.json in the folder and in each folder above it, the
// nearer one winning). As the bundled CLI does (tried with `claude -p --setting-sources …`, its `system/init` listing
// the servers): without the folder's Claude settings (settingSources ['user'], agents/projectSettingsConsent.ts)
// neither the project nor the local scope is loaded; a name in a settings file's disabledMcpjsonServers leaves a
// .mcp.json server out; of one name, local wins over project over user, and a server ACP Chat passes over them all.
// A file with a comment or a trailing comma is not read by Claude Code either, so it is parsed as strict JSON (a BOM
// is fine). Pure: the caller reads the files (claudeCodeFiles.ts).
// jsonc-parser's ES module build: the CommonJS one hides its own requires from the bundler.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { isRecord } from '../acpClient/guards';
import { readClaudeJson, withoutBom } from '../agents/claudeCode/claudeJson';
import {
  describeClaudeCodeState,
  describeClaudeCodeWhat,
  describeFileUnread,
  describeInvalidJson,
  describeLocalScope,
  describeNotAnObject,
  describeNotLoaded,
  describeUserScope,
} from './mcpServersWording';

export type ClaudeScope = 'user' | 'local' | 'project';

/** A file as read: its text, or why it could not be read. A file that is not there is not listed at all. */
export type FileRead = { path: string; shown: string; text: string } | { path: string; shown: string; problem: string };

export interface ClaudeCodeFiles {
  /** Claude Code's own file (~/.claude.json, or .claude.json in CLAUDE_CONFIG_DIR), when there is one. */
  state?: FileRead;
  /** The key of "projects" in that file for the folder Claude Code starts in. */
  projectKey?: string;
  /** The .mcp.json files Claude Code reads, the farthest from the folder first. */
  projectFiles: FileRead[];
  /** The names in the settings files' disabledMcpjsonServers, each with its file. */
  disabled: { name: string; shown: string }[];
}

/** Whether the last agent start used the folder's Claude settings: not known before the first. */
export type FolderSettings = 'used' | 'leftOut' | 'unknown';

export interface ClaudeCodeServer {
  name: string;
  scope: ClaudeScope;
  /** The file it is written in (absolute), and as shown. */
  path: string;
  what: string;
  state: string;
  /** Claude Code starts it in each chat (false when it does not, or when that depends on a start yet to come). */
  loaded: boolean;
}

export interface ClaudeCodeList {
  servers: ClaudeCodeServer[];
  /** One sentence for each file that could not be read. */
  unread: { path: string; shown: string; problem: string }[];
}

interface Entry {
  name: string;
  scope: ClaudeScope;
  path: string;
  where: string;
  transport: string;
  /** Higher wins among entries of one name that Claude Code would load. */
  rank: number;
  leftOut?: string;
}

const RANK: Record<ClaudeScope, number> = { user: 0, project: 1, local: 2 };

export function claudeCodeServers(files: ClaudeCodeFiles, ctx: { passed: readonly string[]; folderSettings: FolderSettings }): ClaudeCodeList {
  const unread: ClaudeCodeList['unread'] = [];
  const entries: Entry[] = [];
  const state = files.state && parsed(files.state, unread);
  if (files.state && state) {
    const file = files.state;
    const user = serversOf(state, file, unread, '"mcpServers"');
    entries.push(...toEntries(user, 'user', file.path, describeUserScope(file.shown), 0));
    const project = files.projectKey === undefined ? undefined : projectEntry(state, files.projectKey);
    const local = project && serversOf(project, file, unread, `"projects"["${files.projectKey}"]."mcpServers"`);
    entries.push(...toEntries(local, 'local', file.path, describeLocalScope(file.shown), 0));
  }
  // Nearer the folder, later in the list and of a higher rank: its server of a name is the one Claude Code keeps.
  files.projectFiles.forEach((file, index) => {
    const value = parsed(file, unread);
    const servers = value && serversOf(value, file, unread, '"mcpServers"');
    entries.push(...toEntries(servers, 'project', file.path, file.shown, (index + 1) / (files.projectFiles.length + 1)));
  });

  for (const entry of entries) {
    if (entry.leftOut) continue;
    if (entry.scope !== 'user' && ctx.folderSettings === 'leftOut') entry.leftOut = describeNotLoaded({ kind: 'folderSettings' });
    const off = entry.scope === 'project' && files.disabled.find((d) => d.name === entry.name);
    if (!entry.leftOut && off) entry.leftOut = describeNotLoaded({ kind: 'disabled', file: off.shown });
  }
  for (const entry of entries) {
    if (entry.leftOut) continue;
    if (ctx.passed.includes(entry.name)) {
      entry.leftOut = describeNotLoaded({ kind: 'passed' });
      continue;
    }
    const winner = entries.filter((e) => e.name === entry.name && !e.leftOut && e.rank > entry.rank).sort((a, b) => b.rank - a.rank)[0];
    if (winner) entry.leftOut = describeNotLoaded({ kind: 'replaced', where: winner.where });
  }

  // The folder's own first (the nearest .mcp.json first), then the local scope, then the user's.
  const order = (e: Entry) => (e.scope === 'project' ? 2 - e.rank : e.scope === 'local' ? 2 : 3);
  const servers = [...entries]
    .sort((a, b) => order(a) - order(b))
    .map((e): ClaudeCodeServer => {
      const pending = !e.leftOut && e.scope !== 'user' && ctx.folderSettings === 'unknown';
      const status = e.leftOut ? { kind: 'notLoaded' as const, why: e.leftOut } : { kind: pending ? ('pending' as const) : ('loaded' as const) };
      return {
        name: e.name,
        scope: e.scope,
        path: e.path,
        what: describeClaudeCodeWhat(e.where, e.transport, !e.leftOut),
        state: describeClaudeCodeState(status),
        loaded: status.kind === 'loaded',
      };
    });
  return { servers, unread };
}

/** The file's JSON object; undefined (with its sentence in `unread`) when it is not one. */
function parsed(file: FileRead, unread: ClaudeCodeList['unread']): Record<string, unknown> | undefined {
  const fail = (problem: string) => void unread.push({ path: file.path, shown: file.shown, problem: describeFileUnread(file.shown, problem) });
  if ('problem' in file) return fail(file.problem);
  const read = readClaudeJson(file.text);
  if (read.ok) return read.value;
  return fail(read.problem === 'invalid' ? invalidAt(withoutBom(file.text)) : describeNotAnObject());
}

/**
 * Where the text stops being JSON, as a code and a line and column: never JSON.parse's message, which quotes the text
 * around the error (an environment variable's value, a token in a header).
 */
function invalidAt(text: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const error = errors[0];
  if (!error) return describeInvalidJson();
  const lines = text.slice(0, error.offset).split('\n');
  return describeInvalidJson({ code: printParseErrorCode(error.error), line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 });
}

/** The object's "mcpServers"; undefined when it has none, or (said in `unread`) when that is not an object. */
function serversOf(value: Record<string, unknown>, file: FileRead, unread: ClaudeCodeList['unread'], key: string): Record<string, unknown> | undefined {
  const servers = value.mcpServers;
  if (servers === undefined || servers === null) return undefined;
  if (isRecord(servers)) return servers;
  unread.push({ path: file.path, shown: file.shown, problem: describeFileUnread(file.shown, describeNotAnObject(key)) });
  return undefined;
}

function projectEntry(state: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const projects = state.projects;
  if (!isRecord(projects)) return undefined;
  const entry = Object.hasOwn(projects, key) ? projects[key] : undefined;
  return isRecord(entry) ? entry : undefined;
}

function toEntries(servers: Record<string, unknown> | undefined, scope: ClaudeScope, path: string, where: string, within: number): Entry[] {
  return Object.entries(servers ?? {}).map(([name, raw]): Entry => {
    const entry = { name, scope, path, where, rank: RANK[scope] + within };
    if (!isRecord(raw)) return { ...entry, transport: '?', leftOut: describeNotLoaded({ kind: 'invalid' }) };
    // As Claude Code reads an entry: with no "type", a local program. Only a type's word is shown, nothing else written.
    const type = raw.type === undefined ? 'stdio' : typeof raw.type === 'string' && /^[a-z][a-z-]{0,23}$/u.test(raw.type) ? raw.type : '?';
    return { ...entry, transport: type };
  });
}

/** disabledMcpjsonServers of a settings file's text: the names, none when the text is not such a file. */
export function disabledProjectServers(text: string): string[] {
  const read = readClaudeJson(text);
  const names = read.ok ? read.value.disabledMcpjsonServers : undefined;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

// The user's MCP servers: a workspace's .vscode/mcp.json (VS Code's own format) and the acpChat.mcpServers setting (an
// object like that file's "servers") read into checked, still unresolved servers, with a sentence for each thing left
// out or not passed on; and one server with its variables filled in, as the ACP McpServer sent on session/new.
import { basename, sep } from 'node:path';
// jsonc-parser's ES module build: the CommonJS one hides its own requires from the bundler.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import type { McpServer } from '@agentclientprotocol/sdk';
import { l10n } from '../contributions/l10n';

export type McpSource = 'workspace' | 'settings';

/** An input of mcp.json, asked for when a server that uses it starts; `options` makes it a pick. */
export interface McpInput {
  id: string;
  description: string;
  password: boolean;
  default?: string;
  options?: string[];
}

interface ServerBase {
  name: string;
  source: McpSource;
  /** The `${input:…}` ids the server uses, each once, in order of use. */
  inputIds: string[];
}
export interface StdioServer extends ServerBase {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}
export interface RemoteServer extends ServerBase {
  transport: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
}
/** A server as written (variables not filled in), checked. */
export type ConfiguredServer = StdioServer | RemoteServer;

export interface McpConfig {
  servers: ConfiguredServer[];
  inputs: McpInput[];
  /** Full sentences, each naming the file or setting (and the server or input). */
  problems: string[];
}

export interface McpVariables {
  workspaceFolder?: string;
  userHome: string;
  env: Record<string, string | undefined>;
  /** An input's value, or undefined when it was not answered. */
  input(id: string): string | undefined;
}

export type ResolvedServer = { ok: true; server: McpServer } | { ok: false; problem: string };

export const WORKSPACE_FILE = '.vscode/mcp.json';
export const SETTING = 'acpChat.mcpServers';

// A server's name becomes part of its tools' names, `mcp__<name>__<tool>`.
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
// Claude Code keeps only two tools of a server named `ide` (the name of its own IDE integration).
const CLAUDE_RESERVED = 'ide';
const VARIABLE = /\$\{([^}]*)\}/g;
const KNOWN_VARIABLE = /^(workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|\/|env:.+|input:.+)$/;

/** Parses mcp.json's text and the setting's value (anything, checked here) into one config. */
export function readMcpConfig(sources: { workspaceJson?: string; setting?: unknown }, reserved: readonly string[]): McpConfig {
  const problems: string[] = [];
  const file = sources.workspaceJson === undefined ? undefined : readWorkspaceFile(sources.workspaceJson, problems);
  const inputs = readInputs(file?.inputs, problems);
  const known = { reserved, inputIds: new Set(inputs.map((i) => i.id)) };
  const servers: ConfiguredServer[] = [];
  const fromFile = Object.entries(file?.servers ?? {});
  for (const [name, raw] of fromFile) {
    const server = readServer('workspace', name, raw, known, problems);
    if (server) servers.push(server);
  }
  // The workspace's server of a name wins even when it is itself left out: a setting never stands in for it unasked.
  const taken = new Set(fromFile.map(([name]) => name));
  for (const [name, raw] of Object.entries(readSetting(sources.setting, problems))) {
    if (taken.has(name)) {
      problems.push(`${about('settings', name)}${WORKSPACE_FILE} has a server of this name, which is used instead; the setting's server is left out.`);
      continue;
    }
    const server = readServer('settings', name, raw, known, problems);
    if (server) servers.push(server);
  }
  return { servers, inputs, problems };
}

/** One server with its variables filled in, as ACP's McpServer. */
export function resolveServer(server: ConfiguredServer, vars: McpVariables): ResolvedServer {
  let why: string | undefined;
  const fail = (text: string) => {
    why ??= text;
    return '';
  };
  const value = (variable: string): string => {
    if (!KNOWN_VARIABLE.test(variable)) return fail(`\${${variable}} is not a variable this extension fills in`);
    if (variable === 'workspaceFolder' || variable === 'workspaceFolderBasename') {
      if (vars.workspaceFolder === undefined) return fail(`\${${variable}} needs an open folder, and none is open`);
      return variable === 'workspaceFolder' ? vars.workspaceFolder : basename(vars.workspaceFolder);
    }
    if (variable === 'userHome') return vars.userHome;
    if (variable === 'pathSeparator' || variable === '/') return sep;
    // VS Code fills an unset environment variable in as an empty string.
    if (variable.startsWith('env:')) return vars.env[variable.slice(4)] ?? '';
    return vars.input(variable.slice(6)) ?? fail(`no value was given for \${${variable}}`);
  };
  const fill = (text: string) => text.replace(VARIABLE, (_, variable: string) => value(variable));
  const pairs = (record: Record<string, string>) => Object.entries(record).map(([name, text]) => ({ name, value: fill(text) }));

  let resolved: McpServer;
  if (server.transport === 'stdio') {
    resolved = { name: server.name, command: fill(server.command), args: server.args.map(fill), env: pairs(server.env) };
    if (!why && resolved.command === '') why = '"command" is empty once its variables are filled in';
  } else {
    const url = fill(server.url);
    resolved = { type: server.transport, name: server.name, url, headers: pairs(server.headers) };
    if (!why && !isWebAddress(url)) why = '"url" is not an http or https address once its variables are filled in';
  }
  return why ? { ok: false, problem: l10n.t('{0}{1}; the server is left out.', about(server.source, server.name), why) } : { ok: true, server: resolved };
}

function readWorkspaceFile(text: string, problems: string[]): { servers: Record<string, unknown>; inputs: unknown } | undefined {
  if (text.trim() === '') return undefined;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  const error = errors[0];
  if (error) {
    const lines = text.slice(0, error.offset).split('\n');
    const where = `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
    problems.push(`${WORKSPACE_FILE} could not be read (${printParseErrorCode(error.error)} at ${where}); none of its servers are passed to the agent.`);
    return undefined;
  }
  if (!isRecord(value)) {
    problems.push(`${WORKSPACE_FILE} is not a JSON object; none of its servers are passed to the agent.`);
    return undefined;
  }
  if (value.servers !== undefined && !isRecord(value.servers)) {
    problems.push(`In ${WORKSPACE_FILE}, "servers" is not an object; none of its servers are passed to the agent.`);
    return { servers: {}, inputs: value.inputs };
  }
  return { servers: value.servers ?? {}, inputs: value.inputs };
}

function readSetting(value: unknown, problems: string[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (isRecord(value)) return value;
  problems.push(`The ${SETTING} setting is not an object of servers; none of its servers are passed to the agent.`);
  return {};
}

function readInputs(raw: unknown, problems: string[]): McpInput[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(`In ${WORKSPACE_FILE}, "inputs" is not a list; servers that use an input are left out.`);
    return [];
  }
  const inputs: McpInput[] = [];
  for (const item of raw) {
    const id = isRecord(item) && typeof item.id === 'string' && item.id !== '' ? item.id : undefined;
    if (!isRecord(item) || id === undefined) {
      problems.push(`In ${WORKSPACE_FILE}, an input has no "id"; it is left out.`);
      continue;
    }
    const at = `${WORKSPACE_FILE}, input "${id}": `;
    if (inputs.some((i) => i.id === id)) {
      problems.push(`${at}an earlier input has the same id; this one is left out.`);
      continue;
    }
    const input = readInput(id, item);
    if (typeof input === 'string') problems.push(`${at}${input}; servers that use it are left out.`);
    else inputs.push(input);
  }
  return inputs;
}

/** The input, or why it cannot be asked for. */
function readInput(id: string, item: Record<string, unknown>): McpInput | string {
  const { type, description = '', password = false, default: initial, options } = item;
  if (type !== 'promptString' && type !== 'pickString') {
    return type === undefined ? '"type" is missing' : `"type" ${JSON.stringify(type)} is not supported (only "promptString" and "pickString")`;
  }
  if (typeof description !== 'string') return '"description" must be a string';
  if (initial !== undefined && typeof initial !== 'string') return '"default" must be a string';
  const input: McpInput = { id, description, password: false, ...(initial === undefined ? {} : { default: initial }) };
  if (type === 'pickString') {
    if (!isStringArray(options) || options.length === 0) return '"options" must be a list of strings';
    return { ...input, options };
  }
  if (typeof password !== 'boolean') return '"password" must be true or false';
  return { ...input, password };
}

function readServer(
  source: McpSource,
  name: string,
  raw: unknown,
  known: { reserved: readonly string[]; inputIds: ReadonlySet<string> },
  problems: string[],
): ConfiguredServer | undefined {
  const leftOut = (why: string) => {
    problems.push(`${about(source, name)}${why}; the server is left out.`);
    return undefined;
  };
  if (!NAME.test(name)) return leftOut('a server name may have only letters, digits, "_" and "-", at most 64 of them, as it becomes part of its tools\' names');
  if (name === CLAUDE_RESERVED) return leftOut('Claude Code keeps only two tools of a server so named; rename it');
  if (known.reserved.includes(name)) return leftOut("the extension's own server has this name; rename it");
  if (!isRecord(raw)) return leftOut('the entry is not an object');

  const { type } = raw;
  if (type !== undefined && type !== 'stdio' && type !== 'http' && type !== 'sse') {
    return leftOut(`"type" ${JSON.stringify(type)} is not supported (only "stdio", "http" and "sse")`);
  }
  // As in VS Code: with no type, a command makes a local server, a url a remote one.
  const transport = type ?? (raw.command !== undefined ? 'stdio' : raw.url !== undefined ? 'http' : undefined);
  if (transport === undefined) return leftOut('it has neither "command" nor "url"');
  const warnings: string[] = [];
  let server: ConfiguredServer;
  if (transport === 'stdio') {
    const { command, args = [] } = raw;
    const env = stringRecord(raw.env, true);
    if (typeof command !== 'string' || command === '') return leftOut('"command" must be a non-empty string');
    if (!isStringArray(args)) return leftOut('"args" must be a list of strings');
    if (!env) return leftOut('"env" must be an object of strings');
    server = { name, source, transport, command, args, env, inputIds: [] };
    // ACP's stdio server has only a command, arguments and environment variables.
    if (raw.cwd !== undefined) warnings.push('"cwd" is not passed to the agent; the server starts in the agent\'s folder.');
    if (raw.envFile !== undefined) warnings.push('"envFile" is not passed to the agent; the server gets only the variables of "env".');
  } else {
    const { url } = raw;
    const headers = stringRecord(raw.headers, false);
    if (typeof url !== 'string' || url === '') return leftOut('"url" must be a non-empty string');
    if (!headers) return leftOut('"headers" must be an object of strings');
    server = { name, source, transport, url, headers, inputIds: [] };
  }

  const texts = server.transport === 'stdio' ? [server.command, ...server.args, ...Object.values(server.env)] : [server.url, ...Object.values(server.headers)];
  for (const text of texts) {
    for (const [, variable] of text.matchAll(VARIABLE)) {
      if (!KNOWN_VARIABLE.test(variable)) return leftOut(`\${${variable}} is not a variable this extension fills in`);
      if (!variable.startsWith('input:')) continue;
      const id = variable.slice(6);
      if (!known.inputIds.has(id)) return leftOut(`\${${variable}} names no input of ${WORKSPACE_FILE} that can be asked for`);
      if (!server.inputIds.includes(id)) server.inputIds.push(id);
    }
  }
  problems.push(...warnings.map((warning) => about(source, name) + warning));
  return server;
}

/** "<file or setting>, "<server>": ", the start of a problem's sentence. */
function about(source: McpSource, name: string): string {
  return `${source === 'workspace' ? WORKSPACE_FILE : `The ${SETTING} setting`}, "${name}": `;
}

/** The object's string values; with `nullUnsets`, a null value (VS Code's "unset this variable") is left out. */
function stringRecord(value: unknown, nullUnsets: boolean): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') out[key] = item;
    else if (!(item === null && nullUnsets)) return undefined;
  }
  return out;
}

function isWebAddress(url: string): boolean {
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

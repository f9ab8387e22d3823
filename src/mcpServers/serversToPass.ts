// Which of the user's configured MCP servers the agent's sessions get, and why each other one does not: none in a
// workspace that is not trusted (a cloned repository's mcp.json names programs to run), none of the workspace's own
// when the user declined them, a server whose variables cannot be filled in, or whose program is not found as an
// absolute path (nothing is started by a bare name, and the workspace's own folders are not searched for it). Pure:
// the caller reads the files, the setting, the user's answer and the inputs.
import type { McpServer } from '@agentclientprotocol/sdk';
import { isAbsolute, join } from 'node:path';
import { resolveServer, SETTING, WORKSPACE_FILE, type ConfiguredServer, type McpConfig } from './mcpConfig';
import { l10n } from '../contributions/l10n';
import { inputKey } from './workspaceServersQuestion';

/** One configured server and what became of it. */
export interface UserServerState {
  name: string;
  source: 'workspace' | 'settings';
  transport: 'stdio' | 'http' | 'sse';
  /** The server as passed to the agent; undefined when it was left out (`leftOut` says why). */
  passed: McpServer | undefined;
  leftOut?: string;
}

export interface UserServersOffer {
  servers: McpServer[];
  states: UserServerState[];
  /** Sentences about the configuration: each server left out, a file that could not be read. */
  problems: string[];
  /** The passed servers whose URL carries an input's or environment variable's value (kept off a command line). */
  secretUrls: string[];
}

export interface PassContext {
  trusted: boolean;
  workspaceFolder?: string;
  userHome: string;
  env: Record<string, string | undefined>;
  /** The values given for mcp.json's inputs, by server (workspaceServersQuestion.ts `inputKey`). */
  inputs: ReadonlyMap<string, string>;
  /** Set when the user declined the workspace's own servers: the sentence said once for all of them. */
  workspaceLeftOut?: string;
  /** `name` as an absolute path on `pathVar`, outside the workspace folders; undefined when there is none. */
  findProgram(name: string, pathVar: string | undefined): string | undefined;
}

export function serversToPass(config: McpConfig, ctx: PassContext): UserServersOffer {
  if (!ctx.trusted) {
    const leftOut = 'Restricted Mode: MCP servers are passed to the agent only in a trusted workspace.';
    return {
      servers: [],
      states: config.servers.map((s) => ({ name: s.name, source: s.source, transport: s.transport, passed: undefined, leftOut })),
      problems: [],
      secretUrls: [],
    };
  }
  const problems = [...config.problems];
  const declined = ctx.workspaceLeftOut;
  if (declined && config.servers.some((s) => s.source === 'workspace')) problems.push(declined);
  const states = config.servers.map((configured): UserServerState => {
    const state: UserServerState = { name: configured.name, source: configured.source, transport: configured.transport, passed: undefined };
    if (declined && configured.source === 'workspace') return { ...state, leftOut: declined };
    const resolved = resolveServer(configured, {
      workspaceFolder: ctx.workspaceFolder,
      userHome: ctx.userHome,
      env: ctx.env,
      input: (id) => ctx.inputs.get(inputKey(configured, id)),
    });
    if (!resolved.ok) {
      state.leftOut = resolved.problem;
    } else if ('command' in resolved.server) {
      const program = programPath(resolved.server, ctx);
      if (program.ok) state.passed = { ...resolved.server, command: program.path };
      else state.leftOut = `${where(configured)}${program.problem}`;
    } else {
      state.passed = resolved.server;
    }
    if (state.leftOut) problems.push(state.leftOut);
    return state;
  });
  const secretUrls = config.servers.filter((c) => c.transport !== 'stdio' && /\$\{(env|input):/u.test(c.url)).map((c) => c.name);
  return {
    servers: states.flatMap((s) => (s.passed ? [s.passed] : [])),
    states,
    problems,
    secretUrls: secretUrls.filter((name) => states.some((s) => s.name === name && s.passed)),
  };
}

/** The absolute path of a stdio server's program: as written, from the folder when relative, or found on PATH. */
function programPath(
  server: { command: string; env: { name: string; value: string }[] },
  ctx: PassContext,
): { ok: true; path: string } | { ok: false; problem: string } {
  const { command } = server;
  if (isAbsolute(command)) return { ok: true, path: command };
  if (/[\\/]/u.test(command)) {
    return ctx.workspaceFolder
      ? { ok: true, path: join(ctx.workspaceFolder, command) }
      : { ok: false, problem: l10n.t('"{0}" is relative and no folder is open; the server is left out.', command) };
  }
  const found = ctx.findProgram(command, server.env.find((e) => e.name === 'PATH')?.value ?? ctx.env.PATH);
  return found ? { ok: true, path: found } : { ok: false, problem: l10n.t('"{0}" was not found on PATH; the server is left out.', command) };
}

function where(server: ConfiguredServer): string {
  return `${server.source === 'workspace' ? WORKSPACE_FILE : `The ${SETTING} setting`}, "${server.name}": `;
}

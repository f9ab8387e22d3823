// Decides what to spawn for the agent. Pure: no fs, no process access, so every branch is unit-testable.
import type { McpServer } from '@agentclientprotocol/sdk';
import type { AgentLaunch } from '../acpClient/agentProcess';
import { AgentStartError } from '../acpClient/errors';

export { AgentStartError };

/** Claude Code's switch for running the agent's commands without credentials in their environment (its sandbox). */
const SUBPROCESS_SCRUB = 'CLAUDE_CODE_SUBPROCESS_ENV_SCRUB';

export interface AgentLaunchSettings {
  path?: string;
  args?: string[];
  env?: Record<string, string>;
}

export type { AgentLaunch };

/** The bundled adapter declares `engines.node >= 22`. */
export const MIN_NODE_MAJOR = 22;

/** The bundled Claude adapter runs unless the user named another agent. */
export function usesBundledAdapter(settings: AgentLaunchSettings): boolean {
  return !settings.path?.trim();
}

/**
 * Resolve the agent command. A user-set `path` wins and is run directly (never through a shell) with the user's
 * `args`; otherwise the bundled adapter entry runs on `node`. `settings.env` applies in both cases, over `baseEnv`
 * (without the variables that unlock bypass mode). The bundled adapter alone gets `claudeCodeExecutable` as
 * CLAUDE_CODE_EXECUTABLE (the Claude Code binary it runs) and the stored API key; another agent's environment is left
 * as the user set it.
 */
export function resolveAgentLaunch(input: {
  settings: AgentLaunchSettings;
  node: { path: string; version: string; env?: Record<string, string> };
  adapterEntry: string | undefined;
  baseEnv: Record<string, string | undefined>;
  claudeCodeExecutable?: string;
  /** The Anthropic API key from the extension's secret storage, if the user set one. */
  apiKey?: string;
  /** Claude Code can keep credentials out of the commands it runs here (see `canScrubSubprocessEnv`). */
  scrubSubprocessEnv?: boolean;
}): AgentLaunch {
  const { settings, node, adapterEntry, baseEnv, claudeCodeExecutable } = input;
  const userPath = settings.path?.trim();
  const base = withoutBypassUnlock(baseEnv);
  if (!usesBundledAdapter(settings) && userPath) {
    return { command: userPath, args: [...(settings.args ?? [])], env: mergeEnv(base, settings.env) };
  }
  if (!adapterEntry) {
    throw new AgentStartError(
      'The bundled Claude ACP adapter (@agentclientprotocol/claude-agent-acp) was not found. ' +
        'Reinstall the extension or set acpChat.agent.path to an ACP agent executable.',
      'adapter-missing',
    );
  }
  const major = parseNodeMajor(node.version);
  if (major === undefined || major < MIN_NODE_MAJOR) {
    throw new AgentStartError(
      `The bundled Claude ACP adapter needs Node >= ${MIN_NODE_MAJOR}, found ${node.version || 'an unknown version'} ` +
        `(${node.path}). Set acpChat.agent.path to an ACP agent executable (for example a claude-agent-acp ` +
        `installed with a newer Node), or update VS Code.`,
      'node-too-old',
      { command: node.path },
    );
  }
  // A key set with "Set API Key…" (SecretStorage) is for the Claude adapter; the user's own env setting still wins.
  const key = input.apiKey ? { ANTHROPIC_API_KEY: input.apiKey } : undefined;
  // The resolved Claude Code wins over a CLAUDE_CODE_EXECUTABLE in the env setting: the resolution already read it.
  const claude = claudeCodeExecutable ? { CLAUDE_CODE_EXECUTABLE: claudeCodeExecutable } : undefined;
  // Before the user's env setting, so their own value (e.g. "0") wins.
  const scrub = input.scrubSubprocessEnv ? { [SUBPROCESS_SCRUB]: '1' } : undefined;
  return { command: node.path, args: [adapterEntry], env: mergeEnv(base, node.env, key, scrub, settings.env, claude) };
}

/**
 * Whether Claude Code can run the agent's commands without the API key and other credentials in their environment
 * (CLAUDE_CODE_SUBPROCESS_ENV_SCRUB). Claude Code then runs each command in its sandbox, which on Linux needs
 * bubblewrap and socat; without them it refuses to run any command, so the variable is set only where both are found.
 * Other platforms: not set (the key reaches the commands; the README says so).
 */
export function canScrubSubprocessEnv(platform: string, find: (program: string) => string | undefined): boolean {
  return platform === 'linux' && find('bwrap') !== undefined && find('socat') !== undefined;
}

/**
 * Variables that unlock Claude Code's bypass mode (`--dangerously-skip-permissions`) even as root. They are dropped
 * from the inherited environment: bypassing approvals must be the user's explicit choice (acpChat.agent.env).
 */
export const BYPASS_UNLOCK_VARIABLES = ['IS_SANDBOX'];

function withoutBypassUnlock(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const copy = { ...env };
  for (const name of BYPASS_UNLOCK_VARIABLES) delete copy[name];
  return copy;
}

/** `"v22.3.0"` / `"22.3.0"` → 22; anything else → undefined. */
export function parseNodeMajor(version: string): number | undefined {
  const m = /^v?(\d+)\.\d+/.exec(version.trim());
  return m ? Number(m[1]) : undefined;
}

function mergeEnv(base: Record<string, string | undefined>, ...overlays: (Record<string, string> | undefined)[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  for (const overlay of overlays) if (overlay) Object.assign(env, overlay);
  return env;
}

/**
 * Settings as read from the user's configuration, which may hold anything: keeps the well-typed parts and says what
 * was ignored, so a typo in settings.json gives a clear message instead of a strange spawn.
 */
export function parseLaunchSettings(raw: { path?: unknown; args?: unknown; env?: unknown }): { settings: AgentLaunchSettings; problems: string[] } {
  const problems: string[] = [];
  const settings: AgentLaunchSettings = {};
  if (typeof raw.path === 'string' && raw.path.trim()) settings.path = raw.path.trim();
  else if (raw.path !== undefined && raw.path !== null && raw.path !== '') problems.push('acpChat.agent.path must be a string; it was ignored.');
  if (Array.isArray(raw.args)) {
    settings.args = raw.args.filter((a): a is string => typeof a === 'string');
    if (settings.args.length !== raw.args.length) problems.push('acpChat.agent.args must hold only strings; the others were ignored.');
  } else if (raw.args !== undefined && raw.args !== null) problems.push('acpChat.agent.args must be an array of strings; it was ignored.');
  if (raw.env && typeof raw.env === 'object' && !Array.isArray(raw.env)) {
    const entries = Object.entries(raw.env as Record<string, unknown>);
    settings.env = Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === 'string'));
    if (Object.keys(settings.env).length !== entries.length) problems.push('acpChat.agent.env values must be strings; the others were ignored.');
  } else if (raw.env !== undefined && raw.env !== null) problems.push('acpChat.agent.env must be an object of strings; it was ignored.');
  return { settings, problems };
}

/** The MCP servers an agent's sessions get, and the tools among them that run without asking (Claude only). */
export interface SessionTools {
  mcpServers: McpServer[];
  allowedTools: string[];
  /** Header values read from a variable of a set name (the editor tools' token); every other value gets a numbered one. */
  secretHeaders?: { server: string; header: string; variable: string }[];
  /** Servers whose URL carries a value filled in from an input or the environment: moved like a header's value. */
  secretUrls?: string[];
  /**
   * Called once the launch is decided, before the agent starts, with the servers whose values stay on Claude Code's
   * command line (`withClaudeTools`; none for another agent, which gets them over ACP).
   */
  onLaunch?(valuesOnCommandLine: string[]): void;
}

/**
 * The numbered variables Claude Code reads the servers' values from; no credential word (TOKEN, KEY, AUTH…) in the
 * name, which Claude Code may leave empty (node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude:
 * `$n=["TOKEN","SECRET"`).
 */
const MCP_VALUE_VARIABLE = 'ACP_CHAT_MCP_VALUE_';

/**
 * `launch` with the sessions' MCP servers for the bundled Claude adapter: their header and environment values (and a
 * URL filled in from a variable) moved into its environment, and the tools that run without asking in Claude Code's
 * `allowedTools`. The SDK puts the servers on Claude Code's command line, which every local user can read
 * (@anthropic-ai/claude-agent-sdk sdk.mjs: `"--mcp-config"`; the adapter copies them as they are, acp-agent.js: `HTTP or
 * SSE type MCP server`); Claude Code fills `${VAR}` in a server's command, args, env, url and headers from its
 * environment, which only the user can read (the claude binary: `case"sse":case"http":case"ws":{let r=e;return{...r,url:n(r.url,"url",!0)`).
 */
export function withClaudeTools(launch: AgentLaunch, tools: SessionTools): AgentLaunch {
  const meta = launch.sessionMeta ?? {};
  const claudeCode = (meta.claudeCode ?? {}) as { options?: Record<string, unknown> };
  const options = { ...claudeCode.options, ...(tools.allowedTools.length ? { allowedTools: tools.allowedTools } : {}) };
  const sessionMeta = Object.keys(options).length ? { ...meta, claudeCode: { ...claudeCode, options } } : launch.sessionMeta;
  const env = { ...launch.env };
  if (!fillsVariables(env)) {
    // The values stay as they are, but never silently: the servers are named before Claude Code starts.
    const exposed = tools.mcpServers.filter((s) => ('headers' in s ? s.headers.length > 0 || tools.secretUrls?.includes(s.name) : s.env.length > 0));
    tools.onLaunch?.(exposed.map((s) => s.name));
    return { ...launch, mcpServers: tools.mcpServers, ...(sessionMeta ? { sessionMeta } : {}) };
  }
  tools.onLaunch?.([]);
  let count = 0;
  const moved = (value: string, variable = `${MCP_VALUE_VARIABLE}${++count}`) => {
    env[variable] = value;
    return `\${${variable}}`;
  };
  const mcpServers = tools.mcpServers.map((server): McpServer => {
    if (!('headers' in server)) return { ...server, env: server.env.map((e) => ({ name: e.name, value: moved(e.value) })) };
    const variable = (header: string) => tools.secretHeaders?.find((s) => s.server === server.name && s.header === header)?.variable;
    const headers = server.headers.map((h) => ({ name: h.name, value: moved(h.value, variable(h.name)) }));
    return { ...server, url: tools.secretUrls?.includes(server.name) ? moved(server.url) : server.url, headers };
  });
  return { ...launch, env, mcpServers, ...(sessionMeta ? { sessionMeta } : {}) };
}

/**
 * Whether Claude Code fills `${VAR}` in its MCP servers from its environment: not with its subprocess scrub on, when it
 * leaves a variable empty if its value looks like a credential (the claude binary: `function NWe(e,n){if(!qbo())return!1;`),
 * which is what these values are. The switch is read as Claude Code reads it (`["1","true","yes","on"].includes(n)`).
 */
function fillsVariables(env: Record<string, string>): boolean {
  return !/^(1|true|yes|on)$/iu.test((env[SUBPROCESS_SCRUB] ?? '').trim());
}

import { describe, expect, it } from 'vitest';
import {
  AgentStartError,
  canScrubSubprocessEnv,
  parseLaunchSettings,
  parseNodeMajor,
  resolveAgentLaunch,
  withClaudeTools,
} from '../../../src/agents/agentLaunch';

const node = { path: '/usr/bin/code', version: 'v22.4.0', env: { ELECTRON_RUN_AS_NODE: '1' } };
const base = { PATH: '/bin', HOME: '/home/u', UNSET: undefined };

describe('resolveAgentLaunch', () => {
  it('runs the bundled adapter on the given node, env merged over baseEnv', () => {
    const launch = resolveAgentLaunch({
      settings: { env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:1' } },
      node,
      adapterEntry: '/ext/node_modules/a/dist/index.js',
      baseEnv: base,
    });
    expect(launch).toEqual({
      command: '/usr/bin/code',
      args: ['/ext/node_modules/a/dist/index.js'],
      env: { PATH: '/bin', HOME: '/home/u', ELECTRON_RUN_AS_NODE: '1', ANTHROPIC_BASE_URL: 'http://127.0.0.1:1' },
    });
  });

  it('a settings path wins: run directly with its args; node/adapter are not consulted', () => {
    const launch = resolveAgentLaunch({
      settings: { path: ' /opt/agent ', args: ['--acp', 'x y'], env: { HOME: '/other' } },
      node: { path: '/n', version: 'v18.0.0' },
      adapterEntry: undefined,
      baseEnv: base,
    });
    expect(launch).toEqual({ command: '/opt/agent', args: ['--acp', 'x y'], env: { PATH: '/bin', HOME: '/other' } });
  });

  it('hands the resolved Claude Code to the bundled adapter only, over any CLAUDE_CODE_EXECUTABLE it inherits', () => {
    const bundled = resolveAgentLaunch({
      settings: { env: { CLAUDE_CODE_EXECUTABLE: '/stale/claude' } },
      node,
      adapterEntry: '/a.js',
      baseEnv: base,
      claudeCodeExecutable: '/storage/claude',
    });
    expect(bundled.env.CLAUDE_CODE_EXECUTABLE).toBe('/storage/claude');
    const other = resolveAgentLaunch({ settings: { path: '/opt/agent' }, node, adapterEntry: '/a.js', baseEnv: base, claudeCodeExecutable: '/storage/claude' });
    expect(other.env).toEqual({ PATH: '/bin', HOME: '/home/u' });
  });

  it("asks Claude Code to keep credentials out of its commands where it can; the user's own value wins; other agents untouched", () => {
    const on = resolveAgentLaunch({ settings: {}, node, adapterEntry: '/a.js', baseEnv: base, scrubSubprocessEnv: true });
    expect(on.env.CLAUDE_CODE_SUBPROCESS_ENV_SCRUB).toBe('1');
    const off = resolveAgentLaunch({ settings: {}, node, adapterEntry: '/a.js', baseEnv: base, scrubSubprocessEnv: false });
    expect(off.env.CLAUDE_CODE_SUBPROCESS_ENV_SCRUB).toBeUndefined();
    const theirs = resolveAgentLaunch({
      settings: { env: { CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '0' } },
      node,
      adapterEntry: '/a.js',
      baseEnv: base,
      scrubSubprocessEnv: true,
    });
    expect(theirs.env.CLAUDE_CODE_SUBPROCESS_ENV_SCRUB).toBe('0');
    const other = resolveAgentLaunch({ settings: { path: '/opt/agent' }, node, adapterEntry: '/a.js', baseEnv: base, scrubSubprocessEnv: true });
    expect(other.env).toEqual({ PATH: '/bin', HOME: '/home/u' });
  });

  it('the scrub needs Linux with both bubblewrap and socat (without them Claude Code refuses every command)', () => {
    const both = (p: string) => `/usr/bin/${p}`;
    expect(canScrubSubprocessEnv('linux', both)).toBe(true);
    expect(canScrubSubprocessEnv('linux', (p) => (p === 'bwrap' ? '/usr/bin/bwrap' : undefined))).toBe(false);
    expect(canScrubSubprocessEnv('linux', (p) => (p === 'socat' ? '/usr/bin/socat' : undefined))).toBe(false);
    expect(canScrubSubprocessEnv('darwin', both)).toBe(false);
    expect(canScrubSubprocessEnv('win32', both)).toBe(false);
  });

  it('drops IS_SANDBOX from the inherited environment (it unlocks bypass mode as root) unless the user sets it', () => {
    const inherited = { ...base, IS_SANDBOX: '1' };
    const bundled = resolveAgentLaunch({ settings: {}, node, adapterEntry: '/a.js', baseEnv: inherited });
    expect(bundled.env.IS_SANDBOX).toBeUndefined();
    const custom = resolveAgentLaunch({ settings: { path: '/opt/agent' }, node, adapterEntry: undefined, baseEnv: inherited });
    expect(custom.env.IS_SANDBOX).toBeUndefined();
    const chosen = resolveAgentLaunch({ settings: { env: { IS_SANDBOX: '1' } }, node, adapterEntry: '/a.js', baseEnv: inherited });
    expect(chosen.env.IS_SANDBOX).toBe('1');
  });

  it('gives the stored API key to the bundled adapter as ANTHROPIC_API_KEY; the env setting still wins', () => {
    const withKey = resolveAgentLaunch({ settings: {}, node, adapterEntry: '/a.js', baseEnv: { ...base, ANTHROPIC_API_KEY: 'from-env' }, apiKey: 'sk-stored' });
    expect(withKey.env.ANTHROPIC_API_KEY).toBe('sk-stored');
    const setting = resolveAgentLaunch({
      settings: { env: { ANTHROPIC_API_KEY: 'from-setting' } },
      node,
      adapterEntry: '/a.js',
      baseEnv: base,
      apiKey: 'sk-stored',
    });
    expect(setting.env.ANTHROPIC_API_KEY).toBe('from-setting');
    // Another agent is not Claude: the key is not handed to it.
    const other = resolveAgentLaunch({ settings: { path: '/opt/agent' }, node, adapterEntry: undefined, baseEnv: base, apiKey: 'sk-stored' });
    expect(other.env.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it('says what to do when the adapter is missing', () => {
    const run = () => resolveAgentLaunch({ settings: {}, node, adapterEntry: undefined, baseEnv: base });
    expect(run).toThrow(AgentStartError);
    expect(run).toThrow(/reinstall the extension or set acpChat\.agent\.path/i);
  });

  it('says what to do when Node is too old', () => {
    const run = () => resolveAgentLaunch({ settings: {}, node: { path: '/n', version: 'v20.18.1' }, adapterEntry: '/a.js', baseEnv: base });
    expect(run).toThrow(AgentStartError);
    expect(run).toThrow(/needs Node >= 22, found v20\.18\.1.*set acpChat\.agent\.path/is);
  });

  it('treats an unreadable Node version as too old, with the value in the message', () => {
    expect(() => resolveAgentLaunch({ settings: {}, node: { path: '/n', version: 'nightly' }, adapterEntry: '/a.js', baseEnv: base })).toThrow(/found nightly/);
  });

  it('an empty path setting falls back to the bundled adapter', () => {
    expect(resolveAgentLaunch({ settings: { path: '  ' }, node, adapterEntry: '/a.js', baseEnv: {} }).args).toEqual(['/a.js']);
  });
});

it('parseNodeMajor', () => {
  expect(parseNodeMajor('v24.21.0')).toBe(24);
  expect(parseNodeMajor('22.0.1')).toBe(22);
  expect(parseNodeMajor('x')).toBeUndefined();
});

describe('parseLaunchSettings', () => {
  it('keeps well-typed settings', () => {
    expect(parseLaunchSettings({ path: ' /bin/agent ', args: ['--x'], env: { A: '1' } })).toEqual({
      settings: { path: '/bin/agent', args: ['--x'], env: { A: '1' } },
      problems: [],
    });
    expect(parseLaunchSettings({ path: '', args: [], env: {} })).toEqual({ settings: { args: [], env: {} }, problems: [] });
  });

  it('drops ill-typed parts and says so', () => {
    const { settings, problems } = parseLaunchSettings({ path: 42, args: ['ok', 7], env: { A: '1', B: 2 } });
    expect(settings).toEqual({ args: ['ok'], env: { A: '1' } });
    expect(problems).toHaveLength(3);
    expect(parseLaunchSettings({ args: 'rm -rf /', env: ['x'] }).problems).toEqual([
      'acpChat.agent.args must be an array of strings; it was ignored.',
      'acpChat.agent.env must be an object of strings; it was ignored.',
    ]);
  });
});

describe('withClaudeTools', () => {
  const server = { type: 'http' as const, name: 'acp-chat', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'Authorization', value: 'Bearer t0ken' }] };
  const files = { name: 'files', command: '/usr/bin/files', args: [], env: [{ name: 'K', value: 'v' }] };
  const launch = { command: '/node', args: ['/ext/dist/agent/claude-agent-acp.mjs'], env: { PATH: '/usr/bin' } };
  // The user's servers with their secrets: a value typed into an input, an environment variable's, a token in the setting.
  const github = {
    type: 'http' as const,
    name: 'github',
    url: 'https://mcp.example/api?key=url-s3cret',
    headers: [
      { name: 'Authorization', value: 'Bearer input-s3cret' },
      { name: 'X-Env', value: 'env-s3cret' },
    ],
  };
  const db = { name: 'db', command: '/opt/db/server', args: ['--read-only'], env: [{ name: 'DB_PASSWORD', value: 'setting-s3cret' }] };
  const secrets = ['t0ken', 'input-s3cret', 'env-s3cret', 'url-s3cret', 'setting-s3cret'];

  it('passes the servers, and lists the tools that run without asking in claudeCode.options.allowedTools', () => {
    const out = withClaudeTools(launch, { mcpServers: [files], allowedTools: ['mcp__acp-chat__hover'] });
    expect(out.mcpServers).toEqual([{ ...files, env: [{ name: 'K', value: '${ACP_CHAT_MCP_VALUE_1}' }] }]);
    expect(out.sessionMeta).toEqual({ claudeCode: { options: { allowedTools: ['mcp__acp-chat__hover'] } } });
  });

  it("moves every header and environment value, and a URL filled in from a variable, into Claude Code's environment, off its command line", () => {
    const told: string[][] = [];
    const out = withClaudeTools(launch, {
      mcpServers: [server, github, db, files],
      allowedTools: [],
      secretHeaders: [{ server: 'acp-chat', header: 'Authorization', variable: 'TOOLS_AUTH' }],
      secretUrls: ['github'],
      onLaunch: (servers) => told.push(servers),
    });
    // What the SDK writes into --mcp-config, and the adapter's own command line: no value of them.
    const commandLine = JSON.stringify([out.command, out.args, out.mcpServers]);
    for (const secret of secrets) expect(commandLine).not.toContain(secret);
    expect(out.mcpServers).toEqual([
      { ...server, headers: [{ name: 'Authorization', value: '${TOOLS_AUTH}' }] },
      {
        ...github,
        url: '${ACP_CHAT_MCP_VALUE_3}',
        headers: [
          { name: 'Authorization', value: '${ACP_CHAT_MCP_VALUE_1}' },
          { name: 'X-Env', value: '${ACP_CHAT_MCP_VALUE_2}' },
        ],
      },
      { ...db, env: [{ name: 'DB_PASSWORD', value: '${ACP_CHAT_MCP_VALUE_4}' }] },
      { ...files, env: [{ name: 'K', value: '${ACP_CHAT_MCP_VALUE_5}' }] },
    ]);
    expect(out.env).toEqual({
      PATH: '/usr/bin',
      TOOLS_AUTH: 'Bearer t0ken',
      ACP_CHAT_MCP_VALUE_1: 'Bearer input-s3cret',
      ACP_CHAT_MCP_VALUE_2: 'env-s3cret',
      ACP_CHAT_MCP_VALUE_3: 'https://mcp.example/api?key=url-s3cret',
      ACP_CHAT_MCP_VALUE_4: 'setting-s3cret',
      ACP_CHAT_MCP_VALUE_5: 'v',
    });
    expect(told).toEqual([[]]); // told before the start that nothing stays on the command line
    expect(launch.env).toEqual({ PATH: '/usr/bin' }); // the launch given is left as it was
  });

  it("with Claude Code's subprocess scrub on (it then fills in no secret), leaves the values as they are and names their servers first", () => {
    for (const on of ['1', 'true', 'Yes', ' on ']) {
      const scrubbed = { ...launch, env: { PATH: '/usr/bin', CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: on } };
      const told: string[][] = [];
      const plain = { type: 'http' as const, name: 'plain', url: 'https://mcp.example/open', headers: [] };
      const out = withClaudeTools(scrubbed, {
        mcpServers: [server, github, db, plain],
        allowedTools: [],
        secretHeaders: [{ server: 'acp-chat', header: 'Authorization', variable: 'TOOLS_AUTH' }],
        secretUrls: ['github'],
        onLaunch: (servers) => told.push(servers),
      });
      expect(out.mcpServers).toEqual([server, github, db, plain]);
      expect(out.env).toEqual(scrubbed.env);
      expect(told).toEqual([['acp-chat', 'github', 'db']]);
    }
  });

  it("keeps the launch's own options beside them (the user's settings only, when the folder's were declined)", () => {
    const userOnly = { ...launch, sessionMeta: { other: 1, claudeCode: { options: { settingSources: ['user'] } } } };
    expect(withClaudeTools(userOnly, { mcpServers: [], allowedTools: ['mcp__acp-chat__hover'] }).sessionMeta).toEqual({
      other: 1,
      claudeCode: { options: { settingSources: ['user'], allowedTools: ['mcp__acp-chat__hover'] } },
    });
    expect(withClaudeTools(launch, { mcpServers: [], allowedTools: [] })).toEqual({ ...launch, mcpServers: [] });
  });
});

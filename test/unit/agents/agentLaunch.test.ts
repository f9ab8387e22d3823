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
  const launch = { command: '/node', args: [], env: { PATH: '/usr/bin' } };

  it('passes the servers, and lists the tools that run without asking in claudeCode.options.allowedTools', () => {
    expect(withClaudeTools(launch, { mcpServers: [server, files], allowedTools: ['mcp__acp-chat__hover'] })).toEqual({
      ...launch,
      mcpServers: [server, files],
      sessionMeta: { claudeCode: { options: { allowedTools: ['mcp__acp-chat__hover'] } } },
    });
  });

  it("moves a secret header into Claude Code's environment, off its command line", () => {
    const out = withClaudeTools(launch, {
      mcpServers: [server, files],
      allowedTools: [],
      secretHeaders: [{ server: 'acp-chat', header: 'Authorization', variable: 'TOOLS_AUTH' }],
    });
    expect(out.mcpServers).toEqual([{ ...server, headers: [{ name: 'Authorization', value: '${TOOLS_AUTH}' }] }, files]);
    expect(out.env).toEqual({ PATH: '/usr/bin', TOOLS_AUTH: 'Bearer t0ken' });
    expect(JSON.stringify(out.mcpServers)).not.toContain('t0ken');
    expect(launch.env).toEqual({ PATH: '/usr/bin' }); // the launch given is left as it was
  });

  it("leaves the header as it is when Claude Code's subprocess scrub is on (it fills in no variable then)", () => {
    const scrubbed = { ...launch, env: { PATH: '/usr/bin', CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '1' } };
    const out = withClaudeTools(scrubbed, {
      mcpServers: [server],
      allowedTools: [],
      secretHeaders: [{ server: 'acp-chat', header: 'Authorization', variable: 'TOOLS_AUTH' }],
    });
    expect(out.mcpServers).toEqual([server]);
    expect(out.env).toEqual(scrubbed.env);
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

import { afterEach, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { AgentHost } from '../../../src/chat/agentHost';
import { ChatRegistry } from '../../../src/chat/chatRegistry';
import type { ChatStatus } from '../../../src/chat/chatStatus';
import { AgentStartError } from '../../../src/acpClient/errors';
import { recordingLogger, startFakeAgent, type FakeAgent, type FakeAgentOptions } from '../acpClient/inProcessAgent';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setup(
  opts: {
    capabilities?: acp.AgentCapabilities;
    initialMode?: string;
    failLaunch?: string;
    cwd?: string | null;
    trusted?: boolean;
    initializeTimeoutMs?: number;
    /** Options for the n-th agent started (0-based). */
    agent?: (n: number) => FakeAgentOptions;
  } = {},
) {
  const agents: FakeAgent[] = [];
  const statuses: ChatStatus['state'][] = [];
  const failures: unknown[] = [];
  const host = new AgentHost({
    resolveLaunch: () => {
      if (opts.failLaunch) throw new Error(opts.failLaunch);
      return { command: 'fake', args: [], env: {} };
    },
    cwd: () => (opts.cwd === null ? undefined : (opts.cwd ?? '/work')),
    trusted: () => opts.trusted ?? true,
    initializeTimeoutMs: () => opts.initializeTimeoutMs,
    hooks: { requestPermission: () => new Promise<string>(() => undefined) },
    logger: recordingLogger(),
    clientInfo: { name: 't', version: '0' },
    initialMode: () => opts.initialMode,
    spawn: () => {
      const agent = startFakeAgent({ capabilities: opts.capabilities, ...opts.agent?.(agents.length) });
      agents.push(agent);
      return agent.process;
    },
  });
  const chats = new ChatRegistry(host, { logger: recordingLogger() });
  const chat = chats.sideView;
  host.onDidChangeStatus((s) => statuses.push(s.state));
  chat.onDidFail((e) => failures.push(e));
  const dispose = () => {
    chats.dispose();
    host.dispose();
  };
  cleanups.push(dispose);
  return { host, chats, chat, agents, statuses, failures, dispose };
}

const never = () => new Promise<void>(() => undefined);

describe('AgentHost and Chat: start-up without dead ends', () => {
  it('no folder open: fails with no-folder before anything is spawned', async () => {
    const t = setup({ cwd: null });
    const err = await t.chat.ensureSession().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentStartError);
    expect((err as AgentStartError).reason).toBe('no-folder');
    expect(t.agents).toHaveLength(0);
    expect(t.failures).toEqual([err]);
    // The chat's status says a folder is what it needs: its page shows the Open Folder welcome.
    expect(t.chat.status).toEqual({ state: 'error', message: 'No folder is open; the agent works in a folder.', needsFolder: true });
  });

  it('untrusted workspace: fails with untrusted before anything is spawned', async () => {
    const t = setup({ trusted: false });
    await expect(t.chat.ensureSession()).rejects.toMatchObject({ reason: 'untrusted' });
    expect(t.agents).toHaveLength(0);
  });

  it('an agent that never answers initialize is stopped after the timeout, with a typed error', async () => {
    const t = setup({ initializeTimeoutMs: 150, agent: () => ({ beforeInitialize: never }) });
    const err = await t.chat.ensureSession().catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'initialize-timeout', details: { timeoutMs: 150 } });
    expect(t.agents[0]!.process.killed).toBe(true);
    expect(t.chat.status.state).toBe('error');
    expect(t.failures).toHaveLength(1);
  });

  it("advertises auth.terminal and exposes the agent's sign-in methods", async () => {
    const methods: acp.AuthMethod[] = [
      { id: 'claude-ai-login', name: 'Claude Subscription', type: 'terminal', args: ['--cli', 'auth', 'login', '--claudeai'] },
    ];
    const t = setup({ agent: () => ({ authMethods: methods }) });
    await t.chat.ensureSession();
    expect(t.agents[0]!.initializeParams()?.clientCapabilities?.auth).toEqual({ terminal: true });
    expect(t.host.authMethods).toEqual(methods);
  });

  it('an agent-handled method is sent as authenticate; Sign Out sends logout only when the agent advertises it', async () => {
    const t = setup({ capabilities: { auth: { logout: {} } }, agent: () => ({ authMethods: [{ id: 'agent-login', name: 'Agent login' }] }) });
    await t.host.authenticate('agent-login');
    await t.host.signOut();
    expect(t.agents[0]!.received).toEqual(expect.arrayContaining(['authenticate:agent-login', 'logout']));
    const plain = setup();
    await plain.chat.ensureSession();
    await plain.host.signOut();
    expect(plain.agents[0]!.received).not.toContain('logout');
  });

  it('Restart during an in-flight start ends the starting process and starts one new agent', async () => {
    const t = setup({ agent: (n) => (n === 0 ? { beforeInitialize: never } : {}) });
    const first = t.chat.ensureSession();
    await new Promise((r) => setTimeout(r, 20));
    expect(t.agents).toHaveLength(1);
    const session = await t.chats.restart();
    expect(t.agents[0]!.process.killed).toBe(true);
    expect(t.agents).toHaveLength(2);
    // Whoever waited for the first start gets the restarted agent's session.
    expect(await first).toBe(session);
    expect(t.chat.session).toBe(session);
    expect(t.chat.status.state).toBe('ready');
    // The stopped start is not a failure to report.
    expect(t.failures).toEqual([]);
  });

  it('dispose during an in-flight start ends the starting process', async () => {
    const t = setup({ agent: () => ({ beforeInitialize: never }) });
    const outcome = t.chat.ensureSession().then(
      () => 'resolved',
      () => 'rejected',
    );
    await new Promise((r) => setTimeout(r, 20));
    t.dispose();
    expect(t.agents[0]!.process.killed).toBe(true);
    expect(await outcome).toBe('rejected');
  });
});

describe('Chat on the shared agent', () => {
  it('starts one agent and one session however many callers ask at once, in the configured mode', async () => {
    const t = setup({ initialMode: 'default' });
    const [a, b] = await Promise.all([t.chat.ensureSession(), t.chat.ensureSession()]);
    expect(a).toBe(b);
    expect(t.agents).toHaveLength(1);
    expect(t.agents[0]!.received.filter((m) => m === 'session/new')).toHaveLength(1);
    expect(a.snapshot().meta.modes?.currentModeId).toBe('default');
    expect(t.statuses).toEqual(['starting', 'ready']);
  });

  it('reports a launch failure as an error status and rejects', async () => {
    const t = setup({ failLaunch: 'The bundled Claude ACP adapter needs Node >= 22' });
    await expect(t.chat.ensureSession()).rejects.toThrow(/Node >= 22/);
    expect(t.chat.status).toEqual({ state: 'error', message: 'The bundled Claude ACP adapter needs Node >= 22' });
  });

  it('newSession closes the old session where the agent supports it', async () => {
    const t = setup();
    const first = await t.chat.ensureSession();
    const second = await t.chat.newSession();
    expect(second.id).not.toBe(first.id);
    expect(t.agents[0]!.received).toContain('session/close');
  });

  it('after the agent exits, the next prompt starts a new agent and continues the session where it can be loaded', async () => {
    const t = setup({ capabilities: { loadSession: true } });
    const first = await t.chat.ensureSession();
    t.agents[0]!.exit({ code: 1, stderrTail: 'boom' });
    await new Promise((r) => setTimeout(r, 20));
    expect(t.chat.status.state).toBe('error');
    expect(first.snapshot().meta.connection).toBe('disconnected');
    await (await t.chat.ensureSession()).prompt([{ type: 'text', text: 'again' }]);
    expect(t.agents).toHaveLength(2);
    expect(t.agents[1]!.received).toContain(`session/load ${first.id}`);
    expect(t.chat.session?.id).toBe(first.id);
    expect(t.chat.status.state).toBe('ready');
  });

  it('without session/load, a restart opens a new session', async () => {
    const t = setup();
    const first = await t.chat.ensureSession();
    const next = await t.chats.restart();
    expect(t.agents).toHaveLength(2);
    expect(t.agents[0]!.process.killed).toBe(true);
    expect(t.agents[1]!.received).toContain('session/new');
    expect(t.agents[1]!.received.some((m) => m.startsWith('session/load'))).toBe(false);
    expect(next).not.toBe(first);
    expect(first.snapshot().meta.connection).toBe('disconnected');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { ChatService, type ChatStatus } from '../../../src/acpClient/chatService';
import { recordingLogger, startFakeAgent, type FakeAgent } from './inProcessAgent';

const services: ChatService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.dispose();
});

function setup(opts: { capabilities?: acp.AgentCapabilities; initialMode?: string; failLaunch?: string } = {}) {
  const agents: FakeAgent[] = [];
  const statuses: ChatStatus['state'][] = [];
  const chat = new ChatService({
    resolveLaunch: () => {
      if (opts.failLaunch) throw new Error(opts.failLaunch);
      return { command: 'fake', args: [], env: {} };
    },
    cwd: () => '/work',
    hooks: { requestPermission: () => new Promise<string>(() => undefined) },
    logger: recordingLogger(),
    clientInfo: { name: 't', version: '0' },
    initialMode: () => opts.initialMode,
    spawn: () => {
      const agent = startFakeAgent({ capabilities: opts.capabilities });
      agents.push(agent);
      return agent.process;
    },
  });
  chat.onDidChangeStatus((s) => statuses.push(s.state));
  services.push(chat);
  return { chat, agents, statuses };
}

describe('ChatService', () => {
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
    await t.chat.prompt([{ type: 'text', text: 'again' }]);
    expect(t.agents).toHaveLength(2);
    expect(t.agents[1]!.received).toContain(`session/load ${first.id}`);
    expect(t.chat.session?.id).toBe(first.id);
    expect(t.chat.status.state).toBe('ready');
  });

  it('without session/load, a restart opens a new session', async () => {
    const t = setup();
    const first = await t.chat.ensureSession();
    const next = await t.chat.restart();
    expect(t.agents).toHaveLength(2);
    expect(t.agents[0]!.process.killed).toBe(true);
    expect(t.agents[1]!.received).toContain('session/new');
    expect(t.agents[1]!.received.some((m) => m.startsWith('session/load'))).toBe(false);
    expect(next).not.toBe(first);
    expect(first.snapshot().meta.connection).toBe('disconnected');
  });
});

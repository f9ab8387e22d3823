// Going back to an earlier prompt in the chat core, with an in-process agent: what the chat asks of the agent (a fork
// at the agent's last message before the prompt, in `_meta.jetbrains.air.fork`, else a new session) and what it says.
import { afterEach, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { AgentHost } from '../../../src/chat/agentHost';
import { Chat } from '../../../src/chat/chat';
import { recordingLogger, startFakeAgent, type FakeAgent } from '../acpClient/inProcessAgent';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const WITH_FORK: acp.AgentCapabilities = { loadSession: true, sessionCapabilities: { close: {}, fork: {} } as acp.SessionCapabilities };
const WITHOUT_FORK: acp.AgentCapabilities = { loadSession: true, sessionCapabilities: { close: {} } };

const ask = (t: string): acp.ContentBlock[] => [{ type: 'text', text: t }];

/** A chat on an agent that answers each prompt with one message, `msg-<n>`. */
function setup(capabilities: acp.AgentCapabilities) {
  const agents: FakeAgent[] = [];
  const logger = recordingLogger();
  let answered = 0;
  const host = new AgentHost({
    resolveLaunch: () => ({ command: 'fake', args: [], env: {} }),
    cwd: () => '/work',
    hooks: { requestPermission: () => new Promise<string>(() => undefined) },
    logger,
    clientInfo: { name: 't', version: '0' },
    spawn: () => {
      const agent = startFakeAgent({
        capabilities,
        prompt: async (ctx) => {
          answered += 1;
          await ctx.client.notify('session/update', {
            sessionId: ctx.params.sessionId,
            update: { sessionUpdate: 'agent_message_chunk', messageId: `msg-${answered}`, content: { type: 'text', text: `answer ${answered}` } },
          });
          return { stopReason: 'end_turn' };
        },
      });
      agents.push(agent);
      return agent.process;
    },
  });
  const chat = new Chat({ host, logger });
  cleanups.push(() => {
    chat.dispose();
    host.dispose();
  });
  const wire = (method: string) => agents[0]!.wire.filter((m) => m.method === method).map((m) => m.params as Record<string, unknown>);
  return { chat, agents, wire };
}

async function threeTurns(chat: Chat): Promise<string[]> {
  for (const p of ['one', 'two', 'three']) await chat.submit(ask(p));
  return chat.session!.snapshot().entries.flatMap((e) => (e.kind === 'user' ? [e.id] : []));
}

describe('Chat.editPrompt', () => {
  it('forks at the agent message before the prompt (merged into the session _meta) and sends the edit in the fork', async () => {
    const t = setup(WITH_FORK);
    const [, second] = await threeTurns(t.chat);
    const outcome = await t.chat.editPrompt(second!, ask('two, edited'));
    expect(outcome).toEqual({ kind: 'forked', sessionId: 'fork-of-sess-1', from: 'sess-1' });
    expect(t.wire('session/fork')).toEqual([
      { sessionId: 'sess-1', cwd: '/work', mcpServers: [], _meta: { jetbrains: { air: { fork: { version: 1, messageId: 'msg-1' } } } } },
    ]);
    expect(t.agents[0]!.received).toContain('session/load fork-of-sess-1');
    expect(t.wire('session/prompt').at(-1)).toEqual({ sessionId: 'fork-of-sess-1', prompt: ask('two, edited') });
    expect(t.chat.session?.id).toBe('fork-of-sess-1');
  });

  it('starts a new session for the first prompt', async () => {
    const t = setup(WITH_FORK);
    const [first] = await threeTurns(t.chat);
    const outcome = await t.chat.editPrompt(first!, ask('one, edited'));
    expect(outcome).toEqual({ kind: 'new', sessionId: 'sess-2', reason: 'first-prompt' });
    expect(t.wire('session/fork')).toEqual([]);
    expect(t.wire('session/prompt').at(-1)).toEqual({ sessionId: 'sess-2', prompt: ask('one, edited') });
  });

  it('starts a new session, and says why, when the agent cannot fork', async () => {
    const t = setup(WITHOUT_FORK);
    const [, , third] = await threeTurns(t.chat);
    const outcome = await t.chat.editPrompt(third!, ask('three, edited'));
    expect(outcome).toEqual({ kind: 'new', sessionId: 'sess-2', reason: 'cannot-fork' });
    expect(t.agents[0]!.received.filter((m) => m.startsWith('session/fork'))).toEqual([]);
  });

  it('refuses an empty edit and a prompt that is not in the conversation, staying where it was', async () => {
    const t = setup(WITH_FORK);
    const [first] = await threeTurns(t.chat);
    await expect(t.chat.editPrompt(first!, [])).rejects.toThrow('The edited prompt is empty.');
    await expect(t.chat.editPrompt('no-such-entry', ask('x'))).rejects.toThrow('That prompt is not in this chat.');
    await expect(t.chat.retry('no-such-entry')).rejects.toThrow('That prompt is not in this chat.');
    expect(t.chat.session?.id).toBe('sess-1');
    expect(t.agents[0]!.received.filter((m) => m === 'session/new')).toHaveLength(1);
  });
});

describe('Chat.rewindTo and Chat.retry', () => {
  it('rewindTo forks and sends nothing; retry sends the prompt again in the current session', async () => {
    const t = setup(WITH_FORK);
    const [, , third] = await threeTurns(t.chat);
    const prompts = t.wire('session/prompt').length;
    expect(await t.chat.rewindTo(third!)).toEqual({ kind: 'forked', sessionId: 'fork-of-sess-1', from: 'sess-1' });
    expect(t.wire('session/fork')[0]?._meta).toEqual({ jetbrains: { air: { fork: { version: 1, messageId: 'msg-2' } } } });
    expect(t.wire('session/prompt')).toHaveLength(prompts);

    const u = setup(WITH_FORK);
    const [first] = await threeTurns(u.chat);
    await u.chat.retry(first!);
    expect(u.wire('session/prompt').at(-1)).toEqual({ sessionId: 'sess-1', prompt: ask('one') });
    expect(u.chat.session?.id).toBe('sess-1');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { AgentExitedError, AgentStartError, NotSupportedError } from '../../../src/acpClient/errors';
import type { ClientHooks, PendingPermission } from '../../../src/acpClient/hooks';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import { recordingLogger, startFakeAgent, until, type FakeAgentOptions, type PromptScript } from './inProcessAgent';

const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
  { optionId: 'reject', name: 'No', kind: 'reject_once' },
];
const TOOL = { toolCallId: 'toolu_1', title: 'touch hi.txt && echo hi', kind: 'execute' as const, status: 'pending' as const };

const clients: AcpClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

async function setup(opts: FakeAgentOptions & { hooks?: Partial<ClientHooks>; terminalOutput?: boolean } = {}) {
  const agent = startFakeAgent(opts);
  const logger = recordingLogger();
  const asked: PendingPermission[] = [];
  const hooks: ClientHooks = {
    requestPermission: (req) => {
      asked.push(req); // a user who never answers, unless a test overrides
    },
    ...opts.hooks,
  };
  const client = await AcpClient.start({
    process: agent.process,
    hooks,
    logger,
    clientInfo: { name: 'acp-chat-test', version: '0.0.0' },
    terminalOutput: opts.terminalOutput,
  });
  clients.push(client);
  return { agent, client, logger, asked };
}

/** A prompt that shows a pending tool call, asks permission, and reports what the client answered. */
function permissionPrompt(seen: { outcome?: acp.RequestPermissionOutcome }, requestOptions?: () => acp.SendRequestOptions): PromptScript {
  return async (ctx) => {
    const sessionId = ctx.params.sessionId;
    await ctx.client.notify(acp.methods.client.session.update, { sessionId, update: { sessionUpdate: 'tool_call', ...TOOL } });
    const response = await ctx.client.request(
      acp.methods.client.session.requestPermission,
      { sessionId, toolCall: { toolCallId: TOOL.toolCallId, title: TOOL.title }, options: OPTIONS },
      requestOptions?.(),
    );
    seen.outcome = response.outcome;
    if (response.outcome.outcome === 'selected') {
      await ctx.client.notify(acp.methods.client.session.update, {
        sessionId,
        update: { sessionUpdate: 'tool_call_update', toolCallId: TOOL.toolCallId, status: 'completed' },
      });
      return { stopReason: 'end_turn' };
    }
    return { stopReason: 'cancelled' };
  };
}

const permissionEntry = (entries: TranscriptEntry[]) => entries.find((e) => e.kind === 'permission');
const toolEntry = (entries: TranscriptEntry[]) => entries.find((e) => e.kind === 'tool');

describe('AcpClient start', () => {
  it('advertises only what it serves', async () => {
    const { agent, client } = await setup();
    expect(agent.wire[0]).toMatchObject({ method: 'initialize', id: 0 });
    expect((agent.wire[0] as { params: unknown }).params).toEqual({
      protocolVersion: 1,
      clientCapabilities: { session: { configOptions: { boolean: {} }, notices: {}, compaction: {} }, subagents: {} },
      clientInfo: { name: 'acp-chat-test', version: '0.0.0' },
    });
    expect(client.initializeResponse.agentInfo?.name).toBe('fake-agent');
  });

  it('advertises form elicitation and terminal_output only when asked', async () => {
    const { agent } = await setup({ hooks: { createElicitation: (req) => void req.answer({ action: 'decline' }) }, terminalOutput: true });
    const caps = (agent.wire[0] as { params: { clientCapabilities: Record<string, unknown> } }).params.clientCapabilities;
    expect(caps).toEqual({
      session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
      subagents: {},
      elicitation: { form: {} },
      _meta: { terminal_output: true },
    });
    expect(agent.initializeParams()?.clientCapabilities?.fs).toEqual({ readTextFile: false, writeTextFile: false });
  });

  it('fails with exit code and stderr when the process exits before initialize', async () => {
    const agent = startFakeAgent();
    agent.exit({ code: 3, stderrTail: 'Error: cannot find module claude' });
    const start = AcpClient.start({
      process: agent.process,
      hooks: { requestPermission: async () => 'x' },
      logger: recordingLogger(),
      clientInfo: { name: 't', version: '0' },
    });
    await expect(start).rejects.toBeInstanceOf(AgentStartError);
    await expect(start).rejects.toThrow(/code 3[\s\S]*cannot find module claude/);
  });
});

describe('sessions and updates', () => {
  it('buffers updates sent before session/new is answered and applies them in order', async () => {
    const { client } = await setup({
      onNewSession: async (ctx, sessionId) => {
        await ctx.client.notify(acp.methods.client.session.update, {
          sessionId,
          update: { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'review', description: 'Review' }] },
        });
        for (const t of ['a', 'b', 'c']) {
          await ctx.client.notify(acp.methods.client.session.update, {
            sessionId,
            update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: t }, messageId: 'm' },
          });
        }
      },
    });
    const session = await client.newSession('/work');
    const snap = session.snapshot();
    expect(snap.meta.availableCommands.map((c) => c.name)).toEqual(['review']);
    expect(snap.entries).toMatchObject([{ kind: 'agent', content: [{ type: 'text', text: 'abc' }] }]);
    expect(snap.meta.modes?.currentModeId).toBe('auto');
  });

  it('applies a burst of updates strictly in arrival order and emits fine-grained changes', async () => {
    const parts = Array.from({ length: 300 }, (_, i) => `${i},`);
    const { client } = await setup({
      prompt: async (ctx) => {
        await Promise.all(
          parts.map((text) =>
            ctx.client.notify(acp.methods.client.session.update, {
              sessionId: ctx.params.sessionId,
              update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, messageId: 'm1' },
            }),
          ),
        );
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/work');
    let changed = 0;
    session.onDidChange((changes) => (changed += changes.filter((c) => c.type === 'entry-changed').length));
    const response = await session.prompt([{ type: 'text', text: 'count' }]);
    expect(response.stopReason).toBe('end_turn');
    const snap = session.snapshot();
    expect(snap.entries.map((e) => e.kind)).toEqual(['user', 'agent', 'turn-end']);
    expect(snap.entries[1]).toMatchObject({ content: [{ type: 'text', text: parts.join('') }] });
    expect(changed).toBeGreaterThanOrEqual(parts.length - 1);
    expect(snap.meta.turn).toBe('idle');
  });

  it('snapshot() and getToolCall() are copies: mutating them does not touch the session', async () => {
    const { client } = await setup({
      prompt: async (ctx) => {
        await ctx.client.notify(acp.methods.client.session.update, {
          sessionId: ctx.params.sessionId,
          update: { sessionUpdate: 'tool_call', ...TOOL, status: 'completed' },
        });
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/work');
    await session.prompt([{ type: 'text', text: 'x' }]);
    const snap = session.snapshot();
    (snap.entries[0] as { content: unknown[] }).content.push({ type: 'text', text: 'injected' });
    snap.meta.turn = 'running';
    session.getToolCall('toolu_1')!.status = 'failed';
    expect(session.snapshot().entries[0]).toMatchObject({ content: [{ type: 'text', text: 'x' }] });
    expect(session.snapshot().meta.turn).toBe('idle');
    expect(session.getToolCall('toolu_1')?.status).toBe('completed');
  });

  it('setMode and setConfigOption round-trip and keep mode state in step', async () => {
    const { client, agent } = await setup();
    const session = await client.newSession('/work');
    await session.setMode('default');
    expect(agent.setModes).toEqual([{ sessionId: session.id, modeId: 'default' }]);
    expect(session.snapshot().meta.modes?.currentModeId).toBe('default');
    await session.setConfigOption('mode', 'auto');
    expect(session.snapshot().meta.configOptions[0]).toMatchObject({ currentValue: 'auto' });
    expect(session.snapshot().meta.modes?.currentModeId).toBe('auto');
  });

  it('refuses unadvertised session methods with a clear error', async () => {
    const { client } = await setup();
    await expect(client.loadSession('x', '/w')).rejects.toBeInstanceOf(NotSupportedError);
    await expect(client.loadSession('x', '/w')).rejects.toThrow(/fake-agent does not support loading sessions/);
    await expect(client.listSessions()).rejects.toThrow(/does not support listing sessions/);
  });

  it('logs unknown notifications and answers unknown requests with method-not-found', async () => {
    let fsError: unknown;
    const { client, logger } = await setup({
      prompt: async (ctx) => {
        await ctx.client.notify('_vendor/something', { x: 1 });
        fsError = await ctx.client.request(acp.methods.client.fs.readTextFile, { sessionId: ctx.params.sessionId, path: '/etc/hosts' }).then(
          () => 'answered',
          (e: unknown) => e,
        );
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/work');
    await session.prompt([{ type: 'text', text: 'x' }]);
    expect(logger.has('info', /_vendor\/something/)).toBe(true);
    expect(fsError).toMatchObject({ code: -32601 });
    expect(logger.has('warn', /fs\/read_text_file/)).toBe(true);
  });
});

describe('sign-in state', () => {
  it('keeps the kind and label of _auth/status_update (not its detail) and fires a change', async () => {
    const seen: unknown[] = [];
    const { client } = await setup({
      prompt: async (ctx) => {
        await ctx.client.notify('_auth/status_update', { authStatus: { kind: 'api_key', label: 'Anthropic API key', detail: 'ANTHROPIC_API_KEY' } });
        return { stopReason: 'end_turn' };
      },
    });
    client.onDidChangeAuthStatus((s) => seen.push(s));
    const session = await client.newSession('/work');
    await session.prompt([{ type: 'text', text: 'x' }]);
    expect(client.authStatus).toEqual({ kind: 'api_key', label: 'Anthropic API key' });
    expect(seen).toEqual([{ kind: 'api_key', label: 'Anthropic API key' }]);
  });
});

describe('permissions', () => {
  it('asks the hook with the merged tool call and answers `selected`', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client } = await setup({ prompt: permissionPrompt(seen), hooks: { requestPermission: (req) => void req.answer('allow-once') } });
    const session = await client.newSession('/work');
    const response = await session.prompt([{ type: 'text', text: 'touch' }]);
    expect(seen.outcome).toEqual({ outcome: 'selected', optionId: 'allow-once' });
    expect(response.stopReason).toBe('end_turn');
    const entries = session.snapshot().entries;
    expect(permissionEntry(entries)).toMatchObject({
      permission: {
        key: `${session.id}:0`,
        toolCallId: 'toolu_1',
        outcome: { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' },
      },
    });
    expect(toolEntry(entries)).toMatchObject({ toolCall: { status: 'completed', kind: 'execute' } });
  });

  it('passes the merged tool call and an abortable signal to the hook', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, asked } = await setup({ prompt: permissionPrompt(seen) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    await until(() => asked.length === 1, 'permission');
    expect(asked[0]).toMatchObject({ key: `${session.id}:0`, sessionId: session.id, toolCall: { toolCallId: 'toolu_1', kind: 'execute', status: 'pending' } });
    expect(asked[0]!.signal.aborted).toBe(false);
    await session.cancel();
    await prompt;
  });

  it('$/cancel_request aborts the signal with reason agent-cancelled and answers cancelled; a late answer expires', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const withdraw = new AbortController();
    const { client, asked } = await setup({ prompt: permissionPrompt(seen, () => ({ cancellationSignal: withdraw.signal })) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    await until(() => asked.length === 1, 'permission');
    withdraw.abort();
    await until(() => asked[0]!.signal.aborted, 'signal abort');
    expect(asked[0]!.signal.reason).toBe('agent-cancelled');
    expect((await prompt).stopReason).toBe('cancelled');
    expect(seen.outcome).toEqual({ outcome: 'cancelled' });
    expect(permissionEntry(session.snapshot().entries)).toMatchObject({ permission: { outcome: { status: 'cancelled', reason: 'agent-cancelled' } } });
    expect(asked[0]!.answer('allow-once')).toBe('expired');
    expect(permissionEntry(session.snapshot().entries)).toMatchObject({ permission: { outcome: { status: 'expired', reason: 'agent-cancelled' } } });
  });

  it('Session.cancel sends session/cancel, settles the open request (turn-cancelled) and cancels tool calls', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, agent, asked } = await setup({ prompt: permissionPrompt(seen) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    await until(() => asked.length === 1, 'permission');
    expect(session.snapshot().meta.turn).toBe('running');
    await session.cancel();
    expect(asked[0]!.signal.reason).toBe('turn-cancelled');
    const mid = session.snapshot();
    expect(toolEntry(mid.entries)).toMatchObject({ toolCall: { status: 'cancelled' } });
    expect(permissionEntry(mid.entries)).toMatchObject({ permission: { outcome: { status: 'cancelled', reason: 'turn-cancelled' } } });
    expect((await prompt).stopReason).toBe('cancelled');
    expect(seen.outcome).toEqual({ outcome: 'cancelled' });
    expect(agent.cancels).toEqual([{ sessionId: session.id }]);
    // The agent learns about the cancel before it sees the `cancelled` answer (a lone cancelled outcome doesn't stop Claude).
    const cancelAt = agent.wire.findIndex((m) => m.method === 'session/cancel');
    const answerAt = agent.wire.findIndex((m) => m.id === 0 && 'result' in m);
    expect(cancelAt).toBeGreaterThan(-1);
    expect(answerAt).toBeGreaterThan(cancelAt);
    expect(agent.wire.filter((m) => m.id === 0 && 'result' in m)).toHaveLength(1);
    expect(session.snapshot().meta.turn).toBe('idle');
    expect(session.snapshot().entries.at(-1)).toMatchObject({ kind: 'turn-end', stopReason: 'cancelled' });
  });

  it('an unoffered optionId is refused and logged; the request stays pending and can still be answered', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, logger, asked } = await setup({ prompt: permissionPrompt(seen) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    await until(() => asked.length === 1, 'permission');
    expect(asked[0]!.answer('allow-always-forged')).toEqual({ refused: expect.stringMatching(/not offered.*allow-once/) });
    expect(logger.has('error', /allow-always-forged" was not offered/)).toBe(true);
    expect(seen.outcome).toBeUndefined();
    expect(permissionEntry(session.snapshot().entries)).toMatchObject({ permission: { outcome: { status: 'pending' } } });
    expect(asked[0]!.answer('reject')).toBe('accepted');
    expect(asked[0]!.answer('allow-once')).toBe('expired');
    await prompt;
    expect(seen.outcome).toEqual({ outcome: 'selected', optionId: 'reject' });
  });

  it('a throwing hook leaves the request pending but a cancel still settles it', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, logger } = await setup({
      prompt: permissionPrompt(seen),
      hooks: {
        requestPermission: () => {
          throw new Error('QuickPick exploded');
        },
      },
    });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    await until(() => logger.has('error', /permission prompt failed/), 'hook failure');
    expect(permissionEntry(session.snapshot().entries)).toMatchObject({ permission: { outcome: { status: 'pending' } } });
    await session.cancel();
    expect((await prompt).stopReason).toBe('cancelled');
    expect(seen.outcome).toEqual({ outcome: 'cancelled' });
  });
});

describe('elicitation', () => {
  it('serves form elicitation through the hook', async () => {
    let answer: acp.CreateElicitationResponse | undefined;
    const { client } = await setup({
      hooks: { createElicitation: (req) => void req.answer({ action: 'accept', content: { question_0: req.params.message } }) },
      prompt: async (ctx) => {
        answer = await ctx.client.request(acp.methods.client.elicitation.create, {
          mode: 'form',
          sessionId: ctx.params.sessionId,
          message: 'Which color?',
          requestedSchema: { type: 'object', properties: { question_0: { type: 'string', title: 'Color' } } },
        });
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/work');
    await session.prompt([{ type: 'text', text: 'ask' }]);
    expect(answer).toEqual({ action: 'accept', content: { question_0: 'Which color?' } });
  });
});

describe('elicitation cancellation', () => {
  it('$/cancel_request answers `cancel` and aborts the hook signal with agent-cancelled', async () => {
    const withdraw = new AbortController();
    let answer: acp.CreateElicitationResponse | undefined;
    const signals: AbortSignal[] = [];
    const { client } = await setup({
      hooks: { createElicitation: (req) => void signals.push(req.signal) },
      prompt: async (ctx) => {
        answer = await ctx.client.request(
          acp.methods.client.elicitation.create,
          { mode: 'form', sessionId: ctx.params.sessionId, message: 'Pick', requestedSchema: { type: 'object', properties: {} } },
          { cancellationSignal: withdraw.signal },
        );
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'ask' }]);
    await until(() => signals.length === 1, 'elicitation');
    withdraw.abort();
    await prompt;
    expect(answer).toEqual({ action: 'cancel' });
    expect(signals[0]!.reason).toBe('agent-cancelled');
  });
});

describe('agent exit', () => {
  it('settles open requests agent-exited, disconnects sessions, rejects the prompt clearly, fires onDidExit once', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, agent, asked } = await setup({ prompt: permissionPrompt(seen) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    prompt.catch(() => undefined);
    await until(() => asked.length === 1, 'permission');
    const exits: { disconnectedFirst: boolean }[] = [];
    client.onDidExit(() => exits.push({ disconnectedFirst: session.snapshot().meta.connection === 'disconnected' }));
    agent.exit({ code: 1, stderrTail: 'FATAL: out of tokens' });
    await expect(prompt).rejects.toBeInstanceOf(AgentExitedError);
    await expect(prompt).rejects.toThrow(/code 1[\s\S]*FATAL: out of tokens/);
    expect(asked[0]!.signal.reason).toBe('agent-exited');
    const snap = session.snapshot();
    expect(snap.meta).toMatchObject({ connection: 'disconnected', turn: 'idle', disconnectReason: expect.stringMatching(/code 1[\s\S]*FATAL/) });
    expect(toolEntry(snap.entries)).toMatchObject({ toolCall: { status: 'cancelled' } });
    expect(permissionEntry(snap.entries)).toMatchObject({ permission: { outcome: { status: 'cancelled', reason: 'agent-exited' } } });
    expect(snap.entries.at(-1)).toMatchObject({ kind: 'error', message: expect.stringMatching(/agent stopped/) });
    expect(exits).toEqual([{ disconnectedFirst: true }]);
    expect(client.closed).toBe(true);
    await expect(session.prompt([{ type: 'text', text: 'again' }])).rejects.toThrow(/not running/);
    await expect(client.newSession('/w')).rejects.toBeInstanceOf(AgentExitedError);
  });

  it('stdout closing while the process lives: the client stops the process and settles everything', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, agent, asked, logger } = await setup({ prompt: permissionPrompt(seen) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    prompt.catch(() => undefined);
    await until(() => asked.length === 1, 'permission');
    agent.closeStdout();
    await expect(prompt).rejects.toBeInstanceOf(AgentExitedError);
    expect(agent.process.killed).toBe(true);
    expect(asked[0]!.signal.reason).toBe('agent-exited');
    expect(session.snapshot().meta.connection).toBe('disconnected');
    expect(logger.has('warn', /connection to the agent closed/)).toBe(true);
  });

  it('session.close settles pending requests session-closed and sends session/close when advertised', async () => {
    const seen: { outcome?: acp.RequestPermissionOutcome } = {};
    const { client, agent, asked } = await setup({ prompt: permissionPrompt(seen) });
    const session = await client.newSession('/work');
    const prompt = session.prompt([{ type: 'text', text: 'touch' }]);
    prompt.catch(() => undefined);
    await until(() => asked.length === 1, 'permission');
    await client.closeSession(session.id);
    expect(asked[0]!.signal.reason).toBe('session-closed');
    expect(agent.received).toContain('session/close');
    expect(client.getSession(session.id)).toBeUndefined();
    await expect(session.prompt([{ type: 'text', text: 'x' }])).rejects.toThrow(/closed/);
  });
});

describe('agent errors', () => {
  it('carry the details the agent sent in data, and keep their code', async () => {
    const { withErrorDetails } = await import('../../../src/acpClient/acpClient');
    const e = withErrorDetails(new acp.RequestError(-32603, 'Internal error', { details: 'spawn claude ENOENT' }));
    expect(e).toBeInstanceOf(acp.RequestError);
    expect(e.code).toBe(-32603);
    expect(e.message).toBe('Internal error: spawn claude ENOENT');
    expect(withErrorDetails(new acp.RequestError(-32000, 'Authentication required')).message).toBe('Authentication required');
  });
});

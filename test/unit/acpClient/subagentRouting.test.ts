// A subagent's traffic through AcpClient (laneRouting.ts, sessionRequests.ts): updates and permission requests that
// carry its child session id go to the root session, in its lane; stopping one subagent; bad input on the wire.
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { NotSupportedError } from '../../../src/acpClient/errors';
import type { PendingPermission } from '../../../src/acpClient/hooks';
import type { Session } from '../../../src/acpClient/session';
import { deferred, recordingLogger, startFakeAgent, until, type FakeAgentOptions } from './inProcessAgent';

const CHILD = 'child-1';
const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
  { optionId: 'reject', name: 'No', kind: 'reject_once' },
];

const clients: AcpClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

async function setup(opts: FakeAgentOptions = {}) {
  const agent = startFakeAgent(opts);
  const logger = recordingLogger();
  const asked: PendingPermission[] = [];
  const client = await AcpClient.start({
    process: agent.process,
    hooks: { requestPermission: (req) => void asked.push(req) },
    logger,
    clientInfo: { name: 't', version: '0' },
  });
  clients.push(client);
  return { agent, client, logger, asked };
}

type Ctx = acp.AgentRequestContext<acp.PromptRequest>;
/** The stable agent app types only stable updates; the wire takes the subagent ones as they are. */
const send = (ctx: Ctx, sessionId: string, update: Record<string, unknown>) =>
  ctx.client.notify(acp.methods.client.session.update, { sessionId, update } as unknown as acp.SessionNotification);
const announce = (ctx: Ctx, child = CHILD, extra: Record<string, unknown> = {}) =>
  send(ctx, ctx.params.sessionId, {
    sessionUpdate: 'subagent_update',
    sessionId: child,
    title: 'Edit b',
    description: 'general-purpose',
    capabilities: { cancel: {} },
    state: { state: 'running' },
    ...extra,
  });
const childTool = (ctx: Ctx, child = CHILD) =>
  send(ctx, child, { sessionUpdate: 'tool_call', toolCallId: 'toolu_c1', title: 'Edit b.txt', kind: 'edit', status: 'pending' });
const askPermission = (ctx: Ctx, sessionId: string, toolCallId = 'toolu_c1') =>
  ctx.client.request(acp.methods.client.session.requestPermission, { sessionId, toolCall: { toolCallId, title: 'Edit b.txt' }, options: OPTIONS });

const laneOfEntries = (session: Session) => session.snapshot().entries.map((e) => [e.kind, e.lane ?? 'main']);

describe('subagent routing (AcpClient)', () => {
  it('a child’s updates and permission request go to the root session, in its lane; the Approval names the subagent', async () => {
    let outcome: acp.RequestPermissionOutcome | undefined;
    const { client, asked, agent, logger } = await setup({
      prompt: async (ctx) => {
        await announce(ctx);
        await childTool(ctx);
        outcome = (await askPermission(ctx, CHILD)).outcome;
        await send(ctx, ctx.params.sessionId, { sessionUpdate: 'subagent_update', sessionId: CHILD, state: { state: 'idle', stopReason: 'end_turn' } });
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/w');
    const prompt = session.prompt([{ type: 'text', text: 'go' }]);
    await until(() => asked.length === 1, 'the child’s permission');
    const approval = asked[0]!;
    expect(approval.sessionId).toBe(session.id);
    expect(approval.subagent).toEqual({ sessionId: CHILD, title: 'Edit b' });
    expect(approval.key).toBe(`${CHILD}:0`);
    expect(approval.toolCall).toMatchObject({ toolCallId: 'toolu_c1', kind: 'edit' });
    expect(approval.answer('allow-once')).toBe('accepted');
    expect((await prompt).stopReason).toBe('end_turn');
    expect(outcome).toEqual({ outcome: 'selected', optionId: 'allow-once' });
    expect(laneOfEntries(session)).toEqual([
      ['user', 'main'],
      ['subagent', 'main'],
      ['tool', CHILD],
      ['permission', CHILD],
      ['turn-end', 'main'],
    ]);
    expect(session.subagentLane(CHILD)).toMatchObject({ state: 'idle', stopReason: 'end_turn', title: 'Edit b' });
    expect(client.getSession(CHILD)).toBeUndefined();
    expect(agent.wire.filter((m) => m.method === 'session/cancel')).toEqual([]);
    expect(logger.lines.filter((l) => l.level !== 'info' && l.level !== 'debug')).toEqual([]);
  });

  it('updates of a child not announced yet are held, then go to its lane once it is', async () => {
    const { client } = await setup({
      prompt: async (ctx) => {
        await childTool(ctx);
        await announce(ctx);
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/w');
    await session.prompt([{ type: 'text', text: 'go' }]);
    expect(laneOfEntries(session)).toEqual([
      ['user', 'main'],
      ['subagent', 'main'],
      ['tool', CHILD],
      ['turn-end', 'main'],
    ]);
  });

  it('cancelSubagent sends session/cancel with the child’s id and settles its open requests; the turn goes on', async () => {
    const finish = deferred();
    const { client, asked, agent } = await setup({
      prompt: async (ctx) => {
        await announce(ctx);
        await childTool(ctx);
        const mainAsk = askPermission(ctx, ctx.params.sessionId, 'toolu_main');
        const childAsk = askPermission(ctx, CHILD);
        await childAsk;
        await finish.promise;
        await mainAsk;
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/w');
    const prompt = session.prompt([{ type: 'text', text: 'go' }]);
    await until(() => asked.length === 2, 'both permissions');
    await session.cancelSubagent(CHILD);
    await until(() => agent.cancels.length > 0, 'the cancel');
    expect(agent.cancels).toEqual([{ sessionId: CHILD }]);
    const [main, child] = [asked.find((a) => !a.subagent)!, asked.find((a) => a.subagent)!];
    expect(child.state).toEqual({ status: 'cancelled', reason: 'turn-cancelled' });
    expect(main.state).toEqual({ status: 'pending' });
    expect(session.turn).toBe('running');
    finish.resolve();
    main.answer('allow-once');
    expect((await prompt).stopReason).toBe('end_turn');
  });

  it('cancelSubagent refuses a subagent the agent gave no cancel, and one it does not know; nothing is sent', async () => {
    const { client, agent } = await setup({
      prompt: async (ctx) => {
        await announce(ctx, CHILD, { capabilities: undefined });
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/w');
    await session.prompt([{ type: 'text', text: 'go' }]);
    await expect(session.cancelSubagent(CHILD)).rejects.toBeInstanceOf(NotSupportedError);
    await expect(session.cancelSubagent(CHILD)).rejects.toThrow(/does not allow stopping “Edit b” on its own/);
    await expect(session.cancelSubagent('nobody')).rejects.toThrow(/no such subagent/);
    expect(agent.cancels).toEqual([]);
  });

  it('cancelling the turn settles the main agent’s requests, not a subagent’s (it withdraws its own); closing settles all', async () => {
    const { client, asked } = await setup({
      prompt: async (ctx) => {
        await announce(ctx);
        await childTool(ctx);
        void askPermission(ctx, ctx.params.sessionId, 'toolu_main').catch(() => undefined);
        void askPermission(ctx, CHILD).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 50));
        return { stopReason: 'cancelled' };
      },
    });
    const session = await client.newSession('/w');
    const prompt = session.prompt([{ type: 'text', text: 'go' }]);
    await until(() => asked.length === 2, 'both permissions');
    await session.cancel();
    const [main, child] = [asked.find((a) => !a.subagent)!, asked.find((a) => a.subagent)!];
    expect(main.state).toEqual({ status: 'cancelled', reason: 'turn-cancelled' });
    expect(child.state).toEqual({ status: 'pending' });
    await prompt;
    await session.close();
    expect(child.state).toEqual({ status: 'cancelled', reason: 'session-closed' });
  });

  it('bad input: a message naming an unknown subagent and a malformed state are logged once each; nothing throws', async () => {
    const { client, logger } = await setup({
      prompt: async (ctx) => {
        await announce(ctx);
        for (let i = 0; i < 3; i++) {
          await send(ctx, ctx.params.sessionId, {
            sessionUpdate: 'session_message',
            messageId: `m${i}`,
            senderSessionId: 'ghost',
            recipientSessionId: ctx.params.sessionId,
            content: [],
          });
          await send(ctx, ctx.params.sessionId, { sessionUpdate: 'subagent_update', sessionId: CHILD, state: { state: 'exploded' } });
        }
        return { stopReason: 'end_turn' };
      },
    });
    const session = await client.newSession('/w');
    await session.prompt([{ type: 'text', text: 'go' }]);
    const warnings = logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg);
    expect(warnings).toEqual([expect.stringMatching(/names no known subagent \("ghost"\)/), expect.stringMatching(/malformed state/)]);
    // The malformed state left the lane as it was until the turn closed it.
    expect(session.subagentLane(CHILD)).toMatchObject({ state: 'idle', stopReason: 'ended-with-turn' });
  });
});

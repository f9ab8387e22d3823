// The broker is a view of the core's pending requests: these tests run it behind the core's real request handlers,
// so what the agent would receive is what is asserted.
import type { CreateElicitationRequest, CreateElicitationResponse, RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { handleElicitationRequest } from '../../../src/acpClient/elicitationHandler';
import type { Logger } from '../../../src/acpClient/logger';
import { PendingRequests } from '../../../src/acpClient/pendingRequests';
import { handlePermissionRequest } from '../../../src/acpClient/permissionHandler';
import type { PermissionCancelReason } from '../../../src/acpClient/transcript';
import { PermissionBroker, type Prompt, type PromptSettled } from '../../../src/permissionUI/permissionBroker';

function logger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (msg: string) => void lines.push(`${level} ${msg}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

const params: RequestPermissionRequest = {
  sessionId: 's1',
  toolCall: { toolCallId: 'toolu_1', title: 'touch hi.txt', kind: 'execute', rawInput: { command: 'touch hi.txt' } },
  options: [
    { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
    { optionId: 'reject', name: 'No', kind: 'reject_once' },
  ],
};

const connection = new AbortController().signal;

/** A `session/request_permission` served by the core's handler, presented through the broker. */
function permission(
  broker: PermissionBroker,
  id: number,
  sdk = new AbortController(),
): { answer: Promise<RequestPermissionResponse>; cancel: (reason: PermissionCancelReason) => void } {
  const core = new PendingRequests();
  const answer = handlePermissionRequest({
    params,
    requestId: id,
    signal: sdk.signal,
    connectionSignal: connection,
    session: undefined,
    hooks: { requestPermission: (req) => broker.requestPermission(req) },
    pending: core,
    logger: logger(),
  });
  return { answer, cancel: (reason) => core.cancelAll(reason) };
}

const askParams: CreateElicitationRequest = {
  mode: 'form',
  sessionId: 's1',
  toolCallId: 'toolu_q',
  message: 'Which color do you prefer?',
  requestedSchema: {
    type: 'object',
    properties: {
      question_0: {
        type: 'string',
        title: 'Color',
        oneOf: [
          { const: 'Red', title: 'Red' },
          { const: 'Blue', title: 'Blue' },
        ],
      },
      question_0_custom: { type: 'string', title: 'Other' },
    },
  },
};

function elicitation(broker: PermissionBroker, id: number): { response: Promise<CreateElicitationResponse>; cancel: (reason: PermissionCancelReason) => void } {
  const core = new PendingRequests();
  const response = handleElicitationRequest({
    params: askParams,
    requestId: id,
    signal: new AbortController().signal,
    connectionSignal: connection,
    createElicitation: (req) => broker.createElicitation(req),
    pending: core,
    logger: logger(),
  });
  return { response, cancel: (reason) => core.cancelAll(reason) };
}

/** The core hands the request to the hook in a microtask. */
const presented = () => new Promise((r) => setTimeout(r, 0));

/** A fake surface: records what the broker tells it, like the QuickPick and the inline card do. */
function surface(broker: PermissionBroker) {
  const open = new Set<string>();
  const settled: PromptSettled[] = [];
  const counts: number[] = [];
  const shown: string[] = [];
  broker.onDidAdd((p: Prompt) => open.add(p.key));
  broker.onDidRequestShow((p) => {
    shown.push(p.key);
    open.add(p.key);
  });
  broker.onDidSettle((e) => {
    settled.push(e);
    open.delete(e.key);
  });
  broker.onDidDismiss((p) => open.delete(p.key));
  broker.onDidChangeCount((n) => counts.push(n));
  return { open, settled, counts, shown };
}

const never = Symbol('pending');
async function state<T>(promise: Promise<T>): Promise<T | typeof never> {
  return Promise.race([promise, new Promise<typeof never>((r) => setTimeout(() => r(never), 10))]);
}

const selected = (optionId: string): RequestPermissionResponse => ({ outcome: { outcome: 'selected', optionId } });

describe('PermissionBroker: permissions', () => {
  it('holds a request by key and sends the first answer; every surface closes', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const quickPick = surface(broker);
    const inline = surface(broker);
    const { answer } = permission(broker, 0);
    await presented();
    expect(broker.get('s1:0')?.type).toBe('permission');
    expect(quickPick.open.has('s1:0') && inline.open.has('s1:0')).toBe(true);

    expect(broker.answer('s1:0', 'reject')).toBe('accepted');
    expect(broker.answer('s1:0', 'allow-once')).toBe('expired');
    await expect(answer).resolves.toEqual(selected('reject'));
    expect(quickPick.open.size + inline.open.size).toBe(0);
    expect(inline.settled).toEqual([{ key: 's1:0', type: 'permission', outcome: 'answered' }]);
    expect(broker.count).toBe(0);
  });

  it('the core refuses an option that was not offered; the request stays pending', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { answer } = permission(broker, 0);
    await presented();
    expect(broker.answer('s1:0', 'allow-always-forged')).toEqual({ refused: expect.stringMatching(/not offered.*allow-once, reject/) });
    expect(await state(answer)).toBe(never);
    expect(broker.count).toBe(1);
    expect(ui.open.has('s1:0')).toBe(true);
    expect(broker.answer('s1:0', 'allow-once')).toBe('accepted');
    await expect(answer).resolves.toEqual(selected('allow-once'));
  });

  it.each<PermissionCancelReason>(['agent-cancelled', 'turn-cancelled', 'agent-exited', 'session-closed'])(
    'drops the request and closes every surface when the core cancels it (%s)',
    async (reason) => {
      const broker = new PermissionBroker({ logger: logger() });
      const a = surface(broker);
      const b = surface(broker);
      const { answer, cancel } = permission(broker, 0);
      await presented();
      cancel(reason);
      expect(a.open.size + b.open.size).toBe(0);
      expect(b.settled).toEqual([{ key: 's1:0', type: 'permission', outcome: 'cancelled', reason }]);
      expect(broker.count).toBe(0);
      expect(broker.get('s1:0')).toBeUndefined();
      await expect(answer).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
    },
  );

  it('a late answer (after cancel) still reaches the core, which discards it as expired', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { answer, cancel } = permission(broker, 0);
    await presented();
    cancel('turn-cancelled');
    const settledBefore = ui.settled.length;
    expect(broker.answer('s1:0', 'allow-once')).toBe('expired'); // e.g. a modal that could not be closed
    expect(broker.answer('s1:0', 'reject')).toBe('expired');
    await expect(answer).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
    expect(ui.settled.length).toBe(settledBefore); // never treated as live
    expect(broker.count).toBe(0);
  });

  it('does not present a request the agent withdrew before it was shown', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const sdk = new AbortController();
    sdk.abort();
    const { answer } = permission(broker, 0, sdk);
    await presented();
    expect(ui.open.size).toBe(0);
    expect(broker.count).toBe(0);
    expect(broker.answer('s1:0', 'allow-once')).toBe('unknown');
    await expect(answer).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('a dismissed prompt leaves the request pending; show() presents it again', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { answer } = permission(broker, 0);
    await presented();
    broker.dismiss('s1:0');
    expect(ui.open.has('s1:0')).toBe(false);
    expect(broker.get('s1:0')?.request.dismissed).toBe(true);
    expect(broker.count).toBe(1);
    expect(await state(answer)).toBe(never);

    expect(broker.show('s1:0')?.key).toBe('s1:0');
    expect(ui.shown).toEqual(['s1:0']);
    expect(ui.open.has('s1:0')).toBe(true);
    expect(broker.get('s1:0')?.request.dismissed).toBe(false);
    broker.answer('s1:0', 'allow-once');
    await expect(answer).resolves.toEqual(selected('allow-once'));
    expect(broker.show('s1:0')).toBeUndefined();
  });

  it('nextKey walks the pending requests in arrival order, wrapping around', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    expect(broker.nextKey()).toBeUndefined();
    for (const id of [0, 1, 2]) permission(broker, id);
    await presented();
    expect(broker.nextKey()).toBe('s1:0');
    expect(broker.nextKey('s1:0')).toBe('s1:1');
    expect(broker.nextKey('s1:2')).toBe('s1:0');
    expect(broker.nextKey('gone')).toBe('s1:0');
    broker.answer('s1:1', 'reject');
    expect(broker.nextKey('s1:0')).toBe('s1:2');
  });

  it('reports counts on add, answer and cancel', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    permission(broker, 0);
    const second = permission(broker, 1);
    elicitation(broker, 2);
    await presented();
    broker.answer('s1:0', 'allow-once');
    second.cancel('agent-cancelled');
    broker.answerElicitation('s1:2', { action: 'decline' });
    expect(ui.counts).toEqual([1, 2, 3, 2, 1, 0]);
    expect(broker.pending()).toEqual([]);
  });

  it('answering an unknown key is reported, not thrown', () => {
    const log = logger();
    const broker = new PermissionBroker({ logger: log });
    expect(broker.answer('nope', 'allow-once')).toBe('unknown');
    expect(log.lines.some((l) => l.startsWith('warn') && l.includes('nope'))).toBe(true);
  });

  it('a duplicate key fails the second hook call instead of losing the first request', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const first = permission(broker, 0);
    await presented();
    const duplicate = { ...broker.get('s1:0')!.request } as Parameters<PermissionBroker['requestPermission']>[0];
    expect(() => broker.requestPermission(duplicate)).toThrow(/already pending/);
    broker.answer('s1:0', 'reject');
    await expect(first.answer).resolves.toEqual(selected('reject'));
  });

  it('a throwing surface does not stop the others', async () => {
    const log = logger();
    const broker = new PermissionBroker({ logger: log });
    broker.onDidAdd(() => {
      throw new Error('boom');
    });
    const ui = surface(broker);
    permission(broker, 0);
    await presented();
    expect(ui.open.has('s1:0')).toBe(true);
    expect(log.lines.some((l) => l.startsWith('error'))).toBe(true);
  });
});

describe('PermissionBroker: elicitations', () => {
  it('accepts a valid form answer (first answer wins)', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { response } = elicitation(broker, 0);
    await presented();
    const prompt = broker.get('s1:0');
    expect(prompt?.type === 'elicitation' && prompt.form.ok).toBe(true);
    const accept: CreateElicitationResponse = { action: 'accept', content: { question_0: 'Red', question_0_custom: 'Red' } };
    expect(broker.answerElicitation('s1:0', accept)).toBe('accepted');
    expect(broker.answerElicitation('s1:0', { action: 'decline' })).toBe('expired');
    await expect(response).resolves.toEqual(accept);
    expect(ui.open.size).toBe(0);
  });

  it('refuses content that does not fit the form and keeps it pending', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const { response } = elicitation(broker, 0);
    await presented();
    expect(broker.answerElicitation('s1:0', { action: 'accept', content: { question_0: 'Green' } })).toEqual({
      refused: 'Color: Pick one of the offered choices.',
    });
    expect(broker.answerElicitation('s1:0', { action: 'maybe' } as unknown as CreateElicitationResponse)).toEqual({
      refused: expect.stringMatching(/Unknown elicitation action/),
    });
    expect(broker.answer('s1:0', 'allow-once')).toBe('unknown'); // wrong type: reported unknown, not answered
    expect(await state(response)).toBe(never);
    broker.answerElicitation('s1:0', { action: 'cancel' });
    await expect(response).resolves.toEqual({ action: 'cancel' });
  });

  it('closes surfaces when the elicitation is cancelled', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { cancel, response } = elicitation(broker, 0);
    await presented();
    cancel('turn-cancelled');
    expect(ui.open.size).toBe(0);
    expect(ui.settled).toEqual([{ key: 's1:0', type: 'elicitation', outcome: 'cancelled', reason: 'turn-cancelled' }]);
    await expect(response).resolves.toEqual({ action: 'cancel' });
  });

  it('dispose answers pending elicitations with cancel and leaves permissions to the core', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const perm = permission(broker, 0);
    const elic = elicitation(broker, 1);
    await presented();
    broker.dispose();
    await expect(elic.response).resolves.toEqual({ action: 'cancel' });
    expect(await state(perm.answer)).toBe(never);
    expect(broker.count).toBe(0);
  });
});

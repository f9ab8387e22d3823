import type { CreateElicitationRequest, CreateElicitationResponse, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { PendingElicitation, PendingPermission } from '../../../src/acpClient/hooks';
import type { Logger } from '../../../src/acpClient/logger';
import type { PermissionCancelReason } from '../../../src/acpClient/transcript';
import { PermissionBroker, PromptAnswerError, type Prompt, type PromptSettled } from '../../../src/permissionUI/permissionBroker';

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

function permission(id: number, controller = new AbortController()): { req: PendingPermission; controller: AbortController } {
  return { req: { key: `s1:${id}`, sessionId: 's1', params, signal: controller.signal }, controller };
}

const askParams: CreateElicitationRequest = {
  mode: 'form',
  sessionId: 's1',
  toolCallId: 'toolu_q',
  message: 'Which color do you prefer?',
  requestedSchema: {
    type: 'object',
    properties: {
      question_0: { type: 'string', title: 'Color', oneOf: [{ const: 'Red', title: 'Red' }, { const: 'Blue', title: 'Blue' }] },
      question_0_custom: { type: 'string', title: 'Other' },
    },
  },
};

function elicitation(id: number, controller = new AbortController()): { req: PendingElicitation; controller: AbortController } {
  return { req: { key: `s1:${id}`, sessionId: 's1', params: askParams, signal: controller.signal }, controller };
}

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

describe('PermissionBroker: permissions', () => {
  it('holds a request by key and resolves with the first answer; every surface closes', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const quickPick = surface(broker);
    const inline = surface(broker);
    const { req } = permission(0);
    const answer = broker.requestPermission(req);
    expect(broker.get('s1:0')?.type).toBe('permission');
    expect(quickPick.open.has('s1:0') && inline.open.has('s1:0')).toBe(true);

    expect(broker.answer('s1:0', 'reject')).toBe('accepted');
    expect(broker.answer('s1:0', 'allow-once')).toBe('too-late');
    await expect(answer).resolves.toBe('reject');
    expect(quickPick.open.size + inline.open.size).toBe(0);
    expect(inline.settled).toEqual([{ key: 's1:0', type: 'permission', outcome: 'answered' }]);
    expect(broker.count).toBe(0);
  });

  it('refuses an option that was not offered and keeps the request pending', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { req } = permission(0);
    const answer = broker.requestPermission(req);
    expect(() => broker.answer('s1:0', 'allow-always-forged')).toThrow(PromptAnswerError);
    expect(() => broker.answer('s1:0', 'allow-always-forged')).toThrow(/not offered.*allow-once, reject/);
    expect(await state(answer)).toBe(never);
    expect(broker.count).toBe(1);
    expect(ui.open.has('s1:0')).toBe(true);
    expect(broker.answer('s1:0', 'allow-once')).toBe('accepted');
    await expect(answer).resolves.toBe('allow-once');
  });

  it.each<PermissionCancelReason>(['agent-cancelled', 'turn-cancelled', 'agent-exited', 'session-closed'])(
    'drops the request and closes every surface when the signal aborts (%s)',
    async (reason) => {
      const broker = new PermissionBroker({ logger: logger() });
      const a = surface(broker);
      const b = surface(broker);
      const { req, controller } = permission(0);
      const answer = broker.requestPermission(req);
      controller.abort(reason);
      expect(a.open.size + b.open.size).toBe(0);
      expect(b.settled).toEqual([{ key: 's1:0', type: 'permission', outcome: 'cancelled', reason }]);
      expect(broker.count).toBe(0);
      expect(broker.get('s1:0')).toBeUndefined();
      // Cancellation is not a user choice: the core's promise is not resolved by the broker.
      expect(await state(answer)).toBe(never);
    },
  );

  it('discards a late answer (after cancel) but hands it to the core, which records it as expired', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { req, controller } = permission(0);
    const answer = broker.requestPermission(req);
    controller.abort('turn-cancelled');
    const settledBefore = ui.settled.length;
    expect(() => broker.answer('s1:0', 'forged')).toThrow(PromptAnswerError);
    expect(broker.answer('s1:0', 'allow-once')).toBe('too-late'); // e.g. a modal that could not be closed
    await expect(answer).resolves.toBe('allow-once');
    expect(broker.answer('s1:0', 'reject')).toBe('too-late');
    expect(ui.settled.length).toBe(settledBefore); // never treated as live
    expect(broker.count).toBe(0);
  });

  it('does not present a request whose signal was already aborted', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const controller = new AbortController();
    controller.abort('agent-exited');
    const answer = broker.requestPermission(permission(0, controller).req);
    expect(ui.open.size).toBe(0);
    expect(broker.count).toBe(0);
    expect(broker.answer('s1:0', 'allow-once')).toBe('too-late');
    await expect(answer).resolves.toBe('allow-once');
  });

  it('a dismissed prompt leaves the request pending; show() presents it again', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const answer = broker.requestPermission(permission(0).req);
    broker.dismiss('s1:0');
    expect(ui.open.has('s1:0')).toBe(false);
    expect(broker.get('s1:0')?.dismissed).toBe(true);
    expect(broker.count).toBe(1);
    expect(await state(answer)).toBe(never);

    expect(broker.show('s1:0')?.key).toBe('s1:0');
    expect(ui.shown).toEqual(['s1:0']);
    expect(ui.open.has('s1:0')).toBe(true);
    expect(broker.get('s1:0')?.dismissed).toBe(false);
    broker.answer('s1:0', 'allow-once');
    await expect(answer).resolves.toBe('allow-once');
    expect(broker.show('s1:0')).toBeUndefined();
  });

  it('nextKey walks the pending requests in arrival order, wrapping around', () => {
    const broker = new PermissionBroker({ logger: logger() });
    expect(broker.nextKey()).toBeUndefined();
    for (const id of [0, 1, 2]) void broker.requestPermission(permission(id).req);
    expect(broker.nextKey()).toBe('s1:0');
    expect(broker.nextKey('s1:0')).toBe('s1:1');
    expect(broker.nextKey('s1:2')).toBe('s1:0');
    expect(broker.nextKey('gone')).toBe('s1:0');
    broker.answer('s1:1', 'reject');
    expect(broker.nextKey('s1:0')).toBe('s1:2');
  });

  it('reports counts on add, answer and cancel', () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    void broker.requestPermission(permission(0).req);
    const second = permission(1);
    void broker.requestPermission(second.req);
    void broker.createElicitation(elicitation(2).req);
    broker.answer('s1:0', 'allow-once');
    second.controller.abort('agent-cancelled');
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

  it('rejects a duplicate key instead of losing the first request', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const first = broker.requestPermission(permission(0).req);
    await expect(broker.requestPermission(permission(0).req)).rejects.toThrow(/already pending/);
    broker.answer('s1:0', 'reject');
    await expect(first).resolves.toBe('reject');
  });

  it('a throwing surface does not stop the others', () => {
    const log = logger();
    const broker = new PermissionBroker({ logger: log });
    broker.onDidAdd(() => {
      throw new Error('boom');
    });
    const ui = surface(broker);
    void broker.requestPermission(permission(0).req);
    expect(ui.open.has('s1:0')).toBe(true);
    expect(log.lines.some((l) => l.startsWith('error'))).toBe(true);
  });
});

describe('PermissionBroker: elicitations', () => {
  it('accepts a valid form answer (first answer wins)', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const response = broker.createElicitation(elicitation(0).req);
    const prompt = broker.get('s1:0');
    expect(prompt?.type === 'elicitation' && prompt.form.ok).toBe(true);
    const accept: CreateElicitationResponse = { action: 'accept', content: { question_0: 'Red', question_0_custom: 'Red' } };
    expect(broker.answerElicitation('s1:0', accept)).toBe('accepted');
    expect(broker.answerElicitation('s1:0', { action: 'decline' })).toBe('too-late');
    await expect(response).resolves.toEqual(accept);
    expect(ui.open.size).toBe(0);
  });

  it('refuses content that does not fit the form and keeps it pending', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const response = broker.createElicitation(elicitation(0).req);
    expect(() => broker.answerElicitation('s1:0', { action: 'accept', content: { question_0: 'Green' } })).toThrow(PromptAnswerError);
    expect(() => broker.answerElicitation('s1:0', { action: 'maybe' })).toThrow(/Unknown elicitation action/);
    expect(() => broker.answer('s1:0', 'allow-once')).not.toThrow(); // wrong type: reported unknown, not answered
    expect(broker.answer('s1:0', 'allow-once')).toBe('unknown');
    expect(await state(response)).toBe(never);
    broker.answerElicitation('s1:0', { action: 'cancel' });
    await expect(response).resolves.toEqual({ action: 'cancel' });
  });

  it('closes surfaces when the elicitation is cancelled', () => {
    const broker = new PermissionBroker({ logger: logger() });
    const ui = surface(broker);
    const { req, controller } = elicitation(0);
    void broker.createElicitation(req);
    controller.abort('turn-cancelled');
    expect(ui.open.size).toBe(0);
    expect(ui.settled).toEqual([{ key: 's1:0', type: 'elicitation', outcome: 'cancelled', reason: 'turn-cancelled' }]);
  });

  it('dispose answers pending elicitations with cancel and leaves permissions to the core', async () => {
    const broker = new PermissionBroker({ logger: logger() });
    const perm = broker.requestPermission(permission(0).req);
    const elic = broker.createElicitation(elicitation(1).req);
    broker.dispose();
    await expect(elic).resolves.toEqual({ action: 'cancel' });
    expect(await state(perm)).toBe(never);
    expect(broker.count).toBe(0);
  });
});

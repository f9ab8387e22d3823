import { describe, expect, test } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { Chat } from '../../../src/chat/chat';
import { limitMessage } from '../../../src/attention/attentionWording';
import { turnOutcome, watchChats } from '../../../src/attention/turnWatch';

const end = (stopReason: string, lane?: string): TranscriptEntry => ({ kind: 'turn-end', id: 'e', stopReason, at: 0, ...(lane ? { lane } : {}) });
const error = (message: string): TranscriptEntry => ({ kind: 'error', id: 'x', message, at: 0 });

describe('turnOutcome: how a turn ended, for the user', () => {
  test('finished, with its stop reason', () => {
    expect(turnOutcome([end('end_turn')])).toEqual({ kind: 'turnEnded', stopReason: 'end_turn' });
    expect(turnOutcome([end('refusal')])).toEqual({ kind: 'turnEnded', stopReason: 'refusal' });
  });
  test('a turn the user stopped, or one never answered, is no news', () => {
    expect(turnOutcome([end('cancelled')])).toBeUndefined();
    expect(turnOutcome([])).toBeUndefined();
  });
  test('the model’s limits', () => {
    expect(turnOutcome([end('max_tokens')])).toEqual({ kind: 'limit', what: 'max_tokens' });
    expect(turnOutcome([end('max_turn_requests')])).toEqual({ kind: 'limit', what: 'max_turn_requests' });
  });
  test('an error, and the API’s rate limit or credit as limits', () => {
    expect(turnOutcome([error('Internal error: something broke')])).toEqual({ kind: 'error', message: 'Internal error: something broke' });
    expect(turnOutcome([error('API Error: 429 rate_limit_error')])).toEqual({ kind: 'limit', what: 'rate_limit' });
    expect(turnOutcome([error('Credit balance is too low')])).toEqual({ kind: 'limit', what: 'credit' });
  });
  test('a subagent’s end is not the turn’s', () => {
    expect(turnOutcome([end('max_tokens', 'child'), end('end_turn')])).toEqual({ kind: 'turnEnded', stopReason: 'end_turn' });
    expect(turnOutcome([end('end_turn', 'child')])).toBeUndefined();
  });
});

describe('watchChats: something watched for every chat, those opened later too', () => {
  test('each chat is watched once, and what it watches goes with it', () => {
    type Listener = (chat: Chat) => void;
    const listeners = { add: [] as Listener[], remove: [] as Listener[] };
    const on = (list: Listener[]) => (l: Listener) => (list.push(l), { dispose: () => list.splice(list.indexOf(l), 1) });
    const [a, b] = [{ name: 'a' }, { name: 'b' }] as unknown as Chat[];
    const chats = { all: () => [a], onDidAdd: on(listeners.add), onDidRemove: on(listeners.remove) };
    const log: string[] = [];
    const name = (c: Chat) => (c as unknown as { name: string }).name;
    const watching = watchChats(chats, (chat) => (log.push(`watch ${name(chat)}`), { dispose: () => log.push(`drop ${name(chat)}`) }));
    for (const l of listeners.add) l(b);
    for (const l of listeners.remove) l(a);
    watching.dispose();
    expect(log).toEqual(['watch a', 'watch b', 'drop a', 'drop b']);
    expect([listeners.add.length, listeners.remove.length]).toEqual([0, 0]);
  });
});

describe('limitMessage: a usage limit the agent reported, as a notification says it', () => {
  test('names the chat and the notice, without links', () => {
    expect(limitMessage('Fix the cart', 'You have used 90% of your 5-hour limit')).toBe('ACP Chat: “Fix the cart”: You have used 90% of your 5-hour limit');
    expect(limitMessage('x', 'see [here](command:evil)')).not.toContain('](command:');
  });
});

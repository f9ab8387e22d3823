// What the transcript keeps for the usage capability: the PromptResponse's usage on the turn's end, the rate-limit info
// of a usage_update, and a notice the client adds.
import { describe, expect, it } from 'vitest';
import { applyClientEvent } from '../../../src/acpClient/clientEvents';
import { applySessionUpdate } from '../../../src/acpClient/sessionReducer';
import { conversationMarkdown } from '../../../src/chat/conversationMarkdown';
import { emptyTranscript, toSnapshot } from '../../../src/acpClient/transcriptState';

describe('usage in the transcript', () => {
  it("keeps the PromptResponse's usage on the turn's end as it came, and none when it is not an object", () => {
    let state = applyClientEvent(emptyTranscript('s'), { type: 'prompt-sent', content: [{ type: 'text', text: 'hi' }] }, 1).state;
    const usage = { inputTokens: 1, outputTokens: 2, totalTokens: 3 };
    state = applyClientEvent(state, { type: 'turn-ended', stopReason: 'end_turn', usage }, 2).state;
    state = applyClientEvent(state, { type: 'turn-ended', stopReason: 'end_turn', usage: 'lots' }, 3).state;
    const ends = toSnapshot(state).entries.filter((e) => e.kind === 'turn-end');
    expect(ends.map((e) => (e.kind === 'turn-end' ? e.usage : null))).toEqual([usage, undefined]);
  });

  it("keeps a usage_update's cost and Claude's rate-limit info", () => {
    const rateLimit = { status: 'allowed_warning', rateLimitType: 'five_hour' };
    const { state } = applySessionUpdate(
      emptyTranscript('s'),
      { sessionUpdate: 'usage_update', used: 10, size: 100, cost: { amount: 0.5, currency: 'USD' }, _meta: { '_claude/rateLimit': rateLimit } },
      1,
    );
    expect(state.meta.usage).toEqual({ used: 10, size: 100, cost: { amount: 0.5, currency: 'USD' }, rateLimit });
  });

  it('adds a notice the client gives where the transcript is', () => {
    const { state, changes } = applyClientEvent(
      emptyTranscript('s'),
      { type: 'notice-added', severity: 'warning', title: 'Reached the 5-hour limit', description: 'Resets Sun 1:00 PM.' },
      5,
    );
    expect(toSnapshot(state).entries).toEqual([
      { kind: 'notice', id: expect.any(String), severity: 'warning', title: 'Reached the 5-hour limit', description: 'Resets Sun 1:00 PM.', at: 5 },
    ]);
    expect(changes).toHaveLength(1);
  });

  it("puts each turn's usage after its end, and the total last, in the exported chat", () => {
    const md = conversationMarkdown(
      [
        { kind: 'user', id: 'u', content: [{ type: 'text', text: 'hi' }], at: 1 },
        { kind: 'agent', id: 'a', content: [{ type: 'text', text: 'hello' }], at: 2 },
        { kind: 'turn-end', id: 't', stopReason: 'end_turn', at: 3 },
      ],
      'Chat',
      { byEntry: new Map([['t', 'Usage: 3 tokens (1 in, 2 out) · $0.01']]), total: 'This chat: 1 turn · 3 tokens · $0.01' },
    );
    expect(md).toBe(
      '# Chat\n\n## You\n\nhi\n\n## Agent\n\nhello\n\n*Usage: 3 tokens (1 in, 2 out) · $0.01*\n\n---\n\n*This chat: 1 turn · 3 tokens · $0.01*\n',
    );
  });
});

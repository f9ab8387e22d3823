import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { fold } from './replay';

// Chunks of one message, possibly split anywhere (including empty and multi-byte strings), interleaved with
// updates that add no entry (usage): the folded text is the concatenation, in arrival order.
describe('chunk concatenation (property)', () => {
  it('preserves order for one messageId', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }), (parts, noise) => {
        const steps: SessionUpdate[] = [];
        parts.forEach((p, i) => {
          steps.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: p }, messageId: i === 0 || i % 3 ? 'm1' : null });
          if (noise[i]) steps.push({ sessionUpdate: 'usage_update', used: i, size: 100 });
        });
        const { state } = fold(steps);
        expect(state.entries).toHaveLength(1);
        const entry = state.entries[0]!;
        expect(entry.kind === 'agent' && entry.content).toEqual([{ type: 'text', text: parts.join('') }]);
      }),
    );
  });

  it('splits into one entry per messageId run, each the concatenation of its own chunks', () => {
    const run = fc.record({ id: fc.stringMatching(/^m[0-9]$/), parts: fc.array(fc.string(), { minLength: 1, maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(run, { minLength: 1, maxLength: 10 }), (runs) => {
        // Adjacent runs with the same id are one message.
        const merged: { id: string; text: string }[] = [];
        for (const r of runs) {
          const last = merged[merged.length - 1];
          if (last && last.id === r.id) last.text += r.parts.join('');
          else merged.push({ id: r.id, text: r.parts.join('') });
        }
        const steps: SessionUpdate[] = runs.flatMap((r) =>
          r.parts.map((p) => ({ sessionUpdate: 'agent_message_chunk' as const, content: { type: 'text' as const, text: p }, messageId: r.id })),
        );
        const { state } = fold(steps);
        expect(
          state.entries.map((e) => (e.kind === 'agent' ? { id: e.messageId, text: e.content.map((c) => (c.type === 'text' ? c.text : '')).join('') } : null)),
        ).toEqual(merged);
      }),
    );
  });
});

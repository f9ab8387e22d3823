import { describe, expect, it } from 'vitest';
import { displayTitle, historyFromList, relativeTime, remember } from '../../../src/chat/sessionHistory';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('session history model', () => {
  it('orders the list newest first, one item per id, undated last, titles on one line', () => {
    const items = historyFromList([
      { sessionId: 'a', cwd: '/w', title: 'A', updatedAt: '2026-03-01T00:00:00Z' },
      { sessionId: 'b', cwd: '/w', title: '  multi\nline\ttitle ', updatedAt: '2026-03-09T00:00:00Z' },
      { sessionId: 'c', cwd: '/w', title: null },
      { sessionId: 'a', cwd: '/w', title: 'A newer', updatedAt: '2026-03-05T00:00:00Z' },
      { sessionId: '', cwd: '/w' },
    ]);
    expect(items).toEqual([
      { sessionId: 'b', title: 'multi line title', updatedAt: '2026-03-09T00:00:00Z' },
      { sessionId: 'a', title: 'A newer', updatedAt: '2026-03-05T00:00:00Z' },
      { sessionId: 'c', title: null, updatedAt: null },
    ]);
    expect(displayTitle(items[2]!)).toBe('Untitled chat (c)');
  });

  it('remembers an update in place, keeping a known title, capped', () => {
    let items = remember([], { sessionId: 'x', title: 'First', updatedAt: '2026-03-01T00:00:00Z' });
    items = remember(items, { sessionId: 'y', title: null, updatedAt: '2026-03-02T00:00:00Z' });
    items = remember(items, { sessionId: 'x', title: null, updatedAt: '2026-03-03T00:00:00Z' });
    expect(items.map((i) => [i.sessionId, i.title])).toEqual([
      ['x', 'First'],
      ['y', null],
    ]);
    expect(remember(items, { sessionId: 'z', title: null, updatedAt: '2026-03-04T00:00:00Z' }, 2).map((i) => i.sessionId)).toEqual(['z', 'x']);
  });

  it('says when in words', () => {
    const ago = (ms: number) => relativeTime(new Date(NOW - ms).toISOString(), NOW);
    expect(ago(10_000)).toBe('just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(45 * 60_000)).toBe('45 minutes ago');
    expect(ago(3 * 3600_000)).toBe('3 hours ago');
    expect(ago(30 * 3600_000)).toBe('yesterday');
    expect(ago(5 * 86_400_000)).toBe('5 days ago');
    expect(ago(90 * 86_400_000)).toBe('2025-12-10');
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime('garbage', NOW)).toBe('');
  });
});

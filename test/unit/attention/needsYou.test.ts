import { describe, expect, test } from 'vitest';
import { NeedsYou } from '../../../src/attention/needsYou';

describe('NeedsYou: the chats that wait for the user', () => {
  test('lists the waiting chats oldest first, each with its reasons', () => {
    const n = new NeedsYou<string>();
    n.add('b', 'finished');
    n.add('a', 'approval', 'k1');
    n.add('b', 'error');
    n.add('b', 'finished');
    expect(n.waiting()).toEqual([
      { chat: 'b', reasons: ['finished', 'error'], order: 1 },
      { chat: 'a', reasons: ['approval'], order: 2 },
    ]);
  });

  test('looking at a chat clears what waited to be seen; an approval or a question waits until answered', () => {
    const n = new NeedsYou<string>();
    n.add('a', 'finished');
    n.add('a', 'question', 'q1');
    n.add('a', 'approval', 'p1');
    n.seen('a');
    expect(n.reasonsOf('a')).toEqual(['question', 'approval']);
    n.settle('q1');
    expect(n.reasonsOf('a')).toEqual(['approval']);
    n.settle('p1');
    expect(n.waiting()).toEqual([]);
  });

  test('two approvals of one chat each wait for their own answer', () => {
    const n = new NeedsYou<string>();
    n.add('a', 'approval', 'p1');
    n.add('a', 'approval', 'p2');
    n.settle('p1');
    expect(n.reasonsOf('a')).toEqual(['approval']);
  });

  test('a closed chat waits no more', () => {
    const n = new NeedsYou<string>();
    n.add('a', 'approval', 'p1');
    n.add('a', 'finished');
    n.forget('a');
    expect(n.waiting()).toEqual([]);
  });

  test('next walks the waiting chats in order, oldest first, and wraps round', () => {
    const n = new NeedsYou<string>();
    n.add('a', 'finished');
    n.add('b', 'approval', 'p1');
    n.add('c', 'error');
    expect(n.next()).toBe('a');
    // Going there showed it: its finished turn is seen.
    n.seen('a');
    expect(n.next()).toBe('b');
    expect(n.next()).toBe('c');
    // b still waits for its answer: the walk comes round to it.
    expect(n.next()).toBe('b');
  });

  test('a chat that waits again later takes its place at the end', () => {
    const n = new NeedsYou<string>();
    n.add('a', 'finished');
    n.add('b', 'finished');
    n.seen('a');
    n.add('a', 'error');
    expect(n.waiting().map((w) => w.chat)).toEqual(['b', 'a']);
  });

  test('next is undefined when no chat waits; changes are announced', () => {
    const n = new NeedsYou<string>();
    let changes = 0;
    n.onDidChange(() => changes++);
    expect(n.next()).toBeUndefined();
    n.add('a', 'finished');
    n.add('a', 'finished');
    n.seen('b');
    n.seen('a');
    expect(changes).toBe(2);
  });
});

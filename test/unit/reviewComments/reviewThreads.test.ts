// A review's threads keep their place as their file changes, take the agent's later change to their lines, come back
// from the workspace's state only whole, and read to the model as one review with each comment's file, lines and text.
import { describe, expect, it } from 'vitest';
import { changeUnder, parseThreads, relocate, type ReviewThread } from '../../../src/reviewComments/reviewThreads';
import { planFeedbackPrompt, reviewPrompt } from '../../../src/reviewComments/reviewPrompt';

const thread = (over: Partial<ReviewThread> = {}): ReviewThread => ({
  id: 't1',
  sessionId: 's1',
  path: '/ws/src/cart.js',
  start: 2,
  end: 2,
  lines: ['const total = a + b;'],
  comments: [{ id: 'c1', body: 'Use integer cents.', author: 'user', at: 1 }],
  state: 'draft',
  ...over,
});

describe('relocate', () => {
  it('stays where its lines are, moves with lines added above, and is outdated when its lines are gone', () => {
    const file = 'one\ntwo\nconst total = a + b;\nfour\n';
    expect(relocate(thread(), file)).toEqual(thread());
    expect(relocate(thread(), `zero\n${file}`)).toMatchObject({ start: 3, end: 3, outdated: false });
    expect(relocate(thread(), 'one\ntwo\nconst total = cents(a, b);\nfour\n')).toMatchObject({ start: 2, end: 2, outdated: true });
    // A file that shrank: the outdated thread stays inside it.
    expect(relocate(thread({ start: 9, end: 10, lines: ['x', 'y'] }), 'a\nb\n')).toMatchObject({ start: 2, end: 2, outdated: true });
  });
});

describe('changeUnder', () => {
  const before = 'one\ntwo\nconst total = a + b;\nfour\nfive\n';
  it("is the change to the thread's lines, as a diff, with where the thread is afterwards", () => {
    const after = 'zero\none\ntwo\nconst total = cents(a) + cents(b);\nfour\nfive\n';
    expect(changeUnder(thread(), before, after)).toEqual({
      diff: ['-const total = a + b;', '+const total = cents(a) + cents(b);'],
      start: 3,
      end: 3,
    });
  });

  it('is nothing when the change left its lines alone', () => {
    expect(changeUnder(thread(), before, before.replace('five', 'FIVE'))).toBeUndefined();
    expect(changeUnder(thread(), before, before)).toBeUndefined();
  });
});

describe('parseThreads', () => {
  it('keeps whole threads and leaves out what is malformed, never throwing', () => {
    const good = thread({ state: 'sent', after: 2 });
    expect(parseThreads([good, { ...good, id: 3 }, { ...good, start: 5, end: 1 }, { ...good, comments: [{ body: 'x' }] }, null, 'x'])).toEqual([good]);
    expect(parseThreads(undefined)).toEqual([]);
    expect(parseThreads({ threads: [] })).toEqual([]);
  });
});

describe('the prompts', () => {
  it("holds every comment with its file, lines and the lines' text, by file in the lines' order", () => {
    const text = reviewPrompt(
      [
        thread({ id: 'b', start: 9, end: 10, lines: ['if (code) {', '  return 0;'], comments: [{ id: 'x', body: 'Why 0?', author: 'user', at: 1 }] }),
        thread(),
        thread({ id: 'c', path: '/ws/README.md', start: 0, end: 0, lines: ['# Shop ```'], comments: [{ id: 'y', body: 'Name it.', author: 'user', at: 1 }] }),
      ],
      (p) => p.replace('/ws/', ''),
    );
    expect(text).toBe(
      [
        'I reviewed your changes and left 3 comments on 2 files. Please address each one.',
        '## src/cart.js',
        'Line 3:\n```\nconst total = a + b;\n```\nUse integer cents.',
        'Lines 10-11:\n```\nif (code) {\n  return 0;\n```\nWhy 0?',
        '## README.md',
        // A fence longer than the backticks it quotes.
        'Line 1:\n````\n# Shop ```\n````\nName it.',
      ].join('\n\n'),
    );
  });

  it('asks to keep planning with every comment on the plan', () => {
    const text = planFeedbackPrompt([
      thread({ start: 4, end: 4, lines: ['2. Add a field'], comments: [{ id: 'a', body: 'Call it discountCode.', author: 'user', at: 1 }] }),
      thread({ start: 1, end: 1, lines: ['1. Read cart.js'], comments: [{ id: 'b', body: 'Read checkout.js too.', author: 'user', at: 1 }] }),
    ]);
    expect(text.split('\n\n')[0]).toBe('Keep planning: I left 2 comments on your plan. Revise the plan to address each one, then present it again.');
    expect(text.indexOf('Read checkout.js too.')).toBeLessThan(text.indexOf('Call it discountCode.'));
    expect(text).toContain('Line 2 of the plan:\n```\n1. Read cart.js\n```');
  });
});

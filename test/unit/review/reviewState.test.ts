// How a file under review moves: a turn ends, a tool call writes, the user keeps or undoes a hunk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHunks, undoHunk } from '../../../src/review/hunks';
import { afterTurn, afterWrite, hunksOf, kept, undone, type FileUnderReview } from '../../../src/review/reviewState';

const PATH = '/ws/src/app.ts';
const text = (...lines: string[]) => lines.map((l) => `${l}\n`).join('');

const BASE = text('a', 'b', 'c', 'd', 'e');
const AGENT = text('a', 'B', 'c', 'd', 'E'); // two hunks: b → B, e → E
const REVIEW: FileUnderReview = { path: PATH, base: BASE, agent: AGENT };

describe('hunksOf', () => {
  it('gives the hunks between base and agent text', () => {
    expect(hunksOf(REVIEW).map((h) => h.added)).toEqual([['B\n'], ['E\n']]);
  });

  it('gives none once the agent text is gone', () => {
    expect(hunksOf({ path: PATH, base: BASE, agent: null })).toEqual([]);
  });

  it('gives a created file as one hunk', () => {
    expect(hunksOf({ path: PATH, base: null, agent: text('x') })).toHaveLength(1);
  });
});

describe('afterTurn', () => {
  it('starts a file not under review from what it held before the turn', () => {
    expect(afterTurn(undefined, PATH, BASE, AGENT)).toEqual({ path: PATH, base: BASE, agent: AGENT });
  });

  it('starts a file the turn created from nothing', () => {
    expect(afterTurn(undefined, PATH, null, text('x'))).toEqual({ path: PATH, base: null, agent: text('x') });
  });

  it('goes on from the base when the file still held what the agent left', () => {
    const next = text('a', 'B', 'c', 'D', 'E');
    expect(afterTurn(REVIEW, PATH, AGENT, next)).toEqual({ path: PATH, base: BASE, agent: next });
  });

  it('starts from what the file held before the turn when the user changed it between turns', () => {
    const users = text('a', 'B', 'c', 'mine', 'd', 'E');
    const next = text('a', 'B', 'c', 'mine', 'd', 'E', 'F');
    expect(afterTurn(REVIEW, PATH, users, next)).toEqual({ path: PATH, base: users, agent: next });
  });

  it('gives undefined for a file the turn deleted, under review or not', () => {
    expect(afterTurn(REVIEW, PATH, AGENT, null)).toBeUndefined();
    expect(afterTurn(undefined, PATH, BASE, null)).toBeUndefined();
  });

  it('gives undefined for a file the turn left as it was', () => {
    expect(afterTurn(undefined, PATH, BASE, BASE)).toBeUndefined();
  });

  it('gives undefined when the turn put back the base of the review', () => {
    expect(afterTurn(REVIEW, PATH, AGENT, BASE)).toBeUndefined();
  });

  it('keeps the same review when its agent text already is what the turn left (followed while the turn ran)', () => {
    expect(afterTurn(REVIEW, PATH, BASE, AGENT)).toBe(REVIEW);
  });
});

describe('afterWrite', () => {
  it('moves the agent text on and keeps the base when the write undoes to the review’s agent text', () => {
    const now = text('a', 'B', 'c', 'D', 'E');
    expect(afterWrite(REVIEW, PATH, now, [{ oldText: 'd\n', newText: 'D\n' }])).toEqual({ path: PATH, base: BASE, agent: now });
  });

  it('undoes several diffs of one call, last first', () => {
    const now = text('a', 'B', 'c', 'D2', 'E');
    const diffs = [
      { oldText: 'd\n', newText: 'D\n' },
      { oldText: 'D\n', newText: 'D2\n' },
    ];
    expect(afterWrite(REVIEW, PATH, now, diffs)).toEqual({ path: PATH, base: BASE, agent: now });
  });

  it('starts a file not under review with the undone text as its base', () => {
    expect(
      afterWrite(undefined, PATH, AGENT, [
        { oldText: 'b\n', newText: 'B\n' },
        { oldText: 'e\n', newText: 'E\n' },
      ]),
    ).toEqual({ path: PATH, base: BASE, agent: AGENT });
  });

  it('starts a file the call created with a null base', () => {
    expect(afterWrite(undefined, PATH, text('x'), [{ oldText: null, newText: text('x') }])).toEqual({ path: PATH, base: null, agent: text('x') });
  });

  it('gives undefined when the diffs cannot be undone in the file', () => {
    expect(afterWrite(REVIEW, PATH, AGENT, [{ oldText: 'q\n', newText: 'not there\n' }])).toBeUndefined();
    expect(afterWrite(undefined, PATH, AGENT, [{ oldText: 'q\n', newText: 'not there\n' }])).toBeUndefined();
  });

  it('gives undefined when the file held something other than the review’s agent text before the write', () => {
    // The user typed "mine" before the agent's write: the turn's end decides.
    const now = text('a', 'B', 'c', 'mine', 'D', 'E');
    expect(afterWrite(REVIEW, PATH, now, [{ oldText: 'd\n', newText: 'D\n' }])).toBeUndefined();
  });

  it('gives undefined when the write leaves nothing to judge', () => {
    expect(afterWrite(undefined, PATH, BASE, [{ oldText: 'b\n', newText: 'b\n' }])).toBeUndefined();
  });
});

describe('kept and undone', () => {
  it('kept moves the base on by that hunk only', () => {
    const [first] = hunksOf(REVIEW);
    expect(kept(REVIEW, first!)).toEqual({ path: PATH, base: text('a', 'B', 'c', 'd', 'e'), agent: AGENT });
  });

  it('undone puts that hunk back in the agent text only', () => {
    const [, second] = hunksOf(REVIEW);
    expect(undone(REVIEW, second!)).toEqual({ path: PATH, base: BASE, agent: text('a', 'B', 'c', 'd', 'e') });
  });

  it('gives undefined once the last hunk is kept or undone', () => {
    const one: FileUnderReview = { path: PATH, base: BASE, agent: text('a', 'B', 'c', 'd', 'e') };
    const [h] = hunksOf(one);
    expect(kept(one, h!)).toBeUndefined();
    expect(undone(one, h!)).toBeUndefined();
  });

  it('gives undefined once the only hunk of a created file is undone', () => {
    const created: FileUnderReview = { path: PATH, base: null, agent: text('x') };
    expect(undone(created, hunksOf(created)[0]!)).toBeUndefined();
  });
});

describe('kept and undone (property)', () => {
  const line = fc.constantFrom('a\n', 'b\n', 'c\n', 'd\n', '\n', 'e');
  const file = fc.array(line, { maxLength: 8 }).map((l) => l.join(''));

  it('keeping the first hunk until none is left never touches the agent text', () => {
    fc.assert(
      fc.property(fc.option(file, { nil: null }), file, (base, agent) => {
        // A review with nothing to judge never exists: each step gives undefined instead.
        const hunks = computeHunks(base, agent).length;
        let f: FileUnderReview | undefined = hunks ? { path: PATH, base, agent } : undefined;
        let steps = 0;
        while (f) {
          expect(f.agent).toBe(agent);
          const [h] = hunksOf(f);
          f = kept(f, h!);
          steps++;
          expect(steps).toBeLessThanOrEqual(hunks);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('undoing the last hunk until none is left brings the agent text back to the base', () => {
    fc.assert(
      fc.property(fc.option(file, { nil: null }), file, (base, agent) => {
        const hunks = computeHunks(base, agent).length;
        let f: FileUnderReview | undefined = hunks ? { path: PATH, base, agent } : undefined;
        let last = agent;
        for (let steps = 1; f; steps++) {
          expect(f.base).toBe(base);
          const h = hunksOf(f).at(-1)!;
          last = undoHunk(f.agent, h);
          f = undone(f, h);
          expect(steps).toBeLessThanOrEqual(hunks);
        }
        expect(last).toBe(base ?? '');
      }),
      { numRuns: 300 },
    );
  });
});

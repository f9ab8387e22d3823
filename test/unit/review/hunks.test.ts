// The agent's changes to a file as line hunks, where they stand in the file as the user has it now, and what Undo
// and Keep do with them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHunks, hunkId, keepHunk, locateHunks, splitLines, undoEdit, undoHunk, type LocatedHunk } from '../../../src/review/hunks';

const text = (...lines: string[]) => lines.map((l) => `${l}\n`).join('');

/** What the editor does with an undo edit: lines [start, end) of `current` become `text`. */
const apply = (current: string, edit: { start: number; end: number; text: string }): string => {
  const lines = splitLines(current);
  lines.splice(edit.start, edit.end - edit.start, edit.text);
  return lines.join('');
};

// Three separate hunks: line 1 replaced (b → B), two lines inserted after d, and g deleted.
const BASE = text('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
const AGENT = text('a', 'B', 'c', 'd', 'X', 'Y', 'e', 'f', 'h');
const HUNKS = computeHunks(BASE, AGENT);

describe('splitLines', () => {
  it('keeps each line ending, and a last line without one', () => {
    expect(splitLines('a\nb\r\n\nc')).toEqual(['a\n', 'b\r\n', '\n', 'c']);
  });

  it('gives no lines for an empty text', () => {
    expect(splitLines('')).toEqual([]);
  });
});

describe('computeHunks', () => {
  it('gives a replacement, an insertion and a deletion as three hunks with their ranges and lines', () => {
    expect(HUNKS).toEqual([
      { agentStart: 1, agentEnd: 2, baseStart: 1, baseEnd: 2, removed: ['b\n'], added: ['B\n'], twin: 0 },
      { agentStart: 4, agentEnd: 6, baseStart: 4, baseEnd: 4, removed: [], added: ['X\n', 'Y\n'], twin: 0 },
      { agentStart: 8, agentEnd: 8, baseStart: 6, baseEnd: 7, removed: ['g\n'], added: [], twin: 0 },
    ]);
  });

  it('gives a created file (base null) as one hunk of added lines', () => {
    expect(computeHunks(null, text('x', 'y'))).toEqual([{ agentStart: 0, agentEnd: 2, baseStart: 0, baseEnd: 0, removed: [], added: ['x\n', 'y\n'], twin: 0 }]);
  });

  it('gives no hunks when the agent left the base as it was', () => {
    expect(computeHunks(BASE, BASE)).toEqual([]);
  });

  it('treats a last line without a line ending as a line of its own', () => {
    expect(computeHunks('a\nb\nc', 'a\nb\nC')).toEqual([{ agentStart: 2, agentEnd: 3, baseStart: 2, baseEnd: 3, removed: ['c'], added: ['C'], twin: 0 }]);
    // Appending a line to such a file changes its last line too: it gains a line ending.
    expect(computeHunks('a\nb', 'a\nb\nc')).toEqual([{ agentStart: 1, agentEnd: 3, baseStart: 1, baseEnd: 2, removed: ['b'], added: ['b\n', 'c'], twin: 0 }]);
  });

  it('keeps the \\r of CRLF line endings in the removed and added lines', () => {
    expect(computeHunks('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n')).toEqual([
      { agentStart: 1, agentEnd: 2, baseStart: 1, baseEnd: 2, removed: ['b\r\n'], added: ['B\r\n'], twin: 0 },
    ]);
  });
});

describe('locateHunks', () => {
  const flags = (located: LocatedHunk[]) => located.map((h) => h.edited);

  it('finds every hunk at its agent lines, clean, in the text the agent left', () => {
    expect(locateHunks(HUNKS, AGENT, AGENT).map(({ start, end, edited }) => ({ start, end, edited }))).toEqual([
      { start: 1, end: 2, edited: false },
      { start: 4, end: 6, edited: false },
      { start: 8, end: 8, edited: false },
    ]);
  });

  it('shifts the hunks past the lines the user added elsewhere and leaves them clean', () => {
    // A line on top, c changed (next to the first hunk, not in it), two lines after e (before the deletion).
    const current = text('top', 'a', 'B', 'see', 'd', 'X', 'Y', 'e', 'u1', 'u2', 'f', 'h');
    expect(locateHunks(HUNKS, AGENT, current).map(({ start, end, edited }) => ({ start, end, edited }))).toEqual([
      { start: 2, end: 3, edited: false },
      { start: 5, end: 7, edited: false },
      { start: 11, end: 11, edited: false },
    ]);
  });

  it('shifts the hunks up past the lines the user deleted elsewhere', () => {
    const current = text('B', 'c', 'd', 'X', 'Y', 'f', 'h'); // a and e deleted
    expect(locateHunks(HUNKS, AGENT, current).map(({ start, end, edited }) => ({ start, end, edited }))).toEqual([
      { start: 0, end: 1, edited: false },
      { start: 3, end: 5, edited: false },
      { start: 6, end: 6, edited: false },
    ]);
  });

  it('marks only the hunk whose line the user changed as edited', () => {
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'Y!', 'e', 'f', 'h')))).toEqual([false, true, false]);
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B!', 'c', 'd', 'X', 'Y', 'e', 'f', 'h')))).toEqual([true, false, false]);
  });

  it('marks only the hunk whose line the user deleted as edited', () => {
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'e', 'f', 'h')))).toEqual([false, true, false]);
    const located = locateHunks(HUNKS, AGENT, text('a', 'c', 'd', 'X', 'Y', 'e', 'f', 'h'));
    expect(flags(located)).toEqual([true, false, false]);
    // Its only line is gone: it is placed where that line was.
    expect(located[0]!.start).toBe(1);
  });

  it('marks a hunk edited when the user typed a line in the middle of it', () => {
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'mine', 'Y', 'e', 'f', 'h')))).toEqual([false, true, false]);
  });

  it('places a deletion-only hunk between its neighbours, and marks it edited when the user changed one of them', () => {
    const clean = locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'Y', 'e', 'f', 'h'))[2]!;
    expect({ start: clean.start, end: clean.end, edited: clean.edited }).toEqual({ start: 8, end: 8, edited: false });
    // The line before it (f) and the line after it (h), each changed in turn.
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'Y', 'e', 'F', 'h')))).toEqual([false, false, true]);
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'Y', 'e', 'f', 'H')))).toEqual([false, false, true]);
    // A line of the user's where the deleted line was.
    expect(flags(locateHunks(HUNKS, AGENT, text('a', 'B', 'c', 'd', 'X', 'Y', 'e', 'f', 'mine', 'h')))).toEqual([false, false, true]);
  });

  it('places a deletion at the top of the file at line 0', () => {
    const hunks = computeHunks(text('gone', 'a', 'b'), text('a', 'b'));
    expect(locateHunks(hunks, text('a', 'b'), text('a', 'b!')).map(({ start, edited }) => ({ start, edited }))).toEqual([{ start: 0, edited: false }]);
    expect(locateHunks(hunks, text('a', 'b'), text('mine', 'a', 'b'))[0]!.edited).toBe(true);
  });

  it('places a deletion at the end of the file after the last line', () => {
    const hunks = computeHunks(text('a', 'b', 'gone'), text('a', 'b'));
    expect(locateHunks(hunks, text('a', 'b'), text('top', 'a', 'b')).map(({ start, edited }) => ({ start, edited }))).toEqual([{ start: 3, edited: false }]);
  });
});

describe('undoEdit', () => {
  it('reverts only the second of three hunks in the current text; the other two stay as the agent wrote them', () => {
    const current = text('top', 'a', 'B', 'see', 'd', 'X', 'Y', 'e', 'f', 'h'); // the user's own line on top and c changed
    const second = locateHunks(HUNKS, AGENT, current)[1]!;
    expect(undoEdit(second)).toEqual({ start: 5, end: 7, text: '' });
    expect(apply(current, undoEdit(second))).toBe(text('top', 'a', 'B', 'see', 'd', 'e', 'f', 'h'));
  });

  it('puts a deleted line back between its neighbours', () => {
    const third = locateHunks(HUNKS, AGENT, AGENT)[2]!;
    expect(apply(AGENT, undoEdit(third))).toBe(text('a', 'B', 'c', 'd', 'X', 'Y', 'e', 'f', 'g', 'h'));
  });

  it('restores a last line without a line ending', () => {
    const agent = 'a\nb\nc';
    const [h] = locateHunks(computeHunks('a\nb', agent), agent, agent);
    expect(apply(agent, undoEdit(h!))).toBe('a\nb');
  });

  it('puts back CRLF lines with their \\r', () => {
    const base = 'a\r\nb\r\nc\r\n';
    const agent = 'a\r\nc\r\n';
    const [h] = locateHunks(computeHunks(base, agent), agent, agent);
    expect(undoEdit(h!).text).toBe('b\r\n');
    expect(apply(agent, undoEdit(h!))).toBe(base);
  });
});

describe('keepHunk and undoHunk', () => {
  it('keepHunk moves the base on by that hunk only', () => {
    expect(keepHunk(BASE, HUNKS[1]!)).toBe(text('a', 'b', 'c', 'd', 'X', 'Y', 'e', 'f', 'g', 'h'));
  });

  it('undoHunk puts that hunk back in the agent text only', () => {
    expect(undoHunk(AGENT, HUNKS[0]!)).toBe(text('a', 'b', 'c', 'd', 'X', 'Y', 'e', 'f', 'h'));
  });

  it('keepHunk of a created file starts its base from empty', () => {
    const [h] = computeHunks(null, text('x'));
    expect(keepHunk(null, h!)).toBe(text('x'));
  });
});

describe('hunkId', () => {
  it('is the same for the same hunk computed again, and differs between hunks', () => {
    const again = computeHunks(BASE, AGENT);
    expect(again.map(hunkId)).toEqual(HUNKS.map(hunkId));
    expect(new Set(HUNKS.map(hunkId)).size).toBe(3);
  });

  it('differs for two hunks with the same lines in different places', () => {
    const hunks = computeHunks(text('a', 'x', 'b', 'x', 'c'), text('a', 'b', 'c'));
    expect(hunks.map((h) => ({ removed: h.removed, added: h.added, twin: h.twin }))).toEqual([
      { removed: ['x\n'], added: [], twin: 0 },
      { removed: ['x\n'], added: [], twin: 1 },
    ]);
    expect(hunkId(hunks[0]!)).not.toBe(hunkId(hunks[1]!));
  });

  it('leaves the other hunks their ids when one is kept', () => {
    // Keeping the insertion adds two lines to the base above the deletion.
    const after = computeHunks(keepHunk(BASE, HUNKS[1]!), AGENT);
    expect(after.map(hunkId)).toEqual([hunkId(HUNKS[0]!), hunkId(HUNKS[2]!)]);
  });

  it('leaves the other hunks their ids when one is undone', () => {
    const after = computeHunks(BASE, undoHunk(AGENT, HUNKS[1]!));
    expect(after.map(hunkId)).toEqual([hunkId(HUNKS[0]!), hunkId(HUNKS[2]!)]);
  });

  it('stays the same while the user types elsewhere in the file', () => {
    const current = text('top', 'a', 'B', 'c', 'd', 'X', 'Y', 'e', 'f', 'h');
    expect(locateHunks(HUNKS, AGENT, current).map(hunkId)).toEqual(HUNKS.map(hunkId));
  });
});

describe('hunks (property)', () => {
  // Small alphabets so that lines repeat and the diff has to choose; endings mixed, the last line maybe without one.
  const line = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', ''), fc.constantFrom('\n', '\r\n'));
  const file = fc.tuple(fc.array(line, { maxLength: 8 }), fc.boolean()).map(([lines, cut]) => {
    const t = lines.map(([l, e]) => l + e).join('');
    return cut ? t.replace(/\r?\n$/u, '') : t;
  });
  const base = fc.option(file, { nil: null, freq: 5 });

  it('undoing every clean hunk bottom-up in the agent text gives the base', () => {
    fc.assert(
      fc.property(base, file, (b, agent) => {
        const located = locateHunks(computeHunks(b, agent), agent, agent);
        expect(located.every((h) => !h.edited)).toBe(true);
        const undone = [...located].reverse().reduce((t, h) => apply(t, undoEdit(h)), agent);
        expect(undone).toBe(b ?? '');
      }),
      { numRuns: 500 },
    );
  });

  it('keeping every hunk bottom-up gives a base equal to the agent text, with no hunks left', () => {
    fc.assert(
      fc.property(base, file, (b, agent) => {
        const kept = [...computeHunks(b, agent)].reverse().reduce<string | null>((t, h) => keepHunk(t, h), b);
        expect(kept ?? '').toBe(agent);
        expect(computeHunks(kept, agent)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('keeping or undoing one hunk leaves the others their ids (when no two hunks have the same lines)', () => {
    fc.assert(
      fc.property(base, file, fc.nat(), (b, agent, k) => {
        const hunks = computeHunks(b, agent);
        fc.pre(hunks.length > 1 && hunks.every((h) => h.twin === 0));
        const one = hunks[k % hunks.length]!;
        const others = hunks.filter((h) => h !== one).map(hunkId);
        expect(computeHunks(keepHunk(b, one), agent).map(hunkId)).toEqual(others);
        expect(computeHunks(b, undoHunk(agent, one)).map(hunkId)).toEqual(others);
      }),
      { numRuns: 500 },
    );
  });

  it('undoHunk for every hunk bottom-up gives the base', () => {
    fc.assert(
      fc.property(base, file, (b, agent) => {
        const undone = [...computeHunks(b, agent)].reverse().reduce((t, h) => undoHunk(t, h), agent);
        expect(undone).toBe(b ?? '');
      }),
      { numRuns: 500 },
    );
  });
});

// The turns as the page is told about them: each change set as a card's view, the note every card would carry said
// once, the superseded marks. turnCards.ts imports `vscode` (for the rest of the binding); these functions use none
// of it, so an empty stand-in is enough.
import { describe, expect, it, vi } from 'vitest';

// VS Code's l10n in its default language: the English message with its arguments put in.
vi.mock('vscode', async () => ({ l10n: (await import('../../../src/contributions/l10n')).l10n }));

import type { TurnChangeSet } from '../../../src/checkpoints/turnChangeTracker';
import { turnChangesView, turnsView } from '../../../src/review/turnCards';

const label = (p: string) => p.replace('/w/', '');

function set(id: string, userIndex: number, over: Partial<TurnChangeSet> = {}): TurnChangeSet {
  return {
    id,
    sessionId: 'sess-1',
    userIndex,
    endUserIndex: userIndex,
    files: [{ path: `/w/${id}.ts`, before: 'a', after: 'b', added: 1, removed: 1, source: 'git', reverted: false }],
    ...over,
  };
}

describe('turnChangesView', () => {
  it('says of each file whether the turn created, deleted or modified it, and why one cannot be reverted', () => {
    const view = turnChangesView(
      set('s1', 2, {
        endUserIndex: 3,
        files: [
          { path: '/w/new.ts', before: null, after: 'x', added: 1, removed: 0, source: 'git', reverted: false },
          { path: '/w/gone.ts', before: 'x', after: null, added: 0, removed: 1, source: 'git', reverted: true },
          {
            path: '/w/mod.ts',
            beforeUnknown: 'the file changed after the agent created it',
            after: 'y',
            added: 2,
            removed: 3,
            source: 'diffs',
            reverted: false,
          },
        ],
      }),
      label,
    );
    expect(view).toEqual({
      id: 's1',
      userIndex: 2,
      endUserIndex: 3,
      files: [
        { path: '/w/new.ts', label: 'new.ts', added: 1, removed: 0, change: 'created', reverted: false, cannotRevert: undefined },
        { path: '/w/gone.ts', label: 'gone.ts', added: 0, removed: 1, change: 'deleted', reverted: true, cannotRevert: undefined },
        {
          path: '/w/mod.ts',
          label: 'mod.ts',
          added: 2,
          removed: 3,
          change: 'modified',
          reverted: false,
          cannotRevert: 'Its content before the turn is unknown: the file changed after the agent created it.',
        },
      ],
    });
  });
});

describe('turnsView', () => {
  it('has no note when nothing limits the records', () => {
    expect(turnsView([set('s1', 0), set('s2', 2)], 0, [], label)).toEqual({
      changes: [turnChangesView(set('s1', 0), label), turnChangesView(set('s2', 2), label)],
      superseded: [],
    });
  });

  it('says a limit shared by several turns once, and the dropped turns after it', () => {
    const limit = 'The workspace is not a git repository: files changed by shell commands are not seen.';
    const view = turnsView([set('s1', 0, { limit }), set('s2', 1, { limit }), set('s3', 2)], 3, [1], label);
    expect(view.note).toBe(`${limit} The records of the 3 oldest turns were dropped: their code cannot be rewound.`);
    expect(view.changes.map((c) => c.id)).toEqual(['s1', 's2', 's3']);
    expect(view.superseded).toEqual([1]);
  });

  it('words one dropped turn in the singular, with no change sets at all', () => {
    expect(turnsView([], 1, [], label)).toEqual({
      changes: [],
      note: 'The records of the 1 oldest turn were dropped: their code cannot be rewound.',
      superseded: [],
    });
  });

  it('gives the page its own copy of the superseded places', () => {
    const marks = [0, 2];
    const view = turnsView([], 0, marks, label);
    marks.push(5);
    expect(view.superseded).toEqual([0, 2]);
  });
});

// The turns as the page is told about them: each change set as a card's view, the note every card would carry said
// once, the superseded marks. turnCards.ts imports `vscode` (for the rest of the binding); these functions use none
// of it, so an empty stand-in is enough.
import { describe, expect, it, vi } from 'vitest';

// VS Code's l10n in its default language: the English message with its arguments put in.
vi.mock('vscode', async () => ({ l10n: (await import('../../../src/contributions/l10n')).l10n }));

import type { TrackedFile, TurnChangeSet } from '../../../src/checkpoints/turnChangeTracker';
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

describe('who changed each file', () => {
  const changed = (name: string, changedBy?: TrackedFile['changedBy']): TrackedFile => ({
    path: `/w/${name}`,
    before: 'a',
    after: 'b',
    added: 1,
    removed: 1,
    source: 'git',
    reverted: false,
    ...(changedBy ? { changedBy } : {}),
  });
  const MAIN = { agent: 'main' } as const;
  const byOf = (s: TurnChangeSet) => turnChangesView(s, label).files.map((f) => [f.label, f.by]);

  it('names the main agent and each subagent by its title in a turn a subagent took part in; a file no call wrote says no one', () => {
    const sub = { agent: 'subagent', lane: 'child-1', title: 'Edit b' } as const;
    const view = set('s1', 0, {
      files: [changed('a.ts', [MAIN]), changed('b.ts', [sub]), changed('c.ts', [sub, MAIN]), changed('d.ts')],
    });
    expect(byOf(view)).toEqual([
      ['a.ts', ['Main agent']],
      ['b.ts', ['Edit b']],
      ['c.ts', ['Edit b', 'Main agent']],
      ['d.ts', undefined],
    ]);
    expect(turnChangesView(view, label).files[3]).not.toHaveProperty('by');
  });

  it('calls a subagent without a title “Subagent”, each name once', () => {
    const view = set('s1', 0, {
      files: [
        changed('a.ts', [
          { agent: 'subagent', lane: 'c1' },
          { agent: 'subagent', lane: 'c2', title: ' ' },
          { agent: 'subagent', lane: 'c3', title: 'Read a' },
        ]),
      ],
    });
    expect(byOf(view)).toEqual([['a.ts', ['Subagent', 'Read a']]]);
  });

  it('says nothing when only the main agent changed files, or the record does not say (an older one)', () => {
    expect(turnChangesView(set('s1', 0, { files: [changed('a.ts', [MAIN]), changed('b.ts')] }), label).files.every((f) => !('by' in f))).toBe(true);
    expect(turnChangesView(set('s2', 0, { files: [changed('a.ts')] }), label).files.every((f) => !('by' in f))).toBe(true);
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

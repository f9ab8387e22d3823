// Restoring the code to before a prompt, planned from the session's turn records (pure): which files go back to
// what, what they must still hold, and what cannot be restored.
import { describe, expect, it } from 'vitest';
import type { TrackedFile, TurnRecord } from '../../../src/checkpoints/checkpointStore';
import { checkRestore, planRestore, type RestoreFile } from '../../../src/checkpoints/restorePlan';

function file(path: string, before: string | null | undefined, after: string | null, over: Partial<TrackedFile> = {}): TrackedFile {
  return { path, ...(before !== undefined ? { before } : {}), after, added: 1, removed: 1, source: 'git', reverted: false, ...over };
}

function turn(userIndex: number, ...files: TrackedFile[]): TurnRecord {
  return { userIndex, endUserIndex: userIndex, files };
}

/** Three turns: /w/only1 in turn 0 only; /w/shared in turns 1 and 2; /w/new created in 2; /w/gone deleted in 1. */
const TURNS: TurnRecord[] = [
  turn(0, file('/w/only1', 'one-0', 'one-1'), file('/w/shared', 'shared-0', 'shared-1')),
  turn(1, file('/w/shared', 'shared-1', 'shared-2'), file('/w/gone', 'gone-before', null)),
  turn(2, file('/w/shared', 'shared-2', 'shared-3'), file('/w/new', null, 'new-text')),
];

describe('planRestore', () => {
  it('puts a file touched in two turns back to the first one’s before, expecting the last one’s after', () => {
    const plan = planRestore(TURNS, 1);
    expect(plan.files.find((f) => f.path === '/w/shared')).toEqual({ path: '/w/shared', target: 'shared-1', expected: 'shared-3' });
  });

  it('leaves alone a file only turns before the prompt touched', () => {
    expect(planRestore(TURNS, 1).files.map((f) => f.path)).toEqual(['/w/gone', '/w/new', '/w/shared']);
    // From the first prompt on, it is part of the plan.
    expect(planRestore(TURNS, 0).files.find((f) => f.path === '/w/only1')).toEqual({ path: '/w/only1', target: 'one-0', expected: 'one-1' });
  });

  it('restores a created file to nothing (target null) and expects a deleted one to be missing (expected null)', () => {
    const plan = planRestore(TURNS, 1);
    expect(plan.files.find((f) => f.path === '/w/new')).toEqual({ path: '/w/new', target: null, expected: 'new-text' });
    expect(plan.files.find((f) => f.path === '/w/gone')).toEqual({ path: '/w/gone', target: 'gone-before', expected: null });
    expect(plan.unknown).toEqual([]);
  });

  it('expects a reverted file to hold what it held before that turn', () => {
    const turns = [turn(0, file('/w/a', 'a-0', 'a-1')), turn(1, file('/w/a', 'a-1', 'a-2', { reverted: true }))];
    expect(planRestore(turns, 0).files).toEqual([{ path: '/w/a', target: 'a-0', expected: 'a-1' }]);
  });

  it('lists a file whose content before is unknown with its reason, and a default reason when none was kept', () => {
    const turns = [
      turn(0, file('/w/a', undefined, 'a-1', { beforeUnknown: 'the file changed after the agent created it', source: 'diffs' })),
      turn(1, file('/w/b', undefined, 'b-1', { source: 'none' }), file('/w/a', 'a-1', 'a-2')),
    ];
    const plan = planRestore(turns, 0);
    expect(plan.unknown).toEqual([
      { path: '/w/a', reason: 'the file changed after the agent created it' },
      { path: '/w/b', reason: 'no record of its content before' },
    ]);
    expect(plan.files).toEqual([]);
    // From the second prompt, /w/a's first record there is known.
    expect(planRestore(turns, 1).files).toEqual([{ path: '/w/a', target: 'a-1', expected: 'a-2' }]);
  });

  it('plans nothing from a prompt after every recorded turn', () => {
    expect(planRestore(TURNS, 3)).toEqual({ files: [], unknown: [] });
  });
});

describe('checkRestore', () => {
  const f: RestoreFile = { path: '/w/a', target: 'before', expected: 'after' };

  it('restores a file that still holds what the turns left', () => {
    expect(checkRestore(f, 'after')).toEqual({ action: 'restore' });
  });

  it('leaves a file that already holds its target unchanged', () => {
    expect(checkRestore(f, 'before')).toEqual({ action: 'unchanged' });
    expect(checkRestore({ path: '/w/new', target: null, expected: 'x' }, null)).toEqual({ action: 'unchanged' });
  });

  it('refuses a file changed since the agent wrote it, saying why', () => {
    expect(checkRestore(f, 'after, then edited by hand')).toEqual({ action: 'refuse', reason: 'it changed after the agent wrote it' });
    // A file the turns left in place but that was deleted since.
    expect(checkRestore(f, null)).toEqual({ action: 'refuse', reason: 'it changed after the agent wrote it' });
  });

  it('restores a deleted file that is still missing', () => {
    expect(checkRestore({ path: '/w/gone', target: 'text', expected: null }, null)).toEqual({ action: 'restore' });
  });

  it('refuses a file that cannot be read as text', () => {
    expect(checkRestore(f, undefined)).toEqual({ action: 'refuse', reason: 'it cannot be read as text' });
  });
});

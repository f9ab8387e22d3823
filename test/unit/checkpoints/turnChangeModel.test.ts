import { describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../../src/acpClient/transcript';
import { describeChange, diffsByPath, lineCounts, revertRefusal, undoDiffs, writersByPath } from '../../../src/checkpoints/turnChangeModel';

function call(status: ToolCallState['status'], ...diffs: { path: string; oldText: string | null; newText: string }[]): ToolCallState {
  return { toolCallId: `t${Math.random()}`, title: 'Edit', status, locations: [], content: diffs.map((d) => ({ type: 'diff' as const, ...d })) };
}

describe('turn change model', () => {
  it('collects the diffs of completed calls per path, oldest first; failed and pending calls changed nothing', () => {
    const byPath = diffsByPath([
      call('completed', { path: '/w/a', oldText: 'x', newText: 'y' }),
      call('failed', { path: '/w/a', oldText: 'y', newText: 'z' }),
      call('pending', { path: '/w/b', oldText: null, newText: 'new' }),
      call('completed', { path: '/w/a', oldText: 'y', newText: 'w' }),
    ]);
    expect([...byPath.keys()]).toEqual(['/w/a']);
    expect(byPath.get('/w/a')).toEqual([
      { oldText: 'x', newText: 'y' },
      { oldText: 'y', newText: 'w' },
    ]);
  });

  it('says who wrote each path: the lanes of its completed calls, each once, in the order they first did', () => {
    const writers = writersByPath([
      { call: call('completed', { path: '/w/c', oldText: 'x', newText: 'y' }), lane: 'sub-1' },
      { call: call('completed', { path: '/w/a', oldText: 'x', newText: 'y' }, { path: '/w/c', oldText: 'y', newText: 'z' }) },
      { call: call('failed', { path: '/w/b', oldText: 'x', newText: 'y' }), lane: 'sub-2' },
      { call: call('completed', { path: '/w/c', oldText: 'z', newText: 'w' }), lane: 'sub-1' },
      { call: { ...call('completed'), kind: 'execute' }, lane: 'sub-2' },
    ]);
    expect([...writers]).toEqual([
      ['/w/c', ['sub-1', undefined]],
      ['/w/a', [undefined]],
    ]);
  });

  it('undoes snippet edits newest first, a whole-file write, and a creation (null before)', () => {
    const now = 'one\nTWO-b\nthree\n';
    expect(
      undoDiffs(now, [
        { oldText: 'two', newText: 'TWO' },
        { oldText: 'TWO', newText: 'TWO-b' },
      ]),
    ).toEqual({ known: true, text: 'one\ntwo\nthree\n' });
    expect(undoDiffs('all new', [{ oldText: 'all old', newText: 'all new' }])).toEqual({ known: true, text: 'all old' });
    expect(undoDiffs('created\n', [{ oldText: null, newText: 'created\n' }])).toEqual({ known: true, text: null });
  });

  it('refuses to guess: an ambiguous or missing snippet, a created file changed since, a deleted file', () => {
    expect(undoDiffs('a x a', [{ oldText: 'b', newText: 'a' }]).known).toBe(false);
    expect(undoDiffs('nothing here', [{ oldText: 'b', newText: 'a' }]).known).toBe(false);
    expect(undoDiffs('created\nand more\n', [{ oldText: null, newText: 'created\n' }]).known).toBe(false);
    expect(undoDiffs(null, [{ oldText: 'b', newText: 'a' }]).known).toBe(false);
  });

  it('counts added and removed lines; a missing file counts as empty', () => {
    expect(lineCounts('a\nb\n', 'a\nc\nd\n')).toEqual({ added: 2, removed: 1 });
    expect(lineCounts(null, 'x\ny\n')).toEqual({ added: 2, removed: 0 });
    expect(lineCounts('x\n', null)).toEqual({ added: 0, removed: 1 });
  });

  it('prefers the git snapshot, drops files the turn left as they were, and marks unknown ones', () => {
    const diffs = [{ oldText: 'zzz', newText: 'b' }]; // would not undo: git wins
    expect(describeChange('/w/a', 'a\nb\n', 'a\n', diffs)).toMatchObject({ before: 'a\n', after: 'a\nb\n', added: 1, removed: 0, source: 'git' });
    expect(describeChange('/w/a', 'same\n', 'same\n', [])).toBeUndefined();
    expect(describeChange('/w/n', 'new\n', undefined, [{ oldText: null, newText: 'new\n' }])).toMatchObject({ before: null, source: 'diffs', added: 1 });
    const unknown = describeChange('/w/u', 'q a q a', undefined, [{ oldText: 'x', newText: 'a' }]);
    expect(unknown).toMatchObject({ beforeUnknown: expect.stringMatching(/cannot be located/), source: 'none' });
    expect(unknown?.before).toBeUndefined();
  });

  it('allows a revert only while the file holds what the turn left', () => {
    const file = { path: '/w/a', before: 'old', after: 'new', added: 1, removed: 1, source: 'git' as const };
    expect(revertRefusal(file, 'new')).toBeUndefined();
    expect(revertRefusal(file, 'new but edited')).toMatch(/changed after the agent wrote it/);
    expect(revertRefusal({ ...file, after: null, before: 'old' }, null)).toBeUndefined();
    expect(revertRefusal({ path: '/w/u', beforeUnknown: 'why', after: 'x', added: 0, removed: 0, source: 'none' }, 'x')).toMatch(/unknown/);
  });
});

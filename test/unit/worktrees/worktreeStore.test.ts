// The chats' worktrees as remembered in workspace storage: found by session and by folder; bad stored data reads as none.
import { describe, expect, test } from 'vitest';
import { WorktreeStore, type WorktreeRecord } from '../../../src/worktrees/worktreeStore';

function memory(initial?: unknown) {
  const data = new Map<string, unknown>(initial === undefined ? [] : [['acpChat.worktrees', initial]]);
  return { get: <T>(k: string) => data.get(k) as T | undefined, update: async (k: string, v: unknown) => void data.set(k, v) };
}
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const record = (id: string): WorktreeRecord => ({
  id,
  branch: `acp-chat/${id}`,
  path: `/s/${id}`,
  cwd: `/s/${id}/pkg`,
  repoRoot: '/repo',
  folder: '/repo/pkg',
  base: 'b'.repeat(40),
  baseHead: 'h'.repeat(40),
  baseRef: `refs/acp-chat/worktrees/${id}`,
  sessions: [],
  createdAt: '2026-12-04T00:00:00.000Z',
});

describe('WorktreeStore', () => {
  test('a worktree’s sessions (a new one, a fork) find it; its folder finds it; removed, nothing does', async () => {
    const store = new WorktreeStore(memory(), logger);
    let changes = 0;
    store.onDidChange(() => changes++);
    await store.add(record('one'));
    await store.addSession('one', 's1');
    await store.addSession('one', 's2');
    await store.addSession('one', 's1');
    expect(store.forSession('s2')?.id).toBe('one');
    expect(store.forFolder('/s/one/pkg')?.id).toBe('one');
    expect(store.get('one')?.sessions).toEqual(['s1', 's2']);
    await store.remove('one');
    expect(store.forSession('s1')).toBeUndefined();
    expect(changes).toBe(4);
  });

  test('stored data that is not a list of records reads as none, and a broken entry is left out', () => {
    expect(new WorktreeStore(memory('nonsense'), logger).all()).toEqual([]);
    expect(new WorktreeStore(memory([{ id: 'x' }, record('ok'), null]), logger).all().map((r) => r.id)).toEqual(['ok']);
  });
});

// The per-session turn records on disk: bounded (oldest dropped and counted), checked when read back, one file per
// session inside the store's folder, the least recently written sessions pruned.
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  boundRecords,
  CheckpointStore,
  DEFAULT_LIMITS,
  parseRecords,
  type SessionRecords,
  type TrackedFile,
  type TurnRecord,
} from '../../../src/checkpoints/checkpointStore';
import { recordingLogger } from '../acpClient/inProcessAgent';

function file(path: string, before: string | null | undefined, after: string | null, over: Partial<TrackedFile> = {}): TrackedFile {
  return { path, ...(before !== undefined ? { before } : {}), after, added: 1, removed: 0, source: 'git', reverted: false, ...over };
}

function turn(userIndex: number, ...files: TrackedFile[]): TurnRecord {
  return { userIndex, endUserIndex: userIndex, files };
}

/** `n` turns, turn i changing /w/f<i> from `x`×size to `y`×size (2×size characters each). */
function turns(n: number, size = 1): TurnRecord[] {
  return Array.from({ length: n }, (_, i) => turn(i, file(`/w/f${i}`, 'x'.repeat(size), 'y'.repeat(size))));
}

describe('boundRecords', () => {
  it('keeps the newest turns within the turn count and counts the rest as dropped', () => {
    const bounded = boundRecords({ turns: turns(5), dropped: 2 }, { turnsPerSession: 3, charsPerSession: 1_000 });
    expect(bounded.turns.map((t) => t.userIndex)).toEqual([2, 3, 4]);
    expect(bounded.dropped).toBe(4);
  });

  it('keeps the newest turns within the characters of before and after', () => {
    // Each turn holds 20 characters: 50 fit two.
    const bounded = boundRecords({ turns: turns(4, 10), dropped: 0 }, { turnsPerSession: 100, charsPerSession: 50 });
    expect(bounded.turns.map((t) => t.userIndex)).toEqual([2, 3]);
    expect(bounded.dropped).toBe(2);
  });

  it('stops at the first turn that does not fit, even if an older one would', () => {
    const records: SessionRecords = {
      turns: [turn(0, file('/w/small', 'a', 'b')), turn(1, file('/w/big', 'x'.repeat(100), 'y')), turn(2, file('/w/c', 'c', 'd'))],
      dropped: 0,
    };
    const bounded = boundRecords(records, { turnsPerSession: 100, charsPerSession: 50 });
    expect(bounded.turns.map((t) => t.userIndex)).toEqual([2]);
    expect(bounded.dropped).toBe(2);
  });

  it('keeps the newest turn even when it alone is over the bound', () => {
    const bounded = boundRecords({ turns: turns(3, 1_000), dropped: 0 }, { turnsPerSession: 100, charsPerSession: 10 });
    expect(bounded.turns.map((t) => t.userIndex)).toEqual([2]);
    expect(bounded.dropped).toBe(2);
  });

  it('counts null and unknown contents as nothing', () => {
    const records: SessionRecords = {
      turns: [turn(0, file('/w/a', null, 'abcd')), turn(1, file('/w/b', undefined, null, { beforeUnknown: 'why' }))],
      dropped: 0,
    };
    expect(boundRecords(records, { turnsPerSession: 100, charsPerSession: 4 })).toEqual(records);
  });
});

describe('parseRecords', () => {
  const good = () => ({
    version: 1,
    sessionId: 'sess-1',
    dropped: 3,
    turns: [
      {
        userIndex: 0,
        endUserIndex: 1,
        limit: 'no git',
        files: [{ path: '/w/a', before: 'a', after: 'b', added: 1, removed: 1, source: 'git', reverted: false }],
      },
      { userIndex: 2, endUserIndex: 2, files: [{ path: '/w/b', beforeUnknown: 'why', after: null, added: 0, removed: 3, source: 'diffs', reverted: true }] },
    ],
  });

  it('reads what the store writes', () => {
    expect(parseRecords(good(), 'sess-1')).toEqual({
      dropped: 3,
      turns: [
        { userIndex: 0, endUserIndex: 1, limit: 'no git', files: [file('/w/a', 'a', 'b', { added: 1, removed: 1 })] },
        {
          userIndex: 2,
          endUserIndex: 2,
          files: [file('/w/b', undefined, null, { beforeUnknown: 'why', added: 0, removed: 3, source: 'diffs', reverted: true })],
        },
      ],
    });
  });

  it('rejects another version or another session’s records', () => {
    expect(parseRecords({ ...good(), version: 2 }, 'sess-1')).toBeUndefined();
    expect(parseRecords(good(), 'sess-2')).toBeUndefined();
  });

  it('rejects a relative path', () => {
    const json = good();
    json.turns[0]!.files[0]!.path = '../outside/a';
    expect(parseRecords(json, 'sess-1')).toBeUndefined();
  });

  it.each([
    ['not an object', () => []],
    ['turns not a list', () => ({ ...good(), turns: {} })],
    ['a negative place', () => ({ ...good(), turns: [{ ...good().turns[0], userIndex: -1 }] })],
    ['a fractional place', () => ({ ...good(), turns: [{ ...good().turns[0], endUserIndex: 1.5 }] })],
    ['a file not an object', () => ({ ...good(), turns: [{ ...good().turns[0], files: ['/w/a'] }] })],
    ['a numeric after', () => ({ ...good(), turns: [{ ...good().turns[0], files: [{ ...good().turns[0]!.files[0], after: 7 }] }] })],
    ['a numeric before', () => ({ ...good(), turns: [{ ...good().turns[0], files: [{ ...good().turns[0]!.files[0], before: 7 }] }] })],
    ['an unknown source', () => ({ ...good(), turns: [{ ...good().turns[0], files: [{ ...good().turns[0]!.files[0], source: 'guess' }] }] })],
    ['reverted not a boolean', () => ({ ...good(), turns: [{ ...good().turns[0], files: [{ ...good().turns[0]!.files[0], reverted: 'no' }] }] })],
    ['negative line counts', () => ({ ...good(), turns: [{ ...good().turns[0], files: [{ ...good().turns[0]!.files[0], added: -1 }] }] })],
  ])('rejects a bad shape: %s', (_, make) => {
    expect(parseRecords(make(), 'sess-1')).toBeUndefined();
  });

  it('reads who changed each file, and a file of an older record (none said) as not known', () => {
    const json = good() as unknown as { turns: { files: Record<string, unknown>[] }[] };
    const withAuthors = {
      ...json.turns[1]!.files[0]!,
      changedBy: [{ agent: 'main' }, { agent: 'subagent', lane: 'child-1', title: 'Edit b' }, { agent: 'subagent', lane: 'child-2' }],
    };
    json.turns[1]!.files = [withAuthors];
    const turns = parseRecords(json, 'sess-1')!.turns;
    expect(turns[0]!.files[0]).not.toHaveProperty('changedBy');
    expect(turns[1]!.files[0]!.changedBy).toEqual([
      { agent: 'main' },
      { agent: 'subagent', lane: 'child-1', title: 'Edit b' },
      { agent: 'subagent', lane: 'child-2' },
    ]);
  });

  it('reads who changed a file as not known when it is not of this shape, and keeps the rest of the record', () => {
    for (const changedBy of [
      'main',
      [],
      [{ agent: 'someone' }],
      [{ agent: 'subagent' }],
      [{ agent: 'subagent', lane: 'c', title: 3 }],
      [{ agent: 'main' }, null],
    ]) {
      const json = good() as unknown as { turns: { files: Record<string, unknown>[] }[] };
      json.turns[0]!.files = [{ ...json.turns[0]!.files[0]!, changedBy }];
      const read = parseRecords(json, 'sess-1');
      expect(read?.turns[0]!.files[0], JSON.stringify(changedBy)).toEqual(file('/w/a', 'a', 'b', { added: 1, removed: 1 }));
    }
  });

  it('reads a bad dropped count as none', () => {
    expect(parseRecords({ ...good(), dropped: -4 }, 'sess-1')!.dropped).toBe(0);
    expect(parseRecords({ ...good(), dropped: 'many' }, 'sess-1')!.dropped).toBe(0);
  });
});

describe('CheckpointStore', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  /** A fresh parent folder; the store's folder is `records` inside it (made by the first save). */
  async function parent(): Promise<{ root: string; dir: string }> {
    const root = await mkdtemp(join(tmpdir(), 'acp-checkpoints-'));
    dirs.push(root);
    return { root, dir: join(root, 'records') };
  }
  const records = (): SessionRecords => ({ turns: [turn(0, file('/w/a', 'before', 'after')), turn(1, file('/w/b', null, 'made'))], dropped: 1 });

  it('loads what it saved, after a new store opens the folder', async () => {
    const { dir } = await parent();
    const logger = recordingLogger();
    const saved = await new CheckpointStore(dir, logger).save('sess-1', records());
    expect(saved).toEqual(records());
    expect(await new CheckpointStore(dir, logger).load('sess-1')).toEqual(records());
    expect(await readdir(dir)).toEqual(['sess-1.json']);
    expect(logger.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('saves the records bounded and says what it kept', async () => {
    const { dir } = await parent();
    const store = new CheckpointStore(dir, recordingLogger(), { ...DEFAULT_LIMITS, turnsPerSession: 1 });
    const kept = await store.save('sess-1', records());
    expect(kept).toEqual({ turns: [records().turns[1]], dropped: 2 });
    expect(await store.load('sess-1')).toEqual(kept);
  });

  it('reads a session it has no file for as no records, without a warning', async () => {
    const { dir } = await parent();
    const logger = recordingLogger();
    expect(await new CheckpointStore(dir, logger).load('never-saved')).toEqual({ turns: [], dropped: 0 });
    expect(logger.lines).toEqual([]);
  });

  it('reads a corrupt file as no records and logs it', async () => {
    const { dir } = await parent();
    const logger = recordingLogger();
    const store = new CheckpointStore(dir, logger);
    await store.save('sess-1', records());
    await writeFile(join(dir, 'sess-1.json'), '{"version":1,"sessionId":"sess-1","turns":[');
    expect(await store.load('sess-1')).toEqual({ turns: [], dropped: 0 });
    expect(logger.has('warn', /sess-1\.json was not read/)).toBe(true);
  });

  it('reads a file of the wrong shape as no records and logs it', async () => {
    const { dir } = await parent();
    const logger = recordingLogger();
    const store = new CheckpointStore(dir, logger);
    await store.save('sess-1', records());
    await writeFile(join(dir, 'sess-1.json'), JSON.stringify({ version: 1, sessionId: 'someone-else', turns: [], dropped: 0 }));
    expect(await store.load('sess-1')).toEqual({ turns: [], dropped: 0 });
    expect(logger.has('warn', /not a record of this session/)).toBe(true);
  });

  it('names the file of a session id with path characters by its hash, inside the folder', async () => {
    const { root, dir } = await parent();
    const store = new CheckpointStore(dir, recordingLogger());
    const id = '../escaped';
    await store.save(id, records());
    const hashed = `${createHash('sha256').update(id).digest('hex')}.json`;
    expect(await readdir(dir)).toEqual([hashed]);
    expect((await readdir(root)).sort()).toEqual(['records']);
    expect(JSON.parse(await readFile(join(dir, hashed), 'utf8')).sessionId).toBe(id);
    expect(await store.load(id)).toEqual(records());
  });

  it('removes the least recently written sessions beyond the bound', async () => {
    const { dir } = await parent();
    const store = new CheckpointStore(dir, recordingLogger(), { ...DEFAULT_LIMITS, sessions: 2 });
    await store.save('s-a', records());
    await store.save('s-b', records());
    // s-b is the older of the two (not the first by name), then a third session is written.
    await utimes(join(dir, 's-a.json'), 2_000, 2_000);
    await utimes(join(dir, 's-b.json'), 1_000, 1_000);
    await store.save('s-c', records());
    expect((await readdir(dir)).sort()).toEqual(['s-a.json', 's-c.json']);
    expect(await store.load('s-b')).toEqual({ turns: [], dropped: 0 });
    expect(await store.load('s-a')).toEqual(records());
  });

  it('keeps nothing without a folder, and still bounds what it says it kept', async () => {
    const store = new CheckpointStore(undefined, recordingLogger(), { ...DEFAULT_LIMITS, turnsPerSession: 1 });
    expect(await store.save('sess-1', records())).toEqual({ turns: [records().turns[1]], dropped: 2 });
    expect(await store.load('sess-1')).toEqual({ turns: [], dropped: 0 });
  });

  it('logs a save that cannot be written and resolves with what it would have kept', async () => {
    const { root } = await parent();
    // The folder's place is taken by a file: mkdir fails.
    const blocked = join(root, 'blocked');
    await writeFile(blocked, 'not a folder');
    const logger = recordingLogger();
    const store = new CheckpointStore(blocked, logger);
    expect(await store.save('sess-1', records())).toEqual(records());
    expect(logger.has('warn', /could not keep the records of sess-1/)).toBe(true);
  });
});

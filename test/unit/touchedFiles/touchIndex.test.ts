import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES_PER_FILE, MAX_FILES, TouchIndex, touchKey } from '../../../src/touchedFiles/touchIndex';

/** The index after a round trip through the workspace's state (JSON, as VS Code keeps it). */
function reloaded(index: TouchIndex): TouchIndex {
  return TouchIndex.parse(JSON.parse(JSON.stringify(index.toStored())));
}

describe('the touched-files index', () => {
  it('records a chat’s turn on a file, and reads it back after a reload', () => {
    const index = new TouchIndex();
    expect(index.record('src/a.ts', { sessionId: 's1', userIndex: 0, title: 'Fix the parser' }, 100)).toBe(true);
    expect(index.touchedBy('src/a.ts')).toEqual([{ sessionId: 's1', userIndex: 0, title: 'Fix the parser', at: 100 }]);
    expect(index.touchedBy('src/b.ts')).toEqual([]);
    expect(reloaded(index).touchedBy('src/a.ts')).toEqual(index.touchedBy('src/a.ts'));
  });

  it('lists the chats newest first, one entry per chat (its latest turn)', () => {
    const index = new TouchIndex();
    index.record('a.ts', { sessionId: 's1', userIndex: 0 }, 100);
    index.record('a.ts', { sessionId: 's2', userIndex: 3 }, 200);
    expect(index.touchedBy('a.ts').map((e) => e.sessionId)).toEqual(['s2', 's1']);
    // s1's later turn changes it again: s1 comes first, at its new prompt.
    index.record('a.ts', { sessionId: 's1', userIndex: 2 }, 300);
    expect(index.touchedBy('a.ts').map((e) => [e.sessionId, e.userIndex])).toEqual([
      ['s1', 2],
      ['s2', 3],
    ]);
  });

  it('a chat shown again brings back turns it already named: nothing moves', () => {
    const index = new TouchIndex();
    index.record('a.ts', { sessionId: 's1', userIndex: 4 }, 100);
    index.record('a.ts', { sessionId: 's2', userIndex: 0 }, 200);
    expect(index.record('a.ts', { sessionId: 's1', userIndex: 4 }, 300)).toBe(false);
    expect(index.record('a.ts', { sessionId: 's1', userIndex: 1 }, 300)).toBe(false);
    expect(index.touchedBy('a.ts').map((e) => [e.sessionId, e.userIndex, e.at])).toEqual([
      ['s2', 0, 200],
      ['s1', 4, 100],
    ]);
  });

  it('keeps at most five chats per file and 500 files, the oldest going first', () => {
    const index = new TouchIndex();
    for (let i = 0; i < MAX_ENTRIES_PER_FILE + 2; i++) index.record('a.ts', { sessionId: `s${i}`, userIndex: 0 }, i);
    expect(index.touchedBy('a.ts').map((e) => e.sessionId)).toEqual(['s6', 's5', 's4', 's3', 's2']);

    for (let i = 0; i < MAX_FILES + 10; i++) index.record(`f${i}.ts`, { sessionId: 's', userIndex: 0 }, 1000 + i);
    expect(index.size).toBe(MAX_FILES);
    expect(index.touchedBy('a.ts')).toEqual([]);
    expect(index.touchedBy('f9.ts')).toEqual([]);
    expect(index.touchedBy('f10.ts')).toHaveLength(1);
    expect(index.touchedBy(`f${MAX_FILES + 9}.ts`)).toHaveLength(1);
    // A file changed again is the newest again: it stays when another one comes.
    index.record('f10.ts', { sessionId: 't', userIndex: 0 }, 5000);
    index.record('new.ts', { sessionId: 't', userIndex: 0 }, 5001);
    expect(index.touchedBy('f10.ts')).toHaveLength(2);
    expect(index.touchedBy('f11.ts')).toEqual([]);
    // Bounds and order survive a reload.
    const again = reloaded(index);
    expect(again.size).toBe(MAX_FILES);
    again.record('newer.ts', { sessionId: 't', userIndex: 0 }, 5002);
    expect(again.touchedBy('f12.ts')).toEqual([]);
    expect(again.touchedBy('f10.ts')).toHaveLength(2);
  });

  it('a title that comes later names the chat’s every entry', () => {
    const index = new TouchIndex();
    index.record('a.ts', { sessionId: 's1', userIndex: 0 }, 100);
    index.record('b.ts', { sessionId: 's1', userIndex: 1 }, 100);
    index.record('b.ts', { sessionId: 's2', userIndex: 0, title: 'Other' }, 100);
    expect(index.touchedBy('a.ts')[0]?.title).toBeUndefined();
    expect(index.retitle('s1', '  Rename\nthe  thing ')).toBe(true);
    expect(index.touchedBy('a.ts')[0]?.title).toBe('Rename the thing');
    // Of two recorded at the same time, the one recorded last comes first.
    expect(index.touchedBy('b.ts').map((e) => e.title)).toEqual(['Other', 'Rename the thing']);
    expect(index.retitle('s1', 'Rename the thing')).toBe(false);
    expect(index.retitle('s1', '   ')).toBe(false);
    // Recording an old turn again with a new title renames it without moving it.
    expect(index.record('a.ts', { sessionId: 's1', userIndex: 0, title: 'Final' }, 900)).toBe(true);
    expect(index.touchedBy('a.ts')).toEqual([{ sessionId: 's1', userIndex: 0, title: 'Final', at: 100 }]);
    // A turn recorded without a title keeps the one the chat had.
    index.record('a.ts', { sessionId: 's1', userIndex: 5 }, 1000);
    expect(index.touchedBy('a.ts')[0]).toEqual({ sessionId: 's1', userIndex: 5, title: 'Final', at: 1000 });
  });

  it('refuses to record what it could not read back', () => {
    const index = new TouchIndex();
    expect(index.record('', { sessionId: 's', userIndex: 0 }, 1)).toBe(false);
    expect(index.record('/abs.ts', { sessionId: 's', userIndex: 0 }, 1)).toBe(false);
    expect(index.record('../out.ts', { sessionId: 's', userIndex: 0 }, 1)).toBe(false);
    expect(index.record('a.ts', { sessionId: '', userIndex: 0 }, 1)).toBe(false);
    expect(index.record('a.ts', { sessionId: 's', userIndex: -1 }, 1)).toBe(false);
    expect(index.record('a.ts', { sessionId: 's', userIndex: 0.5 }, 1)).toBe(false);
    expect(index.size).toBe(0);
  });

  it('parses junk as an empty index, and leaves out what is malformed', () => {
    for (const junk of [undefined, null, 42, 'x', [], {}, { version: 2, files: [] }, { version: 1, files: {} }, { version: 1 }])
      expect(TouchIndex.parse(junk).size).toBe(0);
    const index = TouchIndex.parse({
      version: 1,
      files: [
        null,
        'a.ts',
        {
          path: 'ok.ts',
          entries: [
            { sessionId: 's1', userIndex: 2, at: 10, title: 'T' },
            { sessionId: 's2', userIndex: 0, at: 20 },
          ],
        },
        { path: 'ok.ts', entries: [{ sessionId: 'dup', userIndex: 0, at: 30 }] },
        { path: '/etc/passwd', entries: [{ sessionId: 's', userIndex: 0, at: 1 }] },
        { path: 'C:/x.ts', entries: [{ sessionId: 's', userIndex: 0, at: 1 }] },
        { path: 'a/../../b.ts', entries: [{ sessionId: 's', userIndex: 0, at: 1 }] },
        { path: 'nul\0.ts', entries: [{ sessionId: 's', userIndex: 0, at: 1 }] },
        { path: 'no-entries.ts', entries: 'many' },
        {
          path: 'mixed.ts',
          entries: [
            { sessionId: 's', userIndex: '1', at: 1 },
            { sessionId: 's', userIndex: 0, at: Number.NaN },
            { sessionId: 's', userIndex: 0, at: -1 },
            { sessionId: 7, userIndex: 0, at: 1 },
            { sessionId: 's', userIndex: 0, at: 1, title: 3 },
            { sessionId: 'x'.repeat(1000), userIndex: 0, at: 1 },
            { sessionId: 'good', userIndex: 1, at: 5, title: null },
          ],
        },
        {
          path: 'dup-sessions.ts',
          entries: [
            { sessionId: 's', userIndex: 1, at: 1 },
            { sessionId: 's', userIndex: 3, at: 2 },
          ],
        },
      ],
    });
    expect(index.size).toBe(3);
    expect(index.touchedBy('ok.ts')).toEqual([
      { sessionId: 's2', userIndex: 0, at: 20 },
      { sessionId: 's1', userIndex: 2, at: 10, title: 'T' },
    ]);
    expect(index.touchedBy('mixed.ts')).toEqual([{ sessionId: 'good', userIndex: 1, at: 5 }]);
    expect(index.touchedBy('dup-sessions.ts')).toEqual([{ sessionId: 's', userIndex: 3, at: 2 }]);
  });

  it('parses no more than its bounds from a large stored index', () => {
    const files = Array.from({ length: MAX_FILES + 50 }, (_, i) => ({
      path: `f${i}.ts`,
      entries: Array.from({ length: 8 }, (_, j) => ({ sessionId: `s${j}`, userIndex: 0, at: i * 10 + j })),
    }));
    const index = TouchIndex.parse({ version: 1, files });
    expect(index.size).toBe(MAX_FILES);
    expect(index.touchedBy('f0.ts')).toEqual([]);
    expect(index.touchedBy(`f${MAX_FILES + 49}.ts`).map((e) => e.sessionId)).toEqual(['s7', 's6', 's5', 's4', 's3']);
  });
});

describe('touchKey', () => {
  it('names a file by its path relative to the folder, with / between its parts', () => {
    expect(touchKey('/w', '/w/src/a.ts', posix)).toBe('src/a.ts');
    expect(touchKey('/w/', '/w/./src//a.ts', posix)).toBe('src/a.ts');
    expect(touchKey('C:\\w', 'C:\\w\\src\\a.ts', win32)).toBe('src/a.ts');
  });

  it('names nothing outside the folder, nor the folder itself', () => {
    expect(touchKey('/w', '/other/a.ts', posix)).toBeUndefined();
    expect(touchKey('/w', '/w/../a.ts', posix)).toBeUndefined();
    expect(touchKey('/w', '/wx/a.ts', posix)).toBeUndefined();
    expect(touchKey('/w', '/w', posix)).toBeUndefined();
    expect(touchKey('/w', 'relative.ts', posix)).toBeUndefined();
  });
});

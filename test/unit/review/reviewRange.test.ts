// Review Changes…: which turns it offers, how each choice reads, and where each file's content before the first
// reviewed turn lives.
import { describe, expect, it } from 'vitest';
import type { TrackedFile } from '../../../src/checkpoints/checkpointStore';
import { reviewableSets, reviewFiles, reviewRanges } from '../../../src/review/reviewRange';

type Set = { id: string; userIndex: number; files: TrackedFile[] };

function file(path: string, before: string | null | undefined, after: string | null, reverted = false): TrackedFile {
  return { path, before, after, added: 1, removed: 0, source: 'diffs', reverted };
}

function set(id: string, userIndex: number, ...files: TrackedFile[]): Set {
  return { id, userIndex, files };
}

const prompts = ['write a.txt', 'now b.txt\nand more', 'edit a.txt again'];
const prompt = (i: number) => prompts[i];

describe('reviewableSets', () => {
  it('leaves out a turn whose files were all put back, keeps one with a file left', () => {
    const undone = set('t1', 0, file('/w/a', 'a', 'A', true));
    const partly = set('t2', 1, file('/w/a', 'A', 'AA', true), file('/w/b', null, 'b'));
    expect(reviewableSets([undone, partly])).toEqual([partly]);
  });
});

describe('reviewRanges', () => {
  it('no turn changed a file: nothing to offer', () => {
    expect(reviewRanges([], prompt)).toEqual([]);
  });

  it('one turn: only all the chat’s changes (opened without asking)', () => {
    const only = set('t1', 0, file('/w/a', null, 'a'), file('/w/b', 'b', 'B'));
    expect(reviewRanges([only], prompt)).toEqual([{ label: 'All changes in this chat', description: '2 files', sets: [only] }]);
  });

  it('several: all first, then each turn newest first, from it to the newest, with its prompt and the files since', () => {
    const t1 = set('t1', 0, file('/w/a', null, 'a'));
    const t2 = set('t2', 1, file('/w/b', null, 'b'));
    const t3 = set('t3', 2, file('/w/a', 'a', 'A'));
    const ranges = reviewRanges([t1, t2, t3], prompt);
    expect(ranges.map((r) => [r.label, r.description, r.since, r.sets.map((s) => s.id)])).toEqual([
      ['All changes in this chat', '2 files', undefined, ['t1', 't2', 't3']],
      ['Since prompt 3: edit a.txt again', '1 file', 3, ['t3']],
      ['Since prompt 2: now b.txt', '2 files', 2, ['t2', 't3']],
      ['Since prompt 1: write a.txt', '2 files', 1, ['t1', 't2', 't3']],
    ]);
  });

  it('a turn’s prompt: its first line with text, on one line, cut to fit, icons shown as written; none without one', () => {
    const long = `\n  ${'word '.repeat(30)}\nsecond line`;
    const texts = [long, 'run $(trash) now'];
    const ranges = reviewRanges(
      [set('t1', 0, file('/w/a', null, 'a')), set('t2', 1, file('/w/b', null, 'b')), set('t3', 5, file('/w/c', null, 'c'))],
      (i) => texts[i],
    );
    const [, noText, icons, cut] = ranges.map((r) => r.label);
    expect(noText).toBe('Since prompt 6');
    expect(icons).toBe('Since prompt 2: run \\$(trash) now');
    expect(cut).toMatch(/^Since prompt 1: word word .*…$/);
    expect(Array.from(cut!.slice('Since prompt 1: '.length))).toHaveLength(60);
  });
});

describe('reviewFiles', () => {
  it('each file once, by path: its content before the earliest turn that changed it (that set and index)', () => {
    const t1 = set('t1', 0, file('/w/b', 'b0', 'b1'), file('/w/c', null, 'c1'));
    const t2 = set('t2', 1, file('/w/a', 'a0', 'a1'), file('/w/b', 'b1', 'b2'));
    expect(reviewFiles([t1, t2]).map((f) => [f.path, f.set.id, f.index, f.deleted])).toEqual([
      ['/w/a', 't2', 0, false],
      ['/w/b', 't1', 0, false],
      ['/w/c', 't1', 1, false],
    ]);
  });

  it('deleted when the newest turn that changed it deleted it; a file a later turn wrote again is not', () => {
    const t1 = set('t1', 0, file('/w/gone', 'x', null), file('/w/back', 'y', null));
    const t2 = set('t2', 1, file('/w/back', null, 'y again'));
    const t3 = set('t3', 2, file('/w/late', 'z', 'Z'), file('/w/late2', 'q', null));
    expect(reviewFiles([t1, t2, t3]).map((f) => [f.path, f.set.id, f.deleted])).toEqual([
      ['/w/back', 't1', false],
      ['/w/gone', 't1', true],
      ['/w/late', 't3', false],
      ['/w/late2', 't3', true],
    ]);
  });
});

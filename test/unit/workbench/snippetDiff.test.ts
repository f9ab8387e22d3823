import { describe, expect, it } from 'vitest';
import { describeNote, reconstructEdit } from '../../../src/workbench/snippetDiff';

// The real Edit request carries only the snippet (transcripts/files.jsonl): alpha → ALPHA-EDITED.
const file = 'line one\nalpha\nline three\n';

describe('reconstructEdit', () => {
  it('splices the snippet into the whole file when found once', () => {
    const r = reconstructEdit({ oldText: 'alpha', newText: 'ALPHA-EDITED' }, file);
    expect(r).toEqual({ original: file, proposed: 'line one\nALPHA-EDITED\nline three\n', scope: 'whole-file', note: undefined, occurrences: 1 });
    expect(describeNote(r)).toBeUndefined();
  });

  it('shows only the snippet, and says so, when it is not in the current text', () => {
    const r = reconstructEdit({ oldText: 'gamma', newText: 'GAMMA' }, file);
    expect(r).toMatchObject({ original: 'gamma', proposed: 'GAMMA', scope: 'snippet', note: 'not-found' });
    expect(describeNote(r)).toMatch(/not found/);
  });

  it('diffs a new file (oldText null or omitted) against empty', () => {
    for (const oldText of [null, undefined]) {
      const r = reconstructEdit({ oldText, newText: 'hello world\nline two\n' }, undefined);
      expect(r).toEqual({ original: '', proposed: 'hello world\nline two\n', scope: 'whole-file', occurrences: 0 });
    }
    expect(reconstructEdit({ oldText: null, newText: 'x' }, '')).toEqual({ original: '', proposed: 'x', scope: 'whole-file', occurrences: 0 });
  });

  it('treats oldText null on an existing file as a whole-file overwrite', () => {
    const r = reconstructEdit({ oldText: null, newText: 'new\n' }, file);
    expect(r).toMatchObject({ original: file, proposed: 'new\n', scope: 'whole-file', note: 'overwrite' });
    expect(describeNote(r)).toBe('replaces the whole file');
  });

  it('replaces the first of several occurrences and says it is ambiguous', () => {
    const text = 'x = 1\ny = 2\nx = 1\n';
    const r = reconstructEdit({ oldText: 'x = 1', newText: 'x = 3' }, text);
    expect(r).toMatchObject({ proposed: 'x = 3\ny = 2\nx = 1\n', scope: 'whole-file', note: 'ambiguous', occurrences: 2 });
    expect(describeNote(r)).toBe('snippet occurs 2 times; first occurrence shown');
  });

  it('counts non-overlapping occurrences', () => {
    expect(reconstructEdit({ oldText: 'aa', newText: 'b' }, 'aaaa').occurrences).toBe(2);
  });

  it('finds an LF snippet in a CRLF file and keeps CRLF in the proposal', () => {
    const crlf = 'line one\r\nalpha\r\nbeta\r\nline three\r\n';
    const r = reconstructEdit({ oldText: 'alpha\nbeta', newText: 'ALPHA\nBETA\nGAMMA' }, crlf);
    expect(r).toMatchObject({ scope: 'whole-file', occurrences: 1 });
    expect(r.proposed).toBe('line one\r\nALPHA\r\nBETA\r\nGAMMA\r\nline three\r\n');
  });

  it('matches a CRLF snippet in a CRLF file as is', () => {
    const r = reconstructEdit({ oldText: 'a\r\nb', newText: 'c' }, 'a\r\nb\r\n');
    expect(r.proposed).toBe('c\r\n');
  });

  it('shows the snippet when the file cannot be read', () => {
    const r = reconstructEdit({ oldText: 'alpha', newText: 'beta' }, undefined);
    expect(r).toMatchObject({ original: 'alpha', proposed: 'beta', scope: 'snippet', note: 'no-current-text' });
  });

  it('does not splice an empty snippet into a non-empty file', () => {
    expect(reconstructEdit({ oldText: '', newText: 'x' }, file)).toMatchObject({ scope: 'snippet', note: 'not-found' });
    expect(reconstructEdit({ oldText: '', newText: 'x' }, '')).toMatchObject({ scope: 'whole-file', proposed: 'x' });
  });

  it('handles replacement text containing $ patterns literally', () => {
    expect(reconstructEdit({ oldText: 'alpha', newText: "$& $' $1" }, file).proposed).toBe("line one\n$& $' $1\nline three\n");
  });
});

import { describe, expect, it } from 'vitest';
import { selectedLines, selectionAttachment } from '../../../src/webview/host/selectionAttachment';

const at = (line: number, character: number) => ({ line, character });

describe('selection to attachment', () => {
  it('numbers lines from 1 and includes the line the selection ends in', () => {
    expect(selectedLines(at(4, 2), at(6, 5))).toEqual({ startLine: 5, endLine: 7 });
    expect(selectedLines(at(0, 0), at(0, 3))).toEqual({ startLine: 1, endLine: 1 });
  });

  it('leaves out the next line when whole lines are selected (the end sits at its column 0)', () => {
    expect(selectedLines(at(2, 0), at(5, 0))).toEqual({ startLine: 3, endLine: 5 });
  });

  it('keeps a single line whose selection starts at column 0 on that line', () => {
    expect(selectedLines(at(3, 0), at(3, 0))).toEqual({ startLine: 4, endLine: 4 });
  });

  it('builds a selection attachment, none for an empty selection', () => {
    expect(selectionAttachment({ path: '/w/a.ts', name: 'a.ts', start: at(0, 0), end: at(2, 0), text: 'l1\nl2\n' })).toEqual({
      type: 'selection',
      path: '/w/a.ts',
      name: 'a.ts',
      startLine: 1,
      endLine: 2,
      text: 'l1\nl2\n',
    });
    expect(selectionAttachment({ path: '/w/a.ts', name: 'a.ts', start: at(3, 1), end: at(3, 1), text: '' })).toBeUndefined();
  });
});

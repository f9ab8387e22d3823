import { describe, expect, it } from 'vitest';
import { removedMarks } from '../../../src/review/removedLines';

describe('where removed lines are shown', () => {
  it('puts each replaced line beside the line that took its place', () => {
    expect(removedMarks({ start: 1, end: 3, removed: ['bravo\n', 'charlie\n'] }, 10)).toEqual([
      { line: 1, shown: ['bravo'], more: 0 },
      { line: 2, shown: ['charlie'], more: 0 },
    ]);
  });

  it('puts removed lines with no new line in their place after the hunk, three at most, the rest counted', () => {
    expect(removedMarks({ start: 4, end: 5, removed: ['a\n', 'b\n', 'c\n', 'd\n', 'e\n'] }, 10)).toEqual([{ line: 4, shown: ['a', 'b', 'c', 'd'], more: 1 }]);
    // Only removed: on the line that follows them, or the file's last line when they were its end.
    expect(removedMarks({ start: 6, end: 6, removed: ['lima\n'] }, 10)).toEqual([{ line: 6, shown: ['lima'], more: 0 }]);
    expect(removedMarks({ start: 10, end: 10, removed: ['tail\n'] }, 10)).toEqual([{ line: 9, shown: ['tail'], more: 0 }]);
  });

  it('shows a removed line on one line: tabs as spaces, a long one cut', () => {
    const [mark] = removedMarks({ start: 0, end: 1, removed: [`\tx = ${'y'.repeat(200)}\r\n`] }, 1);
    expect(mark!.shown[0]!.startsWith('  x = yyy')).toBe(true);
    expect(mark!.shown[0]!).toHaveLength(120);
    expect(mark!.shown[0]!.endsWith('…')).toBe(true);
  });

  it('marks nothing for a hunk that removed nothing, or in an empty document', () => {
    expect(removedMarks({ start: 0, end: 2, removed: [] }, 5)).toEqual([]);
    expect(removedMarks({ start: 0, end: 0, removed: ['x\n'] }, 0)).toEqual([]);
  });
});

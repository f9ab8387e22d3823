// What Add Context attaches as text: the problems, errors first and bounded; long texts cut with a line saying so.
import { describe, expect, test } from 'vitest';
import { bounded, lineTail, MAX_PROBLEMS, problemsText, type Problem } from '../../../src/chatContext/contextText';

const problem = (file: string, line: number, severity: Problem['severity'], message: string): Problem => ({ file, line, column: 1, severity, message });

describe('problemsText', () => {
  test('errors before warnings, then by file and line; hints left out; one line each with its source', () => {
    const { text, count } = problemsText([
      problem('b.ts', 3, 'warning', 'unused'),
      problem('a.ts', 9, 'error', 'no such name'),
      { ...problem('a.ts', 2, 'error', 'type\n  mismatch'), source: 'ts' },
      problem('a.ts', 1, 'hint', 'could be const'),
    ]);
    expect(count).toBe(3);
    expect(text).toBe(['a.ts:2:1 error (ts): type mismatch', 'a.ts:9:1 error: no such name', 'b.ts:3:1 warning: unused'].join('\n'));
  });

  test('at most MAX_PROBLEMS lines, the rest counted', () => {
    const many = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => problem('x.ts', i + 1, 'error', `e${i}`));
    const { text, count } = problemsText(many);
    expect(count).toBe(MAX_PROBLEMS + 5);
    expect(text.split('\n')).toHaveLength(MAX_PROBLEMS + 1);
    expect(text.endsWith('… and 5 more')).toBe(true);
  });
});

describe('bounded', () => {
  test('a short text as it is; a long one cut at a line’s end, saying how much was left out', () => {
    expect(bounded('abc', 10)).toBe('abc');
    const long = 'line one\nline two\nline three\n';
    expect(bounded(long, 20)).toBe(`line one\nline two\n… (${long.length - 17} more characters left out)`);
  });
});

describe('lineTail', () => {
  test('a short text as it is; a long one from the first line that starts among its last characters', () => {
    expect(lineTail('abc', 10)).toBe('abc');
    // The cut line's start (a token's prefix) is gone: the rest of it is dropped with it, not kept unrecognizable.
    expect(lineTail('ghp_secretpart\nnext line', 12)).toBe('next line');
    expect(lineTail('x'.repeat(20), 5)).toBe('xxxxx');
  });
});

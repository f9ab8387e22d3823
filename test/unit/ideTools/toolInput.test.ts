// What the editor tools read from the model's input (each problem worded for the model) and how they bound answers.
import { describe, expect, it } from 'vitest';
import { characterOn, clipped, listAnswer, MAX_CHARS, MAX_ITEMS, positionInput } from '../../../src/ideTools/toolInput';
import { ToolFailure } from '../../../src/ideTools/toolServer';

describe('positionInput', () => {
  it('reads a path and a 1-based line, with a column or a symbol', () => {
    expect(positionInput({ path: 'src/a.ts', line: 3, symbol: 'answer' })).toEqual({ path: 'src/a.ts', line: 3, column: undefined, symbol: 'answer' });
    expect(positionInput({ path: 'src/a.ts', line: 1, column: 7 })).toEqual({ path: 'src/a.ts', line: 1, column: 7, symbol: undefined });
  });

  it.each([
    [{ line: 3 }, '"path" is required.'],
    [{ path: '', line: 3 }, '"path" must be a non-empty string.'],
    [{ path: 'a.ts' }, '"line" is required (1-based).'],
    [{ path: 'a.ts', line: 0 }, '"line" must be a whole number from 1 (lines and columns count from 1).'],
    [{ path: 'a.ts', line: 2.5 }, '"line" must be a whole number from 1 (lines and columns count from 1).'],
    [{ path: 'a.ts', line: '2' }, '"line" must be a whole number from 1 (lines and columns count from 1).'],
    [{ path: 'a.ts', line: 2, symbol: 7 }, '"symbol" must be a non-empty string.'],
  ])('refuses %j with words the model can act on', (input, message) => {
    expect(() => positionInput(input)).toThrow(new ToolFailure(message));
  });
});

describe('characterOn', () => {
  const line = '  const total = subtotal + tax;';
  it('is the column given, the symbol standing on its own, or the first non-blank character', () => {
    expect(characterOn(line, { path: '', line: 1, column: 9 })).toBe(8);
    expect(characterOn(line, { path: '', line: 1, symbol: 'total' })).toBe(8); // not the "total" inside "subtotal"
    expect(characterOn(line, { path: '', line: 1, symbol: 'tax' })).toBe(27);
    expect(characterOn(line, { path: '', line: 1 })).toBe(2);
  });

  it('says so when the symbol is not on the line or the column is past its end', () => {
    expect(() => characterOn(line, { path: '', line: 4, symbol: 'sub' })).toThrow('"sub" is not on line 4: const total = subtotal + tax;');
    expect(() => characterOn('ab', { path: '', line: 2, column: 4 })).toThrow('Line 2 has 2 characters; column 4 is past its end.');
  });
});

describe('bounds', () => {
  it(`lists at most ${MAX_ITEMS} items and says how many are left out`, () => {
    const lines = Array.from({ length: MAX_ITEMS + 5 }, (_, i) => `a.ts:${i + 1}:1 error: e${i}`);
    const answer = listAnswer(lines, 'problems');
    expect(answer.split('\n')).toHaveLength(MAX_ITEMS + 1);
    expect(answer.endsWith('… and 5 more problems not shown.')).toBe(true);
    expect(listAnswer(lines.slice(0, 2), 'problems')).toBe(lines.slice(0, 2).join('\n'));
  });

  it(`keeps an answer within ${MAX_CHARS} characters and a note`, () => {
    const long = Array.from({ length: 10 }, () => 'x'.repeat(5000));
    const answer = listAnswer(long, 'references');
    expect(answer.length).toBeLessThan(MAX_CHARS + 100);
    expect(answer.endsWith('… and 7 more references not shown.')).toBe(true);
    expect(clipped('y'.repeat(MAX_CHARS + 10))).toBe(`${'y'.repeat(MAX_CHARS)}\n… (cut: 10 more characters).`);
  });
});

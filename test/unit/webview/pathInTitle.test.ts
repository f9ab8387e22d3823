// A title names a file when the path is a whole word of it, not part of a longer name.
import { describe, expect, it } from 'vitest';
import { titleNamesPath } from '../../../src/webview/page/pathInTitle';

describe('titleNamesPath', () => {
  it('finds the path as a word of the title', () => {
    expect(titleNamesPath('Edit src/cart.js', 'src/cart.js')).toBe(true);
    expect(titleNamesPath('touch hi.txt && echo hi', 'hi.txt')).toBe(true);
    expect(titleNamesPath('Read "notes.md"', 'notes.md')).toBe(true);
    expect(titleNamesPath('Read src/a.ts:12', 'src/a.ts')).toBe(true);
  });

  it('does not take part of a longer name or path for it', () => {
    expect(titleNamesPath('cat data.txt', 'a.txt')).toBe(false);
    expect(titleNamesPath('Edit src/cart.js.bak', 'src/cart.js')).toBe(false);
    expect(titleNamesPath('Edit lib/src/cart.js', 'src/cart.js')).toBe(false);
    expect(titleNamesPath('Edit', '')).toBe(false);
  });
});

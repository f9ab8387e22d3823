import { describe, expect, it } from 'vitest';
import { keepTail } from '../../../src/acp/commandRuns';

describe('keepTail (terminal output byte limit)', () => {
  it('keeps text within the limit as it is', () => {
    expect(keepTail('hello', 5)).toEqual({ text: 'hello', truncated: false });
  });
  it('keeps the last bytes and says it truncated', () => {
    expect(keepTail('abcdefgh', 3)).toEqual({ text: 'fgh', truncated: true });
  });
  it('never splits a character: a cut inside one drops the whole character', () => {
    // "é" is 2 bytes, "€" is 3: the last 4 bytes start inside "€"'s predecessor
    expect(keepTail('aé€', 4)).toEqual({ text: '€', truncated: true });
    expect(Buffer.byteLength(keepTail('€€€', 7).text)).toBeLessThanOrEqual(7);
  });
});

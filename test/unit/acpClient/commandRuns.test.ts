import { describe, expect, it } from 'vitest';
import { keepTail } from '../../../src/acpClient/commandRuns';

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

describe('the echo line and the title of an agent command in a VS Code terminal', () => {
  it('show the command without escape sequences or control characters', async () => {
    const { CommandRuns } = await import('../../../src/acpClient/commandRuns');
    const shown: { title: string; lines: string[] } = { title: '', lines: [] };
    const runs = new CommandRuns({
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      defaultCwd: () => process.cwd(),
      checkCwd: async (dir) => dir,
      display: (title) => {
        shown.title = title;
        return { write: (t) => void shown.lines.push(t), exited: () => undefined, release: () => undefined };
      },
    });
    // A title-setting OSC, a screen clear and a bell, as an agent could put in a command's arguments.
    await runs.create({ sessionId: 's', command: process.execPath, args: ['-e', '0', '\x1b]0;pwned\x07', '\x1b[2J\x1b[H', 'tab\there\x08'] });
    const echo = shown.lines[0]!;
    expect(echo.startsWith('$ ')).toBe(true);
    expect(echo.endsWith('\r\n')).toBe(true);
    expect(/[\x00-\x08\x0b-\x1f\x7f\x9b]/.test(echo.slice(0, -2))).toBe(false);
    expect(echo).toContain('tab here');
    expect(/[\x00-\x1f\x7f\x9b]/.test(shown.title)).toBe(false);
    runs.dispose();
  });
});

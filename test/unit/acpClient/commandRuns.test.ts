import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTail } from '../../../src/acpClient/commandRuns';
import { C0, codePointClass } from '../../../src/acpClient/controlChars';

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
    expect(new RegExp(codePointClass([0x00, 0x08], [0x0b, 0x1f], [0x7f, 0x7f], [0x9b, 0x9b]), 'u').test(echo.slice(0, -2))).toBe(false);
    expect(echo).toContain('tab here');
    expect(new RegExp(codePointClass(C0, [0x7f, 0x7f], [0x9b, 0x9b]), 'u').test(shown.title)).toBe(false);
    runs.dispose();
  });
});

describe('the program an agent command runs', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const temp = () => {
    const d = realpathSync(mkdtempSync(join(tmpdir(), 'acp-run-')));
    dirs.push(d);
    return d;
  };
  /** An executable `probe` in `dir` that writes its own folder to `out`. */
  const probe = (dir: string, out: string) => {
    writeFileSync(join(dir, 'probe'), `#!/bin/sh\necho '${dir}' > '${out}'\n`);
    chmodSync(join(dir, 'probe'), 0o755);
  };

  it.skipIf(process.platform === 'win32')('is found on PATH by an absolute entry, never in the run’s own folder through a relative one', async () => {
    const { CommandRuns } = await import('../../../src/acpClient/commandRuns');
    const workspace = temp();
    const system = temp();
    const out = join(temp(), 'ran');
    probe(workspace, out);
    probe(system, out);
    const exited = new Promise<void>((resolve) => {
      const runs = new CommandRuns({
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        defaultCwd: () => workspace,
        checkCwd: async (dir) => dir,
        display: () => ({ write: () => undefined, exited: () => (runs.dispose(), resolve()), release: () => undefined }),
      });
      void runs.create({ sessionId: 's', command: 'probe', env: [{ name: 'PATH', value: ['.', system, '/usr/bin', '/bin'].join(delimiter) }] });
    });
    await exited;
    expect(readFileSync(out, 'utf8').trim()).toBe(system);
  });

  it('resolves a bare name to an absolute path and refuses one that is on no absolute PATH entry', async () => {
    const { resolveProgram } = await import('../../../src/acpClient/commandRuns');
    const workspace = temp();
    const system = temp();
    probe(workspace, join(workspace, 'x'));
    probe(system, join(system, 'x'));
    expect(resolveProgram('probe', workspace, { PATH: ['.', system].join(delimiter) })).toBe(join(system, 'probe'));
    expect(() => resolveProgram('probe', workspace, { PATH: '.' })).toThrow(/probe was not found on PATH/);
    expect(resolveProgram('./probe', workspace, {})).toBe(join(workspace, 'probe'));
    expect(resolveProgram(join(system, 'probe'), workspace, {})).toBe(join(system, 'probe'));
  });
});

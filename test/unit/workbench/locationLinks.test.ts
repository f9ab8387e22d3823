import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLocation, locationLabel } from '../../../src/workbench/locationLinks';
import { toDisplayText, toVerbatimText, truncate } from '../../../src/acpClient/displayText';

describe('checkLocation', () => {
  it('accepts an absolute path inside a workspace folder, with a 1-based line', () => {
    const c = checkLocation('/ws/src/app.ts', 12, ['/other', '/ws'], posix);
    expect(c).toEqual({ ok: true, path: '/ws/src/app.ts', line: 12, insideWorkspace: true, relativePath: 'src/app.ts' });
    expect(c.ok && locationLabel(c)).toBe('src/app.ts:12');
  });

  it('marks a path outside every folder (including ../ escapes and sibling prefixes)', () => {
    for (const p of ['/etc/hosts', '/ws/../etc/passwd', '/ws2/file.ts']) {
      const c = checkLocation(p, undefined, ['/ws'], posix);
      expect(c.ok && c.insideWorkspace).toBe(false);
      expect(c.ok && locationLabel(c)).toMatch(/\(outside workspace\)$/);
    }
    expect(checkLocation('/ws/..hidden/x', undefined, ['/ws'], posix)).toMatchObject({ ok: true, insideWorkspace: true });
  });

  it('refuses relative paths, empty paths, non-strings and control characters', () => {
    expect(checkLocation('src/app.ts', 1, ['/ws'], posix)).toMatchObject({ ok: false, reason: expect.stringMatching(/relative path/) });
    expect(checkLocation('', 1, ['/ws'], posix).ok).toBe(false);
    expect(checkLocation(42, 1, ['/ws'], posix).ok).toBe(false);
    expect(checkLocation('/ws/a\nb', 1, ['/ws'], posix).ok).toBe(false);
  });

  it('ignores invalid lines', () => {
    for (const line of [0, -3, 1.5, '4', null]) expect(checkLocation('/ws/a.ts', line, ['/ws'], posix)).toMatchObject({ ok: true, line: undefined });
  });

  it('works with Windows paths', () => {
    const c = checkLocation('C:\\repo\\src\\a.ts', 3, ['C:\\repo'], win32);
    expect(c).toMatchObject({ ok: true, insideWorkspace: true, relativePath: 'src\\a.ts', line: 3 });
    expect(checkLocation('D:\\x.ts', 3, ['C:\\repo'], win32)).toMatchObject({ ok: true, insideWorkspace: false });
  });
});

describe('display text', () => {
  it('compacts prose and bounds it', () => {
    expect(toDisplayText('  a \t\n b\u0000c  ', 100)).toBe('a bc');
    expect(toDisplayText('para 1\r\n\r\npara 2', 100, false)).toBe('para 1\n\npara 2');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('😀😀😀', 3)).toBe('😀😀😀');
  });

  it('keeps verbatim text intact except for invisible characters', () => {
    expect(toVerbatimText('a  "b\tc"\n')).toBe('a  "b\tc"\n');
    expect(toVerbatimText('x\u0007\u2066y')).toBe('x\\u{7}\\u{2066}y');
  });
});

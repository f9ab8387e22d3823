import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TranscriptChange, TranscriptEntry } from '../../../src/acpClient/transcript';
import { decideFollow, FollowGate, TurnCounter, type FollowIo } from '../../../src/follow/followDecision';
import { checkLocation, pathKind, type PathFlavour } from '../../../src/workbench/locationLinks';

const none = { answers: new Map<string, boolean>(), askedThisTurn: false };

/** A filesystem of `files` where `links` are symlinks; every call is recorded in order, with the questions. */
function fakeIo(opts: { files?: string[]; links?: Record<string, string>; answer?: boolean } = {}) {
  const calls: string[] = [];
  const files = new Set(opts.files ?? []);
  const io: FollowIo = {
    realpath: async (p) => {
      calls.push(`realpath ${p}`);
      return opts.links?.[p] ?? p;
    },
    isFile: async (p) => {
      calls.push(`isFile ${p}`);
      return files.has(p);
    },
    confirm: async (check) => {
      calls.push(`confirm ${check.path}`);
      return opts.answer ?? false;
    },
  };
  const fsCalls = () => calls.filter((c) => !c.startsWith('confirm'));
  return { io, calls, fsCalls };
}

function gate(io: FollowIo, folders: string[], flavour: PathFlavour = posix): FollowGate {
  return new FollowGate(io, () => folders, flavour);
}

const WINDOWS_REFUSED = [
  '\\\\server\\share\\a.ts',
  '//server/share/a.ts',
  '\\\\server',
  '\\\\.\\C:\\a.ts',
  '\\\\.\\PhysicalDrive0',
  '\\\\?\\C:\\ws\\a.ts',
  '\\\\?\\UNC\\server\\share\\a.ts',
  '\\??\\C:\\ws\\a.ts',
  'C:\\ws\\nul.txt',
  'C:\\ws\\COM1',
  'C:\\temp\\con',
];
const POSIX_REFUSED = [
  '//server/share/a.ts',
  '/dev/zero',
  '/proc/self/environ',
  '/sys/kernel/notes',
  '/ws/../dev/tty',
  '/net/host/a.ts',
  '\\\\server\\share\\a.ts', // relative on POSIX
];

describe('decideFollow', () => {
  it('refuses UNC and device paths, Windows flavour, whatever was asked', () => {
    for (const p of WINDOWS_REFUSED) {
      expect(decideFollow(p, checkLocation(p, 1, ['C:\\ws'], win32), none, win32), p).toMatchObject({ kind: 'refuse' });
    }
    expect(decideFollow('C:\\ws\\console.ts', checkLocation('C:\\ws\\console.ts', 1, ['C:\\ws'], win32), none, win32)).toMatchObject({ kind: 'show' });
  });

  it('refuses network, device and relative paths, POSIX flavour', () => {
    for (const p of POSIX_REFUSED) {
      expect(decideFollow(p, checkLocation(p, 1, ['/ws'], posix), none, posix), p).toMatchObject({ kind: 'refuse' });
    }
    expect(decideFollow('/ws/devices/nul.ts', checkLocation('/ws/devices/nul.ts', 1, ['/ws'], posix), none, posix)).toMatchObject({ kind: 'show' });
  });

  it('shows a UNC path inside a workspace folder on that share (no host the workspace does not reach)', () => {
    const p = '\\\\server\\share\\repo\\a.ts';
    expect(decideFollow(p, checkLocation(p, 1, ['\\\\server\\share\\repo'], win32), none, win32)).toMatchObject({ kind: 'show' });
    const other = '\\\\server\\share\\other\\a.ts';
    expect(decideFollow(other, checkLocation(other, 1, ['\\\\server\\share\\repo'], win32), none, win32)).toMatchObject({ kind: 'refuse' });
  });

  it('asks about an outside path once per turn, and remembers answers per file', () => {
    const check = checkLocation('/etc/hosts', 1, ['/ws'], posix);
    expect(decideFollow('/etc/hosts', check, none, posix)).toMatchObject({ kind: 'ask' });
    expect(decideFollow('/etc/hosts', check, { ...none, askedThisTurn: true }, posix)).toMatchObject({ kind: 'skip' });
    expect(decideFollow('/etc/hosts', check, { answers: new Map([['/etc/hosts', true]]), askedThisTurn: true }, posix)).toMatchObject({ kind: 'show' });
    expect(decideFollow('/etc/hosts', check, { answers: new Map([['/etc/hosts', false]]), askedThisTurn: false }, posix)).toMatchObject({ kind: 'skip' });
  });

  it('pathKind tells local, network and device paths apart', () => {
    expect(pathKind('C:\\ws\\a.ts', win32)).toBe('local');
    expect(pathKind('/dev/zero', win32)).toBe('local'); // C:\dev\zero on Windows
    expect(pathKind('//h/s/a', win32)).toBe('network');
    expect(pathKind('\\\\?\\C:\\a', win32)).toBe('device');
    expect(pathKind('C:\\ws\\LPT1.log', win32)).toBe('device');
    expect(pathKind('/home/me/a.ts', posix)).toBe('local');
    expect(pathKind('/Network/Servers/h/a', posix)).toBe('network');
    expect(pathKind('/proc', posix)).toBe('device');
  });
});

describe('FollowGate', () => {
  it('refuses UNC and device paths with no filesystem call and no question (both flavours)', async () => {
    const { io, calls } = fakeIo({ answer: true });
    const win = gate(io, ['C:\\ws'], win32);
    for (const p of WINDOWS_REFUSED) expect(await win.resolve(p, 1, 0), p).toMatchObject({ kind: 'refuse' });
    const nix = gate(io, ['/ws'], posix);
    for (const p of POSIX_REFUSED) expect(await nix.resolve(p, 1, 0), p).toMatchObject({ kind: 'refuse' });
    expect(calls).toEqual([]);
  });

  it('asks about an outside path before any filesystem call on it; declined, nothing touches it', async () => {
    const declined = fakeIo({ files: ['/etc/hosts'], answer: false });
    expect(await gate(declined.io, ['/ws']).resolve('/etc/hosts', 3, 0)).toMatchObject({ kind: 'skip' });
    expect(declined.calls).toEqual(['confirm /etc/hosts']);

    const accepted = fakeIo({ files: ['/etc/hosts'], answer: true });
    expect(await gate(accepted.io, ['/ws']).resolve('/etc/hosts', 3, 0)).toMatchObject({ kind: 'show', check: { path: '/etc/hosts', line: 3 } });
    expect(accepted.calls).toEqual(['confirm /etc/hosts', 'isFile /etc/hosts']);
  });

  it('asks nothing for a second outside path in the same turn, and asks again in the next turn', async () => {
    const { io, calls } = fakeIo({ files: ['/etc/hosts', '/etc/passwd'], answer: false });
    const g = gate(io, ['/ws']);
    await g.resolve('/etc/hosts', 1, 7);
    expect(await g.resolve('/etc/passwd', 1, 7)).toMatchObject({ kind: 'skip', reason: expect.stringMatching(/already asked/) });
    expect(await g.resolve('/etc/hosts', 1, 8)).toMatchObject({ kind: 'skip', reason: expect.stringMatching(/declined before/) });
    expect(calls).toEqual(['confirm /etc/hosts']);
    await g.resolve('/etc/passwd', 1, 8);
    expect(calls).toEqual(['confirm /etc/hosts', 'confirm /etc/passwd']);
  });

  it('shows a file the user accepted before without asking, even after this turn’s question', async () => {
    const { io, calls } = fakeIo({ files: ['/etc/hosts', '/etc/passwd'], answer: true });
    const g = gate(io, ['/ws']);
    await g.resolve('/etc/hosts', 1, 0);
    await g.resolve('/etc/passwd', 1, 1);
    expect(await g.resolve('/etc/hosts', 2, 1)).toMatchObject({ kind: 'show' });
    expect(calls.filter((c) => c.startsWith('confirm'))).toEqual(['confirm /etc/hosts', 'confirm /etc/passwd']);
  });

  it('shows an existing file inside the workspace without asking, after its real-location check', async () => {
    const { io, calls } = fakeIo({ files: ['/ws/src/a.ts'] });
    expect(await gate(io, ['/ws']).resolve('/ws/src/a.ts', 12, 0)).toMatchObject({
      kind: 'show',
      check: { path: '/ws/src/a.ts', line: 12, insideWorkspace: true },
    });
    expect(calls).toContain('realpath /ws/src/a.ts');
    expect(calls.at(-1)).toBe('isFile /ws/src/a.ts');
    expect(calls.some((c) => c.startsWith('confirm'))).toBe(false);
  });

  it('skips a folder or a file not created yet', async () => {
    const { io } = fakeIo();
    expect(await gate(io, ['/ws']).resolve('/ws/new.ts', 1, 0)).toMatchObject({ kind: 'skip' });
  });

  it('asks about an inside symlink to an outside file, before stat, under the same once-per-turn rule', async () => {
    const links = { '/ws/innocent.txt': '/outside/secret.txt', '/ws/other.txt': '/outside/other.txt' };
    const { io, calls, fsCalls } = fakeIo({ files: ['/outside/secret.txt', '/outside/other.txt'], links, answer: false });
    const g = gate(io, ['/ws']);
    expect(await g.resolve('/ws/innocent.txt', 1, 0)).toMatchObject({ kind: 'skip' });
    expect(calls.filter((c) => c.startsWith('confirm'))).toEqual(['confirm /outside/secret.txt']);
    expect(fsCalls().every((c) => c.startsWith('realpath'))).toBe(true);
    expect(await g.resolve('/ws/other.txt', 1, 0)).toMatchObject({ kind: 'skip', reason: expect.stringMatching(/already asked/) });
    expect(calls.filter((c) => c.startsWith('confirm'))).toHaveLength(1);
    expect(fsCalls().some((c) => c.startsWith('isFile'))).toBe(false);
  });

  it('refuses an inside path whose real location is a device', async () => {
    const { io, fsCalls } = fakeIo({ files: ['/dev/zero'], links: { '/ws/z': '/dev/zero' }, answer: true });
    expect(await gate(io, ['/ws']).resolve('/ws/z', 1, 0)).toMatchObject({ kind: 'refuse' });
    expect(fsCalls().some((c) => c.startsWith('isFile'))).toBe(false);
  });
});

describe('TurnCounter', () => {
  const added = (entry: Partial<TranscriptEntry> & Pick<TranscriptEntry, 'kind'>): TranscriptChange =>
    ({ type: 'entry-added', entry: { id: 'e', at: 0, ...entry }, index: 0 }) as TranscriptChange;

  it('starts a turn after a turn-end entry or an idle session, not on a user entry the agent can add', () => {
    const turns = new TurnCounter();
    const first = turns.observe([added({ kind: 'user', content: [] })], 'running');
    expect(turns.observe([added({ kind: 'user', content: [] })], 'running')).toBe(first);
    expect(turns.observe([added({ kind: 'turn-end', stopReason: 'end_turn' })], 'running')).toBe(first);
    const second = turns.observe([], 'running');
    expect(second).not.toBe(first);
    turns.observe([], 'idle');
    const third = turns.observe([], 'running');
    expect(third).not.toBe(second);
    turns.restart();
    expect(turns.observe([], 'running')).not.toBe(third);
  });
});

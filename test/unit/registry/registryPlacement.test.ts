// Where an agent from the registry goes in acpChat.agents: appended under a new name, an update of its own earlier
// install in place, and any other same-name entry (the bundled Claude entry included) never replaced without an answer.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRegistry } from '../../../src/registry/registryEntries';
import { isOwnInstall, ownInstall, placeEntry, sameNameConflict, uniqueName } from '../../../src/registry/registryPlacement';

const storage = join('/', 'storage', 'agents');
const [tiny, npxy, claudeNamed] = parseRegistry(
  JSON.stringify({
    agents: [
      { id: 'tiny', name: 'Tiny', version: '1.2.3', distribution: { binary: { 'linux-x86_64': { archive: 'https://example.com/t.tgz', cmd: 'tiny' } } } },
      { id: 'npxy', name: 'Npxy', version: '2.0.0', distribution: { npx: { package: '@scope/npxy@2.0.0' } } },
      { id: 'not-claude', name: 'Claude', version: '9.9.9', distribution: { npx: { package: 'not-claude@9.9.9' } } },
    ],
  }),
).agents;
const ownTiny = ownInstall(tiny!, storage);
const ownNpxy = ownInstall(npxy!, storage);
const ownClaude = ownInstall(claudeNamed!, storage);

const tinyV2 = { name: 'Tiny', command: join(storage, 'tiny', '2.0.0-linux-x86_64', 'tiny'), args: [] };
const bundled = { name: 'Claude' };

describe('isOwnInstall: the registry agent’s earlier install', () => {
  it('a command inside <storage>/<id>/, any version', () => {
    expect(isOwnInstall({ name: 'Tiny', command: join(storage, 'tiny', '1.0.0-linux-x86_64', 'tiny') }, ownTiny)).toBe(true);
  });

  it('not: another agent’s folder, a folder that only starts like it, a path climbing out, a relative or missing command', () => {
    for (const command of [
      join(storage, 'tiny2', '1.0.0', 'tiny'),
      join(storage, 'tiny', '..', 'evil', 'x'),
      join(storage, 'tiny'),
      'tiny/1.0.0/tiny',
      '/usr/bin/tiny',
      undefined,
    ]) {
      expect(isOwnInstall({ name: 'Tiny', command }, ownTiny), String(command)).toBe(false);
    }
  });

  it('npx of the same package as installAgent writes it (`npx --yes package@version`), whatever the version', () => {
    expect(isOwnInstall({ name: 'Npxy', command: '/usr/bin/npx', args: ['--yes', '@scope/npxy@1.0.0', '--acp'] }, ownNpxy)).toBe(true);
    expect(isOwnInstall({ name: 'Npxy', command: 'C:\\node\\npx.cmd', args: ['--yes', '@scope/npxy@2.0.0'] }, ownNpxy)).toBe(process.platform === 'win32');
  });

  it('not: another package, a package that only starts like it, npx without --yes, another program', () => {
    for (const [command, args] of [
      ['/usr/bin/npx', ['--yes', '@scope/other@1.0.0']],
      ['/usr/bin/npx', ['--yes', '@scope/npxy-evil@1.0.0']],
      ['/usr/bin/npx', ['@scope/npxy@1.0.0']],
      ['/usr/bin/node', ['--yes', '@scope/npxy@1.0.0']],
    ] as const) {
      expect(isOwnInstall({ name: 'Npxy', command, args }, ownNpxy), `${command} ${args.join(' ')}`).toBe(false);
    }
  });

  it('the bundled entry (no command) never is', () => {
    expect(isOwnInstall(bundled, ownClaude)).toBe(false);
    expect(isOwnInstall(bundled, ownTiny)).toBe(false);
  });
});

describe('sameNameConflict: when the user must be asked', () => {
  it('a registry entry named like the bundled Claude entry asks', () => {
    expect(sameNameConflict([bundled], 'Claude', ownClaude)).toEqual({ index: 0, existing: bundled });
  });

  it('an entry of the user’s own with that name asks; its own earlier install or no such name does not', () => {
    const mine = { name: 'Tiny', command: '/opt/tiny/tiny' };
    expect(sameNameConflict([bundled, mine], 'Tiny', ownTiny)).toEqual({ index: 1, existing: mine });
    expect(sameNameConflict([bundled, { ...tinyV2, command: join(storage, 'tiny', '1.0.0-linux-x86_64', 'tiny') }], 'Tiny', ownTiny)).toBeUndefined();
    expect(sameNameConflict([bundled], 'Tiny', ownTiny)).toBeUndefined();
  });

  it('names are compared as parseAgentList reads them (trimmed)', () => {
    expect(sameNameConflict([{ name: '  Claude ' }], 'Claude', ownClaude)?.index).toBe(0);
  });
});

describe('placeEntry', () => {
  it('no entry of that name: appended', () => {
    expect(placeEntry([bundled], tinyV2, ownTiny)).toEqual({ list: [bundled, tinyV2], name: 'Tiny' });
  });

  it('its own earlier install: replaced in place, without an answer (an update)', () => {
    const v1 = { name: 'Tiny', command: join(storage, 'tiny', '1.0.0-linux-x86_64', 'tiny'), args: [] };
    const other = { name: 'Other', command: '/bin/other' };
    expect(placeEntry([bundled, v1, other], tinyV2, ownTiny)).toEqual({ list: [bundled, tinyV2, other], name: 'Tiny' });
  });

  it('the bundled Claude entry is never replaced without an answer: the new one is added beside it', () => {
    const entry = { name: 'Claude', command: '/usr/bin/npx', args: ['--yes', 'not-claude@9.9.9'] };
    expect(placeEntry([bundled], entry, ownClaude)).toEqual({ list: [bundled, { ...entry, name: 'Claude (registry)' }], name: 'Claude (registry)' });
  });

  it('another same-name entry: replaced on "replace", kept beside on "keepBoth"', () => {
    const mine = { name: 'Tiny', command: '/opt/tiny/tiny' };
    expect(placeEntry([bundled, mine], tinyV2, ownTiny, 'replace')).toEqual({ list: [bundled, tinyV2], name: 'Tiny' });
    expect(placeEntry([bundled, mine], tinyV2, ownTiny, 'keepBoth')).toEqual({
      list: [bundled, mine, { ...tinyV2, name: 'Tiny (registry)' }],
      name: 'Tiny (registry)',
    });
  });

  it('the list given is not changed', () => {
    const list = [bundled];
    placeEntry(list, { name: 'Claude', command: '/x' }, ownClaude, 'replace');
    expect(list).toEqual([bundled]);
  });
});

describe('uniqueName', () => {
  it('the first free "(registry)" name', () => {
    expect(uniqueName([bundled], 'Claude')).toBe('Claude (registry)');
    expect(uniqueName([bundled, { name: 'Claude (registry)' }, { name: 'Claude (registry 2)' }], 'Claude')).toBe('Claude (registry 3)');
  });

  it('fits the 60-character name bound, so parseAgentList does not cut it back into a clash', () => {
    const long = 'N'.repeat(60);
    const name = uniqueName([{ name: long }], long);
    expect(name).toBe(`${'N'.repeat(49)} (registry)`);
    expect(name.length).toBeLessThanOrEqual(60);
  });
});

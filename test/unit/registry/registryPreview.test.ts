// What a registry entry will run, as the picker and the same-name question show it: command, args and env, every word
// unambiguous and bounded, nothing hidden.
import { describe, expect, it } from 'vitest';
import { installPlan, parseRegistry } from '../../../src/registry/registryEntries';
import { entryPreview, planPreview, PREVIEW_LIMITS, shownCommand, shownWord } from '../../../src/registry/registryPreview';
import { C0, codePointClass, DEL_C1 } from '../../../src/acpClient/controlChars';

const [npxAgent, binaryAgent] = parseRegistry(
  JSON.stringify({
    agents: [
      { id: 'npxy', name: 'Npxy', version: '2.0.0', distribution: { npx: { package: '@scope/npxy@2.0.0', args: ['--acp'], env: { NPXY_MODE: 'acp' } } } },
      {
        id: 'tiny',
        name: 'Tiny',
        version: '1.2.3',
        distribution: {
          binary: { 'linux-x86_64': { archive: 'https://example.com/t.tgz', cmd: './bin/tiny', args: ['acp', '--port', '0'], env: { TINY: '1' } } },
        },
      },
    ],
  }),
).agents;

describe('planPreview', () => {
  it('an npx entry: the pinned package, its args and its env', () => {
    expect(planPreview(installPlan(npxAgent!, 'linux-x86_64'))).toBe('runs npx @scope/npxy@2.0.0 --acp · env NPXY_MODE=acp');
  });

  it('a binary entry: its command in the archive, args and env first, then how it installs', () => {
    expect(planPreview(installPlan(binaryAgent!, 'linux-x86_64'))).toBe(
      'runs bin/tiny acp --port 0 · env TINY=1 · downloads its linux-x86_64 build (no checksum in the registry)',
    );
  });

  it('no env: no env part', () => {
    expect(planPreview({ kind: 'npx', packageName: 'a', version: '1.0.0', args: [], env: {} })).toBe('runs npx a@1.0.0');
  });
});

describe('shownWord', () => {
  it('plain words as they are; anything else quoted, so a space inside a word cannot pass for two args', () => {
    expect(shownWord('--model=opus-4.1')).toBe('--model=opus-4.1');
    expect(shownWord('C:\\agents\\tiny.exe')).toBe('C:\\agents\\tiny.exe');
    expect(shownWord('a b')).toBe('"a b"');
    expect(shownWord('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(shownWord('')).toBe('""');
  });

  it('controls, bidi overrides, zero-width and odd spaces are shown as escapes, never passed through', () => {
    for (const [value, shown] of [
      ['a\nb', '"a\\u{a}b"'],
      ['\u001b[31mred', '"\\u{1b}[31mred"'],
      ['abc\u202Efdp.exe', '"abc\\u{202e}fdp.exe"'],
      ['ev\u200Bil', '"ev\\u{200b}il"'],
      ['a\u00A0b', '"a\\u{a0}b"'],
    ]) {
      expect(shownWord(value!), JSON.stringify(value)).toBe(shown);
      expect(shownWord(value!)).not.toMatch(new RegExp(codePointClass(C0, DEL_C1, [0x200b, 0x200b], [0x202e, 0x202e], [0xa0, 0xa0]), 'u'));
    }
  });

  it('a long word is cut, and the cut is marked', () => {
    const long = 'x'.repeat(100);
    expect(shownWord(long)).toBe('x'.repeat(PREVIEW_LIMITS.chars) + '…');
    expect(shownWord(`${long} y`)).toBe(`"${'x'.repeat(PREVIEW_LIMITS.chars)}"…`);
  });
});

describe('shownCommand', () => {
  it('many args or variables: the first few shown, the rest counted', () => {
    const args = Array.from({ length: 20 }, (_, i) => `a${i}`);
    const env = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`V${i}`, `${i}`]));
    const line = shownCommand(['cmd', ...args], env);
    expect(line).toBe(`cmd a0 a1 a2 a3 a4 a5 a6 (+13 more) · env V0=0 V1=1 V2=2 V3=3 V4=4 V5=5 V6=6 V7=7 (+4 more)`);
  });

  it('bounded whatever the entry holds', () => {
    const huge = 'y'.repeat(4096);
    const line = shownCommand([huge, ...Array(64).fill(huge)], Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`V${i}${huge}`, huge])));
    expect(line.length).toBeLessThan(PREVIEW_LIMITS.command + (PREVIEW_LIMITS.words + PREVIEW_LIMITS.env * 2) * (PREVIEW_LIMITS.chars + 4) + 60);
  });

  it('the command, a path, keeps more of itself than an arg', () => {
    const path = `/home/someone/.config/Code/User/globalStorage/acp.acp-chat/agents/tiny/1.2.3-linux-x86_64/bin/tiny`;
    expect(shownCommand([path], {})).toBe(path);
  });
});

describe('entryPreview', () => {
  it('an entry of the user’s settings: the bundled adapter, or what it runs', () => {
    expect(entryPreview({ name: 'Claude' })).toBe('is the bundled Claude adapter');
    expect(entryPreview({ name: 'Mine', command: '/usr/bin/mine', args: ['--acp'], env: { KEY: 'v' } })).toBe('runs /usr/bin/mine --acp · env KEY=v');
    expect(entryPreview({ name: 'Odd', command: '/usr/bin/odd', args: 'nope', env: [1] })).toBe('runs /usr/bin/odd');
  });
});

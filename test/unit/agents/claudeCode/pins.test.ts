// The sha512 pins of Claude Code's platform packages: recorded by the build from package-lock.json
// (scripts/claudeCodePins.mjs), read by the download (src/agents/claudeCode/pins.ts). The build refuses a lockfile
// that lacks one; the reader gives nothing for a missing file or entry, and the download then refuses.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PINS_FILE, pinFor, readPin } from '../../../../src/agents/claudeCode/pins';
// @ts-expect-error a plain .mjs script without types
import { claudeCodePins, PINS_FILE as BUILD_PINS_FILE } from '../../../../scripts/claudeCodePins.mjs';

const root = resolve(__dirname, '../../../..');
const SDK = '@anthropic-ai/claude-agent-sdk';
const sri = (content: string) => `sha512-${createHash('sha512').update(content).digest('base64')}`;
const pkg = { name: `${SDK}-linux-x64`, version: '0.3.318' };

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function extensionWith(pinsText: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'acp-pins-'));
  dirs.push(dir);
  if (pinsText !== undefined) {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, PINS_FILE), pinsText);
  }
  return dir;
}

function lockWith(entries: Record<string, { version?: string; integrity?: string }>): unknown {
  return { lockfileVersion: 3, packages: Object.fromEntries(Object.entries(entries).map(([name, e]) => [`node_modules/${name}`, e])) };
}

describe('the build records the pins from the lockfile', () => {
  const manifest = { name: SDK, optionalDependencies: { [`${SDK}-linux-x64`]: '0.3.318', [`${SDK}-darwin-arm64`]: '0.3.318' } };

  test('one sha512 per platform package the SDK names, keyed by name@version', () => {
    const lock = lockWith({
      [SDK]: { version: '0.3.318', integrity: sri('sdk') },
      [`${SDK}-linux-x64`]: { version: '0.3.318', integrity: `sha1-abc ${sri('linux')}` },
      [`${SDK}-darwin-arm64`]: { version: '0.3.318', integrity: sri('darwin') },
    });
    expect(claudeCodePins(lock, manifest)).toEqual({ [`${SDK}-linux-x64@0.3.318`]: sri('linux'), [`${SDK}-darwin-arm64@0.3.318`]: sri('darwin') });
  });

  test('a package missing from the lockfile, at another version, or without a sha512 fails the build, each named', () => {
    const lock = lockWith({ [`${SDK}-darwin-arm64`]: { version: '0.3.317', integrity: sri('darwin') } });
    expect(() => claudeCodePins(lock, manifest)).toThrow(
      new RegExp(`${SDK}-linux-x64: not in package-lock\\.json[\\s\\S]*${SDK}-darwin-arm64: package-lock\\.json has 0\\.3\\.317, the SDK pins 0\\.3\\.318`),
    );
    const sha1Only = lockWith({
      [`${SDK}-linux-x64`]: { version: '0.3.318', integrity: 'sha1-abc' },
      [`${SDK}-darwin-arm64`]: { version: '0.3.318', integrity: sri('darwin') },
    });
    expect(() => claudeCodePins(sha1Only, manifest)).toThrow(`${SDK}-linux-x64@0.3.318: package-lock.json has no sha512 integrity`);
    expect(() => claudeCodePins(lock, { name: SDK, optionalDependencies: {} })).toThrow(/names no platform packages/);
  });

  test('this checkout: every platform package of the installed SDK is pinned, and the built file says the same', () => {
    const readJson = (f: string) => JSON.parse(readFileSync(join(root, f), 'utf8')) as Record<string, unknown>;
    const sdk = readJson(`node_modules/${SDK}/package.json`) as { optionalDependencies: Record<string, string> };
    const pins = claudeCodePins(readJson('package-lock.json'), sdk) as Record<string, string>;
    expect(Object.keys(pins).sort()).toEqual(
      Object.entries(sdk.optionalDependencies)
        .map(([n, v]) => `${n}@${v}`)
        .sort(),
    );
    let built: unknown;
    try {
      built = readJson(BUILD_PINS_FILE);
    } catch {
      throw new Error(`${BUILD_PINS_FILE} is missing: run \`node scripts/build.mjs\` first`);
    }
    expect(built).toEqual(pins);
  });

  test('the build writes where the extension reads', () => {
    expect(join(BUILD_PINS_FILE)).toBe(PINS_FILE);
  });
});

describe('the extension reads its pins', () => {
  test('the sha512 recorded for the package, as its base64 digest', () => {
    const pins = { [`${pkg.name}@${pkg.version}`]: sri('linux') };
    expect(pinFor(pins, pkg)).toBe(sri('linux').slice(7));
    expect(readPin(extensionWith(JSON.stringify(pins)), pkg)).toBe(sri('linux').slice(7));
  });

  test('another version, another package, a malformed hash or an inherited key: nothing', () => {
    const pins = {
      [`${pkg.name}@0.3.317`]: sri('old'),
      [`${SDK}-linux-arm64@${pkg.version}`]: sri('arm'),
      [`${SDK}-win32-x64@${pkg.version}`]: 'sha512-short',
    };
    expect(pinFor(pins, pkg)).toBeUndefined();
    expect(pinFor(pins, { ...pkg, name: `${SDK}-win32-x64` })).toBeUndefined();
    expect(pinFor({}, { name: 'constructor', version: '' } as typeof pkg)).toBeUndefined();
    expect(pinFor(Object.create({ [`${pkg.name}@${pkg.version}`]: sri('linux') }), pkg)).toBeUndefined();
    expect(pinFor(null, pkg)).toBeUndefined();
    expect(pinFor('sha512-x', pkg)).toBeUndefined();
  });

  test('no pins file, or one that is not JSON: nothing', () => {
    expect(readPin(extensionWith(undefined), pkg)).toBeUndefined();
    expect(readPin(extensionWith('{ not json'), pkg)).toBeUndefined();
  });
});

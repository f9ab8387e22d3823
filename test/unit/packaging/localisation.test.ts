// Every user-facing string of the manifest comes from the English bundle (package.nls.json), so a translation can
// replace it: a new title, setting text or walkthrough step written straight into package.json fails here, as does a
// %key% the bundle lacks or a bundle entry nothing uses. The build runs the same check (scripts/l10n.mjs).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { checkManifest, manifestStrings } from '../../../scripts/l10n.mjs';

const root = resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const bundle = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

describe('localisation of the manifest', () => {
  const strings = manifestStrings(manifest) as Array<[string, string]>;

  it('finds the strings it checks (commands, settings, views, the walkthrough)', () => {
    expect(strings.length).toBeGreaterThan(90);
    expect(strings.map(([p]) => p)).toEqual(
      expect.arrayContaining(['displayName', 'contributes.commands.0.title', 'contributes.walkthroughs.0.steps.0.title']),
    );
  });

  it('every user-facing string is a %key% of package.nls.json', () => {
    expect(strings.filter(([, v]) => !/^%[^%]+%$/.test(v)).map(([p, v]) => `${p}: ${v}`)).toEqual([]);
    expect(strings.map(([, v]) => v.slice(1, -1)).filter((k) => typeof bundle[k] !== 'string' || bundle[k] === '')).toEqual([]);
  });

  it('the build’s check finds nothing to fix in the manifest', () => {
    expect(checkManifest(root)).toEqual([]);
  });

  it('the bundle holds no entry the manifest does not use', () => {
    const used = new Set(strings.map(([, v]) => v.slice(1, -1)));
    expect(Object.keys(bundle).filter((k) => !used.has(k))).toEqual([]);
  });
});

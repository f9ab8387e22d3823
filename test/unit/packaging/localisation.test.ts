// Every user-facing string of the manifest comes from the English bundle (package.nls.json), so a translation can
// replace it: a new title, setting text or walkthrough step written straight into package.json fails here, as does a
// %key% the bundle lacks or a bundle entry nothing uses.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const bundle = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** The fields VS Code shows to people, wherever they sit in the manifest (their values, with a path to each). */
const SHOWN = new Set(['displayName', 'description', 'markdownDescription', 'title', 'name', 'category', 'enumDescriptions', 'markdownEnumDescriptions', 'deprecationMessage', 'markdownDeprecationMessage']);
/** Where such a field name means something else: the package's own id, a setting's `required` list, defaults. */
const NOT_SHOWN = [/^name$/, /\.default(\.|$)/, /\.required(\.|$)/, /^contributes\.configuration\.properties\.[^.]+\.items\.properties\.[^.]+$/];

function shownStrings(value: unknown, path: string, out: Array<[string, string]>): void {
  if (Array.isArray(value)) value.forEach((v, i) => shownStrings(v, `${path}.${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (NOT_SHOWN.some((re) => re.test(p))) continue;
      if (SHOWN.has(k) && typeof v === 'string') out.push([p, v]);
      else if (SHOWN.has(k) && Array.isArray(v) && v.every((x) => typeof x === 'string')) v.forEach((x, i) => out.push([`${p}.${i}`, x as string]));
      else shownStrings(v, p, out);
    }
  }
}

describe('localisation of the manifest', () => {
  const strings: Array<[string, string]> = [];
  shownStrings(manifest, '', strings);

  it('finds the strings it checks (commands, settings, views, the walkthrough)', () => {
    expect(strings.length).toBeGreaterThan(90);
    expect(strings.map(([p]) => p)).toEqual(expect.arrayContaining(['displayName', 'contributes.commands.0.title', 'contributes.walkthroughs.0.steps.0.title']));
  });

  it('every user-facing string is a %key% of package.nls.json', () => {
    expect(strings.filter(([, v]) => !/^%[^%]+%$/.test(v)).map(([p, v]) => `${p}: ${v}`)).toEqual([]);
    expect(strings.map(([, v]) => v.slice(1, -1)).filter((k) => typeof bundle[k] !== 'string' || bundle[k] === '')).toEqual([]);
  });

  it('the bundle holds no entry the manifest does not use', () => {
    const used = new Set(strings.map(([, v]) => v.slice(1, -1)));
    expect(Object.keys(bundle).filter((k) => !used.has(k))).toEqual([]);
  });
});

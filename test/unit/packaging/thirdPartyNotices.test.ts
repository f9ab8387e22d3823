// The notices of what the bundles carry: each bundled package found from esbuild's metafile inputs (the innermost
// node_modules/<name>, scoped names whole), listed once with its version, licence and licence and notice files; a
// package that cannot be read fails the build instead of going missing from the notices.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { packageOf, thirdPartyNotices } from '../../../scripts/thirdPartyNotices.mjs';

describe('third-party notices', () => {
  test('the package of an input path: the innermost node_modules folder, scoped names whole, none for our files', () => {
    expect(packageOf('node_modules/zod/v4/core/core.js')).toBe('zod');
    expect(packageOf('node_modules/@agentclientprotocol/sdk/dist/acp.js')).toBe('@agentclientprotocol/sdk');
    expect(packageOf('node_modules/a/node_modules/@s/b/index.js')).toBe('@s/b');
    expect(packageOf('src/extension.ts')).toBeUndefined();
  });

  test('each bundled and copied package once, with its licence texts; a package without its manifest throws', () => {
    const root = mkdtempSync(join(tmpdir(), 'acp-notices-'));
    try {
      const pkg = (name: string, manifest: object, files: Record<string, string>) => {
        mkdirSync(join(root, 'node_modules', name), { recursive: true });
        writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, ...manifest }));
        for (const [f, text] of Object.entries(files)) writeFileSync(join(root, 'node_modules', name, f), text);
      };
      pkg('zod', { version: '4.0.0', license: 'MIT' }, { LICENSE: 'MIT text' });
      pkg('@s/b', { version: '1.2.3', license: 'Apache-2.0' }, { 'LICENSE.md': 'Apache text', NOTICE: 'Notice text' });
      pkg('font', { version: '0.1.0', license: 'CC-BY-4.0' }, {});
      const meta = (...inputs: string[]) => ({ inputs: Object.fromEntries(inputs.map((i) => [i, {}])) });
      const text: string = thirdPartyNotices(
        root,
        [meta('node_modules/zod/a.js', 'src/x.ts'), meta('node_modules/zod/b.js', 'node_modules/@s/b/c.js')],
        ['font'],
      );
      expect(text.split('\n').filter((l) => l.startsWith('- '))).toEqual(['- @s/b', '- font', '- zod']);
      expect(text).toContain('@s/b 1.2.3 (Apache-2.0)\n\n--- LICENSE.md ---\nApache text\n\n--- NOTICE ---\nNotice text');
      expect(text).toContain('zod 4.0.0 (MIT)\n\n--- LICENSE ---\nMIT text');
      expect(text).toContain('font 0.1.0 (CC-BY-4.0)\n\n(the package ships no licence file)');
      expect(() => thirdPartyNotices(root, [meta('node_modules/gone/index.js')])).toThrow(/no package\.json for gone/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

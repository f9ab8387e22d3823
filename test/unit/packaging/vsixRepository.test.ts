// The repository a VSIX is published from is given to `npm run package`, never kept in package.json: with one, the
// manifest names it and vsce resolves the README's links against it; without one, nothing in the VSIX points at a
// repository (no field, no picture, no relative link), so no placeholder can be published.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { manifestFor, markdownForVsix, repositoryFrom, vsceArgsFor } from '../../../scripts/vsixRepository.mjs';

const root = resolve(__dirname, '../../..');
const read = (f: string) => readFileSync(join(root, f), 'utf8');

/** Every Markdown link and image target, outside code. */
function targets(markdown: string): string[] {
  const noCode = markdown.replace(/^(`{3,}|~{3,})[\s\S]*?^\1/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
  return [...noCode.matchAll(/\]\(\s*<?([^)\s>]+)/g)].map((m) => m[1]!);
}
const isRelative = (t: string) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#');

describe('the repository a VSIX is built for', () => {
  test('from --repository, --repository=, or ACP_CHAT_REPOSITORY; the flag wins; none is none', () => {
    expect(repositoryFrom(['--repository', 'https://github.com/acme/acp-chat'], {})).toBe('https://github.com/acme/acp-chat');
    expect(repositoryFrom(['--repository=https://github.com/acme/acp-chat.git'], {})).toBe('https://github.com/acme/acp-chat');
    expect(repositoryFrom([], { ACP_CHAT_REPOSITORY: 'https://git.acme.dev/tools/acp-chat/' })).toBe('https://git.acme.dev/tools/acp-chat');
    expect(repositoryFrom(['--repository', 'https://github.com/a/b'], { ACP_CHAT_REPOSITORY: 'https://github.com/c/d' })).toBe('https://github.com/a/b');
    expect(repositoryFrom([], {})).toBeUndefined();
    expect(repositoryFrom([], { ACP_CHAT_REPOSITORY: '  ' })).toBeUndefined();
  });

  test('refuses what is not an https URL, a placeholder, a URL with credentials, a flag without a URL, and an argument npm kept', () => {
    expect(() => repositoryFrom(['--repository'], {})).toThrow(/needs a URL/);
    expect(() => repositoryFrom(['--repository', '--other'], {})).toThrow(/needs a URL/);
    expect(() => repositoryFrom(['--repository='], {})).toThrow(/needs a URL/);
    expect(() => repositoryFrom([], { ACP_CHAT_REPOSITORY: 'github.com/acme/acp-chat' })).toThrow(/not a URL/);
    expect(() => repositoryFrom([], { ACP_CHAT_REPOSITORY: 'http://github.com/acme/acp-chat' })).toThrow(/https/);
    expect(() => repositoryFrom([], { ACP_CHAT_REPOSITORY: 'git@github.com:acme/acp-chat.git' })).toThrow(/https|not a URL/);
    for (const placeholder of ['https://example.invalid/acp-chat.git', 'https://example.com/acp-chat', 'https://git.example/x', 'https://localhost/x']) {
      expect(() => repositoryFrom(['--repository', placeholder], {})).toThrow(/placeholder/);
    }
    expect(() => repositoryFrom(['--repository', 'https://user:token@github.com/acme/acp-chat'], {})).toThrow(/credentials/);
    // `npm run package --repository <url>` without `--`: npm keeps the flag and passes the URL alone.
    expect(() => repositoryFrom(['https://github.com/acme/acp-chat'], { npm_config_repository: 'true' })).toThrow(/npm run package -- --repository/);
    expect(() => repositoryFrom(['https://github.com/acme/acp-chat'], {})).toThrow(/unexpected argument/);
  });

  test('the manifest names the repository given, or has no repository field at all', () => {
    const pkg = { name: 'acp-chat', version: '0.1.0', repository: { type: 'git', url: 'https://old.invalid/x.git' } };
    expect(manifestFor(pkg, 'https://github.com/acme/acp-chat')).toEqual({
      name: 'acp-chat',
      version: '0.1.0',
      repository: { type: 'git', url: 'https://github.com/acme/acp-chat' },
    });
    expect(manifestFor(pkg, undefined)).toEqual({ name: 'acp-chat', version: '0.1.0' });
    expect(pkg.repository.url).toBe('https://old.invalid/x.git'); // the input is not changed
  });

  test("vsce's flags: GitHub and GitLab derived by vsce, other hosts spelled out, none allowed without asking", () => {
    expect(vsceArgsFor('https://github.com/acme/acp-chat')).toEqual([]);
    expect(vsceArgsFor('https://gitlab.com/acme/tools/acp-chat')).toEqual([]);
    expect(vsceArgsFor('https://git.acme.dev/acp-chat')).toEqual([
      '--baseContentUrl',
      'https://git.acme.dev/acp-chat/blob/HEAD',
      '--baseImagesUrl',
      'https://git.acme.dev/acp-chat/raw/HEAD',
    ]);
    expect(vsceArgsFor(undefined)).toEqual(['--allow-missing-repository']);
  });
});

describe('the Markdown a VSIX carries', () => {
  const page = [
    '# Title',
    '',
    'Intro with a [doc](docs/a.md), an [anchor](#settings) and a [site](https://acme.dev/x).',
    '',
    '![A picture](media/a.png)',
    '',
    '| | |',
    '| --- | --- |',
    '| ![light](media/l.png) | ![dark](media/d.png) |',
    '',
    '| setting | |',
    '| --- | --- |',
    '| `a` | see [the doc](docs/b.md) ![icon](media/i.png) |',
    '| `b` | ![only](media/o.png) |',
    '',
    'Code keeps `[x](y.md)` and <img src="media/h.png" alt="h"> goes.',
    '',
    '```md',
    '![kept](media/k.png)',
    '',
    '',
    '```',
    '',
    '![badge](https://img.shields.io/badge/x-y-green.png)',
    '',
    'End.',
  ].join('\n');

  test('with a repository it is unchanged: vsce resolves its links against the repository', () => {
    expect(markdownForVsix(page, 'https://github.com/acme/acp-chat')).toBe(page);
  });

  test('without one, pictures go (a row left empty, a table of pictures only), relative links keep only their text; code, anchors and absolute links stay', () => {
    expect(markdownForVsix(page, undefined)).toBe(
      [
        '# Title',
        '',
        'Intro with a doc, an [anchor](#settings) and a [site](https://acme.dev/x).',
        '',
        '| setting | |',
        '| --- | --- |',
        '| `a` | see the doc  |',
        '| `b` |  |',
        '',
        'Code keeps `[x](y.md)` and  goes.',
        '',
        '```md',
        '![kept](media/k.png)',
        '',
        '',
        '```',
        '',
        '![badge](https://img.shields.io/badge/x-y-green.png)',
        '',
        'End.',
      ].join('\n'),
    );
  });

  test("the README and CHANGELOG: every relative link and picture names a file in the repository, and a local VSIX's copy has none", () => {
    for (const file of ['README.md', 'CHANGELOG.md']) {
      const text = read(file);
      for (const target of targets(text).filter(isRelative)) {
        expect(existsSync(join(root, target.split('#')[0]!)), `${file} links to ${target}`).toBe(true);
      }
      const local = markdownForVsix(text, undefined);
      expect(targets(local).filter(isRelative), `${file} as a local VSIX carries it`).toEqual([]);
      expect(local).not.toMatch(/example\.invalid/);
    }
  });

  test('package.json names no repository, and nothing in it is a placeholder', () => {
    const manifest = read('package.json');
    expect(JSON.parse(manifest)).not.toHaveProperty('repository');
    expect(manifest).not.toMatch(/example\.invalid/);
  });
});

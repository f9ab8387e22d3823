// The plan preview loads nothing the agent names: images and media-loading HTML become inert, code and links stay.
// "Inert" is judged by markdown-it configured as VS Code's preview is, not by looking at the text.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { describe, expect, it } from 'vitest';
import { inertPlan } from '../../../src/workbench/planMarkdown';

const preview = new MarkdownIt({ html: true, linkify: true });

/** Every token the preview would render from `markdown`, inline children included. */
function tokensOf(markdown: string): Token[] {
  const all: Token[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      all.push(t);
      if (t.children) walk(t.children);
    }
  };
  walk(preview.parse(markdown, {}));
  return all;
}

/** The image and raw-HTML tokens of `markdown` as the preview parses it (empty: nothing loads). */
function loadingTokens(markdown: string): string[] {
  return tokensOf(markdown)
    .filter((t) => t.type === 'image' || t.type === 'html_block' || t.type === 'html_inline')
    .map((t) => `${t.type}: ${t.content}`);
}

/** `markdown` as the preview renders it when front matter is on (markdown-it-front-matter): a first block opened by `---` is hidden. */
function withoutFrontMatter(markdown: string): string {
  const opener = /^-{3,}/.exec(markdown)?.[0];
  if (!opener) return markdown;
  const lines = markdown.split('\n');
  const close = lines.findIndex((line, i) => i > 0 && new RegExp(`^-{${opener.length},}\\s*$`).test(line));
  return close < 0 ? '' : lines.slice(close + 1).join('\n');
}

/** The lines of `markdown` outside its fenced and indented code blocks. */
function linesOutsideCode(markdown: string): string[] {
  const code = new Set<number>();
  for (const t of preview.parse(markdown, {})) {
    if ((t.type === 'fence' || t.type === 'code_block') && t.map) for (let i = t.map[0]; i < t.map[1]; i++) code.add(i);
  }
  return markdown.split('\n').filter((_, i) => !code.has(i));
}

describe('inertPlan', () => {
  it('turns images into text and HTML that loads media or styles into text', async () => {
    const plan = [
      '# Plan',
      '![beacon](https://evil.example/pixel.png?u=me) and ![](https://evil.example/x.gif "t")',
      '![ref image][logo]',
      '[logo]: https://evil.example/logo.png',
      '<img src="https://evil.example/a.png"> <picture><source srcset="https://evil.example/b.webp"></picture>',
      '<div style="background:url(https://evil.example/c.png)">styled</div>',
      '<video poster="https://evil.example/p.jpg"></video><iframe src="https://evil.example"></iframe>',
    ].join('\n');
    expect(loadingTokens(plan)).not.toEqual([]);
    const out = await inertPlan(plan);
    expect(loadingTokens(out)).toEqual([]);
    const shown = preview.render(out);
    expect(shown).not.toMatch(/<(img|picture|source|video|iframe)\b/i);
    expect(shown).toContain('beacon');
    expect(shown).toContain('ref image');
    expect(shown).toContain('styled');
  });

  it('leaves code, links and plain text exactly as they were', async () => {
    const plan = [
      '1. Edit [the docs](https://example.com/docs)',
      '```html',
      '<img src="x.png">',
      '![kept](in-code.png)',
      '```',
      'Run `![not an image](x)` then <b>go</b>.',
    ].join('\n');
    expect(await inertPlan(plan)).toBe(plan);
  });

  it('leaves code blocks as written when it makes the rest inert', async () => {
    const plan = ['![beacon](https://evil.example/p.png)', '', '```html', '<img src="x.png">', '```', '', '    ![indented](code.png)'].join('\n');
    const out = await inertPlan(plan);
    expect(loadingTokens(out)).toEqual([]);
    expect(out.split('\n').slice(1)).toEqual(plan.split('\n').slice(1));
  });

  it('shows the whole plan as code when escaping would turn code into markdown', async () => {
    // `<div>` starts an HTML block that swallows the first fence line; as text, that line opens a fence instead,
    // which moves every later fence by one and brings the image out of its code block.
    const plan = ['<div>', '```', '', '```', '![x](https://evil.example/p.png)', '```'].join('\n');
    const out = await inertPlan(plan);
    expect(loadingTokens(out)).toEqual([]);
    const [fence] = tokensOf(out).filter((t) => t.type === 'fence');
    expect(fence?.content).toBe(`${plan}\n`);
  });

  it('keeps a longer fence than any backtick run in the plan when it shows the plan as code', async () => {
    const plan = ['<div>', '```', '', '```', '![x](https://evil.example/p.png)', '`````', '<img src="https://evil.example/q.png">'].join('\n');
    const out = await inertPlan(plan);
    expect(loadingTokens(out)).toEqual([]);
    expect(out.startsWith('``````\n')).toBe(true);
  });

  it('keeps `$` and `<` in inline code as written when nothing loads', async () => {
    const plan = 'Set `$HOME` and return `Promise<void>`.\n\n```sh\necho "$HOME" > <out>\n```';
    expect(await inertPlan(plan)).toBe(plan);
  });

  it('leaves nothing that loads in plans pieced together from markdown syntax', async () => {
    const pieces = ['![a](https://evil.example/p.png)', '![a]', '[a]: https://evil.example/q.png', '<img src=x>', '<img', 'src=x>', '<b>'];
    pieces.push('`', '```', '~~~', '\t', '    ', '> ', '- ', '1. ', '$', '$$', '---', '\\', '[', ']', '(', ')', '\n', '\n\n', ' ', 'a');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), async (parts) => {
        // Raw HTML loads something only through a tag; `<b>` is the one tag among the pieces that loads nothing, and
        // markdown after an HTML block's opening line is that block's text, shown as written.
        const startsTag = /<[a-z/!?]/iu;
        expect(
          loadingTokens(await inertPlan(parts.join(''))).filter(
            (t) => !t.startsWith('html_') || startsTag.test(t.replace(/^html_\w+: /u, '').replace(/<\/?b>/gu, '')),
          ),
        ).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  describe('what the preview reads beyond markdown-it', () => {
    it('keeps a leading `---` from hiding lines as front matter', async () => {
      // markdown-it-front-matter hides lines 1-3, so the image line that is code here would be markdown there.
      const plan = ['---', '```', '---', '![x](https://evil.example/p.png)', '```'].join('\n');
      expect(loadingTokens(withoutFrontMatter(plan))).not.toEqual([]);
      const out = await inertPlan(plan);
      expect(loadingTokens(withoutFrontMatter(out))).toEqual([]);
      expect(out.trimStart()).toBe(plan);
    });

    it('reads a plan that starts with a BOM as the editor does, without it', async () => {
      // The editor's text model drops the BOM: the first line opens a fence there, not here.
      const plan = ['\uFEFF```', '```', '![x](https://evil.example/p.png)', '```'].join('\n');
      expect(loadingTokens(plan.slice(1))).not.toEqual([]);
      const out = await inertPlan(plan);
      expect(out.startsWith('\uFEFF')).toBe(false);
      expect(loadingTokens(out)).toEqual([]);
    });

    const mathPlans: Record<string, string> = {
      'an inline `$…$` that takes in a backtick': 'a $`$ ![x](https://evil.example/p.png) `',
      'a `$$` block that takes in a fence line': ['$$', '```', '$$', '![x](https://evil.example/p.png)', '```'].join('\n'),
      'a `$$` line inside a code span': ['`a', '$$', '![x](https://evil.example/p.png) `'].join('\n'),
    };
    for (const [name, plan] of Object.entries(mathPlans)) {
      it(`leaves no math delimiter outside code: ${name}`, async () => {
        expect(loadingTokens(plan)).toEqual([]);
        const out = await inertPlan(plan);
        expect(loadingTokens(out)).toEqual([]);
        expect(linesOutsideCode(out).filter((line) => line.includes('$'))).toEqual([]);
      });
    }
  });

  describe('what markdown-it parses, not what a line looks like', () => {
    const bypasses: Record<string, string> = {
      'a stray backtick earlier on the line': 'a ` b ![x](https://evil.example/p.png)',
      'a shortcut reference image': ['![logo]', '', '[logo]: https://evil.example/logo.png'].join('\n'),
      'nested brackets in the alt text': '![a [b] c](https://evil.example/p.png)',
      'alt text over two lines': '![alt\nmore](https://evil.example/p.png)',
      'a backtick in a fence info string (not a fence)': ['```a`b', '![x](https://evil.example/p.png)'].join('\n'),
      'a tab-indented fence (an indented code block)': ['\t```', '![x](https://evil.example/p.png)', '```', '![y](https://evil.example/q.png)'].join('\n'),
      '<img with src on the next line': '<img\nsrc="https://evil.example/p.png">',
    };
    for (const [name, plan] of Object.entries(bypasses)) {
      it(`makes inert: ${name}`, async () => {
        expect(loadingTokens(plan)).not.toEqual([]);
        expect(loadingTokens(await inertPlan(plan))).toEqual([]);
      });
    }
  });
});

// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownHtml, renderMarkdown } from '../../../src/webview/page/markdown';
import { stableMarkdownPrefix } from '../../../src/webview/page/markdownSegments';

const html = (frag: DocumentFragment) => {
  const div = document.createElement('div');
  div.appendChild(frag);
  return div.innerHTML;
};

/**
 * Renders `chunks` the way a streaming AgentMessageView does: finished parts once, in order (each scan resuming at the
 * last boundary), then the tail.
 */
function renderStreamed(chunks: string[], render: (text: string) => string): string {
  let text = '';
  let stableLength = 0;
  let out = '';
  for (const c of chunks) {
    text += c;
    const boundary = stableMarkdownPrefix(text, stableLength);
    if (boundary > stableLength) {
      out += render(text.slice(stableLength, boundary));
      stableLength = boundary;
    }
  }
  return out + render(text.slice(stableLength));
}

const renderHtml = (text: string) => html(renderMarkdown(text));

describe('stableMarkdownPrefix', () => {
  it('is 0 until a block is finished and followed by a new one', () => {
    expect(stableMarkdownPrefix('')).toBe(0);
    expect(stableMarkdownPrefix('Hello wor')).toBe(0);
    expect(stableMarkdownPrefix('Hello world\n\n')).toBe(0);
    expect(stableMarkdownPrefix('Hello world\n\nNext')).toBe(0); // the last line may still grow
    expect(stableMarkdownPrefix('Hello world\n\nNext line\n')).toBe('Hello world\n\n'.length);
  });

  it('never splits inside a fenced code block, even at its blank lines', () => {
    const text = '```ts\nconst a = 1;\n\nconst b = 2;\n';
    expect(stableMarkdownPrefix(text)).toBe(0);
    const closed = text + '```\n\nAfter\n';
    expect(stableMarkdownPrefix(closed)).toBe(closed.indexOf('After'));
  });

  it('does not split a list or an indented continuation across a blank line', () => {
    expect(stableMarkdownPrefix('- a\n\n- b\n')).toBe(0);
    expect(stableMarkdownPrefix('1. a\n\n2. b\n')).toBe(0);
    expect(stableMarkdownPrefix('- a\n\n  more of a\n')).toBe(0);
    expect(stableMarkdownPrefix('> quote\n\n> more\n')).toBe(0);
  });
});

describe('streamed rendering', () => {
  const block = fc.oneof(
    fc.constantFrom('# Title', '## Sub *title*', 'A paragraph with **bold** and `code`.', 'Second paragraph\nwith a soft break.'),
    fc.constantFrom('- one\n- two\n- three', '1. first\n2. second', '> a quote\n> continues'),
    fc.constantFrom('```js\nconst a = 1;\n\nconst b = 2;\n```', '~~~\nplain\n\n\ncode\n~~~', '| a | b |\n| - | - |\n| 1 | 2 |'),
  );
  const doc = fc.array(block, { minLength: 1, maxLength: 8 }).map((bs) => bs.join('\n\n') + '\n');

  const chunked = (text: string, sizes: number[]): string[] => {
    const chunks: string[] = [];
    for (let i = 0, at = 0; at < text.length; i++) {
      const n = sizes[i % sizes.length]!;
      chunks.push(text.slice(at, at + n));
      at += n;
    }
    return chunks;
  };
  const sizes = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 200 });

  // The property runs on markdown-it's HTML; the page builds its DOM from the same tokens (markdownDom.ts), one
  // top-level block at a time, so a split that leaves the HTML alone leaves the DOM alone (the next test checks it).
  it('renders the same HTML as one full render, however the text is chunked', () => {
    fc.assert(
      fc.property(doc, sizes, (text, s) => {
        expect(renderStreamed(chunked(text, s), markdownHtml)).toBe(markdownHtml(text));
      }),
      { numRuns: 300 },
    );
  });

  it('resumed from its last answer, finds the same boundary as a scan from the start', () => {
    fc.assert(
      fc.property(doc, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 200 }), (text, sizes) => {
        let resumed = 0;
        for (let at = 0, i = 0; at < text.length; i++) {
          at = Math.min(text.length, at + sizes[i % sizes.length]!);
          resumed = stableMarkdownPrefix(text.slice(0, at), resumed);
          expect(resumed).toBe(stableMarkdownPrefix(text.slice(0, at)));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('resuming the scan at an earlier boundary finds the same boundary as a full scan', () => {
    fc.assert(
      fc.property(doc, fc.nat(), (text, cut) => {
        const earlier = stableMarkdownPrefix(text.slice(0, cut % (text.length + 1)));
        expect(stableMarkdownPrefix(text, earlier)).toBe(stableMarkdownPrefix(text));
      }),
      { numRuns: 500 },
    );
  });

  it('the DOM of a streamed render matches one full render', () => {
    const text =
      [
        '# Title',
        '```js\nconst a = 1;\n\nconst b = 2;\n```',
        '- one\n- two',
        '| a | b |\n| - | - |\n| 1 | 2 |',
        'A [link](https://example.com) and **bold**.',
        '> a quote',
      ].join('\n\n') + '\n';
    for (const s of [[1], [3, 7], [12]]) expect(renderStreamed(chunked(text, s), renderHtml)).toBe(renderHtml(text));
  });
});

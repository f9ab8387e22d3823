// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/webview/app/markdown';
import { stableMarkdownPrefix } from '../../../src/webview/app/markdownSegments';

const html = (frag: DocumentFragment) => {
  const div = document.createElement('div');
  div.appendChild(frag);
  return div.innerHTML;
};

/** Renders `text` the way a streaming AgentMessageView does: finished parts once, in order, then the tail. */
function renderStreamed(chunks: string[]): string {
  let text = '';
  let stableLength = 0;
  let out = '';
  for (const c of chunks) {
    text += c;
    const boundary = stableMarkdownPrefix(text);
    if (boundary > stableLength) {
      out += html(renderMarkdown(text.slice(stableLength, boundary)));
      stableLength = boundary;
    }
  }
  return out + html(renderMarkdown(text.slice(stableLength)));
}

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

  it('renders the same HTML as one full render, however the text is chunked', () => {
    fc.assert(
      fc.property(doc, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 200 }), (text, sizes) => {
        const chunks: string[] = [];
        let at = 0;
        for (let i = 0; at < text.length; i++) {
          const n = sizes[i % sizes.length]!;
          chunks.push(text.slice(at, at + n));
          at += n;
        }
        expect(renderStreamed(chunks)).toBe(html(renderMarkdown(text)));
      }),
      { numRuns: 150 },
    );
    // 150 documents rendered chunk by chunk in jsdom take ~4 s alone, more when the two cores are shared.
  }, 30_000);

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
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { highlightCode, runsOf } from '../../../src/webview/page/codeHighlight';
import { CodeHighlighter, MAX_HIGHLIGHT_CHARS } from '../../../src/webview/page/codeHighlighter';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { InProcessWorker, inProcessHighlighter, settleHighlights } from './highlightFixtures';

function codeBlock(text: string): HTMLElement {
  const code = document.createElement('code');
  code.textContent = text;
  document.body.appendChild(code);
  return code;
}

describe('runsOf (the worker’s answer)', () => {
  it('flattens highlight.js markup into runs coloured by the innermost class the theme styles, text unescaped', () => {
    expect(runsOf('<span class="hljs-keyword">const</span> x = <span class="hljs-string">&quot;a&lt;b&amp;c&#x27;&quot;</span>;')).toEqual([
      ['hljs-keyword', 'const'],
      [null, ' x = '],
      ['hljs-string', `"a<b&c'"`],
      [null, ';'],
    ]);
    // A class the theme does not style adds no span; its styled parent's colour carries on inside it.
    expect(runsOf('<span class="hljs-function">f(<span class="hljs-punctuation">,</span>)</span><span class="hljs-operator">+</span>')).toEqual([
      ['hljs-function', 'f(,)'],
      [null, '+'],
    ]);
    expect(runsOf('<span class="hljs-title function_">go</span>')).toEqual([['hljs-title', 'go']]);
  });

  it('gives exactly the code back, for real grammars', () => {
    const code = 'function f<T>(a: T): T {\n  return a && "x" + \'y\'; // <b>&amp;\n}\n';
    expect(
      runsOf(highlightCode(code, 'typescript')!)
        .map((r) => r[1])
        .join(''),
    ).toBe(code);
  });
});

describe('highlightCode (the worker’s function)', () => {
  it('colours a known language, case and spaces aside, and leaves the rest plain', () => {
    expect(highlightCode('const x = 1;', ' TypeScript ')).toContain('<span class="hljs-keyword">const</span>');
    expect(highlightCode('x', 'cobol')).toBeUndefined();
    expect(highlightCode('x', '')).toBeUndefined();
    expect(highlightCode('a'.repeat(MAX_HIGHLIGHT_CHARS + 1), 'ts')).toBeUndefined();
  });

  it('escapes the code it colours', () => {
    expect(highlightCode('<img src=x onerror=alert(1)>', 'html')).not.toMatch(/<img/);
  });
});

describe('CodeHighlighter', () => {
  let worker: InProcessWorker;
  let highlighter: CodeHighlighter;
  beforeEach(() => {
    document.body.replaceChildren();
    ({ worker, highlighter } = inProcessHighlighter());
  });

  it('colours a block when the worker answers, and a block rendered again at once', async () => {
    const first = codeBlock('let a = 1;');
    highlighter.colour(first, 'let a = 1;', 'js');
    expect(first.querySelector('.hljs-keyword')).toBeNull();
    await settleHighlights();
    expect(first.querySelector('.hljs-keyword')!.textContent).toBe('let');
    expect(first.textContent).toBe('let a = 1;');

    const again = codeBlock('let a = 1;');
    highlighter.colour(again, 'let a = 1;', 'JS');
    expect(again.querySelector('.hljs-keyword')!.textContent).toBe('let');
    expect(worker.asked).toHaveLength(1);
  });

  it('shows a grown block’s coloured part and its new text plain until its own answer', async () => {
    highlighter.colour(codeBlock('let a'), 'let a', 'js');
    await settleHighlights();
    const grown = codeBlock('let a = 1;\nconst');
    highlighter.colour(grown, 'let a = 1;\nconst', 'js');
    expect(grown.textContent).toBe('let a = 1;\nconst');
    expect(Array.from(grown.querySelectorAll('.hljs-keyword'), (k) => k.textContent)).toEqual(['let']);
    await settleHighlights();
    expect(Array.from(grown.querySelectorAll('.hljs-keyword'), (k) => k.textContent)).toEqual(['let', 'const']);
  });

  it('sends one request at a time, and none for a block that left the page while it waited', async () => {
    const a = codeBlock('one');
    const b = codeBlock('two');
    const c = codeBlock('three');
    highlighter.colour(a, 'one', 'js');
    highlighter.colour(b, 'two', 'js');
    highlighter.colour(c, 'three', 'js');
    await Promise.resolve();
    expect(worker.asked.map((r) => r.code)).toEqual(['one']);
    b.remove(); // an earlier frame's end of a streaming message, replaced by the next
    await settleHighlights(3);
    expect(worker.asked.map((r) => r.code)).toEqual(['one', 'three']);
  });

  it('asks once for a block rendered twice while it waits, and colours both', async () => {
    const a = codeBlock('let x');
    const b = codeBlock('let x');
    highlighter.colour(a, 'let x', 'js');
    highlighter.colour(b, 'let x', 'js');
    await settleHighlights();
    expect(worker.asked).toHaveLength(1);
    expect(a.querySelector('.hljs-keyword') && b.querySelector('.hljs-keyword')).toBeTruthy();
  });

  it('remembers a language it cannot colour, and leaves that code plain', async () => {
    highlighter.colour(codeBlock('x'), 'x', 'cobol');
    await settleHighlights();
    const again = codeBlock('x');
    highlighter.colour(again, 'x', 'cobol');
    await settleHighlights();
    expect(worker.asked).toHaveLength(1);
    expect(again.innerHTML).toBe('x');
  });

  it('builds the worker’s runs as text: markup in them stays text, and runs that are not the code leave it plain', async () => {
    worker.answer = () => [
      ['hljs-keyword', 'let'],
      [null, '<img src=x onerror="alert(1)">'],
    ];
    const el = codeBlock('let<img src=x onerror="alert(1)">');
    highlighter.colour(el, 'let<img src=x onerror="alert(1)">', 'js');
    await settleHighlights();
    expect(el.querySelector('.hljs-keyword')!.textContent).toBe('let');
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toBe('let<img src=x onerror="alert(1)">');

    // Text that is not the code, a class that is not the theme's, or no runs at all.
    for (const bad of [[['hljs-keyword', 'lex']], [['x onclick=1', 'let']], [['hljs-keyword" onclick="1', 'let']], 'let', [[null]]] as never[]) {
      const fresh = inProcessHighlighter();
      fresh.worker.answer = () => bad;
      const plain = codeBlock('let');
      fresh.highlighter.colour(plain, 'let', 'javascript');
      await settleHighlights();
      expect(fresh.worker.asked).toHaveLength(1);
      expect(plain.innerHTML).toBe('let');
    }
  });

  it('leaves code plain when no worker can start, or the worker fails', async () => {
    const none = new CodeHighlighter(() => {
      throw new Error('refused by the CSP');
    });
    const el = codeBlock('let a');
    none.colour(el, 'let a', 'js');
    await settleHighlights();
    expect(el.innerHTML).toBe('let a');

    worker.postMessage = (req) => {
      worker.asked.push(req);
      setTimeout(() => worker.onerror?.(new ErrorEvent('error', { message: 'worker crashed' })));
    };
    const failed = codeBlock('let b');
    highlighter.colour(failed, 'let b', 'js');
    await settleHighlights();
    expect(worker.terminated).toBe(true);
    highlighter.colour(codeBlock('let c'), 'let c', 'js');
    await settleHighlights();
    expect(worker.asked.map((r) => r.code)).toEqual(['let b']);
    expect(failed.innerHTML).toBe('let b');
  });

  it('colours the fenced blocks markdown renders, by their language', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    host.appendChild(markdownRenderer(highlighter)('```rust\nfn main() {}\n```\n\n```\nplain\n```'));
    await settleHighlights();
    const [rust, plain] = Array.from(host.querySelectorAll('code'));
    expect(rust!.querySelector('.hljs-keyword')!.textContent).toBe('fn');
    expect(plain!.innerHTML).toBe('plain\n');
    expect(worker.asked.map((r) => r.lang)).toEqual(['rust']);
  });
});

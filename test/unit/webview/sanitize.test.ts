// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderAnsi } from '../../../src/webview/page/ansi';
import { markdownRenderer, renderMarkdown } from '../../../src/webview/page/markdown';
import { inProcessHighlighter, settleHighlights } from './highlightFixtures';

describe('agent markdown as DOM', () => {
  const hostile: [string, string][] = [
    ['script tag', '<script>alert(1)</script>hello'],
    ['img onerror', '<img src=x onerror="alert(1)">'],
    ['javascript link', '<a href="javascript:alert(1)">click</a>'],
    ['command link', '<a href="command:workbench.action.terminal.new">run</a>'],
    ['file link', '<a href="file:///etc/passwd">passwd</a>'],
    ['data link', '<a href="data:text/html,<script>alert(1)</script>">d</a>'],
    ['svg script', '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['style tag', '<style>body{display:none}</style>text'],
    ['style attr', '<p style="position:fixed;top:0">overlay</p>'],
    ['form', '<form action="https://evil"><button formaction="javascript:1">x</button></form>'],
    ['mixed-case protocol', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['entity-encoded protocol', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['math', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
    ['object/embed', '<object data="x"></object><embed src="y">'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil">'],
  ];

  it.each(hostile)('renderMarkdown shows raw HTML (%s) as text, never as markup', (_name, input) => {
    const frag = renderMarkdown(input);
    const d = document.createElement('div');
    d.appendChild(frag);
    expect(d.querySelector('script, iframe, style, svg, img, form, object, embed, meta, math')).toBeNull();
    for (const el of Array.from(d.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes)) {
        expect(a.name).not.toMatch(/^on|^style$|^src$|^href$/);
      }
    }
  });

  it('markdown links: http(s) become data-href, other schemes lose the link', () => {
    const d = document.createElement('div');
    d.appendChild(
      renderMarkdown(
        '[ok](https://example.com/a?b=1) [js](javascript:alert(1)) [cmd](command:foo.bar) [f](file:///etc/passwd) [d](data:text/html;base64,AAAA) <https://auto.example>',
      ),
    );
    const links = Array.from(d.querySelectorAll<HTMLElement>('[data-href]')).map((a) => a.dataset.href);
    expect(links).toEqual(['https://example.com/a?b=1', 'https://auto.example']);
    expect(d.querySelectorAll('[href]').length).toBe(0);
    expect(d.textContent).toContain('cmd');
  });

  it('keeps highlight classes for code, in a block that takes the focus', async () => {
    const d = document.createElement('div');
    document.body.replaceChildren(d);
    d.appendChild(markdownRenderer(inProcessHighlighter().highlighter)('```python\ndef f(): pass\n```'));
    await settleHighlights();
    expect(d.querySelector('.hljs-keyword')!.textContent).toBe('def');
    expect(d.querySelector('code')!.textContent).toBe('def f(): pass\n');
    expect(d.querySelector<HTMLElement>('.code-block > pre')!.tabIndex).toBe(0);
    expect(d.querySelector('button')).toBeNull(); // the page's one copy button joins a block when it is reached
  });

  it('code blocks with HTML stay text', () => {
    const d = document.createElement('div');
    d.appendChild(renderMarkdown('```html\n<img src=x onerror=alert(1)>\n```'));
    expect(d.querySelector('img')).toBeNull();
    expect(d.querySelector('pre')!.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('ANSI output', () => {
  it('uses classes, no style attributes, escapes HTML', () => {
    const d = document.createElement('div');
    d.appendChild(renderAnsi('\x1b[1;32mok\x1b[0m <script>alert(1)</script> \x1b[38;2;10;20;30mtrue\x1b[0m'));
    expect(d.querySelector('script')).toBeNull();
    expect(d.textContent).toBe('ok <script>alert(1)</script> true');
    const ok = d.querySelector('span')!;
    expect(ok.classList.contains('ansi-green-fg')).toBe(true);
    expect(ok.classList.contains('ansi-bold')).toBe(true);
    const tc = Array.from(d.querySelectorAll('span')).find((s) => s.textContent === 'true')!;
    // Truecolor goes through CSSOM (allowed by the CSP), not markup.
    expect((tc as HTMLElement).style.color).toBe('rgb(10, 20, 30)');
  });
});

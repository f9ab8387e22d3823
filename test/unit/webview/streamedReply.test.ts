// @vitest-environment jsdom
// A long reply in the page: each frame builds rich content for a bounded time and shows the rest as plain text, so
// the newest text is on screen in the frame of its message; a code block still being written grows by its new text.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { openFence } from '../../../src/webview/page/messageViews';
import { agent, meta, snapshotMsg, user } from './fixtures';

/** An App whose clock moves on `costMs` each time markdown is rendered: a frame's budget (8 ms) holds a known count of parts. */
function setup(costMs: number) {
  let clock = 0;
  const frames: (() => void)[] = [];
  const render = markdownRenderer();
  const md = vi.fn((text: string) => {
    clock += costMs;
    return render(text);
  });
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const posted: WebviewToHost[] = [];
  const app = new App({ post: (m) => posted.push(m), root, renderMarkdown: md, requestFrame: (cb) => frames.push(cb), now: () => clock });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const frame = () => frames.splice(0).forEach((f) => f());
  const body = () => root.querySelector<HTMLElement>('[data-entry-id="a1"] .markdown-body')!;
  return { app, md, send, frame, frames, body };
}

/** What a message shows, without the page's own part and group boxes. */
function shown(body: HTMLElement): string {
  return [...body.querySelectorAll('.md-chunk, .md-tail')].map((el) => el.innerHTML).join('');
}

const section = (i: number) => `## Part ${i}\n\n${'A sentence of the reply, with **bold** and `code`. '.repeat(40)}\n\n- one\n- two\n`;
const LONG = Array.from({ length: 40 }, (_, i) => section(i)).join('\n');

describe('a frame builds rich content for a bounded time', () => {
  it('renders a few parts a frame, shows the rest as plain text at once, and ends as one full render', () => {
    const t = setup(3); // 3 ms a part: three parts fill a frame's 8 ms
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'hi'), agent('a1', LONG)] }));
    t.frame();
    expect(t.md).toHaveBeenCalledTimes(3);
    const plain = t.body().querySelector('.md-plain')!;
    expect(plain.textContent!.length).toBeGreaterThan(LONG.length / 2);
    expect(t.body().textContent).toContain('Part 39'); // the end is on screen in the first frame
    let frames = 1;
    while (t.frames.length) {
      t.md.mockClear();
      t.frame();
      frames++;
      // Three parts, and the unfinished end in the frame the parts catch up.
      expect(t.md.mock.calls.length).toBeLessThanOrEqual(t.frames.length ? 3 : 4);
    }
    expect(t.body().querySelector('.md-plain')).toBeNull();
    expect(frames).toBeGreaterThan(3);

    const full = setup(0); // no cost: all in one frame
    full.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'hi'), agent('a1', LONG)] }));
    full.frame();
    expect(full.frames).toHaveLength(0);
    expect(shown(t.body())).toBe(shown(full.body()));
  });

  it('builds at least one part a frame however slow, so a reply always moves on', () => {
    const t = setup(100);
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'hi'), agent('a1', LONG)] }));
    for (let i = 0; i < 3; i++) {
      t.md.mockClear();
      t.frame();
      expect(t.md).toHaveBeenCalledTimes(1);
    }
  });
});

describe('a code block still being written', () => {
  const lines = Array.from({ length: 400 }, (_, i) => `const value${i} = compute(${i}); // line ${i}`);

  it('grows by its new text in the same element, without rendering markdown, and shows what markdown-it would', () => {
    const t = setup(0);
    let text = 'Here is the file:\n\n```ts\n';
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', text)] }));
    t.frame();
    const code = t.body().querySelector('.md-tail code')!;
    expect(code.className).toBe('language-ts');
    for (let i = 0; i < lines.length; i += 20) {
      text += lines.slice(i, i + 20).join('\n') + '\n';
      t.md.mockClear();
      t.send({ type: 'patch', entries: [agent('a1', text)] });
      t.frame();
      expect(t.body().querySelector('.md-tail code')).toBe(code);
      expect(t.md).not.toHaveBeenCalled();
      expect(code.textContent).toBe(lines.slice(0, i + 20).join('\n') + '\n');
    }
    // Closed: rendered as a finished block, as one full render shows it.
    text += '```\n\nDone.\n';
    t.send({ type: 'patch', entries: [agent('a1', text)] });
    t.frame();
    const full = setup(0);
    full.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'hi'), agent('a1', text)] }));
    full.frame();
    expect(t.body().textContent).toBe(full.body().textContent);
    expect(t.body().querySelectorAll('pre')).toHaveLength(1);
  });

  it('is rendered anew when its text is replaced, or a line closes it', () => {
    const t = setup(0);
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', '```\na\n')] }));
    t.frame();
    const first = t.body().querySelector('code')!;
    t.send({ type: 'patch', entries: [agent('a1', '```\nb\n')] });
    t.frame();
    expect(t.body().querySelector('code')).not.toBe(first);
    expect(t.body().querySelector('code')!.textContent).toBe('b\n');
    t.send({ type: 'patch', entries: [agent('a1', '```\nb\n```\nafter')] });
    t.frame();
    expect(t.body().querySelector('code')!.textContent).toBe('b\n');
    expect(t.body().querySelector('p')!.textContent).toBe('after');
  });
});

describe('openFence', () => {
  it('is the open block: the fence on the first line, that line whole, no closing line after', () => {
    expect(openFence('```ts\nconst a\n')).toEqual({ lang: 'ts', contentStart: 6 });
    expect(openFence('~~~~ py extra\nx')).toEqual({ lang: 'py', contentStart: 14 });
    expect(openFence('```\n')).toEqual({ lang: undefined, contentStart: 4 });
    expect(openFence('```ts')).toBeUndefined(); // its first line is still being written
    expect(openFence('text\n```ts\n')).toBeUndefined();
    expect(openFence('```a`b\nx\n')).toBeUndefined(); // a backtick in the info string: not a fence
    expect(openFence('```\na\n```\n')).toBeUndefined();
    expect(openFence('```\na\n   ````  \n')).toBeUndefined(); // a longer closing fence, indented up to three
    expect(openFence('````\na\n```\n')).toEqual({ lang: undefined, contentStart: 5 }); // shorter: not closing
    expect(openFence('```\na\n~~~\n')).toEqual({ lang: undefined, contentStart: 4 }); // the other kind: not closing
    expect(openFence('```\na\n```')).toBeUndefined(); // a closing line at the very end
    expect(openFence('```\na\n    ```\n')).toEqual({ lang: undefined, contentStart: 4 }); // four spaces: code, not a fence
  });

  it('checks only from `from` on: the lines before it were checked already', () => {
    expect(openFence('```\n```\nb\n', 4)).toEqual({ lang: undefined, contentStart: 4 });
  });
});

// @vitest-environment jsdom
// A long reply in the page: each frame builds rich content for a bounded time and shows the rest as plain text, so
// the newest text is on screen in the frame of its message; a code block still being written grows by its new text.
import { describe, expect, it, vi } from 'vitest';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { appendsAsText, openFence, openListItems, openTableRows } from '../../../src/webview/page/streamedMarkdown';
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
  // Beside the other pages of the test: a view renders only while it is in the document.
  document.body.appendChild(root);
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
      // Three parts a frame while behind (the frame that catches up renders the unfinished end too).
      if (t.frames.length) expect(t.md.mock.calls.length).toBeLessThanOrEqual(3);
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
    let firstBox: Element | undefined;
    for (let i = 0; i < lines.length; i += 20) {
      text += lines.slice(i, i + 20).join('\n') + '\n';
      t.md.mockClear();
      t.send({ type: 'patch', entries: [agent('a1', text)] });
      t.frame();
      expect(t.body().querySelector('.md-tail code')).toBe(code);
      expect(t.md).not.toHaveBeenCalled();
      expect(code.textContent).toBe(lines.slice(0, i + 20).join('\n') + '\n');
      // Every hundred lines go into a box of their own, kept as it is: a frame lays out the growing lines only.
      const boxes = [...code.querySelectorAll('.code-box')];
      expect(boxes.map((b) => b.textContent!.split('\n').length - 1)).toEqual(Array.from({ length: Math.floor((i + 20) / 100) }, () => 100));
      if (boxes.length) expect(code.querySelector('.code-box')).toBe(firstBox ?? (firstBox = boxes[0]!));
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

describe('a list still being written', () => {
  const items = Array.from({ length: 60 }, (_, i) => `${i + 3}. item ${i + 1}: check \`module${i}\` and its **tests**`);

  it('grows by its new items, each rendered once, and shows at every frame what one full render shows', () => {
    const t = setup(0);
    let text = 'The steps:\n\n';
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', text)] }));
    t.frame();
    let firstItem: Element | undefined;
    for (let i = 0; i < items.length; i += 3) {
      // Whole items and a part of the next, as the model's deltas come.
      text += items.slice(i, i + 3).join('\n') + '\n' + (i + 3 < items.length ? items[i + 3]!.slice(0, 9) : '');
      t.md.mockClear();
      t.send({ type: 'patch', entries: [agent('a1', text)] });
      t.frame();
      expect(t.md.mock.calls.length).toBeLessThanOrEqual(5); // the finished items since the last frame, and the last one
      const full = setup(0);
      full.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'hi'), agent('a1', text)] }));
      full.frame();
      expect(t.body().querySelector('.md-tail')!.innerHTML).toBe(full.body().querySelector('.md-tail')!.innerHTML);
      firstItem ??= t.body().querySelector('.md-tail li')!;
      expect(t.body().querySelector('.md-tail li')).toBe(firstItem);
      text = text.slice(0, text.lastIndexOf('\n') + 1);
    }
    expect(t.body().querySelector('.md-tail ol')!.getAttribute('start')).toBe('3');
  });
});

/** What one full render of `text` shows in its unfinished end. */
function fullTail(text: string): string {
  const full = setup(0);
  full.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'hi'), agent('a1', text)] }));
  full.frame();
  return full.body().querySelector('.md-tail')!.innerHTML;
}

describe('the last item of a list still being written', () => {
  it('grows by its plain words without a render, and is rendered anew for markup, showing what a full render shows', () => {
    const t = setup(0);
    let text = 'The steps:\n\n- first item\n- ';
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', text)] }));
    t.frame();
    const rendersFor = (piece: string) => {
      text += piece;
      t.md.mockClear();
      t.send({ type: 'patch', entries: [agent('a1', text)] });
      t.frame();
      expect(t.body().querySelector('.md-tail')!.innerHTML).toBe(fullTail(text));
      return t.md.mock.calls.length;
    };
    expect(rendersFor('the')).toBe(1); // the item had no text yet
    const item = t.body().querySelectorAll('.md-tail li')[1];
    for (const piece of [' second', ' item, ', ' grows', ' word by word ', ' ']) expect(rendersFor(piece)).toBe(0);
    expect(t.body().querySelectorAll('.md-tail li')[1]).toBe(item);
    expect(rendersFor('**bold**')).toBe(1);
    expect(rendersFor(' see example')).toBe(0);
    expect(rendersFor('.co')).toBe(1); // a mark: rendered anew
    expect(rendersFor('m')).toBe(1); // the word holds a dot: linkify may make it a link
    expect(rendersFor('\n- third')).toBeGreaterThanOrEqual(1);
  });
});

describe('a table still being written', () => {
  const rows = Array.from({ length: 30 }, (_, i) => `| ${i + 1} | \`module${i}\` | **${i % 3 ? 'ok' : 'fails'}** |`);

  it('grows by its new rows, each rendered once, and shows at every frame what one full render shows', () => {
    const t = setup(0);
    let text = 'Results:\n\n| # | module | state |\n| --: | :-- | :-: |\n';
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', text)] }));
    t.frame();
    let firstRow: Element | undefined;
    for (let i = 0; i < rows.length; i += 3) {
      text += rows.slice(i, i + 3).join('\n') + '\n' + (i + 3 < rows.length ? rows[i + 3]!.slice(0, 8) : '');
      t.md.mockClear();
      t.send({ type: 'patch', entries: [agent('a1', text)] });
      t.frame();
      expect(t.md.mock.calls.length).toBeLessThanOrEqual(2); // the rows finished since the last frame, and the last one
      expect(t.body().querySelector('.md-tail')!.innerHTML).toBe(fullTail(text));
      firstRow ??= t.body().querySelector('.md-tail tbody tr')!;
      expect(t.body().querySelector('.md-tail tbody tr')).toBe(firstRow);
      text = text.slice(0, text.lastIndexOf('\n') + 1);
    }
    expect(t.body().querySelectorAll('.md-tail tbody tr')).toHaveLength(rows.length);
    // The table ends: what follows is rendered with it, as a full render does.
    text += '\nThat is all.\n';
    t.send({ type: 'patch', entries: [agent('a1', text)] });
    t.frame();
    expect(t.body().querySelector('.md-tail')!.innerHTML).toBe(fullTail(text));
  });
});

describe('openTableRows', () => {
  it('is the head of a table at the start and where each row starts', () => {
    expect(openTableRows('| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3')).toEqual({ headEnd: 20, rows: [20, 30] });
    expect(openTableRows('a | b\n--- | ---\n')).toEqual({ headEnd: 16, rows: [] });
    expect(openTableRows('| a | b |\n|---')).toBeUndefined(); // the delimiter line is not finished
    expect(openTableRows('just text\n---\n')).toBeUndefined(); // no pipe: a heading
    expect(openTableRows('| a |\nnot a delimiter\n')).toBeUndefined();
  });
});

describe('appendsAsText', () => {
  it('holds for plain words after a line whose last word is plain, and for nothing that could be markup', () => {
    expect(appendsAsText('- the', ' second item')).toBe(true);
    expect(appendsAsText('- *open', ' words')).toBe(true);
    for (const added of ['*', '`', '_x', '.', ':', '/', '[', ')', '<', '&', '\\', '|', '#', '-', '\n'])
      expect(appendsAsText('- the', added), added).toBe(false);
    expect(appendsAsText('- see example.co', 'm')).toBe(false);
    expect(appendsAsText('- a\n  b', ' c')).toBe(false);
  });
});

describe('the plain text of a frame that fell behind', () => {
  it('is in boxes that keep their text and element while it does not change, and shows all of it', () => {
    const t = setup(3);
    let text = LONG;
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', text)] }));
    t.frame();
    const boxes = () => [...t.body().querySelectorAll<HTMLElement>('.md-plain-box')];
    const before = boxes();
    expect(before.length).toBeGreaterThan(3);
    const stableText = () => t.body().querySelector('.md-stable')!.textContent!.length;
    expect(t.body().querySelector('.md-plain')!.textContent).toBe(text.slice(text.length - t.body().querySelector('.md-plain')!.textContent!.length));
    text += 'More words at the end.';
    t.send({ type: 'patch', entries: [agent('a1', text)] });
    t.frame();
    const after = boxes();
    expect(t.body().querySelector('.md-plain')!.textContent!.endsWith('More words at the end.')).toBe(true);
    // The boxes between the first (where building goes on) and the last (which grew) are the same elements.
    const kept = after.slice(1, -1).filter((b) => before.includes(b));
    expect(kept.length).toBe(after.length - 2);
    expect(stableText()).toBeGreaterThan(0);
  });
});

describe('openListItems', () => {
  it('is where one tight list at the end starts, and each of its items', () => {
    expect(openListItems('- a\n- b\n  more of b\n- c')).toEqual({ listStart: 0, starts: [0, 4, 20] });
    expect(openListItems('1. a\n2. b\n')).toEqual({ listStart: 0, starts: [0, 5] });
    expect(openListItems('# Steps\n\nFirst:\n\n- a\n- b')).toEqual({ listStart: 17, starts: [17, 21] });
    expect(openListItems('- x\n\n- a')).toBeUndefined(); // a list before: one loose list with it
    expect(openListItems('    code\n\n- a')).toBeUndefined(); // an indented block before
    expect(openListItems('```\n\n- a')).toBeUndefined(); // inside a fence
    expect(openListItems('- a\n\n- b')).toBeUndefined(); // a blank line: maybe loose
    expect(openListItems('- a\n* b')).toBeUndefined(); // another kind of item: another list
    expect(openListItems('1. a\n2) b')).toBeUndefined();
    expect(openListItems('- a\nlazy line')).toBeUndefined();
    expect(openListItems('text\n- a')).toBeUndefined();
    expect(openListItems('---\n')).toBeUndefined();
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

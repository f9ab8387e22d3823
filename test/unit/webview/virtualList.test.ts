// @vitest-environment jsdom
// The transcript as a virtual list of turns: only the turns near the viewport are in the DOM, each built the first time
// it is shown and kept after; find searches the whole conversation and brings a match's turn in. jsdom has no layout,
// so these tests give the page one: every turn 100 px high, a viewport of 300 px (the real thing runs in Chromium in
// the bench and the e2e suite).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { findAll, occurrences } from '../../../src/webview/page/transcriptSearch';
import { visibleRange } from '../../../src/webview/page/virtualList';
import { agent, bashTool, inLane, meta, snapshotMsg, sub, user } from './fixtures';

const TURN = 100;
const VIEW = 300;

describe('visibleRange', () => {
  const ten = Array.from({ length: 10 }, () => 100);
  it('takes the blocks that meet the viewport widened by the margin', () => {
    expect(visibleRange(ten, 0, 300, 0)).toEqual([0, 2]);
    expect(visibleRange(ten, 450, 750, 100)).toEqual([3, 8]);
    expect(visibleRange(ten, 700, 1000, 300)).toEqual([4, 9]);
  });
  it('keeps at least one block, the last ones past the end, none of an empty list', () => {
    expect(visibleRange(ten, 5000, 5300, 0)).toEqual([9, 9]);
    expect(visibleRange([], 0, 300, 300)).toEqual([0, -1]);
    expect(visibleRange([0, 0, 0], 0, 0, 200)).toEqual([0, 2]);
  });
});

describe('transcriptSearch', () => {
  it('finds every occurrence, case-insensitive, in conversation order', () => {
    expect(occurrences('Needle needle NEEDLE', 'needle')).toEqual([0, 7, 14]);
    expect(occurrences('aaaa', 'aa')).toEqual([0, 2]);
    const entries = [user('u1', 'find the needle'), agent('a1', 'no'), bashTool('t1', { title: 'grep needle' }), agent('a2', 'needle, needle')];
    expect(findAll(entries, 'Needle')).toEqual([
      { entryId: 'u1', nth: 0 },
      { entryId: 'e-t1', nth: 0 },
      { entryId: 'a2', nth: 0 },
      { entryId: 'a2', nth: 1 },
    ]);
    expect(findAll(entries, '')).toEqual([]);
  });
});

/** Gives jsdom a layout: turns TURN px high, spacers their style height, the scroller a VIEW px viewport. */
function giveLayout(root: HTMLElement) {
  const scroller = root.querySelector<HTMLElement>('.scroller')!;
  const list = root.querySelector<HTMLElement>('.transcript-list')!;
  const contentHeight = () =>
    Array.from(list.children).reduce(
      (y, c) => y + ((c as HTMLElement).classList.contains('turn') ? TURN : parseFloat((c as HTMLElement).style.height || '0')),
      0,
    );
  let top = 0;
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => VIEW });
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => contentHeight() });
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (v: number) => (top = Math.max(0, Math.min(v, contentHeight() - VIEW))),
  });
  const rect = (y: number, height: number) => ({ top: y, bottom: y + height, height, left: 0, right: 0, width: 0, x: 0, y, toJSON: () => ({}) }) as DOMRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this === list) return rect(-top, contentHeight());
    if (this.classList.contains('turn')) return rect(0, TURN);
    return rect(0, 0);
  });
  const scrollTo = (y: number) => {
    scroller.scrollTop = y;
    scroller.dispatchEvent(new Event('scroll'));
  };
  return { scroller, scrollTo, contentHeight };
}

function setup(turns: number, extra: (i: number) => TranscriptEntry[] = () => []) {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const md = vi.fn(markdownRenderer());
  const app = new App({ post: (m) => posted.push(m), root, renderMarkdown: md, requestFrame: (cb) => cb() });
  const layout = giveLayout(root);
  const send = (m: HostToWebview) => app.handleMessage(m);
  const entries: TranscriptEntry[] = [];
  for (let i = 0; i < turns; i++) entries.push(user(`u${i}`, `question ${i}`), agent(`a${i}`, `answer **${i}**`), ...extra(i));
  send(snapshotMsg({ meta: meta(), entries }));
  const mounted = () => Array.from(root.querySelectorAll<HTMLElement>('[data-testid="user-message"]')).map((n) => n.dataset.entryId);
  return { app, root, md, send, mounted, ...layout };
}

afterEach(() => vi.restoreAllMocks());

describe('the transcript as a virtual list of turns', () => {
  it('mounts only the turns within a screen of the end, and builds only those', () => {
    const t = setup(100);
    // The viewport (300 px) and a screen either side: the last six turns, at the end.
    expect(t.mounted()).toEqual(['u94', 'u95', 'u96', 'u97', 'u98', 'u99']);
    expect(t.app.transcript.nodeOf('u0')).toBeUndefined();
    expect(t.app.transcript.renderedCount).toBe(12);
    expect(t.md).toHaveBeenCalledTimes(6);
    // The spacer above stands in for the 94 turns not mounted.
    expect(t.contentHeight()).toBe(100 * TURN);
  });

  it('keeps the page the same size for 40 and 400 turns', () => {
    const forty = setup(40).root.querySelectorAll('*').length;
    const fourHundred = setup(400).root.querySelectorAll('*').length;
    expect(fourHundred).toBe(forty);
  });

  it('mounts the first turns when the user scrolls to the top, and shows the same nodes again back at the end', () => {
    const t = setup(100);
    const last = t.app.transcript.nodeOf('a99')!;
    expect(last.textContent).toContain('99');
    t.scrollTo(0);
    expect(t.mounted()).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
    expect(last.isConnected).toBe(false);
    expect(t.root.querySelector('[data-entry-id="a0"] strong')!.textContent).toBe('0');
    const calls = t.md.mock.calls.length;
    t.scrollTo(100 * TURN);
    expect(t.app.transcript.nodeOf('a99')).toBe(last);
    expect(last.isConnected).toBe(true);
    // Shown again, not built again: no markdown rendered for the turns that come back.
    expect(t.md.mock.calls.length).toBe(calls);
  });

  it('shows a new turn at once while following the end; scrolled up, builds it only when it is shown', () => {
    const t = setup(20);
    t.send({ type: 'patch', entries: [user('u20', 'next'), agent('a20', 'reply')] });
    expect(t.mounted()).toContain('u20');
    t.scrollTo(0);
    t.send({ type: 'patch', entries: [user('u21', 'later'), agent('a21', 'later reply')] });
    expect(t.app.transcript.nodeOf('u21')).toBeUndefined();
    t.send({ type: 'patch', entries: [], appends: [{ id: 'a21', field: 'text', from: 'later reply'.length, text: ' and more' }] });
    t.scrollTo(22 * TURN);
    expect(t.root.querySelector('[data-entry-id="a21"]')!.textContent).toContain('later reply and more');
  });
});

describe('lanes in the virtual list', () => {
  it("a lane in a turn far from the viewport builds nothing, nor its child's new entries; find brings the turn and the lane in", () => {
    const t = setup(100, (i) =>
      i === 2 ? [sub('L', { state: 'idle', stopReason: 'end_turn', reply: 'Found it.' }), inLane('L', agent('L-a1', 'the lane needle'))] : [],
    );
    expect(t.app.transcript.nodeOf('subagent:L')).toBeUndefined();
    expect(t.app.transcript.nodeOf('L-a1')).toBeUndefined();
    t.send({ type: 'patch', entries: [inLane('L', bashTool('L-t1'))] });
    expect(t.app.transcript.nodeOf('e-L-t1')).toBeUndefined();
    expect(t.app.transcript.renderedCount).toBe(12);
    // Find, as the user does it: the view stops following the end and brings the match in.
    t.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true }));
    const input = t.root.querySelector<HTMLInputElement>('[data-testid="find-input"]')!;
    input.value = 'lane needle';
    input.dispatchEvent(new Event('input'));
    expect(t.root.querySelector('[data-testid="find-count"]')!.textContent).toBe('1 of 1');
    const node = t.app.transcript.nodeOf('L-a1')!;
    expect(node.isConnected).toBe(true);
    expect(t.mounted()).toContain('u2');
    // Its lane opened to show it, with the rest of the lane's entries, and the deferred markdown rendered.
    const lane = t.app.transcript.nodeOf('subagent:L')!;
    expect(lane.querySelector('[data-testid="lane-toggle"]')!.getAttribute('aria-expanded')).toBe('true');
    expect(Array.from(lane.querySelectorAll<HTMLElement>('[data-testid="lane-body"] > *'), (n) => n.dataset.entryId)).toEqual(['L-a1', 'e-L-t1']);
    expect(node.textContent).toContain('the lane needle');
  });
});

describe('find in the chat', () => {
  const press = (el: Element, key: string, init: KeyboardEventInit = {}) =>
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  let t: ReturnType<typeof setup>;
  const input = () => t.root.querySelector<HTMLInputElement>('[data-testid="find-input"]')!;
  const type = (text: string) => {
    input().value = text;
    input().dispatchEvent(new Event('input'));
  };
  const count = () => t.root.querySelector('[data-testid="find-count"]')!.textContent;
  beforeEach(() => {
    t = setup(100, (i) => (i === 3 ? [agent('n3', 'the first needle')] : i === 50 ? [agent('n50', 'a Needle and a needle')] : []));
  });

  it('Ctrl+F opens it; it finds text in turns that are not mounted and brings the match in', () => {
    const composer = t.root.querySelector<HTMLTextAreaElement>('textarea')!;
    composer.focus();
    expect(t.app.transcript.nodeOf('n3')).toBeUndefined();
    press(composer, 'f', { ctrlKey: true });
    expect(t.root.querySelector<HTMLElement>('[data-testid="find-bar"]')!.hidden).toBe(false);
    expect(document.activeElement).toBe(input());
    type('needle');
    // The last match first (nearest the end), then Enter goes on and wraps, Shift+Enter goes back.
    expect(count()).toBe('3 of 3');
    expect(t.app.transcript.nodeOf('n50')!.isConnected).toBe(true);
    press(input(), 'Enter');
    expect(count()).toBe('1 of 3');
    expect(t.app.transcript.nodeOf('n3')!.isConnected).toBe(true);
    expect(t.mounted()).toContain('u3');
    press(input(), 'Enter', { shiftKey: true });
    expect(count()).toBe('3 of 3');
    type('haystack');
    expect(count()).toBe('No results');
    press(input(), 'Escape');
    expect(t.root.querySelector<HTMLElement>('[data-testid="find-bar"]')!.hidden).toBe(true);
    expect(document.activeElement).toBe(composer);
  });

  it('a match in a folded run of calls unfolds it', () => {
    const read = (id: string, title: string) => bashTool(id, { kind: 'read', title, content: [], locations: [] });
    t.send({
      type: 'patch',
      entries: [user('u100', 'read them'), read('r1', 'Read alpha.ts'), read('r2', 'Read beta.ts'), read('r3', 'Read gamma.ts'), agent('a100', 'done')],
    });
    expect(t.root.querySelector('[data-testid="tool-group"]')).not.toBeNull();
    expect(t.app.transcript.nodeOf('e-r2')).toBeUndefined();
    press(t.root, 'f', { metaKey: true });
    type('beta');
    expect(count()).toBe('1 of 1');
    expect(t.root.querySelector('[data-testid="tool-group-toggle"]')!.getAttribute('aria-expanded')).toBe('true');
    expect(t.app.transcript.nodeOf('e-r2')!.isConnected).toBe(true);
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { caps, meta, snapshotMsg } from './fixtures';

function setup(c = caps()) {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  send(snapshotMsg({ meta: meta(), entries: [] }, c));
  const ta = root.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
  const key = (k: string, init: KeyboardEventInit = {}) => {
    const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
    ta.dispatchEvent(e);
    return e;
  };
  const type = (text: string) => {
    ta.value = text;
    ta.selectionStart = ta.selectionEnd = text.length;
    ta.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const prompts = () => posted.filter((m) => m.type === 'sendPrompt');
  return { app, root, posted, send, ta, key, type, prompts };
}

describe('composer keys', () => {
  it('Enter sends, Shift+Enter does not, empty input sends nothing', () => {
    const t = setup();
    t.key('Enter');
    expect(t.prompts()).toEqual([]);
    t.type('hello');
    const shift = t.key('Enter', { shiftKey: true });
    expect(shift.defaultPrevented).toBe(false);
    expect(t.prompts()).toEqual([]);
    const e = t.key('Enter');
    expect(e.defaultPrevented).toBe(true);
    expect(t.prompts()).toEqual([{ type: 'sendPrompt', text: 'hello', attachments: [] }]);
    expect(t.ta.value).toBe('');
  });

  it('the send button sends; ↑ in an empty composer recalls history, ↓ walks forward', () => {
    const t = setup();
    t.type('first');
    t.root.querySelector<HTMLButtonElement>('[data-testid="send"]')!.click();
    t.type('second');
    t.key('Enter');
    t.type('');
    t.key('ArrowUp');
    expect(t.ta.value).toBe('second');
    t.key('ArrowUp');
    expect(t.ta.value).toBe('first');
    t.key('ArrowDown');
    expect(t.ta.value).toBe('second');
    t.key('ArrowDown');
    expect(t.ta.value).toBe('');
    t.type('draft');
    const up = t.key('ArrowUp');
    expect(up.defaultPrevented).toBe(false); // a non-empty composer keeps normal caret movement
    expect(t.ta.value).toBe('draft');
  });

  it('sends a prompt typed while a turn runs to the host (the session queues it) and shows the session queue', () => {
    const t = setup(caps({ steering: true }));
    const send = t.root.querySelector<HTMLButtonElement>('[data-testid="send"]')!;
    expect([send.classList.contains('primary'), send.getAttribute('aria-label'), send.textContent, t.ta.placeholder]).toEqual([
      true,
      'Send',
      '',
      'Ask, @ for context, / for commands',
    ]);
    t.send({ type: 'patch', entries: [], meta: { turn: 'running' } });
    const stop = t.root.querySelector<HTMLButtonElement>('[data-testid="stop"]')!;
    expect(stop.hidden).toBe(false);
    // While the turn runs: Stop is primary and says its word; Send steps back and becomes Queue, in words too.
    expect([stop.classList.contains('primary'), stop.textContent]).toEqual([true, 'Stop']);
    expect([send.classList.contains('primary'), send.getAttribute('aria-label'), send.textContent]).toEqual([
      false,
      'Queue (sent when the turn ends)',
      'Queue',
    ]);
    expect(t.ta.placeholder).toBe('Queue a follow-up, @ for context');
    stop.click();
    expect(t.posted).toContainEqual({ type: 'cancelTurn' });
    t.type('next one');
    t.key('Enter');
    // One queue, owned by the session: the webview keeps none of its own.
    expect(t.prompts()).toEqual([{ type: 'sendPrompt', text: 'next one', attachments: [] }]);
    const queued = [
      { id: 'q1', content: [{ type: 'text' as const, text: 'next one' }], at: 1 },
      {
        id: 'q2',
        content: [
          { type: 'text' as const, text: 'and then' },
          { type: 'resource_link' as const, uri: 'file:///a.ts', name: 'a.ts' },
        ],
        at: 2,
      },
    ];
    t.send({ type: 'patch', entries: [], meta: { queue: queued } });
    const items = () => Array.from(t.root.querySelectorAll<HTMLElement>('[data-testid="queued-prompt"]'));
    expect(items().map((i) => i.querySelector('[data-testid="queued-text"]')!.textContent)).toEqual(['next one', 'and then']);
    expect(items()[1]!.textContent).toContain('+1 attached');
    // Running and the agent steers: Steer, Edit, Remove (no Send).
    items()[0]!.querySelector<HTMLButtonElement>('[data-testid="queued-steer"]')!.click();
    expect(t.posted).toContainEqual({ type: 'queuedPrompt', id: 'q1', action: 'steer' });
    expect(items()[0]!.querySelector('[data-testid="queued-send"]')).toBeNull();
    items()[1]!.querySelector<HTMLButtonElement>('[data-testid="queued-remove"]')!.click();
    expect(t.posted).toContainEqual({ type: 'queuedPrompt', id: 'q2', action: 'remove' });
    // Edit in place: the draft survives an unrelated update, Save posts the new text.
    items()[0]!.querySelector<HTMLButtonElement>('[data-testid="queued-edit-btn"]')!.click();
    const area = t.root.querySelector<HTMLTextAreaElement>('[data-testid="queued-edit"]')!;
    area.value = 'next one, but shorter';
    area.dispatchEvent(new Event('input'));
    t.send({ type: 'patch', entries: [], meta: { queue: [queued[0]!] } });
    const again = t.root.querySelector<HTMLTextAreaElement>('[data-testid="queued-edit"]')!;
    expect(again.value).toBe('next one, but shorter');
    t.root.querySelector<HTMLButtonElement>('[data-testid="queued-save"]')!.click();
    expect(t.posted).toContainEqual({ type: 'editQueuedPrompt', id: 'q1', text: 'next one, but shorter' });
    // Idle (after Stop) with a queue left: Send now instead of Steer.
    t.send({ type: 'patch', entries: [], meta: { turn: 'idle' } });
    expect(items()[0]!.querySelector('[data-testid="queued-steer"]')).toBeNull();
    items()[0]!.querySelector<HTMLButtonElement>('[data-testid="queued-send"]')!.click();
    expect(t.posted).toContainEqual({ type: 'queuedPrompt', id: 'q1', action: 'send' });
    expect(stop.hidden).toBe(true);
    expect([send.classList.contains('primary'), send.getAttribute('aria-label'), send.textContent, t.ta.placeholder]).toEqual([
      true,
      'Send',
      '',
      'Ask, @ for context, / for commands',
    ]);
    t.send({ type: 'patch', entries: [], meta: { queue: [] } });
    expect(t.root.querySelector<HTMLElement>('[data-testid="queue"]')!.hidden).toBe(true);
  });

  it('without steering support a queued prompt offers no Steer', () => {
    const t = setup(caps({ steering: false }));
    t.send({ type: 'patch', entries: [], meta: { turn: 'running', queue: [{ id: 'q1', content: [{ type: 'text', text: 'later' }], at: 1 }] } });
    expect(t.root.querySelector('[data-testid="queued-steer"]')).toBeNull();
    expect(t.root.querySelector('[data-testid="queued-remove"]')).not.toBeNull();
  });

  it('/ completes available commands', () => {
    const t = setup();
    t.type('/de');
    const items = Array.from(t.root.querySelectorAll('[data-testid="completion"]')).map((li) => li.querySelector('.completion-label')!.textContent);
    expect(items).toEqual(['/deep-research']);
    t.key('Enter');
    expect(t.ta.value).toBe('/deep-research ');
    expect(t.prompts()).toEqual([]);
    expect(t.root.querySelector<HTMLElement>('[data-testid="completions"]')!.hidden).toBe(true);
  });

  it('@ asks the host for context, ignores stale answers, shows each kind by word and icon; accepting asks the host for the chip', () => {
    const t = setup();
    t.type('look at @re');
    expect(t.posted.filter((m) => m.type === 'completeMentions')).toEqual([{ type: 'completeMentions', requestId: 1, query: 're' }]);
    t.type('look at @rel');
    t.send({ type: 'mentionCompletions', requestId: 1, items: [{ mention: { kind: 'file', path: '/w/old.ts' }, label: 'old.ts' }] });
    expect(t.root.querySelectorAll('[data-testid="completion"]').length).toBe(0);
    const symbol = { kind: 'symbol' as const, path: '/w/notes.md', name: '# Release Notes', startLine: 1, endLine: 3 };
    t.send({
      type: 'mentionCompletions',
      requestId: 2,
      items: [
        { mention: { kind: 'folder', path: '/w/release' }, label: 'release/' },
        { mention: symbol, label: '# Release Notes', detail: 'notes.md:1' },
      ],
    });
    const options = Array.from(t.root.querySelectorAll<HTMLElement>('[data-testid="completion"]'));
    expect(options.map((o) => [o.getAttribute('role'), o.getAttribute('aria-label'), o.dataset.kind])).toEqual([
      ['option', 'Folder release/', 'folder'],
      ['option', 'Symbol # Release Notes, notes.md:1', 'symbol-class'],
    ]);
    expect(t.ta.getAttribute('aria-activedescendant')).toBe('completion-0');
    t.key('ArrowDown');
    expect(t.ta.getAttribute('aria-activedescendant')).toBe('completion-1');
    t.key('Enter');
    expect(t.ta.value).toBe('look at ');
    expect(t.posted.at(-1)).toEqual({ type: 'attachMention', mention: symbol });
    expect(t.prompts()).toEqual([]);
    // The host answers with the chip, as Add Context's.
    t.send({ type: 'attach', attachment: { type: 'file', path: '/w/release', name: 'release', folder: true } });
    const chip = t.root.querySelector('[data-testid="attachment"]')!;
    expect([chip.textContent, chip.querySelector('.codicon')!.className]).toEqual(['release', 'codicon codicon-folder']);
  });

  it('attach messages add chips that can be removed', () => {
    const t = setup();
    t.send({ type: 'attach', attachment: { type: 'selection', path: '/w/a.ts', name: 'a.ts', startLine: 3, endLine: 5, text: 'x' } });
    t.send({ type: 'attach', attachment: { type: 'selection', path: '/w/a.ts', name: 'a.ts', startLine: 3, endLine: 5, text: 'x' } });
    expect(t.root.querySelectorAll('[data-testid="attachment"]').length).toBe(1);
    expect(t.root.querySelector('[data-testid="attachment"]')!.textContent).toContain('a.ts:3-5');
    t.root.querySelector<HTMLButtonElement>('[data-testid="remove-attachment"]')!.click();
    expect(t.root.querySelectorAll('[data-testid="attachment"]').length).toBe(0);
  });

  it("a terminal output chip's tooltip says the agent gets the terminal's raw text (secrets masked); other chips have none", () => {
    const t = setup();
    t.send({ type: 'attach', attachment: { type: 'context', kind: 'terminal', name: 'Terminal: bash', text: '$ ls' } });
    t.send({ type: 'attach', attachment: { type: 'context', kind: 'problems', name: 'Problems (1)', text: 'a.ts:1:1 error: x' } });
    const chips = t.root.querySelectorAll('[data-testid="attachment"]');
    expect(chips[0]!.getAttribute('title')).toBe(
      "The terminal's raw text, sent to the agent as it printed it; only values that look like secrets (tokens, passwords, keys) are masked",
    );
    expect(chips[1]!.hasAttribute('title')).toBe(false);
  });
});

// @vitest-environment jsdom
// Going back, on the page: each turn's changed-files card at the end of its turn (the shared note once), Edit in
// place, Copy as Markdown and Go Back on the user's messages, Copy on replies, Retry on a failed or cancelled turn
// (marked superseded once retried), and the rewound prompt's draft in the composer.
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { ChangedFileView, HostToWebview, TurnChangesView, TurnsView, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { inProcessHighlighter } from './highlightFixtures';
import { T0, agent, meta, snapshotMsg, user } from './fixtures';

function setup(entries: TranscriptEntry[]) {
  const posted: WebviewToHost[] = [];
  const frames: (() => void)[] = [];
  const copied: string[] = [];
  const copyText = vi.fn(async (text: string) => void copied.push(text));
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({
    post: (m) => posted.push(m),
    root,
    renderMarkdown: markdownRenderer(inProcessHighlighter().highlighter),
    requestFrame: (cb) => frames.push(cb),
    copyText,
  });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const frame = () => frames.splice(0).forEach((f) => f());
  const q = <T extends HTMLElement = HTMLElement>(sel: string, from: ParentNode = root) => from.querySelector<T>(sel);
  const turns = () => Array.from(root.querySelectorAll<HTMLElement>('.turn'));
  send(snapshotMsg({ meta: meta(), entries }));
  frame();
  return { app, root, posted, send, frame, q, turns, copyText, copied };
}

const conversation = (): TranscriptEntry[] => [
  user('u0', 'first question'),
  agent('a0', 'first answer'),
  user('u1', 'second question'),
  agent('a1', 'second answer'),
  user('u2', 'third question'),
  agent('a2', 'third answer'),
];

function fileView(name: string): ChangedFileView {
  return { path: `/w/${name}`, label: name, added: 2, removed: 1, change: 'modified', reverted: false };
}
function change(id: string, userIndex: number, ...names: string[]): TurnChangesView {
  return { id, userIndex, endUserIndex: userIndex, files: names.map(fileView) };
}
const turnsMsg = (turns: TurnsView): HostToWebview => ({ type: 'turns', turns });

/** The file labels of each card in each turn's footer, turn by turn. */
function cardsByTurn(t: ReturnType<typeof setup>): string[][][] {
  return t.turns().map((turn) =>
    Array.from(turn.querySelectorAll<HTMLElement>('[data-testid="changed-files"]')).map((card) => {
      expect(card.parentElement!.classList.contains('turn-footer')).toBe(true);
      return Array.from(card.querySelectorAll('.changed-file-name')).map((n) => n.textContent!);
    }),
  );
}

describe('each turn’s changed-files card', () => {
  const NOTE = 'The workspace is not a git repository: files changed by shell commands are not seen.';

  it('puts each card at the end of its own turn; a turn that changed nothing has none', () => {
    const t = setup(conversation());
    t.send(turnsMsg({ changes: [change('c0', 0, 'a.ts'), change('c2', 2, 'b.ts', 'c.ts')], note: NOTE, superseded: [] }));
    expect(t.turns()).toHaveLength(3);
    expect(cardsByTurn(t)).toEqual([[['a.ts']], [], [['b.ts', 'c.ts']]]);
    // The card comes after the turn's entries, not among them.
    const first = t.turns()[0]!;
    expect(first.querySelector('.turn-body [data-testid="changed-files"]')).toBeNull();
    expect(first.querySelector('.turn-body [data-entry-id="a0"]')).not.toBeNull();
  });

  it('says the note once, under the last card', () => {
    const t = setup(conversation());
    t.send(turnsMsg({ changes: [change('c0', 0, 'a.ts'), change('c2', 2, 'b.ts')], note: NOTE, superseded: [] }));
    const notes = Array.from(t.root.querySelectorAll<HTMLElement>('[data-testid="changed-files-note"]'));
    expect(notes.map((n) => n.textContent)).toEqual([NOTE]);
    expect(notes[0]!.closest('.turn')).toBe(t.turns()[2]);
  });

  it('removes the card of a change a later message drops', () => {
    const t = setup(conversation());
    t.send(turnsMsg({ changes: [change('c0', 0, 'a.ts'), change('c2', 2, 'b.ts')], superseded: [] }));
    t.send(turnsMsg({ changes: [change('c2', 2, 'b.ts')], superseded: [] }));
    expect(cardsByTurn(t)).toEqual([[], [], [['b.ts']]]);
  });

  it('updates a card in place when its change is sent again', () => {
    const t = setup(conversation());
    t.send(turnsMsg({ changes: [change('c2', 2, 'b.ts')], superseded: [] }));
    const card = t.q('[data-testid="changed-files"]');
    t.send(turnsMsg({ changes: [change('c2', 2, 'b.ts', 'd.ts')], superseded: [] }));
    expect(cardsByTurn(t)).toEqual([[], [], [['b.ts', 'd.ts']]]);
    expect(t.q('[data-testid="changed-files"]')).toBe(card);
  });

  it('places a card for a turn not yet in the transcript once a patch adds its prompt', () => {
    const t = setup(conversation());
    t.send(turnsMsg({ changes: [change('c3', 3, 'later.ts')], superseded: [] }));
    expect(t.root.querySelector('[data-testid="changed-files"]')).toBeNull();
    t.send({ type: 'patch', entries: [user('u3', 'fourth question')] });
    t.frame();
    expect(cardsByTurn(t)).toEqual([[], [], [], [['later.ts']]]);
  });

  it('finds a turn by its prompt’s place among the user messages, not by its place among the turns', () => {
    // An entry before the first prompt (a notice of a reopened conversation) is a turn of its own, without a prompt.
    const t = setup([{ kind: 'notice', id: 'n0', severity: 'info', title: 'Reopened', at: T0 }, ...conversation()]);
    t.send(turnsMsg({ changes: [change('c1', 1, 'a.ts')], superseded: [2] }));
    expect(cardsByTurn(t)).toEqual([[], [], [['a.ts']], []]);
    expect(t.turns().map((turn) => turn.classList.contains('superseded'))).toEqual([false, false, false, true]);
  });

  it('keeps the cards in their turns across a new snapshot', () => {
    const t = setup(conversation());
    t.send(turnsMsg({ changes: [change('c1', 1, 'a.ts')], superseded: [] }));
    t.send(snapshotMsg({ meta: meta(), entries: conversation() }));
    t.frame();
    expect(cardsByTurn(t)).toEqual([[], [['a.ts']], []]);
  });
});

describe('the user message’s actions', () => {
  const node = (t: ReturnType<typeof setup>, id: string) => t.q(`[data-entry-id="${id}"]`)!;
  const press = (el: HTMLElement, key: string, init: KeyboardEventInit = {}) =>
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

  it('Edit turns the message into a box holding its text; Enter sends the new text for that message', () => {
    const t = setup(conversation());
    t.q<HTMLButtonElement>('[data-testid="edit-prompt"]', node(t, 'u1'))!.click();
    const box = t.q<HTMLTextAreaElement>('[data-testid="edit-prompt-input"]', node(t, 'u1'))!;
    expect(box.value).toBe('second question');
    expect(t.q('.user-text', node(t, 'u1'))).toBeNull();
    box.value = 'second question, reworded';
    press(box, 'Enter');
    expect(t.posted).toEqual([{ type: 'editPrompt', entryId: 'u1', text: 'second question, reworded' }]);
    // The message is shown again (as it was until the host's transcript says otherwise).
    expect(t.q('[data-testid="edit-prompt-input"]')).toBeNull();
    expect(t.q('.user-text', node(t, 'u1'))!.textContent).toBe('second question');
  });

  it('Edit holds only the typed text, as the host replaces it: none when the prompt begins with an attachment', () => {
    // No typed text: a file link, then a selection sent as text (an agent without embedded context).
    const selection = '/w/a.ts:1-2\n```\nconst a = 1;\n```';
    const t = setup([
      {
        kind: 'user',
        id: 'u0',
        at: T0,
        content: [
          { type: 'resource_link', name: 'b.ts', uri: 'file:///w/b.ts' },
          { type: 'text', text: selection },
        ],
      },
    ]);
    t.q<HTMLButtonElement>('[data-testid="edit-prompt"]', node(t, 'u0'))!.click();
    expect(t.q<HTMLTextAreaElement>('[data-testid="edit-prompt-input"]')!.value).toBe('');
  });

  it('Shift+Enter in the box is a newline, not a send; an empty box sends nothing', () => {
    const t = setup(conversation());
    t.q<HTMLButtonElement>('[data-testid="edit-prompt"]', node(t, 'u0'))!.click();
    const box = t.q<HTMLTextAreaElement>('[data-testid="edit-prompt-input"]')!;
    press(box, 'Enter', { shiftKey: true });
    box.value = '   ';
    press(box, 'Enter');
    expect(t.posted).toEqual([]);
    expect(t.q('[data-testid="edit-prompt-input"]')).toBe(box);
  });

  it('Escape leaves the message as it was and posts nothing', () => {
    const t = setup(conversation());
    t.q<HTMLButtonElement>('[data-testid="edit-prompt"]', node(t, 'u1'))!.click();
    const box = t.q<HTMLTextAreaElement>('[data-testid="edit-prompt-input"]')!;
    box.value = 'something else';
    press(box, 'Escape');
    expect(t.q('[data-testid="edit-prompt-input"]')).toBeNull();
    expect(t.q('.user-text', node(t, 'u1'))!.textContent).toBe('second question');
    expect(t.posted).toEqual([]);
  });

  it('Copy puts the message on the clipboard as Markdown and posts nothing', async () => {
    const rich: TranscriptEntry = {
      kind: 'user',
      id: 'u0',
      at: T0,
      content: [
        { type: 'text', text: 'Look at this' },
        { type: 'resource_link', name: 'a.ts', uri: 'file:///w/a.ts' },
      ],
    };
    const t = setup([rich, agent('a0', 'Done: **yes**')]);
    t.q<HTMLButtonElement>('[data-testid="copy-message"]', node(t, 'u0'))!.click();
    await t.copyText.mock.results[0]!.value;
    expect(t.copied).toEqual(['Look at this\n\n[a.ts](file:///w/a.ts)']);
    expect(t.q('[data-testid="live-region"]')!.textContent).toContain('Copied as Markdown');
    expect(t.posted).toEqual([]);
  });

  it('Copy on a reply puts the reply’s Markdown on the clipboard', () => {
    const t = setup(conversation());
    t.q<HTMLButtonElement>('[data-testid="copy-reply"]', node(t, 'a1'))!.click();
    expect(t.copied).toEqual(['second answer']);
    expect(t.posted).toEqual([]);
  });

  it('Go Back posts the message it was pressed on', () => {
    const t = setup(conversation());
    t.q<HTMLButtonElement>('[data-testid="go-back"]', node(t, 'u2'))!.click();
    expect(t.posted).toEqual([{ type: 'goBack', entryId: 'u2' }]);
  });

  it('marks the page while a turn runs (the actions wait for its end)', () => {
    const t = setup(conversation());
    expect(t.root.classList.contains('turn-running')).toBe(false);
    t.send({ type: 'patch', entries: [], meta: { turn: 'running' } });
    expect(t.root.classList.contains('turn-running')).toBe(true);
    t.send({ type: 'patch', entries: [], meta: { turn: 'idle' } });
    expect(t.root.classList.contains('turn-running')).toBe(false);
  });
});

describe('Retry', () => {
  const failed = (): TranscriptEntry[] => [
    user('u0', 'one'),
    agent('a0', 'fine'),
    user('u1', 'two'),
    { kind: 'error', id: 'err1', message: 'Internal error: boom', at: T0 },
    user('u2', 'three'),
    agent('a2', 'fine'),
  ];

  it('on a failed turn posts retryTurn once: the button is disabled after the click', () => {
    const t = setup(failed());
    const retry = t.q<HTMLButtonElement>('[data-entry-id="err1"] [data-testid="retry-turn"]')!;
    expect(retry.disabled).toBe(false);
    retry.click();
    retry.click();
    expect(retry.disabled).toBe(true);
    expect(t.posted).toEqual([{ type: 'retryTurn', entryId: 'err1' }]);
  });

  it('marks the retried turn superseded, and only that one', () => {
    const t = setup(failed());
    t.send(turnsMsg({ changes: [], superseded: [1] }));
    expect(t.turns().map((turn) => turn.classList.contains('superseded'))).toEqual([false, true, false]);
    t.send(turnsMsg({ changes: [], superseded: [] }));
    expect(t.turns().map((turn) => turn.classList.contains('superseded'))).toEqual([false, false, false]);
  });

  it('is offered on a cancelled turn, not on one that ended well', () => {
    const t = setup([
      user('u0', 'one'),
      { kind: 'turn-end', id: 'te-cancelled', stopReason: 'cancelled', at: T0 },
      user('u1', 'two'),
      agent('a1', 'fine'),
      { kind: 'turn-end', id: 'te-ended', stopReason: 'end_turn', at: T0 },
    ]);
    expect(t.q('[data-entry-id="te-ended"] [data-testid="retry-turn"]')).toBeNull();
    t.q<HTMLButtonElement>('[data-entry-id="te-cancelled"] [data-testid="retry-turn"]')!.click();
    expect(t.posted).toEqual([{ type: 'retryTurn', entryId: 'te-cancelled' }]);
  });
});

describe('the rewound prompt’s draft', () => {
  it('goes before what the composer holds', () => {
    const t = setup(conversation());
    t.app.composer.textarea.value = 'what I was typing';
    t.send({ type: 'draft', text: 'second question' });
    expect(t.app.composer.textarea.value).toBe('second question\n\nwhat I was typing');
  });

  it('fills an empty composer as it is', () => {
    const t = setup(conversation());
    t.send({ type: 'draft', text: 'second question' });
    expect(t.app.composer.textarea.value).toBe('second question');
  });
});

// @vitest-environment jsdom
// Runs of finished calls of one kind fold into one line that expands to their cards: built only while expanded, grown
// as calls finish during a turn, never holding a call the user was asked about, a failed or denied one; the transcript's
// order is kept through folding, unfolding and a reopen (virtualList.test.ts: a turn built when it is first shown).
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { foldRuns, groupLabel, MIN_GROUP } from '../../../src/webview/page/toolGroups';
import { agent, bashTool, meta, permission, snapshotMsg, user } from './fixtures';

function setup() {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const list = () => root.querySelector('.transcript-list')!;
  /** The list's top-level rows (in its turns): an entry id, or "group:<count>" for a folded run. */
  const rows = () =>
    Array.from(list().querySelectorAll(':scope > .turn > .turn-body > *')).map((n) =>
      (n as HTMLElement).dataset.testid === 'tool-group' ? `group:${(n as HTMLElement).dataset.count}` : (n as HTMLElement).dataset.entryId,
    );
  return { app, root, send, rows, list };
}

const read = (id: string, over: Parameters<typeof bashTool>[1] = {}) =>
  bashTool(id, { kind: 'read', title: `Read ${id}.ts`, content: [], locations: [{ path: `/w/${id}.ts` }], ...over });

describe('folding runs of finished calls', () => {
  it('foldRuns: runs of MIN_GROUP or more equal keys; undefined never folds', () => {
    expect(MIN_GROUP).toBe(3);
    expect(foldRuns(['read', 'read', 'read', 'edit', 'edit', undefined, undefined, undefined, 'read', 'read'])).toEqual([[0, 3]]);
    expect(foldRuns(['a', 'a', 'a', 'a', 'b', 'b', 'b'])).toEqual([
      [0, 4],
      [4, 7],
    ]);
    expect(groupLabel('read', 40)).toBe('Read 40 files');
    expect(groupLabel('execute', 3)).toBe('Ran 3 commands');
    expect(groupLabel('other', 5)).toBe('Used 5 tools');
  });

  it('a reopened conversation folds a run of reads into one line, builds no card of it, and expands and folds on click', () => {
    const t = setup();
    const reads = Array.from({ length: 5 }, (_, i) => read(`r${i}`));
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'look around'), ...reads, agent('a1', 'Done.')] }));
    expect(t.rows()).toEqual(['u1', 'group:5', 'a1']);
    expect(t.root.querySelectorAll('[data-testid="tool-card"]')).toHaveLength(0);
    const toggle = t.root.querySelector<HTMLButtonElement>('[data-testid="tool-group-toggle"]')!;
    expect([toggle.textContent, toggle.getAttribute('aria-expanded')]).toEqual(['Read 5 filesCompleted', 'false']);
    toggle.click();
    const body = t.root.querySelector('[data-testid="tool-group-body"]')!;
    expect(Array.from(body.querySelectorAll<HTMLElement>('[data-testid="tool-card"]')).map((c) => c.dataset.toolCallId)).toEqual([
      'r0',
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.click();
    expect(t.root.querySelectorAll('[data-testid="tool-card"]')).toHaveLength(0);
    expect(t.rows()).toEqual(['u1', 'group:5', 'a1']);
  });

  it('a call the user was asked about, a failed or denied call, another kind or text between: each stays a card and splits runs', () => {
    const t = setup();
    const entries: TranscriptEntry[] = [
      user('u1', 'go'),
      read('a0'),
      read('a1'),
      read('p0'),
      permission('perm', 'p0', { status: 'selected', optionId: 'allow', optionName: 'Yes', optionKind: 'allow_once' }),
      read('b0'),
      read('b1'),
      read('b2'),
      read('f0', { status: 'failed' }),
      read('c0'),
      read('c1'),
      read('d0', { kind: 'edit', title: 'Edit d0' }),
      read('c2'),
      read('x0', { kind: 'execute' }),
      read('x1', { kind: 'execute' }),
      read('x2', { kind: 'execute', deniedByUser: true, status: 'failed' }),
    ];
    t.send(snapshotMsg({ meta: meta(), entries }));
    expect(t.rows()).toEqual(['u1', 'e-a0', 'e-a1', 'e-p0', 'group:3', 'e-f0', 'e-c0', 'e-c1', 'e-d0', 'e-c2', 'e-x0', 'e-x1', 'e-x2']);
    // The answered request sits in its own call's card.
    expect(t.root.querySelector('[data-tool-call-id="p0"] [data-testid="permission"]')).not.toBeNull();
  });

  it('during a turn: calls show as cards while they run, fold once three have finished, and the line grows', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'go')] }));
    const pending = (id: string) => read(id, { status: 'pending' });
    t.send({ type: 'patch', entries: [pending('r0'), pending('r1')] });
    t.send({ type: 'patch', entries: [read('r0'), read('r1')] });
    expect(t.rows()).toEqual(['u1', 'e-r0', 'e-r1']);
    t.send({ type: 'patch', entries: [pending('r2')] });
    expect(t.rows()).toEqual(['u1', 'e-r0', 'e-r1', 'e-r2']);
    t.send({ type: 'patch', entries: [read('r2'), pending('r3')] });
    expect(t.rows()).toEqual(['u1', 'group:3', 'e-r3']);
    t.send({ type: 'patch', entries: [read('r3'), agent('a1', 'Read them.')] });
    expect(t.rows()).toEqual(['u1', 'group:4', 'a1']);
    // A permission arriving late for a folded call takes it out of the line, in its place.
    t.send({ type: 'patch', entries: [permission('late', 'r1', { status: 'cancelled', reason: 'turn-cancelled' })] });
    expect(t.rows()).toEqual(['u1', 'e-r0', 'e-r1', 'e-r2', 'e-r3', 'a1']);
    expect(t.root.querySelector('[data-tool-call-id="r1"] [data-testid="permission"]')).not.toBeNull();
  });

  it('an expanded line takes in a call that finishes after it, in order', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'go'), read('r0'), read('r1'), read('r2')] }));
    t.root.querySelector<HTMLButtonElement>('[data-testid="tool-group-toggle"]')!.click();
    t.send({ type: 'patch', entries: [read('r3')] });
    const body = t.root.querySelector('[data-testid="tool-group-body"]')!;
    expect(Array.from(body.querySelectorAll<HTMLElement>('[data-testid="tool-card"]')).map((c) => c.dataset.toolCallId)).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(t.rows()).toEqual(['u1', 'group:4']);
  });

  it('120 calls in one turn stay under 1,000 elements in the page', () => {
    const t = setup();
    const kinds = ['read', 'edit', 'execute'] as const;
    // Runs of ten of each kind in turn, as a long turn of reading, editing and running tests makes.
    const calls = Array.from({ length: 120 }, (_, i) => read(`c${i}`, { kind: kinds[Math.floor(i / 10) % 3] }));
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'do it all'), ...calls, agent('a1', 'All done.')] }));
    expect(t.rows().filter((r) => r?.startsWith('group:'))).toHaveLength(12);
    const elements = t.root.querySelectorAll('*').length;
    expect(elements).toBeLessThan(1000);
  });
});

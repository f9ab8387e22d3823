// @vitest-environment jsdom
// Subagents as lanes: the host's flat transcript (entries with `lane` are a child session's, a `subagent` entry marks
// where the lane sits) becomes lanes at their places, a nested lane in its parent's, an entry naming an unknown lane
// in the main flow; a lane's header says its state in words, ticks while it runs and offers Stop when the agent can stop
// it; a finished lane folds to its reply's first line and builds nothing of its body; a running lane builds only its
// latest steps, the earlier ones behind one row; a child's new call touches only its lane's DOM; find and the working
// row read lane entries as entries.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubagentLane, TranscriptEntry } from '../../../src/acpClient/transcript';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { laneNews, laneShownState, laneStateLabel, firstLine, type LaneShownState } from '../../../src/webview/page/laneState';
import { findAll } from '../../../src/webview/page/transcriptSearch';
import { describeWork } from '../../../src/webview/page/workingLine';
import { agent, bashTool, inLane, meta, permission, snapshotMsg, sub, T0, user } from './fixtures';

function setup() {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const q = <T extends Element = HTMLElement>(sel: string, from: ParentNode = root) => from.querySelector<T & Element>(sel) as T | null;
  const lane = (sessionId: string) => q(`[data-testid="lane"][data-lane="${sessionId}"]`)!;
  const body = (sessionId: string) => q(`:scope > [data-testid="lane-body"]`, lane(sessionId))!;
  /** The ids of the entries directly in a container (a folded run as group:<count>). */
  const ids = (container: Element) =>
    Array.from(container.children).map((n) =>
      (n as HTMLElement).dataset.testid === 'tool-group' ? `group:${(n as HTMLElement).dataset.count}` : (n as HTMLElement).dataset.entryId,
    );
  const mainRows = () => Array.from(root.querySelectorAll('.transcript-list > .turn > .turn-body')).flatMap((b) => ids(b));
  const toggle = (sessionId: string) => q<HTMLButtonElement>(':scope > .lane-head [data-testid="lane-toggle"]', lane(sessionId))!;
  const spoken = () => Array.from(root.querySelectorAll('[data-testid="live-region"] p')).map((p) => p.textContent);
  return { app, root, posted, send, q, lane, body, ids, mainRows, toggle, spoken };
}

const read = (id: string, lane: string, over: Parameters<typeof bashTool>[1] = {}) =>
  inLane(lane, bashTool(id, { kind: 'read', title: `Read ${id}.ts`, content: [], locations: [{ path: `/w/${id}.ts` }], ...over }));

afterEach(() => {
  vi.useRealTimers();
});

describe('lanes from a flat transcript', () => {
  it('two lanes interleaved with the main flow: each child entry in its lane, at the lane’s place, in order', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta({ turn: 'running' }),
        entries: [
          user('u1', 'Look at auth and billing'),
          agent('a1', 'I will ask two subagents.'),
          sub('A'),
          sub('B', { title: 'Billing' }),
          inLane('A', agent('A-a1', 'Looking at auth.')),
          read('B-r1', 'B'),
          bashTool('main-t1'),
          inLane('A', bashTool('A-t1', { status: 'in_progress' })),
          inLane('B', agent('B-a1', 'Billing is in billing.ts.')),
          agent('a2', 'Waiting for them.'),
        ],
      }),
    );
    expect(t.mainRows()).toEqual(['u1', 'a1', 'subagent:A', 'subagent:B', 'e-main-t1', 'a2']);
    expect(t.ids(t.body('A'))).toEqual(['A-a1', 'e-A-t1']);
    expect(t.ids(t.body('B'))).toEqual(['e-B-r1', 'B-a1']);
    // The same views as the main flow: a tool card, an agent message.
    expect(t.q('[data-tool-call-id="A-t1"]', t.body('A'))!.dataset.testid).toBe('tool-card');
    expect(t.body('B').querySelector('[data-entry-id="B-a1"]')!.textContent).toContain('Billing is in billing.ts.');
    // Find reads them as the page shows them: each lane's entries right after its place.
    expect(Array.from(t.app.transcript.entries(), (e) => e.id)).toEqual([
      'u1',
      'a1',
      'subagent:A',
      'A-a1',
      'e-A-t1',
      'subagent:B',
      'e-B-r1',
      'B-a1',
      'e-main-t1',
      'a2',
    ]);
  });

  it('a nested lane sits in its parent lane, its entries in its own body', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [
          user('u1', 'go'),
          sub('A'),
          inLane('A', agent('A-a1', 'I will ask a helper.')),
          sub('C', { title: 'Helper' }, 'A'),
          inLane('C', agent('C-a1', 'Helping.')),
        ],
      }),
    );
    expect(t.mainRows()).toEqual(['u1', 'subagent:A']);
    expect(t.ids(t.body('A'))).toEqual(['A-a1', 'subagent:C']);
    expect(t.lane('C').parentElement).toBe(t.body('A'));
    expect(t.ids(t.body('C'))).toEqual(['C-a1']);
  });

  it('an entry naming a lane never announced is shown in the main flow, not lost', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'go'), inLane('ghost', agent('g1', 'From nowhere.')), sub('A')] }));
    t.send({ type: 'patch', entries: [inLane('ghost2', bashTool('g2'))] });
    expect(t.mainRows()).toEqual(['u1', 'g1', 'subagent:A', 'e-g2']);
    expect(t.q('[data-entry-id="g1"]')!.textContent).toContain('From nowhere.');
  });

  it('tool calls of one kind fold in a lane as in the main flow', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [user('u1', 'go'), sub('A'), read('r0', 'A'), read('r1', 'A'), read('r2', 'A'), inLane('A', agent('A-a1', 'Read them.'))],
      }),
    );
    expect(t.ids(t.body('A'))).toEqual(['group:3', 'A-a1']);
    t.send({ type: 'patch', entries: [read('r3', 'A')] });
    expect(t.ids(t.body('A'))).toEqual(['group:3', 'A-a1', 'e-r3']);
  });
});

describe("a lane's header", () => {
  it('says its state in words, from its state and stop reason', () => {
    const cases: [Partial<SubagentLane>, LaneShownState, string][] = [
      [{ state: 'running' }, 'running', 'Running'],
      [{ state: 'unset' }, 'running', 'Running'],
      [{ state: 'requires_action' }, 'needs-you', 'Needs you'],
      [{ state: 'idle', stopReason: 'end_turn' }, 'done', 'Done'],
      [{ state: 'idle' }, 'done', 'Done'],
      [{ state: 'idle', stopReason: 'error' }, 'failed', 'Failed'],
      [{ state: 'idle', stopReason: 'cancelled' }, 'stopped', 'Stopped'],
      [{ state: 'idle', stopReason: 'ended-with-turn' }, 'ended-with-turn', 'Ended with the turn'],
      [{ state: 'unknown' }, 'unknown', 'State unknown'],
    ];
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'go'), ...cases.map(([over], i) => sub(`s${i}`, over))] }));
    cases.forEach(([over, shown, word], i) => {
      const lane = (sub(`s${i}`, over) as Extract<TranscriptEntry, { kind: 'subagent' }>).subagent;
      expect(laneShownState(lane)).toBe(shown);
      expect(laneStateLabel(shown).label).toBe(word);
      expect([t.lane(`s${i}`).dataset.state, t.q('[data-testid="lane-state"]', t.lane(`s${i}`))!.textContent]).toEqual([shown, word]);
    });
    // What "Needs you" means, in its tooltip.
    expect(t.q('[data-testid="lane-state"]', t.lane('s2'))!.title).toBe('Its approval is in its lane');
  });

  it('names it (Subagent when untitled), its task on one line with the whole in the tooltip, its model and how long it ran', () => {
    const t = setup();
    const task = 'Find where tokens refresh\nthen list the callers';
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [
          user('u1', 'go'),
          sub('A', { title: undefined, description: task, model: 'claude-haiku-4-5', state: 'idle', stopReason: 'end_turn', endedAt: T0 + 65_000 }),
        ],
      }),
    );
    const lane = t.lane('A');
    expect(t.q('[data-testid="lane-title"]', lane)!.textContent).toBe('Subagent');
    expect(t.q('[data-testid="lane-model"]', lane)!.textContent).toBe('claude-haiku-4-5');
    expect(t.q('[data-testid="lane-time"]', lane)!.textContent).toBe('1:05');
    // Folded without a reply: its task's first line; the whole task in the toggle's tooltip.
    expect(t.q('[data-testid="lane-gist"]', lane)!.textContent).toBe('Find where tokens refresh');
    expect(t.toggle('A').title).toContain(task);
  });

  it('ticks the elapsed time of a running lane once a second', () => {
    vi.useFakeTimers({ now: T0 + 12_000 });
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'go'), sub('A')] }));
    const time = t.q('[data-testid="lane-time"]', t.lane('A'))!;
    expect(time.textContent).toBe('12s');
    vi.advanceTimersByTime(3000);
    expect(time.textContent).toBe('15s');
    t.send({ type: 'patch', entries: [sub('A', { state: 'idle', stopReason: 'end_turn', endedAt: T0 + 16_000 })] });
    vi.advanceTimersByTime(5000);
    expect(time.textContent).toBe('16s');
  });

  it('offers Stop while it runs or needs the user and the agent can stop it; Stop posts cancelSubagent once', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta({ turn: 'running' }),
        entries: [
          user('u1', 'go'),
          sub('run'),
          sub('ask', { state: 'requires_action' }),
          sub('fixed', { cancellable: false }),
          sub('done', { state: 'idle', stopReason: 'end_turn' }),
        ],
      }),
    );
    const stop = (id: string) => t.q<HTMLButtonElement>('[data-testid="lane-stop"]', t.lane(id))!;
    expect(['run', 'ask', 'fixed', 'done'].map((id) => stop(id).hidden)).toEqual([false, false, true, true]);
    stop('fixed').click();
    stop('done').click();
    expect(t.posted.filter((m) => m.type === 'cancelSubagent')).toEqual([]);
    stop('run').click();
    stop('run').click();
    stop('ask').click();
    expect(t.posted.filter((m) => m.type === 'cancelSubagent')).toEqual([
      { type: 'cancelSubagent', sessionId: 'run' },
      { type: 'cancelSubagent', sessionId: 'ask' },
    ]);
    // Once it stopped, Stop is gone.
    t.send({ type: 'patch', entries: [sub('run', { state: 'idle', stopReason: 'cancelled', endedAt: T0 + 1000 })] });
    expect(stop('run').hidden).toBe(true);
    expect(t.q('[data-testid="lane-state"]', t.lane('run'))!.textContent).toBe('Stopped');
  });
});

describe('folding a lane', () => {
  it("a finished lane folds to its reply's first line, builds none of its body, and unfolds on click", () => {
    const t = setup();
    const reply = '\nTokens refresh in auth/session.ts.\nThe callers are…';
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [
          user('u1', 'go'),
          sub('A', { state: 'idle', stopReason: 'end_turn', reply, endedAt: T0 + 3000 }),
          inLane('A', bashTool('A-t1')),
          inLane('A', agent('A-a1', 'Tokens refresh in auth/session.ts.')),
          agent('a1', 'Done.'),
        ],
      }),
    );
    const gist = t.q('[data-testid="lane-gist"]', t.lane('A'))!;
    expect([t.toggle('A').getAttribute('aria-expanded'), gist.textContent, gist.dataset.shows]).toEqual([
      'false',
      'Tokens refresh in auth/session.ts.',
      'reply',
    ]);
    expect(firstLine(reply)).toBe('Tokens refresh in auth/session.ts.');
    expect(t.body('A').hidden).toBe(true);
    expect(t.body('A').childElementCount).toBe(0);
    expect(t.app.transcript.nodeOf('e-A-t1')).toBeUndefined();
    t.toggle('A').click();
    expect(t.toggle('A').getAttribute('aria-expanded')).toBe('true');
    expect(t.ids(t.body('A'))).toEqual(['e-A-t1', 'A-a1']);
    expect([gist.textContent, gist.dataset.shows]).toEqual(['Find where tokens refresh', 'task']);
    t.toggle('A').click();
    expect(t.body('A').childElementCount).toBe(0);
    expect(t.app.transcript.nodeOf('A-a1')).toBeUndefined();
  });

  it('a running lane is open; it folds when it finishes (announced), and a folded lane builds what arrives only when opened', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'go'), sub('A'), inLane('A', bashTool('A-t1', { status: 'in_progress' }))] }));
    expect(t.toggle('A').getAttribute('aria-expanded')).toBe('true');
    expect(t.ids(t.body('A'))).toEqual(['e-A-t1']);
    t.send({ type: 'patch', entries: [sub('A', { state: 'idle', stopReason: 'end_turn', reply: 'All found.', endedAt: T0 + 2000 })] });
    expect(t.toggle('A').getAttribute('aria-expanded')).toBe('false');
    expect(t.body('A').childElementCount).toBe(0);
    expect(t.spoken()).toContain('Explore is done');
    // A late entry of the folded lane (a background child's) waits for the lane to open.
    t.send({ type: 'patch', entries: [inLane('A', agent('A-a2', 'One more thing.'))] });
    expect(t.app.transcript.nodeOf('A-a2')).toBeUndefined();
    t.toggle('A').click();
    expect(t.ids(t.body('A'))).toEqual(['e-A-t1', 'A-a2']);
  });

  it('a lane that needs the user opens (its parent lane too), is announced, and its approval is in its tool card', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta({ turn: 'running' }),
        entries: [user('u1', 'go'), sub('A'), sub('C', { title: 'Helper' }, 'A'), inLane('C', bashTool('C-t1', { status: 'pending' }))],
      }),
    );
    t.toggle('A').click();
    expect(t.toggle('A').getAttribute('aria-expanded')).toBe('false');
    t.send({ type: 'patch', entries: [sub('C', { title: 'Helper', state: 'requires_action' }, 'A'), inLane('C', permission('C-p1', 'C-t1'))] });
    expect(t.toggle('A').getAttribute('aria-expanded')).toBe('true');
    expect(t.toggle('C').getAttribute('aria-expanded')).toBe('true');
    const card = t.q('[data-tool-call-id="C-t1"]', t.body('C'))!;
    expect(card.querySelector('[data-testid="permission"]')).not.toBeNull();
    // The card names the subagent that asks, as the QuickPick, the modal and the diff do.
    expect(card.querySelector('[data-testid="permission-asked-by"]')?.textContent).toBe('Asked by Helper');
    expect(t.spoken()).toContain('Helper needs you');
    // Folded by the user, it stays folded while the same approval waits.
    t.toggle('A').click();
    t.send({ type: 'patch', entries: [inLane('C', permission('C-p1', 'C-t1')), sub('C', { title: 'Helper', state: 'requires_action', model: 'haiku' }, 'A')] });
    expect(t.toggle('A').getAttribute('aria-expanded')).toBe('false');
    expect(
      laneNews((sub('A') as Extract<TranscriptEntry, { kind: 'subagent' }>).subagent, { sessionId: 'A', state: 'running', startedAt: T0, cancellable: true }),
    ).toBe(undefined);
  });

  it('a snapshot announces nothing', () => {
    const t = setup();
    t.send(
      snapshotMsg({ meta: meta(), entries: [user('u1', 'go'), sub('A', { state: 'idle', stopReason: 'error' }), sub('B', { state: 'requires_action' })] }),
    );
    expect(t.spoken()).toEqual([]);
    expect(t.lane('A').dataset.state).toBe('failed');
  });
});

describe("the patch path: one child's call", () => {
  it("a child's new and changed tool calls touch only that lane's body", () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta({ turn: 'running' }),
        entries: [
          user('u1', 'go'),
          sub('A'),
          sub('B', { title: 'Billing' }),
          inLane('A', bashTool('A-t1', { status: 'in_progress' })),
          inLane('B', bashTool('B-t1', { status: 'in_progress' })),
          agent('a1', 'Waiting.'),
        ],
      }),
    );
    const bodyA = t.body('A');
    const headA = t.q(':scope > .lane-head', t.lane('A'))!;
    const observer = new MutationObserver(() => undefined);
    observer.observe(t.root.querySelector('.transcript-list')!, { subtree: true, childList: true, attributes: true, characterData: true });
    t.send({ type: 'patch', entries: [inLane('A', bashTool('A-t2', { status: 'in_progress' })), inLane('A', bashTool('A-t1', { status: 'completed' }))] });
    const records = observer.takeRecords();
    observer.disconnect();
    expect(records.length).toBeGreaterThan(0);
    const outside = records.filter((r) => !bodyA.contains(r.target) || r.target === bodyA.parentElement);
    // The body itself gains the new card; nothing else changes: not the header, the other lane, the main flow.
    expect(outside).toEqual([]);
    expect(records.some((r) => headA.contains(r.target))).toBe(false);
    expect(t.ids(bodyA)).toEqual(['e-A-t1', 'e-A-t2']);
  });
});

describe("a running lane's window", () => {
  /** `n` steps of lane A that never fold: a line of text, then a finished read, in turn. */
  const steps = (n: number, from = 0): TranscriptEntry[] =>
    Array.from({ length: n }, (_, k) => ((k + from) % 2 === 0 ? inLane('A', agent(`A-a${k + from}`, `Step ${k + from}.`)) : read(`A-r${k + from}`, 'A')));
  const running = (n: number) => snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'go'), sub('A'), ...steps(n)] });
  const shown = (t: ReturnType<typeof setup>) => t.body('A').querySelectorAll(':scope > [data-entry-id]').length;
  const row = (t: ReturnType<typeof setup>) => t.q<HTMLButtonElement>(':scope > [data-testid="lane-earlier"]', t.body('A'));

  it('a running lane of 40 steps mounts its latest 5 and above them one row saying how many came before', () => {
    const t = setup();
    t.send(running(40));
    expect(shown(t)).toBe(5);
    expect(t.body('A').childElementCount).toBe(6);
    expect(t.body('A').firstElementChild).toBe(row(t));
    expect(t.ids(t.body('A'))).toEqual([undefined, 'e-A-r35', 'A-a36', 'e-A-r37', 'A-a38', 'e-A-r39']);
    expect([row(t)!.textContent, row(t)!.getAttribute('aria-expanded'), row(t)!.tagName, row(t)!.type]).toEqual([
      '35 earlier steps',
      'false',
      'BUTTON',
      'button',
    ]);
    // The hidden steps have no views at all.
    expect(t.app.transcript.nodeOf('A-a0')).toBeUndefined();
    // A short lane has no row.
    const u = setup();
    u.send(running(5));
    expect([shown(u), row(u)]).toEqual([5, null]);
  });

  it('the row shows every step and stays so as steps arrive; clicked again, the latest only', () => {
    const t = setup();
    t.send(running(40));
    const r = row(t)!;
    r.focus();
    r.click();
    expect([shown(t), r.getAttribute('aria-expanded'), t.body('A').firstElementChild === r, document.activeElement === r]).toEqual([40, 'true', true, true]);
    expect(t.ids(t.body('A')).slice(1, 4)).toEqual(['A-a0', 'e-A-r1', 'A-a2']);
    expect(r.textContent).toBe('35 earlier steps');
    t.send({ type: 'patch', entries: steps(2, 40) });
    expect(shown(t)).toBe(42);
    expect(r.textContent).toBe('37 earlier steps');
    r.click();
    expect([shown(t), r.getAttribute('aria-expanded')]).toEqual([5, 'false']);
    expect(t.ids(t.body('A'))).toEqual([undefined, 'e-A-r37', 'A-a38', 'e-A-r39', 'A-a40', 'e-A-r41']);
  });

  it('a folded run of calls is one step of the window; the count says each call', () => {
    const t = setup();
    const reads = Array.from({ length: 12 }, (_, k) => read(`A-x${k}`, 'A'));
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'go'), sub('A'), ...steps(5), ...reads, ...steps(4, 6)] }));
    expect(t.ids(t.body('A'))).toEqual([undefined, 'group:12', 'A-a6', 'e-A-r7', 'A-a8', 'e-A-r9']);
    expect(row(t)!.textContent).toBe('5 earlier steps');
  });

  it('a waiting approval and what came after it stay in the window; answered, the window is the latest steps again', () => {
    const t = setup();
    const ask = inLane('A', bashTool('A-ask', { status: 'pending', kind: 'edit' }));
    t.send(
      snapshotMsg({
        meta: meta({ turn: 'running' }),
        entries: [user('u1', 'go'), sub('A', { state: 'requires_action' }), ...steps(4), ask, inLane('A', permission('A-p1', 'A-ask')), ...steps(20, 4)],
      }),
    );
    const ids = t.ids(t.body('A'));
    expect(ids.slice(0, 2)).toEqual([undefined, 'e-A-ask']);
    expect(ids).toHaveLength(22);
    expect(t.q('[data-tool-call-id="A-ask"] [data-testid="permission"]', t.body('A'))).not.toBeNull();
    expect(row(t)!.textContent).toBe('4 earlier steps');
    // More steps while it waits: it stays.
    t.send({ type: 'patch', entries: steps(3, 24) });
    expect(t.ids(t.body('A'))[1]).toBe('e-A-ask');
    t.send({
      type: 'patch',
      entries: [
        inLane('A', permission('A-p1', 'A-ask', { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' })),
        sub('A'),
        ...steps(1, 27),
      ],
    });
    expect(shown(t)).toBe(5);
    expect(t.ids(t.body('A'))).toEqual([undefined, 'e-A-r23', 'A-a24', 'e-A-r25', 'A-a26', 'e-A-r27']);
  });

  it("a new step mounts one node at the window's end and unmounts the one that left it; the row's count is the only other change", () => {
    const t = setup();
    t.send(running(40));
    const body = t.body('A');
    const observer = new MutationObserver(() => undefined);
    observer.observe(t.root.querySelector('.transcript-list')!, { subtree: true, childList: true, attributes: true, characterData: true });
    t.send({ type: 'patch', entries: steps(1, 40) });
    const records = observer.takeRecords();
    observer.disconnect();
    expect(records.filter((r) => !body.contains(r.target))).toEqual([]);
    const inBody = records.filter((r) => r.target === body);
    expect(inBody.flatMap((r) => Array.from(r.addedNodes, (n) => (n as HTMLElement).dataset.entryId))).toEqual(['A-a40']);
    expect(inBody.flatMap((r) => Array.from(r.removedNodes, (n) => (n as HTMLElement).dataset.entryId))).toEqual(['e-A-r35']);
    // Elsewhere in the body, only the new step's own render and the row's words.
    const label = t.q('[data-testid="lane-earlier-label"]', body)!;
    const added = t.app.transcript.nodeOf('A-a40')!;
    expect(records.filter((r) => r.target !== body && !label.contains(r.target) && !added.contains(r.target))).toEqual([]);
    expect([shown(t), row(t)!.textContent]).toEqual([5, '36 earlier steps']);
  });

  it('a finished lane folds as before, and opened it shows every step without the row', () => {
    const t = setup();
    t.send(running(40));
    t.send({ type: 'patch', entries: [sub('A', { state: 'idle', stopReason: 'end_turn', reply: 'Done.', endedAt: T0 + 1000 })] });
    expect([t.toggle('A').getAttribute('aria-expanded'), t.body('A').childElementCount]).toEqual(['false', 0]);
    t.toggle('A').click();
    expect([shown(t), row(t)]).toEqual([40, null]);
  });

  it('find reaches a step above the window: the lane shows every step and the entry is in the page', () => {
    const t = setup();
    const entries = running(40);
    t.send(entries);
    t.send({ type: 'patch', entries: [inLane('A', agent('A-a2', 'The needle is here.'))] });
    expect(findAll(t.app.transcript.entries(), 'needle')).toEqual([{ entryId: 'A-a2', nth: 0 }]);
    expect(t.app.transcript.nodeOf('A-a2')).toBeUndefined();
    const node = t.app.transcript.reveal('A-a2');
    expect(node?.isConnected).toBe(true);
    expect(t.body('A').contains(node!)).toBe(true);
    expect(row(t)!.getAttribute('aria-expanded')).toBe('true');
  });

  it('find reaches a nested lane above its parent lane’s window, and a step above its own', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta({ turn: 'running' }),
        entries: [
          user('u1', 'go'),
          sub('A'),
          sub('C', { title: 'Helper' }, 'A'),
          ...Array.from({ length: 12 }, (_, k) => inLane('C', agent(`C-a${k}`, k === 1 ? 'The needle.' : `Helping ${k}.`))),
          ...steps(12),
        ],
      }),
    );
    expect(t.app.transcript.nodeOf('subagent:C')).toBeUndefined();
    const node = t.app.transcript.reveal('C-a1');
    expect(node?.isConnected).toBe(true);
    expect(t.body('C').contains(node!)).toBe(true);
  });
});

describe('find and the working row over lanes', () => {
  it('find reaches an entry in a folded lane: the lane opens and the entry is in the page', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [user('u1', 'go'), sub('A', { state: 'idle', stopReason: 'end_turn' }), inLane('A', agent('A-a1', 'The needle is here.'))],
      }),
    );
    const hits = findAll(t.app.transcript.entries(), 'needle');
    expect(hits).toEqual([{ entryId: 'A-a1', nth: 0 }]);
    const node = t.app.transcript.reveal('A-a1');
    expect(node?.isConnected).toBe(true);
    expect(t.body('A').contains(node!)).toBe(true);
    // The lane's own entry is found by its name and task, and reveals its header.
    expect(findAll(t.app.transcript.entries(), 'tokens refresh')).toEqual([{ entryId: 'subagent:A', nth: 0 }]);
    expect(t.app.transcript.reveal('subagent:A')?.classList.contains('lane-head')).toBe(true);
  });

  it("the working row reads a child's approval and call, and does not stop at a child's own turn end", () => {
    const entries: TranscriptEntry[] = [
      user('u1', 'go'),
      sub('A'),
      inLane('A', { kind: 'turn-end', id: 'A-te', stopReason: 'end_turn', at: T0 }),
      inLane('A', bashTool('A-t1', { status: 'pending', kind: 'edit' })),
      inLane('A', permission('A-p1', 'A-t1')),
    ];
    expect(describeWork('running', [...entries].reverse())).toEqual({ text: 'Waiting for your approval', since: T0 });
  });
});

describe("a lane's styles in a 290 px side bar", () => {
  it('its header wraps, a line cut short ends in an ellipsis, nothing has a fixed width, and colours are the theme’s', () => {
    const css = readFileSync(join(__dirname, '../../../src/webview/page/styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter(([, selector]) => /\.lane/.test(selector!)).map(([, sel, body]) => [sel!.trim(), body!]);
    expect(rules.length).toBeGreaterThan(10);
    const rule = (sel: string) => rules.find(([s]) => s === sel)?.[1] ?? '';
    expect(rule('.lane-head')).toMatch(/flex-wrap:\s*wrap/);
    expect(rule('.lane-toggle')).toMatch(/min-width:\s*0/);
    // A line kept to one line is cut with an ellipsis, and can shrink.
    for (const [sel, body] of rules.filter(([, b]) => /white-space:\s*nowrap/.test(b!))) {
      expect([sel, /text-overflow:\s*ellipsis/.test(body!) && /overflow:\s*hidden/.test(body!)]).toEqual([sel, true]);
    }
    expect(rules.filter(([, b]) => /(^|[^-])width:\s*\d/.test(b!)).map(([s]) => s)).toEqual([]);
    // Colours only from VS Code's theme.
    expect(rules.filter(([, b]) => /#[0-9a-f]{3,8}\b|rgb\(/i.test(b!)).map(([s]) => s)).toEqual([]);
  });
});

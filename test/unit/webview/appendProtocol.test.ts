// @vitest-environment jsdom
// The append protocol end to end on the host's real parts: session/update → Session (reducer) → TranscriptPublisher
// → App. Streamed text and command output travel as appends whose size does not grow with the message; a page that
// missed messages (reloaded, or an append to an entry it does not hold) asks for a snapshot and ends up whole.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { Session } from '../../../src/acpClient/session';
import { detachedSessionHost } from '../../fixtures/sessionHost';
import type { TranscriptChange, TranscriptEntry } from '../../../src/acpClient/transcript';
import { App } from '../../../src/webview/page/app';
import { parseEntryAppends, parseWebviewMessage } from '../../../src/webview/protocol/messageValidation';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { TranscriptPublisher, type PatchMessage } from '../../../src/webview/host/transcriptPublisher';
import { agent, snapshotMsg } from './fixtures';

/** A session, a publisher flushed by hand (one flush = one tick; its clock stands still), and pages fed what the host posts. */
function pipeline() {
  const session = new Session('s1', detachedSessionHost(), () => 1000);
  const posts: PatchMessage[] = [];
  const pub = new TranscriptPublisher({ post: (m) => posts.push(m), getMeta: () => session.meta, schedule: () => () => {}, now: () => 0 });
  session.onDidChange((c: TranscriptChange[]) => pub.push(c));
  return { session, pub, posts };
}

function page() {
  const posted: WebviewToHost[] = [];
  const frames: (() => void)[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => frames.push(cb) });
  const send = (m: HostToWebview) => {
    app.handleMessage(m);
    frames.splice(0).forEach((f) => f());
  };
  return { app, root, posted, send };
}

const chunk = (text: string): SessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
const output = (data: string): SessionUpdate => ({
  sessionUpdate: 'tool_call_update',
  toolCallId: 'toolu_1',
  _meta: { terminal_output: { terminal_id: 'toolu_1', data } },
});
const entryText = (e: TranscriptEntry | undefined) => (e && 'content' in e ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : undefined);
const snapshotOf = (session: Session) => snapshotMsg(session.snapshot());

describe('append protocol', () => {
  it('streams a message as appends whose size does not grow with it, and the page shows the whole text', () => {
    const { session, pub, posts } = pipeline();
    const p = page();
    p.send(snapshotOf(session));
    const pieces = Array.from({ length: 120 }, (_, i) => `word${i} `);
    for (const t of pieces) {
      session.applyUpdate(chunk(t));
      pub.flush();
      p.send(posts[posts.length - 1]!);
    }
    const [first, ...rest] = posts;
    expect(first!.entries).toHaveLength(1); // the new entry goes whole
    expect(rest.every((m) => m.entries.length === 0 && m.appends?.length === 1)).toBe(true);
    const sizes = rest.map((m) => JSON.stringify(m).length);
    // Each post carries one chunk: the last is no bigger than the first plus the chunk's longer digits.
    expect(Math.max(...sizes)).toBeLessThan(Math.min(...sizes) + 10);
    const id = session.snapshot().entries[0]!.id;
    expect(entryText(p.app.transcript.entry(id))).toBe(pieces.join(''));
    expect(p.app.transcript.nodeOf(id)!.textContent).toContain('word119');
    expect(p.posted.filter((m) => m.type === 'resync')).toEqual([]);
  });

  it('joins the appends of one tick, from the length the page holds', () => {
    const { session, pub, posts } = pipeline();
    session.applyUpdate(chunk('Hello'));
    pub.flush();
    for (const t of [', ', 'wor', 'ld']) session.applyUpdate(chunk(t));
    pub.flush();
    expect(posts[1]).toEqual({ type: 'patch', entries: [], appends: [{ id: posts[0]!.entries[0]!.id, field: 'text', from: 5, text: ', world' }], sentAt: 0 });
  });

  it('sends an entry whole when it was added or changed otherwise in the same tick', () => {
    const { session, pub, posts } = pipeline();
    session.applyUpdate(chunk('a'));
    session.applyUpdate(chunk('b'));
    pub.flush();
    expect(posts[0]!.appends).toBeUndefined();
    expect(entryText(posts[0]!.entries[0])).toBe('ab');
    // A non-text block does not extend the text: the entry goes whole.
    session.applyUpdate({ sessionUpdate: 'agent_message_chunk', content: { type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' } });
    session.applyUpdate(chunk('c'));
    pub.flush();
    expect(posts[1]!.appends).toBeUndefined();
    expect(posts[1]!.entries).toHaveLength(1);
  });

  it('streams command output as appends and the page shows it', () => {
    const { session, pub, posts } = pipeline();
    const p = page();
    p.send(snapshotOf(session));
    session.applyUpdate({
      sessionUpdate: 'tool_call',
      toolCallId: 'toolu_1',
      title: 'npm test',
      kind: 'execute',
      status: 'in_progress',
      _meta: { terminal_info: { terminal_id: 'toolu_1' } },
    });
    session.applyUpdate(output('line 0\n'));
    pub.flush();
    p.send(posts[0]!);
    for (let i = 1; i <= 50; i++) {
      session.applyUpdate(output(`line ${i}\n`));
      pub.flush();
      const m = posts[posts.length - 1]!;
      expect(m.entries).toEqual([]);
      expect(m.appends).toEqual([{ id: expect.any(String), field: 'terminal', from: expect.any(Number), text: `line ${i}\n`, length: expect.any(Number) }]);
      p.send(m);
    }
    const out = p.root.querySelector('[data-testid="terminal-output"]')!.textContent!;
    expect(out).toContain('line 50');
    const tool = session.snapshot().entries[0]!;
    expect(p.app.transcript.entry(tool.id)).toEqual(tool);
  });

  it('a reloaded page gets the full entry from the snapshot, then the appends that follow', () => {
    const { session, pub, posts } = pipeline();
    const old = page();
    old.send(snapshotOf(session));
    for (const t of ['one ', 'two ', 'three ']) {
      session.applyUpdate(chunk(t));
      pub.flush();
      old.send(posts[posts.length - 1]!);
    }
    // The view reloads: the host answers its `ready` with a snapshot and drops what was pending.
    const fresh = page();
    pub.reset();
    fresh.send(snapshotOf(session));
    session.applyUpdate(chunk('four'));
    pub.flush();
    fresh.send(posts[posts.length - 1]!);
    const id = session.snapshot().entries[0]!.id;
    expect(entryText(fresh.app.transcript.entry(id))).toBe('one two three four');
    expect(fresh.posted.filter((m) => m.type === 'resync')).toEqual([]);
  });

  it('an append to an entry the page does not hold asks for a snapshot once, and the snapshot makes it whole', () => {
    const { session, pub, posts } = pipeline();
    const p = page();
    session.applyUpdate(chunk('Hello'));
    pub.flush(); // the page missed this post (e.g. the view was hidden and not retained)
    p.send(snapshotMsg(null));
    for (const t of [' there', ' again']) {
      session.applyUpdate(chunk(t));
      pub.flush();
      p.send(posts[posts.length - 1]!);
    }
    expect(p.posted.filter((m) => m.type === 'resync')).toHaveLength(1);
    const resync = p.posted.find((m) => m.type === 'resync')!;
    expect(parseWebviewMessage(resync)).toMatchObject({ ok: true });
    p.send(snapshotOf(session));
    const id = session.snapshot().entries[0]!.id;
    expect(entryText(p.app.transcript.entry(id))).toBe('Hello there again');
    // After the snapshot, appends fit again.
    session.applyUpdate(chunk('!'));
    pub.flush();
    p.send(posts[posts.length - 1]!);
    expect(entryText(p.app.transcript.entry(id))).toBe('Hello there again!');
    expect(p.posted.filter((m) => m.type === 'resync')).toHaveLength(1);
  });

  it('an append that does not build on the text shown, or has a wrong shape, changes nothing and asks for a snapshot', () => {
    const p = page();
    p.send(
      snapshotMsg({
        meta: { sessionId: 's', plan: [], availableCommands: [], configOptions: [], turn: 'running', connection: 'connected' },
        entries: [agent('a1', 'Hello')],
      }),
    );
    p.send({ type: 'patch', entries: [], appends: [{ id: 'a1', field: 'text', from: 3, text: 'XX' }] });
    expect(entryText(p.app.transcript.entry('a1'))).toBe('Hello');
    expect(p.posted.filter((m) => m.type === 'resync')).toHaveLength(1);

    const q = page();
    q.send(
      snapshotMsg({
        meta: { sessionId: 's', plan: [], availableCommands: [], configOptions: [], turn: 'running', connection: 'connected' },
        entries: [agent('a1', 'Hello')],
      }),
    );
    q.app.handleMessage({ type: 'patch', entries: [], appends: [{ id: 'a1', field: 'text', from: 5, text: 42 }] });
    expect(entryText(q.app.transcript.entry('a1'))).toBe('Hello');
    expect(q.posted.filter((m) => m.type === 'resync')).toHaveLength(1);
    expect(parseEntryAppends([{ id: 'a1', field: 'bogus', from: 0, text: '' }])).toMatchObject({ ok: false });
  });
});

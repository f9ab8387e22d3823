import { describe, expect, it } from 'vitest';
import type { TranscriptChange } from '../../../src/acpClient/transcript';
import { buildChatCsp, buildChatHtml } from '../../../src/webview/host/html';
import { parseExternalLink } from '../../../src/webview/protocol/linkPolicy';
import { parseWebviewMessage } from '../../../src/webview/protocol/messageValidation';
import { MAX_EMBED_CHARS, buildPromptBlocks } from '../../../src/core/promptBlocks';
import { TranscriptPublisher, type PatchMessage } from '../../../src/webview/host/transcriptPublisher';
import { agent, bashTool, meta, user } from './fixtures';

const NONCE = 'abcdefghijklmnopqrstuvwxyz012345';
const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

describe('html', () => {
  const page = buildChatHtml({
    cspSource: CSP_SOURCE,
    nonce: NONCE,
    scriptUri: 'https://x/main.js',
    styleUri: 'https://x/styles.css',
    codiconUri: 'https://x/codicon.css',
  });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)![1]!.replace(/&#39;|&amp;/g, (m) => (m === '&amp;' ? '&' : "'"));

  it('has a strict CSP', () => {
    expect(csp).toBe(buildChatCsp(CSP_SOURCE, NONCE));
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives).toEqual({
      'default-src': ["'none'"],
      'script-src': [`'nonce-${NONCE}'`],
      'style-src': [CSP_SOURCE],
      'font-src': [CSP_SOURCE],
      'img-src': [CSP_SOURCE, 'data:'],
      'worker-src': ['blob:'],
    });
    expect(page).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('loads the one script by nonce and links codicons and styles; no inline handlers or styles', () => {
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).toContain(`<script nonce="${NONCE}" src="https://x/main.js"></script>`);
    expect(page).toContain('<link rel="stylesheet" href="https://x/codicon.css">');
    expect(page).toContain('<link rel="stylesheet" href="https://x/styles.css">');
    expect(page).not.toMatch(/\son[a-z]+=/i);
    expect(page).not.toMatch(/<style|\sstyle=/i);
    expect(page).toContain('<div id="root"');
  });

  it('escapes URIs and rejects a weak nonce', () => {
    const p = buildChatHtml({ cspSource: CSP_SOURCE, nonce: NONCE, scriptUri: 'https://x/"><script>alert(1)</script>', styleUri: 's', codiconUri: 'c' });
    expect(p.match(/<script\b/g)).toHaveLength(1);
    expect(() => buildChatHtml({ cspSource: CSP_SOURCE, nonce: 'short', scriptUri: 'a', styleUri: 'b', codiconUri: 'c' })).toThrow(/nonce/);
    expect(() => buildChatHtml({ cspSource: CSP_SOURCE, nonce: `${NONCE}' 'unsafe-inline`, scriptUri: 'a', styleUri: 'b', codiconUri: 'c' })).toThrow(/nonce/);
  });
});

describe('TranscriptPublisher', () => {
  function make(m = meta()) {
    const posts: PatchMessage[] = [];
    const timers: (() => void)[] = [];
    const clock = { now: 1000 };
    const pub = new TranscriptPublisher({
      post: (p) => posts.push(p),
      getMeta: () => m,
      schedule: (fn) => {
        timers.push(fn);
        return () => timers.splice(timers.indexOf(fn), 1);
      },
      now: () => clock.now,
    });
    return { pub, posts, timers, m, clock };
  }

  it('coalesces many changes in one tick into one patch with each entry once, latest state, in order', () => {
    const { pub, posts, timers } = make(meta({ turn: 'running' }));
    const changes: TranscriptChange[] = [
      { type: 'entry-added', entry: user('u1', 'hi'), index: 0 },
      { type: 'entry-added', entry: agent('a1', 'He'), index: 1 },
      { type: 'entry-changed', entry: agent('a1', 'Hel') },
      { type: 'entry-added', entry: bashTool(), index: 2 },
      { type: 'entry-changed', entry: agent('a1', 'Hello') },
      { type: 'meta-changed', keys: ['turn'] },
      { type: 'meta-changed', keys: ['turn', 'title'] },
    ];
    for (const c of changes) pub.push([c]);
    expect(posts).toEqual([]);
    expect(timers).toHaveLength(1); // one tick scheduled, not one per change
    timers[0]!();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.entries.map((e) => e.id)).toEqual(['u1', 'a1', 'e-toolu_bash']);
    expect(posts[0]!.entries[1]).toEqual(agent('a1', 'Hello'));
    expect(posts[0]!.meta).toEqual({ turn: 'running', title: 'Fake session title' });
    expect(posts[0]!.sentAt).toBe(1000);
  });

  it('sends the first change after a quiet tick at once, and coalesces what follows it', () => {
    const { pub, posts, timers, clock } = make(meta({ turn: 'running' }));
    clock.now += 16;
    pub.push([{ type: 'entry-added', entry: agent('a1', 'He'), index: 0 }]);
    expect(posts.map((p) => p.sentAt)).toEqual([1016]);
    pub.push([{ type: 'entry-changed', entry: agent('a1', 'Hel') }]);
    clock.now += 20; // a timer that fires late still takes the tick's changes together
    pub.push([{ type: 'entry-changed', entry: agent('a1', 'Hello') }]);
    expect(posts).toHaveLength(1);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(posts.map((p) => p.entries.map((e) => e.id))).toEqual([['a1'], ['a1']]);
    expect(posts[1]!.entries[0]).toEqual(agent('a1', 'Hello'));
  });

  it("counts a tick from the last post: a burst's last change waits only for what is left of it, and the meta is read only for a turn change", () => {
    const m = meta({ turn: 'running' });
    let reads = 0;
    const posts: PatchMessage[] = [];
    const delays: number[] = [];
    const clock = { now: 1000 };
    const pub = new TranscriptPublisher({
      post: (p) => posts.push(p),
      getMeta: () => (reads++, m),
      schedule: (_fn, ms) => (delays.push(ms), () => undefined),
      now: () => clock.now,
    });
    clock.now += 16;
    pub.push([{ type: 'entry-added', entry: agent('a1', 'He'), index: 0 }]);
    clock.now += 10;
    pub.push([{ type: 'entry-changed', entry: agent('a1', 'Hel') }]);
    pub.push([{ type: 'entry-changed', entry: agent('a1', 'Hell') }]);
    expect(posts).toHaveLength(1);
    expect(delays).toEqual([6]);
    expect(reads).toBe(0);
  });

  it("sends the turn's end when it comes, with what was pending", () => {
    const m = meta({ turn: 'running' });
    const { pub, posts, timers } = make(m);
    pub.push([{ type: 'entry-changed', entry: agent('a1', 'Done') }]);
    expect(posts).toHaveLength(0);
    m.turn = 'idle';
    pub.push([{ type: 'meta-changed', keys: ['turn'] }]);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.entries).toEqual([agent('a1', 'Done')]);
    expect(posts[0]!.meta).toEqual({ turn: 'idle' });
    expect(timers).toHaveLength(0);
    pub.push([{ type: 'entry-added', entry: { kind: 'turn-end', id: 'end', stopReason: 'end_turn', at: 1 }, index: 2 }]);
    expect(posts).toHaveLength(2);
  });

  it('flush posts immediately and cancels the tick; nothing pending posts nothing', () => {
    const { pub, posts, timers } = make();
    pub.flush();
    expect(posts).toEqual([]);
    pub.push([{ type: 'entry-changed', entry: agent('a1', 'x') }]);
    pub.flush();
    expect(posts).toHaveLength(1);
    expect(timers).toHaveLength(0);
    expect(posts[0]!.meta).toBeUndefined();
  });

  it('sends null for cleared meta fields and drops pending changes on reset (snapshot)', () => {
    const { pub, posts } = make(meta({ usage: undefined }));
    pub.push([{ type: 'meta-changed', keys: ['usage'] }]);
    pub.flush();
    expect(posts[0]!.meta).toEqual({ usage: null });
    pub.push([{ type: 'entry-added', entry: user('u2', 'x'), index: 0 }]);
    pub.reset();
    pub.flush();
    expect(posts).toHaveLength(1);
  });

  it('uses a real timer by default', async () => {
    const posts: PatchMessage[] = [];
    const pub = new TranscriptPublisher({ post: (p) => posts.push(p), getMeta: () => undefined, tickMs: 1 });
    pub.push([{ type: 'entry-added', entry: user('u1', 'x'), index: 0 }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(posts).toHaveLength(1);
  });
});

describe('buildPromptBlocks', () => {
  const toUri = (p: string) => `file://${p}`;
  it('sends Add Context’s text (problems, a terminal’s output, git changes) under its name, fenced', () => {
    const blocks = buildPromptBlocks('why?', [{ type: 'context', kind: 'problems', name: 'Problems (1)', text: 'a.ts:1:1 error: bad' }], {
      capabilities: { image: false, embeddedContext: true },
      toUri,
    });
    expect(blocks).toEqual([
      { type: 'text', text: 'why?' },
      { type: 'text', text: 'Problems (1):\n```\na.ts:1:1 error: bad\n```' },
    ]);
  });

  it('maps text, files, selections and images with embedded context', () => {
    const blocks = buildPromptBlocks(
      'fix this',
      [
        { type: 'file', path: '/w/small.ts', name: 'small.ts' },
        { type: 'file', path: '/w/big.ts', name: 'big.ts' },
        { type: 'file', path: '/w/unread.ts', name: 'unread.ts' },
        { type: 'selection', path: '/w/a.ts', name: 'a.ts', startLine: 10, endLine: 20, text: 'code' },
        { type: 'image', mimeType: 'image/png', data: 'iVBOR', name: 'p.png' },
      ],
      {
        capabilities: { image: true, embeddedContext: true },
        toUri,
        fileText: (p) => (p === '/w/small.ts' ? 'small' : p === '/w/big.ts' ? 'x'.repeat(MAX_EMBED_CHARS + 1) : undefined),
      },
    );
    expect(blocks).toEqual([
      { type: 'text', text: 'fix this' },
      { type: 'resource', resource: { uri: 'file:///w/small.ts', text: 'small', mimeType: 'text/plain' } },
      { type: 'resource_link', uri: 'file:///w/big.ts', name: 'big.ts' },
      { type: 'resource_link', uri: 'file:///w/unread.ts', name: 'unread.ts' },
      { type: 'resource', resource: { uri: 'file:///w/a.ts#L10-L20', text: 'code', mimeType: 'text/plain' } },
      { type: 'image', mimeType: 'image/png', data: 'iVBOR' },
    ]);
  });

  it('without embedded context: files linked, selections as text with path and range; images refused as text', () => {
    const blocks = buildPromptBlocks(
      '',
      [
        { type: 'file', path: '/w/small.ts', name: 'small.ts' },
        { type: 'selection', path: '/w/a.ts', name: 'a.ts', startLine: 1, endLine: 2, text: 'l1\nl2' },
        { type: 'image', mimeType: 'image/png', data: 'iVBOR', name: 'p.png' },
      ],
      { capabilities: { image: false, embeddedContext: false }, toUri, fileText: () => 'small' },
    );
    expect(blocks).toEqual([
      { type: 'resource_link', uri: 'file:///w/small.ts', name: 'small.ts' },
      { type: 'text', text: '/w/a.ts:1-2\n```\nl1\nl2\n```' },
      { type: 'text', text: '[image p.png omitted: the agent does not accept images]' },
    ]);
  });
});

describe('incoming message validation and link policy', () => {
  it('accepts every well-formed message type', () => {
    const good = [
      { type: 'ready', v: 1 },
      { type: 'sendPrompt', text: 'hi', attachments: [{ type: 'file', path: '/a', name: 'a' }] },
      { type: 'cancelTurn' },
      { type: 'cancelSubagent', sessionId: 'child-session-1' },
      { type: 'setMode', modeId: 'default' },
      { type: 'setConfigOption', configId: 'fast', value: true },
      { type: 'answerPermission', key: 's:1', optionId: 'allow-once' },
      { type: 'answerElicitation', key: 'k', action: 'accept', content: { q: 'Red', n: 1, tags: ['a'] } },
      { type: 'openLocation', path: '/a', line: 3 },
      { type: 'openDiff', toolCallId: 't', contentIndex: 0 },
      { type: 'openLink', href: 'https://x' },
      { type: 'completeMentions', requestId: 1, query: 'src' },
    ];
    for (const m of good) expect(parseWebviewMessage(m)).toEqual({ ok: true, message: m });
  });

  it('rejects unknown types and wrong shapes with a reason', () => {
    const bad = [
      null,
      'prompt',
      { type: 'eval', code: '1' },
      { type: 'sendPrompt', text: 5, attachments: [] },
      { type: 'sendPrompt', text: 'x', attachments: [{ type: 'folder', path: '/' }] },
      { type: 'answerPermission', key: 's:1' },
      { type: 'answerElicitation', key: 'k', action: 'explode' },
      // A field the host could not receive as sent (the parsed object would lose it to its prototype).
      JSON.parse('{"type":"answerElicitation","key":"k","action":"accept","content":{"__proto__":0}}'),
      { type: 'openDiff', toolCallId: 't', contentIndex: -1 },
      // Stop one subagent: it names one, as text of a session id's length.
      { type: 'cancelSubagent' },
      { type: 'cancelSubagent', sessionId: '' },
      { type: 'cancelSubagent', sessionId: 7 },
      { type: 'cancelSubagent', sessionId: 'x'.repeat(257) },
      { type: 'sendPrompt', text: 'x', attachments: [{ type: 'image', mimeType: 'text/html', data: '', name: 'x' }] },
    ];
    for (const m of bad) {
      const r = parseWebviewMessage(m);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/invalid webview message/);
    }
  });

  it('opens only absolute http(s) links', () => {
    expect(parseExternalLink('https://example.com/x')?.href).toBe('https://example.com/x');
    expect(parseExternalLink('http://127.0.0.1:8080/')?.host).toBe('127.0.0.1:8080');
    for (const href of [
      'command:workbench.action.reloadWindow',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vscode://file/x',
      '/relative',
      'mailto:a@b.c',
      '',
    ]) {
      expect(parseExternalLink(href)).toBeUndefined();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The controller imports `vscode`; a minimal fake stands in (only what it uses).
const vscodeFake = vi.hoisted(() => ({
  showErrorMessage: vi.fn(async () => undefined),
  showWarningMessage: vi.fn(async () => undefined as string | undefined),
  openExternal: vi.fn(async () => true),
}));
vi.mock('vscode', () => {
  class Uri {
    constructor(readonly path: string) {}
    static joinPath(base: Uri, ...parts: string[]) {
      return new Uri([base.path, ...parts].join('/'));
    }
    static parse(s: string) {
      return new Uri(s);
    }
    toString() {
      return this.path;
    }
  }
  return {
    Uri,
    window: { showErrorMessage: vscodeFake.showErrorMessage, showWarningMessage: vscodeFake.showWarningMessage },
    env: { openExternal: vscodeFake.openExternal, language: 'en' },
    l10n: { bundle: undefined },
  };
});

import * as vscode from 'vscode';
import type { TranscriptChange, TranscriptSnapshot } from '../../../src/acpClient/transcript';
import { ChatWebviewController } from '../../../src/webview/host/chatWebviewController';
import type { ChatActions, ChatSource } from '../../../src/webview/host/chatPage';
import type { HostToWebview } from '../../../src/webview/protocol/protocol';
import { PROTOCOL_VERSION } from '../../../src/webview/protocol/protocol';
import { caps, meta, user } from './fixtures';

function emitter<T>() {
  const ls = new Set<(e: T) => void>();
  return {
    event: (l: (e: T) => void) => {
      ls.add(l);
      return { dispose: () => ls.delete(l) };
    },
    fire: (e: T) => ls.forEach((l) => l(e)),
    get size() {
      return ls.size;
    },
  };
}

function setup() {
  const fromWebview = emitter<unknown>();
  const posted: HostToWebview[] = [];
  const webview = {
    options: {} as Record<string, unknown>,
    html: '',
    cspSource: 'vscode-resource:',
    asWebviewUri: (u: { toString(): string }) => ({ toString: () => `webview:${u.toString()}` }),
    postMessage: vi.fn(async (m: HostToWebview) => {
      posted.push(m);
      return true;
    }),
    onDidReceiveMessage: fromWebview.event,
  };
  const transcript = emitter<readonly TranscriptChange[]>();
  const session = emitter<void>();
  const status = emitter<void>();
  const elic = emitter<void>();
  let snapshot: TranscriptSnapshot | null = { meta: meta(), entries: [user('u1', 'hi')] };
  const source: ChatSource = {
    getSnapshot: () => snapshot,
    getMeta: () => snapshot?.meta,
    getStatus: () => ({ state: 'ready', agentName: 'Claude Agent' }),
    getFolders: () => ['/ws'],
    getCapabilities: () => caps(),
    getElicitations: () => [],
    onDidChangeTranscript: transcript.event,
    onDidChangeSession: session.event,
    onDidChangeStatus: status.event,
    onDidChangeElicitations: elic.event,
    getTurns: () => ({ changes: [], superseded: [] }),
    onDidChangeTurns: emitter<void>().event,
    onDidRequestDraft: emitter<string>().event,
    getGrants: () => [],
    onDidChangeGrants: emitter<void>().event,
    getFollowAgent: () => false,
    getAgents: () => ({ agents: [{ name: 'Claude' }, { name: 'Other' }], selected: 'Claude' }),
    onDidChangeAgents: emitter<void>().event,
    onDidChangeFollowAgent: emitter<void>().event,
    getApprovalSignal: () => ({ sound: false, announce: true }),
    onDidChangeApprovalSignal: emitter<void>().event,
    getWorktree: () => null,
    onDidChangeWorktree: emitter<void>().event,
    getNotice: () => null,
    onDidChangeNotice: emitter<void>().event,
    getUsage: () => ({ lines: [], cost: null, warning: null }),
    onDidChangeUsage: emitter<void>().event,
  };
  const actions = {
    start: vi.fn(),
    sendPrompt: vi.fn(),
    cancelTurn: vi.fn(),
    cancelSubagent: vi.fn(),
    queuedPrompt: vi.fn(),
    editQueuedPrompt: vi.fn(),
    restartAgent: vi.fn(),
    setMode: vi.fn(async () => {
      throw new Error('mode refused');
    }),
    setConfigOption: vi.fn(),
    answerPermission: vi.fn(),
    answerElicitation: vi.fn(),
    openLocation: vi.fn(),
    openDiff: vi.fn(),
    reviewTurnChanges: vi.fn(),
    revertTurnChanges: vi.fn(),
    keepTurnChanges: vi.fn(),
    showReviewComments: vi.fn(),
    editPrompt: vi.fn(),
    goBack: vi.fn(),
    retryTurn: vi.fn(),
    undoGrant: vi.fn(),
    openGrant: vi.fn(),
    setFollowAgent: vi.fn(),
    worktreeAction: vi.fn(),
    addContext: vi.fn(),
    completeMentions: vi.fn(async (q: string) => [{ mention: { kind: 'file' as const, path: `/w/${q}.md` }, label: `${q}.md` }]),
    attachMention: vi.fn(async () => [{ type: 'file' as const, path: '/w/docs', name: 'docs', folder: true }]),
    dropUris: vi.fn(async (uris: string[]) => uris.map((u) => ({ type: 'file' as const, path: u.replace('file://', ''), name: u }))),
    selectAgent: vi.fn(),
    noticeAction: vi.fn(),
    focused: vi.fn(),
    blurred: vi.fn(),
    openFolder: vi.fn(),
  } satisfies ChatActions;
  const log = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const confirmExternal = vi.fn(async () => true);
  const openExternal = vi.fn(async (_url: URL) => true);
  const reportError = vi.fn((_err: unknown, _what: string) => undefined);
  const ctl = new ChatWebviewController(webview as unknown as vscode.Webview, {
    extensionUri: vscode.Uri.parse('/ext'),
    source,
    actions,
    log,
    reportError,
    confirmExternal,
    openExternal,
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    ctl,
    webview,
    posted,
    fromWebview,
    transcript,
    session,
    actions,
    log,
    reportError,
    confirmExternal,
    openExternal,
    settle,
    setSnapshot: (s: TranscriptSnapshot | null) => (snapshot = s),
    emitters: [transcript, session, status, elic, fromWebview],
  };
}

describe('ChatWebviewController', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  beforeEach(() => vi.clearAllMocks());

  it('sets safe options and HTML, and posts nothing before ready', () => {
    const t = setup();
    expect(t.webview.options).toEqual({ enableScripts: true, enableCommandUris: false, localResourceRoots: [vscode.Uri.parse('/ext/dist/webview')] });
    expect(t.webview.html).toContain(`script-src 'nonce-`);
    expect(t.webview.html).toContain('webview:/ext/dist/webview/main.js');
    expect(t.webview.html).toContain('webview:/ext/dist/webview/codicon.css');
    t.transcript.fire([{ type: 'entry-added', entry: user('u2', 'x'), index: 1 }]);
    expect(t.posted).toEqual([]);
  });

  it('sends a snapshot on ready, then coalesced patches, and a fresh snapshot on session change', async () => {
    // The publisher's clock stands still between the snapshot and the changes: they fall in one tick.
    vi.useFakeTimers();
    const t = setup();
    t.fromWebview.fire({ type: 'ready', v: PROTOCOL_VERSION });
    expect(t.posted[0]).toMatchObject({ type: 'snapshot', v: PROTOCOL_VERSION, snapshot: { entries: [user('u1', 'hi')] }, capabilities: caps() });
    t.transcript.fire([{ type: 'entry-added', entry: user('u2', 'a'), index: 1 }]);
    t.transcript.fire([{ type: 'entry-changed', entry: user('u2', 'ab') }]);
    await vi.advanceTimersByTimeAsync(40);
    expect(t.actions.start).toHaveBeenCalledTimes(1); // a chat on screen starts the agent
    // The turn's changes, the grants, Follow the agent, the approval signal, the worktree and the agent picker follow every snapshot.
    expect(t.posted.slice(1)).toEqual([
      { type: 'turns', turns: { changes: [], superseded: [] } },
      { type: 'grants', grants: [] },
      { type: 'followAgent', enabled: false },
      { type: 'approvalSignal', sound: false, announce: true },
      { type: 'worktree', worktree: null },
      { type: 'agents', agents: [{ name: 'Claude' }, { name: 'Other' }], selected: 'Claude' },
      { type: 'usage', usage: { lines: [], cost: null, warning: null } },
      { type: 'patch', entries: [user('u2', 'ab')], sentAt: expect.any(Number) },
    ]);
    t.setSnapshot(null);
    t.session.fire();
    expect(t.posted.at(-8)).toMatchObject({ type: 'snapshot', snapshot: null });
    expect(t.posted.at(-7)).toEqual({ type: 'turns', turns: { changes: [], superseded: [] } });
    expect(t.posted.at(-2)).toMatchObject({ type: 'agents', selected: 'Claude' });
    expect(t.posted.at(-1)).toMatchObject({ type: 'usage' });
  });

  it('answers a resync (an append the page could not apply) with a snapshot that supersedes pending patches', async () => {
    const t = setup();
    t.fromWebview.fire({ type: 'ready', v: PROTOCOL_VERSION });
    t.transcript.fire([{ type: 'entry-changed', entry: user('u1', 'hi!'), append: { field: 'text', from: 2, text: '!' } }]);
    t.setSnapshot({ meta: meta(), entries: [user('u1', 'hi!')] });
    t.fromWebview.fire({ type: 'resync', reason: 'an append does not fit the entry shown' });
    await new Promise((r) => setTimeout(r, 40));
    expect(t.posted.filter((m) => m.type === 'snapshot')).toHaveLength(2);
    // A snapshot is the page's whole state (turn changes, follow and agents follow it); the dropped append is not sent.
    const last = t.posted.map((m) => m.type).lastIndexOf('snapshot');
    expect(t.posted[last]).toMatchObject({ type: 'snapshot', snapshot: { entries: [user('u1', 'hi!')] } });
    expect(t.posted.slice(last + 1).map((m) => m.type)).toEqual(['turns', 'grants', 'followAgent', 'approvalSignal', 'worktree', 'agents', 'usage']);
    expect(t.posted.some((m) => m.type === 'patch')).toBe(false); // the pending append was dropped, not sent after it
  });

  it('routes valid messages to ChatActions and drops invalid ones with a log line', async () => {
    const t = setup();
    t.fromWebview.fire({ type: 'sendPrompt', text: 'hi', attachments: [] });
    t.fromWebview.fire({ type: 'answerPermission', key: 's:0', optionId: 'allow-once' });
    t.fromWebview.fire({ type: 'openDiff', toolCallId: 't1', contentIndex: 2 });
    t.fromWebview.fire({ type: 'answerElicitation', key: 'k', action: 'decline' });
    t.fromWebview.fire({ type: 'cancelTurn' });
    t.fromWebview.fire({ type: 'cancelSubagent', sessionId: 'child-1' });
    t.fromWebview.fire({ type: 'cancelSubagent', sessionId: '' });
    t.fromWebview.fire({ type: 'reviewTurnChanges', id: 'turn-1' });
    t.fromWebview.fire({ type: 'revertTurnChanges', id: 'turn-1', path: '/w/a.ts' });
    t.fromWebview.fire({ type: 'revertTurnChanges', id: 'turn-1' });
    t.fromWebview.fire({ type: 'keepTurnChanges', id: 'turn-1', path: '/w/a.ts' });
    t.fromWebview.fire({ type: 'setFollowAgent', enabled: true });
    t.fromWebview.fire({ type: 'openFolder' });
    t.fromWebview.fire({ type: 'runCommand', command: 'rm -rf /' });
    t.fromWebview.fire({ type: 'answerPermission', key: 5 });
    await t.settle();
    expect(t.actions.sendPrompt).toHaveBeenCalledWith('hi', []);
    expect(t.actions.answerPermission).toHaveBeenCalledWith('s:0', 'allow-once');
    expect(t.actions.openDiff).toHaveBeenCalledWith('t1', 2);
    expect(t.actions.answerElicitation).toHaveBeenCalledWith('k', 'decline', undefined);
    expect(t.actions.cancelTurn).toHaveBeenCalledOnce();
    // One subagent stopped by its child session id; one naming none is dropped.
    expect(t.actions.cancelSubagent.mock.calls).toEqual([['child-1']]);
    expect(t.actions.reviewTurnChanges).toHaveBeenCalledWith('turn-1');
    expect(t.actions.keepTurnChanges).toHaveBeenCalledWith('turn-1', '/w/a.ts');
    expect(t.actions.revertTurnChanges.mock.calls).toEqual([
      ['turn-1', '/w/a.ts'],
      ['turn-1', undefined],
    ]);
    expect(t.actions.setFollowAgent).toHaveBeenCalledWith(true);
    expect(t.actions.openFolder).toHaveBeenCalledOnce();
    expect(t.log.warn).toHaveBeenCalledTimes(3);
  });

  it('an answer the host refuses resends the state (the clicked card must not stay disabled); an accepted one does not', async () => {
    const t = setup();
    t.fromWebview.fire({ type: 'ready', v: PROTOCOL_VERSION });
    await t.settle();
    const snapshots = () => t.posted.filter((m) => m.type === 'snapshot').length;
    expect(snapshots()).toBe(1);
    t.actions.answerPermission.mockReturnValueOnce('not-offered');
    t.fromWebview.fire({ type: 'answerPermission', key: 's:0', optionId: 'made-up' });
    await t.settle();
    expect(snapshots()).toBe(2);
    t.actions.answerPermission.mockReturnValueOnce('accepted');
    t.fromWebview.fire({ type: 'answerPermission', key: 's:0', optionId: 'allow-once' });
    await t.settle();
    expect(t.actions.answerPermission).toHaveBeenCalledTimes(2);
    expect(snapshots()).toBe(2);
  });

  it('a failing action is logged and given to the presenter, not an unhandled rejection', async () => {
    const t = setup();
    t.fromWebview.fire({ type: 'setMode', modeId: 'plan' });
    await t.settle();
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('mode refused'));
    expect(t.reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'mode refused' }), 'setMode');
    expect(vscodeFake.showErrorMessage).not.toHaveBeenCalled();
  });

  it('answers @ suggestions with the request id; a picked one and dropped URIs come back as attachments', async () => {
    const t = setup();
    t.fromWebview.fire({ type: 'ready', v: PROTOCOL_VERSION });
    t.fromWebview.fire({ type: 'completeMentions', requestId: 3, query: 'notes' });
    await t.settle();
    expect(t.posted.at(-1)).toEqual({
      type: 'mentionCompletions',
      requestId: 3,
      items: [{ mention: { kind: 'file', path: '/w/notes.md' }, label: 'notes.md' }],
    });
    t.fromWebview.fire({ type: 'attachMention', mention: { kind: 'folder', path: '/w/docs' } });
    await t.settle();
    expect(t.actions.attachMention).toHaveBeenCalledWith({ kind: 'folder', path: '/w/docs' });
    expect(t.posted.at(-1)).toEqual({ type: 'attach', attachment: { type: 'file', path: '/w/docs', name: 'docs', folder: true } });
    t.fromWebview.fire({ type: 'dropUris', uris: ['file:///w/a.ts', 'file:///w/b.ts'] });
    await t.settle();
    expect(t.posted.slice(-2).map((m) => m.type === 'attach' && m.attachment.type === 'file' && m.attachment.path)).toEqual(['/w/a.ts', '/w/b.ts']);
  });

  it('opens only http(s) links, and only after confirmation', async () => {
    const t = setup();
    for (const href of ['command:workbench.action.reloadWindow', 'file:///etc/passwd', 'javascript:alert(1)']) t.fromWebview.fire({ type: 'openLink', href });
    await t.settle();
    expect(t.confirmExternal).not.toHaveBeenCalled();
    expect(t.openExternal).not.toHaveBeenCalled();
    t.confirmExternal.mockResolvedValueOnce(false);
    t.fromWebview.fire({ type: 'openLink', href: 'https://a.example/' });
    await t.settle();
    expect(t.openExternal).not.toHaveBeenCalled();
    t.fromWebview.fire({ type: 'openLink', href: 'https://b.example/' });
    await t.settle();
    expect(t.openExternal).toHaveBeenCalledOnce();
    expect(String(t.openExternal.mock.calls[0]![0])).toBe('https://b.example/');
  });

  it('dispose removes every listener and stops posting', () => {
    const t = setup();
    t.fromWebview.fire({ type: 'ready', v: PROTOCOL_VERSION });
    t.ctl.dispose();
    for (const e of t.emitters) expect(e.size).toBe(0);
  });
});

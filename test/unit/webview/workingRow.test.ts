// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { describeWork, elapsed } from '../../../src/webview/page/workingLine';
import { T0, agent, bashTool, meta, permission, snapshotMsg, user } from './fixtures';

const newestFirst = (entries: TranscriptEntry[]) => [...entries].reverse();
const thought = (id: string, endedAt?: number): TranscriptEntry => ({ kind: 'thought', id, content: [{ type: 'text', text: 'hm' }], at: T0, endedAt });
const turnEnd = (id: string): TranscriptEntry => ({ kind: 'turn-end', id, stopReason: 'end_turn', at: T0 });

describe('what the working row says', () => {
  it('says what the newest running call does, by its kind', () => {
    const running = bashTool('b', { status: 'in_progress', rawInput: { command: 'npm test\n# and more' } });
    expect(describeWork('running', newestFirst([user('u', 'go'), running]))).toEqual({ text: 'Running npm test', since: T0 });
    const reading = bashTool('r', { status: 'in_progress', kind: 'read', title: 'Read src/cart.js', locations: [{ path: '/w/src/cart.js' }] });
    expect(describeWork('running', newestFirst([user('u', 'go'), reading])).text).toBe('Reading cart.js');
  });

  it('waiting for an approval wins over the call it is for', () => {
    const call = bashTool('b', { status: 'pending' });
    expect(describeWork('running', newestFirst([user('u', 'go'), call, permission('p', 'b')])).text).toBe('Waiting for your approval');
    // Answered: the call runs.
    const answered = permission('p', 'b', { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' });
    expect(describeWork('running', newestFirst([user('u', 'go'), bashTool('b', { status: 'in_progress' }), answered])).text).toBe(
      'Running touch hi.txt && echo hi',
    );
  });

  it('a thought still streaming is Thinking…, the reply streaming is Writing…, else Working…', () => {
    expect(describeWork('running', newestFirst([user('u', 'go'), thought('t')])).text).toBe('Thinking…');
    expect(describeWork('running', newestFirst([user('u', 'go'), thought('t', T0 + 1), agent('a', 'Hel')])).text).toBe('Writing…');
    expect(describeWork('running', newestFirst([user('u', 'go'), thought('t', T0 + 1)])).text).toBe('Working…');
    expect(describeWork('cancelling', newestFirst([user('u', 'go')])).text).toBe('Stopping…');
  });

  it('reads only the running turn: a call left running in an earlier turn, or that turn’s prompt, is not this one’s', () => {
    const before = [user('u0', 'old'), bashTool('old', { status: 'in_progress' }), turnEnd('e0')];
    // Sent, not echoed yet: nothing of this turn is in.
    expect(describeWork('running', newestFirst(before))).toEqual({ text: 'Working…', since: undefined });
    expect(describeWork('running', newestFirst([...before, { ...user('u1', 'new'), at: T0 + 5000 }]))).toEqual({ text: 'Working…', since: T0 + 5000 });
  });

  it('words the elapsed time in seconds, then minutes and seconds', () => {
    expect(elapsed(0)).toBe('0s');
    expect(elapsed(59_999)).toBe('59s');
    expect(elapsed(65_000)).toBe('1:05');
    expect(elapsed(-5)).toBe('0s');
  });
});

describe('the working row in the page', () => {
  let root: HTMLElement;
  let app: App;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 + 12_000 });
    root = document.createElement('div');
    document.body.replaceChildren(root);
    app = new App({ post: (_m: WebviewToHost) => undefined, root, requestFrame: () => undefined });
  });
  afterEach(() => vi.useRealTimers());

  const row = () => root.querySelector<HTMLElement>('[data-testid="working-row"]')!;
  const live = () => root.querySelector('[data-testid="live-region"]')!.textContent;

  it('shows from the turn’s start to its end, after the transcript, ticking once a second; said once to screen readers', () => {
    app.handleMessage(snapshotMsg({ meta: meta(), entries: [] }));
    expect(row().hidden).toBe(true);
    app.handleMessage({ type: 'patch', meta: { turn: 'running' }, entries: [user('u1', 'go')] });
    expect(row().hidden).toBe(false);
    expect(row().previousElementSibling?.getAttribute('data-testid')).toBe('transcript');
    expect(row().textContent).toBe('Working…12s');
    vi.advanceTimersByTime(1000);
    expect(row().querySelector('[data-testid="working-time"]')!.textContent).toBe('13s');
    app.handleMessage({ type: 'patch', entries: [bashTool('b', { status: 'in_progress' })] });
    expect(row().querySelector('[data-testid="working-text"]')!.textContent).toBe('Running touch hi.txt && echo hi');
    expect(live()).toBe('Working');
    app.handleMessage({ type: 'patch', meta: { turn: 'idle' }, entries: [turnEnd('e1')] });
    expect(row().hidden).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a snapshot of a turn already running shows the row without announcing a start', () => {
    app.handleMessage(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'go')] }));
    expect(row().hidden).toBe(false);
    expect(live()).toBe('');
  });
});

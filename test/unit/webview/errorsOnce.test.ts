// @vitest-environment jsdom
// Errors said once, in the page: an agent message that only repeats the error after it is not shown (nor found by
// find), the error's line and its Retry stay; a message that says more stays. A credit error's card says what fixes it
// without the API's words. The context meter in words.
import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/feedback/userErrors';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { HostToWebview } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { contextMeter } from '../../../src/webview/page/contextMeter';
import { echoesError } from '../../../src/webview/page/errorEcho';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { findAll } from '../../../src/webview/page/transcriptSearch';
import { T0, agent, meta, snapshotMsg, user } from './fixtures';

const API = 'API Error: 400 fake-400: the prompt is malformed';
const failed = (id: string, message: string): TranscriptEntry => ({ kind: 'error', id, message, at: T0 });

function setup(entries: TranscriptEntry[]) {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: () => undefined, root, renderMarkdown: markdownRenderer(), requestFrame: (cb) => void cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  send(snapshotMsg({ meta: meta(), entries }));
  /** The entries a reader sees, by id. */
  const shown = () =>
    Array.from(root.querySelectorAll<HTMLElement>('[data-entry-id]'))
      .filter((n) => !n.hidden)
      .map((n) => n.dataset.entryId);
  return { app, root, send, shown };
}

describe('an error the agent’s message repeats', () => {
  it('is one line: the repeating message is not shown, nor found; the line keeps its Retry', () => {
    const t = setup([user('u1', 'hi'), agent('a1', API), failed('err1', API)]);
    expect(t.shown()).toEqual(['u1', 'err1']);
    const line = t.root.querySelector<HTMLElement>('[data-entry-id="err1"]')!;
    expect(line.querySelector('.error-line')!.textContent).toBe(API);
    expect(line.querySelector('[data-testid="retry-turn"]')).not.toBeNull();
    expect(findAll(t.app.transcript.entries(), 'fake-400')).toEqual([{ entryId: 'err1', nth: 0 }]);
  });

  it('hides the message it repeats when the error arrives after it', () => {
    const t = setup([user('u1', 'hi')]);
    t.send({ type: 'patch', entries: [agent('a1', API)] });
    expect(t.shown()).toEqual(['u1', 'a1']);
    t.send({ type: 'patch', entries: [failed('err1', API)] });
    expect(t.shown()).toEqual(['u1', 'err1']);
  });

  it('leaves a message that says more, or an error of its own', () => {
    const t = setup([
      user('u1', 'hi'),
      agent('a1', `Let me look. ${API}`),
      failed('err1', API),
      user('u2', 'again'),
      agent('a2', 'Working.'),
      failed('err2', 'Internal error: boom'),
    ]);
    expect(t.shown()).toEqual(['u1', 'a1', 'err1', 'u2', 'a2', 'err2']);
  });

  it('echoesError: only a text-only agent message right before an error with the same words', () => {
    expect(echoesError(agent('a', ` ${API}\n`), failed('e', API))).toBe(true);
    expect(echoesError(agent('a', ''), failed('e', ''))).toBe(false);
    expect(
      echoesError(
        {
          kind: 'agent',
          id: 'a',
          content: [
            { type: 'text', text: API },
            { type: 'image', data: '', mimeType: 'image/png' },
          ],
          at: T0,
        },
        failed('e', API),
      ),
    ).toBe(false);
    expect(echoesError(user('u', API), failed('e', API))).toBe(false);
    expect(echoesError(agent('a', API), agent('b', API))).toBe(false);
  });
});

/** The text a reader can get at: everything but what is hidden (a card's folded details count, one click away). */
function shownText(node: Node): string {
  if (node instanceof HTMLElement && node.hidden) return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return Array.from(node.childNodes).map(shownText).join(' ');
}

describe('a credit error, as Claude’s adapter reports it', () => {
  it('is said once in the whole chat: the failed turn’s line has the API’s words, the card what fixes them', () => {
    // What the real adapter sends for the API's credit refusal: the words as the agent's text, then the prompt's error.
    const words = 'Credit balance is too low';
    const t = setup([user('u1', 'hi'), agent('a1', words), failed('err1', words)]);
    const worded = describeError(new acp.RequestError(-32603, `Internal error: ${words}`, { errorKind: 'billing_error' }), 'Sending the prompt');
    const buttons = [
      { action: 'subscriptionSignIn', label: 'Claude Subscription', methodId: 'claude-ai-login' },
      { action: 'openBilling', label: 'Open Billing Page' },
    ];
    t.send({
      type: 'notice',
      notice: { id: 1, severity: worded.severity, message: worded.message, ...(worded.details ? { details: worded.details } : {}), buttons },
    });
    expect(t.root.querySelector<HTMLElement>('[data-testid="notice"]')!.hidden).toBe(false);
    expect(t.shown()).toEqual(['u1', 'err1']);
    expect(shownText(t.root).split(words).length - 1).toBe(1);
    expect(shownText(t.root)).toContain(worded.message);
  });
});

describe('the context meter', () => {
  it('says how full the context is in words; the numbers and the cost are in its tooltip', () => {
    const m = contextMeter({ used: 24_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } })!;
    expect(m.text).toBe('12% context');
    expect(m.tooltip).toMatch(/^Context: 24.000 of 200.000 tokens \(12%\) · .*0\.12$/u);
    expect(m.level).toBe('low');
  });

  it('a fraction of a percent is not "0%"; none before the agent reports usage', () => {
    expect(contextMeter({ used: 40, size: 1_000_000 })?.text).toBe('<1% context');
    expect(contextMeter({ used: 0, size: 1_000_000 })?.text).toBe('0% context');
    expect(contextMeter({ used: 950, size: 1000 })).toMatchObject({ text: '95% context', level: 'high' });
    expect(contextMeter(undefined)).toBeUndefined();
  });

  it('is what the header shows', () => {
    const t = setup([]);
    t.send({ type: 'patch', entries: [], meta: { usage: { used: 40, size: 1_000_000 } } });
    const usage = t.root.querySelector<HTMLElement>('[data-testid="usage"]')!;
    expect([usage.hidden, usage.textContent]).toEqual([false, '<1% context']);
    expect(usage.title).toMatch(/^Context: 40 of 1.000.000 tokens \(0%\)$/u);
  });
});

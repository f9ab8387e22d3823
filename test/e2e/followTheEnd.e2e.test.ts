// The chat follows the end of the conversation in Chromium's real layout (the page shell with its CSP, no workbench):
// text that arrives between the chat's own scroll to the end and that scroll's event does not stop the following, and
// a prompt sent while scrolled up brings the end on screen at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/webview/protocol/protocol';
import { openWebviewPage, type WebviewPage } from '../robust/webviewPage';
import { REPO_ROOT } from './harness';

const meta = { sessionId: 's', plan: [], availableCommands: [], configOptions: [], turn: 'running', connection: 'connected' };
const turn = (i: number) => [
  { kind: 'user', id: `u${i}`, content: [{ type: 'text', text: `prompt ${i}` }], at: 0 },
  { kind: 'agent', id: `a${i}`, content: [{ type: 'text', text: 'an answer line\n\n'.repeat(15) }], at: 0 },
];

describe('ACP Chat e2e: the chat follows the end (Chromium)', () => {
  let w: WebviewPage;
  const distanceFromEnd = () =>
    w.page.evaluate(() => {
      const s = document.querySelector('.scroller')!;
      return s.scrollHeight - s.scrollTop - s.clientHeight;
    });

  beforeAll(async () => {
    w = await openWebviewPage(REPO_ROOT);
    await w.send({
      type: 'snapshot',
      v: PROTOCOL_VERSION,
      snapshot: { meta, entries: [0, 1, 2, 3].flatMap(turn) },
      status: { state: 'ready' },
      capabilities: { image: false, embeddedContext: false, steering: false },
      elicitations: [],
      folders: [],
    });
    // Laid out at the end once the snapshot's frame ran.
    await w.page.waitForFunction(() => {
      const s = document.querySelector('.scroller');
      return !!s && s.scrollHeight > s.clientHeight && s.scrollHeight - s.scrollTop - s.clientHeight < 1;
    });
  });

  afterAll(async () => {
    await w?.close();
  });

  test('messages handled between the chat’s scroll to the end and its scroll event leave it following', async () => {
    const left = await w.page.evaluate(async () => {
      const post = (m: unknown) => window.dispatchEvent(new MessageEvent('message', { data: m }));
      const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
      for (let i = 0; i < 10; i++) {
        post({ type: 'patch', entries: [{ kind: 'notice', id: `n${i}`, severity: 'info', title: `step ${i}`, at: 0 }] });
        // The chat scrolls to the end in this frame; a taller message comes before that scroll's event.
        await frame();
        post({ type: 'patch', entries: [{ kind: 'user', id: `m${i}`, content: [{ type: 'text', text: 'a taller message\n'.repeat(6) }], at: 0 }] });
        await frame();
      }
      await frame();
      await frame();
      const s = document.querySelector('.scroller')!;
      return s.scrollHeight - s.scrollTop - s.clientHeight;
    });
    expect(left).toBeLessThan(1);
  });

  test('scrolled up by the user it stays put; a prompt sent then shows the end at once', async () => {
    await w.page.evaluate(() => (document.querySelector('.scroller')!.scrollTop = 0));
    await w.send({ type: 'patch', entries: [{ kind: 'notice', id: 'while-up', severity: 'info', title: 'more while scrolled up', at: 0 }] });
    await expect.poll(() => w.page.evaluate(() => document.querySelector('.scroller')!.scrollTop)).toBe(0);
    await w.page.getByTestId('composer-input').fill('a new prompt');
    await w.page.getByTestId('composer-input').press('Enter');
    expect(await distanceFromEnd()).toBeLessThan(1);
  });
});

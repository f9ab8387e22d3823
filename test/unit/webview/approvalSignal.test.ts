// @vitest-environment jsdom
// An approval that needs the user is signalled once, as VS Code's setting for it says: an assertive announcement with
// the card's question, and the chime when the sound is on; not for requests the page held when it loaded.
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/webview/page/app';
import type { HostToWebview } from '../../../src/webview/protocol/protocol';
import { editTool, meta, permission, snapshotMsg } from './fixtures';

function setup() {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  let chimes = 0;
  const app = new App({ post: () => undefined, root, requestFrame: (cb) => cb(), chime: () => chimes++ });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const alerts = () => Array.from(root.querySelectorAll('[data-testid="approval-alert"] p')).map((p) => p.textContent);
  return { send, alerts, chimes: () => chimes, region: () => root.querySelector('[data-testid="approval-alert"]')! };
}

describe('the approval signal', () => {
  it('announces a new request assertively, with its question, once; chimes only when the sound is on', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [editTool()] }));
    expect(t.region().getAttribute('aria-live')).toBe('assertive');
    t.send({ type: 'approvalSignal', sound: false, announce: true });
    t.send({ type: 'patch', entries: [permission('p1', 'toolu_edit')] });
    expect(t.alerts()).toEqual(['Approval needed: Edit this file?']);
    expect(t.chimes()).toBe(0);
    // The same request again (an update) is not signalled again; its answer neither.
    t.send({ type: 'patch', entries: [permission('p1', 'toolu_edit')] });
    t.send({
      type: 'patch',
      entries: [permission('p1', 'toolu_edit', { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' })],
    });
    expect(t.alerts()).toHaveLength(1);

    t.send({ type: 'approvalSignal', sound: true, announce: false });
    t.send({ type: 'patch', entries: [permission('p2', 'toolu_edit')] });
    expect(t.chimes()).toBe(1);
    expect(t.alerts()).toHaveLength(1);
  });

  it('does not signal a request the page held when it loaded', () => {
    const t = setup();
    t.send({ type: 'approvalSignal', sound: true, announce: true });
    t.send(snapshotMsg({ meta: meta(), entries: [editTool(), permission('p1', 'toolu_edit')] }));
    expect(t.alerts()).toEqual([]);
    expect(t.chimes()).toBe(0);
  });
});

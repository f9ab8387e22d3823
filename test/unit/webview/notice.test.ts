// @vitest-environment jsdom
// The chat's error and sign-in card, the sign-in label in the header, and a permission card after a refused answer.
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/webview/page/app';
import type { ChatNotice, HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { editTool, meta, permission, snapshotMsg } from './fixtures';

function setup() {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const q = (sel: string) => root.querySelector<HTMLElement>(sel);
  const qa = (sel: string) => Array.from(root.querySelectorAll<HTMLElement>(sel));
  return { posted, send, q, qa };
}

const signInNotice: ChatNotice = {
  id: 7,
  severity: 'info',
  message: 'Sign in to use the agent, with your Claude subscription or an API key.',
  buttons: [
    { action: 'signIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
    { action: 'signIn', label: 'Anthropic Console', methodId: 'console-login', description: 'Use Anthropic Console (API usage billing)' },
    { action: 'setApiKey', label: 'Set API Key…' },
  ],
};

describe('the notice card', () => {
  it('shows the message, each sign-in method with its name and description verbatim, and the other actions', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    expect(t.q('[data-testid="notice"]')!.hidden).toBe(true);
    t.send({ type: 'notice', notice: signInNotice });
    const card = t.q('[data-testid="notice"]')!;
    expect(card.hidden).toBe(false);
    expect(card.dataset.severity).toBe('info');
    expect(t.q('[data-testid="notice-message"]')!.textContent).toBe(signInNotice.message);
    const methods = t.qa('[data-testid="sign-in-method"]');
    expect(methods.map((m) => [m.querySelector('.notice-method-name')!.textContent, m.querySelector('.notice-method-desc')!.textContent])).toEqual([
      ['Claude Subscription', 'Use Claude subscription '],
      ['Anthropic Console', 'Use Anthropic Console (API usage billing)'],
    ]);
    expect(t.qa('[data-testid="notice-action"]').map((b) => b.textContent)).toEqual(['Set API Key…']);
  });

  it("a click posts the button's action with the notice id and method id; agent text stays text", () => {
    const t = setup();
    t.send({
      type: 'notice',
      notice: { ...signInNotice, buttons: [{ action: 'signIn', label: '<img src=x onerror=alert(1)>', methodId: 'm' }, ...signInNotice.buttons.slice(2)] },
    });
    expect(document.querySelector('img')).toBeNull();
    t.qa('[data-testid="sign-in-method"]')[0]!.click();
    t.qa('[data-testid="notice-action"]')[0]!.click();
    expect(t.posted.filter((m) => m.type === 'noticeAction')).toEqual([
      { type: 'noticeAction', noticeId: 7, action: 'signIn', methodId: 'm' },
      { type: 'noticeAction', noticeId: 7, action: 'setApiKey' },
    ]);
  });

  it('with a kept prompt, offers to send it once signed in, and says whether the user asked for that', () => {
    const t = setup();
    t.send({ type: 'notice', notice: { ...signInNotice, keptPrompt: 'hello' } });
    const box = t.q('[data-testid="resend-when-signed-in"]') as HTMLInputElement;
    expect(box.parentElement!.textContent).toBe('Send “hello” when signed in');
    expect(box.checked).toBe(false);
    t.qa('[data-testid="notice-action"]')[0]!.click();
    box.click();
    t.qa('[data-testid="sign-in-method"]')[0]!.click();
    expect(t.posted.filter((m) => m.type === 'noticeAction')).toEqual([
      { type: 'noticeAction', noticeId: 7, action: 'setApiKey', resend: false },
      { type: 'noticeAction', noticeId: 7, action: 'signIn', methodId: 'claude-ai-login', resend: true },
    ]);
  });

  it('an error: one line, its details folded behind Show details (as text), the first action primary', () => {
    const t = setup();
    const details = 'FATAL <b>out</b> of memory\n    at main (agent.js:1)';
    t.send({
      type: 'notice',
      notice: {
        id: 9,
        severity: 'error',
        message: 'The agent exited with code 1. Restart to continue this chat.',
        details,
        buttons: [
          { action: 'restart', label: 'Restart Agent' },
          { action: 'showLog', label: 'Show Log' },
        ],
      },
    });
    expect(t.q('[data-testid="notice-message"]')!.textContent).toBe('The agent exited with code 1. Restart to continue this chat.');
    const fold = t.q('[data-testid="notice-details"]') as HTMLDetailsElement;
    expect(fold.open).toBe(false);
    expect(fold.querySelector('summary')!.textContent).toBe('Show details');
    expect(fold.querySelector('pre')!.textContent).toBe(details);
    expect(fold.querySelector('b')).toBeNull();
    expect(t.qa('[data-testid="notice-action"]').map((b) => [b.textContent, b.classList.contains('primary')])).toEqual([
      ['Restart Agent', true],
      ['Show Log', false],
    ]);
    // A notice with nothing more to say has no fold.
    t.send({ type: 'notice', notice: { ...signInNotice, id: 10 } });
    expect(t.q('[data-testid="notice-details"]')).toBeNull();
  });

  it('is replaced by a newer notice and cleared with null', () => {
    const t = setup();
    t.send({ type: 'notice', notice: signInNotice });
    t.send({
      type: 'notice',
      notice: { id: 8, severity: 'info', message: 'Signed in (API key). Send your prompt again?', buttons: [{ action: 'resendPrompt', label: 'Retry' }] },
    });
    expect(t.q('[data-testid="notice-message"]')!.textContent).toContain('Signed in');
    expect(t.qa('[data-testid="sign-in-method"]')).toHaveLength(0);
    t.send({ type: 'notice', notice: null });
    expect(t.q('[data-testid="notice"]')!.hidden).toBe(true);
  });
});

describe('one error surface', () => {
  it('while the card says why the agent stopped, the header adds no status line; once the card goes, the line is back', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    t.send({ type: 'status', status: { state: 'error', message: 'The agent exited with code 1.' } });
    t.send({
      type: 'notice',
      notice: {
        id: 11,
        severity: 'error',
        message: 'The agent exited with code 1. Restart to continue this chat.',
        buttons: [{ action: 'restart', label: 'Restart Agent' }],
      },
    });
    expect(t.q('[data-testid="connection-status"]')!.hidden).toBe(true);
    expect(
      t
        .qa('button')
        .filter((b) => b.textContent?.includes('Restart'))
        .map((b) => b.dataset.testid),
    ).toEqual(['notice-action']);
    t.send({ type: 'notice', notice: null });
    expect(t.q('[data-testid="connection-status"]')!.hidden).toBe(false);
    expect(t.q('[data-testid="restart-agent"]')).not.toBeNull();
  });
});

describe('a window with no folder', () => {
  it('shows the Open Folder welcome instead of the composer and the status line; its button posts openFolder', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    expect(t.q('[data-testid="empty-state"]')!.dataset.welcome).toBe('ask');
    t.send({ type: 'status', status: { state: 'error', message: 'No folder is open; the agent works in a folder.', needsFolder: true } });
    const empty = t.q('[data-testid="empty-state"]')!;
    expect([empty.hidden, empty.dataset.welcome, empty.querySelector('h2')!.textContent]).toEqual([false, 'open-folder', 'Open a folder to start']);
    expect(t.q('[data-testid="connection-status"]')!.hidden).toBe(true);
    expect(t.q('[data-testid="composer-input"]')!.closest('[hidden]')).not.toBeNull();
    t.q('[data-testid="open-folder"]')!.click();
    expect(t.posted.filter((m) => m.type === 'openFolder')).toEqual([{ type: 'openFolder' }]);
    // Any other failure keeps the status line with Restart, and the composer.
    t.send({ type: 'status', status: { state: 'error', message: 'The agent exited with code 1.' } });
    expect(t.q('[data-testid="connection-status"]')!.hidden).toBe(false);
    expect(t.q('[data-testid="restart-agent"]')).not.toBeNull();
    expect(t.q('[data-testid="composer-input"]')!.closest('[hidden]')).toBeNull();
    expect(t.q('[data-testid="empty-state"]')!.dataset.welcome).toBe('ask');
  });
});

describe("the header's sign-in label", () => {
  it('shows how the agent is signed in, and nothing when it does not say', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    expect(t.q('[data-testid="account"]')!.hidden).toBe(true);
    t.send({ type: 'status', status: { state: 'ready', agentName: 'Claude Agent', account: 'Anthropic API key' } });
    expect(t.q('[data-testid="account"]')!.hidden).toBe(false);
    expect(t.q('[data-testid="account"]')!.textContent).toBe('Anthropic API key');
    t.send({ type: 'status', status: { state: 'starting' } });
    expect(t.q('[data-testid="account"]')!.hidden).toBe(true);
  });
});

describe('a permission card after the host refused the answer', () => {
  it('gets its buttons back when the host resends the state', () => {
    const t = setup();
    const snap = snapshotMsg({ meta: meta(), entries: [editTool(), permission('p1', 'toolu_edit')] });
    t.send(snap);
    const first = t.qa('[data-testid="permission-option"]') as HTMLButtonElement[];
    expect(first.length).toBeGreaterThan(0);
    first[0]!.click();
    expect((t.qa('[data-testid="permission-option"]') as HTMLButtonElement[]).every((b) => b.disabled)).toBe(true);
    t.send(snap);
    expect((t.qa('[data-testid="permission-option"]') as HTMLButtonElement[]).every((b) => !b.disabled)).toBe(true);
  });
});

describe('a first run', () => {
  it('the sign-in card has one primary action: the agent’s first method', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    t.send({ type: 'notice', notice: signInNotice });
    const primary = t.qa('[data-testid="notice"] .primary').map((b) => b.textContent);
    expect(primary).toEqual(['Claude SubscriptionUse Claude subscription ']);
  });

  it('a set-up card says which step of the set-up it is; the first prompts wait for it', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    const empty = t.q('[data-testid="empty-state"]')!;
    expect(empty.hasAttribute('data-setting-up')).toBe(false);
    t.send({ type: 'notice', notice: { ...signInNotice, setup: 'signIn' } });
    const steps = t.q('[data-testid="setup-steps"]')!;
    expect(steps.querySelector('.setup-count')!.textContent).toBe('Set up · step 2 of 3');
    expect([...steps.querySelectorAll('li')].map((li) => [li.textContent, li.className, li.getAttribute('aria-current')])).toEqual([
      ['Get Claude Code', 'done', null],
      ['Sign in', 'current', 'step'],
      ['Ask for a change', 'todo', null],
    ]);
    expect(empty.hasAttribute('data-setting-up')).toBe(true);
    t.send({
      type: 'notice',
      notice: {
        id: 8,
        severity: 'warning',
        message: 'Claude Code is not installed.',
        buttons: [{ action: 'downloadClaudeCode', label: 'Download Claude Code' }],
        setup: 'getClaudeCode',
      },
    });
    expect(t.q('[data-testid="setup-steps"] .setup-count')!.textContent).toBe('Set up · step 1 of 3');
    t.send({ type: 'notice', notice: null });
    expect(empty.hasAttribute('data-setting-up')).toBe(false);
    // A card that is not a set-up step has no steps.
    t.send({ type: 'notice', notice: { id: 9, severity: 'error', message: 'The agent stopped.', buttons: [] } });
    expect(t.q('[data-testid="setup-steps"]')).toBeNull();
  });

  it('an empty chat suggests first prompts; a click puts one in the composer, sending nothing', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    const firsts = t.qa('[data-testid="first-prompt"]');
    expect(firsts.map((b) => b.textContent)).toEqual([
      'Explain how this project is organised',
      'Find a small bug and propose a fix',
      'Add a short introduction to the README',
    ]);
    firsts[2]!.click();
    expect((t.q('[data-testid="composer-input"]') as HTMLTextAreaElement).value).toBe('Add a short introduction to the README');
    expect(t.posted.some((m) => m.type === 'sendPrompt')).toBe(false);
  });
});

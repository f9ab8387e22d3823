// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { WebviewToHost } from '../../../src/webview/protocol/protocol';
import { parseWebviewMessage } from '../../../src/webview/protocol/messageValidation';
import { App } from '../../../src/webview/page/app';
import { meta, snapshotMsg } from './fixtures';

describe('the empty chat', () => {
  it('offers a git worktree of its own before the first prompt, as a message the host accepts', () => {
    const posted: WebviewToHost[] = [];
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    const app = new App({ post: (m) => posted.push(m), root, requestFrame: () => undefined });
    app.handleMessage(snapshotMsg({ meta: meta(), entries: [] }));
    const start = root.querySelector<HTMLButtonElement>('[data-testid="start-in-worktree"]')!;
    expect(start.textContent).toBe('Work in a new git worktree…');
    start.click();
    const sent = posted.find((m) => m.type === 'worktree');
    expect(sent).toEqual({ type: 'worktree', action: 'start' });
    expect(parseWebviewMessage(sent)).toMatchObject({ ok: true });
  });
});

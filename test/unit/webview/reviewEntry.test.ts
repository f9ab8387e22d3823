// @vitest-environment jsdom
// A sent review in the chat: one entry saying how many comments on how many files, whose Show Comments asks the host for
// VS Code's Comments view; a prompt without the host's review mark, or with a malformed one, shows its text as typed.
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { T0, meta, snapshotMsg } from './fixtures';

function review(id: string, mark: unknown): TranscriptEntry {
  return { kind: 'user', id, content: [{ type: 'text', text: 'I reviewed your changes and left 2 comments…', _meta: { acpChat: { review: mark } } }], at: T0 };
}

describe('a sent review in the chat', () => {
  it('is one entry with its counts and Show Comments; a malformed mark leaves the text', () => {
    const posted: WebviewToHost[] = [];
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
    app.handleMessage(
      snapshotMsg({
        meta: meta(),
        entries: [review('u1', { comments: 2, files: 2 }), review('u2', { comments: 1, files: 1 }), review('u3', { comments: 'x' })],
      }),
    );
    const entries = Array.from(root.querySelectorAll<HTMLElement>('[data-testid="user-message"]'));
    expect(entries.map((e) => e.querySelector('[data-testid="review-entry"]')?.textContent?.trim() ?? e.querySelector('.user-text')?.textContent)).toEqual([
      'Review sent: 2 comments on 2 files Show Comments',
      'Review sent: 1 comment Show Comments',
      'I reviewed your changes and left 2 comments…',
    ]);
    entries[0]!.querySelector<HTMLButtonElement>('[data-testid="show-review-comments"]')!.click();
    expect(posted).toContainEqual({ type: 'showReviewComments' });
  });
});

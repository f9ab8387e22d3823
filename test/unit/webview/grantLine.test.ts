// @vitest-environment jsdom
// What a durable answer did, on its approval's card: the rule it added and the file it is kept in (as the host read
// them), with Undo and Open; or that the grant lasts for this conversation only; nothing for an answer without one.
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { GrantView, HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { inProcessHighlighter } from './highlightFixtures';
import { bashTool, meta, permission, snapshotMsg, user } from './fixtures';

function setup(entries: TranscriptEntry[]) {
  const posted: WebviewToHost[] = [];
  const frames: (() => void)[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({
    post: (m) => posted.push(m),
    root,
    renderMarkdown: markdownRenderer(inProcessHighlighter().highlighter),
    requestFrame: (cb) => frames.push(cb),
  });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const frame = () => frames.splice(0).forEach((f) => f());
  send(snapshotMsg({ meta: meta(), entries }));
  frame();
  return { root, posted, send, frame, line: () => root.querySelector<HTMLElement>('[data-testid="permission-grant"]') };
}

const always = permission('p1', 'toolu_bash', {
  status: 'selected',
  optionId: 'allow-with-updates',
  optionName: "Yes, and don't ask again for touch commands",
  optionKind: 'allow_always',
});
const written: GrantView = {
  key: 'sess-1:p1',
  rules: [
    { rule: 'Bash(touch g1.txt)', behaviour: 'allow', file: '.claude/settings.local.json', where: 'this project, only you' },
    { rule: 'Bash(touch g2.txt)', behaviour: 'allow', file: '.claude/settings.local.json', where: 'this project, only you' },
  ],
};

describe('an "always" answer on its card', () => {
  it('shows the rules and the file as the host read them, with Undo and Open', () => {
    const t = setup([user('u0', 'make files'), bashTool(), always]);
    expect(t.line()).toBeNull();
    t.send({ type: 'grants', grants: [written] });
    t.frame();
    expect(t.line()!.textContent).toBe(
      'Added Bash(touch g1.txt) to .claude/settings.local.json (this project, only you); Added Bash(touch g2.txt) to .claude/settings.local.json (this project, only you).UndoOpen',
    );
    t.line()!.querySelector<HTMLButtonElement>('[data-testid="grant-undo"]')!.click();
    t.line()!.querySelector<HTMLButtonElement>('[data-testid="grant-open"]')!.click();
    expect(t.posted.filter((m) => m.type === 'undoGrant' || m.type === 'openGrant')).toEqual([
      { type: 'undoGrant', key: 'sess-1:p1' },
      { type: 'openGrant', key: 'sess-1:p1' },
    ]);
  });

  it('once undone says so and offers no Undo', () => {
    const t = setup([user('u0', 'make files'), bashTool(), always]);
    t.send({ type: 'grants', grants: [{ ...written, undone: true }] });
    t.frame();
    expect(t.line()!.textContent).toContain('— undone.');
    expect(t.line()!.querySelector('[data-testid="grant-undo"]')).toBeNull();
  });

  it('a grant that landed in no file lasts for this conversation only, and the card says so', () => {
    const t = setup([user('u0', 'make files'), bashTool(), always]);
    t.send({ type: 'grants', grants: [{ key: 'sess-1:p1', rules: [], sessionOnly: true }] });
    t.frame();
    expect(t.line()!.textContent).toBe('No settings file changed: this grant lasts for this chat only.');
  });

  it('a grant of another card is not shown on this one', () => {
    const t = setup([user('u0', 'make files'), bashTool(), always]);
    t.send({ type: 'grants', grants: [{ ...written, key: 'sess-1:other' }] });
    t.frame();
    expect(t.line()).toBeNull();
  });
});

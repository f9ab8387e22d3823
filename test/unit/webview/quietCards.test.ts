// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import { App } from '../../../src/webview/page/app';
import { toolDenied, toolStatus } from '../../../src/webview/page/labels';
import { bashTool, meta, snapshotMsg } from './fixtures';

function show(entries: TranscriptEntry[]) {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: () => undefined, root, requestFrame: () => undefined });
  app.handleMessage(snapshotMsg({ meta: meta(), entries }));
  return (sel: string) => root.querySelector<HTMLElement>(sel);
}

const fileText = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n');
const readCall = (status: 'completed' | 'in_progress') =>
  bashTool('r', {
    kind: 'read',
    title: 'Read src/cart.js',
    status,
    rawInput: { file_path: '/w/src/cart.js' },
    content: [{ type: 'content', content: { type: 'text', text: fileText } }],
  });

describe('quiet cards', () => {
  it('a finished Read is one line with an expander; opened, it shows what it read', () => {
    const q = show([readCall('completed')]);
    const card = q('[data-tool-call-id="r"]')!;
    expect(card.textContent).not.toContain('line 1');
    const more = card.querySelector<HTMLButtonElement>('[data-testid="show-read"]')!;
    expect(more.textContent).toBe('Show what it read (10 lines)');
    more.click();
    expect(card.textContent).toContain('line 10');
    expect(card.querySelector('[data-testid="show-read"]')).toBeNull();
  });

  it('a command’s output shows its last 8 lines, and Show all counts them all', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `out ${i + 1}`).join('\n');
    const q = show([bashTool('b', { content: [{ type: 'terminal', terminalId: 'b' }], terminalOutput: lines, terminalExit: { exitCode: 0, signal: null } })]);
    const out = q('[data-tool-call-id="b"] [data-testid="terminal-output"]')!.textContent!;
    expect(out.split('\n')).toEqual(Array.from({ length: 8 }, (_, i) => `out ${i + 23}`));
    expect(q('[data-tool-call-id="b"] [data-testid="show-all"]')!.textContent).toBe('Show all (30 lines)');
  });

  it('a terminal row appears with its first byte, and says No output after an exit with none', () => {
    const running = show([bashTool('b', { status: 'in_progress', content: [{ type: 'terminal', terminalId: 'b' }] })]);
    expect(running('[data-tool-call-id="b"] .tool-terminal')!.textContent).toBe('');
    expect(running('[data-tool-call-id="b"]')!.textContent).not.toContain('Terminal');
    const silent = show([bashTool('b', { content: [{ type: 'terminal', terminalId: 'b' }], terminalExit: { exitCode: 0, signal: null } })]);
    expect(silent('[data-tool-call-id="b"] [data-testid="no-output"]')!.textContent).toBe('No output');
    expect(silent('[data-tool-call-id="b"] .terminal-exit')!.textContent).toBe('Exit code 0');
  });

  it('denied and cancelled calls have their own icons', () => {
    expect(toolDenied().icon).not.toBe(toolStatus('cancelled').icon);
  });
});

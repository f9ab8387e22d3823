// @vitest-environment jsdom
// What keeps the chat readable in a 290 px side bar, as the page builds it: a tool card's title wraps only between a
// path's folders and its status word stays for the tooltip and screen readers (styles.css shows the icon alone in a
// narrow card: test/e2e/narrowChat.e2e.test.ts), and the pickers show the mode in one word, each named in its tooltip.
import type { SessionConfigOption } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { inProcessHighlighter } from './highlightFixtures';
import { bashTool, meta, snapshotMsg } from './fixtures';

function setup() {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, renderMarkdown: markdownRenderer(inProcessHighlighter().highlighter), requestFrame: (cb) => cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const q = <T extends Element = HTMLElement>(sel: string) => root.querySelector<T & Element>(sel) as T | null;
  return { posted, send, q };
}

describe('a tool card in a narrow side bar', () => {
  it('offers a line break after each path separator only, and names the whole title and the status in tooltips', () => {
    const t = setup();
    const title = 'Read /home/dev/work space/src\\win/existing.txt';
    t.send(snapshotMsg({ meta: meta(), entries: [bashTool('toolu_read', { title, kind: 'read', status: 'completed' })] }));
    const card = t.q('[data-tool-call-id="toolu_read"]')!;
    const shown = card.querySelector<HTMLElement>('.tool-title')!;
    expect(shown.textContent).toBe(title);
    // The text between the breaks: each piece ends at a separator, so "existing.txt" is never split.
    const pieces = Array.from(shown.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent);
    expect(pieces).toEqual(['Read /', 'home/', 'dev/', 'work space/', 'src\\', 'win/', 'existing.txt']);
    expect(shown.querySelectorAll('wbr')).toHaveLength(6);
    expect(shown.title).toBe(title);
    const status = card.querySelector<HTMLElement>('.tool-status')!;
    expect([status.title, status.querySelector('.tool-status-label')!.textContent, card.getAttribute('aria-label')]).toEqual([
      'Completed',
      'Completed',
      `read: ${title}, Completed`,
    ]);
  });

  it('follows the status in its tooltip', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [bashTool('toolu_run', { status: 'in_progress' })] }));
    expect(t.q('[data-tool-call-id="toolu_run"] .tool-status')!.title).toBe('Running');
    t.send({ type: 'patch', entries: [bashTool('toolu_run', { status: 'failed' })] });
    expect(t.q('[data-tool-call-id="toolu_run"] .tool-status')!.title).toBe('Failed');
  });
});

describe('the composer pickers in a narrow side bar', () => {
  it('shows the mode by its one name, with what it does in the tooltips, and follows a change', () => {
    const t = setup();
    const modes = {
      currentModeId: 'default',
      availableModes: [
        { id: 'default', name: 'Manual', description: 'Asks before each edit' },
        { id: 'acceptEdits', name: 'Accept edits' },
        { id: 'bypassPermissions', name: 'Bypass permissions' },
      ],
    };
    t.send(snapshotMsg({ meta: meta({ modes }), entries: [] }));
    const mode = t.q<HTMLSelectElement>('[data-testid="mode-select"]')!;
    expect(Array.from(mode.options).map((o) => [o.textContent, o.title])).toEqual([
      ['Ask before edits', 'Ask before edits: Asks before each edit'],
      ['Edit automatically', 'Edit automatically'],
      ['Bypass permissions', 'Bypass permissions'],
    ]);
    expect([mode.getAttribute('aria-label'), mode.title]).toEqual(['Mode', 'Mode: Ask before edits']);
    t.send({ type: 'patch', entries: [], meta: { modes: { ...modes, currentModeId: 'acceptEdits' } } });
    expect(t.q<HTMLSelectElement>('[data-testid="mode-select"]')!.title).toBe('Mode: Edit automatically');
  });

  it("shows another agent's modes by their first word, or whole where two would read the same", () => {
    const t = setup();
    const modeOption = (names: string[]): SessionConfigOption => ({
      id: 'm',
      name: 'Session mode',
      category: 'mode',
      type: 'select',
      currentValue: 'a',
      options: names.map((name, i) => ({ value: 'abc'[i]!, name })),
    });
    const model: SessionConfigOption = {
      id: 'llm',
      name: 'Language model',
      category: 'model',
      type: 'select',
      currentValue: 'x',
      options: [{ value: 'x', name: 'Big Model 2 (fast)' }],
    };
    t.send(snapshotMsg({ meta: meta({ modes: null, configOptions: [modeOption(['Architect mode', 'Code mode']), model] }), entries: [] }));
    const mode = () => t.q<HTMLSelectElement>('[data-testid="mode-select"]')!;
    expect(Array.from(mode().options).map((o) => o.textContent)).toEqual(['Architect', 'Code']);
    // The bar names its two pickers Mode and Model, whatever the agent calls the options.
    expect([mode().getAttribute('aria-label'), mode().title]).toEqual(['Mode', 'Mode: Architect mode']);
    const modelSelect = t.q<HTMLSelectElement>('select[data-config-id="llm"]')!;
    expect([modelSelect.getAttribute('aria-label'), modelSelect.title]).toEqual(['Model', 'Model: Big Model 2 (fast)']);
    t.send({ type: 'patch', entries: [], meta: { configOptions: [modeOption(['Read only', 'Read and write']), model] } });
    expect(Array.from(mode().options).map((o) => o.textContent)).toEqual(['Read only', 'Read and write']);
  });
});

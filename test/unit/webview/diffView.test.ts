// @vitest-environment jsdom
// Inline diffs read as code review: each hunk headed by where it is in the file, rows numbered with true file lines.
// A finished Edit comes from the real adapter's own conversion (claude-agent-acp `toolUpdateFromDiffToolResponse`),
// so the numbers are checked against the file the adapter describes, not against the renderer's own arithmetic.
import type { ToolCallContent, ToolCallLocation } from '@agentclientprotocol/sdk';
import { toolUpdateFromDiffToolResponse } from '@agentclientprotocol/claude-agent-acp/dist/diff.js';
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { WebviewToHost } from '../../../src/webview/protocol/protocol';
import { ToolCallView } from '../../../src/webview/page/toolCallView';
import { editTool } from './fixtures';

const PATH = '/home/dev/workspace/values.ts';
/** A 100-line file; the Edit changes line 43 and adds a line below it, and changes old line 92 (new line 93). */
const BEFORE = Array.from({ length: 100 }, (_, i) => `const v${i + 1} = ${i + 1};`);
const AFTER = [...BEFORE.slice(0, 42), 'const v43 = 430;', 'const extra = 0;', ...BEFORE.slice(43, 91), 'const v92 = 920;', ...BEFORE.slice(92)];

/** What the adapter sends once the Edit ran: one diff per hunk of Claude's structuredPatch, and its location line. */
function finishedEdit(): { content: ToolCallContent[]; locations: ToolCallLocation[] } {
  const patch = structuredPatch(PATH, PATH, `${BEFORE.join('\n')}\n`, `${AFTER.join('\n')}\n`, undefined, undefined, { context: 3 });
  const update = toolUpdateFromDiffToolResponse({ filePath: PATH, originalFile: `${BEFORE.join('\n')}\n`, structuredPatch: patch.hunks });
  return { content: update.content ?? [], locations: update.locations ?? [] };
}

function tool(over: Partial<Extract<TranscriptEntry, { kind: 'tool' }>['toolCall']>): TranscriptEntry {
  const base = editTool() as Extract<TranscriptEntry, { kind: 'tool' }>;
  return { ...base, toolCall: { ...base.toolCall, ...over } };
}

function render(entry: TranscriptEntry) {
  const posted: WebviewToHost[] = [];
  const view = new ToolCallView({ post: (m) => posted.push(m), renderMarkdown: () => document.createDocumentFragment(), requestRender: () => {} });
  view.update(entry);
  const card = view.node;
  const headings = () => Array.from(card.querySelectorAll<HTMLElement>('.diff-hunk'));
  const rows = () => Array.from(card.querySelectorAll<HTMLElement>('.diff-line'));
  return { card, posted, headings, rows };
}

/** A row's code: its text after the sign. */
const code = (row: HTMLElement) => (row.textContent ?? '').slice(1);

describe('inline diff: where each hunk is in the file', () => {
  it('a finished Edit with hunks at lines 40 and 90: headed "lines 40–47" and "lines 90–96", each row numbered with its true file line', () => {
    const { content, locations } = finishedEdit();
    expect(locations.map((l) => l.line)).toEqual([40, 90]); // the adapter's locations, as sent
    const t = render(tool({ status: 'completed', content, locations }));
    expect(t.headings().map((e) => e.textContent)).toEqual(['lines 40–47', 'lines 90–96']);
    expect(t.headings().map((e) => e.getAttribute('aria-label'))).toEqual(['Lines 40 to 47', 'Lines 90 to 96']);
    const blocks = Array.from(t.card.querySelectorAll<HTMLElement>('[data-testid="diff"]'));
    const numbers = blocks.map((b) => Array.from(b.querySelectorAll<HTMLElement>('.diff-line')).map((r) => Number(r.dataset.line)));
    // Removed rows carry the old file's number, the others the new file's.
    expect(numbers).toEqual([
      [40, 41, 42, 43, 43, 44, 45, 46, 47],
      [90, 91, 92, 92, 93, 94, 95, 96],
    ]);
    for (const row of t.rows()) {
      const file = row.classList.contains('diff-del') ? BEFORE : AFTER;
      expect(code(row)).toBe(file[Number(row.dataset.line) - 1]);
    }
    const removed = t.rows().filter((r) => r.classList.contains('diff-del'));
    expect(removed.map((r) => [r.dataset.line, code(r)])).toEqual([
      ['43', 'const v43 = 43;'],
      ['92', 'const v92 = 92;'],
    ]);
  });

  it('a pending Edit (the tool input\'s snippet, place unknown) is headed "snippet" and shows no line numbers', () => {
    // The adapter's pending Edit: old_string/new_string, and a location without a line.
    const t = render(
      tool({
        status: 'pending',
        content: [{ type: 'diff', path: PATH, oldText: 'alpha', newText: 'ALPHA-EDITED' }],
        locations: [{ path: PATH }],
      }),
    );
    expect(t.headings().map((e) => e.textContent)).toEqual(['snippet']);
    expect(t.headings()[0]!.getAttribute('aria-label')).toMatch(/not known/);
    expect(t.rows().map((r) => [r.className, code(r)])).toEqual([
      ['diff-line diff-del', 'alpha'],
      ['diff-line diff-add', 'ALPHA-EDITED'],
    ]);
    expect(t.card.querySelectorAll('.diff-line[data-line]')).toHaveLength(0);
  });

  it('hunks whose locations do not pair with them (count or path) are snippets: no numbers are guessed', () => {
    const { content, locations } = finishedEdit();
    for (const locs of [
      locations.slice(0, 1),
      [
        { path: '/elsewhere.ts', line: 40 },
        { path: '/elsewhere.ts', line: 90 },
      ],
    ]) {
      const t = render(tool({ status: 'completed', content, locations: locs }));
      expect(t.headings().map((e) => e.textContent)).toEqual(['snippet', 'snippet']);
      expect(t.card.querySelectorAll('.diff-line[data-line]')).toHaveLength(0);
    }
  });

  it('a new file (oldText null) shows added lines only, numbered from 1, headed "new file, N lines"', () => {
    const t = render(
      tool({
        name: 'Write',
        title: 'Write hello.ts',
        content: [{ type: 'diff', path: '/home/dev/workspace/hello.ts', oldText: null, newText: 'one\ntwo\nthree' }],
        locations: [{ path: '/home/dev/workspace/hello.ts' }],
      }),
    );
    expect(t.headings().map((e) => [e.textContent, e.getAttribute('aria-label')])).toEqual([['new file, 3 lines', 'New file, 3 lines']]);
    expect(t.rows().map((r) => [r.className, r.dataset.line, code(r)])).toEqual([
      ['diff-line diff-add', '1', 'one'],
      ['diff-line diff-add', '2', 'two'],
      ['diff-line diff-add', '3', 'three'],
    ]);
    expect(t.card.querySelector('.diff-stat')!.textContent).toBe('+3 −0');
  });

  it('no row reads as patch syntax: nothing in a diff body starts with "@@"', () => {
    const entries = [
      tool({ status: 'completed', ...finishedEdit() }),
      tool({ content: [{ type: 'diff', path: PATH, oldText: 'alpha', newText: 'ALPHA-EDITED' }], locations: [{ path: PATH }] }),
      tool({ content: [{ type: 'diff', path: PATH, oldText: null, newText: 'one' }], locations: [{ path: PATH }] }),
    ];
    for (const entry of entries) {
      const body = Array.from(render(entry).card.querySelectorAll('.diff-body > *'));
      expect(body.length).toBeGreaterThan(0);
      expect(body.filter((e) => e.textContent!.startsWith('@@')).map((e) => e.textContent)).toEqual([]);
    }
  });

  it('a long diff shows its first rows, "Show all N lines" counting code lines, and every numbered row once expanded', () => {
    const text = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n');
    const t = render(tool({ content: [{ type: 'diff', path: PATH, oldText: null, newText: text }], locations: [{ path: PATH }] }));
    const showAll = t.card.querySelector<HTMLButtonElement>('[data-testid="show-all"]')!;
    expect(showAll.textContent).toBe('Show all 200 lines');
    expect(t.rows().length).toBeLessThan(200);
    showAll.click();
    expect(t.rows().map((r) => r.dataset.line)).toEqual(Array.from({ length: 200 }, (_, i) => String(i + 1)));
    t.card.querySelector<HTMLButtonElement>('[data-testid="open-diff"]')!.click();
    expect(t.posted).toEqual([{ type: 'openDiff', toolCallId: 'toolu_edit', contentIndex: 0 }]);
  });
});

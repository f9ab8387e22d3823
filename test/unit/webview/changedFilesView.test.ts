// @vitest-environment jsdom
// The changed-files card's rows on the page: in a turn a subagent took part in, each file says quietly who changed it
// (after its name, and in the link's accessible name); a card without that reads exactly as before.
import { describe, expect, it } from 'vitest';
import type { ChangedFileView, TurnChangesView, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { ChangedFilesView } from '../../../src/webview/page/changedFilesView';

function fileView(name: string, by?: string[]): ChangedFileView {
  return { path: `/w/${name}`, label: name, added: 2, removed: 1, change: 'modified', reverted: false, ...(by ? { by } : {}) };
}

function card(...files: ChangedFileView[]): HTMLElement {
  const posted: WebviewToHost[] = [];
  const view = new ChangedFilesView((m) => posted.push(m));
  const changes: TurnChangesView = { id: 'c1', userIndex: 0, endUserIndex: 0, files };
  view.update(changes);
  document.body.replaceChildren(view.node);
  return view.node;
}

const rows = (node: HTMLElement) => Array.from(node.querySelectorAll<HTMLElement>('[data-testid="changed-file"]'));

describe('who changed each file, on the card', () => {
  it('says it after the name, and in the name the link is read by', () => {
    const node = card(fileView('a.ts', ['Main agent']), fileView('b.ts', ['Read a']), fileView('c.ts', ['Read a', 'Main agent']), fileView('d.ts'));
    const said = rows(node).map((r) => [
      r.querySelector('.changed-file-name')!.getAttribute('aria-label'),
      r.querySelector('[data-testid="changed-file-by"]')?.textContent ?? null,
    ]);
    expect(said).toEqual([
      ['a.ts, by Main agent', 'by Main agent'],
      ['b.ts, by Read a', 'by Read a'],
      ['c.ts, by Read a, Main agent', 'by Read a, Main agent'],
      // Not known (a shell command's change): nothing said.
      [null, null],
    ]);
    // Quiet, right after the name (before the counts and the actions), and read once: through the link.
    const by = rows(node)[1]!.querySelector<HTMLElement>('[data-testid="changed-file-by"]')!;
    expect(by.previousElementSibling?.classList.contains('changed-file-name')).toBe(true);
    expect(by.classList.contains('changed-file-by')).toBe(true);
    expect(by.getAttribute('aria-hidden')).toBe('true');
    // The file's own name is still what the link shows (its accessible name starts with it).
    expect(rows(node)[1]!.querySelector('.changed-file-name')!.textContent).toBe('b.ts');
  });

  it('leaves a card no subagent took part in as it was', () => {
    const node = card(fileView('a.ts'), { ...fileView('b.ts'), change: 'created', by: [] });
    expect(node.querySelector('[data-testid="changed-file-by"]')).toBeNull();
    expect(node.querySelectorAll('.changed-file-name[aria-label]')).toHaveLength(0);
    expect(rows(node).map((r) => Array.from(r.children).map((c) => c.className))).toEqual([
      ['ext-link changed-file-name', 'diff-stat-add', 'diff-stat-del', 'text-btn'],
      ['ext-link changed-file-name', 'changed-file-kind', 'diff-stat-add', 'diff-stat-del', 'text-btn'],
    ]);
  });
});

// @vitest-environment jsdom
// Drops on the composer: the URIs a workbench drag carries (as VS Code fills its DataTransfer), handed to the host as
// strings only; files from the OS refused unless they are images the agent takes.
import { describe, expect, it } from 'vitest';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { carriesOsFiles, carriesUris, droppedUris, type DragData } from '../../../src/webview/page/dropTarget';
import { caps, meta, snapshotMsg } from './fixtures';

const data = (entries: Record<string, string>): DragData => ({ types: Object.keys(entries), getData: (t) => entries[t.toLowerCase()] ?? '' });

describe('droppedUris', () => {
  it('reads an Explorer drag: the code uri-list (folders included) first, the rest adding only what it lacks', () => {
    const d = data({
      'text/plain': '/w/src/a.ts\n/w/docs',
      'application/vnd.code.uri-list': 'file:///w/src/a.ts\r\nfile:///w/docs',
      'text/uri-list': 'file:///w/src/a.ts',
      resourceurls: JSON.stringify(['file:///w/src/a.ts']),
      codefiles: JSON.stringify(['/w/src/a.ts', '/w/docs']),
    });
    expect(droppedUris(d)).toEqual(['file:///w/src/a.ts', 'file:///w/docs']);
  });

  it('reads an editor tab (codeeditors with a string or a marshalled URI), comments and junk left out', () => {
    expect(
      droppedUris(
        data({
          codeeditors: JSON.stringify([
            { resource: 'vscode-remote://localhost:8080/w/a%20b.md' },
            { resource: { $mid: 1, scheme: 'file', path: '/w/c d.md' } },
            { nope: 1 },
          ]),
        }),
      ),
    ).toEqual(['vscode-remote://localhost:8080/w/a%20b.md', 'file:///w/c%20d.md']);
    expect(droppedUris(data({ 'text/uri-list': '# a comment\n\nnot a uri\nfile:///w/x', resourceurls: '{broken' }))).toEqual(['file:///w/x']);
  });

  it('is bounded: at most 100 URIs, none longer than the protocol takes', () => {
    const many = Array.from({ length: 150 }, (_, i) => `file:///w/f${i}`);
    const long = `file:///${'x'.repeat(9000)}`;
    const uris = droppedUris(data({ 'text/uri-list': [long, ...many].join('\n') }));
    expect(uris.length).toBe(100);
    expect(uris[0]).toBe('file:///w/f0');
  });

  it('tells workbench drags from OS files', () => {
    expect(carriesUris(['text/plain', 'application/vnd.code.uri-list'])).toBe(true);
    expect(carriesUris(['ResourceURLs'])).toBe(true);
    expect(carriesUris(['text/plain'])).toBe(false);
    expect(carriesOsFiles(['Files'])).toBe(true);
    expect(carriesOsFiles(['Files', 'text/uri-list'])).toBe(false);
  });
});

function setup(image = false) {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
  const send = (m: HostToWebview) => app.handleMessage(m);
  send(snapshotMsg({ meta: meta(), entries: [] }, caps({ image })));
  const composer = root.querySelector<HTMLElement>('.composer')!;
  const ta = root.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
  return { posted, root, composer, ta };
}

/** A drag event carrying `entries` (and `files`), as jsdom has no DataTransfer. */
function drag(type: string, entries: Record<string, string>, files: File[] = []): Event {
  const e = new Event(type, { bubbles: true, cancelable: true });
  const types = [...Object.keys(entries), ...(files.length ? ['Files'] : [])];
  Object.defineProperty(e, 'dataTransfer', { value: { types, getData: (t: string) => entries[t.toLowerCase()] ?? '', files, dropEffect: 'none' } });
  return e;
}

describe('dropping on the composer', () => {
  it('shows the hint while a workbench drag is over it, and hands the host the URIs on drop (not the text)', () => {
    const t = setup();
    const entries = { 'text/plain': '/w/a.ts', 'application/vnd.code.uri-list': 'file:///w/a.ts' };
    const hint = t.root.querySelector<HTMLElement>('[data-testid="drop-hint"]')!;
    expect(hint.textContent).toBe('Drop to add to the chat');
    const enter = drag('dragenter', entries);
    t.ta.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(t.composer.classList.contains('dragging')).toBe(true);
    const drop = drag('drop', entries);
    t.ta.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(t.composer.classList.contains('dragging')).toBe(false);
    expect(t.posted.at(-1)).toEqual({ type: 'dropUris', uris: ['file:///w/a.ts'] });
    expect(t.ta.value).toBe('');
  });

  it('leaves a plain text drag to the textarea', () => {
    const t = setup();
    const enter = drag('dragenter', { 'text/plain': 'hello' });
    t.ta.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(false);
    expect(t.composer.classList.contains('dragging')).toBe(false);
    t.ta.dispatchEvent(drag('drop', { 'text/plain': 'hello' }));
    expect(t.posted.some((m) => m.type === 'dropUris')).toBe(false);
  });

  it('refuses a file from the OS in words (no path reaches the host)', () => {
    const t = setup(true);
    t.ta.dispatchEvent(drag('drop', {}, [new File(['x'], 'notes.txt', { type: 'text/plain' })]));
    expect(t.posted.some((m) => m.type === 'dropUris')).toBe(false);
    expect(t.root.querySelector('.composer-notice')!.textContent).toBe(
      'Files from outside VS Code cannot be attached: drag them from the Explorer (hold Shift), or paste an image.',
    );
  });
});

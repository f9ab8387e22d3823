import { describe, expect, it } from 'vitest';
import { droppedName, droppedPath } from '../../../src/chatContext/droppedUris';

describe('a dropped URI as a local path', () => {
  it('takes a file: URI, percent-decoded', () => {
    expect(droppedPath('file:///w/src/a%20b.ts', false)).toEqual({ ok: true, path: '/w/src/a b.ts' });
  });

  it('takes the workbench’s vscode-remote: form only in a remote window', () => {
    expect(droppedPath('vscode-remote://localhost:8080/w/notes.md', true)).toEqual({ ok: true, path: '/w/notes.md' });
    expect(droppedPath('vscode-remote://localhost:8080/w/notes.md', false)).toEqual({ ok: false, reason: 'not-a-file' });
  });

  it('refuses what names no file on this machine, and URIs with more than a path', () => {
    expect(droppedPath('untitled:Untitled-1', false)).toEqual({ ok: false, reason: 'not-a-file' });
    expect(droppedPath('https://example.com/a.ts', false)).toEqual({ ok: false, reason: 'not-a-file' });
    expect(droppedPath('git:/w/a.ts?%7B%7D', false)).toEqual({ ok: false, reason: 'invalid' });
    expect(droppedPath('file:///w/a.ts#L3', false)).toEqual({ ok: false, reason: 'invalid' });
    expect(droppedPath('not a uri', false)).toEqual({ ok: false, reason: 'invalid' });
    expect(droppedPath('file:///w/a%00b', false)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('names a refused URI by its last segment, bounded and inert in a notification', () => {
    expect(droppedName('file:///w/docs/My%20Notes.md')).toBe('My Notes.md');
    expect(droppedName('https://x.test/a/[click](command:rm)/')).toBe('[click] (command:rm)');
    expect(droppedName('/w/$(alert)x.md')).toBe('\\$(alert)x.md');
    expect(droppedName(`untitled:${'y'.repeat(200)}`).length).toBe(80);
  });
});

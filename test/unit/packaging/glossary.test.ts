// The chat's one vocabulary (docs/glossary.md) is checked in the build: a string a person reads that uses a retired
// word fails it, in the host's l10n messages, the manifest's strings and the page's text alike.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { checkGlossary, pageTexts, retiredIn, retiredWords } from '../../../scripts/glossary.mjs';
// @ts-expect-error a plain .mjs script without types
import { checkTree } from '../../../scripts/l10n.mjs';

const root = resolve(__dirname, '../../..');
const words: string[] = retiredWords(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));

describe('the glossary check', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reads the retired words from the glossary', () => {
    expect(words).toEqual(expect.arrayContaining(['conversation', 'session', 'revert', 'restore', 'go back', 'send again', 'taken back']));
  });

  it('finds a retired word in any case and form, as a whole word only', () => {
    expect(retiredIn('Revert All', words)).toBe('revert');
    expect(retiredIn('Reverted', words)).toBe('revert');
    expect(retiredIn('Search conversations by title', words)).toBe('conversation');
    expect(retiredIn('Go back to before this prompt…', words)).toBe('go back');
    expect(retiredIn('Undo All', words)).toBeUndefined();
    // An identifier or an id is not the word.
    expect(retiredIn('sessionId', words)).toBeUndefined();
    expect(retiredIn('session-closed', words)).toBeUndefined();
  });

  it('reads the page’s text and leaves its ids, classes and marked lines alone', () => {
    const source = [
      "const a = button('Revert All', { class: 'text-btn', 'data-testid': 'revert-all' });",
      '// glossary-ignore: the agent’s own name for it',
      "const b = 'Conversation';",
      'const c = `${n} files in this conversation`;',
    ].join('\n');
    expect(pageTexts(source, 'x.ts')).toEqual([
      { line: 1, text: 'Revert All' },
      { line: 4, text: ' files in this conversation' },
    ]);
  });

  it('fails a tree whose page says "Revert" and whose host says "conversation"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'glossary-'));
    dirs.push(dir);
    cpSync(join(root, 'docs/glossary.md'), join(dir, 'docs/glossary.md'));
    mkdirSync(join(dir, 'src/webview/page'), { recursive: true });
    writeFileSync(join(dir, 'src/webview/page/card.ts'), "export const undo = button('Revert', { class: 'text-btn' });\n");
    const host = [{ file: 'src/workbench/picker.ts', line: 3, text: 'Delete this conversation' }];
    expect(checkGlossary(dir, host).map((p: { file: string; line: number; why: string }) => `${p.file}:${p.line} ${p.why.split(',')[0]}`)).toEqual([
      'src/workbench/picker.ts:3 uses "conversation"',
      'src/webview/page/card.ts:1 uses "revert"',
    ]);
  });

  it('the build’s check over this tree finds no retired word', () => {
    const { problems } = checkTree(root) as { problems: { why: string }[] };
    expect(problems.filter((p) => p.why.includes('retired'))).toEqual([]);
  });
});

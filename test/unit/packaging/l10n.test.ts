// The host's user-facing strings come from l10n.t (scripts/l10n.mjs, run by the build): the checker flags a plain
// literal where VS Code shows text and leaves ids, command ids and codicons alone; the bundle it writes holds every
// message; the tree as it is passes; and the shared l10n.t of modules without vscode words English as VS Code does.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { bundleOf, checkTree, scanSource } from '../../../scripts/l10n.mjs';
import { l10n } from '../../../src/contributions/l10n';

const root = resolve(__dirname, '../../..');
type Problem = { line: number; text: string; why: string };
type Message = { key: string; message: string; comment?: string[] };
const scan = (source: string, file = 'src/workbench/fixture.ts') => scanSource(source, file) as { problems: Problem[]; messages: Message[] };
const flagged = (source: string, file?: string) => scan(source, file).problems.map((p) => `${p.line}: ${p.text}`);

describe('the localisation check', () => {
  it('flags a notification, its button and a quick pick written as plain literals, with their lines', () => {
    const source = [
      "import * as vscode from 'vscode';",
      'export async function ask(name: string) {',
      "  const go = await vscode.window.showInformationMessage(`Open ${name}?`, 'Open');",
      "  await vscode.window.showQuickPick([{ label: '$(add) New Chat' }], { title: 'Chats', placeHolder: 'Pick one' });",
      "  const item = vscode.window.createStatusBarItem('acpChat.agent');",
      "  item.text = '$(sync~spin) Starting';",
      '  return go;',
      '}',
    ].join('\n');
    expect(flagged(source)).toEqual(['3: Open {0}?', '3: Open', '4: $(add) New Chat', '4: Chats', '4: Pick one', '6: $(sync~spin) Starting']);
  });

  it('passes the same calls through l10n.t, and leaves ids, command ids, codicons alone and agent-facing text alone', () => {
    const source = [
      "import * as vscode from 'vscode';",
      'export async function ask(name: string) {',
      "  const go = await vscode.window.showInformationMessage(vscode.l10n.t('Open {0}?', name), vscode.l10n.t('Open'));",
      "  await vscode.window.showQuickPick([{ label: vscode.l10n.t('$(add) New Chat'), id: 'acpChat.newSession' }], { title: vscode.l10n.t('Chats') });",
      "  const item = vscode.window.createStatusBarItem('acpChat.agent');",
      "  item.text = '$(sync~spin)';",
      "  await vscode.commands.executeCommand('workbench.action.openSettings', 'acpChat');",
      "  const tool = { name: 'get_diagnostics', description: 'For the model.', inputSchema: { type: 'object' } };",
      "  item.tooltip = 'Bash(npm test:*)'; // l10n-ignore: a rule's syntax",
      '  return [go, tool];',
      '}',
    ].join('\n');
    expect(scan(source).problems).toEqual([]);
    expect(scan(source).messages.map((m) => m.key)).toEqual(['Open {0}?', 'Open', '$(add) New Chat', 'Chats']);
  });

  it('flags a reason or problem in words, and leaves one that is a code the wording is chosen by', () => {
    const source = [
      'export function check(ok: boolean, first: boolean) {',
      "  if (!ok) return { ok: false, reason: 'it changed after the agent wrote it' };",
      '  if (first) return { ok: false, problem: `${first} was not found on PATH` };',
      "  return { ok: false, reason: first ? 'first-prompt' : 'cannot-fork', problem: 'not-a-file' };",
      '}',
    ].join('\n');
    expect(flagged(source)).toEqual(['2: it changed after the agent wrote it', '3: {0} was not found on PATH']);
  });

  it('reads a sentence put together with + as one message, and every sentence of a wording module', () => {
    expect(flagged("vscode.window.showWarningMessage('Delete ' + name + '? It cannot be undone.');")).toEqual(['1: Delete {0}? It cannot be undone.']);
    const wording = "export const WORDS = { gone: 'That change is no longer under review.' };\nconst action = 'showLog';";
    expect(flagged(wording, 'src/feedback/userErrors.ts')).toEqual(['1: That change is no longer under review.']);
    // A feature's wording (…Wording.ts) and its error kinds that word themselves (…Error.ts) are wording modules too.
    expect(flagged(wording, 'src/review/reviewWording.ts')).toEqual(['1: That change is no longer under review.']);
    expect(flagged(wording, 'src/worktrees/worktreeError.ts')).toEqual(['1: That change is no longer under review.']);
    expect(flagged(wording)).toEqual([]);
  });

  it("flags the page's text where it builds the DOM (children, labels, tooltips, announcements) and leaves classes and ids", () => {
    const page = 'src/webview/page/fixture.ts';
    const source = [
      "import { button, h } from './dom';",
      'export function card(n: number, say: (s: string) => void) {',
      "  const head = h('div', { class: 'tool-head', 'aria-label': 'Tool call', 'data-testid': 'tool-card' }, 'Show all (', String(n), ' lines)');",
      "  const b = button('Remove queued prompt', { class: 'icon-btn' });",
      "  head.title = 'The whole title';",
      "  head.setAttribute('aria-label', 'Queued ' + n);",
      "  head.setAttribute('data-kind', 'allow_once');",
      "  say('Copied as Markdown');",
      '  return [head, b];',
      '}',
    ].join('\n');
    expect(flagged(source, page)).toEqual([
      '3: Show all (',
      '3:  lines)',
      '3: Tool call',
      '4: Remove queued prompt',
      '5: The whole title',
      '6: Queued {0}',
      '8: Copied as Markdown',
    ]);
    // The same text through the page's l10n.t: one message per sentence, in the bundle with the host's.
    const fixed = [
      "import { button, h } from './dom';",
      "import { l10n } from './l10n';",
      'export function card(n: number) {',
      "  const head = h('div', { class: 'tool-head', 'aria-label': l10n.t('Tool call') }, l10n.t('Show all ({0} lines)', n));",
      "  return [head, button(l10n.t('Remove queued prompt'), { class: 'icon-btn' })];",
      '}',
    ].join('\n');
    expect(scan(fixed, page).problems).toEqual([]);
    expect(scan(fixed, page).messages.map((m) => m.key)).toEqual(['Tool call', 'Show all ({0} lines)', 'Remove queued prompt']);
    // The host's own code is not read for the page's places (an `h` there is something else).
    expect(flagged("h('div', {}, 'Some words');", 'src/workbench/fixture.ts')).toEqual([]);
    // The page's words are set just before the app starts, after its modules load.
    expect(scan("const LABEL = l10n.t('Running');", page).problems.map((p) => p.why)).toEqual([
      'l10n.t runs when the module loads, before activation: call it in a function',
    ]);
  });

  it('flags an l10n.t whose message is not a literal, and one that runs as its module loads', () => {
    const problems = scan("const LABEL = l10n.t('Show Log');\nexport function f(key: string) { return l10n.t(key); }").problems;
    expect(problems.map((p) => `${p.line}: ${p.why}`)).toEqual([
      '1: l10n.t runs when the module loads, before activation: call it in a function',
      '2: l10n.t needs a literal message',
    ]);
    expect(scan("const WORDS = { get label() { return l10n.t('Show Log'); } };").problems).toEqual([]);
  });

  it('writes the bundle VS Code reads: message → English, with the comment in the key where a translator gets one', () => {
    const { messages } = scan("export const f = () => [vscode.l10n.t('Keep'), vscode.l10n.t({ message: 'Keep', comment: ['a button'] })];");
    expect(bundleOf(messages)).toEqual({ Keep: 'Keep', 'Keep/a button': { message: 'Keep', comment: ['a button'] } });
  });

  it('in a tree, names each plain literal by file and line, and the bundle keys missing or unused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acp-l10n-'));
    try {
      mkdirSync(join(dir, 'src/workbench'), { recursive: true });
      mkdirSync(join(dir, 'src/webview/page'), { recursive: true });
      mkdirSync(join(dir, 'l10n'));
      writeFileSync(join(dir, 'src/workbench/a.ts'), "export const f = () => [vscode.window.showInformationMessage('Done.'), vscode.l10n.t('Kept')];\n");
      // The page's text is checked in its places, and its messages join the bundle; the protocol's modules carry data.
      writeFileSync(join(dir, 'src/webview/page/b.ts'), "export const g = () => [h('p', {}, 'Page text.'), l10n.t('Shown')];\n");
      mkdirSync(join(dir, 'src/webview/protocol'), { recursive: true });
      writeFileSync(join(dir, 'src/webview/protocol/c.ts'), "export const m = () => ({ message: 'For the other side.' });\n");
      writeFileSync(join(dir, 'l10n/bundle.l10n.json'), JSON.stringify({ Old: 'Old' }));
      const r = checkTree(dir) as { problems: Array<Problem & { file: string }>; missing: string[]; stale: string[] };
      expect(r.problems.map((p) => `${p.file}:${p.line}: ${p.text}`)).toEqual(['src/webview/page/b.ts:1: Page text.', 'src/workbench/a.ts:1: Done.']);
      expect({ missing: r.missing, stale: r.stale }).toEqual({ missing: ['Kept', 'Shown'], stale: ['Old'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds nothing to fix in the tree, and l10n/bundle.l10n.json is the one the l10n.t calls make', () => {
    const { problems, missing, stale, expected } = checkTree(root) as { problems: Problem[]; missing: string[]; stale: string[]; expected: object };
    expect(problems).toEqual([]);
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(Object.keys(expected).length).toBeGreaterThan(300);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { l10n?: string };
    expect(manifest.l10n).toBe('./l10n');
  });
});

describe('l10n.t of the modules without vscode', () => {
  it('gives the English message with its arguments put in, as VS Code does for its default language', () => {
    expect(l10n.t('Restore {0} file{1}?', 2, 's')).toBe('Restore 2 files?');
    expect(l10n.t('Signed in ({0}).', 'API key')).toBe('Signed in (API key).');
    expect(l10n.t('Hello {name}', { name: 'you' })).toBe('Hello you');
    expect(l10n.t({ message: 'Keep {0}', args: ['it'], comment: ['a button'] })).toBe('Keep it');
    expect(l10n.t('A {0} left as is')).toBe('A {0} left as is');
  });
});

// `@` in the composer: what the typed text names among the categories (the problems, the terminal's output, the git
// changes), the workspace's files and folders, and VS Code's workspace symbols (mentionOrder.ts orders them), and the
// chip a picked suggestion becomes — the same Add Context makes (contextSources.ts).
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { ADD_CONTEXT, dropNotAttached } from './contextWording';
import type { Attachment, Mention, MentionCompletion } from '../webview/protocol/protocol';
import type { ContextSources } from './contextSources';
import { ancestorFolders, baseName, matchingCategories, parseMentionQuery, rankByName, type MentionCategory } from './mentionOrder';
import { droppedName } from './droppedUris';
import { checkWorkspacePath } from './workspaceResources';

const MAX_RESOURCES = 30;
const MAX_SYMBOLS_WITH_FILES = 20;
const MAX_SYMBOLS_ALONE = 50;
/** Symbols are looked up from this many typed characters on (one character matches most of a workspace). */
const MIN_SYMBOL_QUERY = 2;
const EXCLUDE = '**/{node_modules,.git}/**';

const CATEGORY_ITEMS: Record<MentionCategory, () => MentionCompletion> = {
  problems: () => ({ mention: { kind: 'problems' }, label: ADD_CONTEXT.problems, detail: ADD_CONTEXT.problemsDetail }),
  terminal: () => ({ mention: { kind: 'terminal' }, label: ADD_CONTEXT.terminal, detail: ADD_CONTEXT.terminalDetail }),
  changes: () => ({ mention: { kind: 'changes' }, label: ADD_CONTEXT.changes, detail: ADD_CONTEXT.changesDetail }),
};

export class MentionSource {
  constructor(private readonly sources: ContextSources) {}

  /** The suggestions for the typed `@` text (without the `@`), best first. */
  async complete(typed: string): Promise<MentionCompletion[]> {
    const query = parseMentionQuery(typed);
    if (query.symbolsOnly) return this.symbols(query.text, MAX_SYMBOLS_ALONE);
    const [resources, symbols] = await Promise.all([
      this.resources(query.text),
      query.text.trim().length >= MIN_SYMBOL_QUERY ? this.symbols(query.text, MAX_SYMBOLS_WITH_FILES) : [],
    ]);
    return [...matchingCategories(query.text).map((c) => CATEGORY_ITEMS[c]()), ...resources, ...symbols];
  }

  /** The chip of a picked suggestion; a path is checked again (the page is untrusted), a refusal said. */
  async attach(mention: Mention): Promise<Attachment[]> {
    // A category names no path: its chip is made as Add Context makes it.
    if (!('path' in mention)) return this.sources.category(mention.kind);
    const checked = await checkWorkspacePath(mention.path);
    if (!checked.ok || (mention.kind === 'symbol' && checked.folder)) {
      this.sources.say(dropNotAttached([{ name: droppedName(mention.path), why: checked.ok ? 'not-a-file' : checked.why }]), 'warning');
      return [];
    }
    if (mention.kind !== 'symbol') return [this.sources.resource(checked.uri, checked.folder)];
    const range = new vscode.Range(mention.startLine - 1, 0, Math.max(mention.startLine, mention.endLine) - 1, 0);
    return [await this.sources.symbol(checked.uri, mention.name, range)];
  }

  /** Files whose path holds the text, and the folders whose name does, ranked together. */
  private async resources(text: string): Promise<MentionCompletion[]> {
    const q = text.replace(/[\\[\]{}*?!]/g, '');
    const [files, inFolders] = await Promise.all([
      vscode.workspace.findFiles(`**/*${q}*`, EXCLUDE, 50),
      // A folder is found through a file below it.
      vscode.workspace.findFiles(q ? `**/*${q}*/**` : '**/*/**', EXCLUDE, 200),
    ]);
    const candidates = new Map<string, { name: string; path: string; item: MentionCompletion }>();
    for (const uri of files) {
      const label = vscode.workspace.asRelativePath(uri);
      candidates.set(uri.fsPath, { name: baseName(label), path: label, item: { mention: { kind: 'file', path: uri.fsPath }, label } });
    }
    for (const uri of [...files, ...inFolders]) {
      const root = vscode.workspace.getWorkspaceFolder(uri);
      if (!root) continue;
      const relative = nodePath.relative(root.uri.fsPath, uri.fsPath).split(nodePath.sep).join('/');
      for (const dir of ancestorFolders(relative)) {
        const path = nodePath.join(root.uri.fsPath, ...dir.split('/'));
        if (candidates.has(path) || (q && !baseName(dir).toLowerCase().includes(q.toLowerCase()))) continue;
        const label = vscode.workspace.asRelativePath(vscode.Uri.file(path));
        candidates.set(path, { name: baseName(dir), path: label, item: { mention: { kind: 'folder', path }, label: `${label}/` } });
      }
    }
    return rankByName(q, [...candidates.values()], MAX_RESOURCES).map((c) => c.item);
  }

  private async symbols(text: string, limit: number): Promise<MentionCompletion[]> {
    const found = await this.sources.findSymbols(text.trim());
    const candidates = found.map((s) => {
      const file = vscode.workspace.asRelativePath(s.location.uri);
      const item: MentionCompletion = {
        mention: {
          kind: 'symbol',
          path: s.location.uri.fsPath,
          name: s.name,
          startLine: s.location.range.start.line + 1,
          endLine: s.location.range.end.line + 1,
        },
        label: s.name,
        detail: [s.containerName, `${file}:${s.location.range.start.line + 1}`].filter(Boolean).join(' · '),
      };
      return { name: s.name, path: file, item };
    });
    // VS Code's providers match loosely (fuzzy): those the text names best come first, the rest after.
    const ranked = rankByName(text.trim(), candidates, limit);
    const rest = candidates.filter((c) => !ranked.includes(c));
    return [...ranked, ...rest].slice(0, limit).map((c) => c.item);
  }
}

// Add Context: what the user can attach besides `@file`, the selection and a pasted image — files and folders, a
// symbol (VS Code's workspace symbol search), the workspace's problems, the active terminal's recent output, and the
// git changes — each as a chip in the composer the user can remove before sending.
import * as vscode from 'vscode';
import { ADD_CONTEXT } from './contextWording';
import type { Attachment } from '../webview/protocol/protocol';
import type { ContextCategory, ContextSources } from './contextSources';

type Source = 'files' | 'symbol' | ContextCategory;

export class ContextPicker {
  constructor(private readonly sources: ContextSources) {}

  /** Asks what to attach; the attachments (none when the user cancelled or there was nothing). */
  async pick(): Promise<Attachment[]> {
    const items: Array<vscode.QuickPickItem & { source: Source }> = [
      { label: `$(files) ${ADD_CONTEXT.files}`, detail: ADD_CONTEXT.filesDetail, source: 'files' },
      { label: `$(symbol-class) ${ADD_CONTEXT.symbol}`, detail: ADD_CONTEXT.symbolDetail, source: 'symbol' },
      { label: `$(warning) ${ADD_CONTEXT.problems}`, detail: ADD_CONTEXT.problemsDetail, source: 'problems' },
      { label: `$(terminal) ${ADD_CONTEXT.terminal}`, detail: ADD_CONTEXT.terminalDetail, source: 'terminal' },
      { label: `$(git-compare) ${ADD_CONTEXT.changes}`, detail: ADD_CONTEXT.changesDetail, source: 'changes' },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: ADD_CONTEXT.title, placeHolder: ADD_CONTEXT.placeholder });
    const source = picked?.source;
    switch (source) {
      case undefined:
        return [];
      case 'files':
        return this.files();
      case 'symbol':
        return this.symbol();
      default:
        return this.sources.category(source);
    }
  }

  private async files(): Promise<Attachment[]> {
    const uris = await vscode.window.showOpenDialog({
      canSelectFiles: true,
      canSelectFolders: true,
      canSelectMany: true,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      openLabel: ADD_CONTEXT.openLabel,
      title: ADD_CONTEXT.files,
    });
    const picked = (uris ?? []).filter((u) => u.scheme === 'file');
    const kinds = await Promise.all(
      picked.map((u) =>
        vscode.workspace.fs.stat(u).then(
          (st) => (st.type & vscode.FileType.Directory) !== 0,
          () => false,
        ),
      ),
    );
    return picked.map((u, i) => this.sources.resource(u, kinds[i]!));
  }

  /** VS Code's workspace symbol search as the user types; the picked symbol's lines are attached. */
  private async symbol(): Promise<Attachment[]> {
    const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { symbol: vscode.SymbolInformation }>();
    qp.title = ADD_CONTEXT.symbol;
    qp.placeholder = ADD_CONTEXT.symbolPlaceholder;
    qp.matchOnDescription = true;
    let asked = 0;
    qp.onDidChangeValue(async (query) => {
      const mine = ++asked;
      if (!query.trim()) return void (qp.items = []);
      qp.busy = true;
      const found = await this.sources.findSymbols(query);
      if (mine !== asked) return;
      qp.busy = false;
      qp.items = found.map((s) => ({
        label: s.name,
        description: [s.containerName, vscode.workspace.asRelativePath(s.location.uri)].filter(Boolean).join(' · '),
        symbol: s,
      }));
    });
    const chosen = await new Promise<vscode.SymbolInformation | undefined>((resolve) => {
      qp.onDidAccept(() => resolve(qp.selectedItems[0]?.symbol));
      qp.onDidHide(() => resolve(undefined));
      qp.show();
    });
    qp.dispose();
    if (!chosen) return [];
    return [await this.sources.symbol(chosen.location.uri, chosen.name, chosen.location.range)];
  }
}

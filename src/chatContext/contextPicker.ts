// Add Context: what the user can attach besides `@file`, the selection and a pasted image — files and folders, a
// symbol (VS Code's workspace symbol search), the workspace's problems, the active terminal's recent output, and the
// git changes — each as a chip in the composer the user can remove before sending.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { findProgram } from '../acpClient/findProgram';
import { errorMessage } from '../acpClient/errors';
import type { Logger } from '../acpClient/logger';
import { runGit } from '../checkpoints/git';
import { ADD_CONTEXT, type Severity } from '../feedback/userErrors';
import type { Attachment } from '../webview/protocol/protocol';
import { bounded, problemsText, type Problem } from './contextText';
import type { TerminalOutput } from './terminalOutput';

export interface ContextPickerDeps {
  terminals: TerminalOutput;
  logger: Logger;
  /** The presenter's showMessage: why nothing was attached. */
  say(message: string, severity: Severity): void;
}

type Source = 'files' | 'symbol' | 'problems' | 'terminal' | 'changes';

export class ContextPicker {
  constructor(private readonly deps: ContextPickerDeps) {}

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
    switch (picked?.source) {
      case undefined:
        return [];
      case 'files':
        return this.files();
      case 'symbol':
        return this.symbol();
      case 'problems':
        return this.problems();
      case 'terminal':
        return this.terminal();
      case 'changes':
        return this.changes();
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
    return (uris ?? []).filter((u) => u.scheme === 'file').map((u) => ({ type: 'file', path: u.fsPath, name: vscode.workspace.asRelativePath(u) }));
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
      const found = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query).then(
        (r) => r ?? [],
        () => [],
      );
      if (mine !== asked) return;
      qp.busy = false;
      qp.items = found
        .filter((s) => s.location.uri.scheme === 'file')
        .slice(0, 100)
        .map((s) => ({ label: s.name, description: [s.containerName, vscode.workspace.asRelativePath(s.location.uri)].filter(Boolean).join(' · '), symbol: s }));
    });
    const chosen = await new Promise<vscode.SymbolInformation | undefined>((resolve) => {
      qp.onDidAccept(() => resolve(qp.selectedItems[0]?.symbol));
      qp.onDidHide(() => resolve(undefined));
      qp.show();
    });
    qp.dispose();
    if (!chosen) return [];
    const doc = await vscode.workspace.openTextDocument(chosen.location.uri);
    const range = chosen.location.range;
    const text = bounded(doc.getText(new vscode.Range(range.start.line, 0, range.end.line, doc.lineAt(range.end.line).text.length)));
    return [{ type: 'selection', path: doc.uri.fsPath, name: `${chosen.name} (${vscode.workspace.asRelativePath(doc.uri)})`, startLine: range.start.line + 1, endLine: range.end.line + 1, text }];
  }

  private problems(): Attachment[] {
    const problems: Problem[] = vscode.languages.getDiagnostics().flatMap(([uri, diagnostics]) =>
      uri.scheme !== 'file'
        ? []
        : diagnostics.map((d) => ({
            file: vscode.workspace.asRelativePath(uri),
            line: d.range.start.line + 1,
            column: d.range.start.character + 1,
            severity: (['error', 'warning', 'info', 'hint'] as const)[d.severity],
            message: d.message,
            ...(d.source ? { source: d.source } : {}),
          })),
    );
    const { text, count } = problemsText(problems);
    if (count === 0) {
      this.deps.say(ADD_CONTEXT.noProblems, 'info');
      return [];
    }
    return [{ type: 'context', kind: 'problems', name: ADD_CONTEXT.problemsName(count), text: bounded(text) }];
  }

  private terminal(): Attachment[] {
    const terminal = vscode.window.activeTerminal;
    const text = terminal && this.deps.terminals.recent(terminal);
    if (!terminal || !text?.trim()) {
      this.deps.say(terminal ? ADD_CONTEXT.noTerminalOutput(terminal.name) : ADD_CONTEXT.noTerminal, 'info');
      return [];
    }
    return [{ type: 'context', kind: 'terminal', name: ADD_CONTEXT.terminalName(terminal.name), text: bounded(text.trim()) }];
  }

  /** `git diff HEAD` of each workspace folder's repository (no shell, no hooks; external diff and textconv off). */
  private async changes(): Promise<Attachment[]> {
    const parts: string[] = [];
    for (const folder of (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file')) {
      const git = findProgram('git', process.env.PATH, [folder.uri.fsPath]);
      if (!git) continue;
      const diff = await runGit(git, folder.uri.fsPath, ['diff', '--no-ext-diff', '--no-textconv', 'HEAD', '--', '.'], { maxBuffer: 8 * 1024 * 1024 }).catch((err: unknown) => {
        this.deps.logger.info(`[addContext] no git changes from ${folder.uri.fsPath}: ${errorMessage(err)}`);
        return '';
      });
      if (diff.trim()) parts.push((vscode.workspace.workspaceFolders!.length > 1 ? `# ${nodePath.basename(folder.uri.fsPath)}\n` : '') + diff.trim());
    }
    if (!parts.length) {
      this.deps.say(ADD_CONTEXT.noChanges, 'info');
      return [];
    }
    return [{ type: 'context', kind: 'changes', name: ADD_CONTEXT.changesName, text: bounded(parts.join('\n\n')) }];
  }
}

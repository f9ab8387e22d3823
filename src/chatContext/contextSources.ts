// What the chat's context comes from, shared by Add Context (contextPicker.ts), `@` completion (mentionSource.ts) and
// drag and drop (droppedResources.ts): a file or folder, a symbol's lines, the workspace's problems, the active
// terminal's recent output and the git changes, each made into the attachment its chip shows. When there is nothing to
// attach, the user is told why (deps.say) and none is returned.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { errorMessage } from '../acpClient/errors';
import type { Logger } from '../acpClient/logger';
import type { Severity } from '../feedback/userErrors';
import { ADD_CONTEXT } from './contextWording';
import type { Attachment } from '../webview/protocol/protocol';
import { bounded, problemsText, type Problem } from './contextText';
import { maskSecrets } from './secretMask';
import { gitChangesIn } from './gitChanges';
import type { TerminalOutput } from './terminalOutput';
import { localFolders } from './workspaceResources';
import { WorkspaceFiles, workspaceDiagnostics } from '../ideTools/workspaceFiles';

export interface ContextSourceDeps {
  terminals: TerminalOutput;
  logger: Logger;
  /** The presenter's showMessage: why nothing was attached. */
  say(message: string, severity: Severity): void;
}

/** What a whole-category chip holds: the workspace's problems, the active terminal's recent output, the git changes. */
export type ContextCategory = Extract<Attachment, { type: 'context' }>['kind'];

/** At most this many symbols are offered for one query. */
const MAX_SYMBOLS = 100;

export class ContextSources {
  constructor(private readonly deps: ContextSourceDeps) {}

  say(message: string, severity: Severity): void {
    this.deps.say(message, severity);
  }

  /** A file or folder of the workspace as its chip (the name relative to the workspace). */
  resource(uri: vscode.Uri, folder: boolean): Attachment {
    return { type: 'file', path: uri.fsPath, name: vscode.workspace.asRelativePath(uri), ...(folder ? { folder: true } : {}) };
  }

  /** VS Code's workspace symbol search (the file system's symbols only); none when no provider answers. */
  async findSymbols(query: string): Promise<vscode.SymbolInformation[]> {
    if (!query.trim()) return [];
    const found = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query).then(
      (r) => r ?? [],
      () => [],
    );
    return found.filter((s) => s.location.uri.scheme === 'file').slice(0, MAX_SYMBOLS);
  }

  /** A symbol's whole lines (from its first line's start to its last line's end), bounded. */
  async symbol(uri: vscode.Uri, name: string, range: vscode.Range): Promise<Attachment> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const last = Math.min(range.end.line, doc.lineCount - 1);
    const first = Math.min(range.start.line, last);
    const text = bounded(doc.getText(new vscode.Range(first, 0, last, doc.lineAt(last).text.length)));
    return {
      type: 'selection',
      path: doc.uri.fsPath,
      name: `${name} (${vscode.workspace.asRelativePath(doc.uri)})`,
      startLine: first + 1,
      endLine: last + 1,
      text,
    };
  }

  /** A whole category as its chip, as Add Context and `@` both attach it. */
  category(kind: ContextCategory): Attachment[] | Promise<Attachment[]> {
    switch (kind) {
      case 'problems':
        return this.problems();
      case 'terminal':
        return this.terminal();
      case 'changes':
        return this.changes();
    }
  }

  /** The workspace's files' problems, by the rule the editor tools' get_diagnostics follows (none from outside). */
  async problems(): Promise<Attachment[]> {
    const inWorkspace = await workspaceDiagnostics(vscode.languages.getDiagnostics(), new WorkspaceFiles(localFolders()));
    const problems: Problem[] = inWorkspace.flatMap(({ diagnostics, label }) =>
      diagnostics.map((d) => ({
        file: label,
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

  terminal(): Attachment[] {
    const terminal = vscode.window.activeTerminal;
    const text = terminal && this.deps.terminals.recent(terminal);
    if (!terminal || !text?.trim()) {
      this.deps.say(terminal ? ADD_CONTEXT.noTerminalOutput(terminal.name) : ADD_CONTEXT.noTerminal, 'info');
      return [];
    }
    // Masked here, before the chip holds it: the page and the prompt only ever see the masked text.
    return [{ type: 'context', kind: 'terminal', name: ADD_CONTEXT.terminalName(terminal.name), text: bounded(maskSecrets(text.trim())) }];
  }

  /** `git diff HEAD` of each workspace folder's repository (gitChangesIn: nothing the repository configures runs). */
  async changes(): Promise<Attachment[]> {
    const parts: string[] = [];
    for (const folder of (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file')) {
      const diff = await gitChangesIn(folder.uri.fsPath).catch((err: unknown) => {
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

// The editor's "Changed by …" lenses: on the first line of a file chats changed, one per chat (newest first), each
// opening its chat. What they show is read from the index when VS Code asks; they are asked again when it changes.
import * as vscode from 'vscode';
import { COMMANDS } from '../contributions/commandIds';
import type { TouchEntry } from './touchIndex';

/** Lenses on one file, at most: the chats that changed it last. */
export const MAX_LENSES = 3;

export interface TouchLensDeps {
  /** The chats that changed the file at `path` (absolute), newest first. */
  touchedBy(path: string): readonly TouchEntry[];
  /** The chat's title as it is known now (an open chat's, its entry's, the history's); undefined: untitled. */
  titleOf(entry: TouchEntry): string | undefined;
  /** The index changed. */
  readonly onDidChange: vscode.Event<void>;
}

export class TouchLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.emitter.event;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: TouchLensDeps) {
    this.disposables = [this.emitter, deps.onDidChange(() => this.emitter.fire()), vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this)];
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (doc.uri.scheme !== 'file') return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return this.deps
      .touchedBy(doc.uri.fsPath)
      .slice(0, MAX_LENSES)
      .map(
        (entry) =>
          new vscode.CodeLens(top, {
            title: lensTitle(this.deps.titleOf(entry), entry.userIndex + 1),
            tooltip: vscode.l10n.t('Open the chat that changed this file'),
            command: COMMANDS.openChatTurn,
            arguments: [entry.sessionId, entry.userIndex],
          }),
      );
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** "Changed by “title” · prompt n", an untitled chat named as the chat's header names it. */
export function lensTitle(title: string | undefined, prompt: number): string {
  return vscode.l10n.t('$(comment-discussion) Changed by “{0}” · prompt {1}', title ?? vscode.l10n.t('New chat'), prompt);
}

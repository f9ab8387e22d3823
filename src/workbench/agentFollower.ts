// "Follow the agent": while a turn runs, the editor shows the file and line of the latest tool call's location, in a
// preview tab, without taking focus (the user keeps typing in the composer). Only existing files are shown. A file
// outside the workspace (by its real location, symlinks followed) is shown only after the same confirmation as a
// link, asked once per file: the agent pointing at it must not put its contents on screen unasked.
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import type { Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { TranscriptChange } from '../acpClient/transcript';
import { checkRealLocation } from './realLocation';
import { confirmOutsideWorkspace, workspaceFolderPaths } from './locationOpener';

const SETTING_KEY = 'acpChat.followAgent';

/** The last location among a batch of changes' tool calls, as given by the agent. */
export function latestLocation(changes: readonly TranscriptChange[]): { path: unknown; line: unknown } | undefined {
  for (let i = changes.length - 1; i >= 0; i--) {
    const c = changes[i]!;
    if (c.type === 'meta-changed' || c.entry.kind !== 'tool') continue;
    const loc = c.entry.toolCall.locations.at(-1);
    if (loc) return { path: loc.path, line: loc.line };
  }
  return undefined;
}

export class AgentFollower implements Disposable {
  private readonly sub: Disposable;
  private sessionSub: Disposable | undefined;
  private lastShown = '';
  /** Outside files the user was asked about, with the answer (asked once each). */
  private readonly outsideAnswers = new Map<string, boolean>();
  /** Reveals run one after another, so the last location wins. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly chat: Pick<Chat, 'session' | 'onDidChangeSession'>,
    private readonly memento: vscode.Memento,
    private readonly logger: Logger,
  ) {
    this.sub = chat.onDidChangeSession((s) => this.follow(s));
    this.follow(chat.session);
  }

  get enabled(): boolean {
    return this.memento.get<boolean>(SETTING_KEY, false);
  }

  async setEnabled(enabled: boolean): Promise<void> {
    if (enabled === this.enabled) return;
    await this.memento.update(SETTING_KEY, enabled);
    this.lastShown = '';
  }

  /** Resolves when the reveals asked for so far are done (tests). */
  idle(): Promise<void> {
    return this.chain;
  }

  dispose(): void {
    this.sub.dispose();
    this.sessionSub?.dispose();
  }

  private follow(session: Session | undefined): void {
    this.sessionSub?.dispose();
    this.sessionSub = session?.onDidChange((changes) => {
      if (!this.enabled || session.turn === 'idle') return;
      const loc = latestLocation(changes);
      if (loc) this.chain = this.chain.then(() => this.reveal(loc.path, loc.line));
    });
  }

  private async reveal(path: unknown, line: unknown): Promise<void> {
    // The real location, as links and diffs check it: an in-workspace symlink to a file outside is outside.
    const check = await checkRealLocation(path, line, workspaceFolderPaths());
    if (!check.ok) return;
    const key = `${check.path}:${check.line ?? ''}`;
    if (key === this.lastShown) return;
    try {
      if (!(await stat(check.path)).isFile()) return; // a file about to be created, or a folder
      if (!check.insideWorkspace && !(await this.confirmOutside(check))) return;
      this.lastShown = key;
      const line0 = check.line !== undefined ? check.line - 1 : 0;
      const editor = await vscode.window.showTextDocument(vscode.Uri.file(check.path), { preview: true, preserveFocus: true });
      const at = Math.min(line0, Math.max(0, editor.document.lineCount - 1));
      const range = editor.document.lineAt(at).range;
      editor.selection = new vscode.Selection(range.start, range.start);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } catch (err) {
      this.logger.debug?.(`[follow] could not show ${check.path}: ${String(err)}`);
    }
  }

  private async confirmOutside(check: Parameters<typeof confirmOutsideWorkspace>[0]): Promise<boolean> {
    const known = this.outsideAnswers.get(check.path);
    if (known !== undefined) return known;
    const open = await confirmOutsideWorkspace(check, 'The agent is looking at a file outside the workspace. Show it?');
    this.outsideAnswers.set(check.path, open);
    return open;
  }
}

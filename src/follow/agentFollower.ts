// "Follow the agent": while a turn runs, the editor shows the file and line of the latest tool call's location, in a
// preview tab, without taking focus (the user keeps typing in the composer). Only existing files are shown. What may
// be shown is decided by FollowGate: a file outside the workspace (by its text, or its real location once symlinks
// are followed) is shown only after the same confirmation as a link, asked once per file and at most once per turn;
// the agent pointing at it must not put its contents on screen, nor touch it, unasked.
import { realpath, stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import type { Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { TranscriptChange } from '../acpClient/transcript';
import { FollowGate, TurnCounter, type FollowIo } from './followDecision';
import { confirmOutsideWorkspace } from '../workbench/locationOpener';
import type { AgentFolders } from '../workbench/agentFolders';

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

/** Whether the user lets the agent move the editor (the toggle in the chat, kept per user). */
export function followsAgent(memento: vscode.Memento): boolean {
  return memento.get<boolean>(SETTING_KEY, false);
}

const followIo: FollowIo = {
  realpath,
  isFile: async (path) => (await stat(path)).isFile(),
  confirm: (check) => confirmOutsideWorkspace(check, vscode.l10n.t('The agent is looking at a file outside the workspace. Show it?')),
};

export class AgentFollower implements Disposable {
  private readonly sub: Disposable;
  private sessionSub: Disposable | undefined;
  private lastShown = '';
  private readonly turns = new TurnCounter();
  /** Reveals run one after another, so the last location wins. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly chat: Pick<Chat, 'session' | 'onDidChangeSession'>,
    private readonly memento: vscode.Memento,
    private readonly logger: Logger,
    folders: Pick<AgentFolders, 'paths'>,
    private readonly gate = new FollowGate(followIo, () => folders.paths()),
  ) {
    this.sub = chat.onDidChangeSession((s) => this.follow(s));
    this.follow(chat.session);
  }

  get enabled(): boolean {
    return followsAgent(this.memento);
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
    this.turns.restart();
    this.sessionSub = session?.onDidChange((changes) => {
      const turn = this.turns.observe(changes, session.turn);
      if (!this.enabled || session.turn === 'idle') return;
      const loc = latestLocation(changes);
      if (loc) this.chain = this.chain.then(() => this.reveal(loc.path, loc.line, turn));
    });
  }

  private async reveal(path: unknown, line: unknown, turn: number): Promise<void> {
    try {
      const outcome = await this.gate.resolve(path, line, turn);
      if (outcome.kind !== 'show') {
        this.logger.debug?.(`[follow] ${outcome.kind === 'refuse' ? 'refused' : 'skipped'}: ${outcome.reason}`);
        return;
      }
      const { check } = outcome;
      const key = `${check.path}:${check.line ?? ''}`;
      if (key === this.lastShown) return;
      this.lastShown = key;
      const line0 = check.line !== undefined ? check.line - 1 : 0;
      const editor = await vscode.window.showTextDocument(vscode.Uri.file(check.path), { preview: true, preserveFocus: true });
      const at = Math.min(line0, Math.max(0, editor.document.lineCount - 1));
      const range = editor.document.lineAt(at).range;
      editor.selection = new vscode.Selection(range.start, range.start);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } catch (err) {
      this.logger.debug?.(`[follow] could not show ${String(path)}: ${String(err)}`);
    }
  }
}

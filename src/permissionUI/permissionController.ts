// Wires the broker to the pop-up surface chosen by `acpChat.permissions.prompt`, the status bar item, the
// unfocused-window notification and the preview documents. Exposes what extension.ts needs: `hooks` for the core,
// `answer`/`answerElicitation` for the chat's inline card, `showPending()`, `openLocation`, `showDiff`, `dispose()`.
import type { CreateElicitationResponse } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import { Emitter, type Event } from '../acpClient/events';
import type { ClientHooks, PendingElicitation, PendingPermission } from '../acpClient/hooks';
import type { Logger } from '../acpClient/logger';
import { toDisplayText } from './displayText';
import { openElicitationFlow } from './elicitationPrompt';
import { openLocation, workspaceFolderPaths } from './locationOpener';
import { openPermissionModal } from './modalPrompt';
import { PermissionBroker, PromptAnswerError, type AnswerResult, type PermissionPrompt, type Prompt } from './permissionBroker';
import type { PresentedDiff, PresentedLocation } from './permissionPresentation';
import { pendingStatusText } from './pendingStatusText';
import { PreviewDocuments } from './previewDocuments';
import type { OpenPrompt, PromptActions, PromptView } from './promptSurface';
import { openPermissionQuickPick } from './quickPickPrompt';
import { readNotifyWhenUnfocused, readPromptSurface, SHOW_PENDING_COMMAND } from './settings';
import { errorMessage } from '../acpClient/errors';

export class PermissionController implements vscode.Disposable {
  readonly broker: PermissionBroker;
  /** Pass to `AcpClient.start({ hooks })`; `createElicitation` present, so `elicitation.form` is advertised. */
  readonly hooks: Required<ClientHooks>;
  /** Pending permissions + elicitations; for the chat view's badge. */
  readonly onDidChangePendingCount: Event<number>;
  /** A prompt should be brought into view in the chat (show-again, or a notification's "Show"). */
  readonly onDidRequestReveal: Event<Prompt>;

  private readonly revealEmitter: Emitter<Prompt>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly previews: PreviewDocuments;
  private readonly statusItem: vscode.StatusBarItem;
  private open: OpenPrompt | undefined;
  /** A modal is on screen (it cannot be closed from code); nothing else pops up until it returns. */
  private modalOnScreen = false;

  constructor(private readonly logger: Logger) {
    this.broker = new PermissionBroker({ logger, presentationContext: () => ({ workspaceFolders: workspaceFolderPaths() }) });
    this.hooks = {
      requestPermission: (req: PendingPermission) => this.broker.requestPermission(req),
      createElicitation: (req: PendingElicitation) => this.broker.createElicitation(req),
    };
    this.onDidChangePendingCount = this.broker.onDidChangeCount;
    this.revealEmitter = new Emitter((err) => logger.error('[permissions] listener failed', err));
    this.onDidRequestReveal = this.revealEmitter.event;
    this.previews = new PreviewDocuments(logger);

    this.statusItem = vscode.window.createStatusBarItem('acpChat.pendingApprovals', vscode.StatusBarAlignment.Left, 100);
    this.statusItem.name = 'ACP Chat: approvals waiting';
    this.statusItem.command = SHOW_PENDING_COMMAND;
    this.statusItem.tooltip = 'Show the next request waiting for your answer';
    this.statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');

    this.disposables.push(
      this.previews,
      this.statusItem,
      vscode.commands.registerCommand(SHOW_PENDING_COMMAND, (key?: unknown) => this.showPending(typeof key === 'string' ? key : undefined)),
      this.broker.onDidAdd((p) => this.onAdded(p)),
      this.broker.onDidSettle((e) => this.onSettled(e.key)),
      this.broker.onDidChangeCount((n) => this.updateStatus(n)),
      this.broker.onDidRequestShow((p) => this.present(p, true)),
      this.broker.onDidDismiss((p) => {
        if (this.open?.key === p.key) this.open = undefined;
      }),
    );
  }

  /** Answer from the chat's inline card. Never throws: a refused or late answer is logged and reported. */
  answer(key: string, optionId: string): AnswerResult | 'refused' {
    return this.guard(() => this.broker.answer(key, optionId));
  }

  /** Elicitation answer from the chat's inline form. */
  answerElicitation(key: string, response: CreateElicitationResponse): AnswerResult | 'refused' {
    return this.guard(() => this.broker.answerElicitation(key, response));
  }

  /** The surface on screen now, if any (used by the extension-host tests; not for production logic). */
  openPromptView(): PromptView | undefined {
    return this.open?.view();
  }

  /** Present `key` again, or the next pending request (after the one on screen). No-op when nothing waits. */
  showPending(key?: string): void {
    const target = key !== undefined && this.broker.get(key) ? key : this.broker.nextKey(this.open?.key);
    if (target === undefined) {
      void vscode.window.showInformationMessage('ACP Chat: no approvals are waiting.');
      return;
    }
    this.broker.show(target);
  }

  /** Open an agent-supplied location (the webview's `openLocation`). */
  async openLocation(path: unknown, line?: unknown): Promise<boolean> {
    try {
      return await openLocation(path, line, { preserveFocus: false });
    } catch (err) {
      this.logger.error('[permissions] could not open location', err);
      void vscode.window.showErrorMessage(`ACP Chat: could not open ${toDisplayText(String(path), 200)}: ${errorMessage(err)}`);
      return false;
    }
  }

  /** Native diff of current vs proposed content (the webview's `openDiff`, the prompts' "Show diff"). */
  async showDiff(diff: PresentedDiff, opts: { applied?: boolean } = {}): Promise<void> {
    try {
      await this.previews.showDiff(diff, opts);
    } catch (err) {
      this.logger.error('[permissions] could not show the diff', err);
      void vscode.window.showErrorMessage(`ACP Chat: could not show the diff: ${errorMessage(err)}`);
    }
  }

  /** Markdown preview of a plan (ExitPlanMode). */
  async showPlan(markdown: string): Promise<void> {
    try {
      await this.previews.showPlan(markdown);
    } catch (err) {
      this.logger.error('[permissions] could not show the plan', err);
      void vscode.window.showErrorMessage(`ACP Chat: could not show the plan: ${errorMessage(err)}`);
    }
  }

  dispose(): void {
    this.open?.close();
    this.open = undefined;
    this.broker.dispose();
    this.revealEmitter.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private onAdded(prompt: Prompt): void {
    this.notifyIfUnfocused(prompt);
    if (!this.open && !this.modalOnScreen) this.present(prompt, false);
  }

  private onSettled(key: string): void {
    if (this.open?.key !== key) return;
    this.open.close();
    this.open = undefined;
    this.presentNext();
  }

  /** After one request ends, pop up the next one the user has not dismissed. */
  private presentNext(): void {
    if (this.open || this.modalOnScreen) return;
    const next = this.broker.pending().find((p) => !p.dismissed);
    if (next) this.present(next, false);
  }

  private present(prompt: Prompt, requested: boolean): void {
    if (requested) this.revealEmitter.fire(prompt);
    const surface = readPromptSurface();
    if (surface === 'inline') return; // the chat's card is the only surface
    if (this.open?.key === prompt.key) return this.open.focus();
    if (this.modalOnScreen) return; // cannot replace a modal; it returns soon
    // Replacing a QuickPick: close it without reporting a dismissal (it stays pending and listed).
    this.open?.close();
    this.open = undefined;
    const actions = this.actions();
    if (prompt.type === 'elicitation') {
      this.open = openElicitationFlow(prompt, actions);
      return;
    }
    if (prompt.presentation.plan) void this.showPlan(prompt.presentation.plan);
    if (surface === 'modal') {
      this.modalOnScreen = true;
      this.open = openPermissionModal(prompt, actions, () => {
        this.modalOnScreen = false;
        if (this.open?.key === prompt.key) this.open = undefined;
        this.presentNext();
      });
    } else {
      this.open = openPermissionQuickPick(prompt, actions);
    }
  }

  private actions(): PromptActions {
    return {
      answer: (key, optionId) => this.answer(key, optionId) !== 'refused',
      answerElicitation: (key, response) => this.answerElicitation(key, response) !== 'refused',
      dismiss: (key) => this.broker.dismiss(key),
      openLocation: async (location: PresentedLocation) => {
        if (location.invalid) {
          void vscode.window.showErrorMessage(`ACP Chat: cannot open ${location.label}. ${location.invalid}`);
          return;
        }
        try {
          await openLocation(location.path, location.line, { preserveFocus: true });
        } catch (err) {
          this.logger.error('[permissions] could not open location', err);
          void vscode.window.showErrorMessage(`ACP Chat: could not open ${location.label}: ${errorMessage(err)}`);
        }
      },
      showDiffs: async (prompt: PermissionPrompt) => {
        for (const diff of prompt.presentation.diffs) await this.showDiff(diff);
      },
      showPlan: async (prompt: PermissionPrompt) => {
        if (prompt.presentation.plan) await this.showPlan(prompt.presentation.plan);
      },
    };
  }

  private guard(answer: () => AnswerResult): AnswerResult | 'refused' {
    try {
      const result = answer();
      if (result === 'too-late') void vscode.window.showInformationMessage('ACP Chat: that request had already ended; your answer was not used.');
      return result;
    } catch (err) {
      if (!(err instanceof PromptAnswerError)) throw err;
      this.logger.error(`[permissions] answer refused: ${err.message}`);
      void vscode.window.showErrorMessage(`ACP Chat: ${err.message}`);
      return 'refused';
    }
  }

  private updateStatus(count: number): void {
    const text = pendingStatusText(count);
    if (text) {
      this.statusItem.text = text;
      this.statusItem.show();
    } else {
      this.statusItem.hide();
    }
  }

  private notifyIfUnfocused(prompt: Prompt): void {
    if (vscode.window.state.focused || !readNotifyWhenUnfocused()) return;
    const what = prompt.type === 'permission' ? toDisplayText(prompt.presentation.title, 120) : 'the agent has a question';
    const show = 'Show';
    void vscode.window.showInformationMessage(`ACP Chat: an approval is waiting — ${what}`, show).then(
      (choice) => {
        if (choice === show) this.showPending(prompt.key);
      },
      (err: unknown) => this.logger.error('[permissions] notification failed', err),
    );
  }
}


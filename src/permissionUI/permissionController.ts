// Chooses and runs the pop-up surface for each pending request (by `acpChat.permissions.prompt`): one at a time,
// the next when one ends, show-again on request. Exposes `hooks` for the core and `answer`/`answerElicitation` for
// the chat's inline card; what waits is drawn attention to by PendingAttention, and what a prompt opens in the editor
// goes through EditorActions.
import type { CreateElicitationResponse } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import { Emitter, type Event } from '../acpClient/events';
import type { ClientHooks, PendingElicitation, PendingPermission } from '../acpClient/hooks';
import type { Logger } from '../acpClient/logger';
import type { EditorActions } from '../workbench/editorActions';
import type { AgentFolders } from '../workbench/agentFolders';
import { AnswerNotUsedError } from './answerNotUsedError';
import { openElicitationFlow } from './elicitationPrompt';
import { openPermissionModal } from './modalPrompt';
import { PermissionBroker, type AnswerResult, type PermissionPrompt, type Prompt } from './permissionBroker';
import type { OpenPrompt, PromptActions, PromptView } from './promptSurface';
import { openPermissionQuickPick, type PermissionPickItem } from './quickPickPrompt';
import { QuickPickSlot } from './quickPickSlot';
import { readPromptSurface } from './settings';

export interface PermissionControllerOptions {
  logger: Logger;
  editor: EditorActions;
  /** The folders the agent works in: a path in them is named without asking where it is. */
  folders: AgentFolders;
  /** ExtensionMode.Test: let the extension-host tests read what a surface shows. */
  inspectable?: boolean;
}

/** How a plan the agent asks to start on is shown (the review's commentable document), in place of the preview. */
export type PlanViewer = (prompt: PermissionPrompt) => Promise<void>;

export class PermissionController implements vscode.Disposable {
  readonly broker: PermissionBroker;
  /** Pass to `AcpClient.start({ hooks })`; `createElicitation` present, so `elicitation.form` is advertised. */
  readonly hooks: Required<Pick<ClientHooks, 'requestPermission' | 'createElicitation'>>;
  /** A prompt should be brought into view in the chat (show-again, or a notification's "Show"). */
  readonly onDidRequestReveal: Event<Prompt>;
  /** An answer was not used (the request had ended, or it was refused): what to tell the user. */
  readonly onDidFail: Event<unknown>;
  private readonly failEmitter: Emitter<unknown>;

  /** Only when inspectable (the extension-host tests): what the open surface shows changed. */
  readonly onDidChangeView: Event<void>;

  private readonly revealEmitter: Emitter<Prompt>;
  private readonly viewEmitter: Emitter<void>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly logger: Logger;
  private readonly editor: EditorActions;
  private open: OpenPrompt | undefined;
  /** The QuickPick permission prompts share: the next request right after an answer refills it. */
  private readonly pickSlot = new QuickPickSlot<PermissionPickItem>();
  /** A modal is on screen (it cannot be closed from code); nothing else pops up until it returns. */
  private modalOnScreen = false;
  /** Where a plan is shown: a capability's viewer when one is provided, else the Markdown preview. */
  private planViewer: PlanViewer | undefined;

  constructor(private readonly options: PermissionControllerOptions) {
    const { logger } = options;
    this.logger = logger;
    this.editor = options.editor;
    this.broker = new PermissionBroker({ logger, presentationContext: () => ({ workspaceFolders: options.folders.paths() }) });
    this.hooks = {
      requestPermission: (req: PendingPermission) => this.broker.requestPermission(req),
      createElicitation: (req: PendingElicitation) => this.broker.createElicitation(req),
    };
    this.revealEmitter = new Emitter((err) => logger.error('[permissions] listener failed', err));
    this.failEmitter = new Emitter((err) => logger.error('[permissions] listener failed', err));
    this.onDidFail = this.failEmitter.event;
    this.onDidRequestReveal = this.revealEmitter.event;
    this.viewEmitter = new Emitter((err) => logger.error('[permissions] listener failed', err));
    this.onDidChangeView = this.viewEmitter.event;

    this.disposables.push(
      this.broker.onDidAdd((p) => this.onAdded(p)),
      this.broker.onDidSettle((e) => this.onSettled(e.key)),
      this.broker.onDidRequestShow((p) => this.present(p, true)),
      this.broker.onDidDismiss((p) => {
        if (this.open?.key === p.key) this.open = undefined;
        this.viewChanged();
      }),
    );
  }

  /** Answer from the chat's inline card. A refused or late answer is logged and reported to the user. */
  /** Shows plans in `viewer` until the returned disposable is disposed. */
  providePlanViewer(viewer: PlanViewer): vscode.Disposable {
    if (this.planViewer) throw new Error('The plan viewer is provided once');
    this.planViewer = viewer;
    return new vscode.Disposable(() => (this.planViewer = undefined));
  }

  answer(key: string, optionId: string): AnswerResult {
    return this.reported(key, this.broker.answer(key, optionId));
  }

  /** Elicitation answer from the chat's inline form. */
  answerElicitation(key: string, response: CreateElicitationResponse): AnswerResult {
    return this.reported(key, this.broker.answerElicitation(key, response));
  }

  /** The surface on screen now, if any; only when inspectable (the extension-host tests). */
  openPromptView(): PromptView | undefined {
    return this.options.inspectable ? this.open?.view() : undefined;
  }

  /**
   * Present `key` again, or the next pending request (after the one on screen), preferring those of `sessionId` (the
   * chat the user is in). Says so when nothing waits.
   */
  showPending(key?: string, sessionId?: string): void {
    const target = key !== undefined && this.broker.get(key) ? key : this.broker.nextKey(this.open?.key, sessionId);
    if (target === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('ACP Chat: no approvals are waiting.'));
      return;
    }
    this.broker.show(target);
  }

  dispose(): void {
    this.open?.close();
    this.open = undefined;
    this.pickSlot.dispose();
    this.broker.dispose();
    this.revealEmitter.dispose();
    this.failEmitter.dispose();
    this.viewEmitter.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private onAdded(prompt: Prompt): void {
    if (!this.open && !this.modalOnScreen) this.present(prompt, false);
  }

  private onSettled(key: string): void {
    if (this.open?.key !== key) return;
    this.open.close();
    this.open = undefined;
    this.presentNext();
    this.viewChanged();
  }

  private viewChanged(): void {
    if (this.options.inspectable) this.viewEmitter.fire();
  }

  /** After one request ends, pop up the next one the user has not dismissed. */
  private presentNext(): void {
    if (this.open || this.modalOnScreen) return;
    const next = this.broker.pending().find((p) => !p.request.dismissed);
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
    if (prompt.type === 'elicitation' || surface === 'modal') this.pickSlot.hideLingering();
    if (prompt.type === 'elicitation') {
      this.open = openElicitationFlow(prompt, actions);
      this.viewChanged();
      return;
    }
    if (prompt.presentation.plan) void this.showPlan(prompt);
    if (surface === 'modal') {
      this.modalOnScreen = true;
      this.open = openPermissionModal(prompt, actions, () => {
        this.modalOnScreen = false;
        if (this.open?.key === prompt.key) this.open = undefined;
        this.presentNext();
        this.viewChanged();
      });
    } else {
      this.open = openPermissionQuickPick(prompt, actions, this.pickSlot);
    }
    this.viewChanged();
  }

  private actions(): PromptActions {
    const accepted = (r: AnswerResult) => typeof r !== 'object';
    return {
      answer: (key, optionId) => accepted(this.answer(key, optionId)),
      answerElicitation: (key, response) => accepted(this.answerElicitation(key, response)),
      dismiss: (key) => this.broker.dismiss(key),
      openLocation: (location) => this.editor.openPresentedLocation(location),
      showDiffs: async (prompt: PermissionPrompt) => {
        // Opened for this request: the diff's title bar answers it too (review/diffApprovals.ts).
        for (const diff of prompt.presentation.diffs) await this.editor.showDiff(diff, { forApproval: prompt.key, askedBy: prompt.presentation.askedBy });
      },
      showPlan: (prompt: PermissionPrompt) => this.showPlan(prompt),
      viewChanged: () => this.viewChanged(),
    };
  }

  private async showPlan(prompt: PermissionPrompt): Promise<void> {
    if (!prompt.presentation.plan) return;
    const viewer = this.planViewer;
    await (viewer ? viewer(prompt) : this.editor.showPlan(prompt.presentation.plan));
  }

  /** Tells the user (through `onDidFail`) about an answer that did not count; the request (if any) stays as it was. */
  private reported(key: string, result: AnswerResult): AnswerResult {
    if (result === 'expired') this.failEmitter.fire(new AnswerNotUsedError('expired'));
    else if (typeof result === 'object') {
      this.logger.error(`[permissions] answer to ${key} refused: ${result.refused}`);
      this.failEmitter.fire(new AnswerNotUsedError('refused', result.refused));
    }
    return result;
  }
}

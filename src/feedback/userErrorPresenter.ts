// The one place that shows errors to the user: worded by acpClient/userErrors.ts, shown as a card in the chat, and as
// a notification only when no chat is on screen. A failed start is reported once, however often it is retried.
// Buttons run only the actions this presenter offered; each action id maps to one VS Code command in ACTIONS.
import type { AuthMethod, ContentBlock } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { ChatService } from '../chat/chatService';
import { AgentExitedError, AgentStartError, errorMessage } from '../acp/errors';
import { Emitter, type Event } from '../acp/events';
import type { Logger } from '../acp/logger';
import { APPROX_DOWNLOAD_MB, DOWNLOAD_COMMAND, LOCATE_COMMAND, USE_COMMAND } from '../agents/claudeCode/claudeCodeSetup';
import { describeError, type Severity, type UserAction, type UserError } from './userErrors';
import type { ChatNotice, NoticeButton } from '../webview/protocol/protocol';

/** What the presenter itself offers besides the error actions. */
type NoticeAction = UserAction | 'resendPrompt';

/**
 * The host-side table: each action's button label and the command it runs, with the button's `methodId` if any (a
 * sign-in method's id; for 'useClaudeOnPath', the path of the `claude` the message named, kept on the host).
 */
export const ACTIONS: Record<UserAction, { label: string; run: (methodId?: string) => Thenable<unknown> }> = {
  openFolder: { label: 'Open Folder…', run: () => vscode.commands.executeCommand('vscode.openFolder') },
  showLog: { label: 'Show Log', run: () => vscode.commands.executeCommand('acpChat.showLog') },
  restart: { label: 'Restart Agent', run: () => vscode.commands.executeCommand('acpChat.restartAgent') },
  signIn: { label: 'Sign In…', run: (methodId) => vscode.commands.executeCommand('acpChat.signIn', methodId) },
  setApiKey: { label: 'Set API Key…', run: () => vscode.commands.executeCommand('acpChat.setApiKey') },
  manageTrust: { label: 'Manage Workspace Trust', run: () => vscode.commands.executeCommand('workbench.trust.manage') },
  openSettings: { label: 'Open Settings', run: () => vscode.commands.executeCommand('workbench.action.openSettings', 'acpChat') },
  // The size before anything is fetched: the extension talks to the registry only once asked.
  downloadClaudeCode: { label: `Download Claude Code (~${APPROX_DOWNLOAD_MB} MB)`, run: () => vscode.commands.executeCommand(DOWNLOAD_COMMAND) },
  locateClaudeCode: { label: 'Locate Claude Code…', run: () => vscode.commands.executeCommand(LOCATE_COMMAND) },
  useClaudeOnPath: { label: 'Use claude from PATH', run: (path) => vscode.commands.executeCommand(USE_COMMAND, path) },
};

export interface PresenterDeps {
  chat: ChatService;
  logger: Logger;
  /** True when a chat (sidebar view or editor tab) is on screen. */
  isChatVisible(): boolean;
  /** False while another agent than the bundled Claude adapter is picked: "Set API Key…" (an Anthropic key) is not offered. */
  apiKeyApplies?(): boolean;
}

export class UserErrorPresenter implements vscode.Disposable {
  private notice: ChatNotice | null = null;
  private nextId = 1;
  /** Errors already shown (a start failure reaches both the status event and the caller that awaited the start). */
  private readonly reported = new WeakSet<object>();
  /** The last start failure's wording: a retry that fails the same way is not announced again. */
  private lastStartFailure: string | undefined;
  /** The prompt that failed for want of sign-in, offered again once signed in. */
  private keptPrompt: ContentBlock[] | undefined;
  /** The user asked for the kept prompt to be sent as soon as sign-in succeeds. */
  private resendWhenSignedIn = false;
  private noticeIsStartFailure = false;
  /** The `claude` on PATH a "Use claude" button sets: the path stays on the host, the button carries only its label. */
  private readonly offeredClaude = new WeakMap<NoticeButton, string>();
  private readonly changeEmitter: Emitter<void>;
  private readonly subscriptions: { dispose(): void }[];
  readonly onDidChange: Event<void>;

  constructor(private readonly deps: PresenterDeps) {
    this.changeEmitter = new Emitter((err) => deps.logger.error('[errors] listener failed', err));
    this.onDidChange = this.changeEmitter.event;
    this.subscriptions = [
      deps.chat.onDidFail((err) => this.report(err)),
      deps.chat.onDidChangeStatus((s) => {
        if (s.state !== 'ready') return;
        this.lastStartFailure = undefined;
        if (this.noticeIsStartFailure) this.clear();
      }),
    ];
  }

  get current(): ChatNotice | null {
    return this.notice;
  }

  /** The prompt kept after a sign-in failure, if any. */
  get pendingPrompt(): ContentBlock[] | undefined {
    return this.keptPrompt;
  }

  /** Log and show `err`. `what` names the operation; `prompt` is kept when the error asks the user to sign in. */
  report(err: unknown, opts: { what?: string; prompt?: ContentBlock[] } = {}): void {
    if (typeof err === 'object' && err !== null) {
      if (this.reported.has(err)) return;
      this.reported.add(err);
    }
    this.deps.logger.error(`[errors] ${opts.what ? `${opts.what}: ` : ''}${errorMessage(err)}`);
    const worded = describeError(err, opts.what);
    const isStart = err instanceof AgentStartError || err instanceof AgentExitedError;
    if (isStart && worded.message === this.lastStartFailure) return;
    this.lastStartFailure = isStart ? worded.message : this.lastStartFailure;
    const signIn = worded.actions.includes('signIn') || worded.actions.includes('setApiKey');
    if (signIn) this.keptPrompt = opts.prompt ?? this.keptPrompt;
    if (worded.retryable && opts.prompt) {
      // The model API was busy: "Send Again" sends the same prompt (the existing resend intent).
      this.keptPrompt = opts.prompt;
      this.show(worded, isStart, undefined, [{ action: 'resendPrompt', label: 'Send Again' }]);
      return;
    }
    this.show(worded, isStart, signIn ? promptPreview(this.keptPrompt) : undefined);
  }

  /** After a successful sign-in: say so, and offer the kept prompt again (or send it, if the user asked for that). */
  signedIn(how: string): void {
    if (this.keptPrompt && this.resendWhenSignedIn) {
      this.resendWhenSignedIn = false;
      void this.resendPrompt();
      return;
    }
    const buttons: NoticeButton[] = this.keptPrompt ? [{ action: 'resendPrompt', label: 'Send Again' }] : [];
    this.showNotice({ severity: 'info', message: `Signed in (${how}).${this.keptPrompt ? ' Send your prompt again?' : ''}`, buttons }, false);
  }

  /** A one-off message with the given actions (e.g. a sign-in terminal that failed). */
  showMessage(message: string, severity: Severity, actions: UserAction[]): void {
    this.show({ message, severity, actions }, false, actions.includes('signIn') ? promptPreview(this.keptPrompt) : undefined);
  }

  clear(): void {
    if (!this.notice) return;
    this.set(null, false);
  }

  /** A button of the chat's card (or the notification). Only the current notice's buttons run. */
  async runAction(noticeId: number, action: string, methodId?: string, opts: { resend?: boolean } = {}): Promise<void> {
    const notice = this.notice;
    const button = notice?.id === noticeId ? notice.buttons.find((b) => b.action === action && b.methodId === methodId) : undefined;
    if (!button) {
      this.deps.logger.warn(`[errors] action ${action} was not offered by notice ${noticeId}; ignored`);
      return;
    }
    if (notice?.keptPrompt !== undefined) this.resendWhenSignedIn = opts.resend === true;
    await this.runButton(button);
  }

  /** Sends the kept prompt (after sign-in). */
  async resendPrompt(): Promise<void> {
    const prompt = this.keptPrompt;
    if (!prompt) return;
    this.keptPrompt = undefined;
    this.clear();
    await this.deps.chat.prompt(prompt).catch((err: unknown) => this.report(err, { what: 'Sending the prompt', prompt }));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changeEmitter.dispose();
  }

  private show(worded: UserError, isStartFailure: boolean, keptPrompt?: string, first: NoticeButton[] = []): void {
    const offered = this.deps.apiKeyApplies?.() === false ? worded.actions.filter((a) => a !== 'setApiKey') : worded.actions;
    const buttons = [...first, ...offered.flatMap((a) => this.buttonsFor(a, worded))];
    this.showNotice({ severity: worded.severity, message: worded.message, buttons, ...(keptPrompt !== undefined ? { keptPrompt } : {}) }, isStartFailure);
  }

  /** The chat's card; and a notification with the same buttons when no chat is on screen. */
  private showNotice(notice: Omit<ChatNotice, 'id'>, isStartFailure: boolean): void {
    this.set(notice, isStartFailure);
    if (this.deps.isChatVisible()) return;
    // Not awaited: a caller must not hang on the user.
    const { buttons, severity, message } = notice;
    const show = severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(`ACP Chat: ${firstLine(message)}`, ...buttons.map((b) => b.label)).then((label) => {
      const button = buttons.find((b) => b.label === label);
      if (button) void this.runButton(button);
    });
  }

  /**
   * `signIn` becomes one button per sign-in method the agent offers (name and description verbatim); `useClaudeOnPath`
   * sets the path the message named.
   */
  private buttonsFor(action: UserAction, worded: UserError): NoticeButton[] {
    if (action === 'useClaudeOnPath') {
      const found = worded.claudeOnPath;
      if (!found) return [];
      const b: NoticeButton = { action, label: found.label };
      this.offeredClaude.set(b, found.path);
      return [b];
    }
    if (action !== 'signIn') return [{ action, label: ACTIONS[action].label }];
    return this.deps.chat.authMethods.map((m: AuthMethod) => ({ action, label: m.name, methodId: m.id, ...(m.description ? { description: m.description } : {}) }));
  }

  private async runButton(button: NoticeButton): Promise<void> {
    const action = button.action as NoticeAction;
    try {
      if (action === 'resendPrompt') await this.resendPrompt();
      else await ACTIONS[action].run(action === 'useClaudeOnPath' ? this.offeredClaude.get(button) : button.methodId);
    } catch (err) {
      this.report(err, { what: button.label });
    }
  }

  private set(notice: Omit<ChatNotice, 'id'> | null, isStartFailure: boolean): void {
    this.notice = notice ? { id: this.nextId++, ...notice } : null;
    this.noticeIsStartFailure = notice !== null && isStartFailure;
    this.changeEmitter.fire();
  }
}

/** The kept prompt's text, shortened, for the card's "send it when signed in" (undefined when none is kept). */
function promptPreview(prompt: ContentBlock[] | undefined): string | undefined {
  if (!prompt) return undefined;
  const text = prompt.map((b) => (b.type === 'text' ? b.text : '')).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

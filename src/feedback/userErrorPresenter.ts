// The one place that shows errors to the user: worded by describeError, shown as a card in the chat it concerns (the
// chat the user is in when nothing more precise is known; every chat for the agent's own exit), and as a notification
// only when no chat is on screen. A failed start is reported once per chat, however often it is retried. Buttons run
// only the actions this presenter offered; each action id maps to one VS Code command in ACTIONS.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import type { ChatNotices, NoticeButton, SetupStep } from '../chat/chatNotices';
import { AgentExitedError, AgentStartError, errorMessage } from '../acpClient/errors';
import type { Disposable } from '../acpClient/events';
import type { Session } from '../acpClient/session';
import type { TranscriptEntry } from '../acpClient/transcript';
import type { Logger } from '../acpClient/logger';
import { COMMANDS } from '../contributions/commandIds';
import { describeError, firstLine, type Severity, type UserAction, type UserError } from './userErrors';
import { methodButtons, promptPreview } from './signInOffer';
import { withoutLinks } from '../acpClient/displayText';

/** A notice as the presenter builds it (the chat gives it its id). */
type NoticeContent = Parameters<ChatNotices['show']>[0];

/**
 * What the Download Claude Code button says the download weighs before anything is fetched: the pinned version's
 * linux-x64 tarball is 150 MB, the other platforms' of that order. Kept with the label: feedback/ imports no feature.
 */
const APPROX_DOWNLOAD_MB = 150;

/** Where Anthropic API credit is bought: a fixed address, never one from the agent's or the API's text. */
const BILLING_URL = 'https://console.anthropic.com/settings/billing';

/** What the presenter itself offers besides the error actions. */
type NoticeAction = UserAction | 'resendPrompt';

/**
 * The host-side table: each action's button label and the command it runs, with the button's `methodId` if any (a
 * sign-in method's id; for 'useClaudeOnPath', the id this presenter issued for the `claude` the message named: the
 * command takes only such an id, never a path, and asks the presenter which path it stands for).
 */
export const ACTIONS: Record<UserAction, { label: string; run: (methodId?: string) => Thenable<unknown> }> = {
  openFolder: {
    get label() {
      return vscode.l10n.t('Open Folder…');
    },
    run: () => vscode.commands.executeCommand('vscode.openFolder'),
  },
  showLog: {
    get label() {
      return vscode.l10n.t('Show Log');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.showLog),
  },
  showMcpServers: {
    get label() {
      return vscode.l10n.t('Show MCP Servers');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.showMcpServers),
  },
  restart: {
    get label() {
      return vscode.l10n.t('Restart Agent');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.restartAgent),
  },
  signIn: {
    get label() {
      return vscode.l10n.t('Sign In…');
    },
    run: (methodId) => vscode.commands.executeCommand(COMMANDS.signIn, methodId),
  },
  setApiKey: {
    get label() {
      return vscode.l10n.t('Set API Key…');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.setApiKey),
  },
  manageTrust: {
    get label() {
      return vscode.l10n.t('Manage Workspace Trust');
    },
    run: () => vscode.commands.executeCommand('workbench.trust.manage'),
  },
  openSettings: {
    get label() {
      return vscode.l10n.t('Open Settings');
    },
    run: () => vscode.commands.executeCommand('workbench.action.openSettings', 'acpChat'),
  },
  // The size before anything is fetched: the extension talks to the registry only once asked.
  downloadClaudeCode: {
    get label() {
      return vscode.l10n.t('Download Claude Code (~{0} MB)', APPROX_DOWNLOAD_MB);
    },
    run: () => vscode.commands.executeCommand(COMMANDS.downloadClaudeCode),
  },
  locateClaudeCode: {
    get label() {
      return vscode.l10n.t('Locate Claude Code…');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.locateClaudeCode),
  },
  useClaudeOnPath: {
    get label() {
      return vscode.l10n.t('Use claude from PATH');
    },
    run: (id) => vscode.commands.executeCommand(COMMANDS.useClaudeCode, id),
  },
  undoRestore: {
    get label() {
      return vscode.l10n.t('Undo Rewind');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.undoRestore),
  },
  manageWorktrees: {
    get label() {
      return vscode.l10n.t('Manage Worktrees…');
    },
    run: () => vscode.commands.executeCommand(COMMANDS.manageWorktrees),
  },
  openBilling: {
    get label() {
      return vscode.l10n.t('Open Billing Page');
    },
    run: () => vscode.env.openExternal(vscode.Uri.parse(BILLING_URL)),
  },
  subscriptionSignIn: {
    get label() {
      return vscode.l10n.t('Sign In with Claude Subscription…');
    },
    run: (methodId) => vscode.commands.executeCommand(COMMANDS.signIn, methodId),
  },
};

/** The set-up step a card with these actions is: getting Claude Code, then signing in. */
function setupStepOf(actions: readonly UserAction[]): SetupStep | undefined {
  if (actions.includes('downloadClaudeCode') || actions.includes('locateClaudeCode')) return 'getClaudeCode';
  if (actions.includes('signIn') || actions.includes('setApiKey')) return 'signIn';
  return undefined;
}

export interface PresenterDeps {
  chats: ChatRegistry;
  logger: Logger;
  /** True when a chat (sidebar view or editor tab) is on screen. */
  isChatVisible(): boolean;
  /** False while another agent than the bundled Claude adapter is picked: "Set API Key…" (an Anthropic key) is not offered. */
  apiKeyApplies?(): boolean;
}

export interface ReportOptions {
  /** The chat the failure belongs to; the chat the user is in when absent. */
  chat?: Chat;
  /** Names the failed operation, for errors that carry no cause of their own. */
  what?: string;
  /** The prompt that failed: kept when the error asks the user to sign in, or offered again when the API was busy. */
  prompt?: ContentBlock[];
}

export class UserErrorPresenter implements vscode.Disposable {
  /** Errors already logged (one failure can reach several chats). */
  private readonly logged = new WeakSet<object>();
  /** Errors already shown as a notification. */
  private readonly notified = new WeakSet<object>();
  /** The `claude` on PATH a "Use claude" button sets: the path stays on the host, the button carries only its label. */
  private readonly offeredClaude = new WeakMap<NoticeButton, string>();
  /** The ids issued for offered `claude` paths; the use command accepts nothing else. */
  private readonly claudeIds = new Map<string, string>();
  private readonly subscriptions: Disposable[] = [];
  private readonly chatSubs = new Map<Chat, Disposable>();

  constructor(private readonly deps: PresenterDeps) {
    const { chats } = deps;
    for (const chat of chats.all()) this.watch(chat);
    this.subscriptions.push(
      chats.onDidAdd((chat) => this.watch(chat)),
      chats.onDidRemove((chat) => {
        this.chatSubs.get(chat)?.dispose();
        this.chatSubs.delete(chat);
      }),
      // The agent itself went away: every chat on it says so (each keeps its transcript and can continue).
      chats.host.onDidExitUnexpectedly((err) =>
        this.reportToAll(
          err,
          chats.all().filter((c) => c.session),
        ),
      ),
      chats.host.onDidChangeStatus((s) => {
        if (s.state !== 'ready') return;
        for (const chat of chats.all()) {
          chat.notices.lastStartFailure = undefined;
          if (chat.notices.showsStartFailure) chat.notices.clear();
        }
      }),
    );
  }

  /** Log and show `err` in its chat (see ReportOptions). */
  report(err: unknown, opts: ReportOptions = {}): void {
    this.reportToAll(err, [opts.chat ?? this.deps.chats.active], opts);
  }

  /** After a successful sign-in: each chat that asked for it says so and offers its kept prompt (or sends it). */
  signedIn(how: string): void {
    const waiting = this.deps.chats.all().filter((c) => c.notices.keptPrompt || c.notices.current);
    for (const chat of waiting.length ? waiting : [this.deps.chats.active]) {
      const notices = chat.notices;
      if (notices.keptPrompt && notices.resendWhenSignedIn) {
        notices.resendWhenSignedIn = false;
        void this.resendPrompt(chat);
        continue;
      }
      const buttons: NoticeButton[] = notices.keptPrompt ? [{ action: 'resendPrompt', label: vscode.l10n.t('Retry') }] : [];
      this.showNotice(
        chat,
        {
          severity: 'info',
          message: notices.keptPrompt ? vscode.l10n.t('Signed in ({0}). Send your prompt again?', how) : vscode.l10n.t('Signed in ({0}).', how),
          buttons,
        },
        false,
        undefined,
      );
    }
  }

  /** A one-off message with the given actions (e.g. a sign-in terminal that failed), in `chat` (the active one by default). */
  showMessage(message: string, severity: Severity, actions: UserAction[], chat: Chat = this.deps.chats.active): void {
    this.show(chat, { message, severity, actions }, false, actions.includes('signIn') ? promptPreview(chat.notices.keptPrompt) : undefined);
  }

  /** A button of a chat's card (or the notification). Only the buttons of that chat's current notice run. */
  async runAction(chat: Chat, noticeId: number, action: string, methodId?: string, opts: { resend?: boolean } = {}): Promise<void> {
    const notice = chat.notices.current;
    const button = notice?.id === noticeId ? notice.buttons.find((b) => b.action === action && b.methodId === methodId) : undefined;
    if (!button) {
      this.deps.logger.warn(`[errors] action ${action} was not offered by notice ${noticeId}; ignored`);
      return;
    }
    if (notice?.keptPrompt !== undefined) chat.notices.resendWhenSignedIn = opts.resend === true;
    await this.runButton(chat, button);
  }

  /** Sends `chat`'s kept prompt through its queue (after sign-in, or Retry after a busy API). */
  async resendPrompt(chat: Chat): Promise<void> {
    const prompt = chat.notices.keptPrompt;
    if (!prompt) return;
    chat.notices.keptPrompt = undefined;
    chat.notices.clear();
    await chat.submit(prompt).catch((err: unknown) => this.report(err, { chat, what: vscode.l10n.t('Sending the prompt'), prompt }));
  }

  /** The path an id issued for a "Use claude" button stands for; undefined for anything else (a path included). */
  offeredClaudePath(id: unknown): string | undefined {
    return typeof id === 'string' ? this.claudeIds.get(id) : undefined;
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    for (const s of this.chatSubs.values()) s.dispose();
    this.chatSubs.clear();
  }

  private watch(chat: Chat): void {
    // The card is about what came before: a new prompt makes it moot (left under the running prompt, an earlier
    // failure's card reads as this prompt's), and so does a turn that ends well. It goes with the prompt it kept; the
    // failed turn's line and its Retry stay in the transcript.
    let turns: Disposable | undefined;
    const follow = (session: Session | undefined) => {
      turns?.dispose();
      turns = session?.onDidChange((changes) => {
        // The main agent's (a subagent's entries, in its lane, end nothing of the chat's).
        const moot = (e: TranscriptEntry) => e.lane === undefined && (e.kind === 'user' || (e.kind === 'turn-end' && e.stopReason === 'end_turn'));
        if (!changes.some((c) => c.type === 'entry-added' && moot(c.entry))) return;
        chat.notices.keptPrompt = undefined;
        chat.notices.resendWhenSignedIn = false;
        chat.notices.clear();
      });
    };
    follow(chat.session);
    const subs = [chat.onDidFail((err) => this.report(err, { chat })), chat.onDidChangeSession(follow)];
    this.chatSubs.set(chat, {
      dispose: () => {
        turns?.dispose();
        for (const s of subs) s.dispose();
      },
    });
  }

  private reportToAll(err: unknown, chats: readonly Chat[], opts: ReportOptions = {}): void {
    const object = typeof err === 'object' && err !== null ? err : undefined;
    if (!object || !this.logged.has(object)) {
      if (object) this.logged.add(object);
      this.deps.logger.error(`[errors] ${opts.what ? `${opts.what}: ` : ''}${errorMessage(err)}`);
    }
    const worded = describeError(err, opts.what);
    const isStart = err instanceof AgentStartError || err instanceof AgentExitedError;
    // No folder: each chat's page welcomes the user with Open Folder (its status says why), so no card repeats it.
    const welcomeSays = err instanceof AgentStartError && err.reason === 'no-folder';
    for (const chat of chats) {
      const notices = chat.notices;
      if (object) {
        if (notices.reported.has(object)) continue;
        notices.reported.add(object);
      }
      if (isStart && worded.message === notices.lastStartFailure) continue;
      if (isStart) notices.lastStartFailure = worded.message;
      const signIn = worded.actions.some((a) => a === 'signIn' || a === 'setApiKey' || a === 'subscriptionSignIn');
      if (signIn) notices.keptPrompt = opts.prompt ?? notices.keptPrompt;
      if (worded.retryable && opts.prompt) {
        // The model API was busy: "Retry" sends the same prompt, through this chat's queue.
        notices.keptPrompt = opts.prompt;
        this.show(chat, worded, isStart, undefined, [{ action: 'resendPrompt', label: vscode.l10n.t('Retry') }], object);
        continue;
      }
      if (welcomeSays) this.notify(chat, this.noticeFor(worded), object);
      else this.show(chat, worded, isStart, signIn ? promptPreview(notices.keptPrompt) : undefined, [], object);
    }
  }

  private show(chat: Chat, worded: UserError, isStartFailure: boolean, keptPrompt?: string, first: NoticeButton[] = [], source?: object): void {
    this.showNotice(chat, this.noticeFor(worded, keptPrompt, first), isStartFailure, source);
  }

  /** The notice for `worded`: its line, its details, `first` then a button per action offered here. */
  private noticeFor(worded: UserError, keptPrompt?: string, first: NoticeButton[] = []): NoticeContent {
    const offered = this.deps.apiKeyApplies?.() === false ? worded.actions.filter((a) => a !== 'setApiKey') : worded.actions;
    const buttons = [...first, ...offered.flatMap((a) => this.buttonsFor(a, worded))];
    const setup = setupStepOf(offered);
    return {
      severity: worded.severity,
      message: worded.message,
      ...(worded.details ? { details: worded.details } : {}),
      buttons,
      ...(keptPrompt !== undefined ? { keptPrompt } : {}),
      ...(setup ? { setup } : {}),
    };
  }

  /** The chat's card, and a notification when no chat is on screen. */
  private showNotice(chat: Chat, notice: NoticeContent, isStartFailure: boolean, source: object | undefined): void {
    chat.notices.show(notice, isStartFailure);
    this.notify(chat, notice, source);
  }

  /** A notification with the notice's buttons, when no chat is on screen to show it (once per error). */
  private notify(chat: Chat, notice: NoticeContent, source: object | undefined): void {
    if (this.deps.isChatVisible()) return;
    if (source) {
      if (this.notified.has(source)) return;
      this.notified.add(source);
    }
    // Not awaited: a caller must not hang on the user.
    const { buttons, severity, message } = notice;
    const show =
      severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(withoutLinks(`ACP Chat: ${firstLine(message)}`), ...buttons.map((b) => withoutLinks(b.label))).then((label) => {
      const button = buttons.find((b) => withoutLinks(b.label) === label);
      if (button) void this.runButton(chat, button);
    });
  }

  /**
   * `signIn` becomes one button per sign-in method the agent offers (name and description verbatim), `subscriptionSignIn`
   * the button of its Claude subscription's, if it offers one; `useClaudeOnPath` sets the path the message named.
   */
  private buttonsFor(action: UserAction, worded: UserError): NoticeButton[] {
    if (action === 'useClaudeOnPath') {
      const found = worded.claudeOnPath;
      if (!found) return [];
      const b: NoticeButton = { action, label: found.label };
      this.offeredClaude.set(b, found.path);
      return [b];
    }
    if (action !== 'signIn' && action !== 'subscriptionSignIn') return [{ action, label: ACTIONS[action].label }];
    return methodButtons(action, this.deps.chats.host.authMethods);
  }

  private issueClaudeId(button: NoticeButton): string | undefined {
    const path = this.offeredClaude.get(button);
    if (path === undefined) return undefined;
    const id = `claude-${this.claudeIds.size + 1}`;
    this.claudeIds.set(id, path);
    return id;
  }

  private async runButton(chat: Chat, button: NoticeButton): Promise<void> {
    const action = button.action as NoticeAction;
    try {
      if (action === 'resendPrompt') await this.resendPrompt(chat);
      else await ACTIONS[action].run(action === 'useClaudeOnPath' ? this.issueClaudeId(button) : button.methodId);
    } catch (err) {
      this.report(err, { chat, what: button.label });
    }
  }
}

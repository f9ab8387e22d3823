// The contract between a chat's page and the rest of the extension: what the page reads (`ChatSource`) and what it
// may ask for (`ChatActions`). The chat's own binding and each capability's per-chat part provide a share of each;
// the controller sees only the whole, never where a share comes from.
import type { SessionMeta, TranscriptChange, TranscriptSnapshot } from '../../acpClient/transcript';
import type { AnswerResult } from '../../acpClient/pendingRequests';
import type {
  AgentChoiceView,
  ApprovalSignalView,
  Attachment,
  ChatNotice,
  ComposerCapabilities,
  ConnectionStatus,
  ElicitationView,
  GrantView,
  Mention,
  MentionCompletion,
  TurnsView,
  UsageView,
  WebviewToHost,
  WorktreeView,
} from '../protocol/protocol';

type AnswerElicitation = Extract<WebviewToHost, { type: 'answerElicitation' }>;

/** What the chat UI can ask for, one method per intent. Each method may reject. */
export interface ChatActions {
  /** The chat is on screen: start the agent and a session if there is none yet. */
  start(): Promise<void>;
  /** The user is in this chat now (its page took focus): commands act on it. */
  focused(): Promise<void>;
  blurred(): Promise<void>;
  sendPrompt(text: string, attachments: Attachment[]): Promise<void>;
  cancelTurn(): Promise<void>;
  /** Stops one subagent (by its child session id); the turn and the other subagents go on. */
  cancelSubagent(sessionId: string): Promise<void>;
  /** A prompt on the session's queue: take it off, steer it into the running turn, or send it now. */
  queuedPrompt(id: string, action: 'remove' | 'steer' | 'send'): Promise<void>;
  editQueuedPrompt(id: string, text: string): Promise<void>;
  /** Restart the agent after it exited, reloading the conversation. */
  restartAgent(): Promise<void>;
  /** VS Code's Open Folder (the welcome of a window with no folder). */
  openFolder(): Promise<void>;
  setMode(modeId: string): Promise<void>;
  setConfigOption(configId: string, value: string | boolean): Promise<void>;
  answerPermission(key: string, optionId: string): AnswerResult;
  answerElicitation(key: string, action: AnswerElicitation['action'], content?: AnswerElicitation['content']): AnswerResult;
  /** False when the location was not opened. */
  openLocation(path: string, line?: number | null): Promise<boolean>;
  openDiff(toolCallId: string, contentIndex: number): Promise<void>;
  /** Add Context: asks the user what to attach; the attachments for the composer. */
  addContext(): Promise<Attachment[]>;
  /** `@` suggestions beyond files: folders, symbols, the problems, the terminal's output, the git changes. */
  completeMentions(query: string): Promise<MentionCompletion[]>;
  /** The attachments of a picked `@` suggestion (checked again by the host). */
  attachMention(mention: Mention): Promise<Attachment[]>;
  /** The attachments of URIs dropped on the composer (files and folders inside the workspace only). */
  dropUris(uris: string[]): Promise<Attachment[]>;
  /** Opens the multi-file diff of a turn's changes. */
  reviewTurnChanges(id: string): Promise<void>;
  /** Reverts one file of a turn's changes, or all of them when `path` is undefined. */
  revertTurnChanges(id: string, path?: string): Promise<void>;
  /** Keeps what the editor holds under review of one file of a turn, or of all its files when `path` is undefined. */
  keepTurnChanges(id: string, path?: string): Promise<void>;
  /** Shows the review's comment threads (VS Code's Comments view). */
  showReviewComments(): Promise<void>;
  /** Sends the user message `entryId` again with `text`, continuing from just before it. */
  editPrompt(entryId: string, text: string): Promise<void>;
  /** Rewind the code, the chat, or both, to just before the user message `entryId` (asked). */
  goBack(entryId: string): Promise<void>;
  /** Sends the prompt of the failed turn holding `entryId` again. */
  retryTurn(entryId: string): Promise<void>;
  /** Takes back the rules the durable answer `key` added (each removed from its settings file). */
  undoGrant(key: string): Promise<void>;
  /** Opens the settings file the durable answer `key` wrote to. */
  openGrant(key: string): Promise<void>;
  setFollowAgent(enabled: boolean): Promise<void>;
  /** Picks the agent for new sessions (by name); a new session starts with it. */
  selectAgent(name: string): Promise<void>;
  /** An action of the chat's worktree bar (`path`: Review of one file). */
  /** `start`: this empty chat begins in a new worktree (New Chat in Worktree…); the others act on its worktree. */
  worktreeAction(action: 'start' | 'review' | 'apply' | 'openWindow' | 'discard', path?: string): Promise<void>;
  /** A button of the chat's error or sign-in card. */
  /** `resend`: the user asked for the kept prompt to be sent once signed in. */
  noticeAction(noticeId: number, action: string, methodId?: string, resend?: boolean): Promise<void>;
}

/** A `vscode.Event`-compatible subscription, so the chat core can provide it without importing vscode. */
export type Subscribe<T> = (listener: (e: T) => void) => { dispose(): void };

/** Where the chat state comes from. The controller reads it on `ready` and listens for changes. */
export interface ChatSource {
  getSnapshot(): TranscriptSnapshot | null;
  /** The current session's meta, read without copying the transcript (the publisher reads it on every flush). */
  getMeta(): Readonly<SessionMeta> | undefined;
  getStatus(): ConnectionStatus;
  /** The folders the chat's paths are shown relative to. */
  getFolders(): readonly string[];
  getCapabilities(): ComposerCapabilities;
  getElicitations(): ElicitationView[];
  onDidChangeTranscript: Subscribe<readonly TranscriptChange[]>;
  /** A different session (or none) is now shown: the webview gets a fresh snapshot. */
  onDidChangeSession: Subscribe<void>;
  onDidChangeStatus: Subscribe<void>;
  onDidChangeElicitations: Subscribe<void>;
  getTurns(): TurnsView;
  onDidChangeTurns: Subscribe<void>;
  /** Text to put in the composer (a rewound prompt). */
  onDidRequestDraft: Subscribe<string>;
  getGrants(): GrantView[];
  onDidChangeGrants: Subscribe<void>;
  getFollowAgent(): boolean;
  onDidChangeFollowAgent: Subscribe<void>;
  getApprovalSignal(): ApprovalSignalView;
  onDidChangeApprovalSignal: Subscribe<void>;
  /** The worktree the chat works in (null: the workspace's folder). */
  getWorktree(): WorktreeView | null;
  onDidChangeWorktree: Subscribe<void>;
  getAgents(): { agents: AgentChoiceView[]; selected: string };
  onDidChangeAgents: Subscribe<void>;
  /** The error or sign-in card to show (null: none). */
  getNotice(): ChatNotice | null;
  onDidChangeNotice: Subscribe<void>;
  /** The chat's tokens and cost per turn and in total, and the warning before compaction (the usage capability). */
  getUsage(): UsageView;
  onDidChangeUsage: Subscribe<void>;
}

/** One capability's share of a chat's page: what it shows there and the actions the page may ask of it. */
export interface ChatPagePart {
  readonly source?: Partial<ChatSource>;
  readonly actions?: Partial<ChatActions>;
}

/** Every member of the page's source and actions, so a chat whose parts leave one out fails when it is bound. */
const SOURCE_MEMBERS: Record<keyof ChatSource, true> = {
  getSnapshot: true,
  getMeta: true,
  getStatus: true,
  getFolders: true,
  getCapabilities: true,
  getElicitations: true,
  onDidChangeTranscript: true,
  onDidChangeSession: true,
  onDidChangeStatus: true,
  onDidChangeElicitations: true,
  getTurns: true,
  onDidChangeTurns: true,
  onDidRequestDraft: true,
  getGrants: true,
  onDidChangeGrants: true,
  getFollowAgent: true,
  onDidChangeFollowAgent: true,
  getApprovalSignal: true,
  onDidChangeApprovalSignal: true,
  getWorktree: true,
  onDidChangeWorktree: true,
  getAgents: true,
  onDidChangeAgents: true,
  getNotice: true,
  onDidChangeNotice: true,
  getUsage: true,
  onDidChangeUsage: true,
};
const ACTION_MEMBERS: Record<keyof ChatActions, true> = {
  start: true,
  focused: true,
  blurred: true,
  sendPrompt: true,
  cancelTurn: true,
  cancelSubagent: true,
  queuedPrompt: true,
  editQueuedPrompt: true,
  restartAgent: true,
  openFolder: true,
  setMode: true,
  setConfigOption: true,
  answerPermission: true,
  answerElicitation: true,
  openLocation: true,
  openDiff: true,
  addContext: true,
  completeMentions: true,
  attachMention: true,
  dropUris: true,
  reviewTurnChanges: true,
  revertTurnChanges: true,
  keepTurnChanges: true,
  showReviewComments: true,
  editPrompt: true,
  goBack: true,
  retryTurn: true,
  undoGrant: true,
  openGrant: true,
  setFollowAgent: true,
  selectAgent: true,
  worktreeAction: true,
  noticeAction: true,
};

/** One chat's page as its parts make it up; a member no part provides, or two provide, is a wiring error. */
export function composeChatPage(parts: readonly ChatPagePart[]): { source: ChatSource; actions: ChatActions } {
  return {
    source: compose(
      parts.map((p) => p.source ?? {}),
      SOURCE_MEMBERS,
    ),
    actions: compose(
      parts.map((p) => p.actions ?? {}),
      ACTION_MEMBERS,
    ),
  };
}

function compose<T extends object>(shares: readonly Partial<T>[], members: Record<keyof T, true>): T {
  const whole: Partial<T> = {};
  for (const share of shares) {
    for (const name of Object.keys(share) as (keyof T)[]) {
      if (name in whole) throw new Error(`The chat's page has ${String(name)} twice`);
      whole[name] = share[name];
    }
  }
  const missing = Object.keys(members).filter((name) => !(name in whole));
  if (missing.length) throw new Error(`The chat's page lacks ${missing.join(', ')}`);
  return whole as T;
}

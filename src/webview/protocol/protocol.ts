// The one message protocol between the extension host and the chat webview. Both sides import this module;
// bump PROTOCOL_VERSION when a message changes shape so a stale webview is told to reload instead of misrendering.
import type { ChatStatus } from '../../chat/chatStatus';
export { needsFolder } from '../../chat/chatStatus';
export { mcpToolName } from '../../acpClient/mcpToolName';
import type { ChatNotice } from '../../chat/chatNotices';
import type { SessionMeta, TranscriptEntry, TranscriptSnapshot } from '../../acpClient/transcript';
import type { FormParse } from '../../permissionUI/elicitationForm';
import type { Attachment, EntryAppend, Mention } from './messageValidation';

// The page imports nothing from the host but this module: what it shares with the core (the transcript's types, the
// form checks both sides run, the icons of kinds, an approval's question, the exhaustiveness guard) comes through here.
export type {
  PermissionCancelReason,
  PermissionOutcome,
  PermissionRecord,
  QueuedPrompt,
  SessionMeta,
  SubagentLane,
  ToolCallState,
  ToolCallUiStatus,
  TranscriptEntry,
  TranscriptSnapshot,
} from '../../acpClient/transcript';
export { unreachable } from '../../acpClient/unreachable';
export { blocksText } from '../../acpClient/transcript';
export { OPTION_KIND_ICON, TOOL_KIND_ICON } from '../../permissionUI/kindIcons';
export { buildApprovalQuestion, type ApprovalQuestion } from '../../permissionUI/approvalQuestion';
export { inApprovalOrder } from '../../permissionUI/approvalOrder';
export { shownPath, type ShownPath } from '../../workbench/shownPath';
// The shared modules' words (an approval's question) are the page's too: the page hands them its translations.
export { useTranslator as translateSharedWords } from '../../contributions/l10n';
export { buildElicitationContent, checkFieldAnswer, type ElicitationContent, type ElicitationForm, type FormField } from '../../permissionUI/elicitationForm';
export { parseEntryAppends } from './messageValidation';
export { entryMarkdown } from '../../chat/conversationMarkdown';
export { parseExternalLink } from './linkPolicy';

// What the webview posts is defined by its validation schema, so a message cannot exist without being validated.
export type { Attachment, EntryAppend, Mention, WebviewToHost } from './messageValidation';

export const PROTOCOL_VERSION = 6;

/** What the agent can take in a prompt; drives which composer features are enabled. */
export interface ComposerCapabilities {
  image: boolean;
  embeddedContext: boolean;
  /** A queued prompt can be sent into the running turn (`_session/steering`). */
  steering: boolean;
}

/** The agent connection's state, as the chat reports it. */
export type ConnectionStatus = ChatStatus;

/** A pending form elicitation (AskUserQuestion) shown in the chat. */
export interface ElicitationView {
  key: string;
  message: string;
  /** The form as the host parsed it: the chat renders and checks exactly what the host will accept. */
  form: FormParse;
}

/** An `@` suggestion: what it attaches, and how the list shows it (`detail`: a path, a symbol's place, what it is). */
export interface MentionCompletion {
  mention: Mention;
  label: string;
  detail?: string;
}

/** One file a turn changed, as the chat lists it. */
export interface ChangedFileView {
  path: string;
  /** Workspace-relative name. */
  label: string;
  added: number;
  removed: number;
  /** `created` / `deleted` by the turn, else `modified`. */
  change: 'created' | 'modified' | 'deleted';
  reverted: boolean;
  /** Why it cannot be reverted (its content before the turn is unknown). */
  cannotRevert?: string;
  /** How many of the agent's changes to it are still under review in the editor (absent: none). */
  toReview?: number;
  /**
   * Who changed it, worded ("Main agent", a subagent's title): set only in a turn where a subagent changed files, and
   * only for a file the record says who wrote (absent: not known, or no subagent took part).
   */
  by?: string[];
}

/** One turn's changes, shown at the end of that turn. */
export interface TurnChangesView {
  id: string;
  /** The place of the turn's first prompt among the conversation's user messages (0 = the first). */
  userIndex: number;
  /** The place of its last prompt: the card goes at the end of that prompt's turn. */
  endUserIndex: number;
  files: ChangedFileView[];
}

/** What the chat knows of its turns beyond their entries. */
export interface TurnsView {
  /** Every turn that changed files, oldest first. */
  changes: TurnChangesView[];
  /** What every card would say (the workspace is not a git repository, older records dropped): said once. */
  note?: string;
  /** Places of the user messages whose failed turn was retried: those turns stay, marked superseded. */
  superseded: number[];
}

export type { ChatNotice, NoticeButton, SetupStep } from '../../chat/chatNotices';
import type { ApprovalSignalView } from '../../permissionUI/approvalSignalView';
export type { ApprovalSignalView } from '../../permissionUI/approvalSignalView';
export { SETUP_STEPS } from '../../chat/chatNotices';

/** A durable answer's effect as the chat shows it on the approval's card. */
export interface GrantView {
  /** The permission record's key: the card it belongs to. */
  key: string;
  /** The rules the answer added: the rule, allow/ask/deny, the file (as the chat names it) and what that file means. */
  rules: { rule: string; behaviour: string; file: string; where: string }[];
  /** No file changed: the grant lasts for this conversation only. */
  sessionOnly?: boolean;
  /** The user took the rules back (Undo). */
  undone?: boolean;
}

export type HostToWebview =
  | {
      type: 'snapshot';
      v: number;
      snapshot: TranscriptSnapshot | null;
      status: ConnectionStatus;
      capabilities: ComposerCapabilities;
      elicitations: ElicitationView[];
      /** The folders the chat's paths are shown relative to (the workspace's, the chats' worktrees). */
      folders: readonly string[];
    }
  /**
   * Coalesced changes: entries upserted by id (new ones appended in order), text appended to entries the page holds
   * (an id is in one list or the other, never both), and changed meta fields.
   */
  /** `sentAt`: when the host posted it (epoch ms), so a measurement can split the host's time from the transport's and the page's. */
  | { type: 'patch'; entries: TranscriptEntry[]; appends?: EntryAppend[]; meta?: Partial<SessionMeta>; sentAt?: number }
  | { type: 'status'; status: ConnectionStatus; capabilities?: ComposerCapabilities }
  | { type: 'elicitations'; elicitations: ElicitationView[] }
  /** "Add selection to chat" and similar: put an attachment into the composer. */
  | { type: 'attach'; attachment: Attachment }
  | { type: 'mentionCompletions'; requestId: number; items: MentionCompletion[] }
  | { type: 'focusComposer' }
  /** The turns' changes and marks. Sent after every snapshot and on change. */
  | { type: 'turns'; turns: TurnsView }
  /** Text for the composer (a rewound prompt), put before what it holds. */
  | { type: 'draft'; text: string }
  /** What the chat's durable answers did, each shown on its approval's card. Sent after every snapshot and on change. */
  | { type: 'grants'; grants: GrantView[] }
  /** Whether the editor follows the agent (remembered across sessions and windows). */
  | { type: 'followAgent'; enabled: boolean }
  /** The chat's usage in words (the usage capability): under the context meter's tooltip. Sent after every snapshot and on change. */
  | { type: 'usage'; usage: UsageView }
  /** How an approval that needs the user is signalled (VS Code's setting for it). Sent after every snapshot and on change. */
  | ({ type: 'approvalSignal' } & ApprovalSignalView)
  /** The agents the user can pick for new sessions, and the picked one (by name). */
  | { type: 'agents'; agents: AgentChoiceView[]; selected: string }
  | { type: 'notice'; notice: ChatNotice | null }
  /** The worktree the chat works in (null: the workspace's folder). Sent after every snapshot and on change. */
  | { type: 'worktree'; worktree: WorktreeView | null };

/** What the chat's header says of its usage beyond the context meter, worded by the host (usage/usageWording.ts). */
export interface UsageView {
  /** The last turn's tokens and cost, the chat's total ("not reported" where the agent said nothing). */
  lines: string[];
  /** The chat's cost in short ("$0.02"), beside the meter; null while the agent reported none. */
  cost: string | null;
  /** Set when the context is near where the agent compacts the chat: the meter turns into a warning. */
  warning: string | null;
}

/** The git worktree a chat works in: its branch and what it changed against where it started. */
export interface WorktreeView {
  branch: string;
  /** The worktree's folder (the bar's tooltip). */
  path: string;
  files: WorktreeFileView[];
  /** Commits on the branch since the worktree was made. */
  commits: number;
}

export interface WorktreeFileView {
  /** Relative to the repository's root, with `/`. */
  path: string;
  status: 'added' | 'modified' | 'deleted';
  /** Lines; absent for a binary file. */
  added?: number;
  removed?: number;
}

/** An agent of the picker in the chat header. */
export interface AgentChoiceView {
  name: string;
}

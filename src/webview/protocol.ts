// The one message protocol between the extension host and the chat webview. Both sides import this module;
// bump PROTOCOL_VERSION when a message changes shape so a stale webview is told to reload instead of misrendering.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { ChatStatus } from '../acpClient/chatService';
import type { SessionMeta, TranscriptEntry, TranscriptSnapshot } from '../acpClient/transcript';

export const PROTOCOL_VERSION = 1;

/** What the agent can take in a prompt; drives which composer features are enabled. */
export interface ComposerCapabilities {
  image: boolean;
  embeddedContext: boolean;
  /** The agent accepts a prompt while a turn runs (Claude: `_meta.claudeCode.promptQueueing`). */
  promptQueueing: boolean;
  /** A queued prompt can be sent into the running turn (`_session/steering`). */
  steering: boolean;
}

/** The agent connection's state, as the chat service reports it. */
export type ConnectionStatus = ChatStatus;

/** A pending form elicitation (AskUserQuestion) shown in the chat. */
export interface ElicitationView {
  key: string;
  message: string;
  /** The form schema as sent by the agent (ElicitationSchema); the webview renders it generically. */
  requestedSchema: unknown;
}

export type HostToWebview =
  | { type: 'snapshot'; v: number; snapshot: TranscriptSnapshot | null; status: ConnectionStatus; capabilities: ComposerCapabilities; elicitations: ElicitationView[] }
  /** Coalesced changes: entries upserted by id (new ones appended in order), and changed meta fields. */
  | { type: 'patch'; entries: TranscriptEntry[]; meta?: Partial<SessionMeta> }
  | { type: 'status'; status: ConnectionStatus; capabilities?: ComposerCapabilities }
  | { type: 'elicitations'; elicitations: ElicitationView[] }
  /** "Add selection to chat" and similar: put an attachment into the composer. */
  | { type: 'attach'; attachment: Attachment }
  | { type: 'fileCompletions'; requestId: number; items: { path: string; label: string }[] }
  | { type: 'focusComposer' };

export type Attachment =
  | { type: 'file'; path: string; name: string }
  | { type: 'selection'; path: string; name: string; startLine: number; endLine: number; text: string }
  | { type: 'image'; mimeType: string; data: string; name: string };

export type WebviewToHost =
  | { type: 'ready'; v: number }
  | { type: 'prompt'; text: string; attachments: Attachment[] }
  | { type: 'cancel' }
  | { type: 'newSession' }
  | { type: 'openHistory' }
  | { type: 'queuedPrompt'; id: string; action: 'remove' | 'steer' | 'send' }
  | { type: 'editQueuedPrompt'; id: string; text: string }
  | { type: 'restartAgent' }
  | { type: 'setMode'; modeId: string }
  | { type: 'setConfigOption'; configId: string; value: string | boolean }
  | { type: 'permission'; key: string; optionId: string }
  | { type: 'elicitation'; key: string; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> }
  | { type: 'openLocation'; path: string; line?: number | null }
  | { type: 'openDiff'; toolCallId: string; contentIndex: number }
  | { type: 'openLink'; href: string }
  | { type: 'completeFiles'; requestId: number; query: string };

/** Build the prompt blocks for a composer message. Pure so both the host and tests use the same mapping. */
export type PromptBlocks = ContentBlock[];

// What the protocol client asks of its host (the UI): choose a permission option, fill in a form. No `vscode` types here.
// The hook presents the request (an Approval); whoever answers (any surface, at any time) calls its `answer`, and the
// Approval decides whether the answer still counts.
import type { CreateElicitationRequest, CreateElicitationResponse, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import type { Approval } from './approval';
import type { ToolCallState } from './transcript';

/** A permission request waiting on the user: answer it with an offered optionId. */
export type PendingPermission = Approval<string, RequestPermissionRequest> & {
  /** The session the request belongs to: a subagent's request is its root session's (`subagent` names the child). */
  readonly sessionId: string;
  /** The session's merged state of `params.toolCall.toolCallId`, if known. */
  readonly toolCall?: ToolCallState;
};

/** A form elicitation waiting on the user. */
export type PendingElicitation = Approval<CreateElicitationResponse, CreateElicitationRequest>;

export interface ClientHooks {
  /**
   * A prompt is about to be sent in `sessionId` (its user message is already in the transcript): what must happen
   * first, e.g. the editor's snapshot of the files the turn may change. The prompt waits for it (a failure is logged).
   */
  beforePrompt?(sessionId: string): Promise<void>;
  /** Present the request. Never answer for a dismissal; a hook that fails leaves the request pending. */
  requestPermission(req: PendingPermission): void;
  /** Present only if the client serves form elicitation; then `elicitation.form` is advertised. A hook that fails
   *  answers `cancel` (nothing else would show the form). */
  createElicitation?(req: PendingElicitation): void;
}

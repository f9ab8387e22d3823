// Open agent→client requests (permissions, elicitations), so a turn cancel, a session close or the agent's exit can
// settle every one of them. The SDK tracks none of this for us (ACP prompt-turn §Cancellation: the client MUST
// answer pending permission requests `cancelled` after session/cancel). Each request is an Approval (approval.ts),
// the one owner of "is this request still answerable": every surface answers through its `answer`.
import { RequestError } from '@agentclientprotocol/sdk';
import type { Logger } from './logger';
import type { PermissionCancelReason } from './transcript';

/**
 * What answering a request led to. `accepted`: this answer went to the agent. `expired`: the request had already
 * been answered or cancelled; the answer was discarded (and recorded). `refused`: the answer does not fit the
 * request (an option it did not offer, content outside the form); it stays pending. `unknown`: no such request.
 */
export type AnswerResult = 'accepted' | 'expired' | 'unknown' | { refused: string };

/** What the list needs of an open request: its session (and subagent), and how to end it without an answer. */
export interface OpenRequest {
  readonly key: string;
  /** The root session it belongs to (a subagent's request is its root session's, see `subagent`). */
  readonly sessionId?: string;
  /** Set when a subagent asked: its child session. */
  readonly subagent?: { readonly sessionId: string };
  cancel(reason: PermissionCancelReason): void;
}

export class PendingRequests {
  private readonly byKey = new Map<string, OpenRequest>();

  add(entry: OpenRequest): void {
    this.byKey.set(entry.key, entry);
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  remove(key: string): void {
    this.byKey.delete(key);
  }

  /** Cancel every open request of `sessionId`; each answers the agent `cancelled` itself. */
  cancelSession(sessionId: string, reason: PermissionCancelReason): number {
    return this.cancel(
      [...this.byKey.values()].filter((e) => e.sessionId === sessionId),
      reason,
    );
  }

  /**
   * Cancel the open requests of one lane of `sessionId`: the main agent's (`lane` undefined) or one subagent's. A
   * cancel of the turn settles the main agent's: each subagent the cancel stops withdraws its own requests
   * (`$/cancel_request`), and one that runs on in the background keeps them (agent-client-protocol#2308).
   */
  cancelLane(sessionId: string, lane: string | undefined, reason: PermissionCancelReason): number {
    return this.cancel(
      [...this.byKey.values()].filter((e) => e.sessionId === sessionId && e.subagent?.sessionId === lane),
      reason,
    );
  }

  cancelAll(reason: PermissionCancelReason): number {
    return this.cancel([...this.byKey.values()], reason);
  }

  private cancel(hits: OpenRequest[], reason: PermissionCancelReason): number {
    for (const e of hits) e.cancel(reason);
    return hits.length;
  }
}

/**
 * Why the SDK aborted a handler's `ctx.signal`: a `$/cancel_request` from the agent carries RequestError -32800;
 * anything else is the connection closing.
 */
export function reasonFromSdkSignal(signal: AbortSignal, connectionSignal: AbortSignal): PermissionCancelReason {
  if (connectionSignal.aborted) return 'agent-exited';
  const reason: unknown = signal.reason;
  if (reason && typeof reason === 'object' && (reason as { code?: unknown }).code === -32800) return 'agent-cancelled';
  return 'agent-exited';
}

/** The JSON-RPC error for a request whose id is still in use by an open request of the same session. */
export function duplicateRequest(key: string, logger: Logger): RequestError {
  logger.error(`[acpClient] ${key}: the agent reused the id of a request that is still open; answering an error`);
  return RequestError.invalidRequest({ reason: `request id ${key} is already in use by an open request` }); // l10n-ignore: a programming error, for the log
}

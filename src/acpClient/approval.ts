// One agent→client request waiting on the user (a permission or a form), as one object: its state and its reply
// channel. Everything else is a view of it: the broker lists the pending ones for the surfaces, the surfaces show them
// and answer through `answer`, the attention count counts them, the transcript records how each ended. Whoever
// answers, whenever, the agent gets exactly one reply (as Zed's thread keeps a tool call waiting for confirmation
// together with its responder).
import { Emitter, type Event } from './events';
import type { AnswerResult } from './pendingRequests';
import type { PermissionCancelReason } from './transcript';

export type ApprovalState = { status: 'pending' } | { status: 'answered' } | { status: 'cancelled'; reason: PermissionCancelReason };

/** How a request replies to the agent; each of `send` and `cancelled` runs at most once, and only one of them. */
export interface ApprovalReply<A> {
  /** Why `answer` does not fit the request (it stays pending), or undefined when it fits. */
  check(answer: A): string | undefined;
  send(answer: A): void;
  cancelled(reason: PermissionCancelReason): void;
  /** An answer that came after the request ended: discarded (recorded where that matters). */
  late?(answer: A, state: Exclude<ApprovalState, { status: 'pending' }>): void;
}

export class Approval<A, P> {
  private current: ApprovalState = { status: 'pending' };
  private readonly controller = new AbortController();
  private readonly settleEmitter = new Emitter<Exclude<ApprovalState, { status: 'pending' }>>();
  /** A surface was closed without an answer; the request stays pending. Cleared when it is shown again. */
  dismissed = false;
  /** Aborts when the request is cancelled (turn cancelled, session closed, agent gone); the reason is the cause. */
  readonly signal: AbortSignal = this.controller.signal;
  /** The request ended: answered, or cancelled. Fires once. */
  readonly onDidSettle: Event<Exclude<ApprovalState, { status: 'pending' }>> = this.settleEmitter.event;

  constructor(
    /** `${sessionId}:${requestId}`, the session id as the request carried it (a subagent's: its child session's). */
    readonly key: string,
    /** The (root) session the request belongs to: a subagent's request is its root session's. */
    readonly sessionId: string | undefined,
    readonly params: P,
    private readonly reply: ApprovalReply<A>,
    /** Set when a subagent asked: its child session and title, so a surface can say which subagent asks. */
    readonly subagent?: { readonly sessionId: string; readonly title?: string },
  ) {}

  get state(): ApprovalState {
    return this.current;
  }

  /** The user's answer: sent when the request is pending and the answer fits it; never a second reply. */
  answer(answer: A): AnswerResult {
    const state = this.current;
    if (state.status !== 'pending') {
      this.reply.late?.(answer, state);
      return 'expired';
    }
    const refused = this.reply.check(answer);
    if (refused !== undefined) return { refused };
    this.current = { status: 'answered' };
    this.reply.send(answer);
    this.settle();
    return 'accepted';
  }

  /** Ends the request without the user's answer; a no-op once it has ended. */
  cancel(reason: PermissionCancelReason): void {
    if (this.current.status !== 'pending') return;
    this.current = { status: 'cancelled', reason };
    this.controller.abort(reason);
    this.reply.cancelled(reason);
    this.settle();
  }

  private settle(): void {
    const state = this.current;
    if (state.status === 'pending') return;
    this.settleEmitter.fire(state);
    this.settleEmitter.dispose();
  }
}

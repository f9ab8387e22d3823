// Where a subagent's traffic goes. Each subagent is a child session (ACP subagents RFD), announced on its immediate
// parent with a `subagent_update`; from then on its `session/update`s and `session/request_permission`s carry the
// child's session id. They all go to the ROOT session (the one the user opened), as the child's lane: a nested child's
// too (its `subagent` entry then sits in its parent child's lane). The RFD keeps a child under one parent for good
// (native-subagents.js `nextChildSessionId`: unique on the connection, never under two parents).
import type { PermissionSessionView } from './permissionHandler';
import type { Session } from './session';

/** A session id resolved: the session to fold into, and the lane (a child session id) when it is a subagent's. */
export interface LaneTarget {
  session: Session;
  lane?: string;
}

/** Bounds what a confused agent can make the client remember. */
const MAX_CHILDREN = 10_000;

export class LaneRoutes {
  /** Child session id → its root session id. */
  private readonly rootOf = new Map<string, string>();

  /** `child` (announced in `root`'s transcript) routes to `root` from now on. False when it cannot. */
  add(child: string, root: string): boolean {
    const known = this.rootOf.get(child);
    if (known !== undefined) return known === root;
    if (this.rootOf.size >= MAX_CHILDREN) return false;
    this.rootOf.set(child, root);
    return true;
  }

  /** The root session id of the child session `child`, if it is one. */
  root(child: string): string | undefined {
    return this.rootOf.get(child);
  }

  /** `root` closed: its children route nowhere. */
  forgetRoot(root: string): void {
    for (const [child, r] of this.rootOf) if (r === root) this.rootOf.delete(child);
  }

  /** Where `sessionId`'s traffic goes: an open session itself, or a child's root session with the child's lane. */
  resolve(sessionId: string, open: (id: string) => Session | undefined): LaneTarget | undefined {
    const session = open(sessionId);
    if (session) return { session };
    const root = this.rootOf.get(sessionId);
    const rootSession = root === undefined ? undefined : open(root);
    return rootSession ? { session: rootSession, lane: sessionId } : undefined;
  }
}

/** How a request of `target` is recorded: in the root session, in the subagent's lane when it is one. */
export function permissionView(target: LaneTarget): PermissionSessionView {
  const { session, lane } = target;
  if (lane === undefined) return session;
  return {
    id: session.id,
    subagent: requestOwner(target).subagent,
    recordToolCall: (toolCall) => {
      session.applyUpdate({ sessionUpdate: 'tool_call_update', ...toolCall }, lane);
      return session.getToolCall(toolCall.toolCallId);
    },
    recordPermission: (record) => session.apply({ type: 'permission-requested', permission: record, lane }),
    settlePermission: (key, outcome) => session.settlePermission(key, outcome),
  };
}

/** Who a request of `target` is from, for its Approval: the root session, and the subagent when one asks. */
export function requestOwner(target: LaneTarget): { sessionId: string; subagent?: { sessionId: string; title?: string } } {
  const { session, lane } = target;
  if (lane === undefined) return { sessionId: session.id };
  const title = session.subagentLane(lane)?.title;
  return { sessionId: session.id, subagent: { sessionId: lane, ...(title ? { title } : {}) } };
}

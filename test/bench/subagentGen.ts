// One turn in which the agent works through subagents, as Claude's adapter relays it to a client that declares
// `subagents: {}` (see /tmp/sub/shape.md and test/integration/subagents.test.ts): on the parent session, each child is
// announced (`subagent_update`, running, cancellable) and gets its launch prompt (`session_message` from the parent);
// then the children's own updates interleave, each child's a tool call (pending) and its completion with a little
// output, one call of each child in turn, with a line of text now and then; then each child ends (its last text, idle
// with `end_turn`, its reply as `${launch}:reply`), and the parent closes the turn. Each step is what AcpClient does
// with that update on the wire: `Session.applyLaneUpdate` for the subagent updates, `Session.applyUpdate(u, child)`
// for a child's own.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { Session } from '../../src/acpClient/session';
import type { LaneUpdate } from '../../src/acpClient/subagentLanes';

/** One update as AcpClient hands it to the root session. */
export type Step = (session: Session) => void;

export interface SubagentTurn {
  steps: Step[];
  /** Steps before the first child's end: every call done, all children still running. */
  runningSteps: number;
  childIds: string[];
}

const KINDS = ['read', 'search', 'execute'] as const;
/** A line of text from each child every this many calls (and one as it starts and ends). */
const TEXT_EVERY = 25;

/** Steps of one turn with `children` subagents of `calls` tool calls each (`sessionId`: the parent's). */
export function subagentTurn(sessionId: string, children: number, calls: number): SubagentTurn {
  const steps: Step[] = [];
  const lane =
    (u: Record<string, unknown>, child?: string): Step =>
    (s) =>
      void s.applyLaneUpdate(u as unknown as LaneUpdate, child);
  const update =
    (u: SessionUpdate, child?: string): Step =>
    (s) =>
      s.applyUpdate(u, child);
  const text = (t: string): SessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: t } });
  const ids = Array.from({ length: children }, (_, c) => `child-bench-${c}`);
  steps.push(update(text(`I'll split this between ${children} subagents, one per package.\n\n`)));
  ids.forEach((child, c) => {
    steps.push(
      lane({
        sessionUpdate: 'subagent_update',
        sessionId: child,
        title: 'general-purpose',
        description: `Check package ${c}`,
        capabilities: { cancel: {} },
        state: { state: 'running' },
      }),
    );
    steps.push(
      lane({
        sessionUpdate: 'session_message',
        messageId: `toolu_launch_${c}`,
        senderSessionId: sessionId,
        recipientSessionId: child,
        recipientMessageId: `launch-in-${c}`,
        content: [{ type: 'text', text: `Check every module of package ${c}: read it, search its callers, run its tests. Report what fails.` }],
      }),
    );
  });
  for (let i = 0; i < calls; i++) {
    ids.forEach((child, c) => {
      if (i % TEXT_EVERY === 0) steps.push(update(text(`Looking at modules ${i} to ${Math.min(calls, i + TEXT_EVERY) - 1} of package ${c}.\n\n`), child));
      const kind = KINDS[Math.floor(i / 10) % KINDS.length]!;
      const toolCallId = `toolu_c${c}_${i}`;
      const path = `/work/packages/p${c}/src/module${i}.ts`;
      const title =
        kind === 'read' ? `Read packages/p${c}/src/module${i}.ts` : kind === 'search' ? `grep -n "module${i}" packages/p${c}` : `npm test -- module${i}`;
      const output =
        kind === 'read'
          ? `export function module${i}(x: number): number {\n  return compute(x, ${i});\n}\n`
          : kind === 'search'
            ? `packages/p${c}/src/index.ts:${i + 3}: import { module${i} } from './module${i}';\npackages/p${c}/test/module${i}.test.ts:1: import { module${i} } from '../src/module${i}';\n`
            : `PASS test/module${i}.test.ts (${(i * 7) % 90} ms)\nTests: 3 passed, 3 total\n`;
      steps.push(
        update(
          {
            sessionUpdate: 'tool_call',
            toolCallId,
            title,
            kind,
            status: 'pending',
            locations: kind === 'read' ? [{ path }] : [],
            rawInput: kind === 'read' ? { file_path: path } : kind === 'search' ? { pattern: `module${i}` } : { command: `npm test -- module${i}` },
          },
          child,
        ),
      );
      steps.push(
        update(
          { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed', content: [{ type: 'content', content: { type: 'text', text: output } }] },
          child,
        ),
      );
    });
  }
  const runningSteps = steps.length;
  ids.forEach((child, c) => {
    steps.push(update(text(`Package ${c}: all ${calls} checks done, nothing fails.`), child));
    steps.push(lane({ sessionUpdate: 'subagent_update', sessionId: child, state: { state: 'idle', stopReason: 'end_turn' } }));
    steps.push(
      lane({
        sessionUpdate: 'session_message',
        messageId: `toolu_launch_${c}:reply`,
        senderSessionId: child,
        recipientSessionId: sessionId,
        content: [{ type: 'text', text: `Package ${c}: ${calls} modules checked, all tests pass.\nNo callers need changes.` }],
      }),
    );
  });
  steps.push(update(text(`All ${children} packages are checked; every test passes.`)));
  steps.push((s) => s.apply({ type: 'turn-ended', stopReason: 'end_turn' }));
  return { steps, runningSteps, childIds: ids };
}

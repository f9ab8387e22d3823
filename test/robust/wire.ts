// What went over an agent's stdio, both ways, as parsed JSON-RPC messages: the crash areas read from it which request
// a kill interrupted (a kill is a mark in the log), so the phase a kill landed in is what the wire shows, not what
// the test meant to hit.
import type { AgentProcess } from '../../src/acpClient';

export interface WireMessage {
  /** `out`: client → agent (stdin); `in`: agent → client (stdout). */
  dir: 'out' | 'in';
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

export class WireLog {
  readonly messages: WireMessage[] = [];
  /** Index in `messages` of the first message after the kill. */
  killedAt: number | undefined;

  /** Taps `p`: what the client writes to its stdin and what the agent writes to its stdout, line by line. */
  attach(p: AgentProcess): void {
    const toAgent = lineReader((m) => this.messages.push({ dir: 'out', ...m }));
    const fromAgent = lineReader((m) => this.messages.push({ dir: 'in', ...m }));
    const write = p.stdin.write.bind(p.stdin) as (chunk: unknown, ...rest: unknown[]) => boolean;
    // The client's writes go through `write` (Writable.toWeb calls it); the tap sees them as they leave.
    p.stdin.write = ((chunk: unknown, ...rest: unknown[]) => {
      toAgent(chunk);
      return write(chunk, ...rest);
    }) as typeof p.stdin.write;
    p.stdout.on('data', fromAgent);
  }

  markKill(): void {
    this.killedAt = this.messages.length;
  }

  /** Client→agent requests that never got an answer (what the kill interrupted), by method. */
  unanswered(): string[] {
    const answered = new Set(this.messages.filter((m) => m.dir === 'in' && m.method === undefined).map((m) => JSON.stringify(m.id)));
    return this.messages
      .filter((m) => m.dir === 'out' && m.method !== undefined && m.id !== undefined && !answered.has(JSON.stringify(m.id)))
      .map((m) => m.method!);
  }

  /** Agent→client requests of `method` the client had not answered when the kill came. */
  openAtKill(method: string): number {
    const before = this.messages.slice(0, this.killedAt ?? this.messages.length);
    const answered = new Set(before.filter((m) => m.dir === 'out' && m.method === undefined).map((m) => JSON.stringify(m.id)));
    return before.filter((m) => m.dir === 'in' && m.method === method && !answered.has(JSON.stringify(m.id))).length;
  }

  /** Tool calls whose permission the client answered with an allow option (the agent may then run them). */
  approvedToolCalls(): string[] {
    const answers = new Map(
      this.messages
        .filter((m) => m.dir === 'out' && m.method === undefined)
        .map((m) => [JSON.stringify(m.id), m.result as { outcome?: { outcome?: string; optionId?: string } } | undefined]),
    );
    return this.messages
      .filter((m) => m.dir === 'in' && m.method === 'session/request_permission')
      .filter((m) => {
        const outcome = answers.get(JSON.stringify(m.id))?.outcome;
        const options = (m.params?.options ?? []) as { optionId: string; kind: string }[];
        return outcome?.outcome === 'selected' && options.some((o) => o.optionId === outcome.optionId && o.kind.startsWith('allow'));
      })
      .map((m) => String((m.params?.toolCall as { toolCallId?: unknown } | undefined)?.toolCallId));
  }

  /** The session updates the agent sent after the client's last session/prompt. */
  updatesOfLastPrompt(): Record<string, unknown>[] {
    const start = this.messages.findLastIndex((m) => m.dir === 'out' && m.method === 'session/prompt');
    if (start < 0) return [];
    return this.messages
      .slice(start)
      .filter((m) => m.dir === 'in' && m.method === 'session/update')
      .map((m) => (m.params?.update ?? {}) as Record<string, unknown>);
  }
}

/**
 * Tool calls running among `updates`: reported `in_progress`, or approved (`approved`) and not reported finished since
 * (Claude's adapter leaves an approved command `pending` until it ends).
 */
export function toolCallsRunning(updates: readonly Record<string, unknown>[], approved: readonly string[] = []): string[] {
  const status = new Map<string, string>();
  for (const u of updates) {
    if (u.sessionUpdate !== 'tool_call' && u.sessionUpdate !== 'tool_call_update') continue;
    const id = String(u.toolCallId);
    if (typeof u.status === 'string') status.set(id, u.status);
    else if (!status.has(id)) status.set(id, 'pending');
  }
  return [...status].filter(([id, s]) => s === 'in_progress' || (approved.includes(id) && s === 'pending')).map(([id]) => id);
}

function lineReader(onMessage: (m: Omit<WireMessage, 'dir'>) => void): (chunk: unknown) => void {
  let partial = '';
  return (chunk) => {
    partial += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const m = JSON.parse(line) as Omit<WireMessage, 'dir'>;
        if (m && typeof m === 'object') onMessage(m);
      } catch {
        // Not a JSON-RPC line (the crash agents write none): nothing to record.
      }
    }
  };
}

/**
 * Which request the kill interrupted, from the wire: a start request left unanswered, else within the open
 * session/prompt what the agent was doing (approvals it was waiting on, a tool call it had running, a stream of text).
 */
export function interruptedPhase(wire: WireLog): string {
  const open = wire.unanswered();
  for (const start of ['initialize', 'session/new', 'session/load']) if (open.includes(start)) return start;
  if (!open.includes('session/prompt')) return open.length > 0 ? `unanswered ${open.join(', ')}` : 'no request open';
  if (wire.openAtKill('session/request_permission') > 0) return 'approvals open';
  const updates = wire.updatesOfLastPrompt();
  if (toolCallsRunning(updates, wire.approvedToolCalls()).length > 0) return 'mid tool call';
  if (updates.some((u) => u.sessionUpdate === 'agent_message_chunk')) return 'mid-stream';
  return 'prompt open, nothing streamed';
}

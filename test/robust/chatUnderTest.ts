// The chat as the extension builds it, minus VS Code, for the crash and model-failure areas: the real AgentHost and
// side-view Chat (restart, continue by session/load), the broker as its hooks, and a record of every agent process it
// spawned with what went over its stdio (wire.ts). The surfaces themselves (QuickPick, modal, card) are the e2e bed's.
import { AgentProcess, type AgentLaunch, type AgentProcessLike, type Logger, type PendingPermission } from '../../src/acpClient';
import { AgentHost } from '../../src/chat/agentHost';
import { ChatRegistry } from '../../src/chat/chatRegistry';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { PermissionBroker } from '../../src/permissionUI/permissionBroker';
import { WireLog } from './wire';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const quietLogger = (): Logger & { lines: string[] } => {
  const lines: string[] = [];
  const push = (msg: string, ...args: unknown[]) =>
    void lines.push([msg, ...args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : ''))].join(' '));
  return { lines, info: push, warn: push, error: push, debug: () => undefined };
};

export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The chat as the extension builds it, minus VS Code: the agent host and the side view's chat, the broker as hooks. */
export function chatUnderTest(cwd: string, initialMode?: string) {
  const logger = quietLogger();
  const broker = new PermissionBroker({ logger });
  const requests: PendingPermission[] = [];
  const procs: AgentProcess[] = [];
  /** One per process in `procs`, same order. */
  const wires: WireLog[] = [];
  let nextLaunch: AgentLaunch | undefined;
  const host = new AgentHost({
    resolveLaunch: () => nextLaunch!,
    cwd: () => cwd,
    hooks: {
      requestPermission: (r) => {
        requests.push(r);
        broker.requestPermission(r);
      },
    },
    logger,
    clientInfo: { name: 'robust', version: '0' },
    initialMode: () => initialMode,
    spawn: (l, dir, log): AgentProcessLike => {
      const p = AgentProcess.spawn(l, { cwd: dir, logger: log });
      const wire = new WireLog();
      wire.attach(p);
      procs.push(p);
      wires.push(wire);
      return p;
    },
  });
  const chats = new ChatRegistry(host, { logger });
  const side = chats.sideView;
  // What the extension does for a prompt, a Restart and shutting down, on the side view's chat.
  const chat = {
    get session() {
      return side.session;
    },
    get status() {
      return side.status;
    },
    ensureSession: () => side.ensureSession(),
    prompt: async (blocks: ContentBlock[]) => (await side.ensureSession()).prompt(blocks),
    restart: () => chats.restart(side),
    cancel: () => side.cancel(),
    dispose: () => {
      chats.dispose();
      host.dispose();
    },
  };
  return {
    chat,
    broker,
    requests,
    procs,
    wires,
    logger,
    setLaunch(l: AgentLaunch) {
      nextLaunch = l;
    },
  };
}

/** Entries shown before the kill must all still be there, with at least the text they had. */
export function transcriptIntact(before: readonly TranscriptEntry[], after: readonly TranscriptEntry[]): string | undefined {
  const byId = new Map(after.map((e) => [e.id, e]));
  for (const e of before) {
    const a = byId.get(e.id);
    if (!a) return `entry ${e.id} (${e.kind}) is gone`;
    if ((e.kind === 'agent' || e.kind === 'user') && a.kind === e.kind) {
      const text = (x: typeof e) => x.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      if (!text(a as typeof e).startsWith(text(e))) return `entry ${e.id} lost text`;
    }
    if (e.kind === 'tool' && a.kind === 'tool' && (a.toolCall.terminalOutput ?? '').length < (e.toolCall.terminalOutput ?? '').length)
      return `tool ${e.id} lost output`;
  }
  return undefined;
}

/** Polls `check` until true; gives up after `maxMs` so a poll never outlives its case. */
export async function waitFor(check: () => boolean, everyMs = 2, maxMs = 60_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await sleep(everyMs);
  }
}

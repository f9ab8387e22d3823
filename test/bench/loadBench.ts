// 4. Loading a long session: a session/load of 1,000 turns with tool calls replayed through the real Session (held
// back while it replays) and shown by the real App from the one snapshot the host then posts; time to the last entry
// on screen, against rendering the same transcript from a snapshot that already exists (the floor), and against a
// replay that reaches the webview as one patch per update (what a load did without batching).
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { PendingRequests } from '../../src/acpClient/pendingRequests';
import { Session, type SessionHost } from '../../src/acpClient/session';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import type { HostToWebview } from '../../src/webview/protocol';
import { PROTOCOL_VERSION } from '../../src/webview/protocol';
import { caps } from '../unit/webview/fixtures';
import { check, fmtMs, fmtRatio, mountApp, table } from './harness';
import { AGENT_MARKDOWN } from './transcriptGen';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

function host(): SessionHost {
  return {
    agent: {} as SessionHost['agent'],
    capabilities: {},
    steering: false,
    pending: new PendingRequests(),
    logger: silent,
    disconnectReason: () => undefined,
    explainFailure: async (e) => (e instanceof Error ? e : new Error(String(e))),
    forget: () => undefined,
  };
}

/** What the adapter replays for `turns` turns: the prompt, the agent's text, a Read with its result, a closing text. */
export function replayUpdates(turns: number): SessionUpdate[] {
  const out: SessionUpdate[] = [];
  for (let t = 1; t <= turns; t++) {
    out.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `Question ${t}: what does src/file${t}.ts do?` } });
    out.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `I will read **src/file${t}.ts**.` } });
    out.push({
      sessionUpdate: 'tool_call',
      toolCallId: `toolu_${t}`,
      title: `Read src/file${t}.ts`,
      kind: 'read',
      status: 'pending',
      locations: [{ path: `/work/src/file${t}.ts`, line: 1 }],
      rawInput: { file_path: `/work/src/file${t}.ts` },
    });
    out.push({
      sessionUpdate: 'tool_call_update',
      toolCallId: `toolu_${t}`,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: `export const value${t} = ${t};\n`.repeat(5) } }],
    });
    out.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: AGENT_MARKDOWN } });
  }
  return out;
}

function snapshotMessage(session: Session): HostToWebview {
  const snap = session.snapshot();
  return { type: 'snapshot', v: PROTOCOL_VERSION, snapshot: snap, status: { state: 'ready', agentName: 'bench' }, capabilities: caps(), elicitations: [] };
}

interface LoadResult {
  ms: number;
  messages: number;
  entries: number;
  lastShown: boolean;
}

/** Runs `load` against a fresh App; `ms` ends when the last entry is in the DOM after the frames ran. */
async function measure(lastId: () => string, load: (send: (m: HostToWebview) => void) => Promise<number>): Promise<LoadResult> {
  const { app, root, frame, unmount } = mountApp();
  const t0 = performance.now();
  const messages = await load((m) => {
    app.handleMessage(m);
    frame();
  });
  const ms = performance.now() - t0;
  const lastShown = root.querySelector(`[data-entry-id="${lastId()}"]`) !== null;
  const entries = app.transcript.renderedCount;
  unmount();
  return { ms, messages, entries, lastShown };
}

export async function loadBench(turns: number): Promise<string> {
  const updates = replayUpdates(turns);
  // The transcript as the replay builds it, for the snapshot baseline and to know the last entry's id.
  const reference = new Session('bench', host());
  for (const u of updates) reference.applyUpdate(u);
  const entries: TranscriptEntry[] = reference.snapshot().entries;
  const lastId = entries[entries.length - 1]!.id;
  const ready = snapshotMessage(reference);

  const fromSnapshot = await measure(() => lastId, async (send) => {
    send(ready);
    return 1;
  });

  const batched = await measure(() => lastId, async (send) => {
    const session = new Session('bench', host());
    // As AcpClient.loadSession does: the replay is folded with change events held back, then one snapshot is posted.
    await session.replay(async () => {
      for (const u of updates) session.applyUpdate(u);
    });
    send(snapshotMessage(session));
    return 1;
  });

  const perUpdate = await measure(() => lastId, async (send) => {
    const session = new Session('bench', host());
    send({ ...snapshotMessage(session) });
    let posted = 0;
    const sub = session.onDidChange((changes) => {
      const changed = changes.flatMap((c) => (c.type === 'meta-changed' ? [] : [c.entry]));
      posted += 1;
      send({ type: 'patch', entries: changed });
    });
    for (const u of updates) session.applyUpdate(u);
    sub.dispose();
    return posted + 1;
  });

  for (const r of [fromSnapshot, batched, perUpdate]) check(r.lastShown, 'the last replayed entry is on screen');
  check(JSON.stringify(reference.snapshot().entries) === JSON.stringify(entries), 'the reference did not move');
  const row = (name: string, r: LoadResult) => [name, updates.length, r.messages, r.entries, fmtMs(r.ms), fmtRatio(r.ms / fromSnapshot.ms)];
  return table(
    `4. Loading a session of ${turns} turns with tool calls (${updates.length} replayed updates, ${entries.length} entries): time until the\n` +
      `   last entry is shown; baseline = rendering the same transcript from a snapshot that already exists.`,
    ['load', 'updates', 'messages', 'DOM entries', 'ms', 'this/baseline'],
    [
      row('snapshot only (baseline)', fromSnapshot),
      row('session/load replay, one snapshot', batched),
      row('replay, one patch per update', perUpdate),
    ],
  );
}

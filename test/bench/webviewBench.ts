// Webview performance benchmark: prints figures as ratios against a baseline measured in the same run (never a timed
// assertion). Run with `node scripts/bench.mjs`, which installs jsdom's globals and bundles this file.
//  1. Streaming: 2,000 agent_message_chunk updates into a ~300-entry transcript, delivered one patch per chunk and
//     coalesced by the real TranscriptPublisher; the real App's patching vs a full rebuild from a snapshot per message.
//  2. Publisher: 5,000 entry-changed changes for one entry over simulated time; posted messages vs one per change.
//  3. Long transcript: 5,000 entries; entry nodes in the DOM (windowed) vs entries, against an unwindowed render.
//  4. Loading a session (loadBench.ts): a 1,000-turn replay shown from one snapshot vs a ready snapshot.
import type { TranscriptChange, TranscriptEntry } from '../../src/acpClient/transcript';
import type { HostToWebview } from '../../src/webview/protocol';
import { TranscriptPublisher, type PatchMessage } from '../../src/webview/transcriptPublisher';
import { DEFAULT_WINDOW } from '../../src/webview/app/transcriptView';
import { meta, snapshotMsg } from '../unit/webview/fixtures';
import { FakeClock, MutationTally, check, fmtMs, fmtRatio, mountApp, table, timed } from './harness';
import { loadBench } from './loadBench';
import { chunks, streamedEntries, transcript } from './transcriptGen';

export interface BenchOptions {
  baseEntries: number;
  chunks: number;
  /** Simulated gap between two chunks from the agent (ms) for the coalesced variants. */
  chunkIntervalMs: number;
  publisherChanges: number;
  longEntries: number;
  /** Turns of the replayed session in section 4. */
  loadTurns: number;
  /** Messages measured per streaming variant (evenly spaced); the rest are extrapolated. Infinity measures all. */
  samples: number;
}

export const DEFAULT_OPTIONS: BenchOptions = { baseEntries: 300, chunks: 2000, chunkIntervalMs: 2, publisherChanges: 5000, longEntries: 5000, loadTurns: 1000, samples: 30 };

const STREAM_ID = 'stream-agent';
const snapshot = (entries: TranscriptEntry[]): HostToWebview => snapshotMsg({ meta: meta({ turn: 'running' }), entries });

interface RunResult {
  messages: number;
  sampled: number;
  /** Totals over all messages, estimated as the sampled mean × messages (exact when every message is sampled). */
  ms: number;
  records: number;
  nodes: number;
  /** Markdown parses per message (the App should parse only the changed message, once per frame). */
  parsesPerMessage: number;
  /** The streamed message's rendered markdown at the end, to check every variant shows the same thing. */
  finalHtml: string;
}

/** `n` evenly spaced indices into `count` items, always including the last. */
function sampleIndices(count: number, n: number): number[] {
  const k = Math.min(count, n);
  return Array.from({ length: k }, (_, i) => Math.round(((i + 1) * count) / k) - 1);
}

/** One App fed a message list, measured on sampled messages only. */
class Runner {
  readonly mounted = mountApp();
  private readonly tally: MutationTally;
  private applied = -1;
  ms = 0;
  records = 0;
  nodes = 0;
  parses = 0;

  /** With `warm`, the message before each sample is applied first (untimed), so a sampled patch is exactly the
   *  one-step change it is in the full stream; a snapshot replaces everything, so a rebuild needs no warm-up. */
  constructor(
    base: TranscriptEntry[],
    private readonly msgs: HostToWebview[],
    private readonly warm: boolean,
  ) {
    this.mounted.app.handleMessage(snapshot(base));
    this.mounted.frame();
    this.tally = new MutationTally(this.mounted.root);
  }

  measure(i: number): void {
    const { app, frame } = this.mounted;
    if (this.warm && i > 0 && this.applied !== i - 1) {
      app.handleMessage(this.msgs[i - 1]!);
      frame();
    }
    this.tally.collect();
    const [r0, n0, p0] = [this.tally.records, this.tally.nodes, this.mounted.markdownRenders()];
    this.ms += timed(() => {
      app.handleMessage(this.msgs[i]!);
      frame();
      this.tally.collect();
    }).ms;
    this.records += this.tally.records - r0;
    this.nodes += this.tally.nodes - n0;
    this.parses += this.mounted.markdownRenders() - p0;
    this.applied = i;
  }

  result(sampled: number): RunResult {
    this.tally.stop();
    const node = this.mounted.app.transcript.nodeOf(STREAM_ID);
    check(node !== undefined, 'the streamed message is rendered');
    const finalHtml = node!.querySelector('.markdown-body')!.innerHTML;
    this.mounted.unmount();
    const scale = this.msgs.length / sampled;
    return {
      messages: this.msgs.length,
      sampled,
      ms: this.ms * scale,
      records: Math.round(this.records * scale),
      nodes: Math.round(this.nodes * scale),
      parsesPerMessage: this.parses / sampled,
      finalHtml,
    };
  }
}

/**
 * Measures the incremental and the rebuild variant on the same sampled messages, interleaved (alternating which goes
 * first) so load from other processes and GC pauses fall on both alike.
 */
function runPair(base: TranscriptEntry[], patches: HostToWebview[], snapshots: HostToWebview[], samples: number): { inc: RunResult; reb: RunResult } {
  check(patches.length === snapshots.length, 'both variants get the same number of messages');
  const inc = new Runner(base, patches, true);
  const reb = new Runner(base, snapshots, false);
  const indices = sampleIndices(patches.length, samples);
  indices.forEach((i, k) => {
    const pair = k % 2 === 0 ? [inc, reb] : [reb, inc];
    for (const r of pair) r.measure(i);
  });
  return { inc: inc.result(indices.length), reb: reb.result(indices.length) };
}

/** Feeds the stream through the real publisher on a fake clock, one chunk every `intervalMs`. */
function publish(stream: TranscriptEntry[], intervalMs: number, post: (m: PatchMessage) => void, baseCount: number): void {
  const clock = new FakeClock();
  const pub = new TranscriptPublisher({ post, getMeta: () => undefined, schedule: clock.schedule });
  stream.forEach((entry, i) => {
    clock.advanceTo(i * intervalMs);
    const change: TranscriptChange = i === 0 ? { type: 'entry-added', entry, index: baseCount } : { type: 'entry-changed', entry };
    pub.push([change]);
  });
  clock.advanceTo(stream.length * intervalMs + 1000);
  check(!pub.hasPending(), 'the publisher flushed everything');
}

function streamingBench(o: BenchOptions): string {
  const base = transcript(o.baseEntries);
  const stream = streamedEntries(STREAM_ID, chunks(o.chunks));
  const last = stream[stream.length - 1]!;
  const rebuild = (entries: readonly TranscriptEntry[]) => entries.map((e) => snapshot([...base, e]));
  const perChunk: HostToWebview[] = stream.map((e) => ({ type: 'patch', entries: [e] }));
  const coalesced: PatchMessage[] = [];
  publish(stream, o.chunkIntervalMs, (m) => coalesced.push(m), base.length);
  check(coalesced.length < perChunk.length && coalesced.every((m) => m.entries.length === 1), 'the publisher coalesced');

  const perChunkRun = runPair(base, perChunk, rebuild(stream), o.samples);
  const coalescedRun = runPair(base, coalesced, rebuild(coalesced.map((m) => m.entries[0]!)), o.samples);
  const perChunkPatch = perChunkRun.inc;
  for (const r of [perChunkRun.reb, coalescedRun.inc, coalescedRun.reb]) check(r.finalHtml === perChunkPatch.finalHtml, 'every variant ends showing the same message');
  check(perChunkPatch.finalHtml.includes('<code'), 'the streamed markdown was rendered');

  const row = (name: string, inc: RunResult, reb: RunResult) => [
    name,
    inc.messages,
    inc.sampled,
    fmtMs(inc.ms),
    fmtMs(reb.ms),
    fmtRatio(reb.ms / inc.ms),
    inc.records,
    reb.records,
    fmtRatio(reb.records / inc.records),
    inc.nodes,
    reb.nodes,
    fmtRatio(reb.nodes / inc.nodes),
    `${inc.parsesPerMessage.toFixed(0)} / ${reb.parsesPerMessage.toFixed(0)}`,
  ];
  const textLen = last.content.map((b) => (b.type === 'text' ? b.text.length : 0)).reduce((a, b) => a + b, 0);
  const sampledNote = o.samples >= o.chunks ? 'every message measured' : `${o.samples} evenly spaced messages measured per variant, interleaved; totals = mean x msgs (--full measures all)`;
  return table(
    `1. Streaming: ${o.chunks} chunks (${textLen} chars) into one agent message after ${base.length} entries (window ${DEFAULT_WINDOW}).\n` +
      `   inc = the App's incremental patches; rebuild (baseline) = the same App given a full snapshot per message\n` +
      `   (windowed too, so each rebuild mounts the last ${DEFAULT_WINDOW} entries). A frame runs after every message.\n` +
      `   ${sampledNote}. muts = MutationRecords, nodes = nodes added + removed.`,
    ['delivery', 'msgs', 'sampled', 'inc ms', 'rebuild ms', 'ratio', 'inc muts', 'rebuild muts', 'ratio', 'inc nodes', 'rebuild nodes', 'ratio', 'md/msg inc/reb'],
    [row('one patch per chunk', perChunkRun.inc, perChunkRun.reb), row(`publisher, chunk every ${o.chunkIntervalMs} ms`, coalescedRun.inc, coalescedRun.reb)],
  );
}

function publisherBench(o: BenchOptions): string {
  const stream = streamedEntries('agent-1', chunks(o.publisherChanges, 11));
  const rows = [0.25, 1, 4, 20].map((interval) => {
    const posted: PatchMessage[] = [];
    const { ms } = timed(() => publish(stream, interval, (m) => posted.push(m), 0));
    check(JSON.stringify(posted[posted.length - 1]!.entries[0]) === JSON.stringify(stream[stream.length - 1]), 'the last post carries the final entry');
    check(posted.every((m) => m.entries.length === 1), 'one entry per post');
    const simulated = stream.length * interval;
    return [`every ${interval} ms (${(simulated / 1000).toFixed(2)} s)`, stream.length, posted.length, fmtRatio(stream.length / posted.length), fmtMs(ms)];
  });
  return table(
    `2. Publisher: ${o.publisherChanges} entry-changed changes for one entry, 16 ms tick, simulated time; baseline = one post per change`,
    ['changes arrive', 'naive posts', 'posts', 'ratio', 'host ms'],
    rows,
  );
}

function longTranscriptBench(o: BenchOptions): string {
  const entries = transcript(o.longEntries);
  // Each message is followed by a frame, as when messages arrive one per publisher tick.
  const render = (windowSize: number | undefined, load: (send: (m: HostToWebview) => void) => void) => {
    const { app, root, frame, markdownRenders, unmount } = mountApp(windowSize);
    const { ms } = timed(() =>
      load((m) => {
        app.handleMessage(m);
        frame();
      }),
    );
    const domEntries = root.querySelectorAll('[data-entry-id]').length;
    const earlier = root.querySelector<HTMLElement>('[data-testid="show-earlier"]')!;
    unmount();
    return { ms, domEntries, earlierShown: !earlier.hidden, parses: markdownRenders() };
  };
  const windowed = render(undefined, (send) => send(snapshot(entries)));
  const full = render(entries.length, (send) => send(snapshot(entries)));
  const onePatch = render(undefined, (send) => {
    send(snapshot([]));
    send({ type: 'patch', entries });
  });
  check(windowed.earlierShown && onePatch.earlierShown && !full.earlierShown, '"Show earlier" is offered only when entries are hidden');
  check(full.domEntries === entries.length, 'the unwindowed render shows every entry');
  const row = (name: string, r: typeof windowed) => [name, entries.length, r.domEntries, fmtRatio(entries.length / r.domEntries), r.parses, fmtMs(r.ms), fmtRatio(full.ms / r.ms)];
  return table(
    `3. Long transcript: ${entries.length} entries; baseline = the same App with no window (every entry rendered).\n` +
      `   "one patch of all" = the entries arriving in one publisher tick after an empty snapshot (worst case).`,
    ['load', 'entries', 'DOM entries', 'entries/DOM', 'md parses', 'ms', 'baseline/this'],
    [row(`snapshot, window ${DEFAULT_WINDOW}`, windowed), row(`one patch of all, window ${DEFAULT_WINDOW}`, onePatch), row('snapshot, no window (baseline)', full)],
  );
}

export async function runWebviewBench(o: BenchOptions = DEFAULT_OPTIONS, out: (line: string) => void = console.log): Promise<void> {
  const t0 = performance.now();
  const sections = [streamingBench, publisherBench, longTranscriptBench, (x: BenchOptions) => loadBench(x.loadTurns)];
  const took: string[] = [];
  for (const section of sections) {
    const s0 = performance.now();
    out(await section(o));
    out('');
    took.push(((performance.now() - s0) / 1000).toFixed(1));
  }
  out(
    `ratio = baseline / measured, both measured in this run. Section 1 times include jsdom's MutationObserver bookkeeping.\n` +
      `Wall time: ${((performance.now() - t0) / 1000).toFixed(1)} s (sections ${took.join(' / ')} s).`,
  );
}

// Area 2, model failures: the real adapter and Claude Code against the fake Messages API answering 400, 401, 429
// with retry-after, 500, 529 overloaded, a stream cut mid-message and a stream that stalls. The turn always ends (no
// hang), and each case has one right outcome: its exact end (stop reason or error) and exactly what the chat shows (a
// failure with the API's own message, a retried one with the recovered reply, a stopped one with nothing but
// "cancelled"); where the retries run out, the chat's wording and its Retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptResponse } from '@agentclientprotocol/sdk';
import type { Session } from '../../src/acpClient';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import { describeError } from '../../src/feedback/userErrors';
import { prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { apiError, cut, held, startFakeAnthropic, text, type FakeAnthropic, type ScriptedReply } from '../fixtures/fakeAnthropic';
import { chatUnderTest, sleep, waitFor } from './chatUnderTest';
import { check, fail, HangError, record, tally, watchProcess, within, type Tally } from './figures';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

/** What the chat shows of a turn, entry by entry (after the user's prompt): agent text, errors, how the turn ended. */
function shownEntries(entries: readonly TranscriptEntry[]): string[] {
  return entries.flatMap((e) => {
    if (e.kind === 'user') return [];
    if (e.kind === 'agent') return [`agent: ${e.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('')}`];
    if (e.kind === 'error') return [`error: ${e.message}`];
    if (e.kind === 'turn-end') return [`turn-end: ${e.stopReason}`];
    if (e.kind === 'notice') return [`notice: ${e.title} ${e.description ?? ''}`];
    return [e.kind];
  });
}

interface Case {
  name: string;
  script: ScriptedReply[];
  /** Exactly what the chat shows afterwards (shownEntries). */
  shows: string[];
  /** The turn's end: its stop reason, or the error it rejects with (the error entry's text). */
  ends: { stopReason: PromptResponse['stopReason'] } | { error: string };
  /** Press Stop once this many main-loop requests were made. */
  stopAfterRequests?: number;
  /** How the chat's notice words the failed turn (userErrors), when the retries ran out, the API's words in its
   *  details; it offers Retry. */
  worded?: { message: string; details: string };
}

/** Claude Code's words for an API error it gave up on: its message, then the failed turn's line in the same words (the
 *  page shows them once); the prompt rejects with the adapter's internal error around them. */
const gaveUp = (text: string): Pick<Case, 'shows' | 'ends'> => ({ shows: [`agent: ${text}`, `error: ${text}`], ends: { error: `Internal error: ${text}` } });
const recovered = (text: string): Pick<Case, 'shows' | 'ends'> => ({ shows: [`agent: ${text}`, 'turn-end: end_turn'], ends: { stopReason: 'end_turn' } });
/** Stop: the turn ends `cancelled`, with nothing from the model and no error. */
const stopped: Pick<Case, 'shows' | 'ends'> = { shows: ['turn-end: cancelled'], ends: { stopReason: 'cancelled' } };

describe('model failures, real adapter', () => {
  let api: FakeAnthropic;
  let harness: AdapterHarness;
  beforeAll(async () => {
    api = await startFakeAnthropic();
    harness = await prepareAdapter({ apiUrl: api.url });
  });
  afterAll(async () => {
    await harness?.cleanup();
    await api?.close();
  });

  it('400, 401, 429, 500, 529, a cut stream and a stalled one: each shown or recovered exactly, never hung; Stop ends them', async () => {
    const t = tally('model failures: real adapter, fake API');
    tallies.push(t);
    const watch = watchProcess();
    const never = new Promise<void>(() => undefined);
    const rateLimited = 'API Error: Request rejected (429) · fake-429: slow down';
    const overloaded = `API Error: Repeated 529 Overloaded errors. The API is at capacity — this is usually temporary. Try again in a moment. If it persists, check your inference gateway (${new URL(api.url).host}).`;
    const cases: Case[] = [
      {
        name: '400 invalid request',
        script: Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', 'fake-400: the prompt is malformed')),
        ...gaveUp('API Error: 400 fake-400: the prompt is malformed'),
      },
      {
        name: '401 authentication',
        script: Array.from({ length: 10 }, () => apiError(401, 'authentication_error', 'fake-401: invalid x-api-key')),
        shows: ['agent: Invalid API key · Fix external API key', 'notice: Not sent: sign in first '],
        ends: { error: 'Authentication required' },
      },
      {
        name: '429 with retry-after',
        script: [apiError(429, 'rate_limit_error', 'fake-429: slow down', 1), text('recovered after 429')],
        ...recovered('recovered after 429'),
      },
      { name: '500 api error', script: [apiError(500, 'api_error', 'fake-500: internal'), text('recovered after 500')], ...recovered('recovered after 500') },
      {
        name: '529 overloaded',
        script: [apiError(529, 'overloaded_error', 'fake-529: overloaded'), text('recovered after 529')],
        ...recovered('recovered after 529'),
      },
      {
        name: 'stream cut mid-message',
        script: [cut(text('this reply is cut off in the middle'), 2), text('recovered after cut')],
        ...recovered('recovered after cut'),
      },
      {
        name: '429 until the retries run out',
        script: Array.from({ length: 6 }, () => apiError(429, 'rate_limit_error', 'fake-429: slow down', 1)),
        ...gaveUp(rateLimited),
        worded: {
          message: 'Claude is rate limited: too many requests for now, and the retries ran out. Wait a moment and send the prompt again.',
          details: `Internal error: ${rateLimited}`,
        },
      },
      {
        name: '529 until the retries run out',
        script: Array.from({ length: 6 }, () => apiError(529, 'overloaded_error', 'fake-529: overloaded', 1)),
        ...gaveUp(overloaded),
        worded: {
          message: 'The model API is failing or overloaded right now, and the retries ran out. Wait a moment and send the prompt again.',
          details: `Internal error: ${overloaded}`,
        },
      },
      { name: 'stream stalls; Stop', script: [held(text('never arrives'), never)], ...stopped, stopAfterRequests: 1 },
      {
        name: 'stuck in 529 retries; Stop',
        script: Array.from({ length: 15 }, () => apiError(529, 'overloaded_error', 'fake-529: overloaded', 2)),
        ...stopped,
        stopAfterRequests: 2,
      },
    ];
    const c = chatUnderTest(harness.workspace, 'default');
    // Claude Code retries every API error (400 and 401 too) up to 10 times with backoff; 3 keeps the area short.
    c.setLaunch({ ...harness.launch, env: { ...harness.launch.env, CLAUDE_CODE_MAX_RETRIES: '3' } });
    const session = await c.chat.ensureSession();
    for (const k of cases) {
      t.generated++;
      try {
        await runCase(t, k, c, session);
        t.reached++;
      } catch (err) {
        fail(t, err instanceof HangError ? 'hang' : 'failure', `${k.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // Nothing is left stuck: one more ordinary turn works.
    t.generated++;
    api.setScript([text('all good')]);
    const last = await within(c.chat.prompt([{ type: 'text', text: 'still there?' }]), 60_000, 'the last turn').catch((e: unknown) => e);
    t.reached++;
    check(
      t,
      !(last instanceof Error) && (last as PromptResponse).stopReason === 'end_turn',
      `the turn after the failures: ${String(last instanceof Error ? last.message : (last as PromptResponse).stopReason)}`,
    );
    c.chat.dispose();
    for (const p of c.procs) await p.exited;
    await sleep(20);
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    expect(t.samples).toEqual([]);
  });

  /** One case: the script, the prompt, Stop where the case says, then its exact end, what the chat shows, the wording. */
  async function runCase(t: Tally, k: Case, c: ReturnType<typeof chatUnderTest>, session: Session): Promise<void> {
    const mainBefore = api.mainRequests().length;
    const entriesBefore = session.snapshot().entries.length;
    api.setScript(k.script);
    const turn = c.chat.prompt([{ type: 'text', text: `case ${k.name}` }]).then(
      (r) => r,
      (e: unknown) => e as Error,
    );
    if (k.stopAfterRequests !== undefined) {
      await within(
        waitFor(() => api.mainRequests().length - mainBefore >= k.stopAfterRequests!, 20, 60_000),
        65_000,
        `${k.name}: the model request`,
      );
      // Stop a moment after the request went out, as a person would, not in the same tick.
      await sleep(300);
      await c.chat.cancel();
    }
    const r = await within(turn, 90_000, `${k.name}: the turn`);
    const ended = r instanceof Error ? `error ${r.message}` : `stopReason ${r.stopReason}`;
    const want = 'error' in k.ends ? `error ${k.ends.error}` : `stopReason ${k.ends.stopReason}`;
    check(t, ended === want, `${k.name}: ended ${ended}, expected ${want}`);
    const shown = shownEntries(session.snapshot().entries.slice(entriesBefore));
    check(
      t,
      JSON.stringify(shown) === JSON.stringify(k.shows),
      `${k.name}: the chat shows ${JSON.stringify(shown).slice(0, 400)}, expected ${JSON.stringify(k.shows).slice(0, 400)}`,
    );
    if (k.worded) {
      const w = r instanceof Error ? describeError(r, 'Sending the prompt') : undefined;
      check(t, w?.message === k.worded.message && w.details === k.worded.details && w.retryable === true, `${k.name}: worded ${JSON.stringify(w ?? ended)}`);
    }
    check(t, session.snapshot().meta.turn === 'idle', `${k.name}: the turn is still ${session.snapshot().meta.turn}`, 'hang');
  }
});

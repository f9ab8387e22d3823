// Area 2, model failures: the real adapter and Claude Code against the fake Messages API answering 400, 401, 429
// with retry-after, 500, 529 overloaded, a stream cut mid-message and a stream that stalls. The turn always ends (no
// hang); a failure is shown in the transcript (the API's own message reaches the chat), a retried one recovers;
// Stop ends a stalled turn and a turn stuck in retries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptResponse } from '@agentclientprotocol/sdk';
import type { TranscriptEntry } from '../../src/acp/transcript';
import { describeError } from '../../src/feedback/userErrors';
import { prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { apiError, cut, held, startFakeAnthropic, text, type FakeAnthropic, type ScriptedReply } from '../fixtures/fakeAnthropic';
import { chatUnderTest, sleep, waitFor } from './chatUnderTest';
import { fail, HangError, record, tally, watchProcess, within, type Tally } from './figures';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

function shownText(entries: readonly TranscriptEntry[]): string {
  return entries
    .map((e) => {
      if (e.kind === 'agent') return e.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      if (e.kind === 'error') return e.message;
      if (e.kind === 'notice') return `${e.title} ${e.description ?? ''}`;
      return '';
    })
    .join('\n');
}

interface Case {
  name: string;
  script: ScriptedReply[];
  /** What the chat must show afterwards. */
  shows: RegExp;
  /** Press Stop once this many main-loop requests were made. */
  stopAfterRequests?: number;
  stopReason?: PromptResponse['stopReason'];
  /** How the chat's notice words the failed turn (userErrors), when the retries ran out. */
  worded?: RegExp;
}

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

  it('400, 401, 429, 500, 529, a cut stream and a stalled one: shown or recovered, never hung; Stop ends them', async () => {
    const t = tally('model failures: real adapter, fake API');
    tallies.push(t);
    const watch = watchProcess();
    const never = new Promise<void>(() => undefined);
    const cases: Case[] = [
      { name: '400 invalid request', script: Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', 'fake-400: the prompt is malformed')), shows: /fake-400|400/ },
      { name: '401 authentication', script: Array.from({ length: 10 }, () => apiError(401, 'authentication_error', 'fake-401: invalid x-api-key')), shows: /fake-401|401|auth|log ?in/i },
      { name: '429 with retry-after', script: [apiError(429, 'rate_limit_error', 'fake-429: slow down', 1), text('recovered after 429')], shows: /recovered after 429/ },
      { name: '500 api error', script: [apiError(500, 'api_error', 'fake-500: internal'), text('recovered after 500')], shows: /recovered after 500/ },
      { name: '529 overloaded', script: [apiError(529, 'overloaded_error', 'fake-529: overloaded'), text('recovered after 529')], shows: /recovered after 529/ },
      { name: 'stream cut mid-message', script: [cut(text('this reply is cut off in the middle'), 2), text('recovered after cut')], shows: /recovered after cut|cut off|error|terminated|connection/i },
      { name: '429 until the retries run out', script: Array.from({ length: 6 }, () => apiError(429, 'rate_limit_error', 'fake-429: slow down', 1)), shows: /fake-429|429/, worded: /^Claude is rate limited/ },
      { name: '529 until the retries run out', script: Array.from({ length: 6 }, () => apiError(529, 'overloaded_error', 'fake-529: overloaded', 1)), shows: /fake-529|529|overloaded/i, worded: /^(Claude|The model API) is (failing or )?overloaded/ },
      { name: 'stream stalls; Stop', script: [held(text('never arrives'), never)], shows: /.*/, stopAfterRequests: 1, stopReason: 'cancelled' },
      { name: 'stuck in 529 retries; Stop', script: Array.from({ length: 15 }, () => apiError(529, 'overloaded_error', 'fake-529: overloaded', 2)), shows: /.*/, stopAfterRequests: 2, stopReason: 'cancelled' },
    ];
    const c = chatUnderTest(harness.workspace, 'default');
    // Claude Code retries every API error (400 and 401 too) up to 10 times with backoff; 3 keeps the area short.
    c.setLaunch({ ...harness.launch, env: { ...harness.launch.env, CLAUDE_CODE_MAX_RETRIES: '3' } });
    const session = await c.chat.ensureSession();
    for (const k of cases) {
      t.cases++;
      const mainBefore = api.mainRequests().length;
      const entriesBefore = session.snapshot().entries.length;
      api.setScript(k.script);
      try {
        const turn = c.chat.prompt([{ type: 'text', text: `case ${k.name}` }]).then(
          (r) => r,
          (e: unknown) => e as Error,
        );
        if (k.stopAfterRequests !== undefined) {
          await within(waitFor(() => api.mainRequests().length - mainBefore >= k.stopAfterRequests!, 20, 60_000), 65_000, `${k.name}: the model request`);
          await sleep(300);
          await c.chat.cancel();
        }
        const r = await within(turn, 90_000, `${k.name}: the turn`);
        const shown = shownText(session.snapshot().entries.slice(entriesBefore));
        if (k.stopReason && (r instanceof Error || r.stopReason !== k.stopReason)) fail(t, 'failure', `${k.name}: ended ${r instanceof Error ? r.message : r.stopReason}, expected ${k.stopReason}`);
        if (k.worded) {
          const w = r instanceof Error ? describeError(r, 'Sending the prompt') : undefined;
          if (!w || !k.worded.test(w.message) || !w.retryable) fail(t, 'failure', `${k.name}: worded ${JSON.stringify(w ?? (r as PromptResponse).stopReason)}`);
        }
        if (!k.shows.test(shown)) fail(t, 'failure', `${k.name}: the chat shows ${JSON.stringify(shown.slice(0, 300))} (${r instanceof Error ? `error ${r.message}` : r.stopReason})`);
        if (session.snapshot().meta.turn !== 'idle') fail(t, 'hang', `${k.name}: the turn is still ${session.snapshot().meta.turn}`);
        if (process.env.ROBUST_DEBUG) console.log(api.requests.slice(-6).map((q) => `${q.kind}:${q.reply}:${q.model}`).join(' | '));
        if (process.env.ROBUST_DEBUG) console.log(k.name, r instanceof Error ? `error ${r.message}` : r.stopReason, JSON.stringify(shown.slice(0, 400)));
      } catch (err) {
        fail(t, err instanceof HangError ? 'hang' : 'failure', `${k.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // Nothing is left stuck: one more ordinary turn works.
    t.cases++;
    api.setScript([text('all good')]);
    const last = await within(c.chat.prompt([{ type: 'text', text: 'still there?' }]), 60_000, 'the last turn').catch((e: unknown) => e);
    if (last instanceof Error || (last as PromptResponse).stopReason !== 'end_turn') fail(t, 'failure', `the turn after the failures: ${String(last instanceof Error ? last.message : (last as PromptResponse).stopReason)}`);
    c.chat.dispose();
    for (const p of c.procs) await p.exited;
    await sleep(20);
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    expect(t.samples).toEqual([]);
  });
});

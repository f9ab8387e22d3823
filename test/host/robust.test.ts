// The crash-injection and concurrency areas of the robustness suite on the real surfaces, in a real extension host:
// the agent (the scripted agent, which asks for three approvals at once on demand) is killed while approvals are open
// on the real QuickPick and on the chat's inline card; and approvals of three sessions at once are answered from the
// real QuickPick and the inline card's intent in random order while turn cancels race them. After each round: every
// request answered exactly once with its own option or settled `cancelled`, no surface left open, no unhandled
// rejection, and the next prompt works (after a kill: a new agent that continues the conversation by session/load).
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PromptResponse } from '@agentclientprotocol/sdk';
import type { Session } from '../../src/acpClient/session';
import type { PermissionRecord } from '../../src/acpClient/transcript';
import type { PermissionPrompt } from '../../src/permissionUI/permissionBroker';
import { apiError, startFakeAnthropic, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, closeAllEditors, EXTENSION_ID, pointAgentAt, pollFor, quickInput, setSetting, waitFor, type ExtensionApi } from './helpers';

const KILLS_PER_SURFACE = Number(process.env.ACP_CHAT_HOST_KILLS ?? 15);
const CONCURRENCY_ROUNDS = Number(process.env.ACP_CHAT_HOST_ROUNDS ?? 5);

/** Deterministic choices (a fixed seed), so a failure reruns the same way. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const records = (s: Session | undefined): PermissionRecord[] => s?.snapshot().entries.flatMap((e) => (e.kind === 'permission' ? [e.permission] : [])) ?? [];
const agentText = (s: Session) =>
  s
    .snapshot()
    .entries.flatMap((e) => (e.kind === 'agent' ? e.content : []))
    .map((b) => (b.type === 'text' ? b.text : ''))
    .join('');

suite('Robustness on the real surfaces (scripted agent)', function () {
  this.timeout(240_000);
  let api: ExtensionApi;
  const saved: Record<string, unknown> = {};
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  const figures: string[] = [];

  suiteSetup(async () => {
    api = await activate();
    const config = vscode.workspace.getConfiguration('acpChat');
    for (const key of ['agent.path', 'agent.args', 'agent.env', 'permissions.prompt']) saved[key] = config.inspect(key)?.globalValue;
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    // VS Code's own Node runs the scripted agent, as it runs the bundled adapter.
    await setSetting('agent.path', process.execPath);
    await setSetting('agent.args', [join(ext.extensionPath, 'test', 'fixtures', 'scriptedAgent', 'agent.mjs')]);
    await setSetting('agent.env', { ELECTRON_RUN_AS_NODE: '1', SCRIPTED_AGENT_LOADABLE: '1' });
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart();
    process.on('unhandledRejection', onError);
    process.on('uncaughtException', onError);
  });

  suiteTeardown(async () => {
    process.off('unhandledRejection', onError);
    process.off('uncaughtException', onError);
    // The two tabs the concurrency test opened go with it: left open, their chats would reload their sessions on
    // every later restart and take every update after this suite.
    await closeAllEditors();
    if (api) await waitFor(() => api.chats.all().length === 1 || undefined, "only the side view's chat left");
    for (const [key, value] of Object.entries(saved)) await setSetting(key, value);
    await api?.chats.restart().catch(() => undefined);
    console.log(`host robustness figures: ${figures.join('; ')}`);
  });

  for (const surface of ['quickPick', 'inline'] as const) {
    test(`${KILLS_PER_SURFACE} kills with three approvals open on the ${surface === 'quickPick' ? 'real QuickPick' : 'inline chat card'}`, async () => {
      await setSetting('permissions.prompt', surface);
      const rng = seeded(surface === 'quickPick' ? 12 : 13);
      let kills = 0;
      for (let i = 0; i < KILLS_PER_SURFACE; i++) {
        const label = `${surface} kill #${i}`;
        const session = await api.chat.ensureSession();
        const seen = records(session).length;
        const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'permissions' }]).then(
          (r) => r,
          (e: unknown) => e as Error,
        );
        await waitFor(
          () => api.permissions.broker.count === 3 && (surface === 'inline' || api.permissions.openPromptView()?.surface === 'quickPick'),
          `${label}: three approvals on screen`,
        );
        // Answer none, one or two of them first, from the surface under test.
        const answered = new Map<string, string>();
        for (let n = Math.floor(rng() * 3); n > 0; n--) {
          if (surface === 'quickPick') {
            const view = api.permissions.openPromptView()!;
            await quickInput('accept'); // Enter: the agent's first option, "Allow"
            answered.set(view.key, 'allow');
            await waitFor(
              () => !api.permissions.broker.get(view.key) && api.permissions.openPromptView()?.key !== view.key,
              `${label}: the answered QuickPick to move on`,
            );
          } else {
            const key = api.permissions.broker.pending()[0]!.key;
            assert.equal(api.actions.answerPermission(key, 'deny'), 'accepted', `${label}: the card's answer`);
            answered.set(key, 'deny');
          }
        }
        const pid = api.agentPid()!;
        process.kill(pid, 'SIGKILL');
        kills++;
        const ended = await turn;
        assert.ok(ended instanceof Error, `${label}: the turn ended with an error, not ${JSON.stringify(ended)}`);
        await waitFor(() => api.permissions.broker.count === 0 && !api.permissions.openPromptView(), `${label}: no approval left open`);
        await pollFor(() => !alive(pid), `${label}: the killed agent to be gone`);
        const mine = records(session).slice(seen);
        assert.equal(mine.length, 3, `${label}: three approvals recorded`);
        for (const r of mine) {
          const own = answered.get(r.key);
          if (own)
            assert.deepEqual(
              [r.outcome.status, r.outcome.status === 'selected' && r.outcome.optionId],
              ['selected', own],
              `${label}: ${r.key} keeps its answer`,
            );
          else assert.equal(r.outcome.status, 'cancelled', `${label}: ${r.key} settled cancelled, not ${r.outcome.status}`);
        }
        // The next prompt works: a new agent, continuing the same conversation (session/load).
        const next = (await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hello' }])) as PromptResponse;
        assert.equal(next.stopReason, 'end_turn', `${label}: the next prompt`);
        assert.equal(api.chat.session?.id, session.id, `${label}: the conversation continues`);
        // The history the new agent replayed (the scripted agent replays placeholder chunks) is shown.
        assert.ok(agentText(api.chat.session!).includes('replayed 0'), `${label}: the replayed history is shown`);
      }
      assert.deepEqual(errors, [], 'no unhandled rejection or exception');
      figures.push(`${kills} kills with approvals open on the ${surface} surface, 0 failures`);
    });
  }

  test(`${CONCURRENCY_ROUNDS} rounds of 9 approvals across 3 sessions, answered from the real surfaces in random order while cancels race`, async () => {
    await setSetting('permissions.prompt', 'quickPick');
    const rng = seeded(14);
    const conversations = [api.views.openTab(), api.views.openTab()];
    const sessions = [await api.chat.ensureSession(), ...(await Promise.all(conversations.map((c) => c.ensureSession())))];
    assert.equal(new Set(sessions.map((s) => s.id)).size, 3, 'three sessions');
    let approvals = 0;
    let cancels = 0;
    for (let round = 0; round < CONCURRENCY_ROUNDS; round++) {
      const label = `round ${round}`;
      const seen = sessions.map((s) => records(s).length);
      const turns = sessions.map((s) => s.prompt([{ type: 'text', text: 'permissions' }]));
      await waitFor(() => api.permissions.broker.count === 9 && api.permissions.openPromptView(), `${label}: nine approvals and the QuickPick`);
      approvals += 9;
      const chosen = new Map<string, string>();
      // One session's turn is cancelled at a random point among the answers.
      const cancelled = Math.floor(rng() * 3);
      const cancelAt = Math.floor(rng() * 9);
      let step = 0;
      while (api.permissions.broker.count > 0) {
        if (step++ === cancelAt) {
          cancels++;
          void sessions[cancelled]!.cancel();
        }
        const pending = api.permissions.broker.pending();
        if (pending.length === 0) break;
        const target = pending[Math.floor(rng() * pending.length)] as PermissionPrompt;
        const optionId = rng() < 0.5 ? 'allow' : 'deny';
        if (rng() < 0.5) {
          // The real QuickPick: bring this request up, move to its option, Enter.
          api.permissions.showPending(target.key);
          const view = await waitFor(
            () =>
              (api.permissions.openPromptView()?.key === target.key ? api.permissions.openPromptView() : undefined) ??
              (!api.permissions.broker.get(target.key) && 'gone'),
            `${label}: ${target.key} on the QuickPick`,
          );
          if (view === 'gone') continue; // a racing cancel settled it first
          const index = view.items.findIndex((item) => item.endsWith(optionId === 'allow' ? 'Allow' : 'Deny'));
          assert.ok(index >= 0, `${label}: option ${optionId} in ${view.items.join(' | ')}`);
          for (let k = view.activeIndex; k < index; k++) await quickInput('next');
          if (!api.permissions.broker.get(target.key)) continue;
          await quickInput('accept');
          await waitFor(
            () => !api.permissions.broker.get(target.key) || api.permissions.openPromptView()?.key !== target.key,
            `${label}: the QuickPick answer`,
          );
          if (!api.permissions.broker.get(target.key) && !target.request.signal.aborted) chosen.set(target.key, optionId);
        } else {
          // The inline card's intent, as the webview sends it.
          const result = api.actions.answerPermission(target.key, optionId);
          if (result === 'accepted') chosen.set(target.key, optionId);
          else
            assert.ok(
              target.request.signal.aborted,
              `${label}: the card's answer to ${target.key} was refused (${JSON.stringify(result)}) though it was pending`,
            );
        }
      }
      const ended = await Promise.all(turns);
      await waitFor(() => api.permissions.broker.count === 0 && !api.permissions.openPromptView(), `${label}: no surface left open`);
      for (const [i, s] of sessions.entries()) {
        const mine = records(s).slice(seen[i]);
        assert.equal(mine.length, 3, `${label}: session ${i} recorded three approvals`);
        for (const r of mine) {
          const own = chosen.get(r.key);
          if (own)
            assert.deepEqual(
              [r.outcome.status, r.outcome.status === 'selected' && r.outcome.optionId],
              ['selected', own],
              `${label}: ${r.key} answered once, with its own option`,
            );
          else assert.equal(r.outcome.status, 'cancelled', `${label}: ${r.key} unanswered, so cancelled (was ${r.outcome.status})`);
        }
        if (i !== cancelled || ended[i]!.stopReason === 'end_turn') {
          // What the agent itself received: each request's own answer, in order.
          const expected = JSON.stringify(
            mine.map((r) => (r.outcome.status === 'selected' ? { outcome: 'selected', optionId: r.outcome.optionId } : { outcome: 'cancelled' })),
          );
          assert.ok(agentText(s).includes(`outcomes: ${expected}`), `${label}: session ${i}: the agent got ${expected}`);
        }
        if (i !== cancelled) assert.equal(ended[i]!.stopReason, 'end_turn', `${label}: session ${i}'s turn`);
      }
    }
    // The next prompt works in every session.
    for (const s of sessions) assert.equal((await s.prompt([{ type: 'text', text: 'hello' }])).stopReason, 'end_turn');
    for (const c of conversations) await c.close();
    assert.deepEqual(errors, [], 'no unhandled rejection or exception');
    figures.push(`${approvals} approvals across 3 sessions in ${CONCURRENCY_ROUNDS} rounds with ${cancels} racing cancels, 0 failures`);
  });
});

// Model failures through the real adapter: Claude Code retries a busy model API (429, 529) itself; the adapter does
// not report those retries to a client that does not negotiate its JetBrains-only session-failure extension (see
// docs/reliability.md, "Model API retries"), so the chat shows the turn running, Stop ends it, and when the retries
// run out the chat's notice says why and offers to send the prompt again.
suite('Model API busy, real adapter, in the chat', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let fake: FakeAnthropic;
  let savedEnv: unknown;

  suiteSetup(async () => {
    api = await activate();
    savedEnv = vscode.workspace.getConfiguration('acpChat').inspect('agent.env')?.globalValue;
    fake = await startFakeAnthropic();
    await pointAgentAt(fake, { withKey: true });
    // Two retries instead of ten keep the test short; the backoff honours retry-after.
    const env = vscode.workspace.getConfiguration('acpChat').get<Record<string, string>>('agent.env')!;
    await setSetting('agent.env', { ...env, CLAUDE_CODE_MAX_RETRIES: '2' });
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart();
  });

  suiteTeardown(async () => {
    await api?.chat.cancel().catch(() => undefined);
    await setSetting('agent.env', savedEnv);
    await fake?.close();
  });

  test('429 and 529 until the retries run out: the notice says so and "Retry" sends the prompt again', async () => {
    for (const [status, type, said] of [
      [429, 'rate_limit_error', /^Claude is rate limited/],
      [529, 'overloaded_error', /overloaded/],
    ] as const) {
      fake.setScript(Array.from({ length: 4 }, () => apiError(status, type, `fake-${status}`, 1)));
      await api.actions.sendPrompt(`busy ${status}`, []);
      const notice = await waitFor(() => api.chat.notices.current, `the ${status} notice`);
      assert.match(notice.message, said);
      assert.equal(notice.severity, 'warning');
      assert.deepEqual(
        notice.buttons.map((b) => b.label),
        ['Retry', 'Show Log'],
      );
      assert.equal(api.chat.session?.status.turn, 'idle', 'the turn ended');
      fake.setScript([text(`answered after ${status}`)]);
      await api.actions.noticeAction(notice.id, 'resendPrompt');
      const s = api.chat.session!;
      await waitFor(() => agentText(s).includes(`answered after ${status}`) && s.status.turn === 'idle', 'the prompt sent again');
      assert.equal(api.chat.notices.current, null, 'the notice is gone');
      const users = s
        .snapshot()
        .entries.filter((e) => e.kind === 'user')
        .map((e) => (e.kind === 'user' ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : ''));
      assert.deepEqual(users.slice(-2), [`busy ${status}`, `busy ${status}`], 'the same prompt, sent again');
    }
  });

  test('the card of a busy API goes, with its kept prompt, when another prompt is answered', async () => {
    fake.setScript(Array.from({ length: 4 }, () => apiError(529, 'overloaded_error', 'fake-529', 1)));
    await api.actions.sendPrompt('busy, then forgotten', []);
    const notice = await waitFor(() => api.chat.notices.current, 'the 529 notice');
    assert.deepEqual(
      notice.buttons.map((b) => b.label),
      ['Retry', 'Show Log'],
    );
    assert.ok(api.chat.notices.keptPrompt, 'the prompt is kept for Retry');
    fake.setScript([text('a different answer')]);
    await api.actions.sendPrompt('something else', []);
    const s = api.chat.session!;
    await waitFor(() => agentText(s).includes('a different answer') && s.status.turn === 'idle', 'the other prompt answered');
    assert.equal(api.chat.notices.current, null, 'the card is gone');
    assert.equal(api.chat.notices.keptPrompt, undefined, 'and the prompt it kept');
  });

  test('Stop ends a turn stuck in 529 retries; nothing hangs and the next prompt works', async () => {
    fake.setScript(Array.from({ length: 10 }, () => apiError(529, 'overloaded_error', 'fake-529', 3)));
    const before = fake.mainRequests().length;
    const sent = api.actions.sendPrompt('stuck in retries', []);
    await pollFor(() => fake.mainRequests().length - before >= 2, 'a retried model request', 30_000);
    await api.actions.cancelTurn();
    await sent;
    const s = api.chat.session!;
    await waitFor(() => s.status.turn === 'idle', 'the turn to end');
    const end = s
      .snapshot()
      .entries.filter((e) => e.kind === 'turn-end')
      .at(-1);
    assert.equal(end?.kind === 'turn-end' && end.stopReason, 'cancelled');
    fake.setScript([text('after the stop')]);
    assert.equal((await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'and now?' }])).stopReason, 'end_turn');
  });
});

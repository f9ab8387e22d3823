// Restoring the code to before a prompt whose turn changed files only through shell commands, against the real adapter
// through the chat core (AgentHost + Chat) with the product's TurnChangeTracker on the chat (its git snapshot held at
// the turn's start by the TurnStartGate, as the extension wires it): the model runs Bash `rm`, `sed -i` and
// `printf >` in a git repository; the tracker sees those changes only through the snapshot (Bash reports no diff),
// and the product's restore plan (planRestore, checkRestore) puts each file back as it was before the prompt, the
// deleted one included. The WorkspaceEdit that CodeRestore builds needs VS Code: the test writes what the plan decides
// (test/host/restoreCode.test.ts goes through CodeRestore itself).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentHost } from '../../src/chat/agentHost';
import { Chat } from '../../src/chat/chat';
import { TurnStartGate } from '../../src/chat/turnStartGate';
import { CheckpointStore } from '../../src/checkpoints/checkpointStore';
import { checkRestore, planRestore, type RestorePlan } from '../../src/checkpoints/restorePlan';
import { readText, TurnChangeTracker } from '../../src/checkpoints/turnChangeTracker';
import { agentHostOn, prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { bash, startFakeAnthropic, text, type FakeAnthropic, type ScriptedReply } from '../fixtures/fakeAnthropic';
import { ask, RecordingLogger, reportTimings, ScriptedHooks, timed, toolEntries } from '../fixtures/clientHarness';

const FILE = 'restoreShellChanges';

let api: FakeAnthropic;
let harness: AdapterHarness;
let host: AgentHost;
let chat: Chat;
let tracker: TurnChangeTracker;
const logger = new RecordingLogger();
const hooks = new ScriptedHooks(); // every permission: allow once

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: harness.workspace }).toString();
const path = (name: string) => join(harness.workspace, name);
const contents = (name: string) => (existsSync(path(name)) ? readFileSync(path(name), 'utf8') : null);

beforeAll(async () => {
  api = await startFakeAnthropic();
  harness = await prepareAdapter({ apiUrl: api.url });
  // The repository exists before the agent starts in it, as a user's project does.
  writeFileSync(path('gone.txt'), 'keep me\n');
  writeFileSync(path('edited.txt'), 'alpha\nbeta\ngamma\n');
  writeFileSync(path('printed.txt'), 'first version\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  const turnStarts = new TurnStartGate();
  // As core.ts wires it: the prompt leaves once the turn's snapshot is taken.
  host = agentHostOn(harness, { hooks: { ...hooks.hooks, beforePrompt: (sessionId) => turnStarts.wait(sessionId) }, logger });
  await timed(FILE, 'spawn → initialize', () => host.ensureAgent());
  chat = new Chat({ host, logger });
  // As the checkpoints feature makes it for each chat (no storage folder: the records last as long as the chat).
  tracker = new TurnChangeTracker(chat, logger, () => harness.workspace, new CheckpointStore(undefined, logger), turnStarts);
});

afterAll(async () => {
  tracker?.dispose();
  chat?.dispose();
  host?.dispose();
  await harness?.cleanup();
  await api?.close();
  reportTimings(FILE);
});

/** One prompt whose turn runs `commands` through Bash; resolves once the tracker has the turn's change set. */
async function shellTurn(prompt: string, commands: string[]): Promise<void> {
  const script: ScriptedReply[] = [...commands.map((c) => bash(c)), text('Ran them.')];
  api.setScript(script);
  const calls = chat.session ? toolEntries(chat.session).length : 0;
  await timed(FILE, 'turn: bash commands', () => chat.submit(ask(prompt)));
  await tracker.settled();
  const ran = toolEntries(chat.session!).slice(calls);
  expect(
    ran.map((t) => [t.kind, t.status]),
    `the model API was told: ${JSON.stringify(api.toolResults().slice(-commands.length))}`,
  ).toEqual(commands.map(() => ['execute', 'completed']));
}

/** What CodeRestore.apply writes for each file the plan restores: the file's content before, or its removal. */
function writePlan(plan: RestorePlan): void {
  for (const f of plan.files) {
    if (f.target === null) rmSync(f.path);
    else writeFileSync(f.path, f.target);
  }
}

describe('restore to before a prompt whose turn changed files through shell commands (real adapter)', () => {
  it('brings back a file Bash deleted and undoes Bash edits, to what they held before that prompt', async () => {
    // Turn 1 leaves an uncommitted shell edit: before turn 2, printed.txt is not what HEAD holds.
    await shellTurn('rewrite printed.txt', [`printf 'second version\\n' > printed.txt`]);
    expect(contents('printed.txt')).toBe('second version\n');
    const statusBefore = git('status', '--porcelain');
    expect(statusBefore).toBe(' M printed.txt\n');

    await shellTurn('remove gone.txt, change edited.txt, rewrite printed.txt', [
      'rm gone.txt',
      `sed -i 's/beta/BETA/' edited.txt`,
      `printf 'third version\\n' > printed.txt`,
    ]);
    // The commands really ran.
    expect([contents('gone.txt'), contents('edited.txt'), contents('printed.txt')]).toEqual([null, 'alpha\nBETA\ngamma\n', 'third version\n']);

    // The tracker saw them through the turn-start snapshot (Bash reports no diff), each turn by its prompt's place.
    expect(tracker.sets.map((s) => [s.userIndex, s.limit])).toEqual([
      [0, undefined],
      [1, undefined],
    ]);
    expect(tracker.current!.files.map((f) => [f.path, f.before, f.after, f.source])).toEqual([
      [path('edited.txt'), 'alpha\nbeta\ngamma\n', 'alpha\nBETA\ngamma\n', 'git'],
      [path('gone.txt'), 'keep me\n', null, 'git'],
      [path('printed.txt'), 'second version\n', 'third version\n', 'git'],
    ]);

    // The product's plan for "Rewind the code to before this prompt" on the second prompt: turn 1's edit stays.
    const plan = planRestore(tracker.sets, 1);
    expect(plan).toEqual({
      files: [
        { path: path('edited.txt'), target: 'alpha\nbeta\ngamma\n', expected: 'alpha\nBETA\ngamma\n' },
        { path: path('gone.txt'), target: 'keep me\n', expected: null },
        { path: path('printed.txt'), target: 'second version\n', expected: 'third version\n' },
      ],
      unknown: [],
    });
    for (const f of plan.files) expect(checkRestore(f, await readText(f.path)), f.path).toEqual({ action: 'restore' });

    writePlan(plan);
    expect([contents('gone.txt'), contents('edited.txt'), contents('printed.txt')]).toEqual(['keep me\n', 'alpha\nbeta\ngamma\n', 'second version\n']);
    expect(git('status', '--porcelain'), 'the working tree is as it was before the prompt').toBe(statusBefore);
    // Done: each file now reads as already restored.
    for (const f of plan.files) expect(checkRestore(f, await readText(f.path)), f.path).toEqual({ action: 'unchanged' });
    expect(logger.lines().filter((l) => l.includes('[turnChanges]'))).toEqual([]);
  });
});

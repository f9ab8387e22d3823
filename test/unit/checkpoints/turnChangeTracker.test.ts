// The turn's change set when subagents take part: a real Session folds the turn (the main agent's tool calls, a
// subagent's on its lane, a user message inside the lane), a git repository gives the snapshot, and the tracker's
// record holds the lane's edits as the turn's (Review, Undo, Keep and going back read this record), each file with who
// wrote it; a file only the snapshot saw (a shell command's) says no one.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Emitter } from '../../../src/acpClient/events';
import { Session, type SessionHost } from '../../../src/acpClient/session';
import type { LaneUpdate } from '../../../src/acpClient/subagentLanes';
import { TurnStartGate } from '../../../src/chat/turnStartGate';
import { CheckpointStore } from '../../../src/checkpoints/checkpointStore';
import { planRestore } from '../../../src/checkpoints/restorePlan';
import { TurnChangeTracker } from '../../../src/checkpoints/turnChangeTracker';
import { recordingLogger } from '../acpClient/inProcessAgent';

const CHILD = 'child-b';
let dir: string;
let storeDir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'acp-turn-'));
  storeDir = await mkdtemp(join(tmpdir(), 'acp-store-'));
  for (const name of ['a.ts', 'b.ts', 'c.ts', 'd.ts']) await writeFile(join(dir, name), `${name} 0\nkeep\n`);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(storeDir, { recursive: true, force: true });
});

function setup() {
  const logger = recordingLogger();
  // Only the logger is used by what the tests call; nothing is sent to an agent.
  const session = new Session('s1', { logger } as unknown as SessionHost, () => 0);
  const changed = new Emitter<Session | undefined>();
  const gate = new TurnStartGate(10_000);
  const store = new CheckpointStore(storeDir, logger);
  const tracker = new TurnChangeTracker({ session, onDidChangeSession: changed.event }, logger, () => dir, store, gate);
  return { session, tracker, gate, store };
}

let calls = 0;
/** A completed tool call that edited `name` from `from` to `to` (its diff), on `lane` (omitted: the main agent). */
async function edit(session: Session, name: string, from: string, to: string, lane?: string): Promise<void> {
  const path = join(dir, name);
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replace(from, to));
  const update = {
    sessionUpdate: 'tool_call',
    toolCallId: `call-${++calls}`,
    title: `Edit ${name}`,
    kind: 'edit',
    status: 'completed',
    content: [{ type: 'diff', path: name, oldText: from, newText: to }],
  } as SessionUpdate;
  session.applyUpdate(update, lane);
}

function announce(session: Session, title?: string): void {
  session.applyLaneUpdate({
    sessionUpdate: 'subagent_update',
    sessionId: CHILD,
    ...(title ? { title } : {}),
    capabilities: null,
    state: { state: 'running' },
  } as LaneUpdate);
}

/** One turn: the prompt, `body` (the agent's work), its end; resolves once the tracker has its record. */
async function turn(t: ReturnType<typeof setup>, body: () => Promise<void>): Promise<void> {
  t.session.apply({ type: 'prompt-sent', content: [{ type: 'text', text: 'go' }] });
  await t.gate.wait('s1'); // the snapshot is taken before the agent changes anything
  await body();
  t.session.apply({ type: 'turn-ended', stopReason: 'end_turn' });
  await t.tracker.settled();
}

const names = (t: ReturnType<typeof setup>) => t.tracker.current!.files.map((f) => [f.path.slice(dir.length + 1), f.changedBy]);

describe('a turn a subagent took part in', () => {
  it('holds the lane’s edits as the turn’s and says who wrote each file', async () => {
    const t = setup();
    await turn(t, async () => {
      announce(t.session, 'Edit b');
      await edit(t.session, 'a.ts', 'a.ts 0', 'a.ts 1');
      await edit(t.session, 'b.ts', 'b.ts 0', 'b.ts 1', CHILD);
      // The lane's own user message is not one of the user's prompts.
      t.session.applyUpdate({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'the task' } } as SessionUpdate, CHILD);
      await edit(t.session, 'c.ts', 'keep', 'kept by the subagent', CHILD);
      await edit(t.session, 'c.ts', 'c.ts 0', 'c.ts 1');
      // A shell command's change: only the git snapshot sees it.
      await writeFile(join(dir, 'd.ts'), 'd.ts 1\n');
    });
    expect(t.session.getToolCall('call-2')?.title).toBe('Edit b.ts'); // a lane's call is found by its id
    const SUB = { agent: 'subagent', lane: CHILD, title: 'Edit b' };
    expect(names(t)).toEqual([
      ['a.ts', [{ agent: 'main' }]],
      ['b.ts', [SUB]],
      ['c.ts', [SUB, { agent: 'main' }]],
      ['d.ts', undefined],
    ]);
    const set = t.tracker.current!;
    expect(set.userIndex).toBe(0);
    expect(set.files.find((f) => f.path.endsWith('b.ts'))).toMatchObject({ before: 'b.ts 0\nkeep\n', after: 'b.ts 1\nkeep\n', added: 1, removed: 1 });
    // Going back to before the prompt puts the subagent's files back too.
    expect(planRestore(t.tracker.sets, 0).files.map((f) => [f.path.slice(dir.length + 1), f.target])).toEqual([
      ['a.ts', 'a.ts 0\nkeep\n'],
      ['b.ts', 'b.ts 0\nkeep\n'],
      ['c.ts', 'c.ts 0\nkeep\n'],
      ['d.ts', 'd.ts 0\nkeep\n'],
    ]);
    // Kept with the record, read back as it was written.
    expect((await t.store.load('s1')).turns[0]!.files.map((f) => f.changedBy)).toEqual(set.files.map((f) => f.changedBy));
    t.tracker.dispose();
  });

  it('counts a lane’s edit in its turn when the workspace has no git snapshot, the next prompt’s place unmoved by the lane', async () => {
    await rm(join(dir, '.git'), { recursive: true, force: true });
    const t = setup();
    await turn(t, async () => {
      announce(t.session); // no title
      t.session.applyUpdate({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'the task' } } as SessionUpdate, CHILD);
      await edit(t.session, 'b.ts', 'b.ts 0', 'b.ts 1', CHILD);
    });
    expect(names(t)).toEqual([['b.ts', [{ agent: 'subagent', lane: CHILD }]]]);
    expect(t.tracker.current!.files[0]).toMatchObject({ before: 'b.ts 0\nkeep\n', source: 'diffs' });
    await turn(t, async () => edit(t.session, 'a.ts', 'a.ts 0', 'a.ts 1'));
    expect(t.tracker.sets.map((s) => s.userIndex)).toEqual([0, 1]);
    expect(names(t)).toEqual([['a.ts', [{ agent: 'main' }]]]);
    t.tracker.dispose();
  });
});

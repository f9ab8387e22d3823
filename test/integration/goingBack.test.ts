// Going back to an earlier prompt, against the real adapter through the chat core (AgentHost + Chat): editing a prompt
// forks the conversation just before it (session/fork at the agent's last message, `_meta.jetbrains.air.fork`) and
// sends the edit there, so the model sees the turns before it and the edit, nothing after; the original conversation
// stays in the agent's history. Editing the first prompt is a new session; rewinding sends nothing; retrying sends a
// prompt again; an unknown fork point is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { Session } from '../../src/acpClient';
import { promptWithText } from '../../src/acpClient/forkPoint';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import type { AgentHost } from '../../src/chat/agentHost';
import { Chat } from '../../src/chat/chat';
import { agentHostOn, prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { held, startFakeAnthropic, text, type FakeAnthropic, type LoggedRequest } from '../fixtures/fakeAnthropic';
import { agentText, ask, RecordingLogger, reportTimings, ScriptedHooks, timed, waitUntil } from '../fixtures/clientHarness';

const FILE = 'goingBack';

let api: FakeAnthropic;
let harness: AdapterHarness;
let host: AgentHost;
const logger = new RecordingLogger();
const chats: Chat[] = [];

beforeAll(async () => {
  api = await startFakeAnthropic();
  harness = await prepareAdapter({ apiUrl: api.url });
  host = agentHostOn(harness, { hooks: new ScriptedHooks().hooks, logger });
  await timed(FILE, 'spawn → initialize', () => host.ensureAgent());
});

afterAll(async () => {
  for (const chat of chats) chat.dispose();
  host?.dispose();
  await harness?.cleanup();
  await api?.close();
  reportTimings(FILE);
});

function newChat(): Chat {
  const chat = new Chat({ host, logger });
  chats.push(chat);
  return chat;
}

type UserEntry = Extract<TranscriptEntry, { kind: 'user' }>;

function userEntries(session: Session): UserEntry[] {
  return session.snapshot().entries.filter((e): e is UserEntry => e.kind === 'user');
}

function promptTexts(session: Session): string[] {
  return userEntries(session).map((e) => e.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
}

/** The one main-loop request the model got after `from` (the log's length before the action). */
function mainRequestSince(from: number): LoggedRequest {
  const main = api.requests.slice(from).filter((r) => r.kind === 'main');
  expect(main.map((r) => r.reply)).toHaveLength(1);
  return main[0]!;
}

/** Turn texts as the model is sent them: Claude Code adds reminders around a prompt, so a text must be a whole block. */
function sentTexts(request: LoggedRequest): string[] {
  return request.messageTexts.map((t) => t.trim());
}

async function say(chat: Chat, prompt: string, answer: string): Promise<void> {
  api.setScript([text(answer)]);
  await timed(FILE, 'turn', () => chat.submit(ask(prompt)));
}

describe('going back to an earlier prompt with the real adapter', () => {
  let originalId = '';

  it('editing the second prompt forks before it: the model sees turn one and the edit only; the original still loads', async () => {
    const chat = newChat();
    await say(chat, 'first prompt', 'Answer one.');
    await say(chat, 'second prompt', 'Answer two.');
    await say(chat, 'third prompt', 'Answer three.');
    const original = chat.session!;
    originalId = original.id;
    const second = userEntries(original)[1]!;
    expect(second.content).toEqual(ask('second prompt'));

    const from = api.requests.length;
    api.setScript([text('Answer to the edit.')]);
    const edited: ContentBlock[] = promptWithText(second.content, 'edited second prompt');
    const outcome = await timed(FILE, 'editPrompt: fork + load + turn', () => chat.editPrompt(second.id, edited));

    expect(outcome).toEqual({ kind: 'forked', sessionId: expect.any(String), from: originalId });
    expect(outcome.sessionId).not.toBe(originalId);
    expect(chat.session?.id).toBe(outcome.sessionId);
    const texts = sentTexts(mainRequestSince(from));
    expect(texts).toContain('first prompt');
    expect(texts).toContain('Answer one.');
    expect(texts).toContain('edited second prompt');
    for (const gone of ['second prompt', 'Answer two.', 'third prompt', 'Answer three.']) expect(texts, gone).not.toContain(gone);
    // In order: turn one, then the edit.
    expect(texts.indexOf('first prompt')).toBeLessThan(texts.indexOf('Answer one.'));
    expect(texts.indexOf('Answer one.')).toBeLessThan(texts.indexOf('edited second prompt'));

    // The chat shows the fork: turn one (replayed by its load) and the edited turn.
    expect(promptTexts(chat.session!)).toEqual(['first prompt', 'edited second prompt']);
    expect(agentText(chat.session!)).toContain('Answer one.');
    expect(agentText(chat.session!)).toContain('Answer to the edit.');
    expect(agentText(chat.session!)).not.toContain('Answer two.');

    // The original is untouched in the agent's history: a load replays its three turns.
    const other = newChat();
    const reloaded = await timed(FILE, 'session/load of the original', () => other.openSession(originalId));
    expect(promptTexts(reloaded)).toEqual(['first prompt', 'second prompt', 'third prompt']);
    expect(agentText(reloaded)).toContain('Answer three.');
    expect(agentText(reloaded)).not.toContain('Answer to the edit.');
    const listed = (await host.listSessions()).map((s) => s.sessionId);
    expect(listed).toEqual(expect.arrayContaining([originalId, outcome.sessionId]));
  });

  it('rewinding a loaded conversation sends nothing; the next prompt continues from before the rewound one', async () => {
    const chat = newChat();
    await chat.openSession(originalId);
    const third = userEntries(chat.session!)[2]!;
    const from = api.requests.length;
    const outcome = await timed(FILE, 'rewindTo: fork + load', () => chat.rewindTo(third.id));
    expect(outcome).toMatchObject({ kind: 'forked', from: originalId });
    expect(promptTexts(chat.session!)).toEqual(['first prompt', 'second prompt']);
    expect(api.requests.slice(from).filter((r) => r.kind === 'main')).toEqual([]);

    const next = api.requests.length;
    await say(chat, 'instead of the third', 'Answer instead.');
    const texts = sentTexts(mainRequestSince(next));
    for (const kept of ['first prompt', 'Answer one.', 'second prompt', 'Answer two.', 'instead of the third']) expect(texts, kept).toContain(kept);
    for (const gone of ['third prompt', 'Answer three.']) expect(texts, gone).not.toContain(gone);
  });

  it('editing the first prompt starts a new session whose request holds only the edited prompt', async () => {
    const chat = newChat();
    await chat.openSession(originalId);
    const first = userEntries(chat.session!)[0]!;
    const from = api.requests.length;
    api.setScript([text('Answer to the new first.')]);
    const outcome = await timed(FILE, 'editPrompt: new session + turn', () => chat.editPrompt(first.id, promptWithText(first.content, 'edited first prompt')));
    expect(outcome).toEqual({ kind: 'new', sessionId: chat.session!.id, reason: 'first-prompt' });
    expect(outcome.sessionId).not.toBe(originalId);
    const texts = sentTexts(mainRequestSince(from));
    expect(texts).toContain('edited first prompt');
    for (const gone of ['first prompt', 'Answer one.', 'second prompt', 'Answer two.', 'third prompt', 'Answer three.'])
      expect(texts, gone).not.toContain(gone);
    expect(promptTexts(chat.session!)).toEqual(['edited first prompt']);
  });

  it('retry sends a prompt again in the current session', async () => {
    const chat = newChat();
    await say(chat, 'retry me', 'First try.');
    const session = chat.session!;
    const prompt = userEntries(session)[0]!;
    const from = api.requests.length;
    api.setScript([text('Second try.')]);
    await timed(FILE, 'retry: turn', () => chat.retry(prompt.id));
    expect(chat.session).toBe(session);
    expect(promptTexts(session)).toEqual(['retry me', 'retry me']);
    const texts = sentTexts(mainRequestSince(from));
    expect(texts.filter((t) => t === 'retry me')).toHaveLength(2);
    expect(texts).toContain('First try.');
  });

  it('an unknown fork point is refused by the agent (-32602) and surfaces as an error; the chat stays where it was', async () => {
    const chat = newChat();
    const shown = await chat.openSession(originalId);
    await expect(host.forkSession(originalId, { messageId: 'msg_not_in_this_session' })).rejects.toMatchObject({ code: -32602 });
    await expect(chat.openFork(originalId, { messageId: 'msg_not_in_this_session' })).rejects.toThrow(/msg_not_in_this_session/);
    expect(chat.session).toBe(shown);
  });

  it('is refused while a turn runs', async () => {
    const chat = newChat();
    await say(chat, 'before the long one', 'Short answer.');
    const first = userEntries(chat.session!)[0]!;
    let release!: () => void;
    api.setScript([held(text('Long answer.'), new Promise<void>((r) => (release = r)))]);
    const running = chat.submit(ask('a long one'));
    await waitUntil(() => chat.session?.turn === 'running', 'the turn to run');
    const session = chat.session;
    await expect(chat.editPrompt(first.id, ask('edited'))).rejects.toThrow(/Stop the running turn first/);
    await expect(chat.rewindTo(first.id)).rejects.toThrow(/Stop the running turn first/);
    await expect(chat.retry(first.id)).rejects.toThrow(/Stop the running turn first/);
    expect(chat.session).toBe(session);
    release();
    await running;
  });
});

import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../src/acpClient/events';
import type { SessionMeta, TranscriptChange } from '../../../src/acpClient/transcript';
import { bindChatChrome, chatTitle, type ChatChrome } from '../../../src/webview/host/chatChrome';

/** A chat whose one session's meta the test sets, announcing each change as the reducer does. */
function fakeChat(meta: Partial<SessionMeta>) {
  const changes = new Emitter<readonly TranscriptChange[]>();
  const sessionChanged = new Emitter<unknown>();
  // The agent has answered in it (a session it has not shows no title: see the test below).
  const hasEntry = (...kinds: string[]) => kinds.includes('agent');
  const session = { meta: { turn: 'idle', ...meta } as SessionMeta, onDidChange: changes.event, hasEntry };
  const chat = { session: session as never, onDidChangeSession: sessionChanged.event as never };
  const set = (next: Partial<SessionMeta>) => {
    session.meta = { ...session.meta, ...next };
    changes.fire([{ type: 'meta-changed', keys: Object.keys(next) as (keyof SessionMeta)[] }]);
  };
  return {
    chat,
    set,
    replaceSession: (m: Partial<SessionMeta> | undefined) => {
      (chat as { session: unknown }).session = m ? { meta: { turn: 'idle', ...m }, onDidChange: changes.event, hasEntry } : undefined;
      sessionChanged.fire(chat.session);
    },
  };
}

function recorder() {
  const seen = { titles: [] as (string | undefined)[], descriptions: [] as (string | undefined)[], progress: [] as string[] };
  const chrome: ChatChrome = {
    setTitle: (t) => seen.titles.push(t),
    setDescription: (d) => seen.descriptions.push(d),
    setRunning: (running) => seen.progress.push(running ? 'shown' : 'ended'),
  };
  return { seen, chrome };
}

describe('chatTitle', () => {
  it('is the agent title made one safe line, bounded; none before the agent names the chat', () => {
    expect(chatTitle(undefined)).toBeUndefined();
    expect(chatTitle({ title: null })).toBeUndefined();
    expect(chatTitle({ title: '  \u202e\u0007 ' })).toBeUndefined();
    expect(chatTitle({ title: 'Fix\nthe\u202e build\u0007' })).toBe('Fix the build');
    const long = chatTitle({ title: 'x'.repeat(200) })!;
    expect(Array.from(long)).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('bindChatChrome', () => {
  it('shows the title and usage, and progress from the turn starting to its end', () => {
    const { chat, set } = fakeChat({ title: 'First', usage: { used: 12_300, size: 200_000 } });
    const { seen, chrome } = recorder();
    const binding = bindChatChrome(chat as never, chrome);
    expect(seen.titles).toEqual(['First']);
    expect(seen.descriptions).toEqual(['12.3k / 200k']);
    expect(seen.progress).toEqual([]);

    set({ turn: 'running' });
    set({ title: 'Renamed' });
    expect(seen.titles.at(-1)).toBe('Renamed');
    expect(seen.progress).toEqual(['shown']); // one progress for the whole turn
    set({ turn: 'cancelling' });
    set({ turn: 'idle' });
    expect(seen.progress).toEqual(['shown', 'ended']);
    binding.dispose();
  });

  it('ignores changes that are not shown, follows a new session, and ends progress when disposed', () => {
    const { chat, set, replaceSession } = fakeChat({ title: 'One' });
    const { seen, chrome } = recorder();
    const binding = bindChatChrome(chat as never, chrome);
    set({ plan: [] });
    expect(seen.titles).toEqual(['One']);
    replaceSession(undefined);
    expect(seen.titles.at(-1)).toBeUndefined();
    replaceSession({ title: 'Two', turn: 'running' });
    expect(seen.titles.at(-1)).toBe('Two');
    expect(seen.progress).toEqual(['shown']);
    binding.dispose();
    expect(seen.progress).toEqual(['shown', 'ended']);
  });
});

describe('a title made from a prompt never sent', () => {
  it('is not shown until the agent has answered in the session', () => {
    const changes = new Emitter<readonly TranscriptChange[]>();
    const entries: Array<{ kind: string }> = [{ kind: 'user' }, { kind: 'notice' }];
    const session = {
      meta: { turn: 'idle', title: 'Fix the login bug' } as SessionMeta,
      onDidChange: changes.event,
      hasEntry: (...kinds: string[]) => entries.some((e) => kinds.includes(e.kind)),
    };
    const chat = { session: session as never, onDidChangeSession: new Emitter<unknown>().event as never, workPlace: undefined };
    const { seen, chrome } = recorder();
    bindChatChrome(chat, chrome);
    expect(seen.titles).toEqual([undefined]);
    entries.push({ kind: 'agent' });
    session.meta = { ...session.meta, turn: 'idle' };
    changes.fire([{ type: 'meta-changed', keys: ['turn'] }]);
    expect(seen.titles.at(-1)).toBe('Fix the login bug');
  });
});

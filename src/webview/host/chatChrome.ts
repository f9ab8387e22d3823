// What VS Code's own chrome shows of a chat, so the page need not: the chat's title on its tab or in the side view's
// title bar, its context usage as the side view's description, and VS Code's progress on the side view while a turn
// runs. Follows the chat's current session; the title is the agent's text, made safe and bounded.
import type { Chat } from '../../chat/chat';
import type { Disposable } from '../../acpClient/events';
import { toDisplayText } from '../../acpClient/displayText';
import type { TranscriptChange } from '../../acpClient/transcript';
import type { Session } from '../../acpClient/session';
import type { SessionMeta } from '../protocol/protocol';
import { usageText } from '../protocol/usageText';
import { l10n } from '../../contributions/l10n';
import { agentAnswered } from '../../chat/sessionStore';

/** Long enough for a sentence-long title; VS Code ends a tab's title with "…" where it does not fit. */
const TITLE_MAX = 80;
/** The session's facts the chrome shows. */
const SHOWN = new Set<keyof SessionMeta>(['title', 'usage', 'turn']);

export interface ChatChrome {
  /** The chat's title, or undefined before it has one (the surface shows its own name). */
  setTitle(title: string | undefined): void;
  /** The context usage in short ("12.3k / 200k"). */
  setDescription?(text: string | undefined): void;
  /** A turn started (true) or ended (false); called on each change only. */
  setRunning?(running: boolean): void;
}

export function chatTitle(meta: Pick<SessionMeta, 'title'> | undefined): string | undefined {
  const title = meta?.title ? toDisplayText(meta.title, TITLE_MAX) : '';
  return title || undefined;
}

/** A chat in a worktree says its branch in its title: two chats on one task read apart. */
export function titleWithBranch(title: string | undefined, branch: string | undefined): string | undefined {
  return branch ? `${title ?? l10n.t('New chat')} (${branch})` : title;
}

/** Sessions the agent has answered in, remembered: once answered, always (the check need not run again). */
const answered = new WeakSet<object>();

function hasAnswered(session: Pick<Session, 'hasEntry'>): boolean {
  if (answered.has(session)) return true;
  const yes = agentAnswered(session);
  if (yes) answered.add(session);
  return yes;
}

export function bindChatChrome(chat: Pick<Chat, 'session' | 'onDidChangeSession' | 'workPlace'>, chrome: ChatChrome): Disposable {
  let running = false;
  const render = () => {
    const session = chat.session;
    const meta = session?.meta;
    chrome.setTitle(titleWithBranch(session && hasAnswered(session) ? chatTitle(meta) : undefined, chat.workPlace?.branch));
    chrome.setDescription?.(usageText(meta?.usage)?.short);
    const now = meta !== undefined && meta.turn !== 'idle';
    if (now !== running) chrome.setRunning?.((running = now));
  };
  const onChanges = (changes: readonly TranscriptChange[]) => {
    if (changes.some((c) => c.type === 'meta-changed' && c.keys.some((k) => SHOWN.has(k)))) render();
  };
  let sessionSub = chat.session?.onDidChange(onChanges);
  const sub = chat.onDidChangeSession((session) => {
    sessionSub?.dispose();
    sessionSub = session?.onDidChange(onChanges);
    render();
  });
  render();
  return {
    dispose: () => {
      sub.dispose();
      sessionSub?.dispose();
      if (running) chrome.setRunning?.(false);
    },
  };
}

// Which means tells the user about a chat's event, by the least intrusive one that reaches them: nothing while they
// look at that chat; the chat marked (its badge, the "needs you" status bar item, Show Chats…) while it is hidden or
// the window is in use elsewhere; a notification with Show when the window has no focus. Pure: no vscode.

/** What happened in a chat that may want the user. */
export type AttentionKind = 'turnEnded' | 'question' | 'approval' | 'error' | 'limit';

export const ATTENTION_KINDS: readonly AttentionKind[] = ['turnEnded', 'question', 'approval', 'error', 'limit'];

/** The user's setting for a kind: up to a notification, up to a mark, or neither. */
export type AttentionSetting = 'notify' | 'mark' | 'off';

/** What the user is doing now, as far as that chat goes. */
export interface Whereabouts {
  /** The window has the focus (VS Code's `window.state.focused`). */
  windowFocused: boolean;
  /** The chat's view is on screen (its tab or the side view). */
  chatVisible: boolean;
}

/** `none`: nothing; `mark`: the chat's badge and the "needs you" marks; `notify`: a notification with Show, and the marks. */
export type Means = 'none' | 'mark' | 'notify';

export interface AttentionEvent {
  kind: AttentionKind;
  /** For `turnEnded`: how long the turn ran. */
  turnMs?: number;
}

/**
 * The means for `event` given the user's `setting` for its kind, where they are, and the shortest turn whose end is
 * worth a notification (`longTurnMs`: a short turn is one the user watched).
 */
export function chooseMeans(event: AttentionEvent, setting: AttentionSetting, where: Whereabouts, longTurnMs: number): Means {
  if (setting === 'off') return 'none';
  if (where.windowFocused && where.chatVisible) return 'none';
  if (where.windowFocused) return 'mark';
  if (setting === 'mark') return 'mark';
  if (event.kind === 'turnEnded' && (event.turnMs ?? 0) < longTurnMs) return 'mark';
  return 'notify';
}

/** The value of a kind's setting as read, anything else being the kind's default. */
export function attentionSetting(value: unknown, fallback: AttentionSetting): AttentionSetting {
  return value === 'notify' || value === 'mark' || value === 'off' ? value : fallback;
}

/** What each kind does unless the user says otherwise. */
export const DEFAULT_SETTINGS: Readonly<Record<AttentionKind, AttentionSetting>> = {
  turnEnded: 'notify',
  question: 'notify',
  approval: 'notify',
  error: 'notify',
  limit: 'notify',
};

/** A turn shorter than this (seconds) is one the user watched: its end marks the chat but notifies no one. */
export const DEFAULT_LONG_TURN_SECONDS = 30;

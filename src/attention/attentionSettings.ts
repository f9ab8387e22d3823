// The attention settings: one a kind (`acpChat.attention.<kind>`: notify, mark or off) and the length of a turn whose
// end is worth a notification. None of them weakens an approval, so they are read as VS Code resolves them. The
// earlier `acpChat.permissions.notifyWhenUnfocused` (deprecated) still counts: turned off, an approval marks its chat
// without a notification.
import type { Settings } from '../core/settings';
import { readNotifyWhenUnfocused } from '../permissionUI/settings';
import { attentionSetting, DEFAULT_LONG_TURN_SECONDS, DEFAULT_SETTINGS, type AttentionKind, type AttentionSetting } from './attentionMeans';

export const ATTENTION_SECTION = 'acpChat.attention';

export function readAttentionSetting(settings: Settings, kind: AttentionKind): AttentionSetting {
  const setting = attentionSetting(settings.get<string>(`attention.${kind}`), DEFAULT_SETTINGS[kind]);
  return kind === 'approval' && setting === 'notify' && !readNotifyWhenUnfocused() ? 'mark' : setting;
}

/** The shortest turn whose end notifies, in ms. */
export function readLongTurnMs(settings: Settings): number {
  const seconds = settings.get<number>('attention.longTurnSeconds');
  return (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_LONG_TURN_SECONDS) * 1000;
}

import { describe, expect, test } from 'vitest';
import { ATTENTION_KINDS, attentionSetting, chooseMeans, type AttentionKind, type Whereabouts } from '../../../src/attention/attentionMeans';

const LONG = 30_000;
const looking: Whereabouts = { windowFocused: true, chatVisible: true };
const elsewhereInWindow: Whereabouts = { windowFocused: true, chatVisible: false };
const awayVisible: Whereabouts = { windowFocused: false, chatVisible: true };
const awayHidden: Whereabouts = { windowFocused: false, chatVisible: false };

/** Each kind as it arrives: a turn's end long enough to be worth a notification. */
const event = (kind: AttentionKind) => ({ kind, turnMs: kind === 'turnEnded' ? LONG + 1 : undefined });

describe('chooseMeans: the least intrusive means that reaches the user', () => {
  describe.each(ATTENTION_KINDS)('%s', (kind) => {
    test('nothing while the user looks at that chat', () => {
      expect(chooseMeans(event(kind), 'notify', looking, LONG)).toBe('none');
    });
    test('the chat marked while it is hidden and the window is in use', () => {
      expect(chooseMeans(event(kind), 'notify', elsewhereInWindow, LONG)).toBe('mark');
    });
    test('a notification while the window has no focus, the chat on screen or not', () => {
      expect(chooseMeans(event(kind), 'notify', awayVisible, LONG)).toBe('notify');
      expect(chooseMeans(event(kind), 'notify', awayHidden, LONG)).toBe('notify');
    });
    test('"mark" never notifies', () => {
      expect(chooseMeans(event(kind), 'mark', awayHidden, LONG)).toBe('mark');
      expect(chooseMeans(event(kind), 'mark', elsewhereInWindow, LONG)).toBe('mark');
      expect(chooseMeans(event(kind), 'mark', looking, LONG)).toBe('none');
    });
    test('"off" neither notifies nor marks', () => {
      for (const where of [looking, elsewhereInWindow, awayVisible, awayHidden]) expect(chooseMeans(event(kind), 'off', where, LONG)).toBe('none');
    });
  });

  test('a short turn marks its chat but notifies no one; from the threshold on it notifies', () => {
    expect(chooseMeans({ kind: 'turnEnded', turnMs: LONG - 1 }, 'notify', awayHidden, LONG)).toBe('mark');
    expect(chooseMeans({ kind: 'turnEnded', turnMs: LONG }, 'notify', awayHidden, LONG)).toBe('notify');
    expect(chooseMeans({ kind: 'turnEnded', turnMs: LONG - 1 }, 'notify', elsewhereInWindow, LONG)).toBe('mark');
    expect(chooseMeans({ kind: 'turnEnded', turnMs: 0 }, 'notify', awayHidden, 0)).toBe('notify');
  });

  test('the length of a turn counts for its end only', () => {
    for (const kind of ['question', 'approval', 'error', 'limit'] as const) expect(chooseMeans({ kind, turnMs: 1 }, 'notify', awayHidden, LONG)).toBe('notify');
  });
});

describe('attentionSetting', () => {
  test('takes the three values and falls back on anything else', () => {
    expect(attentionSetting('notify', 'off')).toBe('notify');
    expect(attentionSetting('mark', 'notify')).toBe('mark');
    expect(attentionSetting('off', 'notify')).toBe('off');
    for (const odd of [undefined, null, 'always', 3, true]) expect(attentionSetting(odd, 'mark')).toBe('mark');
  });
});

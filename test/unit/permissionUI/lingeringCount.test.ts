import { describe, expect, test } from 'vitest';
import { LingeringCount, type Timers } from '../../../src/permissionUI/lingeringCount';

/** Timers run by hand: `fire()` runs the one pending, as its delay passing would. */
function manualTimers(): Timers & { pending(): number; fire(): void } {
  const queue = new Map<number, () => void>();
  let next = 0;
  return {
    set: (run) => (queue.set(++next, run), next),
    clear: (h) => void queue.delete(h as number),
    pending: () => queue.size,
    fire() {
      const [[h, run]] = [...queue];
      queue.delete(h!);
      run!();
    },
  };
}

describe('LingeringCount', () => {
  test('a count shows at once; zero only after the linger, so back-to-back requests change nothing', () => {
    const timers = manualTimers();
    const shown: number[] = [];
    const c = new LingeringCount((n) => shown.push(n), 300, timers);
    c.set(1);
    expect(shown).toEqual([1]);
    c.set(0); // answered; the agent asks again before the linger ends
    c.set(1);
    expect(shown).toEqual([1]);
    expect(timers.pending()).toBe(0);
    c.set(2);
    c.set(1);
    expect(shown).toEqual([1, 2, 1]);
    c.set(0);
    expect(shown).toEqual([1, 2, 1]);
    timers.fire();
    expect(shown).toEqual([1, 2, 1, 0]);
  });

  test('zero when nothing was shown does nothing; repeated zeros keep one timer; dispose drops it', () => {
    const timers = manualTimers();
    const shown: number[] = [];
    const c = new LingeringCount((n) => shown.push(n), 300, timers);
    c.set(0);
    expect(shown).toEqual([]);
    expect(timers.pending()).toBe(0);
    c.set(3);
    c.set(0);
    c.set(0);
    expect(timers.pending()).toBe(1);
    c.dispose();
    expect(timers.pending()).toBe(0);
    expect(shown).toEqual([3]);
  });

  test('while zero lingers, a new request shows at once: the item never went', () => {
    const timers = manualTimers();
    const shown: number[] = [];
    const c = new LingeringCount((n) => shown.push(n), 300, timers);
    c.set(1);
    c.set(0);
    c.set(2);
    expect(shown).toEqual([1, 2]);
    expect(timers.pending()).toBe(0);
  });
});

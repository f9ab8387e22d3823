// The extension's one event idiom stands in wherever VS Code takes an Event: a listener's `this` is the `thisArgs`
// given, and the subscription joins the `disposables` given (a class that subscribes `this.onX, this, this.subs`).
import { describe, expect, it } from 'vitest';
import { Emitter, type Disposable } from '../../../src/acpClient/events';

describe('Emitter', () => {
  it('calls a listener with the thisArgs it was subscribed with, and adds the subscription to disposables', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const owner = {
      total: 0,
      add(this: { total: number }, n: number) {
        this.total += n;
        seen.push(n);
      },
    };
    const subs: Disposable[] = [];
    const sub = emitter.event(owner.add, owner, subs);
    emitter.fire(2);
    emitter.fire(3);
    expect(owner.total).toBe(5);
    expect(subs).toEqual([sub]);
    subs[0]!.dispose();
    emitter.fire(4);
    expect(seen).toEqual([2, 3]);
  });

  it('a listener that throws does not keep the others from the value', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<string>((err) => errors.push(err));
    const seen: string[] = [];
    emitter.event(() => {
      throw new Error('bad listener');
    });
    emitter.event((v) => seen.push(v));
    emitter.fire('x');
    expect(seen).toEqual(['x']);
    expect(errors).toHaveLength(1);
  });
});

// A prompt leaves once what its turn holds is done (the editor's snapshot of the files), or after the cap.
import { describe, expect, it } from 'vitest';
import { TurnStartGate } from '../../../src/chat/turnStartGate';

describe('TurnStartGate', () => {
  it('waits for the work held for the session, once; other sessions do not wait', async () => {
    const gate = new TurnStartGate(10_000);
    const order: string[] = [];
    let finish!: () => void;
    gate.hold(
      's1',
      new Promise<void>((r) => (finish = r)).then(() => void order.push('snapshot')),
    );
    const waited = gate.wait('s1').then(() => void order.push('prompt'));
    await gate.wait('s2');
    order.push('other prompt');
    finish();
    await waited;
    expect(order).toEqual(['other prompt', 'snapshot', 'prompt']);
    await gate.wait('s1'); // nothing held any more
  });

  it('a failed or slow snapshot delays the prompt at most the cap', async () => {
    const gate = new TurnStartGate(20);
    gate.hold('s1', Promise.reject(new Error('no git')));
    await expect(gate.wait('s1')).resolves.toBeUndefined();
    gate.hold('s1', new Promise(() => undefined));
    await expect(gate.wait('s1')).resolves.toBeUndefined();
  });
});

// The usage line reaches VS Code's own title bar (the side view's description): the agent's currency is shown only as
// an ISO 4217 code, never as the string it sent.
import { describe, expect, it } from 'vitest';
import { usageText } from '../../../src/webview/protocol/usageText';

describe('usageText', () => {
  it('shows a cost in an ISO currency', () => {
    const text = usageText({ used: 1234, size: 200_000, cost: { amount: 0.12, currency: 'USD' } });
    expect(text?.short).toMatch(/^1\.2k \/ 200k · .*0\.12/u);
  });

  it.each([
    ['a bidi override', 'USD\u202eevil'],
    ['a long phrase', 'Click [here](command:workbench.action.terminal.new) to pay'],
    ['a lower-case code', 'usd'],
    ['an empty string', ''],
  ])('leaves out a cost whose currency is %s', (_, currency) => {
    const text = usageText({ used: 10, size: 100, cost: { amount: 1, currency } });
    expect(text?.short).toBe('10 / 100');
    expect(text?.detail).toBe('Context: 10 of 100 tokens (10%)');
  });
});

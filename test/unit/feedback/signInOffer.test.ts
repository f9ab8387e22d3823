// What a card offers for signing in: every method the agent offers, or only its Claude subscription's (the credit card:
// the Console's login is the API billing that ran out), and the kept prompt's preview.
import type { AuthMethod } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { methodButtons, promptPreview } from '../../../src/feedback/signInOffer';

// The methods Claude's adapter offers (its initialize): locally, and on a remote machine.
const subscription: AuthMethod = { id: 'claude-ai-login', name: 'Claude Subscription', description: 'Use Claude subscription ' };
const console_: AuthMethod = { id: 'console-login', name: 'Anthropic Console', description: 'Use Anthropic Console (API usage billing)' };
const remote: AuthMethod = { id: 'claude-login', name: 'Log in with Claude', description: 'Run `claude /login` in the terminal' };

describe('methodButtons', () => {
  it('signIn: one button per method, name and description verbatim', () => {
    expect(methodButtons('signIn', [subscription, console_, { id: 'x', name: 'Other' }])).toEqual([
      { action: 'signIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
      { action: 'signIn', label: 'Anthropic Console', methodId: 'console-login', description: 'Use Anthropic Console (API usage billing)' },
      { action: 'signIn', label: 'Other', methodId: 'x' },
    ]);
  });

  it('subscriptionSignIn: only the Claude subscription’s method, local or remote; none when the agent offers none', () => {
    expect(methodButtons('subscriptionSignIn', [subscription, console_])).toEqual([
      { action: 'subscriptionSignIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
    ]);
    expect(methodButtons('subscriptionSignIn', [remote]).map((b) => b.methodId)).toEqual(['claude-login']);
    expect(methodButtons('subscriptionSignIn', [console_])).toEqual([]);
  });
});

describe('promptPreview', () => {
  it('the prompt’s text on one line, shortened past 60 characters; none without a kept prompt', () => {
    expect(promptPreview([{ type: 'text', text: 'hello\n  there' }])).toBe('hello there');
    expect(promptPreview([{ type: 'text', text: 'x'.repeat(80) }])).toBe(`${'x'.repeat(59)}…`);
    expect(promptPreview(undefined)).toBeUndefined();
  });
});

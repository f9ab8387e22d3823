// The one function that words errors for users: every start-up failure names its cause and offers an action; an
// error kind that words itself (DescribedError, a feature's own) is asked first.
import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { AgentExitedError, AgentStartError } from '../../../src/acpClient/errors';
import { AUTH_REQUIRED, describeError, type DescribedError, type UserError } from '../../../src/feedback/userErrors';

const exit = (code: number | null, signal: string | null, stderrTail = '') => ({ code, signal, stderrTail });

describe('describeError', () => {
  it('an error kind that words itself is asked first, with the operation that failed', () => {
    class Worded extends Error implements DescribedError {
      describe(what?: string): UserError {
        return { message: `worded: ${what}`, severity: 'warning', actions: ['openSettings'] };
      }
    }
    expect(describeError(new Worded('for the log'), 'Opening')).toEqual({ message: 'worded: Opening', severity: 'warning', actions: ['openSettings'] });
    // Only an Error words itself: any other object with a `describe` is worded as a plain value.
    expect(describeError({ describe: () => ({ message: 'no', severity: 'info', actions: [] }) }).message).toBe('[object Object]');
  });

  it('no folder open: asks for a folder, with Open Folder', () => {
    const e = describeError(new AgentStartError('x', 'no-folder'));
    expect(e).toEqual({ message: 'Open a folder to work with the agent.', severity: 'info', actions: ['openFolder'] });
  });

  it('untrusted workspace: says why the agent does not run, with Manage Workspace Trust', () => {
    const e = describeError(new AgentStartError('x', 'untrusted'));
    expect(e.message).toMatch(/Restricted Mode/);
    expect(e.message).toMatch(/Trust this workspace/);
    expect(e.actions).toEqual(['manageTrust']);
  });

  it('Node too old and adapter missing keep their own explanation and offer the settings', () => {
    const old = describeError(new AgentStartError('The bundled Claude ACP adapter needs Node >= 22, found v20.1.0', 'node-too-old'));
    expect(old.message).toContain('needs Node >= 22, found v20.1.0');
    expect(old.actions).toEqual(['openSettings']);
    const missing = describeError(new AgentStartError('The bundled Claude ACP adapter was not found. Reinstall…', 'adapter-missing'));
    expect(missing.message).toContain('was not found');
    expect(missing.actions).toEqual(['openSettings']);
  });

  it('agent path not found or not executable: names the program and the setting', () => {
    const nf = describeError(new AgentStartError('x', 'not-found', { command: '/opt/nope/agent' }));
    expect(nf.message).toBe('The agent program "/opt/nope/agent" was not found. Check acpChat.agent.path.');
    expect(nf.actions).toEqual(['openSettings', 'showLog']);
    const ne = describeError(new AgentStartError('x', 'not-executable', { command: '/opt/agent.txt' }));
    expect(ne.message).toMatch(/"\/opt\/agent\.txt" cannot be run \(not executable\)/);
    expect(ne.actions).toEqual(['openSettings', 'showLog']);
  });

  it('agent exits during start: the exit code or signal and the stderr tail, with Show Log and Restart', () => {
    const code = describeError(new AgentStartError('x', 'exited', { exit: exit(3, null, 'boom: bad config\n') }));
    // One line on the card; the agent's last output behind "Show details".
    expect(code.message).toBe('The agent exited with code 3 while starting.');
    expect(code.details).toBe('boom: bad config');
    expect(code.actions).toEqual(['showLog', 'restart']);
    expect(code.severity).toBe('error');
    const sig = describeError(new AgentStartError('x', 'exited', { exit: exit(null, 'SIGKILL') }));
    expect(sig.message).toBe('The agent was stopped by SIGKILL while starting.');
    expect(sig.details).toBeUndefined();
    // A long output keeps its end, where the cause usually is.
    const long = describeError(new AgentStartError('x', 'exited', { exit: exit(1, null, `${'a'.repeat(5000)}END`) }));
    expect(long.details).toBe(`${'a'.repeat(597)}END`);
  });

  it('initialize timeout: says the agent was stopped after the configured time', () => {
    const e = describeError(new AgentStartError('x', 'initialize-timeout', { timeoutMs: 60_000 }));
    expect(e.message).toBe('The agent did not answer within 60 s and was stopped.');
    expect(e.actions).toEqual(['showLog', 'restart', 'openSettings']);
  });

  it('an agent that refuses initialize keeps its reason', () => {
    const e = describeError(new AgentStartError('The agent speaks ACP protocol version 2; this extension supports version 1.', 'refused'));
    expect(e.message).toContain('protocol version 2');
    expect(e.actions).toEqual(['showLog', 'restart']);
  });

  it('authentication required (-32000): asks to sign in, with the sign-in methods and Set API Key; says a terminal opens', () => {
    const e = describeError(new acp.RequestError(AUTH_REQUIRED, 'Authentication required'), 'Sending the prompt');
    expect(e.message).toBe(
      'Sign in to use the agent, with your Claude subscription or an API key. The Claude sign-in opens a terminal: follow the link it prints and sign in in your browser, then come back here; the chat continues when it is done.',
    );
    expect(e.severity).toBe('info');
    expect(e.actions).toEqual(['signIn', 'setApiKey']);
  });

  it('bypass-mode refusal as root: explains it and where IS_SANDBOX comes from', () => {
    const err = new acp.RequestError(-32603, 'Internal error: --dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons');
    const e = describeError(err, 'Changing the mode');
    expect(e.message).toMatch(/refuses to skip approvals when it runs as root/);
    expect(e.message).toMatch(/IS_SANDBOX/);
    expect(e.actions).toEqual(['openSettings', 'restart']);
  });

  it('the agent exiting while it runs: exit code and stderr tail, with Restart and Show Log', () => {
    const e = describeError(new AgentExitedError('The agent exited: …', exit(1, null, 'out of memory')));
    expect(e.message).toBe('The agent exited with code 1. Restart to continue this chat.');
    expect(e.details).toBe('out of memory');
    expect(e.actions).toEqual(['restart', 'showLog']);
  });

  it('other agent errors and plain errors name the operation and offer the log', () => {
    const agent = describeError(new acp.RequestError(-32602, 'Invalid params'), 'Changing the mode');
    expect(agent).toEqual({
      message: 'Changing the mode failed: the agent returned an error.',
      details: 'Invalid params',
      severity: 'error',
      actions: ['showLog'],
    });
    expect(describeError(new Error('disk full'), 'Opening the diff')).toEqual({
      message: 'Opening the diff failed: disk full',
      severity: 'error',
      actions: ['showLog'],
    });
    expect(describeError('weird')).toEqual({ message: 'weird', severity: 'error', actions: ['showLog'] });
  });
});

describe('describeError: the model API refused the turn after the retries', () => {
  // What the adapter answers a client that does not negotiate its session-failure extension.
  const refused = (errorKind: string, detail: string) => new acp.RequestError(-32603, `Internal error: ${detail}`, { errorKind });

  it('rate limited, overloaded, server error: says which, as a warning the same prompt may fix later', () => {
    const r = describeError(refused('rate_limit', 'API Error: 429 slow down'), 'Sending the prompt');
    expect(r.message).toMatch(/^Claude is rate limited: .*send the prompt again\.$/);
    expect(r.details).toBe('Internal error: API Error: 429 slow down');
    expect(r).toMatchObject({ severity: 'warning', retryable: true, actions: ['showLog'] });
    expect(describeError(refused('overloaded', 'API Error: 529')).message).toMatch(/^Claude is overloaded right now/);
    expect(describeError(refused('server_error', 'API Error: 500')).message).toMatch(/^The model API is failing or overloaded right now/);
  });

  it('a refusal the same prompt will not fix says the turn stopped, the API’s words behind Show details, not offered again', () => {
    for (const kind of ['invalid_request', 'model_not_found', 'unknown']) {
      const e = refused(kind, 'API Error: 400 bad request');
      expect(describeError(e, 'Sending the prompt')).toEqual({
        message: 'The model API answered with an error, so the turn stopped.',
        details: e.message,
        severity: 'error',
        actions: ['showLog'],
      });
    }
  });

  it('out of credit: says so plainly and offers the subscription sign-in and the billing page, neither Retry nor the log', () => {
    // What the real adapter answers a 400 or 402 with the API's credit message; another agent's 402 means the same.
    for (const err of [refused('billing_error', 'Credit balance is too low'), new acp.RequestError(-32603, 'API Error: 402 Payment Required')]) {
      expect(describeError(err, 'Sending the prompt')).toEqual({
        message:
          'Your Anthropic API account is out of credit, so the turn stopped. Sign in with your Claude subscription instead, or add credits on the billing page of the Anthropic Console.',
        severity: 'error',
        actions: ['subscriptionSignIn', 'openBilling'],
      });
    }
  });

  it('said once: the credit card neither repeats the API’s words (the failed turn’s line shows them) nor hides them in its details', () => {
    const e = describeError(refused('billing_error', 'Credit balance is too low'), 'Sending the prompt');
    expect(e.details).toBeUndefined();
    expect(e.message).not.toMatch(/credit balance is too low/i);
  });

  it('credentials the API did not accept: sign in again, with the sign-in methods and Set API Key, the API’s words not repeated', () => {
    const e = describeError(new acp.RequestError(-32603, 'Internal error: API Error: 401 invalid x-api-key'), 'Sending the prompt');
    expect(e).toEqual({
      message: 'The model API did not accept your sign-in or API key, so the turn stopped. Sign in again.',
      severity: 'error',
      actions: ['signIn', 'setApiKey'],
    });
  });

  it('overloaded or rate limited in the API’s words alone, as another agent says it: the same warning, with Retry', () => {
    const busy = describeError(new acp.RequestError(-32603, 'API Error: 529 {"type":"error","error":{"type":"overloaded_error"}}'), 'Sending the prompt');
    expect(busy).toMatchObject({ severity: 'warning', retryable: true, actions: ['showLog'] });
    expect(busy.message).toMatch(/^Claude is overloaded right now/);
    expect(describeError(new acp.RequestError(-32603, 'API Error: 429 rate_limit_error')).message).toMatch(/^Claude is rate limited/);
  });

  it('the adapter’s own kinds, or none, stay the agent’s own answer, not offered again', () => {
    for (const e of [refused('no_result', 'The turn ended without a result'), new acp.RequestError(-32603, 'Internal error')]) {
      const r = describeError(e, 'Sending the prompt');
      expect(r.message).toBe('Sending the prompt failed: the agent returned an error.');
      expect(r.details).toBe(e.message);
      expect(r.retryable).toBeUndefined();
    }
  });

  it('a message of several lines shows its first on the card, the whole behind Show details', () => {
    const plain = describeError(new Error('disk full\nENOSPC'), 'Saving');
    expect(plain).toMatchObject({ message: 'Saving failed: disk full', details: 'disk full\nENOSPC' });
    expect(describeError(new Error('one line'), 'Saving').details).toBeUndefined();
  });
});

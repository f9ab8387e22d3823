// Which of the model API's common errors an agent's answer is: by Claude Code's kind where the adapter sends one, else
// by the API's own words (its error types, Claude Code's "API Error: <status>", the credit message).
import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { modelApiError } from '../../../src/feedback/modelApiErrors';

/** The prompt's error as Claude's adapter sends it (the real adapter against the fake API answers a credit 400 so). */
const adapter = (errorKind: string | undefined, detail: string) =>
  new acp.RequestError(-32603, `Internal error: ${detail}`, errorKind === undefined ? undefined : { errorKind });
/** Another agent's answer: the API's words, no kind. */
const plain = (message: string) => new acp.RequestError(-32603, message);

describe('modelApiError', () => {
  it('credit: billing_error, or the API’s credit message or 402 whatever the kind', () => {
    expect(modelApiError(adapter('billing_error', 'Credit balance is too low'))).toBe('credit');
    // Claude Code names no kind for a credit message it did not recognise as such.
    expect(modelApiError(adapter('unknown', 'API Error: 400 Your credit balance is too low to access the Anthropic API.'))).toBe('credit');
    expect(modelApiError(plain('API Error: 402 {"type":"error","error":{"type":"billing_error","message":"Payment required"}}'))).toBe('credit');
    expect(modelApiError(plain('API Error: 402 Payment Required'))).toBe('credit');
  });

  it('authentication: Claude Code’s authentication kinds, authentication_error, an invalid x-api-key, 401', () => {
    expect(modelApiError(adapter('authentication_failed', 'Invalid API key'))).toBe('authentication');
    expect(modelApiError(adapter('oauth_org_not_allowed', 'Your organization does not allow this login'))).toBe('authentication');
    expect(modelApiError(plain('API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}'))).toBe(
      'authentication',
    );
    expect(modelApiError(adapter('invalid_request', 'API Error: 401 invalid x-api-key'))).toBe('authentication');
  });

  it('overloaded and rate limited: by kind, by the API’s error type, by Claude Code’s status line', () => {
    expect(modelApiError(adapter('overloaded', 'API Error: 529'))).toBe('overloaded');
    expect(modelApiError(plain('API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'))).toBe('overloaded');
    expect(modelApiError(plain('API Error: Repeated 529 Overloaded errors. The API is at capacity'))).toBe('overloaded');
    expect(modelApiError(adapter('rate_limit', 'API Error: 429 slow down'))).toBe('rate_limit');
    expect(modelApiError(plain('API Error: Request rejected (429) · slow down'))).toBe('rate_limit');
    expect(modelApiError(plain('{"type":"error","error":{"type":"rate_limit_error"}}'))).toBe('rate_limit');
    // The kind wins over the words: a run of 529s Claude Code gave up on is its server error.
    expect(modelApiError(adapter('server_error', 'API Error: 529 Overloaded'))).toBe('server_error');
  });

  it('a refusal with no fix of its own stays one; anything else is none', () => {
    for (const kind of ['invalid_request', 'model_not_found', 'unknown']) expect(modelApiError(adapter(kind, 'API Error: 400 bad request'))).toBe('refused');
    expect(modelApiError(adapter('no_result', 'The turn ended without a result'))).toBeUndefined();
    expect(modelApiError(adapter(undefined, 'Internal error'))).toBeUndefined();
    // Only an agent's answer is read: a local error that happens to name a credit message is not the API's.
    expect(modelApiError(new Error('Credit balance is too low'))).toBeUndefined();
    expect(modelApiError('API Error: 401')).toBeUndefined();
  });
});

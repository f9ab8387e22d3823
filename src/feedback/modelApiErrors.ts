// Which of the model API's common errors an agent's answer is, so its card can offer what fixes it (worded in
// userErrors.ts). Claude's adapter sends Claude Code's own kind of a turn's API error as `data.errorKind` on the prompt's
// internal error (errorKindData(lastAssistantError) in node_modules/@agentclientprotocol/claude-agent-acp/dist/acp-agent.js);
// against the fake API it answers a credit refusal, 400 or 402, as `Internal error: Credit balance is too low` with
// `billing_error` (Claude Code matches "credit balance is too low" in the API's message). Other agents, and a kind
// Claude Code could not name (`unknown`), pass the API's own words on: its error types and HTTP statuses are read there.
// Pure: no vscode.
import { errorMessage } from '../acpClient/errors';

export type ModelApiError = 'credit' | 'authentication' | 'rate_limit' | 'overloaded' | 'server_error' | 'refused';

/**
 * Claude Code's kinds (its SDKAssistantMessageError). `authentication_failed` and `oauth_org_not_allowed` are what the
 * adapter itself turns into `authRequired` (providerFailureCategory); an agent that passes them on means the same.
 * `refused`: a refusal sending the same prompt again would not fix. The adapter's own kinds (incomplete_tool_call,
 * no_result, worker_shutdown) are not the API's.
 */
const KINDS: Record<string, ModelApiError> = {
  billing_error: 'credit',
  authentication_failed: 'authentication',
  oauth_org_not_allowed: 'authentication',
  rate_limit: 'rate_limit',
  overloaded: 'overloaded',
  server_error: 'server_error',
  invalid_request: 'refused',
  model_not_found: 'refused',
  unknown: 'refused',
};

/**
 * The API's words for each error (its error `type`s, Claude Code's "API Error: <status>" and the credit message), first
 * match wins. 402 is Payment Required.
 */
const WORDS: ReadonlyArray<readonly [ModelApiError, RegExp]> = [
  ['credit', /credit balance is too low|billing_error|insufficient credit|API Error: 402\b/i],
  ['authentication', /authentication_error|invalid x-api-key|API Error: 401\b/i],
  ['overloaded', /overloaded_error|\b529 Overloaded\b/i],
  ['rate_limit', /rate_limit_error|API Error: 429\b|Request rejected \(429\)/i],
];

/** The model API error `err` reports, if it is an agent's answer (a JSON-RPC error) that names one. */
export function modelApiError(err: unknown): ModelApiError | undefined {
  if (typeof err !== 'object' || err === null || typeof (err as { code?: unknown }).code !== 'number') return undefined;
  const data = (err as { data?: unknown }).data;
  const kind = typeof data === 'object' && data !== null ? (data as { errorKind?: unknown }).errorKind : undefined;
  const named = typeof kind === 'string' ? KINDS[kind] : undefined;
  // A refusal Claude Code did not name further may still be one of the errors with a fix (a credit message as a 400).
  if (named && named !== 'refused') return named;
  const text = errorMessage(err);
  return WORDS.find(([, words]) => words.test(text))?.[0] ?? named;
}

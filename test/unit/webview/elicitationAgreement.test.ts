// @vitest-environment jsdom
// The chat's inline form and the host accept and refuse the same answers: the webview renders the form the host
// parsed and checks it with the same rules, and whatever it posts the host (broker + core handler) sends on.
import type { CreateElicitationRequest, CreateElicitationResponse } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { handleElicitationRequest } from '../../../src/acpClient/elicitationHandler';
import { PendingRequests } from '../../../src/acpClient/pendingRequests';
import { PermissionBroker } from '../../../src/permissionUI/permissionBroker';
import { App } from '../../../src/webview/page/app';
import type { WebviewToHost } from '../../../src/webview/protocol/protocol';
import { recordingLogger } from '../acpClient/inProcessAgent';
import { elicitationView, meta, snapshotMsg } from './fixtures';

const schema = {
  type: 'object',
  required: ['color', 'code'],
  properties: {
    color: {
      type: 'string',
      title: 'Color',
      oneOf: [
        { const: 'Red', title: 'Red' },
        { const: 'Blue', title: 'Blue' },
      ],
    },
    tags: { type: 'array', title: 'Tags', minItems: 1, maxItems: 2, items: { anyOf: [{ const: 'a' }, { const: 'b' }, { const: 'c' }] } },
    count: { type: 'integer', title: 'Count', minimum: 1, maximum: 10 },
    ratio: { type: 'number', title: 'Ratio', maximum: 1.5 },
    email: { type: 'string', title: 'Email', format: 'email' },
    code: { type: 'string', title: 'Code', minLength: 3, pattern: '^[A-Z]+$' },
    notes: { type: 'string', title: 'Notes', maxLength: 5 },
    agree: { type: 'boolean', title: 'Agree' },
  },
};
const numeric = new Set(['count', 'ratio']);

type Input = Record<string, string | string[] | boolean>;
const valid: Input = { color: 'Blue', tags: ['a', 'c'], count: '3', ratio: '1.25', email: 'a@b.c', code: 'ABC', notes: 'hi', agree: true };

const cases: { name: string; input: Input; accepted: boolean }[] = [
  { name: 'every field valid', input: valid, accepted: true },
  { name: 'only the required fields', input: { color: 'Red', code: 'XYZ' }, accepted: true },
  { name: 'text kept as typed (spaces count)', input: { ...valid, notes: '  ' }, accepted: true },
  { name: 'required choice missing', input: { ...valid, color: '' }, accepted: false },
  { name: 'integer above its maximum', input: { ...valid, count: '11' }, accepted: false },
  { name: 'integer below its minimum', input: { ...valid, count: '0' }, accepted: false },
  { name: 'fraction for an integer', input: { ...valid, count: '2.5' }, accepted: false },
  { name: 'number above its maximum', input: { ...valid, ratio: '2' }, accepted: false },
  { name: 'not an email address', input: { ...valid, email: 'nope' }, accepted: false },
  { name: 'text not matching the pattern', input: { ...valid, code: 'abc' }, accepted: false },
  { name: 'text too short', input: { ...valid, code: 'AB' }, accepted: false },
  { name: 'text too long', input: { ...valid, notes: 'toolong' }, accepted: false },
  { name: 'too many choices picked', input: { ...valid, tags: ['a', 'b', 'c'] }, accepted: false },
];

/** The chat: render the host's form, fill it in as the user would, press Submit. */
function submitInChat(input: Input): { posted: WebviewToHost[]; error: string } {
  const posted: WebviewToHost[] = [];
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, requestFrame: (cb) => cb() });
  app.handleMessage(snapshotMsg({ meta: meta(), entries: [] }));
  app.handleMessage({ type: 'elicitations', elicitations: [elicitationView('s:1', 'Tell me', schema)] });
  const form = root.querySelector<HTMLFormElement>('[data-testid="elicitation"]')!;
  for (const [key, value] of Object.entries(input)) {
    const inputs = Array.from(form.querySelector(`[data-field="${key}"]`)!.querySelectorAll('input'));
    if (typeof value === 'boolean') inputs[0]!.checked = value;
    else if (Array.isArray(value)) for (const i of inputs) i.checked = value.includes(i.value);
    else if (inputs[0]!.type === 'radio') for (const i of inputs) i.checked = i.value === value;
    else inputs[0]!.value = value;
  }
  form.requestSubmit();
  return { posted: posted.filter((m) => m.type === 'answerElicitation'), error: form.querySelector('.elicitation-error')!.textContent ?? '' };
}

/** The host: the broker and the core's request handler, as the extension runs them, for one request. */
function hostRequest() {
  const logger = recordingLogger();
  const broker = new PermissionBroker({ logger });
  const params = { mode: 'form', sessionId: 's', message: 'Tell me', requestedSchema: schema } as CreateElicitationRequest;
  const never = new AbortController().signal;
  const response = handleElicitationRequest({
    params,
    requestId: 1,
    signal: never,
    connectionSignal: never,
    createElicitation: (req) => broker.createElicitation(req),
    pending: new PendingRequests(),
    logger,
  });
  const answer = (r: CreateElicitationResponse) => broker.answerElicitation('s:1', r);
  return { answer, response };
}

/** What a client that checks nothing would send for the same input (numbers as numbers, blanks left out). */
function unchecked(input: Input): Record<string, string | number | boolean | string[]> {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === '') continue;
    content[key] = numeric.has(key) && typeof value === 'string' ? Number(value) : value;
  }
  return content;
}

describe('elicitation forms: the chat and the host agree', () => {
  it.each(cases)('$name', async ({ input, accepted }) => {
    const chat = submitInChat(input);
    const host = hostRequest();
    await Promise.resolve(); // the core calls the hook in a microtask
    if (accepted) {
      expect(chat.error).toBe('');
      expect(chat.posted).toHaveLength(1);
      const sent = chat.posted[0] as Extract<WebviewToHost, { type: 'answerElicitation' }>;
      const response: CreateElicitationResponse = { action: 'accept', content: sent.content };
      expect(host.answer(response)).toBe('accepted');
      await expect(host.response).resolves.toEqual(response);
    } else {
      expect(chat.posted).toEqual([]);
      // The host refuses the same input with the same words, and the request stays open.
      const result = host.answer({ action: 'accept', content: unchecked(input) });
      expect(result).toEqual({ refused: chat.error });
      expect(host.answer({ action: 'decline' })).toBe('accepted');
      await expect(host.response).resolves.toEqual({ action: 'decline' });
    }
  });
});

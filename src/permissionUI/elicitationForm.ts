// A pure model of an ACP form elicitation (`elicitation/create`, mode "form"): the fields a step-by-step UI asks
// for, the validation of each answer, and the accept content built from the answers. Claude's AskUserQuestion
// arrives this way: `question_<n>` (single choice via `oneOf`, or multi-select `array`) plus an optional free-text
// `question_<n>_custom`.
import type { CreateElicitationRequest, ElicitationContentValue, EnumOption } from '@agentclientprotocol/sdk';
import { compilePattern } from './patternEngine';
import { toDisplayText } from '../acpClient/displayText';
import { isRecord, optionalString } from '../acpClient/guards';
import { l10n } from '../contributions/l10n';

export interface ChoiceOption {
  value: string;
  label: string;
  description?: string;
}

interface FieldBase {
  key: string;
  title: string;
  description?: string;
  required: boolean;
}

export type FormField =
  | (FieldBase & { type: 'single'; options: ChoiceOption[]; default?: string })
  | (FieldBase & { type: 'multi'; options: ChoiceOption[]; minItems?: number; maxItems?: number; default?: string[] })
  | (FieldBase & { type: 'text'; minLength?: number; maxLength?: number; pattern?: string; format?: string; default?: string })
  | (FieldBase & { type: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { type: 'boolean'; default?: boolean });

export interface ElicitationForm {
  message: string;
  title?: string;
  fields: FormField[];
  /** Optional fields of a type this client cannot render; they are left out of the answer. */
  skipped: string[];
}

export type FormParse = { ok: true; form: ElicitationForm } | { ok: false; error: string };

export type ElicitationContent = Record<string, ElicitationContentValue>;

/** Parse a `elicitation/create` request into fields. A required field of an unknown type makes the form unusable. */
export function parseElicitationForm(req: CreateElicitationRequest): FormParse {
  if (req.mode !== 'form') return { ok: false, error: l10n.t('Elicitation mode "{0}" is not supported.', toDisplayText(String(req.mode), 40)) };
  const schema = (req as { requestedSchema?: unknown }).requestedSchema;
  if (!isRecord(schema)) return { ok: false, error: l10n.t('The form has no schema.') };
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
  const fields: FormField[] = [];
  const skipped: string[] = [];
  for (const [key, prop] of Object.entries(properties)) {
    const field = parseField(key, prop, required.has(key));
    if (field) fields.push(field);
    else if (required.has(key)) return { ok: false, error: l10n.t('The form field "{0}" has a type this client cannot show.', toDisplayText(key, 80)) };
    else skipped.push(key);
  }
  return {
    ok: true,
    form: {
      message: elicitationMessage(req),
      title: typeof schema.title === 'string' ? toDisplayText(schema.title, 200) || undefined : undefined,
      fields,
      skipped,
    },
  };
}

/** The agent's question as shown to the user (also for a form this client cannot show). */
export function elicitationMessage(req: CreateElicitationRequest): string {
  return toDisplayText(typeof req.message === 'string' ? req.message : '', 2_000, false) || l10n.t('The agent asks for input.');
}

function parseField(key: string, prop: unknown, required: boolean): FormField | undefined {
  if (!isRecord(prop)) return undefined;
  const base: FieldBase = {
    key,
    title: text(prop.title, 200) ?? toDisplayText(key, 200),
    description: text(prop.description, 1_000),
    required,
  };
  switch (prop.type) {
    case 'string': {
      const options = choiceOptions(prop.oneOf) ?? untitledOptions(prop.enum);
      if (options) return { ...base, type: 'single', options, default: optionalString(prop.default) };
      return {
        ...base,
        type: 'text',
        minLength: num(prop.minLength),
        maxLength: num(prop.maxLength),
        pattern: optionalString(prop.pattern),
        format: optionalString(prop.format),
        default: optionalString(prop.default),
      };
    }
    case 'number':
    case 'integer':
      return { ...base, type: 'number', integer: prop.type === 'integer', minimum: num(prop.minimum), maximum: num(prop.maximum), default: num(prop.default) };
    case 'boolean':
      return { ...base, type: 'boolean', default: typeof prop.default === 'boolean' ? prop.default : undefined };
    case 'array': {
      const items = isRecord(prop.items) ? prop.items : undefined;
      const options = choiceOptions(items?.anyOf) ?? untitledOptions(items?.enum);
      if (!options) return undefined;
      const def = Array.isArray(prop.default) ? prop.default.filter((v): v is string => typeof v === 'string') : undefined;
      return { ...base, type: 'multi', options, minItems: num(prop.minItems), maxItems: num(prop.maxItems), default: def };
    }
    default:
      return undefined;
  }
}

/** What a field's step says above its input: its title, and its description when it has one. */
export function fieldPrompt(field: FormField): string {
  return field.description ? `${field.title}: ${field.description}` : field.title;
}

export type FieldCheck = { ok: true; value: ElicitationContentValue | undefined } | { ok: false; message: string };

/**
 * Turn what the user typed/picked for one field into a value, or say what is wrong. `undefined` input (or an
 * empty string for text/number) means "no answer", allowed only for optional fields.
 */
export function checkFieldAnswer(field: FormField, input: string | string[] | boolean | undefined): FieldCheck {
  const empty = input === undefined || input === '' || (Array.isArray(input) && input.length === 0 && field.type !== 'multi');
  if (empty) return field.required ? { ok: false, message: l10n.t('{0} is required.', field.title) } : { ok: true, value: undefined };
  switch (field.type) {
    case 'single': {
      if (typeof input !== 'string' || !field.options.some((o) => o.value === input)) return { ok: false, message: l10n.t('Pick one of the offered choices.') };
      return { ok: true, value: input };
    }
    case 'multi': {
      if (!Array.isArray(input)) return { ok: false, message: l10n.t('Pick from the offered choices.') };
      if (!input.every((v) => field.options.some((o) => o.value === v))) return { ok: false, message: l10n.t('Pick only offered choices.') };
      if (input.length === 0) return field.required ? { ok: false, message: l10n.t('{0} is required.', field.title) } : { ok: true, value: undefined };
      if (field.minItems !== undefined && input.length < field.minItems) return { ok: false, message: l10n.t('Pick at least {0}.', field.minItems) };
      if (field.maxItems !== undefined && input.length > field.maxItems) return { ok: false, message: l10n.t('Pick at most {0}.', field.maxItems) };
      return { ok: true, value: [...input] };
    }
    case 'text': {
      if (typeof input !== 'string') return { ok: false, message: l10n.t('Enter text.') };
      const length = Array.from(input).length;
      if (field.minLength !== undefined && length < field.minLength) return { ok: false, message: l10n.t('Enter at least {0} characters.', field.minLength) };
      if (field.maxLength !== undefined && length > field.maxLength) return { ok: false, message: l10n.t('Enter at most {0} characters.', field.maxLength) };
      if (field.pattern !== undefined && !safeRegExp(field.pattern)?.test(input))
        return { ok: false, message: l10n.t('The text must match {0}.', field.pattern) };
      const formatError = field.format ? checkFormat(field.format, input) : undefined;
      if (formatError) return { ok: false, message: formatError };
      return { ok: true, value: input };
    }
    case 'number': {
      const n = typeof input === 'string' ? Number(input.trim()) : NaN;
      if (typeof input !== 'string' || input.trim() === '' || !Number.isFinite(n)) return { ok: false, message: l10n.t('Enter a number.') };
      if (field.integer && !Number.isInteger(n)) return { ok: false, message: l10n.t('Enter a whole number.') };
      if (field.minimum !== undefined && n < field.minimum) return { ok: false, message: l10n.t('Enter at least {0}.', field.minimum) };
      if (field.maximum !== undefined && n > field.maximum) return { ok: false, message: l10n.t('Enter at most {0}.', field.maximum) };
      return { ok: true, value: n };
    }
    case 'boolean':
      return typeof input === 'boolean' ? { ok: true, value: input } : { ok: false, message: l10n.t('Choose yes or no.') };
  }
}

/** Build the `accept` content from checked values; fields without an answer are omitted. */
export function buildElicitationContent(form: ElicitationForm, values: ReadonlyMap<string, ElicitationContentValue | undefined>): ElicitationContent {
  const content: ElicitationContent = {};
  for (const field of form.fields) {
    const value = values.get(field.key);
    if (value !== undefined) content[field.key] = value;
  }
  return content;
}

/** Check a whole `accept` content (e.g. from the webview's inline form) against the form; undefined when valid. */
export function validateElicitationContent(form: ElicitationForm, content: unknown): string | undefined {
  if (content !== undefined && content !== null && !isRecord(content)) return l10n.t('The answer must be an object.');
  const record = isRecord(content) ? content : {};
  for (const field of form.fields) {
    const value = record[field.key];
    const expected =
      value === undefined ||
      (field.type === 'number'
        ? typeof value === 'number'
        : field.type === 'boolean'
          ? typeof value === 'boolean'
          : field.type === 'multi'
            ? isStringArray(value)
            : typeof value === 'string');
    if (!expected) return l10n.t('{0}: the value has the wrong type.', field.title);
    const input = typeof value === 'number' ? String(value) : (value as string | string[] | boolean | undefined);
    const check = checkFieldAnswer(field, input);
    if (!check.ok) return `${field.title}: ${check.message}`;
  }
  const known = new Set([...form.fields.map((f) => f.key), ...form.skipped]);
  const unknown = Object.keys(record).find((k) => !known.has(k));
  return unknown === undefined ? undefined : l10n.t('Unknown field "{0}".', toDisplayText(unknown, 80));
}

function choiceOptions(value: unknown): ChoiceOption[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const options = value
    .filter((o): o is EnumOption => isRecord(o) && typeof o.const === 'string')
    .map((o) => ({
      value: o.const,
      label: text(o.title, 200) ?? toDisplayText(o.const, 200),
      description: text(o.description, 500),
    }));
  return options.length ? options : undefined;
}

function untitledOptions(value: unknown): ChoiceOption[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const options = value.filter((v): v is string => typeof v === 'string').map((v) => ({ value: v, label: toDisplayText(v, 200) }));
  return options.length ? options : undefined;
}

/** The ACP string formats; unknown formats are not enforced. */
function checkFormat(format: string, input: string): string | undefined {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+$/u.test(input) ? undefined : l10n.t('Enter an email address.');
    case 'uri':
      return URL.canParse(input) ? undefined : l10n.t('Enter a URI (for example https://example.com).');
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/u.test(input) && !Number.isNaN(Date.parse(input)) ? undefined : l10n.t('Enter a date as YYYY-MM-DD.');
    case 'date-time':
      return /^\d{4}-\d{2}-\d{2}T/u.test(input) && !Number.isNaN(Date.parse(input)) ? undefined : l10n.t('Enter a date and time (ISO 8601).');
    default:
      return undefined;
  }
}

/** Agent-supplied patterns are compiled defensively: an invalid one accepts any text instead of blocking the form. */
/**
 * The agent's `pattern` runs on RE2 (linear time in the input): a backtracking engine lets a pattern such as
 * `^(a+)+$` stall the extension host on one answer. Syntax RE2 lacks (backreferences, lookaround) or an invalid
 * pattern skips the constraint; the agent validates its own answer anyway.
 */
function safeRegExp(pattern: string): { test(input: string): boolean } | undefined {
  try {
    return compilePattern(pattern);
  } catch {
    return { test: () => true };
  }
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' ? toDisplayText(value, max) || undefined : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

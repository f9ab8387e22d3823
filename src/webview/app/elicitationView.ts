// Pending form elicitations (e.g. AskUserQuestion) as forms: radios for oneOf/enum strings, checkboxes for arrays,
// text/number inputs, a checkbox for booleans; Submit / Decline / Cancel post the answer.
// The schema is agent-provided and untrusted: anything unrecognised becomes a plain text field.
import type { ElicitationView, WebviewToHost } from '../protocol';
import { button, h, setChildren } from './dom';

type Value = string | number | boolean | string[];
interface Choice {
  value: string;
  title: string;
  description?: string;
}
interface Field {
  key: string;
  title: string;
  description?: string;
  required: boolean;
  kind: 'radio' | 'checkboxes' | 'text' | 'number' | 'integer' | 'boolean';
  choices: Choice[];
  defaultValue?: unknown;
}

let formCounter = 0;

export class ElicitationsView {
  readonly node = h('section', { class: 'elicitations', 'aria-label': 'Questions from the agent', 'data-testid': 'elicitations' });
  private key = '';

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.node.hidden = true;
  }

  update(list: readonly ElicitationView[]): void {
    const key = JSON.stringify(list);
    if (key === this.key) return;
    this.key = key;
    this.node.hidden = list.length === 0;
    setChildren(this.node, ...list.map((e) => this.form(e)));
  }

  private form(e: ElicitationView): HTMLElement {
    const fields = parseSchema(e.requestedSchema);
    const id = `elic-${++formCounter}`;
    const form = h('form', { class: 'elicitation', 'data-testid': 'elicitation', 'data-key': e.key, 'aria-labelledby': `${id}-msg` });
    const error = h('div', { class: 'elicitation-error', role: 'alert' });
    form.append(h('div', { class: 'elicitation-message', id: `${id}-msg` }, e.message), ...fields.map((f, i) => renderField(f, `${id}-${i}`)), error);
    const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'elicitation-submit' }, 'Submit');
    const decline = button('Decline', { 'data-testid': 'elicitation-decline' });
    const cancel = button('Cancel', { 'data-testid': 'elicitation-cancel' });
    form.append(h('div', { class: 'elicitation-actions' }, submit, decline, cancel));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const r = collect(form, fields);
      if (typeof r === 'string') {
        error.textContent = r;
        return;
      }
      this.post({ type: 'elicitation', key: e.key, action: 'accept', content: r });
    });
    decline.addEventListener('click', () => this.post({ type: 'elicitation', key: e.key, action: 'decline' }));
    cancel.addEventListener('click', () => this.post({ type: 'elicitation', key: e.key, action: 'cancel' }));
    return form;
  }
}

/** Reads the flat object schema an elicitation carries into fields; unknown shapes degrade to text. */
export function parseSchema(schema: unknown): Field[] {
  const s = isObj(schema) ? schema : {};
  const props = isObj(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : [];
  const fields: Field[] = [];
  for (const [key, raw] of Object.entries(props).slice(0, 50)) {
    const p = isObj(raw) ? raw : {};
    const base = { key, title: str(p.title) ?? key, description: str(p.description), required: required.includes(key), defaultValue: p.default, choices: [] as Choice[] };
    if (p.type === 'array') {
      const items = isObj(p.items) ? p.items : {};
      fields.push({ ...base, kind: 'checkboxes', choices: choicesOf(items) });
    } else if (p.type === 'boolean') fields.push({ ...base, kind: 'boolean' });
    else if (p.type === 'number' || p.type === 'integer') fields.push({ ...base, kind: p.type });
    else {
      const choices = choicesOf(p);
      fields.push({ ...base, kind: choices.length ? 'radio' : 'text', choices });
    }
  }
  return fields;
}

function choicesOf(p: Record<string, unknown>): Choice[] {
  const list = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : undefined;
  if (list) {
    return list.filter(isObj).filter((c) => typeof c.const === 'string').map((c) => ({ value: c.const as string, title: str(c.title) ?? (c.const as string), description: str(c.description) }));
  }
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    return p.enum.filter((v): v is string => typeof v === 'string').map((v, i) => ({ value: v, title: typeof names[i] === 'string' ? names[i] : v }));
  }
  return [];
}

function renderField(f: Field, id: string): HTMLElement {
  const desc = f.description ? h('div', { class: 'field-desc', id: `${id}-desc` }, f.description) : null;
  const describedBy = f.description ? `${id}-desc` : undefined;
  const label = `${f.title}${f.required ? ' *' : ''}`;
  switch (f.kind) {
    case 'radio':
    case 'checkboxes': {
      const type = f.kind === 'radio' ? 'radio' : 'checkbox';
      const defaults = Array.isArray(f.defaultValue) ? f.defaultValue : [f.defaultValue];
      return h(
        'fieldset',
        { class: 'field', 'data-field': f.key, 'aria-describedby': describedBy },
        h('legend', {}, label),
        desc,
        ...f.choices.map((c) =>
          h('label', { class: 'choice', title: c.description ?? undefined }, h('input', { type, name: `${id}-${f.key}`, value: c.value, checked: defaults.includes(c.value) }), c.title, c.description ? h('span', { class: 'choice-desc' }, ` — ${c.description}`) : null),
        ),
      );
    }
    case 'boolean':
      return h('div', { class: 'field', 'data-field': f.key }, h('label', {}, h('input', { type: 'checkbox', name: `${id}-${f.key}`, checked: f.defaultValue === true, 'aria-describedby': describedBy }), label), desc);
    default: {
      const input = h('input', {
        type: f.kind === 'text' ? 'text' : 'number',
        step: f.kind === 'integer' ? 1 : 'any',
        name: `${id}-${f.key}`,
        id: `${id}-input`,
        'aria-describedby': describedBy,
        value: typeof f.defaultValue === 'string' || typeof f.defaultValue === 'number' ? String(f.defaultValue) : undefined,
      });
      return h('div', { class: 'field', 'data-field': f.key }, h('label', { for: `${id}-input` }, label), desc, input);
    }
  }
}

/** Reads the form into elicitation content, or returns an error message for a missing required answer. */
function collect(form: HTMLFormElement, fields: Field[]): Record<string, Value> | string {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    const scope = Array.from(form.querySelectorAll<HTMLElement>('[data-field]')).find((el) => el.dataset.field === f.key);
    if (!scope) continue;
    const inputs = Array.from(scope.querySelectorAll('input'));
    let v: Value | undefined;
    if (f.kind === 'radio') v = inputs.find((i) => i.checked)?.value;
    else if (f.kind === 'checkboxes') v = inputs.filter((i) => i.checked).map((i) => i.value);
    else if (f.kind === 'boolean') v = inputs[0]?.checked ?? false;
    else {
      const raw = inputs[0]?.value.trim() ?? '';
      if (raw !== '') {
        if (f.kind === 'text') v = raw;
        else {
          const n = Number(raw);
          if (!Number.isFinite(n) || (f.kind === 'integer' && !Number.isInteger(n))) return `${f.title}: enter a ${f.kind === 'integer' ? 'whole number' : 'number'}`;
          v = n;
        }
      }
    }
    if (v === undefined || (Array.isArray(v) && v.length === 0 && f.required)) {
      if (f.required) return `${f.title} needs an answer`;
      continue;
    }
    out[f.key] = v;
  }
  return out;
}

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
function str(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined;
}

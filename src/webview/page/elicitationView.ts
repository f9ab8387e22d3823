// Pending form elicitations (e.g. AskUserQuestion) as forms: radios for single choices, checkboxes for multi-select,
// text/number inputs, a checkbox for booleans; Submit / Decline / Cancel post the answer. The host sends the form
// already parsed (elicitationForm.ts) and checks the answer with the same `checkFieldAnswer`, so the chat accepts
// exactly what the host accepts.
import type { ElicitationContentValue } from '@agentclientprotocol/sdk';
import { buildElicitationContent, checkFieldAnswer, type ElicitationContent, type ElicitationForm, type FormField } from '../protocol/protocol';
import type { ElicitationView, WebviewToHost } from '../protocol/protocol';
import { button, h, setChildren } from './dom';
import { l10n } from './l10n';

let formCounter = 0;

export class ElicitationsView {
  readonly node = h('section', { class: 'elicitations', 'aria-label': l10n.t('Questions from the agent'), 'data-testid': 'elicitations' });
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
    const id = `elic-${++formCounter}`;
    // novalidate: the shared checks below word every problem, instead of the browser blocking Submit on its own.
    const form = h('form', { class: 'elicitation', 'data-testid': 'elicitation', 'data-key': e.key, 'aria-labelledby': `${id}-msg`, novalidate: true });
    const error = h('div', { class: 'elicitation-error', role: 'alert' });
    const fields = e.form.ok ? e.form.form.fields : [];
    form.append(h('div', { class: 'elicitation-message', id: `${id}-msg` }, e.message), ...fields.map((f, i) => renderField(f, `${id}-${i}`)), error);
    // A form this client cannot show can still be declined or cancelled, never accepted.
    if (!e.form.ok) error.textContent = e.form.error;
    const submit = e.form.ok ? h('button', { type: 'submit', class: 'primary', 'data-testid': 'elicitation-submit' }, l10n.t('Submit')) : null;
    const decline = button(l10n.t('Decline'), { 'data-testid': 'elicitation-decline' });
    const cancel = button(l10n.t('Cancel'), { 'data-testid': 'elicitation-cancel' });
    form.append(h('div', { class: 'elicitation-actions' }, submit, decline, cancel));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      if (!e.form.ok) return;
      const r = collect(form, e.form.form);
      if (typeof r === 'string') {
        error.textContent = r;
        return;
      }
      this.post({ type: 'answerElicitation', key: e.key, action: 'accept', content: r });
    });
    decline.addEventListener('click', () => this.post({ type: 'answerElicitation', key: e.key, action: 'decline' }));
    cancel.addEventListener('click', () => this.post({ type: 'answerElicitation', key: e.key, action: 'cancel' }));
    return form;
  }
}

function renderField(f: FormField, id: string): HTMLElement {
  const desc = f.description ? h('div', { class: 'field-desc', id: `${id}-desc` }, f.description) : null;
  const describedBy = f.description ? `${id}-desc` : undefined;
  const label = `${f.title}${f.required ? ' *' : ''}`;
  switch (f.type) {
    case 'single':
    case 'multi': {
      const type = f.type === 'single' ? 'radio' : 'checkbox';
      const defaults: (string | undefined)[] = Array.isArray(f.default) ? f.default : [f.default];
      return h(
        'fieldset',
        { class: 'field', 'data-field': f.key, 'aria-describedby': describedBy },
        h('legend', {}, label),
        desc,
        ...f.options.map((c) =>
          h(
            'label',
            { class: 'choice', title: c.description ?? undefined },
            h('input', { type, name: `${id}-${f.key}`, value: c.value, checked: defaults.includes(c.value) }),
            c.label,
            c.description ? h('span', { class: 'choice-desc' }, ` — ${c.description}`) : null,
          ),
        ),
      );
    }
    case 'boolean':
      return h(
        'div',
        { class: 'field', 'data-field': f.key },
        h('label', {}, h('input', { type: 'checkbox', name: `${id}-${f.key}`, checked: f.default === true, 'aria-describedby': describedBy }), label),
        desc,
      );
    case 'text':
    case 'number': {
      const input = h('input', {
        type: f.type === 'text' ? 'text' : 'number',
        step: f.type === 'number' && f.integer ? 1 : 'any',
        min: f.type === 'number' ? f.minimum : undefined,
        max: f.type === 'number' ? f.maximum : undefined,
        name: `${id}-${f.key}`,
        id: `${id}-input`,
        'aria-describedby': describedBy,
        value: f.default !== undefined ? String(f.default) : undefined,
      });
      return h('div', { class: 'field', 'data-field': f.key }, h('label', { for: `${id}-input` }, label), desc, input);
    }
  }
}

/** What the user entered for one field, in the shape `checkFieldAnswer` takes. */
function rawInput(form: HTMLFormElement, f: FormField): string | string[] | boolean | undefined {
  const scope = Array.from(form.querySelectorAll<HTMLElement>('[data-field]')).find((el) => el.dataset.field === f.key);
  const inputs = Array.from(scope?.querySelectorAll('input') ?? []);
  switch (f.type) {
    case 'single':
      return inputs.find((i) => i.checked)?.value;
    case 'multi':
      return inputs.filter((i) => i.checked).map((i) => i.value);
    case 'boolean':
      return inputs[0]?.checked ?? false;
    case 'text':
    case 'number':
      return inputs[0]?.value;
  }
}

/** Reads the form into elicitation content, or returns what is wrong with the first field that fails its check. */
function collect(form: HTMLFormElement, parsed: ElicitationForm): ElicitationContent | string {
  const values = new Map<string, ElicitationContentValue | undefined>();
  for (const f of parsed.fields) {
    const check = checkFieldAnswer(f, rawInput(form, f));
    if (!check.ok) return l10n.t('{0}: {1}', f.title, check.message);
    values.set(f.key, check.value);
  }
  return buildElicitationContent(parsed, values);
}

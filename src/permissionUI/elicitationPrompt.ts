// The step flow for a form elicitation (Claude's AskUserQuestion): one QuickPick or InputBox per field, then a
// review step with Submit / Decline. Esc on any step dismisses (the request stays pending); the title-bar
// "Decline" button or the review's Decline item answers `decline`.
import type { ElicitationContentValue } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import { escapeCodicons, forQuickInputMessage } from '../acpClient/displayText';
import { buildElicitationContent, checkFieldAnswer, fieldPrompt, type FormField } from './elicitationForm';
import type { ElicitationPrompt } from './permissionBroker';
import type { OpenPrompt, PromptActions } from './promptSurface';

const HIDDEN = Symbol('hidden');
const DECLINE = Symbol('decline');
type StepEnd = typeof HIDDEN | typeof DECLINE;

type ChoiceItem = vscode.QuickPickItem & { value?: string | boolean; skip?: true; decline?: true; submit?: true };

const declineButton: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('close'),
  get tooltip() {
    return vscode.l10n.t('Decline (answer nothing)');
  },
};

export function openElicitationFlow(prompt: ElicitationPrompt, actions: PromptActions): OpenPrompt {
  let ended = false;
  let current: vscode.QuickInput | undefined;

  /** Show one step; resolves with its value, or HIDDEN (Esc / closed) or DECLINE. */
  const step = <T>(input: vscode.QuickPick<ChoiceItem> | vscode.InputBox, onAccept: (done: (v: T | StepEnd) => void) => void): Promise<T | StepEnd> =>
    new Promise((resolve) => {
      let settled = false;
      const done = (v: T | StepEnd) => {
        if (settled) return;
        settled = true;
        resolve(v);
        input.dispose();
      };
      current = input;
      input.ignoreFocusOut = true;
      input.buttons = [declineButton];
      input.onDidTriggerButton(() => done(DECLINE));
      input.onDidHide(() => done(HIDDEN));
      onAccept(done);
      if ('onDidChangeActive' in input) input.onDidChangeActive(() => actions.viewChanged());
      input.show();
      actions.viewChanged();
    });

  const title = (index: number, total: number) => ({
    title: prompt.form.ok ? prompt.form.form.message : vscode.l10n.t('Question from the agent'),
    step: index + 1,
    totalSteps: total,
  });

  const askField = (field: FormField, index: number, total: number): Promise<ElicitationContentValue | undefined | StepEnd> => {
    if (field.type === 'text' || field.type === 'number') {
      const box = vscode.window.createInputBox();
      Object.assign(box, title(index, total));
      box.prompt = forQuickInputMessage(fieldPrompt(field));
      box.placeholder = field.required ? '' : vscode.l10n.t('(optional) press Enter to skip');
      box.value = field.default !== undefined ? String(field.default) : '';
      box.onDidChangeValue((v) => {
        const check = checkFieldAnswer(field, v);
        box.validationMessage = check.ok ? undefined : forQuickInputMessage(check.message);
      });
      return step<ElicitationContentValue | undefined>(box, (done) =>
        box.onDidAccept(() => {
          const check = checkFieldAnswer(field, box.value);
          if (check.ok) done(check.value);
          else box.validationMessage = forQuickInputMessage(check.message);
        }),
      );
    }
    const qp = vscode.window.createQuickPick<ChoiceItem>();
    Object.assign(qp, title(index, total));
    qp.placeholder = fieldPrompt(field);
    const items: ChoiceItem[] =
      field.type === 'boolean'
        ? [
            { label: vscode.l10n.t('Yes'), value: true },
            { label: vscode.l10n.t('No'), value: false },
          ]
        : field.options.map((o) => ({
            label: escapeCodicons(o.label),
            description: o.description ? escapeCodicons(o.description) : undefined,
            value: o.value,
          }));
    if (field.type === 'multi') {
      qp.canSelectMany = true;
      qp.items = items;
      qp.selectedItems = items.filter((i) => typeof i.value === 'string' && field.default?.includes(i.value));
      return step(qp, (done) =>
        qp.onDidAccept(() => {
          const check = checkFieldAnswer(
            field,
            qp.selectedItems.map((i) => String(i.value)),
          );
          if (check.ok) done(check.value);
          else qp.placeholder = check.message;
        }),
      );
    }
    const extra: ChoiceItem[] = field.required ? [] : [{ label: vscode.l10n.t('$(debug-step-over) Skip this question'), skip: true }];
    qp.items = [
      ...items,
      ...extra,
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: vscode.l10n.t('$(close) Decline (answer nothing)'), decline: true },
    ];
    const preset = items.find((i) => i.value === field.default);
    if (preset) qp.activeItems = [preset];
    return step(qp, (done) =>
      qp.onDidAccept(() => {
        const item = qp.selectedItems[0] ?? qp.activeItems[0];
        if (!item) return;
        if (item.decline) return done(DECLINE);
        if (item.skip) return done(undefined);
        const check = checkFieldAnswer(field, item.value as string | boolean);
        if (check.ok) done(check.value);
      }),
    );
  };

  const review = (summary: string, total: number, canSubmit: boolean): Promise<'submit' | StepEnd> => {
    const qp = vscode.window.createQuickPick<ChoiceItem>();
    Object.assign(qp, title(total - 1, total));
    qp.placeholder = summary;
    qp.items = [
      ...(canSubmit ? [{ label: vscode.l10n.t('$(check) Submit answers'), submit: true as const }] : []),
      { label: vscode.l10n.t('$(close) Decline (answer nothing)'), decline: true },
    ];
    return step<'submit'>(qp, (done) =>
      qp.onDidAccept(() => {
        const item = qp.selectedItems[0] ?? qp.activeItems[0];
        if (item?.submit) done('submit');
        else if (item?.decline) done(DECLINE);
      }),
    );
  };

  const run = async () => {
    const form = prompt.form;
    if (!form.ok) {
      const end = await review(`This question cannot be shown here: ${form.error}`, 1, false);
      if (end === DECLINE) actions.answerElicitation(prompt.key, { action: 'decline' });
      else if (!ended) actions.dismiss(prompt.key);
      return;
    }
    const fields = form.form.fields;
    const total = fields.length + 1;
    const values = new Map<string, ElicitationContentValue | undefined>();
    for (const [index, field] of fields.entries()) {
      const value = await askField(field, index, total);
      if (ended) return;
      if (value === HIDDEN) return actions.dismiss(prompt.key);
      if (value === DECLINE) return void actions.answerElicitation(prompt.key, { action: 'decline' });
      values.set(field.key, value);
    }
    const summary = fields.map((f) => `${f.title}: ${formatValue(values.get(f.key))}`).join(' · ') || form.form.message;
    const end = await review(summary, total, true);
    if (ended) return;
    if (end === HIDDEN) return actions.dismiss(prompt.key);
    if (end === DECLINE) return void actions.answerElicitation(prompt.key, { action: 'decline' });
    actions.answerElicitation(prompt.key, { action: 'accept', content: buildElicitationContent(form.form, values) });
  };
  void run();

  return {
    key: prompt.key,
    view() {
      const qp = current && 'items' in current ? (current as vscode.QuickPick<ChoiceItem>) : undefined;
      const items = qp ? qp.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator) : [];
      const active = qp?.activeItems[0];
      return {
        key: prompt.key,
        surface: 'elicitation',
        title: current?.title ?? '',
        items: items.map((i) => i.label),
        activeIndex: active ? items.indexOf(active) : -1,
      };
    },
    close() {
      ended = true;
      current?.hide();
    },
    focus() {
      if (!ended) current?.show();
    },
  };
}

function formatValue(value: ElicitationContentValue | undefined): string {
  if (value === undefined) return '(skipped)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
}

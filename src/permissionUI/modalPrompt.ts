// The modal surface: a warning dialog asking the approval's question, with the options as buttons and, as detail, what
// it is about in whole (command, path, URL), the diff summary, and what VS Code's own Cancel button does (it closes
// the dialog; the request keeps waiting). "Show Details…" opens the plan, diff and locations, then shows the dialog
// again. A modal cannot be closed from code, so when the request ends elsewhere its answer arrives late and the broker
// discards it.
import * as vscode from 'vscode';
import type { PermissionPrompt } from './permissionBroker';
import { APPROVAL, askedQuestion, buildModalDetail } from './permissionPresentation';
import type { OpenPrompt, PromptActions } from './promptSurface';

interface Button extends vscode.MessageItem {
  optionId?: string;
}

/** Run the modal until answered, dismissed or the request ended; `onDone` fires once when the dialog is gone. */
export function openPermissionModal(prompt: PermissionPrompt, actions: PromptActions, onDone: () => void): OpenPrompt {
  let ended = false;
  const p = prompt.presentation;
  // On most platforms the first button is the default (Enter): lead with the default option.
  const defaultFirst = [...p.options].sort((a, b) => Number(b.optionId === p.defaultOptionId) - Number(a.optionId === p.defaultOptionId));
  const buttons: Button[] = defaultFirst.map((o) => ({ title: o.label, optionId: o.optionId }));
  const hasDetails = Boolean(p.plan || p.diffs.length || p.locations.some((l) => !l.invalid));
  const details: Button = { title: APPROVAL.showDetails };
  if (hasDetails) buttons.push(details);

  const run = async () => {
    for (;;) {
      // No button is a close affordance: Esc/Cancel must not pick an option (the detail says so).
      const choice = await vscode.window.showWarningMessage(askedQuestion(p), { modal: true, detail: buildModalDetail(p) }, ...buttons);
      if (choice === details) {
        if (ended) return;
        await showDetails(prompt, actions);
        if (ended) return;
        continue;
      }
      if (choice?.optionId !== undefined) {
        // After the request ended this is a late answer; the broker discards it (the core records "expired").
        if (actions.answer(prompt.key, choice.optionId) || ended) return;
        continue; // refused: ask again
      }
      if (!ended) actions.dismiss(prompt.key);
      return;
    }
  };
  run()
    .catch(() => undefined) // showWarningMessage does not reject; nothing else here throws
    .finally(onDone);

  return {
    key: prompt.key,
    view: () => ({ key: prompt.key, surface: 'modal', title: askedQuestion(p), items: buttons.map((b) => b.title), activeIndex: 0 }),
    close() {
      ended = true;
    },
    focus() {
      // A modal is already in front of everything.
    },
  };
}

async function showDetails(prompt: PermissionPrompt, actions: PromptActions): Promise<void> {
  const p = prompt.presentation;
  if (p.plan) await actions.showPlan(prompt);
  if (p.diffs.length) await actions.showDiffs(prompt);
  else {
    const first = p.locations.find((l) => !l.invalid);
    if (first) await actions.openLocation(first);
  }
}

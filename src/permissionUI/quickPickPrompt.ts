// The QuickPick surface for one permission request, headed by its question: one item per option (codicon by kind) in
// the approval order, the broader answers under their own heading, and, under "More about this request", items that
// act without answering (the plan, the changes, each location, Answer later), laid out by approvalPickLayout.ts.
// Hiding it does not answer the request. The pick is borrowed from the slot (quickPickSlot.ts), so a request that
// follows an answer refills the one on screen.
import * as vscode from 'vscode';
import { escapeCodicons } from '../acpClient/displayText';
import type { PermissionPrompt } from './permissionBroker';
import { APPROVAL, buildPromptHeading, type PresentedLocation } from './permissionPresentation';
import { layOutApprovalPick } from './approvalPickLayout';
import type { OpenPrompt, PromptActions } from './promptSurface';
import type { QuickPickSlot } from './quickPickSlot';

export type PermissionPickItem = vscode.QuickPickItem &
  (
    | { action: 'option'; optionId: string }
    | { action: 'plan' }
    | { action: 'diff' }
    | { action: 'open'; location: PresentedLocation }
    | { action: 'later' }
    | { action: 'none' }
  );
type Item = PermissionPickItem;

export function openPermissionQuickPick(prompt: PermissionPrompt, actions: PromptActions, slot: QuickPickSlot<Item>): OpenPrompt {
  const p = prompt.presentation;
  const lease = slot.take();
  const qp = lease.pick;
  let ended = false;
  let heldBack = 0;

  const optionItem = (o: (typeof p.options)[number]): Item => ({ label: `$(${o.icon}) ${escapeCodicons(o.label)}`, action: 'option', optionId: o.optionId });
  const detailItems: Item[] = [];
  if (p.plan) detailItems.push({ label: `$(book) ${APPROVAL.showPlan}`, action: 'plan' });
  if (p.diffs.length) detailItems.push({ label: `$(diff) ${APPROVAL.showChanges}`, action: 'diff' });
  for (const location of p.locations) {
    detailItems.push({
      label: `$(go-to-file) ${APPROVAL.openLocation(escapeCodicons(location.label))}`,
      description: location.invalid,
      action: 'open',
      location,
    });
  }
  const heading = (label: string): Item => ({ label, kind: vscode.QuickPickItemKind.Separator, action: 'none' });
  const items: Item[] = layOutApprovalPick(p.options, p.defaultOptionId, detailItems.length > 0).flatMap((row) => {
    switch (row.row) {
      case 'option':
        return [optionItem(row.option)];
      case 'heading':
        return [heading(row.heading === 'broader' ? APPROVAL.broaderAnswers : APPROVAL.moreAbout)];
      case 'details':
        return detailItems;
      case 'later':
        return [{ label: `$(clock) ${APPROVAL.answerLater}`, action: 'later' } satisfies Item];
    }
  });
  const optionItems = items.filter((i) => i.action === 'option');
  qp.items = items;
  // The question, then what it is about. The title is plain text (no icon syntax), so a command is shown exactly as sent.
  qp.title = buildPromptHeading(p);
  qp.placeholder = p.description ?? p.summary ?? APPROVAL.pickPlaceholder;
  qp.ignoreFocusOut = true;
  const defaultItem = optionItems.find((i) => i.action === 'option' && i.optionId === p.defaultOptionId);
  const focusDefault = () => {
    if (defaultItem) qp.activeItems = [defaultItem];
  };
  focusDefault();

  const mine = new Set<Item>(items);
  lease.listen(
    qp.onDidAccept(() => {
      if (lease.tooSoon()) {
        heldBack++;
        return focusDefault();
      }
      // Only this prompt's items: the pick showed other requests before this one.
      const item = [qp.selectedItems[0], qp.activeItems[0]].find((i) => i !== undefined && mine.has(i));
      if (!item) return;
      switch (item.action) {
        case 'option':
          // On success the broker settles the request and the controller closes this pick.
          if (!actions.answer(prompt.key, item.optionId)) focusDefault();
          return;
        case 'plan':
          void actions.showPlan(prompt).finally(focusDefault);
          return;
        case 'diff':
          void actions.showDiffs(prompt).finally(focusDefault);
          return;
        case 'open':
          void actions.openLocation(item.location).finally(focusDefault);
          return;
        case 'later':
          // Hidden by the user's choice: the slot reports it as a dismissal, and the request waits in the chat.
          qp.hide();
          return;
        case 'none':
          return;
      }
    }),
  );
  lease.onHidden = () => {
    if (!ended) {
      ended = true;
      actions.dismiss(prompt.key);
    }
  };
  lease.listen(qp.onDidChangeActive(() => actions.viewChanged()));
  qp.show();

  return {
    key: prompt.key,
    view() {
      const items = qp.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator);
      const active = qp.activeItems[0];
      return {
        key: prompt.key,
        surface: 'quickPick',
        title: qp.title ?? '',
        items: items.map((i) => i.label),
        activeIndex: active ? items.indexOf(active) : -1,
        acceptsAnswer: !lease.tooSoon(),
        heldBack,
      };
    },
    close() {
      ended = true;
      slot.release(lease);
    },
    focus() {
      if (!ended) qp.show();
    },
  };
}

// The rows of an approval's QuickPick: the answers in the approval order (approvalOrder.ts), the broader ones under
// their own heading, and the rows that act without answering (the plan, the changes, each file, "Answer later").
// Arrow keys move one row and wrap from the first to the last, so the sections are placed where neither key takes the
// focus from the default answer to a broader one: a lasting rule is never ↓ Enter or ↑ Enter away. Pure: no `vscode`.
import { inApprovalOrder, isBroaderAnswer } from './approvalOrder';

export type PickRow<O> =
  | { row: 'option'; option: O }
  /** A separator: the broader answers, or the rows about the request. */
  | { row: 'heading'; heading: 'broader' | 'more' }
  /** The request's details (plan, changes, locations), in the caller's order. */
  | { row: 'details' }
  /** Closes the pick; the request keeps waiting in the chat. */
  | { row: 'later' };

type Kinded = { optionId: string; kind: string };

/** The rows for `options` (any order), focusing `defaultOptionId`; `hasDetails` says whether a details row has items. */
export function layOutApprovalPick<O extends Kinded>(options: readonly O[], defaultOptionId: string | undefined, hasDetails: boolean): PickRow<O>[] {
  const ordered = inApprovalOrder(options);
  const once = ordered.filter((o) => !isBroaderAnswer(o.kind)).map((option) => ({ row: 'option', option }) as const);
  const broaderOptions = ordered.filter((o) => isBroaderAnswer(o.kind)).map((option) => ({ row: 'option', option }) as const);
  const broader: PickRow<O>[] = broaderOptions.length ? [{ row: 'heading', heading: 'broader' }, ...broaderOptions] : [];
  const details: PickRow<O>[] = hasDetails ? [{ row: 'details' }] : [];
  const more: PickRow<O>[] = [{ row: 'heading', heading: 'more' }, ...details, { row: 'later' }];
  const candidates: PickRow<O>[][] = [
    [...once, ...broader, ...more],
    [...once, ...more, ...broader],
    [...once, { row: 'heading', heading: 'more' }, ...details, ...broader, { row: 'later' }],
  ];
  return candidates.find((rows) => !broaderNextToDefault(rows, defaultOptionId)) ?? candidates[1]!;
}

/** Whether ↑ or ↓ (wrapping, over the rows that take the focus) moves from the default answer onto a broader one. */
export function broaderNextToDefault<O extends Kinded>(rows: readonly PickRow<O>[], defaultOptionId: string | undefined): boolean {
  // A details row stands for at least one focusable item; headings take no focus.
  const focusable = rows.filter((r) => r.row !== 'heading');
  const at = focusable.findIndex((r) => r.row === 'option' && r.option.optionId === defaultOptionId);
  if (at < 0 || focusable.length < 2) return false;
  const neighbours = [focusable[(at + 1) % focusable.length]!, focusable[(at - 1 + focusable.length) % focusable.length]!];
  return neighbours.some((r) => r.row === 'option' && isBroaderAnswer(r.option.kind));
}

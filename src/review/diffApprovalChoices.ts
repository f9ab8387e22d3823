// What a diff opened for an approval answers from its title bar (Allow, Allow Always, Deny): the option each action
// picks, by kind, and what the context keys say for the diff tab on screen. Pure: no `vscode`.

/** Each title-bar answer and the one option kind it answers with. */
export const DIFF_ANSWER_KIND = { allow: 'allow_once', allowAlways: 'allow_always', deny: 'reject_once' } as const;
export type DiffAnswer = keyof typeof DIFF_ANSWER_KIND;

/** The context keys the manifest's menus and key bindings read. */
export const DIFF_APPROVAL_CONTEXT = { approval: 'acpChat.diffApproval', always: 'acpChat.diffApprovalAlways' } as const;
export type DiffApprovalContext = Record<(typeof DIFF_APPROVAL_CONTEXT)[keyof typeof DIFF_APPROVAL_CONTEXT], boolean>;

/** The option id each answer picks. */
export type DiffChoices = Partial<Record<DiffAnswer, string>>;

/** A diff opened for an approval: the approval's key and what its title bar answers with. */
export interface DiffApprovalTarget {
  readonly key: string;
  readonly choices: DiffChoices;
}

/**
 * The option each answer picks: the request's one option of that kind. None when it offers none, or several (two
 * "always" options differ in scope, and a title-bar button could not say which it gives).
 */
export function buildDiffChoices(options: readonly { optionId: string; kind: string }[]): DiffChoices {
  const choices: DiffChoices = {};
  for (const answer of Object.keys(DIFF_ANSWER_KIND) as DiffAnswer[]) {
    const ofKind = options.filter((o) => o.kind === DIFF_ANSWER_KIND[answer]);
    if (ofKind.length === 1) choices[answer] = ofKind[0]!.optionId;
  }
  return choices;
}

/** The pending approval a diff answers: the first of its sides (as URI strings) that was opened for one still pending. */
export function approvalOfDiff(
  sides: readonly string[],
  openedFor: ReadonlyMap<string, DiffApprovalTarget>,
  isPending: (key: string) => boolean,
): DiffApprovalTarget | undefined {
  for (const side of sides) {
    const target = openedFor.get(side);
    if (target && isPending(target.key)) return target;
  }
  return undefined;
}

/**
 * The context keys for the diff on screen. The actions show only as a pair, Allow and Deny (a diff offering one of
 * them alone would be a question with one answer); Allow Always joins them when the request offers it.
 */
export function buildDiffApprovalContext(target: DiffApprovalTarget | undefined): DiffApprovalContext {
  const approval = target?.choices.allow !== undefined && target.choices.deny !== undefined;
  return {
    [DIFF_APPROVAL_CONTEXT.approval]: approval,
    [DIFF_APPROVAL_CONTEXT.always]: approval && target?.choices.allowAlways !== undefined,
  } as DiffApprovalContext;
}

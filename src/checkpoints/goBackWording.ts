// The words of going back to before a prompt: the Go Back picker and the restore's question, what a code restore (or
// its undo) did, and a conversation that went on in a new session. Beside the checkpoints they word.
import { l10n } from '../contributions/l10n';
import type { UserError } from '../feedback/userErrors';

/** The words of going back to before a prompt (the Go Back picker, the restore's question). */
export const GO_BACK = {
  get title() {
    return l10n.t('Rewind to Before This Prompt');
  },
  get placeholder() {
    return l10n.t('Rewind the code, the chat, or both');
  },
  get placeholderNoCode() {
    return l10n.t('No file changes are recorded from this prompt on: the chat can be rewound');
  },
  get restoreCode() {
    return l10n.t('Rewind the code to before this prompt');
  },
  get restoreCodeDetail() {
    return l10n.t('Put back every file this turn and the later ones changed (a preview first); files changed since are left alone');
  },
  get rewind() {
    return l10n.t('Rewind the chat to here');
  },
  get rewindDetail() {
    return l10n.t('Continue from just before this message, which goes back in the composer; this chat as it is stays in the history');
  },
  get both() {
    return l10n.t('Both');
  },
  get bothDetail() {
    return l10n.t('Rewind the code, then the chat');
  },
  get restoreButton() {
    return l10n.t('Rewind');
  },
  /** The question names what happens to the files: deleted (this prompt or a later one created them), or restored. */
  confirmRestore: ({ deleting, restoring }: { deleting: number; restoring: number }) => {
    const s = (n: number) => (n === 1 ? '' : 's');
    if (deleting && restoring)
      return l10n.t('Delete {0} file{1} created since this prompt and put back {2}? The diff shows what changes.', deleting, s(deleting), restoring);
    if (deleting) return l10n.t('Delete {0} file{1} created since this prompt? The diff shows what changes.', deleting, s(deleting));
    return l10n.t(
      'Put back {0} file{1} as {2} before this prompt? The diff shows what changes.',
      restoring,
      s(restoring),
      restoring === 1 ? 'it was' : 'they were',
    );
  },
  /** Beside a file's name in the restore's preview, when the restore deletes it. */
  get willBeDeleted() {
    return l10n.t('(will be deleted)');
  },
} as const;

export const noRestoreToUndo = (): string => l10n.t('There is no rewind to undo in this chat.');

/** What a code restore did, checked on disk; `label` names a file for the user. */
export function describeRestore(
  outcome: { restored: readonly string[]; unchanged: readonly string[]; refused: readonly { path: string; reason: string }[]; unverified: readonly string[] },
  label: (path: string) => string,
  what: 'restore' | 'undo' = 'restore',
): UserError {
  const list = (paths: readonly string[]) => paths.map(label).join(', ');
  const parts: string[] = [];
  const n = outcome.restored.length;
  const files = l10n.t('{0} file{1}', n, n === 1 ? '' : 's');
  if (n)
    parts.push(
      what === 'restore'
        ? l10n.t('Rewound {0} to before the prompt: {1}.', files, list(outcome.restored))
        : l10n.t('Put back {0} as the agent left them: {1}.', files, list(outcome.restored)),
    );
  else parts.push(what === 'restore' ? l10n.t('No file was rewound.') : l10n.t('No file was put back.'));
  if (outcome.unchanged.length) parts.push(l10n.t('Already as before: {0}.', list(outcome.unchanged)));
  if (outcome.refused.length) parts.push(l10n.t('Left alone: {0}.', outcome.refused.map((r) => `${label(r.path)} (${r.reason})`).join('; ')));
  if (outcome.unverified.length) parts.push(l10n.t('Changed again right after the rewind: {0}.', list(outcome.unverified)));
  const clean = !outcome.refused.length && !outcome.unverified.length;
  return { message: parts.join(' '), severity: clean ? 'info' : 'warning', actions: n && what === 'restore' ? ['undoRestore'] : [] };
}

/** Edit or rewind went on in another conversation than the user may expect: said, with why. */
export function describeGoBack(
  what: 'edit' | 'rewind',
  outcome: { kind: 'forked' } | { kind: 'new'; reason: 'first-prompt' | 'cannot-fork' },
): UserError | undefined {
  if (outcome.kind === 'forked') return undefined;
  const verb = what === 'edit' ? l10n.t('Your edited prompt went to a new chat') : l10n.t('A new chat starts here');
  const why = outcome.reason === 'first-prompt' ? l10n.t('nothing came before that prompt') : l10n.t('this agent cannot continue from an earlier message');
  return { message: l10n.t('{0}: {1}. The earlier chat is in the history.', verb, why), severity: 'info', actions: [] };
}

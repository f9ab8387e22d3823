// The words of going back to before a prompt: the Go Back picker and the restore's question, what a code restore (or
// its undo) did, and a conversation that went on in a new session. Beside the checkpoints they word.
import { l10n } from '../contributions/l10n';
import type { UserError } from '../feedback/userErrors';

/** The words of going back to before a prompt (the Go Back picker, the restore's question). */
export const GO_BACK = {
  get title() {
    return l10n.t('Go Back to Before This Prompt');
  },
  get placeholder() {
    return l10n.t('Restore the code, rewind the conversation, or both');
  },
  get placeholderNoCode() {
    return l10n.t('No file changes are recorded from this prompt on: the conversation can be rewound');
  },
  get restoreCode() {
    return l10n.t('Restore code to before this prompt');
  },
  get restoreCodeDetail() {
    return l10n.t('Put back every file this turn and the later ones changed (a preview first); files changed since are left alone');
  },
  get rewind() {
    return l10n.t('Rewind the conversation to here');
  },
  get rewindDetail() {
    return l10n.t('Continue from just before this message, which goes back in the composer; this conversation stays in the history');
  },
  both: 'Both',
  get bothDetail() {
    return l10n.t('Restore the code, then rewind the conversation');
  },
  restoreButton: 'Restore',
  confirmRestore: (n: number) =>
    l10n.t('Restore {0} file{1} to as {2} before this prompt? The diff shows what changes.', n, n === 1 ? '' : 's', n === 1 ? 'it was' : 'they were'),
} as const;

export const noRestoreToUndo = (): string => l10n.t('There is no code restore to undo in this chat.');

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
        ? l10n.t('Restored {0} to before the prompt: {1}.', files, list(outcome.restored))
        : l10n.t('Put back {0} as the agent left them: {1}.', files, list(outcome.restored)),
    );
  else parts.push(what === 'restore' ? l10n.t('No file was restored.') : l10n.t('No file was put back.'));
  if (outcome.unchanged.length) parts.push(l10n.t('Already as before: {0}.', list(outcome.unchanged)));
  if (outcome.refused.length) parts.push(l10n.t('Left alone: {0}.', outcome.refused.map((r) => `${label(r.path)} (${r.reason})`).join('; ')));
  if (outcome.unverified.length) parts.push(l10n.t('Changed again right after the restore: {0}.', list(outcome.unverified)));
  const clean = !outcome.refused.length && !outcome.unverified.length;
  return { message: parts.join(' '), severity: clean ? 'info' : 'warning', actions: n && what === 'restore' ? ['undoRestore'] : [] };
}

/** Edit or rewind went on in another conversation than the user may expect: said, with why. */
export function describeGoBack(
  what: 'edit' | 'rewind',
  outcome: { kind: 'forked' } | { kind: 'new'; reason: 'first-prompt' | 'cannot-fork' },
): UserError | undefined {
  if (outcome.kind === 'forked') return undefined;
  const verb = what === 'edit' ? l10n.t('Your edited prompt went to a new conversation') : l10n.t('A new conversation starts here');
  const why = outcome.reason === 'first-prompt' ? l10n.t('nothing came before that prompt') : l10n.t('this agent cannot continue from an earlier message');
  return { message: l10n.t('{0}: {1}. The earlier conversation is in the history.', verb, why), severity: 'info', actions: [] };
}

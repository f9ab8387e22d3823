// The words of the agent's changes under review: the editor's lenses and notices, a diff's approval answered from the
// chat, and a turn's files a revert left alone. Beside the review they word, in the folder that uses them.
import { basename } from 'node:path';
import { l10n } from '../contributions/l10n';
import type { UserError } from '../feedback/userErrors';

/** Allow, Allow Always or Deny run on a diff that answers no approval with that choice (an ended one is "expired"). */
export const DIFF_NOT_ASKING: UserError = {
  get message() {
    return l10n.t('This diff is not waiting for that answer.');
  },
  severity: 'info',
  actions: [],
};

/** Review Changes… in a chat whose turns changed no file (or whose changes were all undone). */
export const NO_CHANGES_TO_REVIEW: UserError = {
  get message() {
    return l10n.t('This chat has changed no files yet.');
  },
  severity: 'info',
  actions: [],
};

/** The words of the agent's changes under review in the editor. */
export const REVIEW = {
  get keepLens() {
    return l10n.t('$(check) Keep');
  },
  get undoLens() {
    return l10n.t('$(discard) Undo');
  },
  get undoEditedLens() {
    return l10n.t('$(discard) Undo (you changed it)');
  },
  get keepTooltip() {
    return l10n.t('Keep this change as the agent wrote it');
  },
  get undoTooltip() {
    return l10n.t('Put these lines back as they were before the agent changed them');
  },
  get editedByYou() {
    return l10n.t('You changed lines of this change since the agent wrote them: Undo leaves it as it is. Edit it by hand, or Keep it.');
  },
  get gone() {
    return l10n.t('That change is no longer under review.');
  },
  get notApplied() {
    return l10n.t('VS Code did not apply the undo.');
  },
  someEdited: (n: number) =>
    l10n.t(
      '{0} change{1} you edited since the agent wrote {2} left as {3}.',
      n,
      n === 1 ? '' : 's',
      n === 1 ? 'it was' : 'them were',
      n === 1 ? 'it is' : 'they are',
    ),
  /** The removed lines at a line's end: their text (code, not words), then how many more the hover shows. */
  removedInline: (shown: readonly string[], more: number) =>
    more > 0 ? l10n.t('− {0}  (+{1} more removed)', shown.join('  ⏎  '), more) : l10n.t('− {0}', shown.join('  ⏎  ')),
  removedHover: (n: number) => l10n.t('The agent removed {0} line{1} here:', n, n === 1 ? '' : 's'),
} as const;

/** Files a revert refused (changed since the agent wrote them, content before the turn unknown), each with why. */
export function describeRevertRefusals(refused: readonly { path: string; reason: string }[]): UserError | undefined {
  if (!refused.length) return undefined;
  const parts = refused.map((r) => `${basename(r.path)}: ${r.reason}`);
  return { message: l10n.t('Not undone — {0}.', parts.join('; ')), severity: 'warning', actions: [] };
}

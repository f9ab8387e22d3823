// The words of attaching context to a prompt: Add Context's picker and what it attaches, and what a drop (or an `@`
// mention) could not attach. Beside the context they word.
import { l10n } from '../contributions/l10n';

/** The words of Add Context (the composer's attach button). */
export const ADD_CONTEXT = {
  get title() {
    return l10n.t('Add Context');
  },
  get placeholder() {
    return l10n.t('What to attach to the prompt');
  },
  get files() {
    return l10n.t('Files and Folders…');
  },
  get filesDetail() {
    return l10n.t('Files or folders of the workspace: the agent reads them itself');
  },
  get openLabel() {
    return l10n.t('Add to Chat');
  },
  symbol: 'Symbol…',
  get symbolDetail() {
    return l10n.t('A function, class or heading, found by VS Code’s symbol search: its lines are attached');
  },
  get symbolPlaceholder() {
    return l10n.t('Type a symbol’s name');
  },
  problems: 'Problems',
  get problemsDetail() {
    return l10n.t('The errors and warnings VS Code reports in the workspace');
  },
  problemsName: (n: number) => l10n.t('Problems ({0})', n),
  get noProblems() {
    return l10n.t('VS Code reports no problems in the workspace: nothing attached.');
  },
  get terminal() {
    return l10n.t('Terminal Output');
  },
  get terminalDetail() {
    return l10n.t('What the commands in the active terminal printed lately');
  },
  terminalName: (name: string) => l10n.t('Terminal: {0}', name),
  get noTerminal() {
    return l10n.t('No terminal is open: nothing attached.');
  },
  noTerminalOutput: (name: string) =>
    l10n.t('The terminal "{0}" has reported no output yet (VS Code\'s shell integration reports it): nothing attached.', name),
  get changes() {
    return l10n.t('Git Changes');
  },
  get changesDetail() {
    return l10n.t('What differs from the last commit in the workspace’s repositories (git diff HEAD)');
  },
  get changesName() {
    return l10n.t('Git changes');
  },
  get noChanges() {
    return l10n.t('No changes from the last commit (or no git repository): nothing attached.');
  },
} as const;

/** Why something dropped on the chat's composer (or offered by `@`) was not attached. */
export type DropRefusal = 'outside' | 'not-a-file' | 'missing';

// Worded when asked, not while the module loads (the translator is handed over at activation).
const dropWhy = (why: DropRefusal): string =>
  why === 'outside' ? l10n.t('outside the workspace folders') : why === 'missing' ? l10n.t('not found') : l10n.t('not a file or folder on this machine');

/** Dropped files and folders that were not attached: each with why (the first few named), and what can be. */
export function dropNotAttached(refused: readonly { name: string; why: DropRefusal }[]): string {
  const named = refused.slice(0, 3).map((r) => `${r.name} (${dropWhy(r.why)})`);
  const more = refused.length > 3 ? l10n.t(' and {0} more', refused.length - 3) : '';
  return l10n.t('Not added to the chat: {0}{1}. Only files and folders inside the workspace folders can be attached.', named.join(', '), more);
}

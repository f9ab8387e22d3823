// The words of starting Claude Code without the folder's own Claude settings, beside the reading of those settings
// (projectSettings.ts): what that leaves out.
import { l10n } from '../../contributions/l10n';
import { summarizeKinds, type ProjectSetting } from './projectSettings';

/** The agent started without the folder's own Claude settings (the user declined them): what that leaves out. */
export function describeProjectSettingsLeftOut(leftOut: readonly ProjectSetting[]): string {
  const all = [...new Set(leftOut.map((s) => s.file))];
  // Commands, skills and agents can be many files: the first two are named, the rest counted.
  const files =
    all.length <= 2 ? all.join(' and ') : l10n.t('{0} and {1} more file{2}', all.slice(0, 2).join(', '), all.length - 2, all.length === 3 ? '' : 's');
  return l10n.t(
    'Claude Code started without this folder\'s Claude settings ({0}): their {1} do not apply, nor do "always allow" answers kept there. Your own settings do.',
    files,
    summarizeKinds(leftOut),
  );
}

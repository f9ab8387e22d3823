// Add Context's git changes: `git diff HEAD` of the repository a folder is in, through runGit (no shell, no hooks, no
// fsmonitor, no filter drivers), external diff and textconv off too. No `vscode` here.
import { findProgram } from '../acpClient/findProgram';
import { runGit } from '../checkpoints/git';

/** The changes under `folder` against HEAD; '' when there are none or no git is found. Rejects with git's error. */
export async function gitChangesIn(folder: string): Promise<string> {
  const git = findProgram('git', process.env.PATH, [folder]);
  if (!git) return '';
  return runGit(git, folder, ['diff', '--no-ext-diff', '--no-textconv', 'HEAD', '--', '.'], { maxBuffer: 8 * 1024 * 1024 });
}

// The folders the agent works in: the workspace's and the chats' worktrees. A path in them is shown without asking
// (locations, Follow, approvals, the editor's tools). One instance for the window, given to each part that checks.
import type { Disposable } from '../acpClient/events';
import { workspaceFolderPaths } from './locationOpener';

export class AgentFolders {
  private worktrees: () => readonly string[] = () => [];

  /** The worktrees' owner says where they are; disposing the returned value withdraws them. */
  provideWorktrees(roots: () => readonly string[]): Disposable {
    this.worktrees = roots;
    return { dispose: () => (this.worktrees = () => []) };
  }

  paths(): string[] {
    return [...workspaceFolderPaths(), ...this.worktrees()];
  }
}

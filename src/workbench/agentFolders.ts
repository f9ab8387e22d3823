// The folders the agent works in: the workspace's and the chats' worktrees. A path in them is shown without asking
// (locations, Follow, approvals, the editor's tools). One instance for the window, given to each part that checks.
import { workspaceFolderPaths } from './locationOpener';

export class AgentFolders {
  /** `worktrees`: the chats' worktree folders, read at each check (they come and go). */
  constructor(private readonly worktrees: () => readonly string[]) {}

  paths(): string[] {
    return [...workspaceFolderPaths(), ...this.worktrees()];
  }
}

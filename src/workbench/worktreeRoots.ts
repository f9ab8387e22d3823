// The chats' worktrees, as folders the agent works in: like the workspace's folders, one list for the window. The
// worktrees' owner (worktrees/chatWorktrees.ts) sets it; the checks that decide whether a path the agent names is
// shown without asking read it (locationOpener.ts agentFolderPaths).
let roots: readonly string[] = [];

export function setWorktreeRoots(paths: readonly string[]): void {
  roots = [...paths];
}

export function worktreeRoots(): readonly string[] {
  return roots;
}

// The agent connection's state as a chat reports it (the agent host's, or the chat's own start failure); its own module so the webview (no Node) can read it.
export type ChatStatus =
  | { state: 'idle' }
  | { state: 'starting' }
  /**
   * `account`: how the agent says it is signed in (a label such as "Anthropic API key"; never a secret). `signedOut`:
   * the agent says it is not signed in (absent when it says nothing about it).
   */
  | { state: 'ready'; agentName: string; agentVersion?: string; account?: string; signedOut?: true }
  /** `needsFolder`: no folder is open, so the agent cannot start; the page welcomes the user with Open Folder. */
  | { state: 'error'; message: string; needsFolder?: true };

/** The agent cannot start for want of a folder (the page's Open Folder welcome). */
export function needsFolder(status: ChatStatus): boolean {
  return status.state === 'error' && status.needsFolder === true;
}

/** The agent says who is signed in. */
export function isSignedIn(status: ChatStatus): boolean {
  return status.state === 'ready' && !!status.account && !status.signedOut;
}

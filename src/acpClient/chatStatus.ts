// The agent connection's state as the chat service reports it; its own module so the webview (no Node) can read it.
export type ChatStatus =
  | { state: 'idle' }
  | { state: 'starting' }
  | { state: 'ready'; agentName: string; agentVersion?: string }
  | { state: 'error'; message: string };

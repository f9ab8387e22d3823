// Every command's id, declared once: the manifest's `contributes.commands` must list the same (a unit test checks),
// and code that runs a command names it through this table.
export const COMMANDS = {
  newSession: 'acpChat.newSession',
  openConversation: 'acpChat.openConversation',
  openChatInEditor: 'acpChat.openChatInEditor',
  newChatInEditor: 'acpChat.newChatInEditor',
  cancelTurn: 'acpChat.cancelTurn',
  showPendingPermission: 'acpChat.showPendingPermission',
  addSelectionToChat: 'acpChat.addSelectionToChat',
  restartAgent: 'acpChat.restartAgent',
  showLog: 'acpChat.showLog',
  downloadClaudeCode: 'acpChat.downloadClaudeCode',
  locateClaudeCode: 'acpChat.locateClaudeCode',
  removeDownloadedClaudeCode: 'acpChat.removeDownloadedClaudeCode',
  signIn: 'acpChat.signIn',
  setApiKey: 'acpChat.setApiKey',
  signOut: 'acpChat.signOut',
  addAgentFromRegistry: 'acpChat.addAgentFromRegistry',
  undoRestore: 'acpChat.undoRestore',
  exportConversation: 'acpChat.exportConversation',
  /** The side view's own title-bar buttons: they act on the side view's chat, whichever chat has focus. */
  newSessionInView: 'acpChat.chatView.newSession',
  openConversationInView: 'acpChat.chatView.openConversation',
  /** Internal (not in the palette): sets the Claude Code a notice's button offered. */
  useClaudeCode: 'acpChat.useClaudeCode',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

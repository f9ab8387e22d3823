// Every command's id, declared once: the manifest's `contributes.commands` must list the same (a unit test checks),
// and code that runs a command names it through this table.
export const COMMANDS = {
  newSession: 'acpChat.newSession',
  openConversation: 'acpChat.openConversation',
  openChatInEditor: 'acpChat.openChatInEditor',
  newChatInEditor: 'acpChat.newChatInEditor',
  focusChat: 'acpChat.focusChat',
  cancelTurn: 'acpChat.cancelTurn',
  showPendingPermission: 'acpChat.showPendingPermission',
  /** The chats that wait for the user (approval, question, error, limit, finished), oldest first. */
  nextChatNeedingYou: 'acpChat.nextChatNeedingYou',
  addSelectionToChat: 'acpChat.addSelectionToChat',
  /** A file as an attachment: from the Explorer, an editor tab's menu, or the active editor. */
  addFileToChat: 'acpChat.addFileToChat',
  /** The status bar entry's menu of the agent's actions. */
  showAgentMenu: 'acpChat.showAgentMenu',
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
  /** Today's, this workspace's and each chat's tokens and cost, as the agent reported them. */
  showUsage: 'acpChat.showUsage',
  showMcpServers: 'acpChat.showMcpServers',
  /** A chat in its own git worktree, and the list of the workspace's chats' worktrees. */
  newChatInWorktree: 'acpChat.newChatInWorktree',
  manageWorktrees: 'acpChat.manageWorktrees',
  /** The side view's own title-bar buttons: they act on the side view's chat, whichever chat has focus. */
  newSessionInView: 'acpChat.chatView.newSession',
  openConversationInView: 'acpChat.chatView.openConversation',
  /** A diff opened for an approval answers it from its title bar (in the palette only while it does). */
  diffApprovalAllow: 'acpChat.diffApproval.allow',
  diffApprovalAllowAlways: 'acpChat.diffApproval.allowAlways',
  diffApprovalDeny: 'acpChat.diffApproval.deny',
  reviewKeep: 'acpChat.review.keep',
  reviewUndo: 'acpChat.review.undo',
  reviewKeepAtCursor: 'acpChat.review.keepAtCursor',
  reviewUndoAtCursor: 'acpChat.review.undoAtCursor',
  reviewKeepFile: 'acpChat.review.keepFile',
  reviewUndoFile: 'acpChat.review.undoFile',
  reviewNext: 'acpChat.review.next',
  reviewPrevious: 'acpChat.review.previous',
  /** One multi-file diff of the active chat's changes: all of them, or since a prompt picked from a QuickPick. */
  reviewChanges: 'acpChat.reviewChanges',
  /** The Permissions view: its title (Add Rule, Open Settings File, Refresh) and a rule's inline Remove. */
  permissionsAddRule: 'acpChat.permissions.addRule',
  permissionsRemoveRule: 'acpChat.permissions.removeRule',
  permissionsOpenSettingsFile: 'acpChat.permissions.openSettingsFile',
  permissionsRefresh: 'acpChat.permissions.refresh',
  permissionsShow: 'acpChat.permissions.show',
  permissionsHide: 'acpChat.permissions.hide',
  /** A "Changed by …" lens in the editor opens the chat that changed the file (not in the palette). */
  openChatTurn: 'acpChat.openChatTurn',
  /** A review's comments (their thread's and comment's menus), and Send Review (also in the palette). */
  reviewCommentAdd: 'acpChat.review.comment.add',
  reviewCommentEdit: 'acpChat.review.comment.edit',
  reviewCommentSave: 'acpChat.review.comment.save',
  reviewCommentCancel: 'acpChat.review.comment.cancel',
  reviewCommentDelete: 'acpChat.review.comment.delete',
  reviewThreadDelete: 'acpChat.review.thread.delete',
  reviewSend: 'acpChat.review.send',
  /** A plan document's title bar: keep planning with the comments, or approve. */
  planSendFeedback: 'acpChat.plan.sendFeedback',
  planApprove: 'acpChat.plan.approve',
  /** Internal (not in the palette): sets the Claude Code a notice's button offered. */
  useClaudeCode: 'acpChat.useClaudeCode',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

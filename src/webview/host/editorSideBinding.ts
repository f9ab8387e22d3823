// The editor side of one chat (the side view's or an editor tab's): its turns' changes with Review, Revert and going
// back, Follow the agent, and the worktree it works in, bound to the chat's webview. Each chat tracks its own
// session's turns, in the folder the session works in (its worktree's, else the workspace's).
import type * as vscode from 'vscode';
import type { Chat } from '../../chat/chat';
import type { TurnStartGate } from '../../chat/turnStartGate';
import type { Logger } from '../../acpClient/logger';
import { AgentFollower } from '../../workbench/agentFollower';
import { TurnChangeTracker } from '../../checkpoints/turnChangeTracker';
import type { TurnReview } from '../../checkpoints/turnReview';
import type { CheckpointStore } from '../../checkpoints/checkpointStore';
import type { CodeRestore } from '../../checkpoints/codeRestore';
import type { EditorReview } from '../../review/editorReview';
import { followAgentActions, followAgentSource, type FollowAgentActions, type FollowAgentSource } from './followAgentBinding';
import { onDidChangeApprovalSignal, readApprovalSignal } from '../../permissionUI/approvalSignal';
import type { ChatSource } from './chatWebviewController';

type ApprovalSignalSource = Pick<ChatSource, 'getApprovalSignal' | 'onDidChangeApprovalSignal'>;
/** How a new approval is signalled: one for every chat, from VS Code's setting. */
const approvalSignalSource: ApprovalSignalSource = { getApprovalSignal: readApprovalSignal, onDidChangeApprovalSignal: onDidChangeApprovalSignal };
import { bindTurns, type TurnsActions, type TurnsSource } from './turnsBinding';
import { bindGrants, type GrantsActions, type GrantsSource } from './grantsBinding';
import type { ChatGrants } from '../../grants/chatGrants';
import type { ChatRegistry } from '../../chat/chatRegistry';
import type { ChatWorktrees } from '../../worktrees/chatWorktrees';
import { bindWorktree, type WorktreeActions, type WorktreeSource } from './worktreeBinding';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';

export interface EditorSideDeps {
  review: TurnReview;
  restore: CodeRestore;
  /** The agent's changes under review in the editor, which follows this chat's turns. */
  editorReview: EditorReview;
  /** Where each session's turn records are kept (shared by every chat). */
  checkpoints: CheckpointStore;
  /** Where Follow the agent is remembered (shared by every chat). */
  memento: vscode.Memento;
  /** Fired when any chat's Follow the agent toggle changes (the choice is shared). */
  followToggled: vscode.EventEmitter<void>;
  /** Fired when this chat's durable answers change (the Permissions view lists the active chat's). */
  grantsChanged: vscode.EventEmitter<void>;
  presenter: Pick<UserErrorPresenter, 'showMessage' | 'report'>;
  logger: Logger;
  cwd(): string | undefined;
  /** Where each turn's snapshot is held until its prompt leaves. */
  turnStarts?: TurnStartGate;
  /** The chats' worktrees: the bar of the one this chat works in. */
  worktrees: ChatWorktrees;
  chats: ChatRegistry;
}

export interface EditorSide extends vscode.Disposable {
  readonly turnChanges: TurnChangeTracker;
  readonly follower: AgentFollower;
  readonly source: TurnsSource & FollowAgentSource & GrantsSource & WorktreeSource & ApprovalSignalSource;
  readonly actions: TurnsActions & FollowAgentActions & GrantsActions & WorktreeActions;
  /** What the chat's durable answers did (the Permissions view lists the conversation's own). */
  readonly grants: ChatGrants;
}

export function createEditorSide(chat: Chat, deps: EditorSideDeps): EditorSide {
  // The chat's own folder: its worktree while it works in one.
  const cwd = () => chat.workPlace?.folder ?? deps.cwd();
  const turnChanges = new TurnChangeTracker(chat, deps.logger, cwd, deps.checkpoints, deps.turnStarts);
  const tracked = deps.review.track(turnChanges);
  const inEditor = deps.editorReview.track(turnChanges);
  const follower = new AgentFollower(chat, deps.memento, deps.logger);
  const turns = bindTurns(chat, turnChanges, deps);
  const grants = bindGrants(chat, { ...deps, cwd });
  const worktree = bindWorktree(chat, deps);
  const grantsSub = grants.grants.onDidChange(() => deps.grantsChanged.fire());
  return {
    turnChanges,
    follower,
    grants: grants.grants,
    source: { ...turns.source, ...followAgentSource(follower, deps.followToggled.event), ...grants.source, ...worktree.source, ...approvalSignalSource },
    actions: { ...turns.actions, ...followAgentActions(follower, deps.followToggled), ...grants.actions, ...worktree.actions },
    dispose: () => {
      worktree.dispose();
      grantsSub.dispose();
      grants.dispose();
      turns.dispose();
      follower.dispose();
      tracked.dispose();
      inEditor.dispose();
      turnChanges.dispose();
    },
  };
}

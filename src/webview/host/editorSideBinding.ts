// The editor side of one chat (the side view's or an editor tab's): its turn's changes with Review and
// Revert, and Follow the agent, bound to the chat's webview. Each chat tracks its own session's turns.
import type * as vscode from 'vscode';
import type { Chat } from '../../chat/chat';
import type { TurnStartGate } from '../../chat/turnStartGate';
import type { Logger } from '../../acpClient/logger';
import { AgentFollower } from '../../workbench/agentFollower';
import { TurnChangeTracker } from '../../workbench/turnChangeTracker';
import type { TurnReview } from '../../workbench/turnReview';
import { followAgentActions, followAgentSource, type FollowAgentActions, type FollowAgentSource } from './followAgentBinding';
import { turnChangesActions, turnChangesSource, type TurnChangesActions, type TurnChangesSource } from './turnChangesBinding';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';

export interface EditorSideDeps {
  review: TurnReview;
  /** Where Follow the agent is remembered (shared by every chat). */
  memento: vscode.Memento;
  /** Fired when any chat's Follow the agent toggle changes (the choice is shared). */
  followToggled: vscode.EventEmitter<void>;
  presenter: Pick<UserErrorPresenter, 'showMessage'>;
  logger: Logger;
  cwd(): string | undefined;
  /** Where each turn's snapshot is held until its prompt leaves. */
  turnStarts?: TurnStartGate;
}

export interface EditorSide extends vscode.Disposable {
  readonly turnChanges: TurnChangeTracker;
  readonly follower: AgentFollower;
  readonly source: TurnChangesSource & FollowAgentSource;
  readonly actions: TurnChangesActions & FollowAgentActions;
}

export function createEditorSide(chat: Chat, deps: EditorSideDeps): EditorSide {
  const turnChanges = new TurnChangeTracker(chat, deps.logger, deps.cwd, deps.turnStarts);
  const tracked = deps.review.track(turnChanges);
  const follower = new AgentFollower(chat, deps.memento, deps.logger);
  return {
    turnChanges,
    follower,
    source: { ...turnChangesSource(turnChanges), ...followAgentSource(follower, deps.followToggled.event) },
    actions: { ...turnChangesActions(deps.review, deps.presenter), ...followAgentActions(follower, deps.followToggled) },
    dispose: () => {
      follower.dispose();
      tracked.dispose();
      turnChanges.dispose();
    },
  };
}

// Binds the chat header's "Follow the agent" toggle to the AgentFollower (which remembers it). The choice is one for
// every chat (each follows its own session): `toggled` tells every chat's toggle when any of them changes it.
import type * as vscode from 'vscode';
import type { AgentFollower } from '../../workbench/agentFollower';
import type { ChatActions, ChatSource } from './chatWebviewController';

export type FollowAgentSource = Pick<ChatSource, 'getFollowAgent' | 'onDidChangeFollowAgent'>;
export type FollowAgentActions = Pick<ChatActions, 'setFollowAgent'>;

export function followAgentSource(follower: AgentFollower, toggled: vscode.Event<void>): FollowAgentSource {
  return {
    getFollowAgent: () => follower.enabled,
    onDidChangeFollowAgent: (listener) => toggled(() => listener()),
  };
}

export function followAgentActions(follower: AgentFollower, toggled: Pick<vscode.EventEmitter<void>, 'fire'>): FollowAgentActions {
  return {
    setFollowAgent: async (enabled) => {
      await follower.setEnabled(enabled);
      toggled.fire();
    },
  };
}

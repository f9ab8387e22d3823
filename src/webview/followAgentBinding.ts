// Binds the chat header's "Follow the agent" toggle to the AgentFollower (which remembers it).
import type { AgentFollower } from '../editor/agentFollower';
import type { ChatActions, ChatSource } from './chatWebviewController';

export type FollowAgentSource = Pick<ChatSource, 'getFollowAgent' | 'onDidChangeFollowAgent'>;
export type FollowAgentActions = Pick<ChatActions, 'setFollowAgent'>;

export function followAgentSource(follower: AgentFollower): FollowAgentSource {
  return {
    getFollowAgent: () => follower.enabled,
    onDidChangeFollowAgent: (listener) => follower.onDidChangeEnabled(() => listener()),
  };
}

export function followAgentActions(follower: AgentFollower): FollowAgentActions {
  return { setFollowAgent: (enabled) => follower.setEnabled(enabled) };
}

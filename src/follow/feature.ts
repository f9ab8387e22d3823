// Follow the agent: the header's toggle, and in each chat the editor following its session's latest tool location
// (agentFollower.ts). The choice is one for every chat, remembered in VS Code's global state.
import { Emitter } from '../acpClient/events';
import { partKey } from '../chat/chatParts';
import type { Core, ChatPart } from '../core/core';
import type { Feature } from '../core/feature';
import { AgentFollower } from './agentFollower';

export interface FollowPart extends ChatPart {
  readonly follower: AgentFollower;
}

export const FOLLOW = partKey<FollowPart>('follow');

export function activateFollow(core: Core): Feature {
  // Tells every chat's toggle when any of them changes it.
  const toggled = new Emitter<void>();
  return {
    disposables: [toggled],
    chatPart: {
      key: FOLLOW,
      make: (chat) => {
        const follower = new AgentFollower(chat, core.context.globalState, core.logger, core.folders);
        return {
          follower,
          source: { getFollowAgent: () => follower.enabled, onDidChangeFollowAgent: (listener) => toggled.event(() => listener()) },
          actions: {
            setFollowAgent: async (enabled) => {
              await follower.setEnabled(enabled);
              toggled.fire();
            },
          },
          dispose: () => follower.dispose(),
        };
      },
    },
  };
}

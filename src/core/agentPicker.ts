// The chat header's agent picker, bound to the AgentChoice (agents/agentChoice.ts): the agents listed and the one
// picked, and picking another.
import type { AgentChoice } from '../agents/agentChoice';
import type { ChatActions, ChatSource } from '../webview/host/chatPage';

export type AgentPickerSource = Pick<ChatSource, 'getAgents' | 'onDidChangeAgents'>;
export type AgentPickerActions = Pick<ChatActions, 'selectAgent'>;

export function agentPickerSource(choice: AgentChoice): AgentPickerSource {
  return {
    getAgents: () => ({ agents: choice.list().map((a) => ({ name: a.name })), selected: choice.selected.name }),
    onDidChangeAgents: (listener) => choice.onDidChange(() => listener()),
  };
}

/** Picking another agent starts a new session with it in the chat it was picked in (`switchAgent`). */
export function agentPickerActions(choice: AgentChoice, switchAgent: () => Promise<unknown>): AgentPickerActions {
  return {
    selectAgent: async (name) => {
      // A failed start is reported by the presenter (through the chat's onDidFail).
      if (await choice.select(name)) await switchAgent().catch(() => undefined);
    },
  };
}

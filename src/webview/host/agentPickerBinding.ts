// The agent picked for new sessions: the `acpChat.agents` setting lists them (the bundled Claude adapter by default),
// the choice is remembered in global state, and the chat header's picker shows and changes it.
import * as vscode from 'vscode';
import { parseAgentList, selectedAgent, type AgentEntry } from '../../agents/agentList';
import { SettingsProblemError } from '../../acp/errors';
import type { Logger } from '../../acp/logger';
import type { ChatActions, ChatSource } from './chatWebviewController';

const SELECTED_KEY = 'acpChat.agents.selected';

export class AgentChoice implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  private readonly problemEmitter = new vscode.EventEmitter<SettingsProblemError>();
  private readonly sub: vscode.Disposable;
  private reported = '';
  /** The list or the choice changed. */
  readonly onDidChange = this.emitter.event;
  /** The setting has entries that were ignored (said once per distinct set); the presenter shows it. */
  readonly onDidFindProblems = this.problemEmitter.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly logger: Logger,
  ) {
    this.sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('acpChat.agents')) this.emitter.fire();
    });
  }

  /** The agents as the setting lists them; what was ignored is said once per distinct problem set. */
  list(): AgentEntry[] {
    const { agents, problems } = parseAgentList(vscode.workspace.getConfiguration('acpChat').get('agents'));
    const said = problems.join('\n');
    if (said && said !== this.reported) {
      for (const p of problems) this.logger.warn(`[settings] ${p}`);
      this.problemEmitter.fire(new SettingsProblemError('acpChat.agents', problems));
    }
    this.reported = said;
    return agents;
  }

  get selected(): AgentEntry {
    return selectedAgent(this.list(), this.memento.get<string>(SELECTED_KEY));
  }

  /** Remembers `name`; false when it already was the agent (or is not listed). */
  async select(name: string): Promise<boolean> {
    const agents = this.list();
    if (!agents.some((a) => a.name === name) || selectedAgent(agents, this.memento.get<string>(SELECTED_KEY)).name === name) return false;
    await this.memento.update(SELECTED_KEY, name);
    this.emitter.fire();
    return true;
  }

  dispose(): void {
    this.sub.dispose();
    this.emitter.dispose();
    this.problemEmitter.dispose();
  }
}

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

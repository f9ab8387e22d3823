// The agent picked for new sessions: the `acpChat.agents` setting lists them (the bundled Claude adapter by default),
// and the choice is remembered in global state. The chat header's picker (webview/host/agentPickerBinding.ts) shows and
// changes it.
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import { parseAgentList, selectedAgent, type AgentEntry } from './agentList';
import { SettingsProblemError } from './settingsProblemError';

const SELECTED_KEY = 'acpChat.agents.selected';

export class AgentChoice implements vscode.Disposable {
  private readonly emitter = new Emitter<void>();
  private readonly problemEmitter = new Emitter<SettingsProblemError>();
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

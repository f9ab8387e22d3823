// The client's own terminals (`terminal/*`) a session's tool calls embed: their output goes to the call that embeds
// the terminal, and what a terminal printed before any call embedded it is held until one does.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { ToolCallState } from './transcript';
import type { ClientEvent } from './clientEvents';
import { appendTerminalOutput, type TerminalText } from './toolCallMerge';

export type TerminalExit = NonNullable<ToolCallState['terminalExit']>;

export class HeldTerminals {
  /** Terminals a tool call of this session embeds: their output goes to that call. */
  private readonly shown = new Set<string>();
  /** Output of terminals no tool call embeds yet (an agent may embed one after it started printing). */
  private readonly held = new Map<string, { text: TerminalText; exit?: TerminalExit }>();

  constructor(private readonly apply: (event: ClientEvent) => void) {}

  /** An update folded: the terminals its tool call embeds are shown from now on. */
  embedded(update: SessionUpdate): void {
    if ((update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') && update.content) {
      for (const c of update.content) if (c.type === 'terminal') this.show(c.terminalId);
    }
  }

  output(terminalId: string, text: string): void {
    if (this.shown.has(terminalId)) return this.apply({ type: 'terminal-output', terminalId, text });
    const held = this.held.get(terminalId) ?? { text: {} };
    held.text = appendTerminalOutput(held.text, text);
    this.held.set(terminalId, held);
  }

  exited(terminalId: string, exit: TerminalExit): void {
    if (this.shown.has(terminalId)) return this.apply({ type: 'terminal-exited', terminalId, exit });
    const held = this.held.get(terminalId) ?? { text: {} };
    held.exit = exit;
    this.held.set(terminalId, held);
  }

  /** The agent released the terminal: what no tool call showed is dropped. */
  released(terminalId: string): void {
    this.held.delete(terminalId);
  }

  private show(terminalId: string): void {
    if (this.shown.has(terminalId)) return;
    this.shown.add(terminalId);
    const held = this.held.get(terminalId);
    if (!held) return;
    this.held.delete(terminalId);
    if (held.text.terminalOutput) this.apply({ type: 'terminal-output', terminalId, text: held.text.terminalOutput, dropped: held.text.terminalOutputDropped });
    if (held.exit) this.apply({ type: 'terminal-exited', terminalId, exit: held.exit });
  }
}

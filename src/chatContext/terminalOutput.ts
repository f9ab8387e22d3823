// The recent output of each terminal, for Add Context: what the commands run there printed, as VS Code's shell
// integration reports each command's output. A terminal without shell integration reports nothing, and the picker
// says so. The last MAX_CHARS per terminal are kept (from a line's start), nothing more. Kept raw: the values that
// look like secrets are masked when it is attached (contextSources.ts).
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { lineTail } from './contextText';

const MAX_CHARS = 16 * 1024;

export class TerminalOutput implements vscode.Disposable {
  private readonly output = new Map<vscode.Terminal, string>();
  private readonly subs: vscode.Disposable[];

  constructor(private readonly logger: Logger) {
    this.subs = [
      vscode.window.onDidStartTerminalShellExecution((e) => void this.record(e.terminal, e.execution)),
      vscode.window.onDidCloseTerminal((t) => this.output.delete(t)),
    ];
  }

  /** What the terminal printed lately (the command lines too), or undefined when nothing was recorded. */
  recent(terminal: vscode.Terminal): string | undefined {
    return this.output.get(terminal);
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.output.clear();
  }

  private async record(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): Promise<void> {
    this.append(terminal, `$ ${execution.commandLine.value}\n`);
    try {
      for await (const data of execution.read()) this.append(terminal, stripEscapes(data));
    } catch (err) {
      this.logger.warn('[terminalOutput] reading a command’s output failed', err);
    }
  }

  private append(terminal: vscode.Terminal, text: string): void {
    const all = (this.output.get(terminal) ?? '') + text;
    this.output.set(terminal, lineTail(all, MAX_CHARS));
  }
}

/** Colours, cursor moves and titles out: the agent gets the words. */
function stripEscapes(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[@-Z\\-_]/gu, '').replace(/\r(?!\n)/gu, '');
}

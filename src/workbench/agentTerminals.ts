// The VS Code face of the agent's terminals: one terminal per run, a Pseudoterminal fed by the run's output, so the
// user sees what the agent's command prints. Closing it kills the command. Input is not forwarded (the agent owns it).
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import type { TerminalExitStatus } from '@agentclientprotocol/sdk';
import type { TerminalDisplay } from '../acpClient/commandRuns';

/** Line breaks as a terminal expects them. */
function toTerminalText(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export function openAgentTerminal(title: string, kill: () => void): TerminalDisplay {
  const writeEmitter = new Emitter<string>();
  let pending = '';
  let opened = false;
  let closed = false;
  const pty: vscode.Pseudoterminal = {
    onDidWrite: writeEmitter.event,
    open: () => {
      opened = true;
      if (pending) writeEmitter.fire(pending);
      pending = '';
    },
    close: () => {
      closed = true;
      kill();
    },
  };
  // Shown without taking focus; the output arrives whether or not the user looks at it.
  const terminal = vscode.window.createTerminal({ name: vscode.l10n.t('Agent: {0}', title), pty, isTransient: true });
  const write = (text: string) => {
    if (closed) return;
    if (opened) writeEmitter.fire(text);
    else pending += text;
  };
  return {
    write: (text) => write(toTerminalText(text)),
    exited: (status: TerminalExitStatus) => write(`\r\n[${status.signal ? `killed by ${status.signal}` : `exited with code ${status.exitCode ?? '?'}`}]\r\n`),
    release: () => {
      write('\r\n[released by the agent]\r\n');
      // The terminal stays for the user to read; the emitter goes with it.
      const sub = vscode.window.onDidCloseTerminal((t) => {
        if (t !== terminal) return;
        sub.dispose();
        writeEmitter.dispose();
      });
    },
  };
}

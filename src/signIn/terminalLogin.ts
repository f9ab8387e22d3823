// Runs an agent's `type: "terminal"` sign-in method as ACP's terminal authentication asks: the same program, base
// arguments and environment as the agent itself, with the method's args appended and its env merged, in a VS Code
// terminal the user sees and types into. Never through a shell: the terminal runs the program directly.
import type { AuthMethodTerminal } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { AgentLaunch } from '../agents/agentLaunch';

export interface TerminalLoginRun {
  readonly terminal: vscode.Terminal;
  /** The login process's exit code (undefined when the terminal was closed before it reported one). */
  readonly exited: Promise<number | undefined>;
}

export function terminalLoginOptions(launch: AgentLaunch, method: AuthMethodTerminal, cwd: string | undefined): vscode.TerminalOptions {
  return {
    name: vscode.l10n.t('Sign in: {0}', method.name),
    shellPath: launch.command,
    shellArgs: [...launch.args, ...(method.args ?? [])],
    // The agent's own environment, not the terminal's default one; the method's variables win.
    env: { ...launch.env, ...(method.env ?? {}) },
    strictEnv: true,
    cwd,
    isTransient: true,
  };
}

export function runTerminalLogin(launch: AgentLaunch, method: AuthMethodTerminal, cwd: string | undefined): TerminalLoginRun {
  const terminal = vscode.window.createTerminal(terminalLoginOptions(launch, method, cwd));
  terminal.show();
  const exited = new Promise<number | undefined>((resolve) => {
    const sub = vscode.window.onDidCloseTerminal((t) => {
      if (t !== terminal) return;
      sub.dispose();
      resolve(t.exitStatus?.code);
    });
  });
  return { terminal, exited };
}

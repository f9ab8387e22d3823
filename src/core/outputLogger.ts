// The extension's log: VS Code's log output channel, as the Logger every part writes to.
import type * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';

export function outputLogger(log: vscode.LogOutputChannel): Logger {
  const text = (msg: string, rest: unknown[]) =>
    [msg, ...rest.map((r) => (r instanceof Error ? (r.stack ?? r.message) : typeof r === 'string' ? r : JSON.stringify(r)))].join(' ');
  // The agent's exit and the answers to its requests are logged asynchronously, possibly after deactivation closed
  // the channel (which then throws): those lines go to the console instead of becoming uncaught errors.
  const write =
    (level: 'info' | 'warn' | 'error' | 'debug') =>
    (m: string, ...r: unknown[]) => {
      const line = text(m, r);
      try {
        log[level](line);
      } catch {
        console[level === 'debug' ? 'log' : level](`[ACP Chat] ${line}`);
      }
    };
  return { info: write('info'), warn: write('warn'), error: write('error'), debug: write('debug') };
}

// Shows what to do when Claude Code is missing: a notification with "Download Claude Code (~N MB)", "Locate…" and,
// when one was found on PATH, "Use claude <version>" (never taken without asking). The chat shows the same message
// as its status. One offer at a time: every start attempt fails the same way until the user answers.
// (To move into the one module that words errors for users once it exists.)
import * as vscode from 'vscode';
import type { ClaudeCodeNotFoundError } from './errors';
import { APPROX_DOWNLOAD_MB, type ClaudeCodeSetup } from './claudeCodeSetup';

export class ClaudeCodeOffer {
  private showing = false;
  private lastMessage: string | undefined;

  constructor(private readonly setup: ClaudeCodeSetup) {}

  /** True when `message` is the one this offer shows (the generic start-error notification then stays quiet). */
  presents(message: string): boolean {
    return message === this.lastMessage;
  }

  offer(err: ClaudeCodeNotFoundError): void {
    this.lastMessage = err.message;
    if (this.showing) return;
    this.showing = true;
    const download = `Download Claude Code (~${APPROX_DOWNLOAD_MB} MB)`;
    const locate = 'Locate…';
    const found = err.onPath;
    // `--version` prints e.g. "2.1.318 (Claude Code)": the number alone on the button, the whole line in the message.
    const useFound = found && `Use claude ${found.version.split(/\s/)[0]}`;
    const detail = found ? ` A claude was found on PATH: ${found.path} (${found.version}).` : '';
    const buttons = [download, ...(useFound ? [useFound] : []), locate];
    void vscode.window.showWarningMessage(`ACP Chat: ${err.message}${detail}`, ...buttons).then(async (choice) => {
      this.showing = false;
      if (choice === download) await this.setup.download();
      else if (choice === locate) await this.setup.locate();
      else if (found && choice === useFound) await this.setup.use(found.path);
    });
  }
}

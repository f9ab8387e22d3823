// Before Claude Code first starts in a folder whose own Claude files run commands, set environment variables, bring
// in plugins or allow tools without asking (settings, slash commands, skills, subagents), the user sees what they set
// and decides once (remembered per workspace until any of it changes). Declining starts Claude Code with the user's
// own settings only: the adapter passes `_meta.claudeCode.options.settingSources` on to Claude Code (acp-agent.js,
// `createSession`: `...userProvidedOptions` after the default `["user", "project", "local"]`), and without "project"
// the CLI loads none of the folder's commands, skills or agents either.
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { describeProjectSettings, findProjectSettings, fingerprint, type ProjectSetting } from './claudeCode/projectSettings';
import { readProjectClaudeFiles } from './projectClaudeFiles';

/** The user's answer for this folder, kept in the workspace's own state (not in a file the repository controls). */
interface Remembered {
  fingerprint: string;
  use: boolean;
}

const MEMENTO_KEY = 'acpChat.claudeProjectSettings';
const USE = 'Use Them';
const WITHOUT = 'Start Without Them';

/** What the next start does with the folder's Claude settings. */
export type ProjectSettingsDecision = { use: true } | { use: false; leftOut: ProjectSetting[] };

export class ProjectSettingsConsent {
  /** One question at a time: two chats starting together ask once. */
  private asking: Promise<ProjectSettingsDecision> | undefined;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly logger: Logger,
  ) {}

  decide(cwd: string): Promise<ProjectSettingsDecision> {
    this.asking ??= this.ask(cwd).finally(() => (this.asking = undefined));
    return this.asking;
  }

  private async ask(cwd: string): Promise<ProjectSettingsDecision> {
    const { texts, unread } = await readProjectClaudeFiles(cwd, this.logger);
    const found = findProjectSettings(texts, unread);
    if (!found.length) return { use: true };
    const print = fingerprint(found);
    const remembered = this.memento.get<Remembered>(MEMENTO_KEY);
    if (remembered?.fingerprint === print) return remembered.use ? { use: true } : { use: false, leftOut: found };
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t("This folder's Claude settings run commands or change what the agent may do without asking. Use them?"),
      {
        modal: true,
        detail: vscode.l10n.t(
          '{0}\n\nThey come with the folder, not from you. Without them, Claude Code starts with your own settings only; you are asked again when these files change.',
          describeProjectSettings(found),
        ),
      },
      USE,
      WITHOUT,
    );
    // Closing the dialog is not an answer: this start goes without them, and the next one asks again.
    if (answer === undefined) return { use: false, leftOut: found };
    const use = answer === USE;
    await this.memento.update(MEMENTO_KEY, { fingerprint: print, use } satisfies Remembered);
    this.logger.info(`[settings] this folder's Claude settings: ${use ? 'used' : 'left out'} (${found.map((s) => `${s.file} ${s.key}`).join(', ')})`);
    return use ? { use: true } : { use: false, leftOut: found };
  }
}

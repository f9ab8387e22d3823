// One chat's durable answers and what they did, as the chat shows them on the approval's card: the rule an "always"
// answer added and the file it is kept in (read from the files), with Undo (removes exactly that rule) and Open; or
// that the grant lasts for this conversation only. Also what the Permissions view lists as this conversation's grants.
import { homedir } from 'node:os';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { Emitter, type Disposable, type Event } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import { GRANT_EFFECT } from './grantsWording';
import type { GrantView } from './grantEffect';
import { GrantWatcher, type ObservedGrant } from './grantWatcher';
import { claudeLocations } from './claudeLocations';
import type { Scope } from './claudeRules';
import { removeRuleEdit } from './ruleEdits';
import { editSettingsFile } from './settingsFiles';
import { settingsFilePaths } from './settingsPaths';

/** Where Claude Code keeps each scope for this window (the agent's own CLAUDE_CONFIG_DIR and HOME). */
function claudeSettingsPaths(): Record<Scope, string> | undefined {
  const at = claudeLocations();
  return at && settingsFilePaths(at);
}

export class ChatGrants implements Disposable {
  private readonly grants = new Map<string, ObservedGrant & { undone?: boolean; at: number }>();
  private watcher: GrantWatcher | undefined;
  private readonly sub: Disposable;
  private readonly emitter: Emitter<void>;
  /** The grants changed (an answer's effect was read, one was undone, another session is shown). */
  readonly onDidChange: Event<void>;

  constructor(
    private readonly chat: Pick<Chat, 'session' | 'onDidChangeSession'>,
    private readonly cwd: () => string | undefined,
    private readonly logger: Logger,
  ) {
    this.emitter = new Emitter((err) => logger.error('[grants] listener failed', err));
    this.onDidChange = this.emitter.event;
    this.sub = chat.onDidChangeSession(() => this.follow());
    this.follow();
  }

  /** The grants as the chat shows them, on their approvals' cards. */
  views(): GrantView[] {
    const cwd = this.cwd();
    return [...this.grants.values()].map((g) =>
      g.effect.kind === 'session'
        ? { key: g.key, rules: [], sessionOnly: true }
        : {
            key: g.key,
            rules: g.effect.added.map(({ rule, path }) => ({
              rule: rule.rule,
              behaviour: rule.behaviour,
              file: cwd ? displayPath(path, cwd) : path,
              where: GRANT_EFFECT.where[rule.scope],
            })),
            ...(g.undone ? { undone: true } : {}),
          },
    );
  }

  /** This conversation's grants that live in the agent's memory only (the Permissions view lists them). */
  sessionGrants(): { rule: string; at: number }[] {
    return [...this.grants.values()].filter((g) => g.effect.kind === 'session').map((g) => ({ rule: g.optionName, at: g.at }));
  }

  /** Removes exactly the rules the answer `key` added, each from its file (the file's other content kept). */
  async undo(key: string): Promise<string | undefined> {
    const g = this.grants.get(key);
    if (!g || g.effect.kind !== 'file' || g.undone) return GRANT_EFFECT.nothingToUndo;
    const paths = claudeSettingsPaths();
    for (const { rule, path } of g.effect.added) {
      // Only the file the rule was read from, through the same checks as every edit (parses, not a link, unchanged).
      if (!paths || paths[rule.scope] !== path) return GRANT_EFFECT.undoFailed(rule.rule, path);
      const done = await editSettingsFile(paths, rule.scope, (text) => (text === undefined ? undefined : removeRuleEdit(text, rule.behaviour, rule.rule)));
      if (!done.ok) return GRANT_EFFECT.undoFailed(rule.rule, path);
    }
    g.undone = true;
    this.logger.info(`[grants] removed ${g.effect.added.map((a) => a.rule.rule).join(', ')}`);
    this.emitter.fire();
    return undefined;
  }

  /** Opens the file the answer `key` wrote to, at its rule. */
  async open(key: string): Promise<void> {
    const g = this.grants.get(key);
    if (!g || g.effect.kind !== 'file') return;
    const { rule, path } = g.effect.added[0]!;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    const at = doc.getText().indexOf(JSON.stringify(rule.rule));
    const pos = doc.positionAt(Math.max(0, at));
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos), preview: true });
  }

  dispose(): void {
    this.sub.dispose();
    this.watcher?.dispose();
    this.emitter.dispose();
  }

  private follow(): void {
    this.watcher?.dispose();
    this.grants.clear();
    const session = this.chat.session;
    this.watcher = session
      ? new GrantWatcher(
          session,
          () => claudeSettingsPaths(),
          (g) => {
            this.grants.set(g.key, { ...g, at: Date.now() });
            this.emitter.fire();
          },
          this.logger,
        )
      : undefined;
    this.emitter.fire();
  }
}

/** A settings file as the chat names it: relative to the workspace, or with ~ for the home folder. */
function displayPath(path: string, cwd: string): string {
  const rel = nodePath.relative(cwd, path);
  if (rel && !rel.startsWith('..') && !nodePath.isAbsolute(rel)) return rel.split(nodePath.sep).join('/');
  const home = homedir();
  return path.startsWith(home + nodePath.sep) ? `~/${nodePath.relative(home, path).split(nodePath.sep).join('/')}` : path;
}

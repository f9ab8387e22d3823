// The Permissions view (a tree in the ACP Chat container): what Claude Code may do without asking, never asks about
// or must ask about, read from its three settings files, and the grants this conversation's answers gave that landed
// in no file. A rule can be removed (after a modal question naming it and its file) and added (file, then allow / ask
// / deny, then the rule, checked as typed); each edit changes that one entry and leaves every other byte of the file
// as it was, and a file Claude Code would not read is never written. Read-only in Restricted Mode (the menus' `when`
// clauses, and the handlers refuse too). The files are watched, so the view follows edits made anywhere.
// Claude Code itself watches these files and applies a change within about a second, in running sessions too (found in
// its bundled CLI, the settings watcher's `awaitWriteFinish` of 1000 ms, and measured with it): no new session needed.
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { GRANTS, type Severity, type UserAction } from '../feedback/userErrors';
import {
  addRuleEdit,
  claudeStateFile,
  parsePermissionSettings,
  removeRuleEdit,
  SCOPES,
  settingsFilePaths,
  validateRule,
  type Behaviour,
  type Rule,
  type Scope,
} from './permissionSettings';
import { buildPermissionsTree, walk, whyUnread, type FileState, type PermissionsNode } from './permissionsTree';
import { editSettingsFile, readClaudeTrust, readSettingsFile, type EditOutcome } from './settingsFiles';

/** Where Claude Code keeps its files for this window. */
export interface ClaudeLocations {
  workspace: string;
  /** CLAUDE_CONFIG_DIR as the agent gets it, when set. */
  claudeConfigDir?: string;
  home: string;
}

/**
 * The locations the bundled Claude agent is launched with: the first folder, and the user's files where the agent's
 * environment puts them (CLAUDE_CONFIG_DIR, else HOME, from acpChat.agent.env, else from this process's environment,
 * which the agent inherits). Undefined without a folder on disk.
 */
export function claudeLocations(): ClaudeLocations | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (folder?.scheme !== 'file') return undefined;
  const env = vscode.workspace.getConfiguration('acpChat.agent').get<Record<string, unknown>>('env') ?? {};
  const set = (name: string) => (typeof env[name] === 'string' && env[name] ? (env[name] as string) : process.env[name] || undefined);
  const claudeConfigDir = set('CLAUDE_CONFIG_DIR');
  return { workspace: folder.fsPath, home: set('HOME') ?? homedir(), ...(claudeConfigDir ? { claudeConfigDir } : {}) };
}

/** What a change did, worded for the user (shown by the presenter when it did not happen as asked). */
export type ChangeOutcome =
  { done: true; message: string } | { done: false; message: string; severity: Severity; actions: UserAction[] } | { done: false; cancelled: true };

export interface PermissionsModelDeps {
  /** Where the files are; undefined without a folder. */
  locate(): ClaudeLocations | undefined;
  /** Whether the workspace is trusted: only then are the files changed. */
  trusted(): boolean;
  /** This conversation's grants that landed in no file (the active chat's); the group shows only when there are some. */
  sessionGrants?(): readonly { rule: string; at: number }[];
  logger: Logger;
}

/** The view's facts: the three files as last read, and the edits. The extension-host tests drive it (`grants`). */
export class PermissionsModel implements vscode.Disposable {
  private files: FileState[] | undefined;
  private projectTrusted: boolean | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The files were read again, or the conversation's grants changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: PermissionsModelDeps) {}

  /** The files' paths by scope; undefined without a folder. */
  paths(): Record<Scope, string> | undefined {
    const at = this.deps.locate();
    return at && settingsFilePaths(at);
  }

  /** The three files as last read (undefined without a folder). */
  state(): readonly FileState[] | undefined {
    return this.files;
  }

  /** What the view shows. */
  nodes(): PermissionsNode[] {
    return buildPermissionsTree({ files: this.files, session: this.deps.sessionGrants?.() ?? [], projectTrusted: this.projectTrusted, time: clock });
  }

  /** Reads the files again (one reading at a time; a request during one reads once more after it). */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        await this.read();
      } while (this.again);
    })().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** The conversation's grants changed: shown again (no file is read). */
  sessionChanged(): void {
    this.changed.fire();
  }

  /** Removes `rule` from its file, once `confirm` (asked with the question and its detail) says yes. */
  async remove(rule: Rule, confirm: (question: string, detail: string) => Thenable<boolean> | Promise<boolean>): Promise<ChangeOutcome> {
    const refused = this.refusal();
    if (refused) return refused;
    const paths = this.paths()!;
    const file = this.fileLabel(rule.scope, paths);
    if (!(await confirm(GRANTS.remove.question(GRANTS.behaviours[rule.behaviour], rule.rule, file), GRANTS.remove.detail)))
      return { done: false, cancelled: true };
    const outcome = await editSettingsFile(paths, rule.scope, (text) => (text === undefined ? undefined : removeRuleEdit(text, rule.behaviour, rule.rule)));
    this.deps.logger.info(`[grants] remove ${rule.behaviour} ${rule.rule} from ${paths[rule.scope]}: ${logLine(outcome)}`);
    await this.refresh();
    if (outcome.ok) return { done: true, message: GRANTS.outcome.removed(rule.rule, file) };
    return this.failed(outcome, file, rule.rule);
  }

  /** Appends `rule` to permissions.<behaviour> of `scope`'s file (created if absent). */
  async add(scope: Scope, behaviour: Behaviour, rule: string): Promise<ChangeOutcome> {
    const refused = this.refusal();
    if (refused) return refused;
    const invalid = validateRule(rule);
    if (invalid) return { done: false, message: invalid, severity: 'warning', actions: [] };
    const paths = this.paths()!;
    const file = this.fileLabel(scope, paths);
    const outcome = await editSettingsFile(paths, scope, (text) => addRuleEdit(text, behaviour, rule));
    this.deps.logger.info(`[grants] add ${behaviour} ${rule} to ${paths[scope]}: ${logLine(outcome)}`);
    await this.refresh();
    if (outcome.ok)
      return outcome.changed
        ? { done: true, message: GRANTS.outcome.added(rule, file) }
        : { done: false, message: GRANTS.outcome.alreadyThere(rule, file), severity: 'info', actions: [] };
    return this.failed(outcome, file, rule);
  }

  /** How the view names `scope`'s file: from the folder, or from the home folder with ~. */
  fileLabel(scope: Scope, paths = this.paths()): string {
    const path = paths?.[scope] ?? '';
    const at = this.deps.locate();
    if (scope !== 'user' && at) return relative(at.workspace, path).split(sep).join('/');
    const home = homedir();
    const rel = relative(home, path);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? `~/${rel.split(sep).join('/')}` : path;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async read(): Promise<void> {
    const at = this.deps.locate();
    if (!at) {
      this.files = undefined;
      this.projectTrusted = undefined;
      this.changed.fire();
      return;
    }
    const paths = settingsFilePaths(at);
    const [files, trusted] = await Promise.all([
      Promise.all(
        SCOPES.map(async (scope): Promise<FileState> => {
          const read = await readSettingsFile(paths[scope]);
          const parsed =
            read.kind === 'text' || read.kind === 'absent' ? parsePermissionSettings(read.kind === 'text' ? read.text : undefined, scope) : undefined;
          return { scope, path: paths[scope], label: this.fileLabel(scope, paths), read, ...(parsed ? { parsed } : {}) };
        }),
      ),
      readClaudeTrust(claudeStateFile(at), at.workspace),
    ]);
    this.files = files;
    this.projectTrusted = trusted;
    this.changed.fire();
  }

  private refusal(): ChangeOutcome | undefined {
    if (!this.deps.trusted()) return { done: false, message: GRANTS.outcome.untrusted, severity: 'info', actions: ['manageTrust'] };
    if (!this.paths()) return { done: false, message: GRANTS.outcome.noFolder, severity: 'info', actions: ['openFolder'] };
    return undefined;
  }

  private failed(outcome: Exclude<EditOutcome, { ok: true }>, file: string, rule: string): ChangeOutcome {
    const warn = (message: string): ChangeOutcome => ({ done: false, message, severity: 'warning', actions: [] });
    switch (outcome.why) {
      case 'noEdit':
        return { done: false, message: GRANTS.outcome.gone(rule, file), severity: 'info', actions: [] };
      case 'malformed':
        return warn(GRANTS.outcome.malformed(file, outcome.error));
      case 'refused':
        return warn(GRANTS.outcome.refused(file, whyUnread(outcome.read)));
      case 'changed':
        return warn(GRANTS.outcome.changed(file));
      case 'writeFailed':
        return warn(GRANTS.outcome.writeFailed(file, outcome.code));
    }
  }
}

export interface PermissionsViewDeps extends PermissionsModelDeps {
  /** Fires when `sessionGrants` would return something else. */
  onDidChangeSessionGrants?: vscode.Event<unknown>;
  /** Shows what did not happen as asked (the one place messages are shown). */
  say(message: string, severity: Severity, actions: UserAction[]): void;
}

/** The tree view itself, its file watchers, and what its commands do. */
export class PermissionsView implements vscode.TreeDataProvider<PermissionsNode>, vscode.Disposable {
  static readonly viewId = 'acpChat.permissionsView';
  readonly model: PermissionsModel;
  private readonly view: vscode.TreeView<PermissionsNode>;
  private readonly treeChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.treeChanged.event;
  private parents = new Map<string, PermissionsNode | undefined>();
  private watchers: vscode.Disposable[] = [];
  private watched = '';
  private soon: ReturnType<typeof setTimeout> | undefined;
  private firstRead: Promise<void> | undefined;
  private disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: PermissionsViewDeps) {
    this.model = new PermissionsModel(deps);
    this.view = vscode.window.createTreeView(PermissionsView.viewId, { treeDataProvider: this });
    this.disposables.push(
      this.view,
      this.model,
      this.treeChanged,
      this.model.onDidChange(() => this.render()),
      this.view.onDidChangeVisibility((e) => e.visible && this.refreshSoon()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('acpChat.agent.env') && this.refreshSoon()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.refreshSoon()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.render()),
    );
    if (deps.onDidChangeSessionGrants) this.disposables.push(deps.onDidChangeSessionGrants(() => this.model.sessionChanged()));
    // Nothing is read until the view is first shown (or the model asked): a collapsed view costs activation nothing.
  }

  getTreeItem(node: PermissionsNode): vscode.TreeItem {
    const collapsible = node.children?.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = node.id;
    item.contextValue = node.kind;
    if (node.description) item.description = node.description;
    if (node.tooltip) item.tooltip = node.tooltip;
    if (node.icon) item.iconPath = new vscode.ThemeIcon(node.icon.id, node.icon.color ? new vscode.ThemeColor(node.icon.color) : undefined);
    // A screen reader hears the whole line, the marks in the description included.
    item.accessibilityInformation = { label: node.description ? `${node.label}, ${node.description}` : node.label };
    return item;
  }

  getChildren(node?: PermissionsNode): PermissionsNode[] {
    if (node) return node.children ?? [];
    if (!this.model.state() && !this.firstRead) this.firstRead = this.refreshNow();
    const nodes = this.model.nodes();
    this.parents = new Map([...walk(nodes)].map(({ node: n, parent }) => [n.id, parent]));
    return nodes;
  }

  getParent(node: PermissionsNode): PermissionsNode | undefined {
    return this.parents.get(node.id);
  }

  /** Remove (a rule's inline action): after the modal question. */
  async removeRule(target?: unknown): Promise<void> {
    const rule = isNode(target) && target.kind === 'rule' ? target.rule : undefined;
    if (!rule) return;
    const outcome = await this.model.remove(rule, async (question, detail) => {
      const answer = await vscode.window.showWarningMessage(question, { modal: true, detail }, GRANTS.remove.button);
      return answer === GRANTS.remove.button;
    });
    this.report(outcome);
  }

  /** Add Rule (the view's title): the file, then allow / ask / deny, then the rule, checked as it is typed. */
  async addRule(): Promise<void> {
    const refused = this.model.paths() ? (this.deps.trusted() ? undefined : GRANTS.outcome.untrusted) : GRANTS.outcome.noFolder;
    if (refused) {
      this.deps.say(refused, 'info', this.model.paths() ? ['manageTrust'] : ['openFolder']);
      return;
    }
    await this.model.refresh();
    const scope = await this.pickScope(GRANTS.add.scopeTitle);
    if (!scope) return;
    const unread = this.unreadReason(scope);
    if (unread) {
      this.deps.say(GRANTS.outcome.refused(this.model.fileLabel(scope), unread), 'warning', []);
      return;
    }
    const behaviours = (['allow', 'ask', 'deny'] as const).map((b) => ({ label: GRANTS.behaviours[b], detail: GRANTS.behaviourDetail[b], behaviour: b }));
    const picked = await vscode.window.showQuickPick(behaviours, { title: GRANTS.add.behaviourTitle, ignoreFocusOut: true });
    if (!picked) return;
    const behaviour = picked.behaviour;
    const rule = await vscode.window.showInputBox({
      title: GRANTS.add.ruleTitle(GRANTS.behaviours[behaviour], this.model.fileLabel(scope)),
      prompt: scope === 'project' && behaviour === 'allow' ? `${GRANTS.add.rulePrompt}. ${GRANTS.add.projectAllowWarning}` : GRANTS.add.rulePrompt,
      placeHolder: 'Bash(npm test:*)', // l10n-ignore: a rule's syntax, the same in every language
      ignoreFocusOut: true,
      validateInput: (value) => validateRule(value),
    });
    if (rule === undefined) return;
    const outcome = await this.model.add(scope, behaviour, rule);
    this.report(outcome);
    if (outcome.done) await this.reveal((n) => n.kind === 'rule' && n.rule?.scope === scope && n.rule.behaviour === behaviour && n.rule.rule === rule);
  }

  /** Open Settings File: the one of the item it was run on, else the one picked. An absent file opens unsaved. */
  async openSettingsFile(target?: unknown): Promise<void> {
    const paths = this.model.paths();
    if (!paths) {
      this.deps.say(GRANTS.outcome.noFolder, 'info', ['openFolder']);
      return;
    }
    const scope = isNode(target) && target.scope ? target.scope : await this.pickScope(GRANTS.openPick);
    if (!scope) return;
    const path = paths[scope];
    const exists = (await readSettingsFile(path)).kind !== 'absent';
    const doc = await vscode.workspace.openTextDocument(exists ? vscode.Uri.file(path) : vscode.Uri.file(path).with({ scheme: 'untitled' }));
    const ruleText = isNode(target) && target.rule ? JSON.stringify(target.rule.rule) : undefined;
    const at = ruleText ? doc.getText().indexOf(ruleText) : -1;
    const selection = at >= 0 ? new vscode.Range(doc.positionAt(at), doc.positionAt(at + ruleText!.length)) : undefined;
    await vscode.window.showTextDocument(doc, { preview: true, ...(selection ? { selection } : {}) });
  }

  refresh(): Promise<void> {
    return this.model.refresh();
  }

  dispose(): void {
    clearTimeout(this.soon);
    for (const d of [...this.watchers.splice(0), ...this.disposables.splice(0)].reverse()) d.dispose();
  }

  private render(): void {
    this.view.message = !this.model.paths() ? GRANTS.noFolder : this.deps.trusted() ? GRANTS.appliesAt : `${GRANTS.readOnlyUntrusted} ${GRANTS.appliesAt}`;
    this.watch();
    this.treeChanged.fire();
  }

  /** A watcher per file (outside the folder too: the user's file), set again when the locations change. */
  private watch(): void {
    const paths = this.model.paths();
    const key = paths ? SCOPES.map((s) => paths[s]).join('\n') : '';
    if (key === this.watched) return;
    this.watched = key;
    for (const w of this.watchers.splice(0)) w.dispose();
    if (!paths) return;
    for (const scope of SCOPES) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dirname(paths[scope])), basename(paths[scope])));
      this.watchers.push(
        watcher,
        watcher.onDidCreate(() => this.refreshSoon()),
        watcher.onDidChange(() => this.refreshSoon()),
        watcher.onDidDelete(() => this.refreshSoon()),
      );
    }
  }

  /** One reading for a burst of events (an editor's save is several). */
  private refreshSoon(): void {
    clearTimeout(this.soon);
    this.soon = setTimeout(() => void this.refreshNow(), 100);
  }

  private refreshNow(): Promise<void> {
    return this.model.refresh().catch((err: unknown) => this.deps.logger.warn('[grants] reading the settings files failed', err));
  }

  private async pickScope(title: string): Promise<Scope | undefined> {
    const items = SCOPES.map((scope) => {
      const unread = this.unreadReason(scope);
      return {
        label: GRANTS.scopePick[scope].label,
        description: unread ? GRANTS.unreadable : this.model.fileLabel(scope),
        detail: GRANTS.scopePick[scope].detail,
        scope,
      };
    });
    return (await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true }))?.scope;
  }

  /** Why `scope`'s file is not one to write (as last read); undefined when it is. */
  private unreadReason(scope: Scope): string | undefined {
    const file = this.model.state()?.find((f) => f.scope === scope);
    if (!file) return undefined;
    if (file.read.kind === 'refused' || file.read.kind === 'unreadable') return whyUnread(file.read);
    return file.parsed && !file.parsed.ok ? file.parsed.error : undefined;
  }

  private report(outcome: ChangeOutcome): void {
    if (!outcome.done && !('cancelled' in outcome)) this.deps.say(outcome.message, outcome.severity, outcome.actions);
  }

  /** Selects the first node `match` finds (after an addition: the new rule, for the keyboard to continue from). */
  private async reveal(match: (node: PermissionsNode) => boolean): Promise<void> {
    const found = [...walk(this.getChildren())].find(({ node }) => match(node))?.node;
    if (found && this.view.visible) await this.view.reveal(found, { select: true, focus: false }).then(undefined, () => undefined);
  }
}

function isNode(value: unknown): value is PermissionsNode {
  return typeof value === 'object' && value !== null && 'id' in value && 'kind' in value && 'label' in value;
}

function clock(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

function logLine(outcome: EditOutcome): string {
  return outcome.ok ? (outcome.changed ? 'written' : 'nothing to change') : outcome.why;
}

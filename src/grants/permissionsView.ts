// The Permissions view (a tree in the ACP Chat container): what Claude Code may do without asking, never asks about
// or must ask about, read from its three settings files, and the grants this conversation's answers gave that landed
// in no file. A rule can be removed (after a modal question naming it and its file) and added (file, then allow / ask
// / deny, then the rule, checked as typed); each edit changes that one entry and leaves every other byte of the file
// as it was, and a file Claude Code would not read is never written. Read-only in Restricted Mode (the menus' `when`
// clauses, and the handlers refuse too). The files are watched, so the view follows edits made anywhere.
// Claude Code itself watches these files and applies a change within about a second, in running sessions too (found in
// its bundled CLI, the settings watcher's `awaitWriteFinish` of 1000 ms, and measured with it): no new session needed.
// The files' reading and the edits are the model's (permissionsModel.ts); this is the tree, its watchers and its
// questions.
import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import type { Severity, UserAction } from '../feedback/userErrors';
import { GRANTS } from './grantsWording';
import { SCOPES, type Scope } from './claudeRules';
import { PermissionsModel, type ChangeOutcome, type PermissionsModelDeps } from './permissionsModel';
import { walk, whyUnread, type PermissionsNode } from './permissionsTree';
import { validateRule } from './ruleSyntax';
import { readSettingsFile } from './settingsFiles';

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
  private readonly treeChanged = new Emitter<void>();
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

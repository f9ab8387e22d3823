// The Permissions view's facts, without the view: Claude Code's three settings files as last read (and whether it
// trusts the folder), and the edits (remove a rule after a question, add one checked first), each worded as an
// outcome for the view to show. The extension-host tests drive it (`grants`).
import { homedir } from 'node:os';
import { isAbsolute, relative, sep } from 'node:path';
import { Emitter, type Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Severity, UserAction } from '../feedback/userErrors';
import { GRANTS } from './grantsWording';
import type { ClaudeLocations } from './claudeLocations';
import { parsePermissionSettings, SCOPES, type Behaviour, type Rule, type Scope } from './claudeRules';
import { buildPermissionsTree, whyUnread, type FileState, type PermissionsNode } from './permissionsTree';
import { addRuleEdit, removeRuleEdit } from './ruleEdits';
import { validateRule } from './ruleSyntax';
import { editSettingsFile, readClaudeTrust, readSettingsFile, type EditOutcome } from './settingsFiles';
import { claudeStateFile, settingsFilePaths } from './settingsPaths';

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
export class PermissionsModel implements Disposable {
  private files: FileState[] | undefined;
  private projectTrusted: boolean | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private readonly changed = new Emitter<void>();
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

function clock(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

function logLine(outcome: EditOutcome): string {
  return outcome.ok ? (outcome.changed ? 'written' : 'nothing to change') : outcome.why;
}

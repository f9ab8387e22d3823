// Follows one session's "always" answers to their effect: the rules in Claude Code's three settings files are read
// when a request that offers a durable option arrives, and again once the call it allowed has run (the agent applies
// the grant when it gets the answer), and the difference is the grant (grantEffect.ts). No `vscode`.
import type { Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { PermissionRecord, TranscriptChange } from '../acpClient/transcript';
import { grantEffect, isDurableKind, type GrantEffect } from './grantEffect';
import { parsePermissionSettings, type Rule, type Scope } from './claudeRules';
import { readSettingsFile } from './settingsFiles';

/** Every rule of the three files as they are now (a file that is absent, refused or malformed adds none). */
export async function readRules(paths: Readonly<Record<Scope, string>>): Promise<Rule[]> {
  const rules: Rule[] = [];
  for (const scope of Object.keys(paths) as Scope[]) {
    const read = await readSettingsFile(paths[scope]);
    if (read.kind !== 'text') continue;
    const parsed = parsePermissionSettings(read.text, scope);
    if (parsed.ok) rules.push(...parsed.rules);
  }
  return rules;
}

/** A durable answer and what it did. */
export interface ObservedGrant {
  /** The permission record's key. */
  key: string;
  /** The option chosen, as the agent named it. */
  optionName: string;
  effect: GrantEffect;
}

export class GrantWatcher implements Disposable {
  private readonly before = new Map<string, Promise<Rule[]>>();
  /** Tool call id → the durable answer waiting for that call to run. */
  private readonly waiting = new Map<string, PermissionRecord>();
  private readonly sub: Disposable;

  constructor(
    session: Session,
    private readonly paths: () => Readonly<Record<Scope, string>> | undefined,
    private readonly observed: (grant: ObservedGrant) => void,
    private readonly logger: Logger,
  ) {
    this.sub = session.onDidChange((changes) => this.onChanges(session, changes));
  }

  dispose(): void {
    this.sub.dispose();
  }

  private onChanges(session: Session, changes: readonly TranscriptChange[]): void {
    for (const c of changes) {
      if (c.type === 'meta-changed') {
        // The turn ended: a call that never reported its end has run all it will.
        if (c.keys.includes('turn') && session.turn === 'idle') for (const id of [...this.waiting.keys()]) this.settle(id);
        continue;
      }
      const e = c.entry;
      if (e.kind === 'permission') this.onPermission(e.permission);
      else if (e.kind === 'tool' && this.waiting.has(e.toolCall.toolCallId) && (e.toolCall.status === 'completed' || e.toolCall.status === 'failed'))
        this.settle(e.toolCall.toolCallId);
    }
  }

  private onPermission(p: PermissionRecord): void {
    const paths = this.paths();
    if (!paths) return;
    if (p.outcome.status === 'pending') {
      if (!this.before.has(p.key) && p.options.some((o) => isDurableKind(o.kind))) this.before.set(p.key, readRules(paths));
      return;
    }
    if (p.outcome.status === 'selected' && isDurableKind(p.outcome.optionKind) && this.before.has(p.key)) this.waiting.set(p.toolCallId, p);
    else this.before.delete(p.key);
  }

  private settle(toolCallId: string): void {
    const p = this.waiting.get(toolCallId);
    const paths = this.paths();
    this.waiting.delete(toolCallId);
    const before = p && this.before.get(p.key);
    if (!p || !paths || !before || p.outcome.status !== 'selected') return;
    this.before.delete(p.key);
    const optionName = p.outcome.optionName;
    void Promise.all([before, readRules(paths)]).then(
      ([b, a]) => this.observed({ key: p.key, optionName, effect: grantEffect(b, a, paths) }),
      (err: unknown) => this.logger.warn('[grants] could not read the settings files after an answer', err),
    );
  }
}

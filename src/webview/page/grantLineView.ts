// What a durable answer did, under its approval: the rule it added and the file it is kept in (as the host read
// them from the file), with Undo and Open; or that the grant lasts for this conversation only.
import type { GrantView, WebviewToHost } from '../protocol/protocol';
import { button, h, icon } from './dom';
import { l10n } from './l10n';

/** The line for `grant`, or null when the answer changed nothing durable. */
export function renderGrantLine(grant: GrantView | undefined, post: (m: WebviewToHost) => void): HTMLElement | null {
  if (!grant) return null;
  if (grant.sessionOnly) {
    return h(
      'div',
      { class: 'permission-grant', 'data-testid': 'permission-grant' },
      icon('info'),
      h('span', {}, l10n.t('No settings file changed: this grant lasts for this chat only.')),
    );
  }
  if (!grant.rules.length) return null;
  const said = grant.rules.map((r) => {
    // One sentence for the translator, the rule a <code> inside it: split where the rule goes (NUL is in no path).
    const [before = '', after = ''] = l10n.t('Added {0} to {1} ({2})', '\u0000', r.file, r.where).split('\u0000');
    return h('span', { class: 'grant-rule' }, before, h('code', {}, r.rule), after);
  });
  const undo = button(l10n.t('Undo'), { class: 'text-btn', 'data-testid': 'grant-undo', title: l10n.t('Remove exactly this rule from its file') });
  undo.addEventListener('click', () => {
    undo.disabled = true;
    post({ type: 'undoGrant', key: grant.key });
  });
  const open = button(l10n.t('Open'), { class: 'text-btn', 'data-testid': 'grant-open', title: l10n.t('Open the settings file at this rule') });
  open.addEventListener('click', () => post({ type: 'openGrant', key: grant.key }));
  return h(
    'div',
    { class: `permission-grant${grant.undone ? ' undone' : ''}`, 'data-testid': 'permission-grant' },
    icon(grant.undone ? 'discard' : 'law'),
    h('span', { class: 'grant-text' }, ...said.flatMap((s, i) => (i ? ['; ', s] : [s])), grant.undone ? l10n.t(' — undone.') : '.'),
    grant.undone ? null : undo,
    open,
  );
}

// The session's queue of prompts typed while a turn runs (session meta, so every view shows the same queue and a
// reload keeps it). Each can be edited or removed before it is sent; where the agent takes steering, "Steer" sends it
// into the running turn, and when the session is idle (after a Stop) "Send" sends it now.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { QueuedPrompt } from '../protocol/protocol';
import type { WebviewToHost } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

interface QueueState {
  queue: readonly QueuedPrompt[];
  running: boolean;
  steering: boolean;
}

export class QueueView {
  readonly node = h('section', { class: 'queue', 'aria-label': l10n.t('Queued prompts'), 'data-testid': 'queue' });
  private key = '';
  private last: QueueState = { queue: [], running: false, steering: false };
  /** The item being edited, with its draft: survives re-renders caused by other items. */
  private editing: { id: string; text: string } | undefined;

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.node.hidden = true;
  }

  update(queue: readonly QueuedPrompt[], running: boolean, steering: boolean): void {
    this.last = { queue, running, steering };
    if (this.editing && !queue.some((q) => q.id === this.editing!.id)) this.editing = undefined;
    const key = JSON.stringify([queue, running, steering, this.editing?.id]);
    if (key === this.key) return;
    this.key = key;
    this.node.hidden = queue.length === 0;
    const head = running ? l10n.t('Queued ({0}): sent when the agent finishes', queue.length) : l10n.t('Queued ({0})', queue.length);
    setChildren(this.node, queue.length ? h('div', { class: 'queue-head' }, icon('list-ordered'), head) : null, ...queue.map((q) => this.item(q)));
  }

  private refresh(): void {
    this.key = '';
    this.update(this.last.queue, this.last.running, this.last.steering);
  }

  private item(q: QueuedPrompt): HTMLElement {
    const { running, steering } = this.last;
    const text = promptText(q.content);
    const row = h('div', { class: 'queue-item', 'data-testid': 'queued-prompt', 'data-queue-id': q.id });
    if (this.editing?.id === q.id) {
      const area = h('textarea', { class: 'queue-edit', 'aria-label': l10n.t('Edit queued prompt'), rows: 2, 'data-testid': 'queued-edit' });
      area.value = this.editing.text;
      area.addEventListener('input', () => {
        if (this.editing) this.editing.text = area.value;
      });
      const save = button(l10n.t('Save'), { class: 'text-btn', 'data-testid': 'queued-save' });
      save.addEventListener('click', () => {
        this.editing = undefined;
        this.post({ type: 'editQueuedPrompt', id: q.id, text: area.value });
        this.refresh();
      });
      const cancel = button(l10n.t('Cancel'), { class: 'text-btn', 'data-testid': 'queued-cancel-edit' });
      cancel.addEventListener('click', () => {
        this.editing = undefined;
        this.refresh();
      });
      setChildren(row, area, h('span', { class: 'queue-actions' }, save, cancel));
      queueMicrotask(() => area.focus());
      return row;
    }
    const attached = q.content.length - q.content.filter((b) => b.type === 'text').length;
    const actions: HTMLElement[] = [];
    if (running && steering) actions.push(this.action(q.id, 'steer', l10n.t('Steer: send into the running turn'), 'debug-step-into', l10n.t('Steer')));
    if (!running) actions.push(this.action(q.id, 'send', l10n.t('Send now'), 'send', l10n.t('Send')));
    const edit = button(l10n.t('Edit queued prompt'), { class: 'icon-btn', 'data-testid': 'queued-edit-btn' }, icon('edit'));
    edit.addEventListener('click', () => {
      this.editing = { id: q.id, text };
      this.refresh();
    });
    actions.push(edit, this.action(q.id, 'remove', l10n.t('Remove queued prompt'), 'close'));
    setChildren(
      row,
      h('span', { class: 'queue-text', 'data-testid': 'queued-text' }, text || l10n.t('(attachments only)')),
      attached > 0 ? h('span', { class: 'queue-extra' }, l10n.t('+{0} attached', attached)) : null,
      h('span', { class: 'queue-actions' }, ...actions),
    );
    return row;
  }

  private action(id: string, action: 'remove' | 'steer' | 'send', label: string, iconName: string, text?: string): HTMLButtonElement {
    const b = button(label, { class: text ? 'text-btn' : 'icon-btn', 'data-testid': `queued-${action}` }, icon(iconName), text ?? null);
    b.addEventListener('click', () => this.post({ type: 'queuedPrompt', id, action }));
    return b;
  }
}

function promptText(content: readonly ContentBlock[]): string {
  return content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
}

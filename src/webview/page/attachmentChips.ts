// The composer's attachments: what the next prompt sends with its text, shown as chips above the box, each with its
// kind's icon and a Remove button. A file or selection attached twice is kept once; an image always adds.
import type { Attachment } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export class AttachmentChips {
  readonly node = h('div', { class: 'attachments', 'aria-label': l10n.t('Attachments'), role: 'list', 'data-testid': 'attachments' });
  private attachments: Attachment[] = [];

  /** `onRemoved`: after a chip's Remove (the composer takes the focus back). */
  constructor(private readonly onRemoved: () => void) {
    this.node.hidden = true;
  }

  get count(): number {
    return this.attachments.length;
  }

  add(a: Attachment): void {
    const same = (b: Attachment) =>
      b.type === a.type &&
      'path' in b &&
      'path' in a &&
      b.path === a.path &&
      (a.type !== 'selection' || (b.type === 'selection' && b.startLine === a.startLine && b.endLine === a.endLine));
    if (a.type !== 'image' && this.attachments.some(same)) return;
    this.attachments.push(a);
    this.render();
  }

  /** Hands the attachments over to a prompt being sent: the chips are emptied. */
  take(): Attachment[] {
    const attachments = this.attachments;
    this.attachments = [];
    this.render();
    return attachments;
  }

  private render(): void {
    this.node.hidden = this.attachments.length === 0;
    setChildren(
      this.node,
      ...this.attachments.map((a, i) => {
        const label = a.type === 'selection' ? `${a.name}:${a.startLine}-${a.endLine}` : a.name;
        const remove = button(l10n.t('Remove attachment {0}', label), { class: 'chip-remove', 'data-testid': 'remove-attachment' }, icon('close'));
        remove.addEventListener('click', () => {
          this.attachments.splice(i, 1);
          this.render();
          this.onRemoved();
        });
        return h('span', { class: 'chip', role: 'listitem', 'data-testid': 'attachment', title: chipTooltip(a) }, icon(chipIcon(a)), label, remove);
      }),
    );
  }
}

/** What the chip's tooltip says the agent gets, where its name does not: a terminal's text goes as it printed it. The
 * protocol's attachment carries no tooltip, so the page words it, as it does its other tooltips. */
function chipTooltip(a: Attachment): string | undefined {
  return a.type === 'context' && a.kind === 'terminal'
    ? l10n.t("The terminal's raw text, sent to the agent as it printed it; only values that look like secrets (tokens, passwords, keys) are masked")
    : undefined;
}

/** The chip's icon: what kind of thing is attached. */
function chipIcon(a: Attachment): string {
  switch (a.type) {
    case 'image':
      return 'file-media';
    case 'selection':
      return 'selection';
    case 'context':
      return a.kind === 'problems' ? 'warning' : a.kind === 'terminal' ? 'terminal' : 'git-compare';
    default:
      return a.folder ? 'folder' : 'file';
  }
}

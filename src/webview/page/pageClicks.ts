// What a click on the page's content does beyond its views' own buttons: a link opens through the host, and a code
// block's copy button copies the block. The page has one copy button: it joins the block the pointer is over or the
// focus is in.
import type { WebviewToHost } from '../protocol/protocol';
import { button, icon } from './dom';
import { l10n } from './l10n';

export class PageClicks {
  private readonly copyButton = button(l10n.t('Copy code'), { class: 'icon-btn copy-code', 'data-testid': 'copy-code' }, icon('copy'));

  constructor(
    private readonly post: (msg: WebviewToHost) => void,
    private readonly copyText: (text: string) => Promise<void>,
  ) {}

  /** A click, or Enter or Space on a link. */
  onClick(e: Event): void {
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    const link = target.closest<HTMLElement>('[data-href]');
    if (link) {
      // Links never navigate the webview; the host validates and confirms.
      e.preventDefault();
      this.post({ type: 'openLink', href: link.dataset.href ?? '' });
      return;
    }
    const copy = target.closest<HTMLElement>('.copy-code');
    if (copy) {
      const code = copy.parentElement?.querySelector('pre')?.textContent ?? '';
      this.copyText(code).then(
        () => copy.classList.add('copied'),
        () => copy.classList.add('copy-failed'),
      );
    }
  }

  /** Puts the copy button in the code block `target` is in (after its code, so Tab goes from the code to it). */
  offerCopy(target: EventTarget | null): void {
    const block = target instanceof Element ? target.closest('.code-block') : null;
    if (!block || this.copyButton.parentElement === block) return;
    this.copyButton.classList.remove('copied', 'copy-failed');
    block.append(this.copyButton);
  }
}

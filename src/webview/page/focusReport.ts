// The page tells the host whether the keyboard is in it, once per change. The host needs to know which chat the user
// is in (commands act on it), and whether the keyboard is in it (keys meant for the chat, like Escape for Stop, act
// only then); the page is the only one that can tell.
import type { WebviewToHost } from '../protocol/protocol';

/** Posts `focused` and `blurred` as the page gains and loses the keyboard focus, from now on. */
export function reportFocus(post: (msg: WebviewToHost) => void): void {
  let hasFocus = false;
  const focusIs = (now: boolean) => {
    if (now === hasFocus) return;
    hasFocus = now;
    post(now ? { type: 'focused' } : { type: 'blurred' });
  };
  window.addEventListener('focus', () => focusIs(true));
  window.addEventListener('blur', () => focusIs(false));
  // Focus moving onto one of the page's controls says it too, should the window's own event not come.
  document.addEventListener('focusin', () => focusIs(true));
  // A page loaded into a view that already has the focus (a hidden view shown again by a key) gets no focus event.
  if (document.hasFocus()) focusIs(true);
}

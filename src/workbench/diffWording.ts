// The words of opening a tool call's diff from the chat: here, with the editor services that open diffs, because the
// chat's views that say them (webview/host/) sit below review/ in the layers.
import { l10n } from '../contributions/l10n';
import type { UserError } from '../feedback/userErrors';

/** A diff the chat still shows but whose tool call the session no longer holds (e.g. after a new session). */
export const DIFF_UNAVAILABLE: UserError = {
  get message() {
    return l10n.t('That diff is no longer available.');
  },
  severity: 'warning',
  actions: [],
};

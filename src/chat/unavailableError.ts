// The chat core's error for a request whose target is gone; it lives here because only the chat core throws it. Its
// message is what the user reads (describeError's fallback shows it), so it goes through l10n.t.
import { l10n } from '../contributions/l10n';

// Getters: worded when thrown, not while the module loads (the translator is handed over at activation).
const UNAVAILABLE = {
  get 'shutting-down'() {
    return l10n.t('ACP Chat is shutting down.');
  },
  get 'agent-not-running'() {
    return l10n.t('The agent is not running.');
  },
  get 'chat-closed'() {
    return l10n.t('This chat was closed.');
  },
};

/** What was asked for is gone: the extension is shutting down, the agent stopped, or the chat was closed. */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
  constructor(readonly what: keyof typeof UNAVAILABLE) {
    super(UNAVAILABLE[what]);
  }
}

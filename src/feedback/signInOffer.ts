// What a card offers for signing in: the agent's sign-in methods as buttons (name and description verbatim), all of
// them or only the Claude subscription's, and the kept prompt's preview for "send it when signed in". Pure: no vscode.
import type { AuthMethod, ContentBlock } from '@agentclientprotocol/sdk';
import type { NoticeButton } from '../chat/chatNotices';

/**
 * Claude's adapter's subscription sign-in (its `initialize` in
 * node_modules/@agentclientprotocol/claude-agent-acp/dist/acp-agent.js): `claude-ai-login` (`auth login --claudeai`),
 * or on a remote machine `claude-login` (Claude Code's `/login`). Its other method, the Anthropic Console, signs in to
 * the API billing that a credit error is about.
 */
const SUBSCRIPTION_METHODS: ReadonlySet<string> = new Set(['claude-ai-login', 'claude-login']);

/** The buttons of `action`: one per method the agent offers for `signIn`, its subscription's for `subscriptionSignIn`. */
export function methodButtons(action: 'signIn' | 'subscriptionSignIn', methods: readonly AuthMethod[]): NoticeButton[] {
  return methods
    .filter((m) => action === 'signIn' || SUBSCRIPTION_METHODS.has(m.id))
    .map((m) => ({ action, label: m.name, methodId: m.id, ...(m.description ? { description: m.description } : {}) }));
}

/** The kept prompt's text, shortened, for the card's "send it when signed in" (undefined when none is kept). */
export function promptPreview(prompt: ContentBlock[] | undefined): string | undefined {
  if (!prompt) return undefined;
  const text = prompt
    .map((b) => (b.type === 'text' ? b.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

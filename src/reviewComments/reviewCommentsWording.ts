// The review's words: its threads, its actions' outcomes. One place, through l10n.
import { l10n } from '../contributions/l10n';

export const REVIEW_COMMENTS = {
  controllerLabel: () => l10n.t('Review of the agent’s changes'),
  placeholder: () => l10n.t('A comment for the agent (sent with Send Review)'),
  prompt: () => l10n.t('Comment on this line for the agent'),
  you: () => l10n.t('You'),
  agent: () => l10n.t('Agent'),
  draftLabel: () => l10n.t('Draft'),
  threadLabel: (state: 'draft' | 'sent', outdated: boolean) =>
    state === 'draft'
      ? outdated
        ? l10n.t('Draft for the agent (outdated: its lines changed)')
        : l10n.t('Draft for the agent')
      : outdated
        ? l10n.t('Sent to the agent (outdated: its lines changed)')
        : l10n.t('Sent to the agent'),
  /** The agent's change to a sent thread's lines, under it. */
  agentChanged: (diff: string) => l10n.t('Changed these lines after your review:\n\n{0}', diff),
  nothingToSend: () => l10n.t('There are no draft comments to send. Add one with the + beside a line the agent changed.'),
  chatClosed: () => l10n.t('The chat these comments are for is not open. Open it from Show Chats…, then send the review again; the comments are kept.'),
  sent: (n: number) => (n === 1 ? l10n.t('Sent 1 comment to the agent.') : l10n.t('Sent {0} comments to the agent.', n)),
  noPlanQuestion: () => l10n.t('The agent is no longer asking about this plan; your comments are kept.'),
  noPlanComments: () => l10n.t('Add a comment to a line of the plan first (the + beside it), or Approve Plan.'),
} as const;

// What an empty chat shows: an invitation to ask with a few first prompts to start from (a click puts one in the
// composer, to send or change) and how to move the chat beside the editor, or, in a window with no folder open, a welcome that says why the agent cannot start
// yet and offers VS Code's Open Folder (the agent works on a folder's files).
import { needsFolder, type ConnectionStatus, type WebviewToHost } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export class EmptyStateView {
  readonly node = h('div', { class: 'empty-state', 'data-testid': 'empty-state' });
  private welcome: boolean | undefined;

  /** A first prompt was picked: the app puts it in the composer. */
  onSuggest: (text: string) => void = () => {};

  constructor(private readonly post: (m: WebviewToHost) => void) {}

  /**
   * `entries`: the transcript shows something, so there is nothing to invite. `settingUp`: a set-up card (get Claude
   * Code, sign in) is the step now; the first prompts wait for it (hidden), so one action at a time is offered.
   */
  update(status: ConnectionStatus, entries: boolean, settingUp = false): void {
    const welcome = needsFolder(status);
    this.node.hidden = entries && !welcome;
    this.node.toggleAttribute('data-setting-up', settingUp);
    if (welcome === this.welcome) return;
    this.welcome = welcome;
    this.node.dataset.welcome = welcome ? 'open-folder' : 'ask';
    if (!welcome) {
      const suggestions = firstPrompts().map((text) => {
        const b = button(text, { class: 'text-btn empty-suggestion', 'data-testid': 'first-prompt' }, text);
        b.addEventListener('click', () => this.onSuggest(text));
        return h('li', {}, b);
      });
      // Where the chat works is chosen before its first prompt: the folder, or a git worktree of its own.
      const inWorktree = l10n.t('Work in a new git worktree…');
      const worktree = button(inWorktree, { class: 'text-btn', 'data-testid': 'start-in-worktree' }, icon('git-branch'), inWorktree);
      worktree.addEventListener('click', () => this.post({ type: 'worktree', action: 'start' }));
      setChildren(
        this.node,
        icon('comment-discussion'),
        h('p', {}, l10n.t('Ask the agent to change or explain something in this workspace. It asks before it edits a file or runs a command.')),
        h('div', { class: 'empty-suggestions' }, h('p', {}, l10n.t('To start:')), h('ul', { 'aria-label': l10n.t('First prompts') }, ...suggestions)),
        h('p', { class: 'empty-worktree' }, l10n.t('Or keep its changes apart from your folder: '), worktree),
        // VS Code lets an extension's view start only in the primary side bar (at this extension's oldest VS Code);
        // where it goes from there is the user's to choose.
        h(
          'p',
          { class: 'empty-tip', 'data-testid': 'move-tip' },
          l10n.t('Tip: to keep the chat beside your editor, drag the ACP Chat icon from the activity bar to the Secondary Side Bar.'),
        ),
      );
      return;
    }
    const open = button(l10n.t('Open Folder…'), { class: 'primary', 'data-testid': 'open-folder' });
    open.addEventListener('click', () => this.post({ type: 'openFolder' }));
    setChildren(
      this.node,
      icon('folder-opened'),
      h('h2', { class: 'welcome-title' }, l10n.t('Open a folder to start')),
      h('p', {}, l10n.t('The agent reads and edits the files of the folder you open, and asks you before it changes them.')),
      open,
    );
  }
}

/** First prompts that work in any project and show what the agent does: reads, then a small edit to approve. */
function firstPrompts(): string[] {
  return [l10n.t('Explain how this project is organised'), l10n.t('Find a small bug and propose a fix'), l10n.t('Add a short introduction to the README')];
}

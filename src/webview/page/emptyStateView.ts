// What an empty chat shows: an invitation to ask, or, in a window with no folder open, a welcome that says why the
// agent cannot start yet and offers VS Code's Open Folder (the agent works on a folder's files).
import { needsFolder, type ConnectionStatus, type WebviewToHost } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';

export class EmptyStateView {
  readonly node = h('div', { class: 'empty-state', 'data-testid': 'empty-state' });
  private welcome: boolean | undefined;

  constructor(private readonly post: (m: WebviewToHost) => void) {}

  /** `entries`: the transcript shows something, so there is nothing to invite. */
  update(status: ConnectionStatus, entries: boolean): void {
    const welcome = needsFolder(status);
    this.node.hidden = entries && !welcome;
    if (welcome === this.welcome) return;
    this.welcome = welcome;
    this.node.dataset.welcome = welcome ? 'open-folder' : 'ask';
    if (!welcome) {
      setChildren(this.node, icon('comment-discussion'), h('p', {}, 'Ask the agent to do something in this workspace.'));
      return;
    }
    const open = button('Open Folder…', { class: 'primary', 'data-testid': 'open-folder' });
    open.addEventListener('click', () => this.post({ type: 'openFolder' }));
    setChildren(
      this.node,
      icon('folder-opened'),
      h('h2', { class: 'welcome-title' }, 'Open a folder to start'),
      h('p', {}, 'The agent reads and edits the files of the folder you open, and asks you before it changes them.'),
      open,
    );
  }
}

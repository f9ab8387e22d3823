// The words of grants: what an "always" answer did, on its approval's card, and the Permissions view's (Claude Code's
// rules in its three settings files, this conversation's grants, adding and removing a rule). Beside the grants they word.
import { l10n } from '../contributions/l10n';

/** The words of what an "always" answer did, on its approval's card. */
export const GRANT_EFFECT = {
  where: {
    get local() {
      return l10n.t('this project, only you');
    },
    get project() {
      return l10n.t('this project, shared with everyone who clones it');
    },
    get user() {
      return l10n.t('all your projects');
    },
  } as Record<'user' | 'project' | 'local', string>,
  added: (rule: string, file: string, where: string) => l10n.t('Added {0} to {1} ({2}).', rule, file, where),
  get sessionOnly() {
    return l10n.t('No settings file changed: this grant lasts for this chat only.');
  },
  get undone() {
    return l10n.t('Undone.');
  },
  get nothingToUndo() {
    return l10n.t('That grant is not in a settings file, or was already undone.');
  },
  undoFailed: (rule: string, path: string) =>
    l10n.t('{0} could not be removed from {1}: the file changed or no longer parses. It was left as it is.', rule, path),
} as const;

/**
 * The words of the Permissions view (permissionsView.ts): Claude Code's rules in its three settings files, this
 * conversation's grants, and adding and removing a rule. (Why a rule or a file would not be read is worded by
 * claudeRules.ts, which the chat's page reaches and so imports nothing of the host.)
 */
export const GRANTS = {
  groups: {
    get session() {
      return l10n.t('This chat');
    },
    get local() {
      return l10n.t('Local');
    },
    get project() {
      return l10n.t('Project');
    },
    get user() {
      return l10n.t('User');
    },
  },
  /** Who a group's rules apply to, in its tooltip (the group's label is its one word, its file the description). */
  groupScope: {
    get local() {
      return l10n.t('Only you, in this project');
    },
    get project() {
      return l10n.t('Shared with the repository');
    },
    get user() {
      return l10n.t('All your projects');
    },
  },
  scopePick: {
    local: {
      get label() {
        return l10n.t('Local');
      },
      get detail() {
        return l10n.t('Only you, in this project (.claude/settings.local.json, which git ignores)');
      },
    },
    project: {
      get label() {
        return l10n.t('Project');
      },
      get detail() {
        return l10n.t('Everyone who clones the repository (.claude/settings.json, committed with it)');
      },
    },
    user: {
      get label() {
        return l10n.t('User');
      },
      get detail() {
        return l10n.t('You, in all your projects');
      },
    },
  },
  behaviours: { allow: 'Allow', ask: 'Ask', deny: 'Deny' },
  behaviourDetail: {
    get allow() {
      return l10n.t('Claude Code does it without asking');
    },
    get ask() {
      return l10n.t('Claude Code asks every time, even when an allow rule matches');
    },
    get deny() {
      return l10n.t('Claude Code never does it');
    },
  },
  /** Found in the bundled Claude Code: it watches its settings files and re-reads them in running sessions. */
  get appliesAt() {
    return l10n.t('Claude Code applies a change to these files within about a second, in running chats too.');
  },
  session: {
    get description() {
      return l10n.t('until the chat ends');
    },
    get tooltip() {
      return l10n.t('Kept by the agent for this chat only, in no file. A new chat starts without them.');
    },
    answered: (time: string) => l10n.t('answered at {0}', time),
  },
  ruleCount: (n: number) => (n ? l10n.t('{0} rule{1}', n, n === 1 ? '' : 's') : 'none'),
  get fromRepository() {
    return l10n.t('from the repository');
  },
  get fromRepositoryTooltip() {
    return l10n.t('This comes with the repository, not from you: it lets Claude Code do more without asking.');
  },
  /** Claude Code gates the repository's grants: found in the bundled Claude Code and checked with it. */
  get notApplied() {
    return l10n.t('not applied: folder not trusted in Claude Code');
  },
  get notAppliedTooltip() {
    return l10n.t(
      "Claude Code applies a repository's allow rules and extra directories only in a folder you trusted in Claude Code itself (its trust question, asked when you run claude there). Until then the calls they cover ask.",
    );
  },
  additionalDirectory: (dir: string) => l10n.t('Also works in {0}', dir),
  defaultMode: (mode: string) => l10n.t('Starts in mode {0}', mode),
  get noFile() {
    return l10n.t('no file');
  },
  get noFolder() {
    return l10n.t('Open a folder to see the permissions Claude Code works with there.');
  },
  get unreadable() {
    return l10n.t('Claude Code cannot read this file');
  },
  refused: {
    get symlink() {
      return l10n.t('It is a symbolic link: ACP Chat neither reads nor writes it.');
    },
    get notFile() {
      return l10n.t('It is not a regular file.');
    },
    tooLarge: (limit: string) => l10n.t('It is larger than {0}: not read here.', limit),
    unreadable: (code: string) => l10n.t('It could not be read ({0}).', code),
  },
  get readOnlyUntrusted() {
    return l10n.t('Restricted Mode: rules can be read here, not changed. Trust this workspace to change them.');
  },
  remove: {
    question: (behaviour: string, rule: string, file: string) => l10n.t('Remove the {0} rule {1} from {2}?', behaviour, rule, file),
    get detail() {
      return l10n.t('Only this rule is removed; the rest of the file stays as it is. Claude Code applies the change within about a second.');
    },
    button: 'Remove',
  },
  add: {
    get scopeTitle() {
      return l10n.t('Add Rule (1/3): Which File');
    },
    get behaviourTitle() {
      return l10n.t('Add Rule (2/3): Allow, Ask or Deny');
    },
    ruleTitle: (behaviour: string, file: string) => l10n.t('Add Rule (3/3): {0} in {1}', behaviour, file),
    get rulePrompt() {
      return l10n.t('Tool or Tool(specifier): Bash(npm test:*), Read(./src/**), WebFetch(domain:example.com), mcp__server__tool');
    },
    get projectAllowWarning() {
      return l10n.t('Everyone who clones the repository gets this rule (once they trust the folder in Claude Code).');
    },
  },
  get openPick() {
    return l10n.t('Open Settings File');
  },
  outcome: {
    removed: (rule: string, file: string) => l10n.t('Removed {0} from {1}.', rule, file),
    added: (rule: string, file: string) => l10n.t('Added {0} to {1}.', rule, file),
    alreadyThere: (rule: string, file: string) => l10n.t('{0} is already in {1}.', rule, file),
    gone: (rule: string, file: string) => l10n.t('{0} is no longer in {1}: nothing was removed.', rule, file),
    malformed: (file: string, error: string) => l10n.t('{0} was left as it is: {1}', file, error),
    refused: (file: string, why: string) => l10n.t('{0} was left as it is. {1}', file, why),
    changed: (file: string) => l10n.t('{0} changed while it was being edited: it was left as it is. Try again.', file),
    writeFailed: (file: string, code: string) => l10n.t('{0} could not be written ({1}); it was left as it is.', file, code),
    get untrusted() {
      return l10n.t('Restricted Mode: Claude Code settings are not changed from an untrusted workspace.');
    },
    get noFolder() {
      return l10n.t('Open a folder first: its Claude Code settings live in it.');
    },
  },
} as const;

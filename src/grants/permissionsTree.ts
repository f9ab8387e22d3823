// What the Permissions view shows, as plain nodes: this conversation's grants, then each settings file (local, project,
// user) with its Allow / Ask / Deny rules, its extra directories and its default mode; a file Claude Code would not
// read says so instead, with why. The repository's grants (the project file's allow rules, extra directories and a
// default mode other than `default`) are marked, and said not to apply while Claude Code does not trust the folder.
// Pure: the VS Code side turns each node into a TreeItem one to one.
import { GRANTS } from './grantsWording';
import { BEHAVIOURS, SCOPES, type Behaviour, type ParsedSettings, type Rule, type Scope } from './claudeRules';
import { MAX_SETTINGS_BYTES, type SettingsFileRead } from './settingsFiles';
import { l10n } from '../contributions/l10n';

/** One settings file as last read. */
export interface FileState {
  scope: Scope;
  path: string;
  /** The file as the view names it (`.claude/settings.json`, `~/.claude/settings.json`). */
  label: string;
  read: SettingsFileRead;
  /** What Claude Code reads in it (absent and empty files: no rules); undefined when it was not read. */
  parsed?: ParsedSettings;
}

export interface TreeInput {
  /** The three files; undefined without a folder. */
  files: readonly FileState[] | undefined;
  /** The grants answers gave this conversation that landed in no file. */
  session: readonly { rule: string; at: number }[];
  /** Whether Claude Code trusts the folder (its repository grants apply); undefined: not known. */
  projectTrusted: boolean | undefined;
  /** Formats an answer's time for the conversation's grants. */
  time(at: number): string;
}

/**
 * What a node is, for the view's menus: a `rule` in a file that parsed (Remove), a `file` that parsed (Add, Open),
 * a `fileUnread` (Open only), a `sessionGrant`, a behaviour `list` or a `note`.
 */
export type NodeKind = 'rule' | 'file' | 'fileUnread' | 'session' | 'sessionGrant' | 'list' | 'note';

export interface PermissionsNode {
  /** Stable across refreshes (VS Code keeps expansion and selection by it). */
  id: string;
  kind: NodeKind;
  label: string;
  description?: string;
  tooltip?: string;
  /** A codicon id, and a theme colour id for it. */
  icon?: { id: string; color?: string };
  children?: PermissionsNode[];
  /** The rule a `rule` node stands for. */
  rule?: Rule;
  /** The file a node belongs to. */
  scope?: Scope;
}

const SCOPE_ICONS: Record<Scope, string> = { local: 'person', project: 'repo', user: 'account' };
const BEHAVIOUR_ICONS: Record<Behaviour, string> = { allow: 'check', ask: 'question', deny: 'circle-slash' };
const WARNING = 'list.warningForeground';
const ERROR = 'list.errorForeground';

export function buildPermissionsTree(input: TreeInput): PermissionsNode[] {
  if (!input.files) return [];
  const nodes: PermissionsNode[] = [];
  if (input.session.length) {
    nodes.push({
      id: 'session',
      kind: 'session',
      label: GRANTS.groups.session,
      description: GRANTS.session.description,
      tooltip: GRANTS.session.tooltip,
      icon: { id: 'comment-discussion' },
      children: input.session.map((g, i) => ({
        id: `session/${i}:${g.rule}`,
        kind: 'sessionGrant',
        label: g.rule,
        description: GRANTS.session.answered(input.time(g.at)),
        tooltip: GRANTS.session.tooltip,
        icon: { id: 'pass' },
      })),
    });
  }
  for (const scope of SCOPES) {
    const file = input.files.find((f) => f.scope === scope);
    if (file) nodes.push(fileNode(file, input.projectTrusted));
  }
  return nodes;
}

/** A group's description: its file (short enough for a 290 px side bar), then what it holds. */
function described(file: FileState, what: string): string {
  return `${file.label} · ${what}`;
}

function fileNode(file: FileState, projectTrusted: boolean | undefined): PermissionsNode {
  const { scope } = file;
  const base = { id: scope, label: GRANTS.groups[scope], scope };
  const unread = (why: string): PermissionsNode => ({
    ...base,
    kind: 'fileUnread',
    description: described(file, GRANTS.unreadable),
    tooltip: `${GRANTS.groupScope[scope]}: ${file.path}\n${why}`,
    icon: { id: 'error', color: ERROR },
    children: [{ id: `${scope}/why`, kind: 'note', label: why, tooltip: `${file.path}\n${why}`, scope, icon: { id: 'info' } }],
  });
  const { read, parsed } = file;
  if (read.kind === 'refused' || read.kind === 'unreadable') return unread(whyUnread(read));
  if (!parsed) return unread(GRANTS.unreadable);
  if (!parsed.ok) return unread(parsed.error);

  // The repository's grants: what it lets Claude Code do without asking.
  const widens = scope === 'project';
  const marked = (description?: string): Pick<PermissionsNode, 'description' | 'tooltip' | 'icon'> => {
    const notApplied = projectTrusted === false;
    return {
      description: [description, GRANTS.fromRepository, notApplied ? GRANTS.notApplied : undefined].filter(Boolean).join(' · '),
      tooltip: `${GRANTS.fromRepositoryTooltip}${notApplied ? `\n${GRANTS.notAppliedTooltip}` : ''}`,
      icon: { id: 'warning', color: WARNING },
    };
  };
  const children: PermissionsNode[] = BEHAVIOURS.map((behaviour) => {
    const rules = parsed.rules.filter((r) => r.behaviour === behaviour);
    const name = GRANTS.behaviours[behaviour];
    return {
      id: `${scope}/${behaviour}`,
      kind: 'list',
      label: name,
      description: GRANTS.ruleCount(rules.length),
      tooltip: GRANTS.behaviourDetail[behaviour],
      icon: { id: BEHAVIOUR_ICONS[behaviour] },
      scope,
      children: rules.map((rule, i) => ({
        id: `${scope}/${behaviour}/${i}:${rule.rule}`,
        kind: 'rule',
        label: rule.rule,
        tooltip: `${name}: ${rule.rule}\n${file.path}`,
        icon: { id: 'symbol-key' },
        ...(widens && behaviour === 'allow' ? withTooltip(marked(), `${name}: ${rule.rule}\n${file.path}`) : {}),
        rule,
        scope,
      })),
    };
  });
  parsed.additionalDirectories.forEach((dir, i) =>
    children.push({
      id: `${scope}/dir/${i}:${dir}`,
      kind: 'note',
      label: GRANTS.additionalDirectory(dir),
      icon: { id: 'folder' },
      scope,
      ...(widens ? marked() : {}),
    }),
  );
  if (parsed.defaultMode !== undefined) {
    children.push({
      id: `${scope}/mode`,
      kind: 'note',
      label: GRANTS.defaultMode(parsed.defaultMode),
      icon: { id: 'settings' },
      scope,
      ...(widens && parsed.defaultMode !== 'default' ? marked() : {}),
    });
  }
  return {
    ...base,
    kind: 'file',
    description: described(file, file.read.kind === 'absent' ? GRANTS.noFile : GRANTS.ruleCount(parsed.rules.length)),
    tooltip: `${GRANTS.groupScope[scope]}: ${file.path}`,
    icon: { id: SCOPE_ICONS[scope] },
    children,
  };
}

/** Why a file was not read, in words. */
export function whyUnread(read: Extract<SettingsFileRead, { kind: 'refused' | 'unreadable' }>): string {
  if (read.kind === 'unreadable') return GRANTS.refused.unreadable(read.code);
  return read.why === 'tooLarge' ? GRANTS.refused.tooLarge(l10n.t('{0} MB', MAX_SETTINGS_BYTES / (1024 * 1024))) : GRANTS.refused[read.why];
}

function withTooltip<T extends { tooltip?: string }>(marked: T, first: string): T {
  return { ...marked, tooltip: `${first}\n${marked.tooltip ?? ''}`.trim() };
}

/** Every node under `nodes`, depth first, with its parent. */
export function* walk(nodes: readonly PermissionsNode[], parent?: PermissionsNode): Generator<{ node: PermissionsNode; parent?: PermissionsNode }> {
  for (const node of nodes) {
    yield { node, ...(parent ? { parent } : {}) };
    if (node.children) yield* walk(node.children, node);
  }
}

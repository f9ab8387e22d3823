// What the Permissions view shows: the conversation's grants only when there are some, each file's Allow / Ask / Deny
// and its rules, a file Claude Code would not read said so (no rules, nothing to remove), the repository's grants marked.
import { describe, expect, it } from 'vitest';
import { parsePermissionSettings, type Scope } from '../../../src/grants/claudeRules';
import { buildPermissionsTree, walk, type FileState, type PermissionsNode } from '../../../src/grants/permissionsTree';
import type { SettingsFileRead } from '../../../src/grants/settingsFiles';

function file(scope: Scope, text: string | undefined, read?: SettingsFileRead): FileState {
  const r: SettingsFileRead = read ?? (text === undefined ? { kind: 'absent' } : { kind: 'text', text });
  const parsed = r.kind === 'text' || r.kind === 'absent' ? parsePermissionSettings(text, scope) : undefined;
  return {
    scope,
    path: `/p/${scope}.json`,
    label: scope === 'user' ? '~/.claude/settings.json' : `.claude/${scope}.json`,
    read: r,
    ...(parsed ? { parsed } : {}),
  };
}

const time = (at: number) => `t${at}`;

/** The tree as lines: indentation, kind, label, description. */
function lines(nodes: PermissionsNode[]): string[] {
  const depth = (n: PermissionsNode, parents: Map<string, PermissionsNode | undefined>): number => {
    let d = 0;
    for (let p = parents.get(n.id); p; p = parents.get(p.id)) d++;
    return d;
  };
  const all = [...walk(nodes)];
  const parents = new Map(all.map(({ node, parent }) => [node.id, parent]));
  return all.map(({ node }) => `${'  '.repeat(depth(node, parents))}${node.kind}: ${node.label}${node.description ? ` (${node.description})` : ''}`);
}

describe('the Permissions tree', () => {
  it('each file with its Allow / Ask / Deny and their rules; the conversation’s grants first, only when there are some', () => {
    const files = [
      file('local', '{"permissions":{"allow":["Bash(npm test:*)"],"deny":["WebFetch"]}}'),
      file('project', undefined),
      file('user', '{"permissions":{"ask":["Bash(git push:*)"]}}'),
    ];
    expect(lines(buildPermissionsTree({ files, session: [], projectTrusted: true, time }))).toEqual([
      'file: Local (.claude/local.json · 2 rules)',
      '  list: Allow (1 rule)',
      '    rule: Bash(npm test:*)',
      '  list: Ask (none)',
      '  list: Deny (1 rule)',
      '    rule: WebFetch',
      'file: Project (.claude/project.json · no file)',
      '  list: Allow (none)',
      '  list: Ask (none)',
      '  list: Deny (none)',
      'file: User (~/.claude/settings.json · 1 rule)',
      '  list: Allow (none)',
      '  list: Ask (1 rule)',
      '    rule: Bash(git push:*)',
      '  list: Deny (none)',
    ]);
    const withSession = buildPermissionsTree({ files, session: [{ rule: 'Yes, for this session: edits in src', at: 5 }], projectTrusted: true, time });
    expect(lines(withSession).slice(0, 2)).toEqual([
      'session: This chat (until the chat ends)',
      '  sessionGrant: Yes, for this session: edits in src (answered at t5)',
    ]);
  });

  it('a rule node carries the rule it stands for, with a stable id', () => {
    const nodes = buildPermissionsTree({ files: [file('local', '{"permissions":{"deny":["A","A"]}}')], session: [], projectTrusted: true, time });
    const rules = [...walk(nodes)].map(({ node }) => node).filter((n) => n.kind === 'rule');
    expect(rules.map((r) => r.rule)).toEqual([
      { scope: 'local', behaviour: 'deny', rule: 'A' },
      { scope: 'local', behaviour: 'deny', rule: 'A' },
    ]);
    expect(new Set(rules.map((r) => r.id)).size).toBe(2);
  });

  it('a file Claude Code would not read says so and why, with no rules (nothing to remove)', () => {
    const files = [
      file('local', '{\n  // mine\n  "permissions": {"allow":["Read"]}\n}'),
      file('project', undefined, { kind: 'refused', why: 'symlink' }),
      file('user', undefined, { kind: 'unreadable', code: 'EACCES' }),
    ];
    const nodes = buildPermissionsTree({ files, session: [], projectTrusted: true, time });
    expect(lines(nodes)).toEqual([
      'file: Local (.claude/local.json · Claude Code cannot read this file)'.replace('file:', 'fileUnread:'),
      '  note: Claude Code ignores the whole file: a comment, which JSON does not allow at line 2, column 3.',
      'fileUnread: Project (.claude/project.json · Claude Code cannot read this file)',
      '  note: It is a symbolic link: ACP Chat neither reads nor writes it.',
      'fileUnread: User (~/.claude/settings.json · Claude Code cannot read this file)',
      '  note: It could not be read (EACCES).',
    ]);
    expect([...walk(nodes)].some(({ node }) => node.kind === 'rule')).toBe(false);
  });

  it('marks the repository’s grants (allow rules, extra directories, a mode other than default), and says when they do not apply', () => {
    const text = '{"permissions":{"allow":["Bash(curl:*)"],"deny":["Read(.env)"],"additionalDirectories":["/etc"],"defaultMode":"bypassPermissions"}}';
    const marks = (trusted: boolean | undefined, scope: Scope = 'project') =>
      [...walk(buildPermissionsTree({ files: [file(scope, text)], session: [], projectTrusted: trusted, time }))]
        .map(({ node }) => node)
        .filter((n) => n.kind === 'rule' || n.kind === 'note')
        .map((n) => `${n.label} | ${n.description ?? ''} | ${n.icon?.id}`);
    expect(marks(true)).toEqual([
      'Bash(curl:*) | from the repository | warning',
      'Read(.env) |  | symbol-key',
      'Also works in /etc | from the repository | warning',
      'Starts in mode bypassPermissions | from the repository | warning',
    ]);
    expect(marks(false)[0]).toBe('Bash(curl:*) | from the repository · not applied: folder not trusted in Claude Code | warning');
    // The same in the user's own file is the user's choice: not marked.
    expect(marks(true, 'user').every((l) => !l.includes('from the repository'))).toBe(true);
    const defaultMode = buildPermissionsTree({
      files: [file('project', '{"permissions":{"defaultMode":"default"}}')],
      session: [],
      projectTrusted: true,
      time,
    });
    expect([...walk(defaultMode)].find(({ node }) => node.label.startsWith('Starts in mode'))?.node.description).toBeUndefined();
  });

  it('shows nothing without a folder', () => {
    expect(buildPermissionsTree({ files: undefined, session: [{ rule: 'x', at: 1 }], projectTrusted: undefined, time })).toEqual([]);
  });
});

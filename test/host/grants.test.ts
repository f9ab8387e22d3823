// The Permissions view in a real extension host: the rules of Claude Code's three settings files (the user's where the
// agent reads it: CLAUDE_CONFIG_DIR of acpChat.agent.env), Remove and Add changing only their entry (every other byte
// of the file, comments of other files included, compared), a file Claude Code would not read shown as such and never
// written, the files followed as they change, and a rule added here obeyed by the real agent.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { bash, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import type { PermissionsModel } from '../../src/grants/permissionsModel';
import { walk, type PermissionsNode } from '../../src/grants/permissionsTree';
import type { Scope } from '../../src/grants/claudeRules';
import { activate, setUpAgentEnvironment, workspaceRoot, type ExtensionApi } from './helpers';

const LOCAL = `{
  "permissions": {
    "allow": [
      "Bash(npm test:*)",
      "Read(./src/**)"
    ],
    "deny": [
      "WebFetch(domain:evil.example)"
    ]
  }
}
`;
const PROJECT = '{ "permissions": { "allow": ["Bash(curl:*)"], "additionalDirectories": ["../shared"] }, "model": "opus" }\n';
const USER = '{\n\t"permissions": {\n\t\t"ask": ["Bash(git push:*)"]\n\t},\n\t"theme": "dark"\n}\n';
/** What Claude Code would not read: a comment. */
const MALFORMED = '{\n  // keep me\n  "permissions": { "allow": ["Bash(make:*)"] }\n}\n';

suite('The Permissions view', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi & { grants: PermissionsModel };
  let paths: Record<Scope, string>;
  /** The workspace's own files as they were before this suite (other suites' answers may have written them). */
  const kept = new Map<string, string | undefined>();

  const bytes = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const all = () => ({ local: bytes(paths.local), project: bytes(paths.project), user: bytes(paths.user) });
  /** The tree as lines: kind, label, description. */
  const lines = (nodes = api.grants.nodes()): string[] => {
    const out: string[] = [];
    const walk = (ns: PermissionsNode[], depth: number) => {
      for (const n of ns) {
        out.push(`${'  '.repeat(depth)}${n.kind}: ${n.label}${n.description ? ` (${n.description})` : ''}`);
        walk(n.children ?? [], depth + 1);
      }
    };
    walk(nodes, 0);
    return out;
  };
  const group = (scope: Scope) => lines(api.grants.nodes().filter((n) => n.id === scope));

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    api = (await activate()) as ExtensionApi & { grants: PermissionsModel };
    const env = vscode.workspace.getConfiguration('acpChat.agent').get<Record<string, string>>('env')!;
    paths = api.grants.paths()!;
    // The user's file is the one the agent reads: under the CLAUDE_CONFIG_DIR it is launched with.
    assert.equal(paths.user, join(env.CLAUDE_CONFIG_DIR!, 'settings.json'));
    assert.equal(paths.local, join(workspaceRoot(), '.claude', 'settings.local.json'));
    assert.equal(paths.project, join(workspaceRoot(), '.claude', 'settings.json'));
    for (const p of [paths.local, paths.project]) kept.set(p, bytes(p));
  });

  suiteTeardown(async () => {
    rmSync(paths.user, { force: true });
    for (const [p, t] of kept) {
      if (t === undefined) rmSync(p, { force: true });
      else writeFileSync(p, t);
    }
    await api?.grants.refresh();
    await api?.chat.cancel().catch(() => undefined);
    await fake?.close();
  });

  setup(async () => {
    put(paths.local, LOCAL);
    put(paths.project, PROJECT);
    put(paths.user, USER);
    await api.grants.refresh();
  });

  test('the view is contributed, and lists the rules of all three files, the repository’s grants marked', async () => {
    await vscode.commands.executeCommand('acpChat.permissionsView.focus');
    await vscode.commands.executeCommand('acpChat.permissions.refresh');
    assert.deepEqual(group('local'), [
      'file: Local (.claude/settings.local.json · 3 rules)',
      '  list: Allow (2 rules)',
      '    rule: Bash(npm test:*)',
      '    rule: Read(./src/**)',
      '  list: Ask (none)',
      '  list: Deny (1 rule)',
      '    rule: WebFetch(domain:evil.example)',
    ]);
    // The test bed's Claude Code has never been asked to trust this folder: the repository's grants do not apply.
    const marked = 'from the repository · not applied: folder not trusted in Claude Code';
    assert.deepEqual(group('project'), [
      'file: Project (.claude/settings.json · 1 rule)',
      '  list: Allow (1 rule)',
      `    rule: Bash(curl:*) (${marked})`,
      '  list: Ask (none)',
      '  list: Deny (none)',
      `  note: Also works in ../shared (${marked})`,
    ]);
    const user = group('user');
    assert.match(user[0]!, /^file: User \(.+settings\.json · 1 rule\)$/);
    assert.deepEqual(user.slice(1), ['  list: Allow (none)', '  list: Ask (1 rule)', '    rule: Bash(git push:*)', '  list: Deny (none)']);
    // No conversation grants were given: no such group.
    assert.equal(api.grants.nodes()[0]?.id, 'local');
  });

  test('Remove takes out exactly that rule, after a question naming it and its file; the other files are untouched', async () => {
    const before = all();
    const rule = [...walk(api.grants.nodes())].find(({ node }) => node.kind === 'rule' && node.label === 'Read(./src/**)')!.node.rule!;
    let asked = '';
    const declined = await api.grants.remove(rule, async (question) => ((asked = question), false));
    assert.deepEqual(declined, { done: false, cancelled: true });
    assert.equal(asked, 'Remove the Allow rule Read(./src/**) from .claude/settings.local.json?');
    assert.deepEqual(all(), before, 'a declined question changes nothing');

    const removed = await api.grants.remove(rule, async () => true);
    assert.equal(removed.done, true);
    assert.equal(bytes(paths.local), LOCAL.replace(',\n      "Read(./src/**)"', ''));
    assert.deepEqual({ ...all(), local: undefined }, { ...before, local: undefined });
    assert.ok(!group('local').some((l) => l.includes('Read(./src/**)')), 'the view shows it gone');

    // Removed again (the view was stale): nothing to remove, nothing written.
    const again = await api.grants.remove(rule, async () => true);
    assert.deepEqual(again, {
      done: false,
      message: 'Read(./src/**) is no longer in .claude/settings.local.json: nothing was removed.',
      severity: 'info',
      actions: [],
    });
    assert.equal(bytes(paths.local), LOCAL.replace(',\n      "Read(./src/**)"', ''));
  });

  test('Add appends to the file it is given, laid out as the file is; an invalid rule is refused', async () => {
    const before = all();
    assert.equal((await api.grants.add('user', 'deny', 'Bash(rm -rf:*)')).done, true);
    assert.equal(bytes(paths.user), '{\n\t"permissions": {\n\t\t"ask": ["Bash(git push:*)"],\n\t\t"deny": ["Bash(rm -rf:*)"]\n\t},\n\t"theme": "dark"\n}\n');
    assert.equal((await api.grants.add('project', 'allow', 'Bash(npm run lint)')).done, true);
    assert.equal(bytes(paths.project), PROJECT.replace('"Bash(curl:*)"]', '"Bash(curl:*)", "Bash(npm run lint)"]'));
    assert.deepEqual(bytes(paths.local), before.local, 'the local file is untouched');
    assert.ok(group('user').includes('    rule: Bash(rm -rf:*)'));

    const already = await api.grants.add('project', 'allow', 'Bash(npm run lint)');
    assert.equal(already.done, false);
    const invalid = await api.grants.add('local', 'allow', 'bash(ls)');
    assert.deepEqual(invalid, { done: false, message: 'Tool names are case-sensitive: Bash, not bash.', severity: 'warning', actions: [] });
    assert.equal(bytes(paths.local), before.local);

    // A file that does not exist yet is created, with its folder.
    rmSync(paths.user);
    assert.equal((await api.grants.add('user', 'allow', 'WebSearch')).done, true);
    assert.equal(bytes(paths.user), '{\n  "permissions": {\n    "allow": [\n      "WebSearch"\n    ]\n  }\n}\n');
  });

  test('a file Claude Code would not read is shown as such, and Remove and Add never write it', async () => {
    put(paths.local, MALFORMED);
    await api.grants.refresh();
    assert.deepEqual(group('local'), [
      'fileUnread: Local (.claude/settings.local.json · Claude Code cannot read this file)',
      '  note: Claude Code ignores the whole file: a comment, which JSON does not allow at line 2, column 3.',
    ]);
    const before = all();
    const added = await api.grants.add('local', 'allow', 'Read');
    assert.equal(added.done, false);
    assert.match('message' in added ? added.message : '', /settings\.local\.json was left as it is: Claude Code ignores the whole file: a comment/);
    const removed = await api.grants.remove({ scope: 'local', behaviour: 'allow', rule: 'Bash(make:*)' }, async () => true);
    assert.equal(removed.done, false);
    assert.deepEqual(all(), before, 'every file byte for byte as it was');
    assert.equal(bytes(paths.local), MALFORMED);
  });

  test('the view follows a file changed elsewhere', async () => {
    const seen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => (sub.dispose(), reject(new Error(`the view did not follow the change: ${group('user').join(' | ')}`))), 20_000);
      const sub = api.grants.onDidChange(() => {
        if (!group('user').includes('    rule: WebFetch(domain:example.com)')) return;
        clearTimeout(timer);
        sub.dispose();
        resolve();
      });
    });
    writeFileSync(paths.user, '{ "permissions": { "allow": ["WebFetch(domain:example.com)"] } }\n');
    await seen;
  });

  test('a rule added in the view is the agent’s: its command, asked about before, runs without asking', async () => {
    const created = join(workspaceRoot(), 'granted-by-the-view.txt');
    rmSync(created, { force: true });
    const cmd = `touch ${created}`;
    // No folder settings that would ask whether to use them (they allow a command): the user's file alone.
    rmSync(paths.project);
    rmSync(paths.local);
    // Each question is recorded and answered No, so that a turn that asks still ends.
    const asked: string[] = [];
    const sub = api.permissions.broker.onDidAdd((p) => {
      asked.push(p.key);
      if (p.type === 'permission') api.permissions.answer(p.key, 'reject');
    });
    const turn = async () => {
      fake.setScript([bash(cmd, 'Create the file'), text('Done.')]);
      const response = await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'create the file' }]);
      assert.equal(response.stopReason, 'end_turn');
    };
    try {
      // A fresh agent on this suite's fake API and settings.
      await api.chats.restart();
      await api.chat.newSession();
      await turn();
      assert.equal(asked.length, 1, 'without the rule, the command is asked about');
      assert.ok(!existsSync(created), 'and, refused, does not run');

      assert.equal((await api.grants.add('user', 'allow', `Bash(${cmd})`)).done, true);
      await api.chat.newSession();
      await turn();
      assert.equal(asked.length, 1, 'with the rule, no approval is asked for');
      assert.ok(existsSync(created), 'the command ran');
    } finally {
      sub.dispose();
      rmSync(created, { force: true });
    }
  });
});

// The Permissions view in Restricted Mode: the rules are shown, but neither the view's model nor its commands change
// a settings file (the menus' `when` clauses hide Remove and Add; the handlers refuse as well).
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import type { PermissionsModel } from '../../src/grants/permissionsModel';
import { walk } from '../../src/grants/permissionsTree';
import { activate, type ExtensionApi } from '../host/helpers';

suite('The Permissions view in Restricted Mode', function () {
  this.timeout(60_000);

  test('lists the rules, and changes no file', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the bed opens an untrusted folder');
    const api = (await activate()) as ExtensionApi & { grants: PermissionsModel };
    const { local } = api.grants.paths()!;
    const text = '{ "permissions": { "allow": ["Bash(npm test:*)"] } }\n';
    const had = existsSync(local);
    mkdirSync(dirname(local), { recursive: true });
    writeFileSync(local, text);
    try {
      await api.grants.refresh();
      const rule = [...walk(api.grants.nodes())].find(({ node }) => node.kind === 'rule')?.node;
      assert.deepEqual(rule?.rule, { scope: 'local', behaviour: 'allow', rule: 'Bash(npm test:*)' });

      const added = await api.grants.add('local', 'deny', 'WebFetch');
      assert.deepEqual(added, {
        done: false,
        message: 'Restricted Mode: Claude Code settings are not changed from an untrusted workspace.',
        severity: 'info',
        actions: ['manageTrust'],
      });
      let asked = false;
      const removed = await api.grants.remove(rule!.rule!, async () => (asked = true));
      assert.equal(removed.done, false);
      assert.equal(asked, false, 'not even asked');
      await vscode.commands.executeCommand('acpChat.permissions.removeRule', rule);
      await vscode.commands.executeCommand('acpChat.permissions.addRule');
      assert.equal(readFileSync(local, 'utf8'), text, 'the file byte for byte as it was');
      // The commands' refusal was said in the chat's card: the chat is left as found for the next suite.
      assert.match(api.chat.notices.current?.message ?? '', /Restricted Mode: Claude Code settings are not changed/);
    } finally {
      api.chat.notices.clear();
      if (!had) rmSync(local, { force: true });
    }
  });
});

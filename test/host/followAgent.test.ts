// Follow the agent, in a real extension host with the real adapter: the latest location of a running turn opens in
// a preview tab, but never a file outside the workspace, not even through a symlink inside it (Follow never asks, so
// an outside file is simply not shown).
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { read, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, closeAllEditors, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

suite('Follow the agent', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;
  let outside: string;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    api = await activate();
    await api.chats.restart(api.chat);
    await api.follower.setEnabled(true);
    outside = mkdtempSync(join(tmpdir(), 'acp-follow-outside-'));
  });

  suiteTeardown(async () => {
    await api?.follower.setEnabled(false);
    await closeAllEditors();
    rmSync(outside, { recursive: true, force: true });
    await fake?.close();
  });

  test('a file outside reached through an in-workspace symlink is not opened; the next inside file is', async () => {
    await closeAllEditors();
    const secret = join(outside, 'secret.txt');
    writeFileSync(secret, 'outside the workspace\n');
    const link = join(workspaceRoot(), 'innocent.txt');
    symlinkSync(secret, link);
    const inside = join(workspaceRoot(), 'inside.txt');
    writeFileSync(inside, 'inside\n');
    const opened: string[] = [];
    const sub = vscode.window.onDidChangeVisibleTextEditors((eds) => opened.push(...eds.map((e) => e.document.uri.fsPath)));
    // Claude Code asks before it reads through the link (its target is outside); allowed once here.
    const allow = api.permissions.broker.onDidAdd((p) => {
      const once = p.type === 'permission' ? p.request.params.options.find((o) => o.kind === 'allow_once') : undefined;
      if (once) api.permissions.answer(p.key, once.optionId);
    });
    try {
      // Two reads in one turn, the symlink first: the follower takes locations in order, so once the inside file is
      // shown the symlink's location has been handled.
      fake.setScript([read(link), read(inside), text('Read both.')]);
      await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'read both files' }]);
      await waitFor(() => opened.includes(inside), 'the inside file to be followed');
      assert.deepEqual(opened.filter((p) => p === link || p === secret), [], 'the file outside was never opened');
    } finally {
      sub.dispose();
      allow.dispose();
      rmSync(link, { force: true });
      rmSync(inside, { force: true });
    }
  });
});

// Deactivation (what VS Code calls when the window closes) with an approval waiting: it is answered `cancelled`, and
// nothing throws, although the log is written to while everything shuts down. Last suite: the extension is gone after.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { bash, startFakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, EXTENSION_ID, pointAgentAt, waitFor, workspaceRoot } from './helpers';

suite('Deactivation', function () {
  this.timeout(60_000);

  test('with a pending permission: answered cancelled, no error thrown', async () => {
    const api = await activate();
    const fake = await startFakeAnthropic();
    try {
      await pointAgentAt(fake, { withKey: true });
      await api.chats.restart();
      fake.setScript([bash(`touch ${join(workspaceRoot(), 'never-at-shutdown.txt')}`)]);
      const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'create it' }]).then(
        () => 'answered',
        () => 'failed',
      );
      await waitFor(() => api.permissions.broker.count === 1, 'the pending permission', 30_000);
      const session = api.chat.session!;
      const errors: unknown[] = [];
      const onError = (e: unknown) => errors.push(e);
      process.on('uncaughtException', onError);
      process.on('unhandledRejection', onError);
      try {
        const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
        // The module VS Code loaded (same require cache); its deactivate() is what VS Code calls.
        const main = createRequire(__filename)(join(ext.extensionPath, 'dist', 'extension.js')) as { deactivate(): void };
        assert.doesNotThrow(() => main.deactivate());
        assert.equal(await turn, 'failed');
        await new Promise((r) => setTimeout(r, 300));
      } finally {
        process.off('uncaughtException', onError);
        process.off('unhandledRejection', onError);
      }
      assert.deepEqual(errors, []);
      const record = session
        .snapshot()
        .entries.flatMap((e) => (e.kind === 'permission' ? [e.permission] : []))
        .at(-1);
      assert.equal(record?.outcome.status, 'cancelled');
    } finally {
      await fake.close();
    }
  });
});

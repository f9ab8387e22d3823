// Host tests of the test bed itself, run inside the real extension host against the smoke extension.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

interface SmokeApi {
  whenPickShown(): Promise<void>;
}

suite('test bed smoke', () => {
  let api: SmokeApi;

  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<SmokeApi>('acp-testbed.acp-smoke');
    assert.ok(ext, 'the smoke extension is loaded as development extension');
    api = await ext.activate();
  });

  test('activates', () => {
    assert.equal(vscode.extensions.getExtension('acp-testbed.acp-smoke')?.isActive, true);
  });

  test('registers and executes a command', async () => {
    const all = await vscode.commands.getCommands(true);
    assert.ok(all.includes('acpSmoke.hello'));
    assert.equal(await vscode.commands.executeCommand('acpSmoke.hello', 'bed'), 'hello bed');
  });

  test('answers a QuickPick through VS Code quick-input commands', async () => {
    const result = vscode.commands.executeCommand<string | undefined>('acpSmoke.pick');
    await api.whenPickShown();
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(await result, 'beta');
  });

  test('sees the environment given to the bed', () => {
    assert.equal(process.env.ACP_SMOKE_MARK, 'from-the-runner');
  });

  test('opens the workspace folder', () => {
    assert.equal(vscode.workspace.workspaceFolders?.length, 1);
  });

  // Shows that a failing host test makes the runner exit non-zero; off unless asked for.
  if (process.env.ACP_SMOKE_FAIL === '1') {
    test('deliberately fails (ACP_SMOKE_FAIL=1)', () => {
      assert.equal(1 + 1, 3, 'deliberate failure');
    });
  }
});

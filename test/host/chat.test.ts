// The extension in a real VS Code extension host, driving the real Claude adapter against the fake Messages API.
// Lazy activation is checked in activation.test.ts (the host suite runs it first).
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { claudeCodeTarball, startFakeRegistry } from '../fixtures/fakeRegistry';
import { askUserQuestion, COLOR_QUESTION, bash, edit, read, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import {
  activate,
  closeAllEditors,
  EXTENSION_ID,
  permissionRecords,
  quickInput,
  setUpAgentEnvironment,
  toolCalls,
  freshSideChat,
  waitFor,
  workspaceRoot,
  type ExtensionApi,
} from './helpers';

const OUR_COMMANDS = [
  'acpChat.newSession',
  'acpChat.openChatInEditor',
  'acpChat.cancelTurn',
  'acpChat.showPendingPermission',
  'acpChat.addSelectionToChat',
  'acpChat.restartAgent',
  'acpChat.showLog',
  'acpChat.downloadClaudeCode',
  'acpChat.locateClaudeCode',
  'acpChat.removeDownloadedClaudeCode',
  'acpChat.chatView.focus',
  'acpChat.signIn',
  'acpChat.setApiKey',
  'acpChat.signOut',
];

suite('ACP Chat extension', function () {
  this.timeout(60_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    api = await activate();
    await closeAllEditors();
    // Whatever ran before in this window, the side view's chat starts over on this suite's fake API.
    await freshSideChat(api);
  });

  // The extension stays as it is: the other suites use the same extension host.
  suiteTeardown(async () => {
    await api?.chat.cancel().catch(() => undefined);
    await fake?.close();
  });

  test('commands and the chat view are registered', async () => {
    const all = new Set(await vscode.commands.getCommands(true));
    for (const c of OUR_COMMANDS) assert.ok(all.has(c), `${c} registered`);
  });

  test('opening the chat view starts a session in the configured mode', async () => {
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    const session = await waitFor(() => api.chat.session, 'a session', 40_000);
    assert.equal(api.chat.status.state, 'ready');
    const meta = session.snapshot().meta;
    assert.equal(meta.modes?.currentModeId, 'default');
    assert.ok(
      meta.configOptions.some((o) => o.id === 'model' && o.category === 'model'),
      'model option present',
    );
    assert.equal(meta.connection, 'connected');
  });

  test('a permission QuickPick shows its question, options and locations and is answered with quick-input commands', async () => {
    const target = join(workspaceRoot(), 'quickpick-allowed.txt');
    fake.setScript([bash(`touch ${target}`), text('Created it.')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'create the file' }]);
    const view = await waitFor(() => api.permissions.openPromptView(), 'the permission QuickPick');
    assert.equal(view.surface, 'quickPick');
    assert.equal(view.title, `Run this command? touch ${target}`);
    assert.ok(
      view.items.some((i) => i.endsWith(' Yes')),
      `an allow item in ${view.items.join(' | ')}`,
    );
    assert.ok(
      view.items.some((i) => i.endsWith(' No')),
      'a reject item',
    );
    assert.ok(
      view.items.some((i) => i.includes('Open quickpick-allowed.txt')),
      'a location item',
    );
    assert.equal(view.items[view.activeIndex]?.endsWith(' Yes'), true, 'Enter picks the agent’s first option');
    await quickInput('accept');
    const response = await turn;
    assert.equal(response.stopReason, 'end_turn');
    assert.ok(existsSync(target), 'the allowed command ran');
    const record = permissionRecords(api).at(-1);
    assert.equal(record?.outcome.status, 'selected');
    assert.equal(record?.outcome.status === 'selected' && record.outcome.optionId, 'allow-once');
    await waitFor(() => !api.permissions.openPromptView(), 'the QuickPick to close');
  });

  test("a command the agent runs does not get the API key (Claude Code's sandbox: bubblewrap and socat, provisioned)", async () => {
    const seen = join(workspaceRoot(), 'env-seen.txt');
    fake.setScript([bash(`echo "key=\${ANTHROPIC_API_KEY:-none}" > ${seen}`), text('Done.')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'show the key' }]);
    await waitFor(() => api.permissions.openPromptView(), 'the permission QuickPick');
    await quickInput('accept');
    assert.equal((await turn).stopReason, 'end_turn');
    assert.equal(fake.mainRequests().at(-1)?.apiKey, 'test-key-offline', 'the agent itself had the key');
    assert.equal(readFileSync(seen, 'utf8'), 'key=none\n');
    await waitFor(() => !api.permissions.openPromptView(), 'the QuickPick to close');
  });

  test('a location opens its file at its line, and the prompt stays open', async () => {
    const file = join(workspaceRoot(), 'located.txt');
    writeFileSync(file, Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n'));
    fake.setScript([bash(`touch ${file}`), text('ok')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'touch it' }]);
    const view = await waitFor(() => api.permissions.openPromptView(), 'the permission QuickPick');
    // The chat's location links go through the same opener, with a line.
    assert.equal(await api.editor.openLocation(file, 12), true);
    const editor = await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === file && vscode.window.activeTextEditor, 'the editor');
    assert.equal(editor.selection.active.line, 11, 'the 1-based line 12 is selected');
    assert.equal(editor.document.lineAt(editor.selection.active.line).text, 'line 12');
    assert.equal(api.permissions.openPromptView()?.key, view.key, 'the prompt is still open');
    // And the QuickPick's own "Open" item acts without answering.
    const openIndex = view.items.findIndex((i) => i.includes('Open located.txt'));
    assert.ok(openIndex > 0);
    await closeAllEditors();
    await api.permissions.showPending(view.key);
    for (let i = view.activeIndex; i < openIndex; i++) await quickInput('next');
    await quickInput('accept');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === file, 'the location opened from the QuickPick');
    assert.equal(api.permissions.broker.get(view.key)?.type, 'permission', 'still pending after opening a location');
    await api.permissions.showPending(view.key);
    assert.equal(api.permissions.answer(view.key, 'reject'), 'accepted');
    assert.equal((await turn).stopReason, 'end_turn');
    await closeAllEditors();
  });

  test('"Show the changes" opens a diff editor holding the reconstructed file', async () => {
    const file = join(workspaceRoot(), 'existing.txt');
    writeFileSync(file, 'line one\nalpha\nline three\n');
    fake.setScript([read(file), edit(file, 'alpha', 'ALPHA-EDITED'), text('Edited.')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'edit the file' }]);
    const view = await waitFor(() => api.permissions.openPromptView(), 'the Edit permission QuickPick', 30_000);
    const diffIndex = view.items.findIndex((i) => i.includes('Show the changes'));
    assert.ok(diffIndex > 0, `a Show the changes item in ${view.items.join(' | ')}`);
    for (let i = view.activeIndex; i < diffIndex; i++) await quickInput('next');
    await quickInput('accept');
    const tab = await waitFor(() => {
      const t = vscode.window.tabGroups.activeTabGroup.activeTab;
      return t?.input instanceof vscode.TabInputTextDiff ? t.input : undefined;
    }, 'a diff editor');
    const proposed = await vscode.workspace.openTextDocument(tab.modified);
    const current = await vscode.workspace.openTextDocument(tab.original);
    assert.equal(current.getText(), 'line one\nalpha\nline three\n');
    assert.equal(proposed.getText(), 'line one\nALPHA-EDITED\nline three\n', 'the whole proposed file, not the snippet');
    assert.ok(api.permissions.openPromptView(), 'the prompt stays while the diff is looked at');
    assert.equal(api.permissions.answer(view.key, 'reject'), 'accepted');
    await turn;
    assert.equal(readFileSync(file, 'utf8'), 'line one\nalpha\nline three\n', 'rejected: file unchanged');
    await closeAllEditors();
  });

  test('cancelling the turn closes the QuickPick and settles the request cancelled', async () => {
    const target = join(workspaceRoot(), 'never-created.txt');
    fake.setScript([bash(`touch ${target}`), text('should not get here')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'create it' }]);
    const view = await waitFor(() => api.permissions.openPromptView(), 'the permission QuickPick');
    await vscode.commands.executeCommand('acpChat.cancelTurn');
    await waitFor(() => !api.permissions.openPromptView(), 'the QuickPick to close');
    assert.equal((await turn).stopReason, 'cancelled');
    const record = permissionRecords(api).find((r) => r.key === view.key);
    assert.deepEqual(record?.outcome, { status: 'cancelled', reason: 'turn-cancelled' });
    assert.equal(api.permissions.broker.count, 0);
    assert.equal(existsSync(target), false);
    assert.ok(
      toolCalls(api).some((t) => t.status === 'cancelled'),
      'the tool call shows cancelled',
    );
  });

  test('a QuickPick hidden by the command palette leaves the request pending; show-again brings it back', async () => {
    const target = join(workspaceRoot(), 'after-palette.txt');
    fake.setScript([bash(`touch ${target}`), text('ok')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'create it' }]);
    const view = await waitFor(() => api.permissions.openPromptView(), 'the permission QuickPick');
    await vscode.commands.executeCommand('workbench.action.showCommands');
    await waitFor(() => api.permissions.broker.get(view.key)?.request.dismissed, 'the QuickPick to be replaced by the palette');
    assert.equal(api.permissions.broker.count, 1, 'still pending');
    assert.equal(permissionRecords(api).find((r) => r.key === view.key)?.outcome.status, 'pending');
    await quickInput('close');
    await vscode.commands.executeCommand('acpChat.showPendingPermission');
    const again = await waitFor(() => api.permissions.openPromptView(), 'the prompt shown again');
    assert.equal(again.key, view.key);
    await quickInput('accept');
    assert.equal((await turn).stopReason, 'end_turn');
    assert.ok(existsSync(target));
  });

  test('a question from the agent (AskUserQuestion) is asked as QuickPick steps and the answer reaches the model', async () => {
    fake.setScript([askUserQuestion([COLOR_QUESTION]), text('Noted.')]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'ask me a question' }]);
    const choice = await waitFor(
      () => {
        const v = api.permissions.openPromptView();
        // activeIndex is known once VS Code has reported the focused item (the first one) back.
        return v?.surface === 'elicitation' && v.items.includes('Blue') && v.activeIndex >= 0 ? v : undefined;
      },
      'the question as a QuickPick',
      30_000,
    );
    assert.equal(choice.title, 'Which color do you prefer?');
    for (let i = choice.activeIndex; i < choice.items.indexOf('Blue'); i++) await quickInput('next');
    await quickInput('accept');
    // The optional free-text field ("Other") is an input box: Enter skips it.
    await waitFor(() => api.permissions.openPromptView()?.items.length === 0, 'the free-text step');
    await quickInput('accept');
    const review = await waitFor(() => {
      const v = api.permissions.openPromptView();
      return v?.items.some((i) => i.includes('Submit')) ? v : undefined;
    }, 'the review step');
    assert.ok(
      review.items.some((i) => i.includes('Decline')),
      'the review offers Decline too',
    );
    await quickInput('accept');
    assert.equal((await turn).stopReason, 'end_turn');
    const told = fake
      .toolResults()
      .map((r) => r.text)
      .join('\n');
    assert.match(told, /Blue/, `the model was told the answer: ${told}`);
    assert.equal(api.permissions.broker.count, 0);
  });

  test('the agent killed mid-request: request cancelled, QuickPick closed, transcript kept, next prompt restarts', async () => {
    fake.setScript([bash(`touch ${join(workspaceRoot(), 'killed.txt')}`)]);
    const turn = (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'create it before the crash' }]);
    const view = await waitFor(() => api.permissions.openPromptView(), 'the permission QuickPick');
    const before = api.chat.session!.snapshot().entries.length;
    const pid = api.agentPid();
    assert.ok(pid, 'the agent process id is known');
    process.kill(pid, 'SIGKILL');
    await assert.rejects(turn);
    await waitFor(() => !api.permissions.openPromptView(), 'the QuickPick to close');
    const snap = api.chat.session!.snapshot();
    assert.equal(snap.meta.connection, 'disconnected');
    assert.ok(snap.entries.length >= before, 'the transcript is kept');
    assert.deepEqual(permissionRecords(api).find((r) => r.key === view.key)?.outcome, { status: 'cancelled', reason: 'agent-exited' });
    assert.equal(api.chat.status.state, 'error');
    const oldId = api.chat.session!.id;
    fake.setScript([text('back again')]);
    const r = await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hello' }]);
    assert.equal(r.stopReason, 'end_turn');
    assert.equal(api.chat.status.state, 'ready');
    // The conversation continues: the new agent loaded the session and replayed its history.
    const continued = api.chat.session!.snapshot();
    assert.equal(continued.meta.sessionId, oldId);
    const userTexts = continued.entries.flatMap((e) => (e.kind === 'user' ? e.content : [])).flatMap((b) => (b.type === 'text' ? [b.text] : []));
    assert.ok(
      userTexts.some((t) => t.includes('create it before the crash')),
      `earlier prompts replayed: ${userTexts.join(' | ')}`,
    );
  });

  test('without Claude Code the start says so and a claude on PATH is not run; the setting then supplies it', async () => {
    const config = vscode.workspace.getConfiguration('acpChat');
    const agentEnv = { ...(config.get<Record<string, string>>('agent.env') ?? {}) };
    const installed = agentEnv.CLAUDE_CODE_EXECUTABLE;
    assert.ok(installed, 'the suite names the installed Claude Code');
    // A `claude` on PATH that answers --version but records any other run.
    const dir = mkdtempSync(join(tmpdir(), 'acp-path-claude-'));
    const ran = join(dir, 'ran');
    writeFileSync(join(dir, 'claude'), `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "9.9.9 (Claude Code)"; exit 0; fi\ntouch "${ran}"\nexit 1\n`, {
      mode: 0o755,
    });
    const path = process.env.PATH;
    process.env.PATH = `${dir}${delimiter}${path}`;
    try {
      const { CLAUDE_CODE_EXECUTABLE: _, ...withoutClaude } = agentEnv;
      await config.update('agent.env', withoutClaude, vscode.ConfigurationTarget.Global);
      await assert.rejects(api.chats.restart(), { reason: 'claude-code-missing' });
      assert.equal(api.chat.status.state, 'error');
      assert.equal(api.agentPid(), undefined, 'no agent was started');
      assert.equal(existsSync(ran), false, 'the claude on PATH was never run but for --version');
      // The presenter's card says so, offers the download with its size, names the PATH claude, and locating one.
      const notice = api.chat.notices.current;
      assert.ok(notice, 'the chat shows a notice');
      assert.ok(notice.message.startsWith('Claude Code was not found.'), notice.message);
      assert.equal(notice.setup, 'getClaudeCode', "the card is the set-up's first step");
      assert.ok(notice.message.includes(`A claude was found on PATH: ${join(dir, 'claude')} (9.9.9 (Claude Code))`), notice.message);
      assert.deepEqual(
        notice.buttons.map((b) => [b.action, b.label, b.methodId]),
        [
          ['downloadClaudeCode', notice.buttons[0]!.label, undefined],
          ['useClaudeOnPath', 'Use claude 9.9.9', undefined],
          ['locateClaudeCode', 'Locate Claude Code…', undefined],
        ],
      );
      assert.match(notice.buttons[0]!.label, /^Download Claude Code \(~\d+ MB\)$/);
      // A retry that fails the same way is not announced again.
      await assert.rejects(api.chats.restart(), { reason: 'claude-code-missing' });
      assert.equal(api.chat.notices.current?.id, notice.id);

      // The machine-scoped setting is the first place looked at.
      await config.update('claudeCode.path', installed, vscode.ConfigurationTarget.Global);
      await api.chats.restart();
      assert.equal(api.chat.status.state, 'ready');
      const environ = readFileSync(`/proc/${api.agentPid()}/environ`, 'utf8').split('\0');
      assert.ok(environ.includes(`CLAUDE_CODE_EXECUTABLE=${installed}`), "the adapter was given the setting's Claude Code");
      assert.equal(existsSync(ran), false);
    } finally {
      process.env.PATH = path;
      await config.update('claudeCode.path', undefined, vscode.ConfigurationTarget.Global);
      await config.update('agent.env', agentEnv, vscode.ConfigurationTarget.Global);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("Download Claude Code goes to the npm registry through VS Code's proxy, the adapter runs it, Remove deletes it", async function () {
    this.timeout(180_000);
    const config = vscode.workspace.getConfiguration('acpChat');
    const agentEnv = { ...(config.get<Record<string, string>>('agent.env') ?? {}) };
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const tarball = await claudeCodeTarball(ext.extensionPath);
    // The registry has a name only the proxy can reach: a request that bypassed http.proxy would fail to resolve it.
    const origin = 'http://registry.invalid';
    const registry = await startFakeRegistry({ tarball, tarballOrigin: origin });
    const proxy = await startForwardProxy(registry.url);
    const registryBefore = process.env.npm_config_registry;
    process.env.npm_config_registry = `${origin}/`;
    let downloaded: string | undefined;
    try {
      await vscode.workspace.getConfiguration('http').update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      const ok = await vscode.commands.executeCommand<boolean>('acpChat.downloadClaudeCode');
      assert.equal(ok, true, 'the download completed');
      assert.deepEqual(proxy.requests, [
        `${origin}/${tarball.pkg.name.replace('/', '%2f')}/${tarball.pkg.version}`,
        `${origin}/tarballs/${tarball.pkg.name.split('/')[1]}-${tarball.pkg.version}.tgz`,
      ]);

      // Nothing else named: the adapter now runs the downloaded copy.
      const { CLAUDE_CODE_EXECUTABLE: _, ...withoutClaude } = agentEnv;
      await config.update('agent.env', withoutClaude, vscode.ConfigurationTarget.Global);
      await api.chats.restart();
      const environ = readFileSync(`/proc/${api.agentPid()}/environ`, 'utf8').split('\0');
      downloaded = environ.find((e) => e.startsWith('CLAUDE_CODE_EXECUTABLE='))?.slice('CLAUDE_CODE_EXECUTABLE='.length);
      assert.match(downloaded ?? '', new RegExp(`/claude-code/${tarball.pkg.version}-${tarball.pkg.platformKey}/claude$`));
      fake.setScript([text('answered with the downloaded Claude Code')]);
      assert.equal((await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hi' }])).stopReason, 'end_turn');

      await vscode.commands.executeCommand('acpChat.removeDownloadedClaudeCode');
      assert.equal(existsSync(downloaded!), false, 'the downloaded copy is gone');
    } finally {
      if (registryBefore === undefined) delete process.env.npm_config_registry;
      else process.env.npm_config_registry = registryBefore;
      await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await config.update('agent.env', agentEnv, vscode.ConfigurationTarget.Global);
      await proxy.close();
      await registry.close();
      tarball.cleanup();
      await api.chats.restart();
    }
  });
});

/**
 * An HTTP forward proxy on 127.0.0.1 that serves every request it is asked to forward from `target` (whatever host the
 * request names), recording the absolute URLs it was asked for.
 */
async function startForwardProxy(target: string): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://unused').pathname;
    const upstream = http.request(
      { host: to.hostname, port: to.port, path, method: req.method, headers: { ...req.headers, host: to.host }, agent: false },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

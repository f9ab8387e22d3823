// Start-up failures in a real VS Code, each shown once in the chat with its cause and an action, and the agent's life
// cycle without leaks: acpChat.agent.path pointing at a missing file, at a script that exits 3, at a silent agent.
// Puts the bundled adapter back at the end.
import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startFakeAnthropic, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, pointAgentAt, pollFor, setSetting, waitFor, type ExtensionApi } from './helpers';

suite('Agent start-up failures and life cycle', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let dir: string;

  /** An executable shell script (the agent is never run through a shell; the kernel runs the #! line). */
  function script(name: string, body: string): string {
    const file = join(dir, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  }

  const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  suiteSetup(async () => {
    api = await activate();
    dir = mkdtempSync(join(tmpdir(), 'acp-chat-host-agents-'));
    await vscode.commands.executeCommand('acpChat.chatView.focus');
  });

  suiteTeardown(async () => {
    await setSetting('agent.path', undefined);
    await setSetting('agent.initializeTimeout', undefined);
    await setSetting('autoRestartAgent', undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  test('acpChat.agent.path pointing at a missing file: the message names it, with Open Settings and Show Log', async () => {
    await setSetting('agent.path', join(dir, 'no-such-agent'));
    await api.chats.restart().catch(() => undefined);
    const notice = await waitFor(
      () => (api.chat.notices.current?.message.includes('was not found') ? api.chat.notices.current : undefined),
      'the not-found message',
    );
    assert.equal(notice.message, `The agent program "${join(dir, 'no-such-agent')}" was not found. Check acpChat.agent.path.`);
    assert.deepEqual(
      notice.buttons.map((b) => b.action),
      ['openSettings', 'showLog'],
    );
    assert.equal(api.chat.status.state, 'error');
  });

  test('a script that exits 3: exit code and stderr in the message, once; a prompt meanwhile spawns one agent, not two', async () => {
    const spawns = join(dir, 'spawns.txt');
    await setSetting('agent.path', script('exits-3.sh', `echo "$$" >> '${spawns}'\necho 'agent: bad config' >&2\nexit 3`));
    // Through the chat's prompt action, as the webview sends it.
    await api.actions.sendPrompt('hello', []);
    assert.equal(lines(spawns).length, 1, 'one agent was started for the prompt');
    const notice = api.chat.notices.current;
    assert.equal(notice?.message, 'The agent exited with code 3 while starting.');
    assert.equal(notice?.details, 'agent: bad config');
    assert.deepEqual(
      notice?.buttons.map((b) => b.action),
      ['showLog', 'restart'],
    );
    // A retry that fails the same way is not announced again.
    await api.actions.sendPrompt('hello again', []);
    assert.equal(lines(spawns).length, 2);
    assert.equal(api.chat.notices.current?.id, notice?.id, 'the same notice, not a second one');
  });

  test('a silent agent: the initialize timeout fires, the process is killed and the chat says so', async () => {
    const pidFile = join(dir, 'silent.pid');
    await setSetting('agent.initializeTimeout', 2);
    await setSetting('agent.path', script('silent.sh', `echo "$$" > '${pidFile}'\nexec sleep 600`));
    const outcome = api.chats.restart().then(
      () => 'started',
      (e: unknown) => e,
    );
    const pid = Number(await pollFor(() => lines(pidFile)[0], 'the silent agent to start'));
    const err = await outcome;
    assert.equal((err as { reason?: string }).reason, 'initialize-timeout');
    assert.equal(api.chat.notices.current?.message, 'The agent did not answer within 2 s and was stopped.');
    await pollFor(() => !alive(pid), 'the silent agent to be killed', 5000);
  });

  test('Restart during start ends the starting process', async () => {
    const pidFile = join(dir, 'starting.pid');
    await setSetting('agent.initializeTimeout', 60);
    await setSetting('agent.path', script('slow.sh', `echo "$$" >> '${pidFile}'\nexec sleep 600`));
    const first = api.chats.restart().then(
      () => 'started',
      (e: unknown) => e,
    );
    const pid = Number(await pollFor(() => lines(pidFile)[0], 'the first start'));
    // Restart (the command) while that start is in flight; the second start is silent too, so it is not awaited.
    const restarted = vscode.commands.executeCommand('acpChat.restartAgent');
    await pollFor(() => !alive(pid), 'the first starting process to end', 5000);
    const second = Number(await pollFor(() => lines(pidFile)[1], 'the second start'));
    assert.ok(alive(second));
    // Back to the bundled adapter; restarting ends the second silent start as well.
    await setSetting('agent.path', undefined);
    await setSetting('agent.initializeTimeout', undefined);
    const fake: FakeAnthropic = await startFakeAnthropic([text('back on the bundled adapter')]);
    try {
      await pointAgentAt(fake, { withKey: true });
      await api.chats.restart();
      await pollFor(() => !alive(second), 'the second starting process to end', 5000);
      assert.equal(api.chat.status.state, 'ready');
      // Those who waited on the stopped starts get the agent that finally started; nothing is reported as failed.
      assert.equal(await first, 'started');
      await restarted;
      assert.equal(api.chat.notices.current, null, 'the start-up notice is cleared once the agent runs');
    } finally {
      await fake.close();
    }
  });
  test('acpChat.autoRestartAgent on: an agent killed from outside is started again and the conversation continues', async () => {
    const fake: FakeAnthropic = await startFakeAnthropic();
    try {
      await pointAgentAt(fake, { withKey: true });
      await setSetting('autoRestartAgent', true);
      await api.chats.restart();
      fake.setScript([text('before the kill')]);
      const session = await api.chat.ensureSession();
      await session.prompt([{ type: 'text', text: 'hello' }]);
      const killed = api.agentPid()!;
      process.kill(killed, 'SIGKILL');
      // Nobody asks for a start: only the setting's watcher can bring the agent back, with the same conversation.
      await waitFor(
        () => api.agentPid() !== killed && api.chat.status.state === 'ready' && api.chat.session?.status.connection === 'connected',
        'the agent started again',
        30_000,
      );
      assert.equal(api.chat.session?.id, session.id, 'the same conversation');
      fake.setScript([text('after the restart')]);
      assert.equal((await api.chat.session!.prompt([{ type: 'text', text: 'still there?' }])).stopReason, 'end_turn');
    } finally {
      await setSetting('autoRestartAgent', undefined);
      await fake.close();
    }
  });
});

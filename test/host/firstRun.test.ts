// First run in a real VS Code with the real adapter and no credentials: the prompt shows the sign-in card with the
// agent's methods; a terminal method runs the adapter's login in a VS Code terminal; "Set API Key…" stores the key in
// SecretStorage, restarts the agent, and the kept prompt is answered with that key. The key is in no settings file and
// no log line.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { startFakeAnthropic, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, EXTENSION_ID, pointAgentAt, pollFor, setSetting, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

suite('First run: signing in from the chat', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;
  let home: string;

  suiteSetup(async () => {
    api = await activate();
    fake = await startFakeAnthropic();
    ({ home } = await pointAgentAt(fake, { withKey: false }));
    delete process.env.ANTHROPIC_API_KEY;
    await api.keys.delete();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart();
  });

  suiteTeardown(async () => {
    await api?.keys.delete();
    await fake?.close();
  });

  test('new sessions ask before edits by default (acpChat.initialMode defaults to Manual)', () => {
    assert.equal(vscode.workspace.getConfiguration('acpChat').inspect('initialMode')?.defaultValue, 'default');
    assert.equal(vscode.workspace.getConfiguration('acpChat').inspect('initialMode')?.globalValue, undefined, 'not set by the tests');
    assert.equal(api.chat.session?.snapshot().meta.modes?.currentModeId, 'default');
  });

  test("a workspace cannot make sessions ask less: acpChat.initialMode is taken from the user's settings only", async () => {
    // What a cloned repository could carry; a window-scoped setting beside it shows when VS Code has read the file.
    const file = join(workspaceRoot(), '.vscode', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ 'acpChat.initialMode': 'acceptEdits', 'acpChat.agent.initializeTimeout': 61 }));
    const config = () => vscode.workspace.getConfiguration('acpChat');
    try {
      await waitFor(() => config().inspect('agent.initializeTimeout')?.workspaceValue === 61, 'the workspace settings to be read');
      const session = await api.chat.newSession();
      assert.equal(session.snapshot().meta.modes?.currentModeId, 'default', "the user's mode, not the workspace's");
    } finally {
      rmSync(file, { force: true });
      await waitFor(() => config().inspect('agent.initializeTimeout')?.workspaceValue === undefined, 'the workspace settings to be gone');
    }
  });

  test("a prompt without credentials shows the sign-in card with the agent's methods and keeps the prompt", async () => {
    await api.actions.sendPrompt('hello', []);
    const notice = await waitFor(() => api.chat.notices.current, 'the sign-in card');
    assert.match(notice.message, /^Sign in to use the agent/);
    assert.equal(notice.setup, 'signIn', "the card is the set-up's sign-in step");
    assert.deepEqual(notice.buttons, [
      { action: 'signIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
      { action: 'signIn', label: 'Anthropic Console', methodId: 'console-login', description: 'Use Anthropic Console (API usage billing)' },
      { action: 'setApiKey', label: 'Set API Key…' },
    ]);
    assert.deepEqual(api.chat.notices.pendingPrompt, [{ type: 'text', text: 'hello' }]);
    assert.equal(fake.mainRequests().length, 0, 'nothing reached the model API');
  });

  test('choosing "Claude Subscription" runs the adapter\'s login, as the agent is launched, in a VS Code terminal', async () => {
    const notice = api.chat.notices.current!;
    const agentPid = api.agentPid()!;
    const agentArgs = cmdline(agentPid);
    const done = api.presenter.runAction(api.chat, notice.id, 'signIn', 'claude-ai-login');
    // The terminal as the user sees it: VS Code's own list of terminals.
    const terminal = await waitFor(() => vscode.window.terminals.find((t) => t.name === 'Sign in: Claude Subscription'), 'the sign-in terminal');
    const pid = await terminal.processId;
    assert.ok(pid, 'the terminal runs a process');
    // The same program and base arguments as the agent, with the method's args appended; never a shell.
    // Until the pty host's fork has exec'd the program, /proc shows the pty host's own command line.
    const args = await pollFor(() => {
      const c = cmdline(pid);
      return c.includes('--claudeai') ? c : undefined;
    }, 'the login process to run');
    assert.deepEqual(args, [...agentArgs, '--cli', 'auth', 'login', '--claudeai']);
    // And the agent's environment (its HOME from acpChat.agent.env).
    assert.ok(environ(pid).includes(`HOME=${home}`), 'the agent environment');
    terminal.dispose();
    await done;
    const after = await waitFor(() => (api.chat.notices.current?.id !== notice.id ? api.chat.notices.current : undefined), 'the outcome');
    assert.match(after.message, /Sign-in with Claude Subscription (was closed before it finished|failed \(exit code)/);
    assert.deepEqual(
      after.buttons.map((b) => b.action),
      ['signIn', 'signIn', 'setApiKey'],
      'sign-in is offered again',
    );
    assert.deepEqual(api.chat.notices.pendingPrompt, [{ type: 'text', text: 'hello' }], 'the prompt is still kept');
  });

  test('Set API Key: stored in SecretStorage, the agent restarts, and the kept prompt is answered with that key', async () => {
    const key = `sk-ant-hosttest-${randomBytes(12).toString('hex')}`;
    const before = api.agentPid();
    fake.setScript([text('Hello from the fake API.')]);
    await api.signIn.setApiKey(key);
    assert.equal(await api.keys.get(), key);
    assert.notEqual(api.agentPid(), before, 'a new agent process');
    const offer = await waitFor(
      () => (api.chat.notices.current?.message.startsWith('Signed in') ? api.chat.notices.current : undefined),
      'the signed-in notice',
    );
    assert.deepEqual(offer.buttons, [{ action: 'resendPrompt', label: 'Retry' }]);
    await api.presenter.runAction(api.chat, offer.id, 'resendPrompt');
    const main = fake.mainRequests();
    assert.equal(main.length, 1);
    assert.equal(main[0]!.apiKey, key, 'the fake API received the stored key in x-api-key');
    assert.deepEqual(
      main[0]!.lastMessage?.texts.some((t) => t.includes('hello')),
      true,
      'the kept prompt was sent',
    );
    const agentText = api.chat
      .session!.snapshot()
      .entries.flatMap((e) => (e.kind === 'agent' ? e.content : []))
      .map((b) => (b.type === 'text' ? b.text : ''))
      .join('');
    assert.match(agentText, /Hello from the fake API\./);
    assert.equal(api.chat.notices.current, null, 'the card is gone');
    const status = await waitFor(() => (api.chat.status.state === 'ready' && api.chat.status.account ? api.chat.status : undefined), 'the sign-in label');
    assert.equal(status.state === 'ready' && status.account, 'Anthropic API key');

    // The key lives in SecretStorage and the agent's environment only.
    const root = bedRoot(api.logDir);
    const settings = findFiles(root, (f) => f.endsWith('settings.json'));
    const logs = findFiles(root, (f) => f.endsWith('.log'));
    assert.ok(settings.length > 0, `settings files found under ${root}`);
    assert.ok(
      logs.some((f) => readFileSync(f, 'utf8').includes('[signIn] API key stored')),
      'the extension log is among the files searched',
    );
    for (const f of [...settings, ...logs]) assert.equal(readFileSync(f, 'utf8').includes(key), false, `the key is not in ${f}`);
  });

  test("Sign Out reaches the adapter's logout, deletes the stored key and restarts the agent; the next prompt asks to sign in again", async () => {
    const before = api.agentPid();
    // A subscription login's credentials, where Claude Code keeps them: only the adapter's `logout` (which runs
    // `claude auth logout`, acp-agent.js `logout`) removes them.
    const credentials = join(home, '.claude', '.credentials.json');
    mkdirSync(dirname(credentials), { recursive: true });
    writeFileSync(
      credentials,
      JSON.stringify({
        claudeAiOauth: { accessToken: 'sk-ant-oat01-hosttest', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, scopes: ['user:inference'] },
      }),
    );
    await vscode.commands.executeCommand('acpChat.signOut');
    assert.equal(existsSync(credentials), false, 'the logout removed the subscription credentials');
    assert.equal(await api.keys.get(), undefined);
    await waitFor(() => api.chat.status.state === 'ready' && api.agentPid() !== before, 'the restarted agent');
    const requests = fake.mainRequests().length;
    await api.actions.sendPrompt('are you there?', []);
    const notice = await waitFor(() => (api.chat.notices.current?.message.startsWith('Sign in') ? api.chat.notices.current : undefined), 'the sign-in card');
    assert.deepEqual(
      notice.buttons.map((b) => b.action),
      ['signIn', 'signIn', 'setApiKey'],
    );
    assert.equal(fake.mainRequests().length, requests, 'nothing reached the model API');
  });
});

suite('First run: a terminal sign-in that succeeds', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let dir: string;

  suiteSetup(async () => {
    api = await activate();
    dir = mkdtempSync(join(tmpdir(), 'acp-chat-host-login-'));
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    // The scripted agent's "needs-login" scenario: a terminal method that signs in (writes the file) and exits 0.
    await setSetting('agent.path', process.execPath);
    await setSetting('agent.args', [join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent', 'agent.mjs'), 'needs-login']);
    await setSetting('agent.env', { SCRIPTED_AGENT_LOGIN_FILE: join(dir, 'signed-in') });
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart();
  });

  suiteTeardown(async () => {
    await setSetting('agent.path', undefined);
    await setSetting('agent.args', undefined);
    await setSetting('agent.env', undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the login exits 0: the agent restarts, and Retry sends the kept prompt, which is answered', async () => {
    await api.actions.sendPrompt('hello', []);
    const card = await waitFor(
      () => (api.chat.notices.current?.buttons.some((b) => b.methodId === 'scripted-login') ? api.chat.notices.current : undefined),
      'the sign-in card',
    );
    const before = api.agentPid();
    await api.presenter.runAction(api.chat, card.id, 'signIn', 'scripted-login');
    assert.equal(readFileSync(join(dir, 'signed-in'), 'utf8'), 'signed in\n', 'the login ran in the terminal');
    assert.notEqual(api.agentPid(), before, 'a new agent process');
    const offer = await waitFor(
      () => (api.chat.notices.current?.message.startsWith('Signed in') ? api.chat.notices.current : undefined),
      'the signed-in notice',
    );
    assert.equal(offer.message, 'Signed in (Scripted Login). Send your prompt again?');
    assert.deepEqual(offer.buttons, [{ action: 'resendPrompt', label: 'Retry' }]);
    await api.presenter.runAction(api.chat, offer.id, 'resendPrompt');
    const said = await waitFor(() => {
      const text = api.chat.session
        ?.snapshot()
        .entries.flatMap((e) => (e.kind === 'agent' ? e.content : []))
        .map((b) => (b.type === 'text' ? b.text : ''))
        .join('');
      return text || undefined;
    }, 'the reply');
    assert.equal(said, 'hello from the scripted agent');
    assert.equal(api.chat.notices.current, null, 'the card is gone');
  });
});

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

function environ(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
}

/** The test bed's folder (it holds user-data and the logs), found above the extension's log folder. */
function bedRoot(logDir: string): string {
  let dir = logDir;
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'user-data'))) return dir;
    dir = dirname(dir);
  }
  throw new Error(`no bed folder above ${logDir}`);
}

function findFiles(dir: string, pred: (f: string) => boolean, depth = 8): string[] {
  if (depth < 0) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (name !== 'extensions' && name !== 'node_modules') out.push(...findFiles(p, pred, depth - 1));
    } else if (st.size < 20_000_000 && pred(p)) out.push(p);
  }
  return out;
}

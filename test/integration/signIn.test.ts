// Sign-in with the real adapter, an empty HOME and no API key: the terminal login methods it offers when the client
// advertises auth.terminal, the -32000 a prompt gets, and the login that the method's launch line starts. With a key,
// no method is offered.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpClient, AgentProcess } from '../../src/acpClient';
import { descendantPids, isAlive, prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { RecordingLogger, ScriptedHooks, waitUntil } from '../fixtures/clientHarness';
import { startFakeAnthropic, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(opts: { withKey: boolean }): Promise<{ client: AcpClient; harness: AdapterHarness; api: FakeAnthropic }> {
  const api = await startFakeAnthropic();
  cleanups.push(() => api.close());
  const harness = await prepareAdapter({ apiUrl: api.url });
  cleanups.push(() => harness.cleanup());
  if (!opts.withKey) delete harness.launch.env.ANTHROPIC_API_KEY;
  const logger = new RecordingLogger();
  const proc = AgentProcess.spawn(harness.launch, { cwd: harness.workspace, logger });
  harness.track(proc);
  const client = await AcpClient.start({
    process: proc,
    hooks: new ScriptedHooks().hooks,
    logger,
    clientInfo: { name: 'acp-chat-integration', version: '0.0.0' },
    terminalAuth: true,
  });
  cleanups.push(async () => client.dispose());
  return { client, harness, api };
}

describe('sign-in with the real adapter', () => {
  it('without credentials: two terminal login methods, session/new works, the prompt fails with -32000', async () => {
    const { client, harness, api } = await start({ withKey: false });
    expect(client.initializeResponse.authMethods).toEqual([
      {
        id: 'claude-ai-login',
        name: 'Claude Subscription',
        type: 'terminal',
        args: ['--cli', 'auth', 'login', '--claudeai'],
        description: 'Use Claude subscription ',
      },
      {
        id: 'console-login',
        name: 'Anthropic Console',
        type: 'terminal',
        args: ['--cli', 'auth', 'login', '--console'],
        description: 'Use Anthropic Console (API usage billing)',
      },
    ]);
    expect(client.initializeResponse.agentCapabilities?.auth?.logout).toBeDefined();
    const session = await client.newSession(harness.workspace);
    const err = await session.prompt([{ type: 'text', text: 'hello' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(acp.RequestError);
    expect((err as acp.RequestError).code).toBe(-32000);
    expect(api.mainRequests()).toHaveLength(0);

    // The method's launch line: the same program, base arguments and environment, the method's args appended.
    const method = client.initializeResponse.authMethods!.find((m) => m.id === 'claude-ai-login') as acp.AuthMethodTerminal;
    const login = spawn(harness.launch.command, [...harness.launch.args, ...(method.args ?? [])], {
      cwd: harness.workspace,
      env: { ...harness.launch.env, ...(method.env ?? {}) },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    login.stdout.on('data', (c: Buffer) => (output += c.toString()));
    login.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<void>((r) => login.once('exit', () => r()));
    harness.track({ pid: login.pid, kill: () => process.kill(-login.pid!, 'SIGTERM'), exited });
    // The adapter runs Claude Code's own login (`claude auth login --claudeai`), which needs no network to start.
    const cmdline = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        return '';
      }
    };
    // Claude Code's own process, by its program's name: the adapter's process carries the same arguments
    // (`…/claude-agent-acp.mjs --cli auth login --claudeai`) and is found first while Claude Code is still starting.
    const claudeLogin = await waitUntil(
      () => descendantPids(login.pid!).find((p) => /\bclaude auth login --claudeai\b/.test(cmdline(p))),
      'Claude Code login process',
      20_000,
    );
    expect(cmdline(claudeLogin)).toMatch(/claude auth login --claudeai/);
    await waitUntil(() => /oauth\/authorize/.test(output), 'the login URL', 20_000);
    process.kill(-login.pid!, 'SIGTERM');
    await exited;
    await waitUntil(() => !isAlive(claudeLogin), 'the login to end with its process group', 5000);
  });

  // The issue expected `authMethods: []` with a key; that holds only without auth.terminal. Adapter 0.101.0 lists its
  // terminal logins whenever the client can run them, whatever the credentials: the prompt is what tells them apart.
  it('with an API key in the environment: the prompt is answered and the agent reports the API key as its sign-in', async () => {
    const { client, harness, api } = await start({ withKey: true });
    expect(client.initializeResponse.authMethods?.map((m) => m.id)).toEqual(['claude-ai-login', 'console-login']);
    const statuses: unknown[] = [];
    client.onDidChangeAuthStatus((s) => statuses.push(s));
    const session = await client.newSession(harness.workspace);
    api.setScript([text('hi there')]);
    const response = await session.prompt([{ type: 'text', text: 'hello' }]);
    expect(response.stopReason).toBe('end_turn');
    await waitUntil(() => client.authStatus, '_auth/status_update');
    expect(client.authStatus).toEqual({ kind: 'api_key', label: 'Anthropic API key' });
    expect(api.mainRequests()[0]?.apiKey).toBe('test-key-offline');
  });
});

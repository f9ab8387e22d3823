// Self-test of the harness, independent of src/acpClient: the real adapter, driven by a bare SDK client, talks to the
// fake Messages API. If this file fails, the integration failures elsewhere are the harness's fault, not the core's.
import * as acp from '@agentclientprotocol/sdk';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, prepareAdapter, processState, type AdapterHarness } from '../fixtures/adapter';
import { bash, startFakeAnthropic, text, type FakeAnthropic, FAKE_TITLE } from '../fixtures/fakeAnthropic';

let api: FakeAnthropic | undefined;
let harness: AdapterHarness | undefined;

afterEach(async () => {
  await harness?.cleanup();
  await api?.close();
  harness = undefined;
  api = undefined;
});

describe('fixtures: fake Anthropic API + real adapter over a bare SDK client', () => {
  it('runs a Bash turn with a permission request and logs what the model was told', async () => {
    api = await startFakeAnthropic();
    harness = await prepareAdapter({ apiUrl: api.url });
    const child = spawn(harness.launch.command, harness.launch.args, {
      shell: false,
      stdio: 'pipe',
      cwd: harness.workspace,
      env: harness.launch.env,
    });
    const exited = new Promise((r) => child.once('exit', r));
    harness.track({ kill: () => child.kill('SIGKILL'), exited, pid: child.pid });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += String(c)));

    const updates: acp.SessionNotification[] = [];
    const permissions: acp.RequestPermissionRequest[] = [];
    const conn = acp
      .client({ name: 'fixture-test' })
      .onNotification(acp.methods.client.session.update, ({ params }) => void updates.push(params))
      .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
        permissions.push(params);
        return { outcome: { outcome: 'selected', optionId: 'allow-once' } };
      })
      .connect(acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>));

    const init = await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    expect(init.agentInfo?.name, stderr).toBe('@agentclientprotocol/claude-agent-acp');
    const session = await conn.agent.request(acp.methods.agent.session.new, { cwd: harness.workspace, mcpServers: [] });
    expect(session.modes?.currentModeId).toBe('auto');
    await conn.agent.request(acp.methods.agent.session.setMode, { sessionId: session.sessionId, modeId: 'default' });

    api.setScript([bash('touch made.txt'), text('Created it.')]);
    const res = await conn.agent.request(acp.methods.agent.session.prompt, {
      sessionId: session.sessionId,
      prompt: [{ type: 'text', text: 'make a file' }],
    });
    expect(res.stopReason).toBe('end_turn');
    expect(permissions).toHaveLength(1);
    expect(permissions[0].toolCall.rawInput).toMatchObject({ command: 'touch made.txt' });
    expect(existsSync(join(harness.workspace, 'made.txt'))).toBe(true);

    // Script consumed exactly: the tool_use, then the closing text after the tool_result.
    expect(api.remaining()).toBe(0);
    const main = api.mainRequests();
    expect(main.map((r) => r.reply)).toEqual(['tool_use:Bash', 'text:Created it.']);
    expect(main[1].toolResults).toHaveLength(1);
    expect(main[1].toolResults[0].isError).toBe(false);
    // The text reply reached the client in pieces and whole.
    const agentText = updates
      .map((u) => u.update)
      .filter((u) => u.sessionUpdate === 'agent_message_chunk')
      .map((u) => (u.content.type === 'text' ? u.content.text : ''))
      .join('');
    expect(agentText).toContain('Created it.');
    // The title side request got JSON and did not consume the script.
    await api.waitForRequest((r) => r.kind === 'title', 10_000);
    expect(api.requests.some((r) => r.kind === 'unknown')).toBe(false);
    // …and its JSON answer became the session title (the update may trail the prompt response).
    const deadline = Date.now() + 10_000;
    const titles = () => updates.flatMap((u) => (u.update.sessionUpdate === 'session_info_update' ? [u.update.title] : []));
    while (titles().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(titles()).toContain(FAKE_TITLE);

    conn.close();
    child.stdin.end();
  });
});

describe('fixtures: the fake API answers a subagent from its own script', () => {
  it('a loop request whose conversation holds a scripted marker takes that script; the main loop keeps its own', async () => {
    api = await startFakeAnthropic([text('main one'), text('main two')]);
    api.setSubagentScript('MARKER-X', [text('sub one')]);
    const ask = async (said: string) => {
      const res = await fetch(`${api!.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', stream: false, tools: [{ name: 'Read' }], messages: [{ role: 'user', content: [{ type: 'text', text: said }] }] }),
      });
      const body = (await res.json()) as { content: { text?: string }[] };
      return body.content.map((c) => c.text ?? '').join('');
    };
    expect(await ask('MARKER-X: read a file')).toBe('sub one');
    expect(await ask('hello')).toBe('main one');
    expect(await ask('MARKER-X again')).toBe('done');
    expect(api.mainRequests().map((r) => r.reply)).toEqual(['text:main one']);
    expect(api.subagentRequests('MARKER-X').map((r) => [r.kind, r.reply])).toEqual([
      ['subagent', 'text:sub one'],
      ['subagent', 'exhausted:MARKER-X'],
    ]);
    expect([api.remaining(), api.remaining('MARKER-X')]).toEqual([1, 0]);
  });
});

describe('fixtures: process liveness (isAlive, which every "no process left" check uses)', () => {
  it('a running process is alive; a zombie, which kill(pid, 0) still finds, and a reaped one are not', async () => {
    // `sleep 0` exits at once; its parent then execs `sleep 30`, which never waits for it: a zombie for 30 s, as an
    // orphan is where PID 1 does not reap.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise((r) => parent.once('exit', r));
    try {
      const zombie = Number(await new Promise<string>((r) => parent.stdout.once('data', (c: Buffer) => r(c.toString()))));
      expect(Number.isInteger(zombie) && zombie > 0).toBe(true);
      const deadline = Date.now() + 10_000;
      while (processState(zombie) !== 'Z') {
        if (Date.now() > deadline) throw new Error(`pid ${zombie} never became a zombie (state ${processState(zombie)})`);
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(isAlive(parent.pid!)).toBe(true);
      expect(() => process.kill(zombie, 0)).not.toThrow(); // what a kill(pid, 0) liveness check would call alive
      expect(isAlive(zombie)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
      await exited;
    }
    // Node has reaped its own child: no /proc entry, not alive.
    expect(processState(parent.pid!)).toBeUndefined();
    expect(isAlive(parent.pid!)).toBe(false);
  });
});

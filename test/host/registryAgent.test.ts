// Adding an agent from the ACP Registry, in a real extension host: a registry.json and a tar.gz of a tiny agent (a
// launcher for the scripted agent) served on 127.0.0.1 → "Add Agent from Registry" installs it into global storage →
// the entry appears in acpChat.agents and the picker → a session with it works; adding it again updates its entry
// without asking. A damaged archive is refused, its error worded, and nothing of it is left (no folder, no temp
// folder, no setting).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'tar';
import * as vscode from 'vscode';
import type { AgentEntry } from '../../src/agents/agentList';
import type { FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, EXTENSION_ID, setUpAgentEnvironment, waitFor, type ExtensionApi } from './helpers';

suite('Agents from the ACP Registry', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let fake: FakeAnthropic | undefined;
  let server: Server;
  let files: Record<string, Buffer>;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment(); // for the bundled Claude entry the teardown returns to
    api = await activate();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const script = join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent', 'agent.mjs');
    // The "binary": a launcher that runs the scripted agent with VS Code's own Node (the agent's modules stay where
    // they are installed); the archive is what the registry would serve.
    const src = mkdtempSync(join(tmpdir(), 'acp-chat-registry-src-'));
    writeFileSync(join(src, 'tiny-agent'), `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec '${process.execPath}' '${script}' "$@"\n`);
    chmodSync(join(src, 'tiny-agent'), 0o644); // the installer must make it executable
    const archive = join(src, 'tiny.tar.gz');
    await create({ gzip: true, file: archive, cwd: src, portable: true }, ['tiny-agent']);
    const { readFileSync } = await import('node:fs');
    const good = readFileSync(archive);
    const damaged = Buffer.from(good);
    damaged.fill(0x41, 20, Math.min(damaged.length, 200)); // the gzip stream broken after its header
    files = { '/tiny.tar.gz': good, '/broken.tar.gz': damaged };
    server = createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const platform = `${{ linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform as 'linux']}-${{ x64: 'x86_64', arm64: 'aarch64' }[process.arch as 'x64']}`;
    const entry = (id: string, name: string, archiveName: string) => ({
      id,
      name,
      version: '0.1.0',
      description: 'A tiny scripted agent',
      authors: ['tests'],
      license: 'MIT',
      distribution: { binary: { [platform]: { archive: `${base}${archiveName}`, cmd: './tiny-agent', args: [] } } },
    });
    files['/registry.json'] = Buffer.from(
      JSON.stringify({ version: '1.0.0', agents: [entry('tiny', 'Tiny', '/tiny.tar.gz'), entry('broken', 'Broken', '/broken.tar.gz')], extensions: [] }),
    );
    await vscode.workspace.getConfiguration('acpChat.agentRegistry').update('url', `${base}/registry.json`, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('acpChat.chatView.focus');
  });

  suiteTeardown(async () => {
    await api.actions.selectAgent('Claude');
    await vscode.workspace.getConfiguration('acpChat').update('agents', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('acpChat.agentRegistry').update('url', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(
      () => api.chat.status.state === 'ready' && api.host.agent?.initializeResponse.agentInfo?.name !== 'scripted-agent',
      'the bundled agent ready again',
    );
    await new Promise((r) => server.close(r));
    await fake?.close();
  });

  const storageDir = () => join(api.context.globalStorageUri.fsPath, 'agents');

  test('installs the picked agent into global storage and lists it; a session with it works', async () => {
    const entry = (await vscode.commands.executeCommand('acpChat.addAgentFromRegistry', 'tiny')) as AgentEntry | undefined;
    assert.ok(entry?.command, 'the command resolved to the added entry');
    assert.equal(dirname(dirname(dirname(entry.command))), storageDir());
    assert.ok(existsSync(entry.command));
    const raw = vscode.workspace.getConfiguration('acpChat').inspect<unknown[]>('agents')?.globalValue;
    assert.deepEqual(raw, [{ name: 'Claude' }, { name: 'Tiny', command: entry.command, args: [] }]);
    assert.deepEqual(
      api.agents.list().map((a) => a.name),
      ['Claude', 'Tiny'],
    );
    assert.deepEqual(
      readdirSync(storageDir()).filter((n) => n.startsWith('.')),
      [],
      'no temp folder left',
    );

    await api.actions.selectAgent('Tiny');
    const session = await waitFor(
      () => (api.chat.status.state === 'ready' && api.host.agent?.initializeResponse.agentInfo?.name === 'scripted-agent' ? api.chat.session : undefined),
      'a session with the installed agent',
    );
    const res = await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hello' }]);
    assert.equal(res.stopReason, 'end_turn');
    const said = session
      .snapshot()
      .entries.filter((e) => e.kind === 'agent')
      .at(-1);
    assert.ok(said?.kind === 'agent' && said.content.some((b) => b.type === 'text' && b.text.length > 0), 'the installed agent answered');
  });

  test('adding the same agent again updates its own entry in place, without asking', async () => {
    const before = vscode.workspace.getConfiguration('acpChat').inspect<unknown[]>('agents')?.globalValue;
    // A question would be a modal no one answers here: the command would not resolve to the entry.
    const entry = (await vscode.commands.executeCommand('acpChat.addAgentFromRegistry', 'tiny')) as AgentEntry | undefined;
    assert.equal(entry?.name, 'Tiny');
    assert.deepEqual(vscode.workspace.getConfiguration('acpChat').inspect<unknown[]>('agents')?.globalValue, before);
    assert.deepEqual(
      api.agents.list().map((a) => a.name),
      ['Claude', 'Tiny'],
    );
  });

  test('a damaged archive is refused with a worded error, and nothing of it is left', async () => {
    const before = vscode.workspace.getConfiguration('acpChat').inspect<unknown[]>('agents')?.globalValue;
    const entry = await vscode.commands.executeCommand('acpChat.addAgentFromRegistry', 'broken');
    assert.equal(entry, undefined);
    const notice = await waitFor(() => (api.chat.notices.current?.message.includes('damaged') ? api.chat.notices.current : undefined), 'the error card');
    assert.match(notice.message, /Nothing was installed/);
    assert.equal(existsSync(join(storageDir(), 'broken')), false);
    assert.deepEqual(
      readdirSync(storageDir()).filter((n) => n.startsWith('.')),
      [],
      'no temp folder left',
    );
    assert.deepEqual(vscode.workspace.getConfiguration('acpChat').inspect<unknown[]>('agents')?.globalValue, before);
  });
});

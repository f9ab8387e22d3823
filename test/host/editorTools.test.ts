// The editor's knowledge as tools for the agent, in the real VS Code with the real adapter: the model calls
// get_diagnostics and find_definition (loaded through Claude Code's ToolSearch, as a real model does) and gets what
// VS Code's TypeScript service reports, without an approval in Manual mode; the server answers only with its token and
// only for paths inside the workspace, and a package linked in from outside (as pnpm and yarn workspaces link them)
// stays out of its answers, as out of Add Context's problems.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as vscode from 'vscode';
import type { EditorToolServer } from '../../src/ideTools/editorToolServer';
import { descendantPids, nodeForOthers } from '../fixtures/processes';
import { text, toolUse, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import {
  activate,
  closeAllEditors,
  permissionRecords,
  setUpAgentEnvironment,
  toolCalls,
  waitFor,
  workspaceRoot,
  type ExtensionApi,
  freshSideChat,
} from './helpers';

const BROKEN = ['export function answer(): number {', '  return 42;', '}', "export const count: number = 'three';", ''].join('\n');
const USE = ["import { answer } from './broken';", 'export const value = answer();', ''].join('\n');
/** A package outside the workspace, linked in as ide-tools/linked-pkg, and a workspace file that uses it wrongly. */
const PKG = ['export function pkgAnswer(): number {', '  return 7;', '}', "export const pkgWrong: number = 'seven';", ''].join('\n');
const USES_PKG = ["import { pkgAnswer } from './linked-pkg/index';", 'export const viaLink: string = pkgAnswer();', ''].join('\n');
const tsCode = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);

suite('Editor tools for the agent', function () {
  this.timeout(120_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi & { editorTools: EditorToolServer };
  let dir: string;
  let outside: string;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    api = (await activate()) as typeof api;
    await closeAllEditors();
    dir = join(workspaceRoot(), 'ide-tools');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'broken.ts'), BROKEN);
    writeFileSync(join(dir, 'use.ts'), USE);
    outside = mkdtempSync(join(tmpdir(), 'acp-chat-outside-'));
    writeFileSync(join(outside, 'secret.ts'), "export const secret: number = 'x';\n");
    symlinkSync(join(outside, 'secret.ts'), join(dir, 'link.ts'));
    mkdirSync(join(outside, 'pkg'));
    writeFileSync(join(outside, 'pkg', 'index.ts'), PKG);
    symlinkSync(join(outside, 'pkg'), join(dir, 'linked-pkg'));
    writeFileSync(join(dir, 'uses-pkg.ts'), USES_PKG);
    await freshSideChat(api);
  });

  suiteTeardown(async () => {
    await api?.chat.cancel().catch(() => undefined);
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
    await closeAllEditors();
  });

  test("the model gets VS Code's TypeScript error and a definition, and nothing asks in Manual mode", async () => {
    const broken = vscode.Uri.file(join(dir, 'broken.ts'));
    // What the tool should report: VS Code's TypeScript service's own finding (it checks the files open in tabs).
    await vscode.window.showTextDocument(broken, { preview: true, preserveFocus: true });
    const reported = await waitFor(
      () => vscode.languages.getDiagnostics(broken).find((d) => String(typeof d.code === 'object' ? d.code.value : d.code) === '2322'),
      "TypeScript's error in broken.ts",
      90_000,
    );
    assert.equal(reported.range.start.line, 3);
    assert.equal(api.chat.session?.snapshot().meta.modes?.currentModeId, 'default', 'Manual mode');

    const permissionsBefore = permissionRecords(api).length;
    fake.setScript([
      toolUse('ToolSearch', { query: 'select:mcp__acp-chat__get_diagnostics,mcp__acp-chat__find_definition', max_results: 2 }),
      toolUse('mcp__acp-chat__get_diagnostics', { path: 'ide-tools/broken.ts' }),
      toolUse('mcp__acp-chat__find_definition', { path: join(dir, 'use.ts'), line: 2, symbol: 'answer' }),
      text('Found them.'),
    ]);
    const res = await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'check the file' }]);
    assert.equal(res.stopReason, 'end_turn');

    const results = fake.toolResults();
    const diagnostics = results.find((r) => r.text.includes('broken.ts:4:'));
    assert.ok(diagnostics, `the diagnostics result names line 4: ${JSON.stringify(results)}`);
    assert.equal(diagnostics.isError, false);
    assert.ok(diagnostics.text.includes(reported.message), `the result holds the error's message (${reported.message}): ${diagnostics.text}`);
    assert.match(diagnostics.text, /^ide-tools\/broken\.ts:4:14 error \(ts 2322\): /mu);
    const definition = results.find((r) => r.text.includes('export function answer'));
    assert.ok(definition, `the definition result: ${JSON.stringify(results)}`);
    assert.match(definition.text, /^ide-tools\/broken\.ts:1:17 — export function answer\(\): number \{$/mu);
    assert.equal(permissionRecords(api).length, permissionsBefore, 'no approval was asked');
    // Shown in the chat like any tool: its name, input and result.
    const calls = toolCalls(api).filter((t) => JSON.stringify(t.rawInput ?? {}).includes('ide-tools'));
    assert.equal(calls.length, 2);
    assert.ok(calls.every((t) => t.status === 'completed'));
  });

  suite('the server itself', () => {
    let url: URL;
    let authorization: string;

    suiteSetup(async () => {
      const server = (await api.editorTools.offer())?.server;
      assert.ok(server && 'type' in server && server.type === 'http');
      url = new URL(server.url);
      authorization = server.headers[0]!.value;
    });

    const connect = async (headers: Record<string, string>) => {
      const client = new Client({ name: 'host-test', version: '0' });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      return client;
    };

    test("refuses another user's process that read the token from Claude Code's command line", async () => {
      // This bed has Claude Code's sandbox (bubblewrap, socat): its subprocess scrub is on, so Claude Code fills in no
      // variable and the SDK puts the header on its command line, where any local user reads it.
      const pid = api.agentPid();
      assert.ok(pid, 'the agent runs');
      const claude = descendantPids(pid).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--mcp-config'));
      assert.ok(claude, 'Claude Code got its MCP servers on its command line');
      assert.ok(readFileSync(`/proc/${claude}/environ`, 'utf8').split('\0').includes('CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1'));
      const stolen = /Bearer [A-Za-z0-9_-]{43}/u.exec(readFileSync(`/proc/${claude}/cmdline`, 'utf8'))?.[0];
      assert.equal(stolen, authorization);
      assert.equal(process.getuid?.(), 0, 'the bed runs as root, which can start a process as nobody');
      // node:http, not fetch: a connection reset while fetch was still connecting once left its promise unsettled and
      // the process exited saying nothing; http's request reports the reset as its error every time.
      const script = `const r = require('node:http').request(${JSON.stringify(url.href)}, { method: 'POST', headers: { authorization: ${JSON.stringify(stolen)}, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => { console.log('status', res.statusCode); res.resume(); }); r.on('error', (e) => console.log('refused', e.code ?? e.message)); r.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');`;
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(nodeForOthers(), ['-e', script], { uid: 65534, gid: 65534, env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (d: Buffer) => (text += d.toString()));
        child.stderr.on('data', (d: Buffer) => (text += d.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(text.trim()));
      });
      assert.equal(out, 'refused ECONNRESET');
    });

    test('refuses a client without the token or with a wrong one', async () => {
      await assert.rejects(connect({}));
      await assert.rejects(connect({ Authorization: `Bearer ${'x'.repeat(authorization.length - 7)}` }));
    });

    test('refuses a path outside the workspace, directly or through a symlink, and answers inside it', async () => {
      const client = await connect({ Authorization: authorization });
      try {
        for (const path of [join(outside, 'secret.ts'), '/etc/passwd', '../../etc/passwd', join(dir, 'link.ts')]) {
          const result = (await client.callTool({ name: 'get_diagnostics', arguments: { path } })) as { isError?: boolean; content: { text: string }[] };
          assert.equal(result.isError, true, `${path} refused`);
          assert.match(result.content[0]!.text, /outside the workspace folders/u);
        }
        const inside = (await client.callTool({ name: 'document_symbols', arguments: { path: 'ide-tools/broken.ts' } })) as {
          isError?: boolean;
          content: { text: string }[];
        };
        assert.equal(inside.isError, undefined);
        assert.match(inside.content[0]!.text, /^function answer \(lines 1–3\)$/mu);
      } finally {
        await client.close();
      }
    });

    test("a package linked in from outside: its problems, lines and name are not given, nor is its editor named; Add Context's problems leave it out too", async () => {
      const uses = vscode.Uri.file(join(dir, 'uses-pkg.ts'));
      const linked = vscode.Uri.file(join(dir, 'linked-pkg', 'index.ts'));
      const isLinked = (uri: vscode.Uri) => uri.fsPath.endsWith('index.ts') && uri.fsPath.includes('pkg');
      await vscode.window.showTextDocument(uses, { preview: false, preserveFocus: true });
      // TypeScript's error in uses-pkg.ts: the import was resolved through the link.
      await waitFor(() => vscode.languages.getDiagnostics(uses).some((d) => tsCode(d) === '2322'), "TypeScript's error in uses-pkg.ts", 90_000);
      // The linked file open and active: TypeScript checks it, and reports its own error.
      await vscode.window.showTextDocument(linked, { preview: false });
      await waitFor(
        () => vscode.languages.getDiagnostics().some(([uri, found]) => isLinked(uri) && found.some((d) => tsCode(d) === '2322')),
        "TypeScript's error in the linked package",
        90_000,
      );
      const client = await connect({ Authorization: authorization });
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[] };
        assert.equal(result.isError, undefined, `${name} answered: ${JSON.stringify(result)}`);
        return result.content[0]!.text;
      };
      const notNamed = (answer: string, what: string) => {
        assert.ok(!answer.includes('linked-pkg') && !answer.includes(outside), `${what} names no file of the linked package: ${answer}`);
        assert.ok(!/pkgAnswer\(\): number|'seven'/u.test(answer), `${what} has none of its lines: ${answer}`);
      };
      try {
        const problems = await call('get_diagnostics', {});
        assert.match(problems, /^ide-tools\/uses-pkg\.ts:2:\d+ error \(ts 2322\): /mu);
        notNamed(problems, 'get_diagnostics');
        const definition = await call('find_definition', { path: 'ide-tools/uses-pkg.ts', line: 2, symbol: 'pkgAnswer' });
        assert.match(definition, /^\d+ in (a file|files) outside the workspace \(not named\)$/u);
        notNamed(definition, 'find_definition');
        assert.equal(await call('get_selection', {}), 'The user is in a file outside the workspace (its name and text are not shared).');
        const editors = await call('get_open_editors', {});
        assert.match(editors, /^a file outside the workspace \(active\)$/mu);
        assert.match(editors, /^ide-tools\/uses-pkg\.ts$/mu);
        notNamed(editors, 'get_open_editors');
      } finally {
        await client.close();
      }
      const [chip] = await api.actions.attachMention({ kind: 'problems' });
      assert.ok(chip?.type === 'context', `a problems chip: ${JSON.stringify(chip)}`);
      assert.match(chip.text, /^ide-tools\/uses-pkg\.ts:2:\d+ error \(ts\): /mu);
      notNamed(chip.text, "Add Context's problems");
    });
  });
});

// The agent's fs/* served by the extension in a real extension host, driven by the scripted agent (the Claude adapter
// does not call them): unsaved buffers, line/limit, an undoable write, and refusals outside the workspace.
// It switches the extension to the scripted agent through the user's settings and back at the end.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import { MAX_TERMINAL_OUTPUT } from '../../src/acpClient/toolCallMerge';
import type { ToolCallState } from '../../src/acpClient/transcript';
import type { FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, closeAllEditors, EXTENSION_ID, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

suite('fs/* served to the agent', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let dir: string;

  suiteSetup(async () => {
    api = await activate();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const config = vscode.workspace.getConfiguration('acpChat');
    await config.update('agent.path', process.execPath, vscode.ConfigurationTarget.Global);
    await config.update('agent.args', [join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent', 'agent.mjs')], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart();
    assert.equal(api.host.agent?.initializeResponse.agentInfo?.name, 'scripted-agent');
    dir = join(workspaceRoot(), 'fs-served');
    mkdirSync(dir, { recursive: true });
  });

  suiteTeardown(async () => {
    const config = vscode.workspace.getConfiguration('acpChat');
    await config.update('agent.path', undefined, vscode.ConfigurationTarget.Global);
    await config.update('agent.args', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  /** One scripted turn; returns what the client answered (`ok <json>` / `error <json>`, parsed). */
  async function ask(prompt: string): Promise<{ ok: true; result: { content?: string } } | { ok: false; error: { code: number; message: string } }> {
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: prompt }]);
    const last = api.chat.session
      ?.snapshot()
      .entries.filter((e) => e.kind === 'agent')
      .at(-1);
    const said = last?.kind === 'agent' ? last.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '';
    const [, status, json] = /^(ok|error) ([\s\S]*)$/.exec(said) ?? [];
    assert.ok(status, `the scripted agent reported: ${said}`);
    return status === 'ok' ? { ok: true, result: JSON.parse(json!) } : { ok: false, error: JSON.parse(json!) };
  }

  test('advertised: fs read and write', () => {
    const caps = (api.host.agent?.initializeResponse.agentCapabilities?._meta as { scripted?: { clientCapabilities?: { fs?: unknown } } })?.scripted
      ?.clientCapabilities;
    assert.deepEqual(caps?.fs, { readTextFile: true, writeTextFile: true });
  });

  test('a read returns the open buffer with its unsaved changes, and honours the 1-based line and limit', async () => {
    const file = join(dir, 'buffer.txt');
    writeFileSync(file, 'l1\nl2\nl3\nl4\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'unsaved '));
    assert.equal(editor.document.isDirty, true);
    assert.deepEqual(await ask(`read ${file}`), { ok: true, result: { content: 'unsaved l1\nl2\nl3\nl4\n' } });
    assert.deepEqual(await ask(`read ${file} 2 2`), { ok: true, result: { content: 'l2\nl3\n' } });
    assert.deepEqual(await ask(`read ${file} 4`), { ok: true, result: { content: 'l4\n' } });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await closeAllEditors();
  });

  test('a write goes through the editor: saved to disk, shown in the open buffer, and undone with one Undo', async () => {
    const file = join(dir, 'written.txt');
    writeFileSync(file, 'before\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    assert.deepEqual(await ask(`write ${file} after\\nsecond line`), { ok: true, result: {} });
    assert.equal(readFileSync(file, 'utf8'), 'after\nsecond line');
    assert.equal(editor.document.getText(), 'after\nsecond line');
    assert.equal(editor.document.isDirty, false);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), 'before\n', 'one Undo takes the write back');
    await vscode.commands.executeCommand('workbench.action.files.save');
    await closeAllEditors();

    const created = join(dir, 'new', 'created.txt');
    mkdirSync(join(dir, 'new'));
    assert.deepEqual(await ask(`write ${created} fresh`), { ok: true, result: {} });
    assert.equal(readFileSync(created, 'utf8'), 'fresh');
    await closeAllEditors();
  });

  test('paths outside the workspace are refused: absolute, traversal, and through symlinks (read and write)', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'acp-chat-outside-'));
    const secret = join(outside, 'secret.txt');
    writeFileSync(secret, 'secret\n');
    symlinkSync(secret, join(dir, 'link-to-secret.txt'));
    symlinkSync(outside, join(dir, 'link-to-outside'));
    const refused = async (prompt: string) => {
      const r = await ask(prompt);
      assert.equal(r.ok, false, `${prompt} must be refused`);
      if (r.ok) return;
      assert.equal(r.error.code, -32602);
      assert.match(r.error.message, /outside the workspace folders/);
    };
    await refused(`read ${secret}`);
    await refused(`read ${workspaceRoot()}/${relative(workspaceRoot(), secret)}`); // …/workspace/../../x/secret.txt
    await refused(`read ${join(dir, 'link-to-secret.txt')}`);
    await refused(`write ${join(dir, 'link-to-outside', 'planted.txt')} gotcha`);
    await refused(`write ${join(dir, 'link-to-secret.txt')} overwritten`);
    assert.equal(existsSync(join(outside, 'planted.txt')), false);
    assert.equal(readFileSync(secret, 'utf8'), 'secret\n');
    const missing = await ask(`read ${join(dir, 'no-such-file.txt')}`);
    assert.equal(missing.ok, false);
    if (!missing.ok) assert.equal(missing.error.code, -32002);
  });
});

suite('terminal/* served to the agent', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let fake: FakeAnthropic | undefined;

  suiteSetup(async () => {
    // The bundled Claude entry's own environment, for the restart back to it at the end.
    fake = await setUpAgentEnvironment();
    api = await activate();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const config = vscode.workspace.getConfiguration('acpChat');
    await config.update('agent.path', process.execPath, vscode.ConfigurationTarget.Global);
    await config.update('agent.args', [join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent', 'agent.mjs')], vscode.ConfigurationTarget.Global);
    if (api.host.agent?.initializeResponse.agentInfo?.name !== 'scripted-agent' || api.host.agent.closed) await api.chats.restart();
  });

  suiteTeardown(async () => {
    const config = vscode.workspace.getConfiguration('acpChat');
    await config.update('agent.path', undefined, vscode.ConfigurationTarget.Global);
    await config.update('agent.args', undefined, vscode.ConfigurationTarget.Global);
    // Leave the extension as found: the bundled adapter running again, not the scripted agent.
    await api.chats.restart();
    await waitFor(() => api.chat.status.state === 'ready', 'the bundled agent ready again');
    assert.notEqual(api.host.agent?.initializeResponse.agentInfo?.name, 'scripted-agent');
    await fake?.close();
  });

  interface TermResult {
    exit: { exitCode: number | null; signal: string | null };
    output: { output: string; truncated: boolean; exitStatus: { exitCode: number | null; signal: string | null } | null };
  }

  async function term(spec: { command: string; args?: string[]; outputByteLimit?: number; kill?: string; card?: string }): Promise<TermResult> {
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: `term ${JSON.stringify(spec)}` }]);
    const last = api.chat.session
      ?.snapshot()
      .entries.filter((e) => e.kind === 'agent')
      .at(-1);
    const said = last?.kind === 'agent' ? last.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '';
    assert.match(said, /^ok /, `the scripted agent reported: ${said}`);
    return JSON.parse(said.slice(3)) as TermResult;
  }

  const node = process.execPath;

  test('advertised: terminal', () => {
    const caps = (api.host.agent?.initializeResponse.agentCapabilities?._meta as { scripted?: { clientCapabilities?: { terminal?: unknown } } })?.scripted
      ?.clientCapabilities;
    assert.equal(caps?.terminal, true);
  });

  test('a command that prints and exits 3: output and exit status, shown in a VS Code terminal', async () => {
    const r = await term({ command: node, args: ['-e', "console.log('hello from the terminal');process.exit(3)"] });
    assert.deepEqual(r.exit, { exitCode: 3, signal: null });
    assert.deepEqual(r.output, { output: 'hello from the terminal\n', truncated: false, exitStatus: { exitCode: 3, signal: null } });
    assert.ok(
      vscode.window.terminals.some((t) => t.name.startsWith(`Agent: ${node}`)),
      `terminals: ${vscode.window.terminals.map((t) => t.name).join(', ')}`,
    );
  });

  test('a killed command reports its signal', async () => {
    const r = await term({ command: node, args: ['-e', "console.log('started');setInterval(()=>{},1000)"], kill: 'started' });
    assert.deepEqual(r.exit, { exitCode: null, signal: 'SIGTERM' });
    assert.equal(r.output.output, 'started\n');
  });

  test('output beyond the byte limit keeps the end and says it was truncated', async () => {
    const r = await term({ command: node, args: ['-e', "process.stdout.write('x'.repeat(100)+'END')"], outputByteLimit: 10 });
    assert.deepEqual(r.output, { output: 'xxxxxxxEND', truncated: true, exitStatus: { exitCode: 0, signal: null } });
  });

  /** The latest tool call that embeds a terminal (the scripted agent's card for `term`). */
  function terminalCard(): ToolCallState | undefined {
    const tools = api.chat.session?.snapshot().entries.flatMap((e) => (e.kind === 'tool' ? [e.toolCall] : [])) ?? [];
    return tools.filter((t) => t.content.some((c) => c.type === 'terminal')).at(-1);
  }

  test('the tool card shows the output live while the command runs, then its exit', async () => {
    const gate = join(workspaceRoot(), 'term-gate');
    rmSync(gate, { force: true });
    const before = terminalCard()?.toolCallId;
    const script = `console.log('first');const t=setInterval(()=>{if(require('fs').existsSync(${JSON.stringify(gate)})){clearInterval(t);console.log('second');process.exit(3)}},20)`;
    const turn = term({ command: node, args: ['-e', script], card: 'start' });
    const live = await waitFor(() => {
      const card = terminalCard();
      return card && card.toolCallId !== before && card.terminalOutput === 'first\n' ? card : undefined;
    }, 'the card showing the first line');
    assert.equal(live.status, 'in_progress', 'the command is still running');
    assert.equal(live.terminalExit, undefined);
    writeFileSync(gate, '');
    const r = await turn;
    rmSync(gate, { force: true });
    assert.deepEqual(r.exit, { exitCode: 3, signal: null });
    const done = terminalCard()!;
    assert.equal(done.toolCallId, live.toolCallId);
    assert.equal(done.terminalOutput, 'first\nsecond\n');
    assert.deepEqual(done.terminalExit, { exitCode: 3, signal: null });
    assert.equal(done.status, 'failed');
  });

  test('output printed before the agent embeds the terminal is in the card; past the cap its tail is kept and the cut counted', async () => {
    // 1.2 million characters, then the marker the agent waits for before it sends the card.
    const script = "process.stdout.write('x'.repeat(1200000)+'READY\\n')";
    const r = await term({ command: node, args: ['-e', script], card: 'READY', outputByteLimit: 100 });
    assert.equal(r.output.truncated, true, 'the agent still gets its own byte limit');
    const card = terminalCard()!;
    assert.equal(card.terminalOutput!.length, MAX_TERMINAL_OUTPUT);
    assert.ok(card.terminalOutput!.endsWith('xREADY\n'));
    assert.equal(card.terminalOutputDropped, 1_200_006 - MAX_TERMINAL_OUTPUT);
    assert.deepEqual(card.terminalExit, { exitCode: 0, signal: null });
  });

  test('no shell: the arguments reach the command as they are', async () => {
    const r = await term({ command: 'echo', args: ['$HOME;', 'rm', '*'] });
    assert.equal(r.output.output, '$HOME; rm *\n');
  });
});

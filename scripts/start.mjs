#!/usr/bin/env node
// The README's "run the product" command: builds the extension, then opens it as a development extension —
// in VS Code (`code --extensionDevelopmentPath`) where the `code` CLI is installed, else in the VS Code server of the
// test bed (provisioned into the cache on first use), printing the URL to open in a browser. Ctrl+C stops it. Without
// a folder it opens a new scratch folder, so a first approved edit never lands in this checkout.
//   npm start [-- <folder to open>]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = process.argv[2] ? resolve(process.argv[2]) : scratchFolder();

run(process.execPath, [join(root, 'scripts/build.mjs')]);

// The extension never ships Claude Code; in a checkout npm installed this machine's build (an optional dependency of
// the adapter's SDK). Name it, as a user's CLAUDE_CODE_EXECUTABLE would, so the development window needs no download.
const musl = process.platform === 'linux' && !process.report?.getReport()?.header?.glibcVersionRuntime;
const claudeCode = join(
  root,
  'node_modules',
  '@anthropic-ai',
  `claude-agent-sdk-${process.platform}-${process.arch}${musl ? '-musl' : ''}`,
  process.platform === 'win32' ? 'claude.exe' : 'claude',
);
const devEnv = existsSync(claudeCode) && !process.env.CLAUDE_CODE_EXECUTABLE ? { CLAUDE_CODE_EXECUTABLE: claudeCode } : {};

if (spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0) {
  run('code', ['--extensionDevelopmentPath', root, folder], devEnv);
  console.log('Opened VS Code with ACP Chat loaded as a development extension.');
} else {
  const { ensureNode } = await import('./ensure-node.mjs');
  const node = ensureNode().bin;
  // The VS Code server needs Node 24 and native modules: provision it (cached) under that Node.
  run(node, [join(root, 'test/testbed/provision.mjs')]);
  const { startServer } = await import('../test/testbed/server.mjs');
  const { rmSync } = await import('node:fs');
  const runRoot = mkdtempSync(join(tmpdir(), 'acp-chat-run-'));
  const server = await startServer({ root: runRoot, env: devEnv });
  const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${server.port}${root}`]]);
  const url = `${server.origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
  console.log(`\nVS Code is running with ACP Chat loaded. Open this URL in a browser:\n\n  ${url}\n\nServer log: ${server.logFile}. Ctrl+C stops it.`);
  const stop = async () => {
    await server.stop();
    rmSync(runRoot, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await new Promise(() => {});
}

/** A new folder with one small file for the agent to change. */
function scratchFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'acp-chat-scratch-'));
  writeFileSync(join(dir, 'hello.md'), '# Hello\n\nA scratch folder for trying ACP Chat: ask the agent to change this file.\n');
  console.log(`Opening the scratch folder ${dir}`);
  return dir;
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

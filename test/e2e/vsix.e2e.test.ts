// The packaged extension as a user gets it: the VSIX built by `vsce package --target linux-x64` is installed into a
// fresh VS Code (the server's own --install-extension CLI) and, with nothing set up but the agent's credentials
// (acpChat.agent.env pointing the bundled Claude adapter at the fake Messages API), answers a prompt typed in the
// chat. This proves what the development-extension tests cannot: that the VSIX carries everything the extension
// needs at run time (bundles, webview assets, the adapter and its Claude Code binary, with its exec bit) and that
// nothing reaches back into the repository.
// Packages what is in dist/: the test runner (scripts/test.mjs) builds first; by hand, run `node scripts/build.mjs`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { text } from '../fixtures/fakeAnthropic';
import { captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { REPO_ROOT, runCommand, screenshot } from './harness';

const EXTENSION_ID = 'acp-chat.acp-chat';
const VSCE = join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');

/** `vsce package` with the node running this test (never through a shell); resolves with its output. */
function packageVsix(out: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [VSCE, 'package', '--target', 'linux-x64', '--out', out],
      { cwd: REPO_ROOT, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (err) reject(new Error(`vsce package failed (${err.killed ? 'timed out' : `exit code ${err.code}`}):\n${output}`));
        else resolve(output);
      },
    ).stdin?.end(); // vsce asks questions on stdin in some cases: answer none, so it fails instead of waiting.
  });
}

/** Command lines (argv joined by spaces) of the processes running on this machine. */
function processCommandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // The process ended while listing.
    }
  }
  return lines;
}

test('the packaged VSIX installs into VS Code and chats with no set-up but the credentials', { timeout: 300_000 }, async (ctx) => {
  for (const f of ['dist/extension.js', 'dist/webview/main.js']) {
    if (!existsSync(join(REPO_ROOT, f))) throw new Error(`${f} is missing: run \`node scripts/build.mjs\` first`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'acp-chat-vsix-'));
  let cb: ChatBed | undefined;
  try {
    const vsix = join(dir, 'acp-chat.vsix');
    const packOutput = await packageVsix(vsix);
    expect(packOutput).toMatch(/DONE\s+Packaged:/);
    // The platform package carries the Claude Code binary (~150 MB compressed); a VSIX without it is not the product.
    expect(statSync(vsix).size).toBeGreaterThan(50 * 1024 * 1024);

    cb = await startChatBed({ installVsix: vsix });
    const { bed, page } = cb;

    // Installed, not loaded for development: the server registered it in its extensions folder from the VSIX, and
    // the window is an ordinary one.
    const registry = JSON.parse(readFileSync(join(bed.extensionsDir, 'extensions.json'), 'utf8')) as {
      identifier: { id: string };
      relativeLocation: string;
      metadata?: { source?: string };
    }[];
    const entry = registry.find((e) => e.identifier.id === EXTENSION_ID);
    expect(entry?.metadata?.source).toBe('vsix');
    const installed = join(bed.extensionsDir, entry!.relativeLocation);
    expect(existsSync(join(installed, 'package.json'))).toBe(true);
    expect(bed.url).not.toContain('extensionDevelopmentPath');
    expect(await page.title()).not.toContain('Extension Development Host');

    // The Extensions view lists it among the installed extensions, as a user would check. ("View: Show Extensions"
    // is always there; "Extensions: Show Installed Extensions" registers only once the view has loaded.)
    await runCommand(page, 'View: Show Extensions');
    const row = page.locator('.extensions-viewlet .extension-list-item', { hasText: 'ACP Chat' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await row.locator('.name').first().textContent()).toBe('ACP Chat');
    await screenshot(page, 'vsix-installed-extensions');

    await openChat(cb);
    // The webview runs the installed copy's bundle, not the repository's.
    const script = await cb.chat.locator('script[src]').first().getAttribute('src');
    expect(decodeURIComponent(script ?? '')).toContain(`${installed}/dist/webview/main.js`);

    cb.fake.setScript([text('Hello from the **VSIX**')]);
    await sendPrompt(cb, 'say hello');
    const strong = cb.chat.getByTestId('agent-message').last().locator('strong');
    await strong.waitFor({ timeout: TURN_MS });
    expect(await strong.textContent()).toBe('VSIX');
    expect(await cb.chat.getByTestId('agent-message').last().textContent()).toContain('Hello from the VSIX');
    await waitTurnIdle(cb);
    expect(cb.fake.mainRequests().at(-1)?.lastMessage?.blocks.join('\n')).toContain('say hello');
    await screenshot(page, 'vsix-chat-reply');

    // The agent that answered is the adapter shipped in the VSIX, started from the installed folder.
    const adapter = join(installed, 'node_modules', '@agentclientprotocol', 'claude-agent-acp');
    expect(processCommandLines().some((c) => c.includes(adapter))).toBe(true);
  } catch (err) {
    await captureFailure(cb, ctx.task.name);
    throw err;
  } finally {
    await cb?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

// The packaged extension as a user gets it: the universal VSIX built by `npm run package` (no platform target, no
// Claude Code inside; with no repository given, a local VSIX whose README points at nothing outside it) is installed into a fresh VS Code (the server's own --install-extension
// CLI) on a machine with no Claude Code anywhere (no setting, no CLAUDE_CODE_EXECUTABLE, nothing on PATH). The chat
// says what is missing and offers the download; the download comes from the user's npm registry (here a local one on
// 127.0.0.1, named by npm_config_registry, serving the real platform package); then a prompt typed in the chat is
// answered (by the fake Messages API, the only set-up being the agent's credentials in acpChat.agent.env). This
// proves what the development-extension tests cannot: that the VSIX carries everything the extension needs at run
// time, that nothing reaches back into the repository, and that first use works end to end.
// `npm run package` builds dist/ itself first.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { text } from '../fixtures/fakeAnthropic';
import { claudeCodeTarball, startFakeRegistry, type FakeRegistry, type PackageTarball } from '../fixtures/fakeRegistry';
import { captureFailure, sendPrompt, startChatBed, AGENT_START_MS, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { REPO_ROOT, runCommand, screenshot, waitForNotification } from './harness';
import { packageVsix } from './vsixPackage';

const EXTENSION_ID = 'acp-chat.acp-chat';
/** The processes running on this machine: command line (argv joined by spaces) and environment. */
function processes(): { cmdline: string; env: Record<string, string> }[] {
  const out: { cmdline: string; env: Record<string, string> }[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      const env = Object.fromEntries(
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean)
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      );
      out.push({ cmdline, env });
    } catch {
      // The process ended while listing.
    }
  }
  return out;
}

test('the universal VSIX installs into a clean VS Code, downloads Claude Code on first use and chats', { timeout: 300_000 }, async (ctx) => {
  const dir = mkdtempSync(join(tmpdir(), 'acp-chat-vsix-'));
  let cb: ChatBed | undefined;
  let registry: FakeRegistry | undefined;
  let tarball: PackageTarball | undefined;
  try {
    const vsix = join(dir, 'acp-chat.vsix');
    const packOutput = await packageVsix(vsix);
    expect(packOutput).toMatch(/DONE\s+Packaged:/);
    expect(packOutput).toContain('local VSIX (no repository');
    // One package for every platform: no Claude Code binary in it (that alone is ~150 MB compressed).
    expect(packOutput).not.toMatch(/--target|linux-x64/);
    expect(statSync(vsix).size).toBeLessThan(10 * 1024 * 1024);

    tarball = await claudeCodeTarball(REPO_ROOT);
    registry = await startFakeRegistry({ tarball });
    // A machine without Claude Code: no setting, no variable naming one (and none on PATH: the card below has no
    // "Use claude" button).
    delete process.env.CLAUDE_CODE_EXECUTABLE;
    cb = await startChatBed({
      installVsix: vsix,
      claudeCode: 'none',
      // The user's npm configuration names the registry (npm_config_registry, as npm itself reads it).
      env: { npm_config_registry: registry.url },
    });
    const { bed, page } = cb;

    // Installed, not loaded for development: the server registered it in its extensions folder from the VSIX, and
    // the window is an ordinary one.
    const registryJson = JSON.parse(readFileSync(join(bed.extensionsDir, 'extensions.json'), 'utf8')) as {
      identifier: { id: string };
      relativeLocation: string;
      metadata?: { source?: string };
    }[];
    const entry = registryJson.find((e) => e.identifier.id === EXTENSION_ID);
    expect(entry?.metadata?.source).toBe('vsix');
    const installed = join(bed.extensionsDir, entry!.relativeLocation);
    expect(existsSync(join(installed, 'package.json'))).toBe(true);
    // No node_modules: the adapter and its dependencies are one bundle, and Claude Code is never shipped.
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(existsSync(join(installed, 'dist', 'agent', 'claude-agent-acp.mjs'))).toBe(true);
    // A local VSIX names no repository, and its README no picture or page that is not in it.
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { repository?: unknown };
    expect(manifest.repository).toBeUndefined();
    const readme = readFileSync(join(installed, 'readme.md'), 'utf8');
    expect(readme).not.toMatch(/!\[[^\]]*\]\((?!https:)/);
    expect(readme).not.toContain('example.invalid');
    expect(bed.url).not.toContain('extensionDevelopmentPath');
    expect(await page.title()).not.toContain('Extension Development Host');

    // The Extensions view lists it among the installed extensions, as a user would check. ("View: Show Extensions"
    // is always there; "Extensions: Show Installed Extensions" registers only once the view has loaded.)
    await runCommand(page, 'View: Show Extensions');
    const row = page.locator('.extensions-viewlet .extension-list-item', { hasText: 'ACP Chat' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await row.locator('.name').first().textContent()).toBe('ACP Chat');
    await screenshot(page, 'vsix-installed-extensions');

    // First use: the chat's card says what is missing and offers the download (with its size) or Locate.
    await runCommand(page, 'ACP Chat: Focus on Chat View');
    await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: 30_000 });
    const card = cb.chat.getByTestId('notice');
    await card.getByTestId('notice-message').filter({ hasText: 'Claude Code was not found' }).waitFor({ timeout: AGENT_START_MS });
    // The webview runs the installed copy's bundle, not the repository's.
    const script = await cb.chat.locator('script[src]').first().getAttribute('src');
    expect(decodeURIComponent(script ?? '')).toContain(`${installed}/dist/webview/main.js`);
    const download = card.getByTestId('notice-action').filter({ hasText: /^Download Claude Code \(~\d+ MB\)$/ });
    await download.waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('notice-action').allInnerTexts()).toEqual([expect.stringMatching(/^Download Claude Code/), 'Locate Claude Code…']);
    await screenshot(page, 'vsix-claude-code-offer');
    expect(registry.requests).toEqual([]); // nothing is fetched before the user asks
    await download.click();

    // The download completes from the registry; the agent then starts with it.
    await waitForNotification(page, 'was downloaded', { timeoutMs: 120_000 });
    expect(registry.requests).toEqual([`/${tarball.pkg.name.replace('/', '%2f')}/${tarball.pkg.version}`, expect.stringMatching(/^\/tarballs\//)]);
    await cb.chat.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });

    cb.fake.setScript([text('Hello from the **VSIX**')]);
    await sendPrompt(cb, 'say hello');
    const strong = cb.chat.getByTestId('agent-message').last().locator('strong');
    await strong.waitFor({ timeout: TURN_MS });
    expect(await strong.textContent()).toBe('VSIX');
    expect(await cb.chat.getByTestId('agent-message').last().textContent()).toContain('Hello from the VSIX');
    await waitTurnIdle(cb);
    expect(cb.fake.mainRequests().at(-1)?.lastMessage?.blocks.join('\n')).toContain('say hello');
    await screenshot(page, 'vsix-chat-reply');

    // The agent that answered is the adapter shipped in the VSIX, started from the installed folder, and it runs the
    // Claude Code downloaded into the extension's global storage in this bed's profile.
    const adapterBundle = join(installed, 'dist', 'agent', 'claude-agent-acp.mjs');
    const adapter = processes().find((p) => p.cmdline.includes(adapterBundle));
    expect(adapter).toBeDefined();
    const claudeCode = adapter!.env.CLAUDE_CODE_EXECUTABLE ?? '';
    expect(claudeCode.startsWith(bed.root)).toBe(true);
    expect(claudeCode).toMatch(new RegExp(`globalStorage/acp-chat\\.acp-chat/claude-code/${tarball.pkg.version}-${tarball.pkg.platformKey}/claude$`));
    expect(processes().some((p) => p.cmdline.startsWith(claudeCode))).toBe(true);
  } catch (err) {
    await captureFailure(cb, ctx.task.name);
    throw err;
  } finally {
    await cb?.stop();
    await registry?.close();
    tarball?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

// Shared set-up of the ACP Chat browser end-to-end tests: a fresh workspace and agent home, the fake Messages API,
// the real VS Code workbench (test/testbed) with the extension under test (the repository as a development extension,
// or its VSIX installed), and the chat view opened with its agent session ready. The real Claude adapter is pointed at
// the fake API through the user's own setting (acpChat.agent.env), exactly as a user would configure a custom endpoint.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { nodeBin } from '../fixtures/adapter';
import { fakeApiAgentEnv, installedClaudeCode } from '../fixtures/agentEnv';
import { scriptedAgentEntry } from '../fixtures/clientHarness';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { removeBedFiles } from '../testbed/bed.mjs';
import { chatFrame, openWorkbench, REPO_ROOT, runCommand, screenshot, type Bed, type BedOptions } from './harness';

export interface ChatBed {
  bed: Bed;
  page: Page;
  fake: FakeAnthropic;
  /** The folder opened in the window (realpath'd: Claude Code reports real paths). */
  workspace: string;
  /** The chat view's content frame (valid once openChat() ran; survives webview reloads, it is a locator). */
  chat: FrameLocator;
  /** Set by captureFailure(): stop() then keeps the bed's folder (server, extension-host, browser logs). */
  failed: boolean;
  /** Stops Chromium, the server (and with it the extension host and the agent) and the fake; removes temp files. */
  stop(): Promise<void>;
}

export interface ChatBedOptions {
  /** Extra user settings (e.g. acpChat.permissions.prompt). Manual mode (`initialMode: default`) is the default. */
  settings?: Record<string, unknown>;
  theme?: BedOptions['theme'];
  viewport?: BedOptions['viewport'];
  /**
   * Runs ACP Chat from this packaged VSIX, installed into the bed as a user installs it, instead of the repository
   * root as a development extension.
   */
  installVsix?: string;
  /**
   * Claude Code for the agent: by default this checkout's installed binary, named in acpChat.agent.env
   * (CLAUDE_CODE_EXECUTABLE); `none` gives it none, as on a machine where it was never installed.
   */
  claudeCode?: 'installed' | 'none';
  /** Extra environment for the VS Code server (the extension host's PATH is the login shell's, whatever this says). */
  env?: Record<string, string>;
  /** Extra variables in acpChat.agent.env, over the fake API's. */
  agentEnv?: Record<string, string>;
  /** Runs the scripted agent (test/fixtures/scriptedAgent) instead of the bundled Claude adapter. */
  scriptedAgent?: boolean;
  /** Runs this agent (acpChat.agent.path and .args) instead of the bundled Claude adapter. */
  agent?: { path: string; args: string[] };
  /** false: the agent gets no API key (a first run: the chat asks the user to sign in). */
  credentials?: boolean;
  /** false: an empty window, no folder open (`workspace` is then a folder the window does not know). */
  folder?: boolean;
  /** The folder to open, made by the caller (who removes it); by default `workspace` in the bed's temporary folder. */
  workspace?: string;
}

/** Bounded waits used across the e2e tests (the agent's first start takes a few seconds on this machine). */
export const AGENT_START_MS = 60_000;
export const TURN_MS = 30_000;

export async function startChatBed(opts: ChatBedOptions = {}): Promise<ChatBed> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-chat-e2e-')));
  const workspace = opts.workspace ?? join(root, 'workspace');
  const home = join(root, 'home');
  for (const d of [workspace, join(home, '.claude'), join(home, 'tmp')]) mkdirSync(d, { recursive: true });
  // IS_SANDBOX plus root makes Claude Code refuse to start. The server inherits this process's environment, the
  // extension host inherits the server's and the agent the extension host's: clear it at the source.
  delete process.env.IS_SANDBOX;
  let fake: FakeAnthropic | undefined;
  let bed: Bed | undefined;
  let failed = false;
  const stop = async () => {
    await bed?.stop();
    await fake?.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
    if (bed && !failed) removeBedFiles(bed);
    else if (bed) console.error(`[e2e] kept the bed's logs in ${bed.root}`);
  };
  try {
    fake = await startFakeAnthropic();
    bed = await openWorkbench({
      ...(opts.installVsix ? { installVsix: opts.installVsix } : { extensionPath: REPO_ROOT }),
      workspace: opts.folder === false ? null : workspace,
      env: opts.env,
      theme: opts.theme,
      viewport: opts.viewport,
      // acpChat.agent.env is machine-scoped: a remote window (this one) reads it from the remote settings only.
      machineSettings: {
        'acpChat.agent.env': {
          ...agentEnv(
            fakeApiAgentEnv({ apiUrl: fake.url, home, claudeCode: opts.claudeCode === 'none' ? undefined : installedClaudeCode(REPO_ROOT) }),
            opts.credentials !== false,
          ),
          ...opts.agentEnv,
        },
        ...(opts.scriptedAgent ? { 'acpChat.agent.path': await nodeBin(), 'acpChat.agent.args': [scriptedAgentEntry] } : {}),
        ...(opts.agent ? { 'acpChat.agent.path': opts.agent.path, 'acpChat.agent.args': opts.agent.args } : {}),
      },
      settings: {
        // Manual mode, so writes and commands ask for permission (the adapter's own default never asks).
        'acpChat.initialMode': 'default',
        ...opts.settings,
      },
      ready: (page) => page.locator('.activitybar [aria-label="ACP Chat"]').first().waitFor({ timeout: 60_000 }),
    });
    const b = bed;
    const f = fake;
    return {
      bed: b,
      page: b.page,
      fake: f,
      workspace,
      chat: chatFrame(b.page),
      get failed() {
        return failed;
      },
      set failed(v: boolean) {
        failed = v;
      },
      stop,
    };
  } catch (err) {
    failed = true;
    await stop();
    throw err;
  }
}

function agentEnv(env: Record<string, string>, withKey: boolean): Record<string, string> {
  if (!withKey) delete env.ANTHROPIC_API_KEY;
  return env;
}

/**
 * One bed for every suite of a file (test/e2e/suites): started before the first, stopped after the last. A bed costs
 * about 20 s on this machine (server, Chromium, workbench, the agent's first start), so suites that need the same
 * settings share one. Call at the file's top level; a failing test keeps the bed's logs and photographs the screen.
 */
export function useChatBed(opts: ChatBedOptions = {}): () => ChatBed {
  let cb: ChatBed | undefined;
  beforeAll(async () => {
    cb = await startChatBed(opts);
    await openChat(cb);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });
  afterAll(async () => {
    await cb?.stop();
  });
  return () => {
    if (!cb) throw new Error('the bed did not start');
    return cb;
  };
}

/**
 * What a suite sharing a bed starts from, as a user leaves the window between two tasks: no QuickPick or dialog, no
 * editor open, the side view's chat in front with its agent ready and its composer empty. `newSession` also starts a
 * new conversation in it.
 */
export async function tidyWorkbench(cb: ChatBed, { newSession = false } = {}): Promise<void> {
  await cb.page.keyboard.press('Escape');
  await runCommand(cb.page, 'View: Close All Editor Groups');
  await openChat(cb);
  // An empty composer: what the suite before left in it stays otherwise (the draft and chips are the chat's).
  await emptyComposer(cb);
  if (newSession) {
    await runCommand(cb.page, 'ACP Chat: New Chat');
    await cb.chat.getByTestId('user-message').first().waitFor({ state: 'detached', timeout: 15_000 });
    await cb.chat.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
  }
}

/** Removes the composer's chips and draft, as a user clears it before a new task. */
export async function emptyComposer(cb: ChatBed): Promise<void> {
  const remove = cb.chat.getByTestId('remove-attachment');
  while ((await remove.count()) > 0) await remove.first().click();
  await cb.chat.getByTestId('composer-input').fill('');
}

/** Opens the chat view through the command palette and waits until the agent's session is ready (mode shown). */
export async function openChat(cb: ChatBed): Promise<void> {
  await runCommand(cb.page, 'ACP Chat: Focus on Chat View');
  await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: 30_000 });
  await cb.chat.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
}

/** Types a prompt into the composer with real key presses and sends it with Enter. */
export async function sendPrompt(cb: ChatBed, prompt: string): Promise<void> {
  const input = cb.chat.getByTestId('composer-input');
  // Typed keystrokes go wherever the focus is; right after a webview reload that was sometimes not the composer and
  // the prompt was lost (seen once retries were removed). `fill` and `press` act on the composer itself.
  await input.fill(prompt);
  await input.press('Enter');
}

/**
 * "Developer: Reload Webviews", resolved once the old page is gone (a marker set on it has disappeared): until then
 * the old page still answers the locators, and input given to it is lost with it.
 */
export async function reloadWebview(cb: ChatBed): Promise<void> {
  await cb.chat.locator('body').evaluate((b) => b.setAttribute('data-e2e-marker', 'before-reload'));
  await runCommand(cb.page, 'Developer: Reload Webviews');
  await expect
    .poll(
      () =>
        cb.chat
          .locator('body[data-e2e-marker]')
          .count()
          .catch(() => -1),
      { timeout: 15_000 },
    )
    .toBe(0);
  await cb.chat.getByTestId('composer-input').waitFor({ timeout: 15_000 });
}

/** The tool card of the latest tool call whose title contains `text` (or the latest card). */
export function lastToolCard(cb: ChatBed, text?: string | RegExp): Locator {
  const cards = cb.chat.getByTestId('tool-card');
  return (text === undefined ? cards : cards.filter({ hasText: text })).last();
}

/** Resolves when the chat shows no running turn (Stop hidden). */
export async function waitTurnIdle(cb: ChatBed, timeoutMs = TURN_MS): Promise<void> {
  await cb.chat.getByTestId('stop').waitFor({ state: 'hidden', timeout: timeoutMs });
}

/**
 * Opens a file as a user does: Quick Open (Ctrl+P), type it once the box is there, Enter. An absolute path is found by
 * Quick Open at once; a bare name waits for its file index, which may not know a file written a moment before.
 */
export async function quickOpen(page: Page, pathOrName: string): Promise<void> {
  const name = basename(pathOrName);
  const quickInput = page.locator('.quick-input-widget');
  await page.keyboard.press('Control+P');
  await quickInput.locator('input.input').waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type(pathOrName);
  await quickInput.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect.poll(() => activeTabTitle(page), { timeout: 10_000 }).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')}`));
}

/** Text of the active editor tab's label in the workbench. */
export async function activeTabTitle(page: Page): Promise<string | undefined> {
  const tab = page.locator('.tabs-container .tab.active').first();
  if (!(await tab.isVisible())) return undefined;
  return (await tab.getAttribute('aria-label')) ?? (await tab.textContent()) ?? undefined;
}

/** The status bar's cursor position item ("Ln 12, Col 1"). */
export function cursorStatus(page: Page): Locator {
  return page.locator('[id="status.editor.selection"]');
}

/** On a failed test: a screenshot named after it and the chat's text in the log, to see what the user would have seen. */
export async function captureFailure(cb: ChatBed | undefined, testName: string): Promise<void> {
  if (!cb) return;
  cb.failed = true;
  const name = `failed-${testName.slice(0, 60)}`;
  await screenshot(cb.page, name).catch(() => undefined);
  const chatText = await cb.chat
    .locator('body')
    .innerText({ timeout: 2000 })
    .catch((e: Error) => `(chat not readable: ${e.message})`);
  console.error(
    `[e2e] ${testName}: screenshot ${name}.png; chat text:\n${chatText}\n[e2e] fake requests: ${cb.fake.requests.map((r) => `${r.kind}:${r.reply ?? ''}`).join(', ')}`,
  );
}

/** The adapter this bed's extension started: its script in the command line, its working directory the workspace. */
export function adapterPid(workspace: string): number {
  const pids = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('dist/agent/claude-agent-acp.mjs') && readlinkSync(`/proc/${p}/cwd`) === workspace;
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    });
  expect(pids).toHaveLength(1);
  return Number(pids[0]);
}

// Types of bed.mjs for the TypeScript e2e tests.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM: string;

export interface BedOptions {
  /** Folder holding the extension's package.json (loaded as a development extension). Give it, installVsix, or both. */
  extensionPath?: string;
  /**
   * A packaged extension (.vsix) installed into the bed's fresh extensions folder with the server's
   * `--install-extension` CLI before the server starts. Without extensionPath the window then runs it as an ordinary
   * installed extension (no development path, no "[Extension Development Host]").
   */
  installVsix?: string;
  /** Folder opened in the window. */
  /** null: an empty window (no folder open). */
  workspace: string | null;
  /** Compiled extension-test entry exporting run(); omit to use the bed for browser end-to-end tests. */
  extensionTestsPath?: string;
  /** Environment of the VS Code server, inherited by the extension host. */
  env?: Record<string, string>;
  /** User settings merged over the bed's defaults. */
  settings?: Record<string, unknown>;
  /**
   * Remote (machine) settings, written to the server's Machine/settings.json. Settings an extension declares with
   * `scope: machine` (e.g. acpChat.agent.env) belong here: in User settings a remote window ignores them, racily.
   */
  machineSettings?: Record<string, unknown>;
  /** Workbench colour theme: Default Light/Dark Modern, or `hc` = Default High Contrast. */
  theme?: 'light' | 'dark' | 'hc';
  viewport?: { width: number; height: number };
  headless?: boolean;
}

export interface Bed {
  url: string;
  port: number;
  page: Page;
  browser: Browser;
  context: BrowserContext;
  /** The bed's own folder (profile, logs); removed by removeBedFiles(). */
  root: string;
  /** The server's extensions folder (installVsix unpacks the extension into a subfolder of it). */
  extensionsDir: string;
  serverLog: string;
  browserLog: string;
  extensionHostLogs(): string[];
  timings: { installMs?: number; serverMs?: number; browserMs?: number; workbenchMs?: number };
  /** Kills Chromium and the server's whole process group (and removes an installVsix extension); safe to call twice. */
  stop(): Promise<void>;
}

export function startBed(opts: BedOptions): Promise<Bed>;
export function removeBedFiles(bed: Bed): void;

// The VS Code side of Claude Code for the bundled adapter: resolves it from the setting, the environment or the
// downloaded copy; downloads it on request (progress with Cancel); lets the user locate one or take the `claude`
// found on PATH (written to the acpChat.claudeCode.path setting, so the choice is visible and undoable); removes the
// downloaded copy.
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { Emitter } from '../../acpClient/events';
import type { Logger } from '../../acpClient/logger';
import { downloadedBinaryPath, removeDownloaded } from './downloadedCopy';
import { InstallError } from '../installError';
import { claudeExeNames, currentPlatformFacts, pathDirs, pinnedClaudeCodePackage, readUserNpmrc } from './machine';
import { registryFor } from './npmRegistry';
import type { ClaudeCodePackage, PlatformFacts } from './platform';
import { platformKey } from './platform';
import { probeClaudeCode } from './probe';
import { resolveClaudeCode, type ResolvedClaudeCode } from './resolveClaudeCode';
import { withoutLinks } from '../../acpClient/displayText';

export const SETTING_SECTION = 'acpChat.claudeCode';

export class ClaudeCodeSetup {
  private knownFacts: PlatformFacts | undefined;
  private readonly storageDir: string;
  private downloading: Promise<boolean> | undefined;

  constructor(
    private readonly opts: {
      extensionPath: string;
      globalStorageDir: string;
      logger: Logger;
    },
  ) {
    this.storageDir = join(opts.globalStorageDir, 'claude-code');
  }

  private readonly installEmitter = new Emitter<void>();
  private readonly failEmitter = new Emitter<{ err: unknown; what: string }>();
  /** Claude Code is in place (downloaded, located or chosen): the agent can start with it. */
  readonly onDidInstall = this.installEmitter.event;
  /** Something the user asked for failed; the one error presenter words and shows it. */
  readonly onDidFail = this.failEmitter.event;

  /** Read on first use, not at activation: telling musl from glibc takes a Node diagnostic report. */
  private get facts(): PlatformFacts {
    return (this.knownFacts ??= currentPlatformFacts());
  }

  private get pkg(): ClaudeCodePackage | undefined {
    return pinnedClaudeCodePackage(this.opts.extensionPath, this.facts);
  }

  /** Claude Code for the bundled adapter, whose environment (with acpChat.agent.env) is `agentEnv`. */
  async resolve(agentEnv: Record<string, string | undefined>): Promise<ResolvedClaudeCode> {
    const pkg = this.pkg;
    const dirs = pathDirs(agentEnv);
    const resolved = await resolveClaudeCode({
      settingPath: vscode.workspace.getConfiguration(SETTING_SECTION).get<string>('path'),
      envPath: agentEnv.CLAUDE_CODE_EXECUTABLE,
      downloadedPath: pkg && downloadedBinaryPath(this.storageDir, pkg),
      pathDirs: dirs,
      exeNames: claudeExeNames(this.facts.platform),
      join,
      probe: (p) => probeClaudeCode(p),
    }).catch((err: unknown) => {
      this.opts.logger.warn(
        `[claude-code] not found (setting, CLAUDE_CODE_EXECUTABLE, ${pkg ? downloadedBinaryPath(this.storageDir, pkg) : 'no download for this platform'}; PATH: ${dirs.join(delimiter)})`,
      );
      throw err;
    });
    this.opts.logger.info(`[claude-code] using ${resolved.path} (${resolved.version}, from the ${resolved.source})`);
    return resolved;
  }

  /** Downloads Claude Code with a progress notification; resolves to whether it is now in place. */
  download(): Promise<boolean> {
    this.downloading ??= this.runDownload().finally(() => (this.downloading = undefined));
    return this.downloading;
  }

  private async runDownload(): Promise<boolean> {
    const pkg = this.pkg;
    if (!pkg) {
      const err = new InstallError({ kind: 'claudeCode', what: vscode.l10n.t('Claude Code') }, { kind: 'noBuild', platform: platformKey(this.facts) });
      this.failEmitter.fire({ err, what: vscode.l10n.t('Downloading Claude Code') });
      return false;
    }
    const env = process.env;
    const registry = registryFor(pkg.name, env, readUserNpmrc(env));
    const proxy = vscode.workspace.getConfiguration('http').get<string>('proxy') || env.HTTPS_PROXY || env.https_proxy || undefined;
    this.opts.logger.info(`[claude-code] downloading ${pkg.name}@${pkg.version} from ${registry.url} (${registry.from})${proxy ? ` via ${proxy}` : ''}`);
    try {
      // Loaded when asked for, not at activation: it brings Node's HTTP stack and the tarball reader.
      const { downloadClaudeCode } = await import('./download');
      const done = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Downloading Claude Code {0}', pkg.version), cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          const sub = token.onCancellationRequested(() => abort.abort());
          let shownPercent = 0;
          try {
            return await downloadClaudeCode({
              registry,
              pkg,
              extensionPath: this.opts.extensionPath,
              storageDir: this.storageDir,
              probe: (p) => probeClaudeCode(p),
              signal: abort.signal,
              proxy,
              onProgress: ({ receivedBytes, totalBytes }) => {
                if (!totalBytes) return progress.report({ message: vscode.l10n.t('{0} MB', mb(receivedBytes)) });
                const percent = Math.floor((receivedBytes / totalBytes) * 100);
                if (percent === shownPercent) return;
                progress.report({ increment: percent - shownPercent, message: vscode.l10n.t('{0} of {1} MB', mb(receivedBytes), mb(totalBytes)) });
                shownPercent = percent;
              },
            });
          } finally {
            sub.dispose();
          }
        },
      );
      this.opts.logger.info(`[claude-code] downloaded ${done.version} to ${done.path}`);
      void vscode.window.showInformationMessage(withoutLinks(`ACP Chat: Claude Code ${done.version} was downloaded.`));
      this.installEmitter.fire();
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // The user's own Cancel needs no message; anything else is shown.
      if (err instanceof InstallError && err.reason === 'cancelled') this.opts.logger.info(`[claude-code] ${message}`);
      else this.failEmitter.fire({ err, what: vscode.l10n.t('Downloading Claude Code') });
      return false;
    }
  }

  /** Asks for a Claude Code executable and, if it runs, sets it as acpChat.claudeCode.path. */
  async locate(): Promise<boolean> {
    const picked = await vscode.window.showOpenDialog({
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: false,
      openLabel: vscode.l10n.t('Use This Claude Code'),
      title: vscode.l10n.t('Locate Claude Code'),
    });
    const path = picked?.[0]?.fsPath;
    return path ? this.use(path) : false;
  }

  /** Sets `path` as acpChat.claudeCode.path once it runs `--version`. */
  async use(path: string): Promise<boolean> {
    const ran = await probeClaudeCode(path);
    if (!ran.ok) {
      this.failEmitter.fire({ err: new Error(`${path} ${ran.problem}; it is not used.`), what: vscode.l10n.t('Using that Claude Code') });
      return false;
    }
    // Machine-scoped: in a remote window VS Code writes it to the remote machine's settings, where the agent runs.
    await vscode.workspace.getConfiguration(SETTING_SECTION).update('path', path, vscode.ConfigurationTarget.Global);
    this.opts.logger.info(`[claude-code] acpChat.claudeCode.path set to ${path} (${ran.version})`);
    this.installEmitter.fire();
    return true;
  }

  async remove(): Promise<void> {
    const existed = await removeDownloaded(this.storageDir);
    this.opts.logger.info(`[claude-code] downloaded copy ${existed ? 'removed' : 'was not there'} (${this.storageDir})`);
    void vscode.window.showInformationMessage(
      existed ? vscode.l10n.t('ACP Chat: The downloaded Claude Code was removed.') : vscode.l10n.t('ACP Chat: There is no downloaded Claude Code to remove.'),
    );
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

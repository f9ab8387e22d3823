// "ACP Chat: Add Agent from Registry…": fetches the ACP Registry (acpChat.agentRegistry.url), lets the user pick an
// agent, installs it (installAgent.ts) and appends it to acpChat.agents in the user's settings, where the chat
// header's picker shows it. Failures go to the one error presenter; the user's own Cancel needs no message.
import * as vscode from 'vscode';
import type { RegistryAgent } from './registryEntries';
import { DEFAULT_REGISTRY_URL, installPlan, registryPlatform } from './registryEntries';
import { InstallError } from '../../acp/errors';
import type { AgentEntry } from '../agentList';
import { DEFAULT_AGENTS } from '../agentList';
import type { Logger } from '../../acp/logger';
import { fetchRegistry, installAgent } from './installAgent';
import { withoutLinks } from '../../acp/displayText';

export interface AddAgentDeps {
  /** `<globalStorage>/agents`. */
  storageDir: string;
  logger: Logger;
  report(err: unknown, what: string): void;
}

/**
 * Runs the command. `id` (for tests and links from other commands) skips the picker. Resolves to the entry added, or
 * undefined when nothing was (cancelled or failed, already reported).
 */
export async function addAgentFromRegistry(deps: AddAgentDeps, id?: string): Promise<AgentEntry | undefined> {
  const url = vscode.workspace.getConfiguration('acpChat.agentRegistry').get<string>('url') || DEFAULT_REGISTRY_URL;
  const proxy = vscode.workspace.getConfiguration('http').get<string>('proxy') || process.env.HTTPS_PROXY || process.env.https_proxy || undefined;
  const platform = registryPlatform(process.platform, process.arch);
  try {
    const { agents, problems } = await withCancel('Reading the agent registry', (signal) => fetchRegistry(url, { proxy, signal }));
    for (const p of problems) deps.logger.warn(`[registry] ${p}`);
    const agent = id ? agents.find((a) => a.id === id) : await pick(agents, platform);
    if (!agent) {
      if (id) deps.report(new Error(`The agent registry at ${url} lists no agent ${id}.`), 'Adding an agent');
      return undefined;
    }
    const plan = installPlan(agent, platform);
    const entry = await withCancel(`Installing ${agent.name} ${agent.version}`, (signal, progress) =>
      installAgent(agent, plan, { storageDir: deps.storageDir, proxy, signal, onProgress: ({ receivedBytes }) => progress.report({ message: `${(receivedBytes / 1024 / 1024).toFixed(1)} MB` }) }),
    );
    await addToSettings(entry);
    deps.logger.info(`[registry] added ${agent.id}@${agent.version} as "${entry.name}": ${entry.command} ${entry.args.join(' ')}${entry.sha256 ? ` (archive sha256 ${entry.sha256}; the registry gives no hash to check it against)` : ''}`);
    void vscode.window.showInformationMessage(
      withoutLinks(
        `ACP Chat: ${entry.name} ${agent.version} was added. Pick it in the chat header.` +
          (entry.sha256 ? ` The registry gives no checksum for its archive, so it was not verified beyond unpacking; its sha256 is ${entry.sha256}.` : ''),
      ),
    );
    return entry;
  } catch (err) {
    if (err instanceof InstallError && err.reason === 'cancelled') deps.logger.info(`[registry] ${err.message}`);
    else deps.report(err, 'Adding an agent');
    return undefined;
  }
}

function pick(agents: RegistryAgent[], platform: string | undefined): Promise<RegistryAgent | undefined> {
  const items = agents.map((agent) => {
    let how: string;
    try {
      const plan = installPlan(agent, platform);
      how = plan.kind === 'npx' ? `runs npx ${plan.packageName}@${plan.version}` : `downloads its ${plan.platform} build (no checksum in the registry)`;
    } catch (err) {
      how = `cannot be installed here: ${(err as Error).message}`;
    }
    return { label: agent.name, description: agent.version, detail: `${agent.description ?? ''} — ${how}`.replace(/^ — /, ''), agent };
  });
  return Promise.resolve(vscode.window.showQuickPick(items, { title: 'Add Agent from Registry', placeHolder: 'Pick an agent to install', matchOnDetail: true })).then((p) => p?.agent);
}

/** Appends `entry` to the user's acpChat.agents (the bundled Claude entry kept), replacing one of the same name. */
async function addToSettings(entry: AgentEntry): Promise<void> {
  const config = vscode.workspace.getConfiguration('acpChat');
  const current = config.inspect<unknown[]>('agents')?.globalValue;
  const list = Array.isArray(current) ? [...current] : DEFAULT_AGENTS.map((a) => ({ name: a.name }));
  const same = list.findIndex((a) => !!a && typeof a === 'object' && (a as { name?: unknown }).name === entry.name);
  const value = { name: entry.name, command: entry.command, args: entry.args, ...(Object.keys(entry.env).length ? { env: entry.env } : {}) };
  if (same >= 0) list[same] = value;
  else list.push(value);
  await config.update('agents', list, vscode.ConfigurationTarget.Global);
}

function withCancel<T>(title: string, task: (signal: AbortSignal, progress: vscode.Progress<{ message?: string }>) => Promise<T>): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      try {
        return await task(abort.signal, progress);
      } finally {
        sub.dispose();
      }
    }),
  );
}

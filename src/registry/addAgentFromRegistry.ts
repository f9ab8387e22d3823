// "ACP Chat: Add Agent from Registry…": fetches the ACP Registry (acpChat.agentRegistry.url), lets the user pick an
// agent (each shown with the command, args and env it runs), installs it (installAgent.ts) and adds it to
// acpChat.agents in the user's settings, where the chat header's picker shows it. An entry of the same name that is not
// this agent's earlier install is replaced only when the user says so in a modal, asked before anything is downloaded
// (registryPlacement.ts). Failures go to the one error presenter; the user's own Cancel needs no message.
import * as vscode from 'vscode';
import type { InstallPlan, RegistryAgent } from './registryEntries';
import { DEFAULT_REGISTRY_URL, installPlan, registryPlatform } from './registryEntries';
import { InstallError } from '../agents/installError';
import type { AgentEntry } from '../agents/agentList';
import { DEFAULT_AGENTS, MAX_AGENT_NAME } from '../agents/agentList';
import type { Logger } from '../acpClient/logger';
import { fetchRegistry, installAgent, type InstalledAgent } from './installAgent';
import { escapeCodicons, toDisplayText, withoutLinks } from '../acpClient/displayText';
import { entryPreview, planPreview, shownCommand } from './registryPreview';
import type { OwnInstall, SameNameAnswer } from './registryPlacement';
import { ownInstall, placeEntry, sameNameConflict, uniqueName } from './registryPlacement';

export interface AddAgentDeps {
  /** `<globalStorage>/agents`. */
  storageDir: string;
  logger: Logger;
  report(err: unknown, what: string): void;
}

/**
 * Runs the command. `id` (for tests and links from other commands) skips the picker. Resolves to the entry added, or
 * undefined when nothing was (cancelled, the same-name question closed, or failed and already reported).
 */
export async function addAgentFromRegistry(deps: AddAgentDeps, id?: string): Promise<AgentEntry | undefined> {
  const url = vscode.workspace.getConfiguration('acpChat.agentRegistry').get<string>('url') || DEFAULT_REGISTRY_URL;
  const proxy = vscode.workspace.getConfiguration('http').get<string>('proxy') || process.env.HTTPS_PROXY || process.env.https_proxy || undefined;
  const platform = registryPlatform(process.platform, process.arch);
  try {
    const { agents, problems } = await withCancel(vscode.l10n.t('Reading the agent registry'), (signal) => fetchRegistry(url, { proxy, signal }));
    for (const p of problems) deps.logger.warn(`[registry] ${p}`);
    const agent = id ? agents.find((a) => a.id === id) : await pick(agents, platform);
    if (!agent) {
      if (id) deps.report(new Error(`The agent registry at ${url} lists no agent ${id}.`), vscode.l10n.t('Adding an agent'));
      return undefined;
    }
    const plan = installPlan(agent, platform);
    const own = ownInstall(agent, deps.storageDir);
    const answer = await askAboutSameName(agent, plan, own);
    if (answer === 'dismissed') {
      deps.logger.info(`[registry] ${agent.id}@${agent.version} was not installed: the user kept their agent named "${agent.name}".`);
      return undefined;
    }
    const installed = await withCancel(
      vscode.l10n.t('Installing {0} {1}', toDisplayText(agent.name, MAX_AGENT_NAME), toDisplayText(agent.version, MAX_AGENT_NAME)),
      (signal, progress) =>
        installAgent(agent, plan, {
          storageDir: deps.storageDir,
          proxy,
          signal,
          onProgress: ({ receivedBytes }) => progress.report({ message: vscode.l10n.t('{0} MB', (receivedBytes / 1024 / 1024).toFixed(1)) }),
        }),
    );
    const entry = { ...installed, name: await addToSettings(installed, own, answer) };
    deps.logger.info(
      `[registry] added ${agent.id}@${agent.version} as "${entry.name}": ${shownCommand([entry.command!, ...entry.args], entry.env)}${entry.sha256 ? ` (archive sha256 ${entry.sha256}; the registry gives no hash to check it against)` : ''}`,
    );
    // Short: what it runs was in the picker (or the same-name question) and is in the log.
    void vscode.window.showInformationMessage(
      withoutLinks(
        `ACP Chat: ${toDisplayText(agent.name, MAX_AGENT_NAME)} ${agent.version} was added${entry.name === agent.name ? '' : ` as "${toDisplayText(entry.name, MAX_AGENT_NAME)}"`}. Pick it in the chat header.` +
          (entry.sha256 ? ` The registry gives no checksum for its archive, so it was not verified beyond unpacking; its sha256 is ${entry.sha256}.` : ''),
      ),
    );
    return entry;
  } catch (err) {
    if (err instanceof InstallError && err.reason === 'cancelled') deps.logger.info(`[registry] ${err.message}`);
    else deps.report(err, vscode.l10n.t('Adding an agent'));
    return undefined;
  }
}

function pick(agents: RegistryAgent[], platform: string | undefined): Promise<RegistryAgent | undefined> {
  const items = agents.map((agent) => {
    let how: string;
    try {
      how = planPreview(installPlan(agent, platform));
    } catch (err) {
      how = toDisplayText(`cannot be installed here: ${(err as Error).message}`, 300);
    }
    // The launch is the detail line, so it is seen before a long description; the description goes beside the version.
    const description = [agent.version, toDisplayText(agent.description ?? '', 200)].filter(Boolean).join(' · ');
    return { label: escapeCodicons(toDisplayText(agent.name, MAX_AGENT_NAME)), description: escapeCodicons(description), detail: escapeCodicons(how), agent };
  });
  return Promise.resolve(
    vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Add Agent from Registry'),
      placeHolder: vscode.l10n.t('Pick an agent to install'),
      matchOnDescription: true,
      matchOnDetail: true,
    }),
  ).then((p) => p?.agent);
}

/** The user's acpChat.agents as written in their settings; the default list when they have none. */
function userAgents(): unknown[] {
  const current = vscode.workspace.getConfiguration('acpChat').inspect<unknown[]>('agents')?.globalValue;
  return Array.isArray(current) ? [...current] : DEFAULT_AGENTS.map((a) => ({ name: a.name }));
}

/**
 * Asks, in a modal, before an entry of the same name that is not this agent's own install is replaced. Undefined when
 * there is nothing to ask; "dismissed" when the user closed the question (then nothing is downloaded or added).
 */
async function askAboutSameName(agent: RegistryAgent, plan: InstallPlan, own: OwnInstall): Promise<SameNameAnswer | 'dismissed' | undefined> {
  const list = userAgents();
  const conflict = sameNameConflict(list, agent.name, own);
  if (!conflict) return undefined;
  const name = toDisplayText(agent.name, MAX_AGENT_NAME);
  const message = withoutLinks(`ACP Chat: You already have an agent named "${name}". Replace it with ${name} ${agent.version} from the registry?`);
  const detail = withoutLinks(
    `Yours ${entryPreview(conflict.existing)}.\nThe registry's ${planPreview(plan)}.\n\nKeep Both adds the registry's as "${uniqueName(list, agent.name)}".`,
  );
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, vscode.l10n.t('Replace'), vscode.l10n.t('Keep Both'));
  return choice === 'Replace' ? 'replace' : choice === 'Keep Both' ? 'keepBoth' : 'dismissed';
}

/**
 * Adds `entry` to the user's acpChat.agents (the bundled Claude entry kept) by registryPlacement's rule, on the list as
 * it is now (the install took a while). Resolves the name it was added under.
 */
async function addToSettings(entry: InstalledAgent, own: OwnInstall, answer: SameNameAnswer | undefined): Promise<string> {
  const value = { name: entry.name, command: entry.command, args: entry.args, ...(Object.keys(entry.env).length ? { env: entry.env } : {}) };
  const placed = placeEntry(userAgents(), value, own, answer);
  await vscode.workspace.getConfiguration('acpChat').update('agents', placed.list, vscode.ConfigurationTarget.Global);
  return placed.name;
}

/** A progress notification: its title renders links as the messages do, so it goes through `withoutLinks` too. */
function withCancel<T>(title: string, task: (signal: AbortSignal, progress: vscode.Progress<{ message?: string }>) => Promise<T>): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: withoutLinks(title), cancellable: true }, async (progress, token) => {
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

// Installs an agent picked from the ACP Registry into the extension's global storage. No `vscode` import.
// A binary distribution: its archive is streamed to a private temp folder (progress, cancellable), unpacked, its
// command checked to be a file inside it and made executable, then moved into place with one atomic rename. An npx
// distribution is recorded as a launch of the exact pinned version (its dependencies are npm's to install, so the
// package is not unpacked by us). The registry gives no hash for archives, so an archive cannot be checked against
// one: what is checked is that it unpacks and holds its command. Whatever fails, nothing is left behind.
// The HTTP requests are the Claude Code downloader's (redirects, proxy, timeouts); their failures are re-raised here
// as AgentInstallError, which feedback/userErrors.ts words.
import { chmod, mkdir, mkdtemp, realpath, rename, rm, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { extract } from 'tar/extract';
import type { InstallPlan, RegistryAgent } from './registryEntries';
import { parseRegistry } from './registryEntries';
import type { AgentEntry } from '../agentList';
import { AgentInstallError } from '../../acp/errors';
import { ClaudeCodeDownloadError } from '../claudeCode/errors';
import type { DownloadProgress, NetContext } from '../claudeCode/download';
import { classify, readBody, request, saveResponse } from '../claudeCode/download';

export interface NetOptions {
  proxy?: string;
  signal?: AbortSignal;
}

/** Fetches and parses registry.json. */
export async function fetchRegistry(url: string, opts: NetOptions): Promise<ReturnType<typeof parseRegistry>> {
  const ctx = netContext(url, url, 'the agent registry', opts);
  const body = await readBody(await request(ctx)).catch((err: unknown) => {
    throw rewrap(err, ctx);
  });
  return parseRegistry(body.toString('utf8'));
}

/** The folder that holds one installed agent version. */
export function installDir(storageDir: string, agent: RegistryAgent, plan: InstallPlan & { kind: 'binary' }): string {
  return join(storageDir, agent.id, `${agent.version}-${plan.platform}`);
}

/** Installs `agent` by `plan` and resolves to the `acpChat.agents` entry that launches it. */
export async function installAgent(
  agent: RegistryAgent,
  plan: InstallPlan,
  opts: NetOptions & { storageDir: string; onProgress?(p: DownloadProgress): void },
): Promise<AgentEntry> {
  if (plan.kind === 'npx') {
    // `--yes` installs the pinned version without a prompt no one could answer (stdin is the ACP channel).
    return { name: agent.name, command: 'npx', args: ['--yes', `${plan.packageName}@${plan.version}`, ...plan.args], env: plan.env };
  }
  const { storageDir } = opts;
  const ctx = netContext(plan.archive, plan.archive, `${agent.name} ${agent.version}`, opts);
  // Known before anything is downloaded: a format ACP Chat cannot unpack.
  const path = new URL(plan.archive).pathname.toLowerCase();
  if (/\.(zip|tar\.bz2|tbz2)$/.test(path)) {
    throw new AgentInstallError('unsupported', `The archive of ${ctx.what} is a ${path.slice(path.lastIndexOf('.'))} file, which ACP Chat does not unpack yet (only .tar.gz, .tgz and plain executables).`);
  }
  await mkdir(storageDir, { recursive: true }).catch((err) => {
    throw diskError(err, storageDir);
  });
  const tmp = await mkdtemp(join(storageDir, '.install-'));
  try {
    const archive = join(tmp, 'archive');
    const res = await request(ctx).catch((err: unknown) => {
      throw rewrap(err, ctx);
    });
    const { received, total } = await saveResponse(res, archive, opts).catch((err: unknown) => {
      throw rewrap(err, ctx);
    });
    if (total !== undefined && received !== total) {
      throw new AgentInstallError('offline', `The download of ${ctx.what} broke off after ${received} of ${total} bytes.`);
    }
    throwIfCancelled(opts.signal);

    const staged = join(tmp, 'agent');
    await mkdir(staged);
    if (/\.(tar\.gz|tgz)$/.test(path)) {
      // strict: a damaged archive is an error, not a warning and a half-unpacked folder.
      await extract({ file: archive, cwd: staged, strict: true }).catch((err: unknown) => {
        throw new AgentInstallError('corrupt', `The archive of ${ctx.what} (${plan.archive}) could not be unpacked: ${(err as Error)?.message ?? String(err)}`);
      });
    } else {
      await rename(archive, join(staged, plan.cmd)).catch((err) => {
        throw diskError(err, staged);
      });
    }
    await rm(archive, { force: true });
    const cmdPath = join(staged, plan.cmd);
    // The command must be a regular file inside the unpacked folder (a symlink in the archive may point anywhere).
    const real = await realpath(cmdPath).catch(() => undefined);
    const realRoot = await realpath(staged);
    const isFile = real ? await stat(real).then((s) => s.isFile(), () => false) : false;
    if (!real || !real.startsWith(realRoot + sep) || !isFile) {
      throw new AgentInstallError('corrupt', `The archive of ${ctx.what} holds no file ${plan.cmd} to run.`);
    }
    await chmod(real, 0o755);
    throwIfCancelled(opts.signal);

    const finalDir = installDir(storageDir, agent, plan);
    await mkdir(join(finalDir, '..'), { recursive: true });
    // A broken copy or another window's install of the same version may sit there: replace it.
    await rm(finalDir, { recursive: true, force: true });
    await rename(staged, finalDir).catch((err) => {
      throw diskError(err, finalDir);
    });
    return { name: agent.name, command: join(finalDir, plan.cmd), args: plan.args, env: plan.env };
  } catch (err) {
    throw err instanceof AgentInstallError ? err : rewrap(err, ctx);
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  }
}

function netContext(url: string, registryUrl: string, what: string, opts: NetOptions): NetContext {
  return { url, registry: { url: registryUrl, from: 'acpChat.agentRegistry.url' }, proxy: opts.proxy, signal: opts.signal, what };
}

/** The downloader's failure, said about the agent registry rather than npm. */
function rewrap(err: unknown, ctx: NetContext): AgentInstallError {
  if (err instanceof AgentInstallError) return err;
  const e = err instanceof ClaudeCodeDownloadError ? err : classify(err, ctx);
  const host = safeHost(ctx.url);
  switch (e.reason) {
    case 'cancelled':
      return new AgentInstallError('cancelled', `Installing ${ctx.what} was cancelled; nothing was kept.`);
    case 'offline':
      return new AgentInstallError('offline', `Could not reach ${host} for ${ctx.what}.`);
    case 'proxy':
      return new AgentInstallError('proxy', / 407/.test(e.message) ? e.message : `Could not reach ${host} through the proxy ${ctx.proxy ?? ''}. Check VS Code's http.proxy setting.`);
    case 'disk':
      return new AgentInstallError('disk', e.message);
    default: {
      // The downloader words HTTP failures for npm; here only the status is kept.
      const status = /HTTP (\d{3})/.exec(e.message)?.[1];
      return new AgentInstallError('http', status ? `${host} answered HTTP ${status} for ${ctx.what} (${ctx.url}).` : `Downloading ${ctx.what} from ${host} failed.`);
    }
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function diskError(err: unknown, path: string): AgentInstallError {
  const e = err as NodeJS.ErrnoException;
  return new AgentInstallError('disk', `Could not write the agent to ${path} (${e?.code ?? e?.message ?? String(err)}).`);
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AgentInstallError('cancelled', 'Installing the agent was cancelled; nothing was kept.');
}

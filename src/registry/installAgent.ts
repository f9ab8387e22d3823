// Installs an agent picked from the ACP Registry into the extension's global storage. No `vscode` import.
// A binary distribution: its archive is streamed to a private temp folder (progress, cancellable), unpacked, its
// command checked to be a file inside it and made executable, then moved into place with one atomic rename. An npx
// distribution is recorded as a launch of the exact pinned version (its dependencies are npm's to install, so the
// package is not unpacked by us). The registry gives no hash for archives, so an archive cannot be checked against
// one: what is checked is that it unpacks and holds its command. Whatever fails, nothing is left behind.
// The HTTP requests are the Claude Code downloader's (redirects, proxy, timeouts), and so is the failure type:
// InstallError, which words its own facts (agents/installError.ts).
import { chmod, mkdir, mkdtemp, realpath, rename, rm, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { extract } from 'tar/extract';
import type { InstallPlan, RegistryAgent } from './registryEntries';
import { installDir, parseRegistry } from './registryEntries';
import type { AgentEntry } from '../agents/agentList';
import { InstallError, type InstallSubject } from '../agents/installError';
import { findProgram } from '../acpClient/findProgram';
import type { DownloadProgress, NetContext } from '../agents/claudeCode/download';
import { classify, diskError, readBody, request, saveResponse } from '../agents/claudeCode/download';

export interface NetOptions {
  proxy?: string;
  signal?: AbortSignal;
}

/** Fetches and parses registry.json. */
export async function fetchRegistry(url: string, opts: NetOptions): Promise<ReturnType<typeof parseRegistry>> {
  const ctx = netContext(url, url, 'the agent registry', opts);
  const body = await request(ctx)
    .then(readBody)
    .catch((err: unknown) => {
      throw classify(err, ctx);
    });
  return parseRegistry(body.toString('utf8'));
}

/** Installs `agent` by `plan` and resolves to the `acpChat.agents` entry that launches it. */
/** How much an agent's archive may weigh, downloaded and unpacked (a registry entry's "agent" could be anything). */
export interface InstallLimits {
  downloadBytes: number;
  unpackedBytes: number;
}

const DEFAULT_LIMITS: InstallLimits = { downloadBytes: 500 * 1024 * 1024, unpackedBytes: 2 * 1024 * 1024 * 1024 };

/** An installed agent: its `acpChat.agents` entry, and the sha256 of the archive it came from (binary installs). */
export type InstalledAgent = AgentEntry & { sha256?: string };

export async function installAgent(
  agent: RegistryAgent,
  plan: InstallPlan,
  opts: NetOptions & { storageDir: string; onProgress?(p: DownloadProgress): void; limits?: Partial<InstallLimits> },
): Promise<InstalledAgent> {
  if (plan.kind === 'npx') {
    // By its absolute path: a bare `npx` would be looked up at every launch (on Windows in the workspace first).
    const npx = findProgram('npx', process.env.PATH, []);
    if (!npx) throw new InstallError({ kind: 'agent', what: `${agent.name} ${agent.version}` }, { kind: 'failed', cause: 'npx was not found on PATH' });
    // `--yes` installs the pinned version without a prompt no one could answer (stdin is the ACP channel).
    return { name: agent.name, command: npx, args: ['--yes', `${plan.packageName}@${plan.version}`, ...plan.args], env: plan.env };
  }
  const { storageDir } = opts;
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const ctx = netContext(plan.archive, plan.archive, `${agent.name} ${agent.version}`, opts);
  const subject = ctx.subject;
  const fail = (problem: ConstructorParameters<typeof InstallError>[1]) => new InstallError(subject, problem);
  // Known before anything is downloaded: a format ACP Chat cannot unpack.
  const path = new URL(plan.archive).pathname.toLowerCase();
  if (/\.(zip|tar\.bz2|tbz2)$/.test(path)) throw fail({ kind: 'archiveType', extension: path.slice(path.lastIndexOf('.')) });
  // Where it will go, checked to be inside the storage folder before anything is downloaded, removed or renamed.
  const finalDir = installDir(storageDir, agent, plan);
  await mkdir(storageDir, { recursive: true }).catch((err) => {
    throw diskError(err, storageDir, subject);
  });
  const tmp = await mkdtemp(join(storageDir, '.install-'));
  try {
    const archive = join(tmp, 'archive');
    const res = await request(ctx);
    const { received, total, sha256 } = await saveResponse(res, archive, { ...opts, maxBytes: limits.downloadBytes }).catch((err: unknown) => {
      throw classify(err, ctx);
    });
    if (total !== undefined && received !== total) throw fail({ kind: 'brokeOff', received, total });
    throwIfCancelled(opts.signal, subject);

    const staged = join(tmp, 'agent');
    await mkdir(staged);
    if (/\.(tar\.gz|tgz)$/.test(path)) {
      // strict: a damaged archive is an error, not a warning and a half-unpacked folder. Owners are this user's and
      // setuid/setgid/sticky bits are dropped, whatever the archive says; past the size bound nothing more is written.
      let unpacked = 0;
      let tooLarge = false;
      await extract({
        file: archive,
        cwd: staged,
        strict: true,
        preserveOwner: false,
        filter: (_path, entry) => {
          unpacked += entry.size ?? 0;
          if (unpacked > limits.unpackedBytes) tooLarge = true;
          if ('mode' in entry && typeof entry.mode === 'number') entry.mode &= 0o777;
          return !tooLarge;
        },
      }).catch((err: unknown) => {
        throw fail({ kind: 'unpackFailed', cause: (err as Error)?.message ?? String(err) });
      });
      if (tooLarge) throw fail({ kind: 'tooLarge', part: 'unpacked', limit: limits.unpackedBytes });
    } else {
      await rename(archive, join(staged, plan.cmd)).catch((err) => {
        throw diskError(err, staged, subject);
      });
    }
    await rm(archive, { force: true });
    const cmdPath = join(staged, plan.cmd);
    // The command must be a regular file inside the unpacked folder (a symlink in the archive may point anywhere).
    const real = await realpath(cmdPath).catch(() => undefined);
    const realRoot = await realpath(staged);
    const isFile = real
      ? await stat(real).then(
          (s) => s.isFile(),
          () => false,
        )
      : false;
    if (!real || !real.startsWith(realRoot + sep) || !isFile) throw fail({ kind: 'missingFile', file: plan.cmd });
    await chmod(real, 0o755);
    throwIfCancelled(opts.signal, subject);

    await mkdir(join(finalDir, '..'), { recursive: true });
    // A broken copy or another window's install of the same version may sit there: replace it.
    await rm(finalDir, { recursive: true, force: true });
    await rename(staged, finalDir).catch((err) => {
      throw diskError(err, finalDir, subject);
    });
    return { name: agent.name, command: join(finalDir, plan.cmd), args: plan.args, env: plan.env, sha256 };
  } catch (err) {
    throw classify(err, ctx);
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  }
}

function netContext(url: string, registryUrl: string, what: string, opts: NetOptions): NetContext {
  const subject: InstallSubject = { kind: 'agent', what, source: { url: registryUrl, from: 'acpChat.agentRegistry.url' }, proxy: opts.proxy };
  return { url, subject, signal: opts.signal };
}

function throwIfCancelled(signal: AbortSignal | undefined, subject: InstallSubject): void {
  if (signal?.aborted) throw new InstallError(subject, { kind: 'cancelled' });
}

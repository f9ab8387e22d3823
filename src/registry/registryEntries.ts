// The ACP Registry's `registry.json` (agentclientprotocol/registry, FORMAT.md): agents with a pinned `npx` package or
// per-platform `binary` archives. Pure: parses what was fetched, and says how this machine would install an entry.
// Hostile entries (bad ids, relative or non-http URLs, a `cmd` that climbs out of its folder, unpinned packages) are
// dropped with a reason, never installed.
import { AgentRegistryError } from './agentRegistryError';
import { relative, resolve, sep } from 'node:path';
import * as z from 'zod/mini';

/** The public registry (FORMAT.md's published index). */
export const DEFAULT_REGISTRY_URL = 'https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json';

const MAX_AGENTS = 500;
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const stringList = z.array(z.string().check(z.maxLength(4096))).check(z.maxLength(64));
const envMap = z.record(z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)), z.string().check(z.maxLength(4096)));
const httpUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(2048));

const npxSchema = z.object({ package: text(214), args: z.optional(stringList), env: z.optional(envMap) });
const binaryTargetSchema = z.object({ archive: httpUrl, cmd: text(256), args: z.optional(stringList), env: z.optional(envMap) });
const agentSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/)),
  name: text(60),
  // A version names the install folder: a plain version only (no separators, no dots that climb).
  version: z.string().check(
    z.regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/),
    z.refine((v) => !v.includes('..'), 'must not contain ..'),
  ),
  description: z.optional(z.string().check(z.maxLength(500))),
  distribution: z.object({ npx: z.optional(npxSchema), binary: z.optional(z.record(z.string(), binaryTargetSchema)) }),
});

export type RegistryAgent = z.infer<typeof agentSchema>;

/** How one entry installs here: a pinned npx launch, or one archive to download. */
export type InstallPlan =
  | { kind: 'npx'; packageName: string; version: string; args: string[]; env: Record<string, string> }
  | { kind: 'binary'; platform: string; archive: string; cmd: string; args: string[]; env: Record<string, string> };

export { AgentRegistryError };

/** Variables that change how programs load or what npm installs: an entry may not set them for its agent. */
const REFUSED_ENV = [/^npm_config_/i, /^NODE_OPTIONS$/i, /^LD_/, /^DYLD_/];

function checkEnv(agent: RegistryAgent, env: Record<string, string>): Record<string, string> {
  const refused = Object.keys(env).filter((name) => REFUSED_ENV.some((re) => re.test(name)));
  if (refused.length)
    throw new AgentRegistryError('refused', `${agent.name} sets ${refused.join(', ')}, which ACP Chat does not let a registry entry set; it is not installed.`);
  return env;
}

/** The folder that holds one installed agent version; refused unless it is inside `storageDir`. */
export function installDir(storageDir: string, agent: RegistryAgent, plan: InstallPlan & { kind: 'binary' }): string {
  const root = resolve(storageDir);
  const dir = resolve(root, agent.id, `${agent.version}-${plan.platform}`);
  if (!dir.startsWith(root + sep) || relative(root, dir).split(sep).length !== 2) {
    throw new AgentRegistryError('refused', `${agent.name} ${agent.version} would install outside the agents folder; it is not installed.`);
  }
  return dir;
}

/** The usable agents of a fetched registry.json, and why others were dropped. Throws when it is not a registry. */
export function parseRegistry(body: string): { agents: RegistryAgent[]; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new AgentRegistryError('badJson', 'The agent registry sent something that is not JSON.');
  }
  const list = (raw as { agents?: unknown } | null)?.agents;
  if (!raw || typeof raw !== 'object' || !Array.isArray(list)) throw new AgentRegistryError('badJson', 'The agent registry has no list of agents.');
  const agents: RegistryAgent[] = [];
  const problems: string[] = [];
  for (const [i, item] of list.slice(0, MAX_AGENTS).entries()) {
    const parsed = agentSchema.safeParse(item);
    if (!parsed.success) {
      problems.push(`agents[${i}] was ignored: ${parsed.error.issues[0]?.path.join('.') || 'entry'} ${parsed.error.issues[0]?.message ?? ''}`.trim());
      continue;
    }
    const agent = parsed.data;
    if (agents.some((a) => a.id === agent.id)) problems.push(`agents[${i}] repeats the id ${agent.id}; it was ignored.`);
    else if (!agent.distribution.npx && !agent.distribution.binary) problems.push(`${agent.id} has no npx or binary distribution; it was ignored.`);
    else agents.push(agent);
  }
  return { agents, problems };
}

/** The registry's platform key for this machine (`linux-x86_64`, `darwin-aarch64`, `windows-x86_64`, …). */
export function registryPlatform(platform: string, arch: string): string | undefined {
  const os = ({ linux: 'linux', darwin: 'darwin', win32: 'windows' } as Record<string, string>)[platform];
  const cpu = ({ x64: 'x86_64', arm64: 'aarch64' } as Record<string, string>)[arch];
  return os && cpu ? `${os}-${cpu}` : undefined;
}

/**
 * How `agent` installs on `platform`: the platform's archive when there is one (nothing to fetch at launch), else the
 * npx package, which must name an exact version so every launch runs what was picked.
 */
export function installPlan(agent: RegistryAgent, platform: string | undefined): InstallPlan {
  const target = platform ? agent.distribution.binary?.[platform] : undefined;
  if (target) {
    const cmd = target.cmd.replace(/^\.\//, '');
    if (cmd.startsWith('/') || cmd.split(/[\\/]/).includes('..') || /^[A-Za-z]:/.test(cmd)) {
      throw new AgentRegistryError('noPlatform', `${agent.name}'s command ${target.cmd} points outside its archive; it is not installed.`);
    }
    return { kind: 'binary', platform: platform!, archive: target.archive, cmd, args: target.args ?? [], env: checkEnv(agent, target.env ?? {}) };
  }
  const npx = agent.distribution.npx;
  if (npx) {
    const { packageName, version } = splitPackage(npx.package);
    if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(packageName) || !/^\d+\.\d+\.\d+(-[\w.]+)?(\+[\w.]+)?$/.test(version)) {
      throw new AgentRegistryError('unpinned', `${agent.name}'s npm package ${npx.package} does not name an exact version; it is not installed.`);
    }
    return { kind: 'npx', packageName, version, args: npx.args ?? [], env: checkEnv(agent, npx.env ?? {}) };
  }
  throw new AgentRegistryError('noPlatform', `${agent.name} has no build for this platform (${platform ?? 'unknown'}).`);
}

/** `@scope/name@1.2.3` → its name and version (empty strings when it names no version). */
export function splitPackage(spec: string): { packageName: string; version: string } {
  const at = spec.lastIndexOf('@');
  return at > 0 ? { packageName: spec.slice(0, at), version: spec.slice(at + 1) } : { packageName: '', version: '' };
}

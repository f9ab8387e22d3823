// Where an agent added from the registry goes in the user's `acpChat.agents`. Pure. Names identify entries (the
// picker, the remembered choice), so a registry entry may carry the name of an agent the user already has, the bundled
// Claude adapter included. It replaces that entry without asking only when the entry is this registry agent's own
// earlier install (an update); any other same-name entry is the user's to give up, so they are asked first.
import { basename, isAbsolute, resolve } from 'node:path';
import { isInside } from '../acpClient/pathInside';
import type { RegistryAgent } from './registryEntries';
import { splitPackage } from './registryEntries';
import { MAX_AGENT_NAME } from '../agents/agentList';

/** How to recognise a registry agent's earlier install: its folder, and its npm package when it has one. */
export interface OwnInstall {
  /** `<storageDir>/<id>`: every version and platform of the agent installs below it. */
  dir: string;
  npxPackage?: string;
}

/** The user's answer when a same-name entry is not the agent's own: replace it, or add the new one beside it. */
export type SameNameAnswer = 'replace' | 'keepBoth';

/** An `acpChat.agents` entry as written to the settings. */
export interface SettingsEntry {
  name: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
}

/** What marks `agent`'s earlier installs, whichever version or distribution they came from. */
export function ownInstall(agent: RegistryAgent, storageDir: string): OwnInstall {
  const npx = agent.distribution.npx ? splitPackage(agent.distribution.npx.package).packageName : '';
  return { dir: resolve(storageDir, agent.id), ...(npx ? { npxPackage: npx } : {}) };
}

/**
 * Whether `entry` (from the settings, unchecked) is the agent's earlier install: a command inside the agent's storage
 * folder, or `npx --yes <its package>@…` as installAgent writes it. The bundled entry (no command) never is.
 */
export function isOwnInstall(entry: unknown, own: OwnInstall): boolean {
  const { command, args } = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
  if (typeof command !== 'string' || !isAbsolute(command.trim())) return false;
  if (command.trim() !== own.dir && isInside(own.dir, command.trim())) return true;
  if (!own.npxPackage || !/^npx(\.cmd|\.exe)?$/i.test(basename(command.trim())) || !Array.isArray(args) || args[0] !== '--yes') return false;
  return typeof args[1] === 'string' && splitPackage(args[1]).packageName === own.npxPackage;
}

/** The same-name entry the user must be asked about before `name` is added, if there is one. */
export function sameNameConflict(list: readonly unknown[], name: string, own: OwnInstall): { index: number; existing: unknown } | undefined {
  const index = indexOfName(list, name);
  return index >= 0 && !isOwnInstall(list[index], own) ? { index, existing: list[index] } : undefined;
}

/**
 * The list with `entry` added: appended when no entry has its name; in place of the same-name entry when that is the
 * agent's own install or the user answered "replace"; else appended under a unique name, so without an answer nothing
 * of the user's is ever replaced. Resolves the name it was added under.
 */
export function placeEntry(list: readonly unknown[], entry: SettingsEntry, own: OwnInstall, answer?: SameNameAnswer): { list: unknown[]; name: string } {
  const next = [...list];
  const index = indexOfName(next, entry.name);
  if (index < 0) return { list: [...next, entry], name: entry.name };
  if (answer === 'replace' || isOwnInstall(next[index], own)) {
    next[index] = entry;
    return { list: next, name: entry.name };
  }
  const name = uniqueName(next, entry.name);
  return { list: [...next, { ...entry, name }], name };
}

/** `Name (registry)`, then `Name (registry 2)`, …: the first no entry has, cut to fit MAX_AGENT_NAME (parseAgentList cuts a longer one, which could make it collide again). */
export function uniqueName(list: readonly unknown[], name: string): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (registry)' : ` (registry ${n})`;
    const base = Array.from(name);
    while (base.length && base.join('').length + suffix.length > MAX_AGENT_NAME) base.pop();
    const candidate = base.join('').trimEnd() + suffix;
    if (indexOfName(list, candidate) < 0) return candidate;
  }
}

/** The entry parseAgentList would know by `name` (names trimmed and bounded as it does), or -1. */
function indexOfName(list: readonly unknown[], name: string): number {
  return list.findIndex((item) => {
    const n = item && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
    return typeof n === 'string' && n.trim().slice(0, MAX_AGENT_NAME) === name;
  });
}

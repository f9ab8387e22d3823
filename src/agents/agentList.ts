// The agents the user can pick for new sessions (setting `acpChat.agents`). Pure: what the setting holds, checked, and
// the launch settings of the picked one. An entry without `command` is the bundled Claude adapter (the default
// entry); only it gets what is Claude's (Claude Code resolution, the stored API key, `acpChat.agent.*`).
import type { AgentLaunchSettings } from './agentLaunch';

export interface AgentEntry {
  name: string;
  /** The agent's executable, run directly (never through a shell); absent for the bundled Claude adapter. */
  command?: string;
  args: string[];
  env: Record<string, string>;
}

/** The setting's default: the bundled Claude adapter alone. */
export const DEFAULT_AGENTS: readonly AgentEntry[] = [{ name: 'Claude', args: [], env: {} }];

/** Names longer than this are cut (a name is shown in the header's picker). */
export const MAX_AGENT_NAME = 60;

/**
 * The well-typed entries of the setting, in order, and what was ignored (a typo gives a clear message, not a strange
 * spawn). Names identify entries, so a repeated name is ignored. No usable entry: the default list.
 */
export function parseAgentList(raw: unknown): { agents: AgentEntry[]; problems: string[] } {
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { agents: [...DEFAULT_AGENTS], problems };
  if (!Array.isArray(raw)) return { agents: [...DEFAULT_AGENTS], problems: ['acpChat.agents must be a list of agents; it was ignored.'] };
  const agents: AgentEntry[] = [];
  raw.forEach((item: unknown, i) => {
    const at = `acpChat.agents[${i}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) return problems.push(`${at} must be an object with a name; it was ignored.`);
    const { name, command, args, env } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return problems.push(`${at} needs a name; it was ignored.`);
    const entry: AgentEntry = { name: name.trim().slice(0, MAX_AGENT_NAME), args: [], env: {} };
    if (agents.some((a) => a.name === entry.name)) return problems.push(`${at}: another agent is already named "${entry.name}"; it was ignored.`);
    if (typeof command === 'string' && command.trim()) entry.command = command.trim();
    else if (command !== undefined && command !== null && command !== '') return problems.push(`${at}.command must be a string; the agent was ignored.`);
    if (Array.isArray(args) && args.every((a) => typeof a === 'string')) entry.args = args as string[];
    else if (args !== undefined && args !== null) problems.push(`${at}.args must be a list of strings; it was ignored.`);
    if (env && typeof env === 'object' && !Array.isArray(env) && Object.values(env).every((v) => typeof v === 'string'))
      entry.env = env as Record<string, string>;
    else if (env !== undefined && env !== null) problems.push(`${at}.env must be an object of strings; it was ignored.`);
    if (!entry.command && entry.args.length) problems.push(`${at} runs the bundled Claude adapter, which takes no args; they were ignored.`);
    agents.push(entry.command ? entry : { ...entry, args: [] });
    return undefined;
  });
  return { agents: agents.length ? agents : [...DEFAULT_AGENTS], problems };
}

/** The agent picked by name; the first entry when that name is gone (or none was picked). */
export function selectedAgent(agents: readonly AgentEntry[], name: string | undefined): AgentEntry {
  return agents.find((a) => a.name === name) ?? agents[0] ?? DEFAULT_AGENTS[0]!;
}

/**
 * What to launch for `entry`. Another agent runs as listed; the bundled entry keeps the `acpChat.agent.*` settings
 * (which may name a replacement for the adapter), its own `env` over theirs.
 */
export function launchSettingsFor(entry: AgentEntry, claude: AgentLaunchSettings): AgentLaunchSettings {
  if (entry.command) return { path: entry.command, args: [...entry.args], env: { ...entry.env } };
  return { ...claude, env: { ...claude.env, ...entry.env } };
}

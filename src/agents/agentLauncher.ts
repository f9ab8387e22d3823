// The VS Code side of launching the agent: reads the settings, the picked agent, the stored API key and the Claude
// Code to run, and hands agentLaunch.ts (pure) what it decides from. Resolved again at every start, so a changed
// setting or a newly installed program takes effect on the next one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import type { AgentLaunch } from '../acpClient/agentProcess';
import type { Logger } from '../acpClient/logger';
import { canScrubSubprocessEnv, parseLaunchSettings, resolveAgentLaunch, usesBundledAdapter, withClaudeTools, type SessionTools } from './agentLaunch';
import { findProgram } from '../acpClient/findProgram';
import { launchSettingsFor, type AgentEntry } from './agentList';
import { SettingsProblemError } from './settingsProblemError';
import type { ClaudeCodeSetup } from './claudeCode/claudeCodeSetup';
import type { ProjectSetting } from './claudeCode/projectSettings';
import type { ProjectSettingsConsent } from './projectSettingsConsent';

export interface AgentLauncherDeps {
  extensionPath: string;
  logger: Logger;
  /** The agent picked for new sessions. */
  selected(): AgentEntry;
  /** The stored Anthropic API key (SecretStorage), if any. */
  keys: { get(): Promise<string | undefined> };
  claudeCode: Pick<ClaudeCodeSetup, 'resolve'>;
  /** Whether Claude Code may apply the folder's own Claude settings (asked once per workspace). */
  projectSettings: Pick<ProjectSettingsConsent, 'decide'>;
  /** The MCP servers the agent's sessions get, and the tools among them that run without asking (Claude only). */
  sessionTools?(cwd: string): Promise<SessionTools | undefined>;
}

/** Claude Code with the user's settings only (`~/.claude`), none of the folder's. */
const USER_SETTINGS_ONLY = { claudeCode: { options: { settingSources: ['user'] } } };

export class AgentLauncher implements vscode.Disposable {
  private readonly problemEmitter = new Emitter<SettingsProblemError>();
  /** acpChat.agent.* holds entries that were ignored; the presenter shows it. */
  readonly onDidFindProblems = this.problemEmitter.event;
  private readonly leftOutEmitter = new Emitter<ProjectSetting[]>();
  /** The agent is starting without the folder's Claude settings; the chat says what that leaves out. */
  readonly onDidLeaveOutProjectSettings = this.leftOutEmitter.event;

  constructor(private readonly deps: AgentLauncherDeps) {}

  /**
   * The agent's launch; for the bundled adapter, with the stored API key and the Claude Code it is to run (other
   * agents are left alone). Claude Code missing rejects with ClaudeCodeNotFoundError, a start failure like any other.
   */
  async resolve(cwd: string, opts: { sessions?: boolean } = {}): Promise<AgentLaunch> {
    const input = this.input();
    const withKey = { ...input, apiKey: await this.deps.keys.get() };
    const launch = resolveAgentLaunch(withKey); // first: a missing adapter or an old Node is the problem to report
    // A terminal sign-in runs the agent's program without sessions: no MCP servers to start or inputs to ask for.
    const tools = (opts.sessions !== false && (await this.deps.sessionTools?.(cwd))) || { mcpServers: [], allowedTools: [] };
    if (!usesBundledAdapter(input.settings)) {
      tools.onLaunch?.([]); // its servers go over ACP, nothing on a command line
      return { ...launch, mcpServers: tools.mcpServers };
    }
    const resolved = await this.deps.claudeCode.resolve({ ...input.baseEnv, ...input.settings.env });
    // Programs found in the folder itself are not trusted (the same rule as git's).
    const scrubSubprocessEnv = canScrubSubprocessEnv(process.platform, (name) => findProgram(name, { ...input.baseEnv, ...input.settings.env }.PATH, [cwd]));
    const claude = resolveAgentLaunch({ ...withKey, claudeCodeExecutable: resolved.path, scrubSubprocessEnv });
    const decision = await this.deps.projectSettings.decide(cwd);
    if (!decision.use) this.leftOutEmitter.fire(decision.leftOut);
    return withClaudeTools({ ...claude, ...(decision.use ? {} : { sessionMeta: USER_SETTINGS_ONLY }) }, tools);
  }

  /** The stored key is an Anthropic key for the bundled Claude adapter; no other agent gets it or is offered it. */
  apiKeyApplies(): boolean {
    return usesBundledAdapter(launchSettingsFor(this.deps.selected(), { path: vscode.workspace.getConfiguration('acpChat.agent').get<string>('path') }));
  }

  dispose(): void {
    this.problemEmitter.dispose();
    this.leftOutEmitter.dispose();
  }

  private input() {
    const config = vscode.workspace.getConfiguration('acpChat.agent');
    const { settings: claude, problems } = parseLaunchSettings({ path: config.get('path'), args: config.get('args'), env: config.get('env') });
    for (const p of problems) this.deps.logger.warn(`[settings] ${p}`);
    if (problems.length) this.problemEmitter.fire(new SettingsProblemError('acpChat.agent', problems));
    // The adapter with its dependencies, bundled by the build (scripts/build.mjs).
    const entry = join(this.deps.extensionPath, 'dist', 'agent', 'claude-agent-acp.mjs');
    return {
      settings: launchSettingsFor(this.deps.selected(), claude),
      // The extension host's own runtime: Electron run as Node inside VS Code, plain Node in the VS Code server.
      node: { path: process.execPath, version: process.versions.node, env: { ELECTRON_RUN_AS_NODE: '1' } },
      adapterEntry: existsSync(entry) ? entry : undefined,
      baseEnv: process.env,
    };
  }
}

// The VS Code side of signing in: "Sign In…" (the agent's methods: terminal logins run in a VS Code terminal,
// agent-handled ones through `authenticate`), "Set API Key…" (SecretStorage → the agent's ANTHROPIC_API_KEY) and
// "Sign Out". After a sign-in the agent is restarted so it reads the new credentials, and the kept prompt is offered.
import type { AuthMethod, AuthMethodTerminal } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { AgentLaunch } from '../agents/agentLaunch';
import type { ChatRegistry } from '../chat/chatRegistry';
import { errorMessage } from '../acpClient/errors';
import type { Logger } from '../acpClient/logger';
import type { UserErrorPresenter } from '../feedback/userErrorPresenter';
import type { ApiKeyStore } from '../workbench/apiKeyStore';
import { methodItem } from './methodItem';
import { runTerminalLogin } from './terminalLogin';

export interface SignInDeps {
  chats: ChatRegistry;
  keys: ApiKeyStore;
  presenter: UserErrorPresenter;
  logger: Logger;
  /** The agent's launch, exactly as the agent host spawns it. */
  resolveLaunch(): Promise<AgentLaunch>;
  cwd(): string | undefined;
  /** False while another agent than the bundled Claude adapter is picked: no Anthropic API key is offered. */
  apiKeyApplies?(): boolean;
}

export class SignIn {
  constructor(private readonly deps: SignInDeps) {}

  /** Runs the agent's sign-in method `methodId`, or lets the user pick one. */
  async signIn(methodId?: string): Promise<void> {
    const host = this.deps.chats.host;
    await host.ensureAgent().catch(() => undefined); // the methods come from initialize
    const methods = host.authMethods;
    const method = methodId ? methods.find((m) => m.id === methodId) : await this.pickMethod(methods);
    if (!method) {
      if (methodId)
        this.deps.presenter.showMessage(vscode.l10n.t('That sign-in method is no longer offered by the agent.'), 'warning', ['signIn', 'setApiKey']);
      return;
    }
    if (isTerminal(method)) await this.runTerminal(method);
    else {
      await host.authenticate(method.id);
      this.deps.presenter.signedIn(method.name);
    }
  }

  async askForApiKey(): Promise<void> {
    const key = await vscode.window.showInputBox({
      title: vscode.l10n.t('ACP Chat: Set API Key'),
      prompt: vscode.l10n.t("Your Anthropic API key. It is kept in VS Code's secret storage and given only to the agent."),
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter a key, or press Escape.')),
    });
    if (key?.trim()) await this.setApiKey(key.trim());
  }

  /** Stores the key and restarts the agent with it. */
  async setApiKey(key: string): Promise<void> {
    await this.deps.keys.set(key);
    this.deps.logger.info('[signIn] API key stored in secret storage; restarting the agent');
    await this.deps.chats.restart();
    this.deps.presenter.signedIn('API key');
  }

  /** `logout` where the agent offers it, and the stored API key deleted; the agent restarts without them. */
  async signOut(): Promise<void> {
    await this.deps.chats.host.signOut().catch((err: unknown) => this.deps.logger.warn(`[signIn] logout failed: ${errorMessage(err)}`));
    await this.deps.keys.delete();
    this.deps.logger.info('[signIn] signed out; restarting the agent');
    await this.deps.chats.restart();
    void vscode.window.showInformationMessage(vscode.l10n.t('ACP Chat: signed out.'));
  }

  private async runTerminal(method: AuthMethodTerminal): Promise<void> {
    const launch = await this.deps.resolveLaunch();
    this.deps.logger.info(`[signIn] running "${method.name}" in a terminal: ${launch.command} ${[...launch.args, ...(method.args ?? [])].join(' ')}`);
    const run = runTerminalLogin(launch, method, this.deps.cwd());
    const code = await run.exited;
    if (code !== 0) {
      this.deps.presenter.showMessage(
        code === undefined
          ? vscode.l10n.t('Sign-in with {0} was closed before it finished.', method.name)
          : vscode.l10n.t('Sign-in with {0} failed (exit code {1}).', method.name, code),
        'warning',
        ['signIn', 'setApiKey'],
      );
      return;
    }
    // The agent reads credentials at start: re-initialize it (ACP's terminal auth asks for a reconnect).
    await this.deps.chats.restart();
    this.deps.presenter.signedIn(method.name);
  }

  private async pickMethod(methods: AuthMethod[]): Promise<AuthMethod | undefined> {
    type Item = vscode.QuickPickItem & { method?: AuthMethod };
    const items: Item[] = [
      ...methods.map((m) => ({ ...methodItem(m), method: m })),
      ...(this.deps.apiKeyApplies?.() === false
        ? []
        : [{ label: vscode.l10n.t('Set API Key…'), detail: vscode.l10n.t("An Anthropic API key, kept in VS Code's secret storage") }]),
    ];
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('ACP Chat: Sign In'),
      placeHolder: vscode.l10n.t('How do you want to sign in?'),
    });
    if (picked && !picked.method) await this.askForApiKey();
    return picked?.method;
  }
}

function isTerminal(method: AuthMethod): method is AuthMethodTerminal & { type: 'terminal' } {
  return 'type' in method && method.type === 'terminal';
}

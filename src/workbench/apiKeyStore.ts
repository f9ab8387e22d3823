// The Anthropic API key the user set with "ACP Chat: Set API Key…". It lives only in VS Code's SecretStorage and, while
// the agent runs, in the agent's environment; it is cached here because the agent's launch is resolved synchronously
// from settings. Never logged, never written to settings, never posted to a webview.
import type * as vscode from 'vscode';

const SECRET_KEY = 'acpChat.anthropicApiKey';

export class ApiKeyStore implements vscode.Disposable {
  private cached: string | undefined;
  private readonly subscription: vscode.Disposable;
  private readonly loaded: Promise<void>;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.loaded = this.reload();
    // Another window may set or delete it.
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) void this.reload();
    });
  }

  /** The stored key (after the first read from SecretStorage). */
  async get(): Promise<string | undefined> {
    await this.loaded;
    return this.cached;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, key);
    this.cached = key;
  }

  async delete(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
    this.cached = undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private async reload(): Promise<void> {
    this.cached = (await this.secrets.get(SECRET_KEY)) || undefined;
  }
}

// The extension's settings as its parts read them. A setting that decides how much runs without asking is read as the
// user set it (`userValue`): a workspace's value never weakens approvals; the module that reads such a setting says so.
import * as vscode from 'vscode';

export interface Settings {
  /** `acpChat.<key>` as VS Code resolves it (the workspace's value over the user's). */
  get<T>(key: string): T | undefined;
  /** `acpChat.<key>` from the user's settings or its default, never a workspace's. */
  userValue<T>(key: string): T | undefined;
}

export const settings: Settings = {
  get: (key) => vscode.workspace.getConfiguration('acpChat').get(key),
  userValue: <T>(key: string) => {
    const value = vscode.workspace.getConfiguration('acpChat').inspect<T>(key);
    return value?.globalValue ?? value?.defaultValue;
  },
};

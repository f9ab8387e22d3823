// The settings this folder reads. Declared once here; package.json must contribute the same ids.
import * as vscode from 'vscode';

export const PROMPT_SETTING = 'acpChat.permissions.prompt';
export const NOTIFY_UNFOCUSED_SETTING = 'acpChat.permissions.notifyWhenUnfocused';

/** Which surface pops up for a request; the chat's inline card is shown in every case. */
export type PromptSurface = 'quickPick' | 'modal' | 'inline';

export function readPromptSurface(): PromptSurface {
  const value = vscode.workspace.getConfiguration().get<string>(PROMPT_SETTING, 'quickPick');
  return value === 'modal' || value === 'inline' ? value : 'quickPick';
}

export function readNotifyWhenUnfocused(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(NOTIFY_UNFOCUSED_SETTING, true) !== false;
}

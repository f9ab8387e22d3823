// How an approval that needs the user is signalled in the chat, as VS Code's own setting for "chat needs the user"
// says (accessibility.signals.chatUserActionRequired): its sound, played when set on, or on "auto" while VS Code is
// set for a screen reader; its announcement, read by a screen reader unless set off. The page does the rest.
import * as vscode from 'vscode';
import type { ApprovalSignalView } from './approvalSignalView';

const SIGNAL_SETTING = 'accessibility.signals.chatUserActionRequired';
const SCREEN_READER_SETTING = 'editor.accessibilitySupport';

export function readApprovalSignal(): ApprovalSignalView {
  const config = vscode.workspace.getConfiguration();
  const signal = config.get<{ sound?: unknown; announcement?: unknown }>(SIGNAL_SETTING) ?? {};
  const screenReader = config.get<string>(SCREEN_READER_SETTING) === 'on';
  const sound = signal.sound === 'on' || ((signal.sound === undefined || signal.sound === 'auto') && screenReader);
  return { sound, announce: signal.announcement !== 'off' };
}

/** Fires when either setting changes. */
export function onDidChangeApprovalSignal(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(SIGNAL_SETTING) || e.affectsConfiguration(SCREEN_READER_SETTING)) listener();
  });
}

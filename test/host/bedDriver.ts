// The runner's hands and eyes in the workbench (test/testbed/bedDriver.mjs): keys pressed as a user presses them, and
// what only the screen shows — the command palette's rows, the walkthrough's ticks.
import * as vscode from 'vscode';

/** The command palette, open and in command mode (as F1 opens it). */
async function openPalette(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.quickOpen', '>');
}
async function drive<T>(route: string, body: unknown = {}): Promise<T> {
  const url = process.env.ACP_BED_DRIVER;
  const token = process.env.ACP_BED_DRIVER_TOKEN;
  if (!url || !token) throw new Error('ACP_BED_DRIVER is not set: run the host tests through test/testbed/runHostTests.mjs');
  const res = await fetch(`${url}/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`bed driver /${route}: ${answer.error ?? res.status}`);
  return answer;
}

/** Presses each key (Playwright's names: "Escape", "Control+Shift+Alt+N") where the focus is. */
export async function pressKeys(...keys: string[]): Promise<void> {
  await drive('press', { keys });
}

/** Types `text` where the focus is, a key at a time. */
export async function typeText(text: string): Promise<void> {
  await drive('type', { text });
}

/** The palette's command labels for `typed`, read once a row `seen` shows the list is filled. */
export async function paletteLabels(typed: string, seen: string): Promise<string[]> {
  await openPalette();
  return (await drive<{ labels: string[] }>('palette', { typed, seen })).labels;
}

/** Runs a command from the palette, as a user does (F1, its title, Enter). */
export async function runFromPalette(title: string): Promise<void> {
  await openPalette();
  await drive('command', { title });
}

/** The open walkthrough's steps: each title, and whether it shows as done. */
export async function walkthroughSteps(): Promise<Array<[string, boolean]>> {
  return (await drive<{ steps: Array<[string, boolean]> }>('walkthrough')).steps;
}

/** The window as it is now, as test-results/screenshots/host-<name>.png (a failing test's picture). */
export async function screenshot(name: string): Promise<void> {
  await drive('screenshot', { name });
}

/** The window loses the focus (another page comes to the front, as another window would), or takes it back. */
export async function setWindowFocus(focused: boolean): Promise<void> {
  await drive('focus', { focused });
}

/** The notifications' messages, as VS Code's notifications center lists them (opened for the reading). */
export async function notificationMessages(): Promise<string[]> {
  await vscode.commands.executeCommand('notifications.showList');
  return (await drive<{ messages: string[] }>('notifications')).messages;
}

/** Clicks `button` on the notification that says `text`, in the notifications center (open it first). */
export async function clickNotificationButton(text: string, button: string): Promise<void> {
  await drive('notificationButton', { text, button });
}

// A URI dropped on the composer, as the page hands it over, turned into the local path it names (pure). Only a file on
// this machine's disk qualifies: `file:`, or in a remote window (code-server, SSH) the workbench's `vscode-remote:`
// form of a path on the extension host's side. The path still has to be inside the workspace folders (checked after
// this, lexically first, then with symlinks followed: workbench/workspacePaths.ts).
import { fileURLToPath } from 'node:url';
import { forQuickInputMessage, toDisplayText } from '../acpClient/displayText';

export type DroppedUri = { ok: true; path: string } | { ok: false; reason: 'not-a-file' | 'invalid' };

/** `remote`: the window is remote, so the workbench names the extension host's files `vscode-remote://<authority>/…`. */
export function droppedPath(uri: string, remote: boolean): DroppedUri {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.search || url.hash || url.username || url.password) return { ok: false, reason: 'invalid' };
  let path: string;
  try {
    if (url.protocol === 'file:') path = fileURLToPath(url);
    else if (url.protocol === 'vscode-remote:' && remote) path = decodeURIComponent(url.pathname);
    else return { ok: false, reason: 'not-a-file' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  return path.includes('\0') ? { ok: false, reason: 'invalid' } : { ok: true, path };
}

/** What a URI (or a path) is called in a refusal (a notification): its last segment, else all of it; bounded, with
 * no link or icon syntax VS Code would act on. */
export function droppedName(uri: string): string {
  const tail = /[^/\\]+(?=[/\\]*$)/u.exec(uri.replace(/[?#].*$/su, ''))?.[0];
  let name = tail ?? uri;
  try {
    name = decodeURIComponent(name);
  } catch {
    // Shown as it came.
  }
  return forQuickInputMessage(toDisplayText(name, 80));
}

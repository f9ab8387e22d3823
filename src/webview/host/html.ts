// The chat webview's HTML shell. Pure: everything that varies (CSP source, nonce, asset URIs) comes in as
// arguments, so the policy can be unit-tested without VS Code. The app renders everything else from messages.

export interface ChatHtmlAssets {
  /** `webview.cspSource` of the webview that will show the page. */
  cspSource: string;
  /** A fresh random nonce per render; the only way a script may run. */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  codiconUri: string;
  /**
   * The page's translations for the display language (VS Code's `l10n.bundle`), or undefined in English: read by the
   * page before it renders, so its first words are already translated.
   */
  l10nBundle?: Readonly<Record<string, unknown>>;
  /** The display language (`vscode.env.language`), so a screen reader speaks the page in it. */
  lang?: string;
}

/**
 * The Content-Security-Policy for the chat page: nothing by default, scripts only by nonce, no inline styles. The one
 * worker is the page's own highlighter, started by its script from a blob: URL (a script that is not ours cannot run
 * to make one).
 */
export function buildChatCsp(cspSource: string, nonce: string): string {
  return [
    `default-src 'none'`,
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `worker-src blob:`,
  ].join('; ');
}

/** Builds the full HTML document for the chat webview. */
export function buildChatHtml(a: ChatHtmlAssets): string {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(a.nonce)) throw new Error('nonce must be at least 16 base64/url-safe characters');
  return `<!DOCTYPE html>
<html lang="${attr(a.lang ?? 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(buildChatCsp(a.cspSource, a.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(a.codiconUri)}">
<link rel="stylesheet" href="${attr(a.styleUri)}">
<title>ACP Chat</title>
</head>
<body>
<div id="root" class="acp-root"${a.l10nBundle ? ` data-l10n="${attr(JSON.stringify(a.l10nBundle))}"` : ''}></div>
<script nonce="${attr(a.nonce)}" src="${attr(a.scriptUri)}"></script>
</body>
</html>`;
}

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

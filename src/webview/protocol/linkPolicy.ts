// Which links from agent text the host may open. Agent output is untrusted: only web links, and only after the user
// confirms. `command:` would run VS Code commands, `file:`/`vscode:` open local resources, `javascript:`/`data:` run code.

/** Returns the parsed URL when `href` is an absolute http(s) link, otherwise undefined. */
export function parseExternalLink(href: string): URL | undefined {
  if (typeof href !== 'string' || href.length > 8192) return undefined;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    // Relative or malformed: never opened (there is no base to resolve against in agent text).
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

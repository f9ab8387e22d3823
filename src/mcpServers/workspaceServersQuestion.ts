// What the user is shown before a workspace's .vscode/mcp.json servers first reach the agent: each program it would
// start and each address it would connect to, with what it sets (environment variables, headers) and the variables it
// fills in (an environment variable's value, an input's); the fingerprint the answer is kept under; and the keys an
// input's value is kept under, one server's apart from another's. Pure.
import { createHash } from 'node:crypto';
import { withoutLinks } from '../acpClient/displayText';
import { l10n } from '../contributions/l10n';
import { WORKSPACE_FILE, type ConfiguredServer } from './mcpConfig';

/** Characters of one command, argument, URL or value shown; the rest is counted. */
const MAX_SHOWN_VALUE = 300;
/** Characters of the whole list; the servers beyond are counted. */
const MAX_SHOWN_TOTAL = 12_000;
/** Controls, format characters (bidi, zero-width) and separators but the space: they could hide what runs. */
const HIDDEN = /[\p{C}\p{Z}]/gu;
/** The variables that send a value somewhere: an environment variable's and an input's. */
const SENDS = /\$\{((?:env|input):[^}]+)\}/gu;

/** The answer is kept until the file changes in any way: its whole text, hashed. */
export function workspaceServersFingerprint(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The workspace's servers as the question lists them, one block each. */
export function describeWorkspaceServers(servers: readonly ConfiguredServer[]): string {
  const blocks: string[] = [];
  let length = 0;
  for (const server of servers) {
    const block = describeServer(server);
    if (blocks.length && length + block.length + 1 > MAX_SHOWN_TOTAL) break;
    blocks.push(block);
    length += block.length + 1;
  }
  const rest = servers.length - blocks.length;
  if (rest) blocks.push(l10n.t('… and {0} more servers, not shown here: open {1} to read them.', rest, WORKSPACE_FILE));
  return blocks.join('\n');
}

/** Where an input's value is looked up for a server: by the server as well as the input's id. */
export function inputKey(server: Pick<ConfiguredServer, 'source' | 'name'>, id: string): string {
  // A server's name holds no ":" (mcpConfig.ts NAME), so the key reads one way only.
  return `${server.source}:${server.name}:${id}`;
}

/** Where an input's value is kept in SecretStorage: per folder, server and input, never shared between servers. */
export function inputStorageKey(folder: string | undefined, server: Pick<ConfiguredServer, 'source' | 'name'>, id: string): string {
  return `acpChat.mcpInput:${JSON.stringify([folder ?? '', server.source, server.name, id])}`;
}

function describeServer(server: ConfiguredServer): string {
  const name = JSON.stringify(server.name);
  const lines =
    server.transport === 'stdio'
      ? [
          l10n.t('{0} starts: {1}', name, [server.command, ...server.args].map(shownWord).join(' ')),
          ...Object.entries(server.env).map(([variable, value]) => `    ${l10n.t('env {0}={1}', shown(variable), shown(value))}`),
        ]
      : [
          l10n.t('{0} connects to: {1}', name, shown(server.url)),
          ...Object.entries(server.headers).map(([header, value]) => `    ${l10n.t('header {0}: {1}', shown(header), shown(value))}`),
        ];
  const texts = server.transport === 'stdio' ? [server.command, ...server.args, ...Object.values(server.env)] : [server.url, ...Object.values(server.headers)];
  const sends = [...new Set(texts.flatMap((text) => [...text.matchAll(SENDS)].map((m) => `\${${m[1]}}`)))];
  if (sends.length) lines.push(`    ${l10n.t('fills in: {0}', sends.map(shown).join(', '))}`);
  return lines.join('\n');
}

/** A command's word: quoted unless plain, so where one word ends reads unambiguously. */
function shownWord(value: string): string {
  return /^[\w@%+=:,./\\${}-]+$/u.test(value) ? shown(value) : `"${shown(value.replace(/["\\]/gu, (c) => `\\${c}`))}"`;
}

/** A value as written, cut with the cut counted, nothing invisible, no link a dialog could make of it. */
function shown(value: string): string {
  const chars = Array.from(value);
  const cut = chars.length > MAX_SHOWN_VALUE ? l10n.t('… ({0} more characters)', chars.length - MAX_SHOWN_VALUE) : '';
  const kept = cut ? chars.slice(0, MAX_SHOWN_VALUE).join('') : value;
  return withoutLinks(kept.replace(HIDDEN, (c) => (c === ' ' ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`))) + cut;
}

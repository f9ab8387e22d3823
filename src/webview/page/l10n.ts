// The page's own words, translated as the host's are: `l10n.t` has the host's signature (src/contributions/l10n.ts), its
// messages sit in the same l10n/bundle.l10n.json (scripts/l10n.mjs reads this page's calls too), and the host hands the
// page VS Code's loaded bundle for the display language (`vscode.l10n.bundle`) in the HTML, read before the app starts.
// Without one (English, or a unit test) a message is its own English with its {0}-style arguments put in.

type Value = string | number | boolean;

let bundle: Readonly<Record<string, string>> = {};

/** {0} or {name} replaced by its argument, left as is without one, as VS Code formats a message. */
function format(message: string, args: ReadonlyArray<unknown> | Record<string, unknown>): string {
  const values = args as Record<string, unknown>;
  return message.replace(/\{([^}]+)\}/g, (whole, key: string) => {
    const v = values[key];
    return v === undefined || v === null ? whole : String(v);
  });
}

type Options = { message: string; args?: Value[] | Record<string, unknown>; comment: string | string[] };

/** VS Code's l10n.t in its three forms: the bundle's key is the message, or the message and its comment joined by '/'. */
function t(message: string, ...args: Value[]): string;
function t(message: string, args: Record<string, unknown>): string;
function t(options: Options): string;
function t(first: string | Options, ...rest: Value[] | [Record<string, unknown>]): string {
  const message = typeof first === 'string' ? first : first.message;
  const key = typeof first === 'string' ? first : `${first.message}/${[first.comment].flat().join('')}`;
  const args = typeof first === 'string' ? (rest.length === 1 && typeof rest[0] === 'object' && rest[0] !== null ? rest[0] : rest) : (first.args ?? []);
  return format(Object.hasOwn(bundle, key) ? (bundle[key] ?? message) : message, args);
}

export const l10n = { t };

/**
 * Takes the translations the host put in the page: a JSON object of message → translation. Anything else (no bundle,
 * bad JSON, a value that is not text) leaves the English, which is always complete.
 */
export function useBundle(json: string | undefined): void {
  if (!json) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    // VS Code's bundle gives a string, or { message, comment } where the translator had context.
    if (typeof v === 'string') out[k] = v;
    else if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') out[k] = (v as { message: string }).message;
  }
  bundle = out;
}

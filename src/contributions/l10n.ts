// User-facing text for modules that import no `vscode` (the chat core, the pure models of what is shown, the error
// wording of feedback/userErrors.ts): `l10n.t` has vscode.l10n.t's signature, and activate() hands it vscode.l10n.t,
// so a translation in l10n/bundle.l10n.<locale>.json reaches these strings too. Until then (unit tests, and a value
// computed while modules load) it gives the English message with its {0}-style arguments put in, as VS Code does for
// the default language. scripts/l10n.mjs finds these calls as it finds vscode.l10n.t's.

type Args = Array<string | number | boolean> | [Record<string, unknown>];
type Translate = {
  (message: string, ...args: Array<string | number | boolean>): string;
  (message: string, args: Record<string, unknown>): string;
  (options: { message: string; args?: Array<string | number | boolean> | Record<string, unknown>; comment: string | string[] }): string;
};

/** VS Code's formatting for the default language: {0} or {name} replaced by its argument, left as is without one. */
function english(message: string, args: Array<unknown> | Record<string, unknown>): string {
  const values = args as Record<string, unknown>;
  return message.replace(/\{([^}]+)\}/g, (whole, key: string) => {
    const v = values[key];
    return v === undefined || v === null ? whole : String(v);
  });
}

let translate: Translate | undefined;

export const l10n = {
  t: ((first: string | { message: string; args?: Array<unknown> | Record<string, unknown>; comment: string | string[] }, ...rest: Args) => {
    if (translate) return (translate as (...a: unknown[]) => string)(first, ...rest);
    if (typeof first !== 'string') return english(first.message, first.args ?? []);
    const args = rest.length === 1 && typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as Record<string, unknown>) : rest;
    return english(first, args);
  }) as Translate,
};

/** Called once by activate(): from then on every l10n.t goes through VS Code's, with this extension's bundle. */
export function useTranslator(t: Translate): void {
  translate = t;
}

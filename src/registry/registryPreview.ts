// What a registry entry will run, in one line for the picker's detail and the same-name question: its command, args
// and env. Pure. The text is the registry's, so every word is shown unambiguously (quoted when it holds anything but
// plain characters, invisible characters as `\u{…}`), bounded word by word and in count, every cut marked. Icon and
// link syntax are the caller's to break (`escapeCodicons` for the picker, `withoutLinks` for a modal): each context
// renders only one of them, and breaking the other would misquote the word.
import type { InstallPlan } from './registryEntries';

/** How much of a launch the line shows: words and variables, characters of one word or value, of the command (a path). */
export const PREVIEW_LIMITS = { words: 8, env: 8, chars: 40, command: 120 };

/** Characters that read as what they are (no quoting needed). */
const PLAIN = /^[\w@%+=:,./\\-]+$/u;
/** Controls, format characters (bidi, zero-width), separators other than a space: they would hide or blur text. */
const HIDDEN = /[\p{C}\p{Z}]/gu;

/** One word or value as it is shown: cut at `max` characters (marked "…"), quoted unless plain, nothing invisible. */
export function shownWord(value: string, max = PREVIEW_LIMITS.chars): string {
  const chars = Array.from(value);
  const cut = chars.length > max;
  const kept = cut ? chars.slice(0, max).join('') : value;
  // Quoted by the whole value: a cut must not hide that the rest holds a space or something invisible.
  const word = PLAIN.test(value)
    ? kept
    : `"${kept.replace(/["\\]/g, (c) => `\\${c}`).replace(HIDDEN, (c) => (c === ' ' ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`))}"`;
  return cut ? `${word}…` : word;
}

/** `cmd arg arg · env A=1 B=2`, at most PREVIEW_LIMITS of each, the rest counted ("+3 more"). */
export function shownCommand(words: readonly string[], env: Readonly<Record<string, string>>): string {
  const vars = Object.entries(env).map(([name, value]) => `${shownWord(name)}=${shownWord(value)}`);
  return (
    bounded(
      words.map((w, i) => shownWord(w, i === 0 ? PREVIEW_LIMITS.command : PREVIEW_LIMITS.chars)),
      PREVIEW_LIMITS.words,
    ) + (vars.length ? ` · env ${bounded(vars, PREVIEW_LIMITS.env)}` : '')
  );
}

/** The picker's line for an installable entry: what runs first (the part a narrow picker still shows), then how. */
export function planPreview(plan: InstallPlan): string {
  if (plan.kind === 'npx') return `runs ${shownCommand(['npx', `${plan.packageName}@${plan.version}`, ...plan.args], plan.env)}`;
  return `runs ${shownCommand([plan.cmd, ...plan.args], plan.env)} · downloads its ${plan.platform} build (no checksum in the registry)`;
}

/** An `acpChat.agents` entry as the user's settings hold it (unchecked), in the same words ("runs …" or "is …"). */
export function entryPreview(entry: unknown): string {
  const { command, args, env } = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
  if (typeof command !== 'string' || !command.trim()) return 'is the bundled Claude adapter';
  const words = Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [];
  const vars = env && typeof env === 'object' && !Array.isArray(env) ? Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) : {};
  return `runs ${shownCommand([command.trim(), ...words], vars as Record<string, string>)}`;
}

function bounded(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).join(' ');
  return items.length > max ? `${shown} (+${items.length - max} more)` : shown;
}

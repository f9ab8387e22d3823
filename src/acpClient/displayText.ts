// Text from the agent is untrusted: it must not smuggle control sequences or unbounded walls of text into a prompt.
// Two treatments, as in the adapter's own presentation.ts: prose is compacted and bounded; executable input (shell
// commands) and option labels are kept verbatim, because collapsing whitespace or cutting it changes what is run.

import { codePointClass, DEL_C1 } from './controlChars';

/** C0 controls except \t \n \r, DEL, C1 controls. */
const CONTROL = new RegExp(codePointClass([0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f], DEL_C1), 'gu');
/** Bidi embeddings/overrides/isolates: invisible, and able to make a command read differently than it runs. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/gu;

/** Prose: controls and bidi marks removed, whitespace collapsed to one line when `singleLine`, bounded with "…". */
export function toDisplayText(value: string, maxLength: number, singleLine = true): string {
  let text = value.replace(CONTROL, '').replace(BIDI, '');
  text = singleLine ? text.replace(/\s+/gu, ' ').trim() : text.replace(/\r\n?/gu, '\n').trim();
  return truncate(text, maxLength);
}

/**
 * Verbatim text (shell commands, option names): every character kept, in place, including quotes, runs of spaces
 * and newlines. Only characters that would otherwise be invisible are replaced by a visible escape (`\u{1b}`), so
 * what the user reads is what the agent runs; nothing is silently dropped.
 */
export function toVerbatimText(value: string): string {
  return value.replace(CONTROL, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).replace(BIDI, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Cut at `maxLength` characters (code points), marking the cut with "…". */
export function truncate(text: string, maxLength: number): string {
  const chars = Array.from(text);
  return chars.length <= maxLength ? text : chars.slice(0, Math.max(0, maxLength - 1)).join('') + '…';
}

/**
 * QuickPick labels render `$(name)` as an icon, which would hide part of a command like `echo $(whoami)`. VS Code
 * renders `\$(name)` literally (its own `escapeIcons`), so agent text in a label goes through this first.
 */
export function escapeCodicons(text: string): string {
  return text.replace(/\$\([A-Za-z0-9-]+(?:~[A-Za-z-]+)?\)/gu, (m) => `\\${m}`);
}

/**
 * Text for a notification: VS Code turns `[label](target)` in notification messages into a link, and a `command:`
 * target runs that command when clicked. Agent or registry text must not carry one, so the link syntax is broken
 * (`](` becomes `] (`); the words stay as they were.
 */
export function withoutLinks(text: string): string {
  return text.replace(/\]\s*\(/gu, '] (');
}

/**
 * Text for a quick input's prompt or validation message: VS Code renders `$(name)` there as an icon and
 * `[label](target)` as a link it opens with commands allowed, so agent text (a form field's title, description or
 * pattern) has both escaped.
 */
export function forQuickInputMessage(text: string): string {
  return escapeCodicons(withoutLinks(text));
}

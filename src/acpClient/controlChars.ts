// What counts as a control character, named once. The classes are built from code points rather than written as
// regex literals: a literal control range reads like a typo, and the linter rightly asks for one place to own them.

/** A character class of the code points `ranges` span (inclusive), for `new RegExp`. */
export function codePointClass(...ranges: Array<readonly [number, number]>): string {
  const at = (cp: number) => `\\u{${cp.toString(16)}}`;
  return `[${ranges.map(([from, to]) => (from === to ? at(from) : `${at(from)}-${at(to)}`)).join('')}]`;
}

/** C0 controls (U+0000–U+001F). */
export const C0 = [0x00, 0x1f] as const;
/** DEL and the C1 controls (U+007F–U+009F). */
export const DEL_C1 = [0x7f, 0x9f] as const;
/** ESC, BEL and CSI as regex text: the starts and ends of terminal escape sequences. */
export const ESC = '\\u{1b}';
export const BEL = '\\u{7}';
export const CSI = '\\u{9b}';

/** True when `text` holds a C0 control (tab and newline included). */
export function hasC0Control(text: string): boolean {
  return C0_PATTERN.test(text);
}

const C0_PATTERN = new RegExp(codePointClass(C0), 'u');
